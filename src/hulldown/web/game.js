// The game page: one seat's view (or the spectator's), kept live over a websocket.
// The seat token comes from the link's #fragment, which browsers never send to a
// server; it goes out only in the Authorization header and the websocket query.
import { decisionPanel } from "./decision.js";
import { h } from "./dom.js";
import { hintButton, repaint, whyLinks } from "./hints.js";
import { applyStatic, languageSwitch, t, tm } from "./i18n.js";
import { rendererFor } from "./render.js";
import { resultText } from "./results.js";
import { reviewTools } from "./review.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const token = new URLSearchParams(location.hash.slice(1)).get("t");
let view = null;
let catalog = null;
let renderer = null;
let ws = null;
let retry = 0;
let busy = false;
let replayAt = 0;
let replayTotal = 0;

const $ = (id) => document.getElementById(id);

// An error answer of the API: its one-line detail and its HTTP status.
class ApiFailure extends Error {
  /** @param {string} message @param {number} status */
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function api(path, init = {}) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  else {
    // an account's seat opens with its session cookie; writes echo the csrf cookie
    const csrf = document.cookie.match(/(?:^|;\s*)csrf=([^;]+)/);
    if (csrf) headers["X-CSRF-Token"] = decodeURIComponent(csrf[1]);
  }
  const res = await fetch(path, { ...init, headers });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    throw new ApiFailure(typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail), res.status);
  }
  return body;
}

function seatName(i) {
  if (i === null || i === undefined) return "";
  const s = view.seats[i];
  let name = `${t("seat")} ${i}`;
  if (i === view.seat) name += ` (${t("you")})`;
  else if (s && s.controller !== "human") name += ` (${t("bot")} ${s.controller.slice(4)})`;
  return name;
}

let cards = new Map();
let messages = { en: {} };
// A key of this game's message catalog in the chosen language (renderers: ctx.msg).
const msg = (key, vars = {}) => tm(messages, key, vars);
// An action's text: its message from the catalog, so labels follow the language switch.
// The keys of this game's catalog that start with ``prefix`` (a renderer's glossary, for one).
const keys = (prefix) => Object.keys(messages.en).filter((k) => k.startsWith(prefix));
const actionText = (a) => (a.message && messages.en[a.message.key] !== undefined ? msg(a.message.key, a.message.args) : a.label);

// What a renderer gets: the seat, the legal actions and a way to take one, so cards can be
// clicked; the replay viewer passes no actions.
function ctx(v) {
  const retell = () => {
    if (view === v && !v.over && v.legal_actions.length) paintDecision(v);
  };
  return { seat: v.seat, players: v.players, view: v, t, msg, keys, actionText, cards, actions: v.legal_actions, act: (id) => act(id), retell };
}

// The game log arrives in pieces: a view carries its entries from ``log_from`` on, and
// within one ``log_epoch`` the log only grows (an undo, or the server reloading the game,
// starts another epoch, which comes whole). ``logCopy`` is this page's copy.
let logCopy = [];
let logEpoch = null;

// Joins a view's piece of the log to the copy; false when it cannot be joined (a gap).
function mergeLog(v) {
  const stale = view !== null && v.version < view.version;
  if (v.log_epoch !== logEpoch) {
    if (stale) return true; // an old push from before the epoch changed: nothing to keep
    if (v.log_from !== 0) return false;
    logCopy = v.log;
    logEpoch = v.log_epoch;
    return true;
  }
  if (v.log_from > logCopy.length) return stale;
  if (v.log_from + v.log.length > logCopy.length) logCopy = logCopy.slice(0, v.log_from).concat(v.log);
  return true;
}

// What the page already holds, so an answer carries only the newer log entries.
const logQuery = () => (logEpoch === null ? "" : `?log_from=${logCopy.length}&log_epoch=${logEpoch}`);

async function refetch() {
  logEpoch = null;
  show(await api(`/api/games/${gameId}/view`));
}

// The dice of new log lines roll in: lines past those the page showed before this version.
// The same version drawn again at once (an answer and its push) rolls them again, since the
// redraw replaced them; later (a language switch) nothing moves. The CSS keeps still for a
// reader who asked for reduced motion.
let logShown = { version: -1, before: -1, count: -1, at: 0 };
function rollNewDice(v, entries) {
  const again = v.version === logShown.version;
  if (!again) logShown = { version: v.version, before: logShown.count, count: entries.length, at: performance.now() };
  const from = logShown.before;
  if (from < 0 || entries.length <= from || (again && performance.now() - logShown.at > 500)) return;
  for (const li of entries.slice(from)) for (const d of li.querySelectorAll(".die-face")) d.classList.add("anim-roll");
}

