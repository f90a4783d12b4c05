// Pieces the card-game renderers share: a card, a face-down card, a pile, a zone, and
// cards that can be clicked to take the legal actions that concern them. A card with
// one action takes it on click; a card with several opens a small menu of them, so
// the same decision is reachable from the card and from the decision panel.
import { h } from "../dom.js";
import { zoomable } from "./zoom.js";

export { clauseOf, infoButton, inspectable, openZoom, ruleLink } from "./zoom.js";

// The legal actions whose structured payload ({kind, ...fields}, from the game's actions
// module) passes ``test``: renderers read what an action is here, never out of its id.
export function actionsWhere(ctx, test) {
  return (ctx.actions || []).filter((a) => a.payload && test(a.payload, a));
}

export function idsMatching(ctx, test) {
  return (ctx.actions || []).filter((a) => test(a.id.split(":"), a.id));
}

function closeMenus() {
  for (const m of document.querySelectorAll(".card-menu")) m.remove();
}

// Makes `el` a control for `actions` ([{id, label}]); does nothing without actions.
export function clickable(el, actions, ctx, labelOf = (a) => a.label) {
  if (!actions.length) return el;
  el.classList.add("can-act");
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.dataset.actions = actions.map((a) => a.id).join(" ");
  el.title = actions.map(labelOf).join("\n");
  const open = (ev) => {
    ev.stopPropagation();
    if (actions.length === 1) {
      closeMenus();
      ctx.act(actions[0].id);
      return;
    }
    const had = el.querySelector(".card-menu");
    closeMenus();
    if (had) return;
    el.append(
      h(
        "div",
        { class: "card-menu", role: "menu" },
        actions.map((a) =>
          h("button", { class: "action", role: "menuitem", dataset: { action: a.id }, onclick: (e) => { e.stopPropagation(); closeMenus(); ctx.act(a.id); } }, labelOf(a)),
        ),
      ),
    );
  };
  el.addEventListener("click", open);
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") open(ev);
  });
  return el;
}

document.addEventListener("click", closeMenus);

export function marker(text, kind = "", title = "") {
  return h("span", { class: `mk ${kind}`, title: title || text }, text);
}

export function stat(label, value, title = "") {
  if (value === undefined || value === null || value === "") return null;
  return h("span", { class: "st", title: title || label, dataset: { label, value: String(value) } }, h("small", {}, label), String(value));
}

