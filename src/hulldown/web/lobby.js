// The lobby: create a game, hand out one invite link per seat, list games.
import { accountSeatChoices, csrfHeaders } from "./account.js";
import { h } from "./dom.js";
import { applyStatic, languageSwitch, t, tm } from "./i18n.js";
import { resultText } from "./results.js";

let catalog = { games: [] };

// The lobby's form controls by id, typed for the checker (each id is in index.html).
/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

async function api(path, init = {}) {
  const res = await fetch(path, { ...init, headers: { "Content-Type": "application/json", ...csrfHeaders(), ...(init.headers || {}) } });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail));
  return body;
}

// Each game's message catalog holds its summary, its options' labels, help and choices in the
// page's language (``game.summary``, ``option.<name>.label``, ``option.<name>.help``,
// ``option.<name>.choice.<value>``; where a key is missing, the server's English, and for a label
// the option's name). The form is drawn at once in what is at hand and its texts are put in place
// when the catalog arrives, so a choice made meanwhile is never redrawn away.
/** @type {Map<string, object>} */
const catalogs = new Map();
function helpTexts() {
  const game = currentGame();
  const messages = (game && catalogs.get(game.id)) || { en: {} };
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-help-key]"))) {
    const s = tm(messages, el.dataset.helpKey);
    const text = s === el.dataset.helpKey ? el.dataset.english : s;
    if (el.tagName === "LABEL") el.title = text;
    else el.textContent = el.tagName === "SMALL" ? ` ${text}` : text;
  }
  if (game && !catalogs.has(game.id)) {
    catalogs.set(game.id, { en: {} });
    api(`/api/catalog/${encodeURIComponent(game.id)}/messages`).then((m) => {
      catalogs.set(game.id, m);
      if (currentGame() === game) helpTexts();
    }).catch(() => {});
  }
}

function currentGame() {
  return catalog.games.find((g) => g.id === input("game-select").value);
}

function seatChoices(game) {
  const out = [["human", t("human")], ...accountSeatChoices(), ["bot:random", t("botRandom")]];
  if (game && game.agents.includes("heuristic")) out.push(["bot:heuristic", t("botHeuristic")]);
  if (catalog.agents.some((a) => a.name === "ismcts")) {
    for (const level of ["easy", "normal", "hard"]) out.push([`bot:ismcts:level=${level}`, t("botSearch", { level: t(`level_${level}`) })]);
  }
  for (const a of (game && game.agents) || []) if (!["random", "heuristic", "ismcts"].includes(a)) out.push([`bot:${a}`, `Bot: ${a}`]);
  out.push(["custom", t("botCustom")]);
  return out;
}

function drawSeats() {
  const game = currentGame();
  const box = document.getElementById("seat-rows");
  const n = Number(input("players").value);
  const prev = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const sel = h("select", { name: `seat-${i}`, id: `seat-${i}` });
    for (const [v, label] of seatChoices(game)) sel.append(new Option(label, v));
    // keep a seat's choice across games only where the new game offers it
    const offered = [...sel.options].some((o) => o.value === prev[i]);
    sel.value = offered ? prev[i] : i === 0 ? "human" : game && game.agents.includes("heuristic") ? "bot:heuristic" : "bot:random";
    const custom = h("input", { id: `seat-${i}-custom`, placeholder: "bot:ismcts:iterations=200", hidden: sel.value !== "custom" });
    sel.addEventListener("change", () => (custom.hidden = sel.value !== "custom"));
    box.append(h("label", {}, `${t("seat")} ${i} `, sel, custom));
  }
}

function drawOptions() {
  const game = currentGame();
  const box = document.getElementById("options");
  box.replaceChildren();
  const sets = (game && game.card_sets) || [];
  document.getElementById("options-box").hidden = !game || (game.options.length === 0 && sets.length === 0);
  if (!game) return;
  const summary = document.getElementById("game-summary");
  summary.dataset.helpKey = "game.summary";
  summary.dataset.english = game.summary;
  const rules = /** @type {HTMLAnchorElement} */ (document.getElementById("rules-link"));
  rules.hidden = !game.rules_url;
  if (game.rules_url) rules.href = game.rules_url;
  const learn = /** @type {HTMLAnchorElement} */ (document.getElementById("learn-link"));
  learn.hidden = !game.learn_url;
  if (game.learn_url) learn.href = game.learn_url;
  const players = input("players");
  const old = players.value;
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) players.append(new Option(String(n), String(n)));
  players.value = old && Number(old) >= game.min_players && Number(old) <= game.max_players ? old : String(game.default_players);
  for (const o of game.options) {
    let input;
    if (o.choices) {
      input = h("select", { "data-option": o.name, "data-type": o.type });
      for (const c of o.choices) {
        // a choice is sent as the API spells it and shown in the page's language
        const choice = new Option(String(c), String(c), false, c === o.default);
        Object.assign(choice.dataset, { helpKey: `option.${o.name}.choice.${c}`, english: String(c) });
        input.append(choice);
      }
    } else if (o.type === "bool") {
      input = h("input", { type: "checkbox", "data-option": o.name, "data-type": o.type, checked: o.default });
    } else {
      input = h("input", { "data-option": o.name, "data-type": o.type, value: o.default, type: o.type === "str" ? "text" : "number", min: o.min, max: o.max });
    }
    const help = { "data-help-key": `option.${o.name}.help`, "data-english": o.help };
    const label = { "data-help-key": `option.${o.name}.label`, "data-english": o.name };
    // the label is in the page's language; the name beside it is how the API and the command
    // line spell the option, the same in every language, for whoever scripts a game
    const name = h("code", { class: "muted option-name", lang: "en" }, o.name);
    box.append(h("label", help, h("span", label, o.name), " ", name, " ", input, h("small", { class: "muted", ...help })));
  }
  if (sets.length) {
    // the server's installed card sets, by name: a web game never names a file
    const sel = h("select", { id: "card-set" });
    sel.append(new Option(t("builtInCards"), ""));
    for (const name of sets) sel.append(new Option(name, name));
    box.append(h("label", {}, `${t("cardSet")} `, sel));
  }
  drawSeats();
  helpTexts();
}