function show(v) {
  if (!mergeLog(v)) {
    refetch().catch((e) => say(t("error", { msg: e.message })));
    return;
  }
  if (view && v.version < view.version) return; // an older push arriving late
  v.log = logCopy; // the whole log from here on, so showing this view again adds nothing
  v.log_from = 0;
  view = v;
  repaint({ api, gameId, view: v, actionText, seatName }, $("hints"), $("why"));
  document.title = `${v.name} — hulldown`;
  $("game-name").textContent = v.name;
  $("who").textContent = v.seat === null ? t("spectating") : t("playingAs", { seat: v.seat });
  // the decision
  const actions = $("actions");
  actions.replaceChildren();
  const status = $("status");
  if (v.over) {
    status.textContent = `${t("gameOver")} — ${resultText(v.returns, seatName, v.seat)}`;
    status.dataset.state = "over";
  } else if (v.legal_actions.length) {
    status.dataset.state = "decide";
    paintDecision(v);
  } else {
    status.textContent = (renderer.statusText && renderer.statusText(v.observation, ctx(v))) || t("waitingFor", { who: seatName(v.current_player) });
    status.dataset.state = "wait";
  }
  $("clock").textContent = v.clock ? t("clockLeft", { who: seatName(v.clock.seat), s: Math.ceil(v.clock.remaining) }) : "";
  // a bot that failed is never hidden: every seat and spectator reads it here
  $("bot-notices").textContent = (v.bot_fallbacks || [])
    .map((f) => t("botFallback", { who: seatName(f.seat), n: f.count, reason: f.reason }))
    .join(" ");
  // seat tools: undo, leave/return, rematch
  const tools = $("seat-tools");
  tools.replaceChildren();
  if (v.seat !== null) {
    if (v.can_undo) tools.append(h("button", { id: "undo", onclick: undo }, t("undo")));
    const hint = hintButton({ api, gameId, view: v, actionText }, $("hints"));
    if (hint) tools.append(hint);
    const me = v.seats[v.seat];
    if (!v.over && me.kind === "human") {
      tools.append(me.controller === "human"
        ? h("button", { id: "leave", onclick: () => control("bot") }, t("leave"))
        : h("button", { id: "come-back", onclick: () => control("human") }, t("comeBack")));
    }
    if (v.over && !v.rematch) tools.append(h("button", { id: "rematch", onclick: rematch }, t("rematch")));
  }
  if (v.rematch && v.rematch.token) {
    tools.append(h("a", { class: "button", id: "rematch-link", href: `/g/${v.rematch.id}#t=${encodeURIComponent(v.rematch.token)}` }, t("rematchReady")));
  } else if (v.rematch) {
    tools.append(h("a", { class: "button", href: `/g/${v.rematch.id}` }, t("rematch")));
  }
  // seats and board
  $("seats").replaceChildren(...v.seats.map((s) => h("span", {
    class: `seat-chip${s.seat === v.current_player ? " current" : ""}${s.seat === v.seat ? " mine" : ""}`,
  }, seatName(s.seat), " ", h("small", {}, s.controller === "human" ? (s.online ? t("online") : t("offline")) : ""))));
  $("board").replaceChildren(renderer.render(v.observation, ctx(v)));
  // the log, newest last
  const log = $("log");
  const entries = v.log.map((e) => renderer.formatEvent(e, ctx(v)));
  rollNewDice(v, entries);
  whyLinks({ api, gameId, view: v, actionText, seatName }, entries, $("why"));
  log.replaceChildren(...entries);
  log.scrollTop = log.scrollHeight;
  if (v.over && $("replay").hidden) startReplay();
  document.body.dataset.version = String(v.version);
  document.body.dataset.over = String(v.over);
}

// The decision panel (decision.js); the board calls it again when its selection changes the
// question (ctx.retell).
function paintDecision(v) {
  const { prompt, buttons } = decisionPanel(renderer, v, ctx(v), act);
  $("status").textContent = prompt;
  $("actions").replaceChildren(...buttons);
}

function say(msg) {
  $("message").textContent = msg;
}

