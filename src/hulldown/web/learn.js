// A tutorial: one scripted turn, made move by move on the game's own board. The server
// holds the lesson; this page sends the action clicked and shows what comes back: the
// next step, or why the move clicked is not this step's (nothing is changed then).
import { decisionPanel } from "./decision.js";
import { applyStatic, currentLang, languageSwitch, t, tm } from "./i18n.js";
import { rendererFor } from "./render.js";

const game = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
let view = null;
let renderer = null;
let messages = { en: {} };
let busy = false;
const cards = new Map();

const $ = (id) => document.getElementById(id);
const say = (m) => { $("message").textContent = m; };
// a text the server sends in both languages: the one chosen
const tr = (texts) => (texts ? texts[currentLang()] || texts.en : "");
const msg = (key, vars = {}) => tm(messages, key, vars);
const actionText = (a) => (a.message && messages.en[a.message.key] !== undefined ? msg(a.message.key, a.message.args) : a.label);

async function api(path, init = {}) {
  const res = await fetch(path, { ...init, headers: { "Content-Type": "application/json" } });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail));
  return body;
}

function ctx(v) {
  const keys = (prefix) => Object.keys(messages.en || {}).filter((k) => k.startsWith(prefix));
  // the board's selection changes the question: the panel is asked again
  const retell = () => {
    if (view === v) paintDecision(v);
  };
  return { seat: v.seat, players: v.players, view: v, t, msg, keys, actionText, cards, actions: v.legal_actions, act: (id) => move(id), retell };
}

// The decision panel as on the game page (decision.js): on a board game, a sentence and the
// choices that have no place on the board; the step's instruction says which move to make.
function paintDecision(v) {
  const { prompt, buttons } = v.legal_actions.length ? decisionPanel(renderer, v, ctx(v), move) : { prompt: "", buttons: [] };
  $("status").textContent = prompt;
  $("actions").replaceChildren(...buttons);
}

function show(v) {
  view = v;
  document.title = `${tr(v.title)} — hulldown`;
  $("game-name").textContent = v.name;
  $("lesson-title").textContent = tr(v.title);
  $("lesson-intro").textContent = tr(v.intro);
  $("lesson-intro").hidden = v.step > 1;
  const step = v.instruction;
  $("lesson-step").textContent = v.done ? "" : t("learnStep", { n: v.step, total: v.steps });
  $("lesson-do").textContent = step ? tr(step.do) : "";
  $("lesson-why").textContent = step ? tr(step.why) : "";
  $("lesson-why-box").hidden = !step;
  const clause = /** @type {HTMLAnchorElement} */ ($("lesson-clause"));
  clause.hidden = !(step && step.clause_url);
  if (step && step.clause_url) {
    clause.href = step.clause_url;
    clause.textContent = t("learnClause", { clause: step.clause });
    clause.dataset.clause = step.clause;
  }
  $("lesson-wrong").hidden = !v.wrong;
  $("lesson-wrong-text").textContent = tr(v.wrong);
  $("lesson-done").hidden = !v.done;
  $("lesson-finish").textContent = tr(v.finish);
  $("board").replaceChildren(renderer.render(v.observation, ctx(v)));
  paintDecision(v);
  $("log").replaceChildren(...v.log.map((e) => renderer.formatEvent(e, ctx(v))));
  document.body.dataset.step = String(v.step);
  document.body.dataset.version = String(v.version);
  document.body.dataset.done = String(v.done);
  document.body.dataset.wrong = String(Boolean(v.wrong));
}

async function move(id) {
  if (busy || !view) return;
  busy = true;
  say("");
  try {
    show(await api(`/api/learn/${view.id}/move`, { method: "POST", body: JSON.stringify({ action: id }) }));
    // a wrong move answers with the same version: say so again even if it was shown before
    document.body.dataset.answers = String(Number(document.body.dataset.answers || 0) + 1);
  } catch (e) {
    say(t("error", { msg: e.message }));
  } finally {
    busy = false;
  }
}

async function start() {
  const v = await api(`/api/learn/${encodeURIComponent(game)}`, { method: "POST" });
  cards.clear();
  for (const c of v.cards || []) {
    if (c.deck) cards.set(`${c.deck}/${c.name}`, c);
    if (c.id) cards.set(`id:${c.id}`, c);
    if (!cards.has(c.name)) cards.set(c.name, c);
  }
  show(v);
}

async function main() {
  $("lang-slot").append(languageSwitch(() => view && show(view)));
  applyStatic();
  const catalog = await api("/api/catalog");
  const info = catalog.games.find((g) => g.id === game);
  if (info && info.rules_url) {
    const rules = /** @type {HTMLAnchorElement} */ ($("rules-link"));
    rules.href = info.rules_url;
    rules.hidden = false;
  }
  renderer = await rendererFor(game, info && info.renderer);
  messages = await api(`/api/catalog/${encodeURIComponent(game)}/messages`).catch(() => messages);
  $("lesson-again").onclick = () => start().catch((e) => say(t("error", { msg: e.message })));
  await start();
  document.body.dataset.ready = "1";
}

main().catch((e) => say(t("error", { msg: e.message })));