async function create(ev) {
  ev.preventDefault();
  const err = document.getElementById("create-error");
  err.textContent = "";
  const n = Number(input("players").value);
  const seats = [];
  for (let i = 0; i < n; i++) {
    const v = input(`seat-${i}`).value;
    seats.push(v === "custom" ? input(`seat-${i}-custom`).value.trim() : v);
  }
  const options = {};
  for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("[data-option]"))) {
    const type = el.dataset.type;
    options[el.dataset.option] = type === "bool" ? el.checked : type === "int" ? parseInt(el.value, 10) : type === "float" ? Number(el.value) : el.value;
  }
  const clock = input("clock").value;
  const body = {
    game: input("game-select").value,
    options,
    seats,
    clock: clock ? Number(clock) : null,
    takeover: input("takeover").value.trim() || "bot:random",
    undo: input("undo").checked,
    hints: input("hints").checked,
  };
  const cardSet = input("card-set");
  if (cardSet && cardSet.value) body.card_set = cardSet.value;
  try {
    const created = await api("/api/games", { method: "POST", body: JSON.stringify(body) });
    const list = document.getElementById("invite-list");
    list.replaceChildren();
    for (const s of created.seats) {
      if (seats[s.seat] !== "human") continue;
      const url = `${location.origin}/g/${created.id}#t=${encodeURIComponent(s.token)}`;
      const input = h("input", { readonly: true, value: url, class: "invite", size: 60 });
      list.append(
        h("li", {}, `${t("seat")} ${s.seat}: `, input,
          h("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) }, t("copy")),
          h("a", { class: "button open-seat", href: url, dataset: { seat: s.seat } }, t("open"))),
      );
    }
    const spec = /** @type {HTMLAnchorElement} */ (document.getElementById("spectator-link"));
    spec.href = created.spectator_url;
    spec.textContent = created.spectator_url;
    document.getElementById("created").hidden = false;
    refresh();
  } catch (e) {
    err.textContent = t("error", { msg: e.message });
  }
}

// A seat's bot in words, as the seat choices name it ("Bot: heuristic", "Bot: Suche (ISMCTS),
// leicht"); a spec of its own as written.
function botLabel(kind) {
  const level = /^bot:ismcts:level=(easy|normal|hard)$/.exec(kind);
  if (level) return t("botSearch", { level: t(`level_${level[1]}`) });
  if (kind === "bot:random") return t("botRandom");
  if (kind === "bot:heuristic") return t("botHeuristic");
  return `Bot: ${kind.slice(4)}`;
}

function gameLine(g) {
  const name = (catalog.games.find((x) => x.id === g.game) || { name: g.game }).name;
  const seats = g.seats.map((s) => (s.kind === "human" ? t("human") : botLabel(s.kind))).join(" · ");
  const seatName = (i) => {
    const kind = g.seats[i] ? g.seats[i].kind : "human";
    return `${t("seat")} ${i}` + (kind === "human" ? "" : ` (${botLabel(kind)})`);
  };
  const res = g.returns ? ` — ${resultText(g.returns, seatName)}` : "";
  return h("li", {}, h("b", {}, name), ` (${seats}), ${g.steps} ▸${res} `,
    h("a", { href: g.spectator_url }, g.status === "finished" ? t("replay") : t("watch")));
}

async function refresh() {
  const lists = await api("/api/games");
  for (const k of ["open", "running", "finished"]) {
    const ul = document.getElementById(`list-${k}`);
    ul.replaceChildren(...(lists[k].length ? lists[k].map(gameLine) : [h("li", { class: "muted" }, t("none"))]));
  }
}

async function main() {
  document.getElementById("lang-slot").append(languageSwitch(() => { drawOptions(); refresh(); }));
  applyStatic();
  catalog = await api("/api/catalog");
  const sel = document.getElementById("game-select");
  for (const g of catalog.games) sel.append(new Option(g.name, g.id));
  sel.addEventListener("change", drawOptions);
  document.getElementById("players").addEventListener("change", drawSeats);
  document.getElementById("new-game").addEventListener("submit", create);
  document.getElementById("refresh").addEventListener("click", refresh);
  drawOptions();
  await refresh();
  document.body.dataset.ready = "1";
}

main();