async function post(path, body) {
  if (busy) return;
  busy = true;
  say("");
  try {
    show(await api(path + logQuery(), { method: "POST", body: JSON.stringify(body) }));
  } catch (e) {
    if (e.status === 409) {
      say(t("stale"));
      show(await api(`/api/games/${gameId}/view${logQuery()}`));
    } else if (e.status === 422) say(t("illegal", { msg: e.message }));
    else say(t("error", { msg: e.message }));
  } finally {
    busy = false;
  }
}

const act = (id) => post(`/api/games/${gameId}/actions`, { action: id, version: view.version });
const undo = () => post(`/api/games/${gameId}/undo`, { version: view.version });
const control = (by) => post(`/api/games/${gameId}/control`, { by });

async function rematch() {
  try {
    const r = await api(`/api/games/${gameId}/rematch`, { method: "POST" });
    location.href = `/g/${r.id}${r.token ? `#t=${encodeURIComponent(r.token)}` : ""}`;
  } catch (e) {
    say(t("error", { msg: e.message }));
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  ws = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws${q}`);
  ws.onopen = () => {
    retry = 0;
    $("conn").textContent = t("connected");
    $("conn").dataset.state = "up";
  };
  ws.onmessage = (m) => show(JSON.parse(m.data));
  ws.onclose = () => {
    $("conn").textContent = t("disconnected");
    $("conn").dataset.state = "down";
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 250 * 2 ** retry);
  };
}

let replayAsked = 0;

async function replayTo(n) {
  const asked = ++replayAsked;
  const r = await api(`/api/games/${gameId}/replay?upto=${Math.max(0, n)}`);
  if (asked !== replayAsked) return; // a later click has been answered or is on its way
  replayAt = r.upto;
  replayTotal = r.decisions;
  $("rp-step").textContent = t("step", { n: r.upto, total: r.decisions });
  const c = { seat: null, players: view.players, view, t, msg, keys, actionText, cards, actions: [], act: () => {} };
  $("replay-board").replaceChildren(renderer.render(r.observation, c));
  $("replay-log").replaceChildren(...r.log.map((e) => renderer.formatEvent(e, c)));
  paintReview();
}

// "Check this move": the decision made from the position shown (none after the last).
function paintReview() {
  reviewTools({ api, gameId, actionText }, replayAt, replayTotal, $("rp-check"), $("rp-review"));
}

function startReplay() {
  $("replay").hidden = false;
  $("rp-first").onclick = () => replayTo(0);
  $("rp-prev").onclick = () => replayTo(replayAt - 1);
  // the server clamps ``upto`` to the game's length, so "next" and "last" work even before
  // the first answer has told this page how long the game is
  $("rp-next").onclick = () => replayTo(replayAt + 1);
  $("rp-last").onclick = () => replayTo(1000000);
  replayTo(0);
}

async function main() {
  $("lang-slot").append(
    languageSwitch(() => {
      if (view) show(view);
      if (!$("replay").hidden) paintReview();
    }),
  );
  applyStatic();
  catalog = await api("/api/catalog");
  const first = await api(`/api/games/${gameId}/view`);
  const info = catalog.games.find((g) => g.id === first.game);
  if (info && info.rules_url) {
    const rules = /** @type {HTMLAnchorElement} */ ($("rules-link"));
    rules.href = info.rules_url;
    rules.hidden = false;
  }
  renderer = await rendererFor(first.game, info && info.renderer);
  messages = await api(`/api/catalog/${encodeURIComponent(first.game)}/messages`).catch(() => messages);
  if (info && info.renderer) {
    const db = await api(`/api/games/${gameId}/cards`).catch(() => ({ cards: [] }));
    // by name, and by "<deck>/<name>" where decks share names with different values
    for (const c of db.cards) {
      if (c.deck) cards.set(`${c.deck}/${c.name}`, c);
      if (c.id) cards.set(`id:${c.id}`, c);
      if (!cards.has(c.name)) cards.set(c.name, c);
    }
  }
  show(first);
  connect();
  setInterval(() => {
    if (view && view.clock) {
      view.clock.remaining = Math.max(0, view.clock.remaining - 1);
      $("clock").textContent = t("clockLeft", { who: seatName(view.clock.seat), s: Math.ceil(view.clock.remaining) });
    }
  }, 1000);
  document.body.dataset.ready = "1";
}

main().catch((e) => say(t("error", { msg: e.message })));