// A face-up card: a coloured band with its type, the name, a row of stats, markers.
// Given ``ctx`` the card can be inspected (zoom.js): ``rule`` names its kind in the game's
// clause map, ``details`` adds [label, value] rows the face has no room for. Names come
// from the card database as printed and are marked as English; a text is the catalog's
// ``textKey`` (``card.<id>.text``) in the page's language where the catalog has it, else the
// database's English ``text``, marked as such; a ``text`` the page made in its own language
// (from the catalog's templates) comes with ``textLang`` null. ``says`` are sentences in the
// page's language that the zoom adds: what each printed value does in play.
export function card({ name, type = "", tone = "", stats = [], markers = [], text = "", textKey = "", textLang = "en", extra = "", ctx = null, rule = "", details = [], says = [] }) {
  const own = textKey ? cardText(ctx, textKey, text) : { text, lang: textLang };
  // a long word is set smaller, so that a name never breaks mid-word ("Reinforcements")
  const longest = Math.max(0, ...String(name).split(/[\s/]+/).map((w) => w.length));
  const size = longest > 14 ? " longest" : longest > 11 ? " long" : longest > 8 ? " longish" : "";
  const el = h(
    "div",
    { class: `gc ${tone}${extra ? ` ${extra}` : ""}`, dataset: { card: name } },
    h("div", { class: "gc-band" }, type),
    h("div", { class: `gc-name${size}`, lang: "en" }, String(name).replace(/\//g, "/\u200b")), // "/": a place to wrap
    stats.some(Boolean) ? h("div", { class: "gc-stats" }, stats) : null,
    own.text ? h("div", { class: "gc-text", lang: own.lang }, own.text) : null,
    markers.some(Boolean) ? h("div", { class: "gc-markers" }, markers) : null,
  );
  if (ctx) zoomable(el, { name, type, stats: stats.filter(Boolean), markers: markers.filter(Boolean), text: own.text, textLang: own.lang, rule, details, says }, ctx);
  return el;
}

// A card's text in the page's language: the catalog's ``key`` where it has one, else the
// card data's English ``english`` (``lang`` "en", so that it is read as English).
export function cardText(ctx, key, english) {
  const said = ctx && key ? ctx.msg(key) : key;
  return key && said !== key ? { text: said, lang: null } : { text: english, lang: "en" };
}

// A card's effect in words from the catalog's ``effect.<kind>`` template and the card's own
// values, for card sets whose data names an effect but prints no text (2GM support cards).
export function effectText(ctx, info) {
  if (!info || !info.effect) return "";
  const key = `effect.${info.effect}`;
  const said = ctx.msg(key, info);
  return said === key ? "" : said;
}

// The catalog's text for ``<prefix>.<word>`` (a phase, a reason a game ended), else the
// observation's own word: observations speak English, pages the reader's language.
export function catalogText(ctx, prefix, word) {
  const said = ctx.msg(`${prefix}.${word}`);
  return said === `${prefix}.${word}` ? word : said;
}

export const phaseName = (ctx, phase) => catalogText(ctx, "phase", phase);

export function facedown({ label = "", markers = [], extra = "" } = {}) {
  return h(
    "div",
    { class: `gc facedown${extra ? ` ${extra}` : ""}` },
    h("div", { class: "gc-back" }, label),
    markers.some(Boolean) ? h("div", { class: "gc-markers" }, markers) : null,
  );
}

// A stack of cards shown as its size, with the top card if known.
export function pile(title, count, top = null) {
  return h(
    "div",
    { class: "pile" },
    h("div", { class: `pile-stack${count ? "" : " empty"}` }, top || h("span", { class: "pile-count" }, String(count))),
    h("div", { class: "pile-label" }, `${title} (${count})`),
  );
}

export function zone(title, children, extra = "") {
  const list = children.filter(Boolean);
  return h(
    "section",
    { class: `zone-row${extra ? ` ${extra}` : ""}` },
    h("h4", {}, title),
    h("div", { class: "zone-cards" }, list.length ? list : h("span", { class: "muted" }, "—")),
  );
}

// Names counted ("Panther ×2"), for long public piles shown compactly.
export function counted(names) {
  const m = new Map();
  for (const n of names) m.set(n, (m.get(n) || 0) + 1);
  return [...m.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}

export function slug(name) {
  return String(name).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

// The status line's sentence: the catalog's ``status.you.<what>`` or ``status.other.<what>``,
// else the game's general one for that side.
export function statusSentence(ctx, mine, what, args) {
  const key = `status.${mine ? "you" : "other"}.${what}`;
  const said = ctx.msg(key, args);
  return said === key ? ctx.msg(mine ? "status.you.any" : "status.other.any", args) : said;
}

// The observation this page drew last for the same seat in a live game (null the first time
// and in the replay), so a page can show what changed moving; ``obs`` becomes the last. The
// same version drawn again at once (the answer to one's action and its push both arrive)
// gets the same observation before it, so its motion survives the redraw; later (the language
// switch) it gets null and nothing moves.
const FRESH_MS = 500;
const drawn = new Map();
export function drawnBefore(obs, ctx) {
  const live = ctx.actions === (ctx.view && ctx.view.legal_actions);
  const key = `${ctx.seat}:${live}`;
  const last = drawn.get(key);
  const version = ctx.view && ctx.view.version !== undefined ? ctx.view.version : null;
  if (last && last.version === version && version !== null) {
    return live && performance.now() - last.at < FRESH_MS ? last.before : null;
  }
  drawn.set(key, { obs, before: last ? last.obs : null, version, at: performance.now() });
  return last && live ? last.obs : null;
}
