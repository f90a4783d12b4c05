// A card seen up close: its whole text, every stat under its full name, the rulebook's
// abbreviations spelled out from the game's glossary (the catalog's ``glossary.<term>`` keys),
// and a link to the clause that governs it. Cards are small so that a table fits a phone;
// this is where nothing is cut short. It opens from the card's "i" button (keyboard), a click
// on a card that takes no action, a long press (touch), and, as a preview, on hover where the
// pointer can hover; the key I opens the piece or card that has the focus (a lit target
// included). Esc, the close button or a click beside it closes it.
import { h } from "../dom.js";
import { t } from "../i18n.js";

// Which clause of docs/rules/<game>.md governs a kind of card or a phase, per game:
// {game: {card: {key: clause}, phase: {name: clause}}} (tests/web check every clause exists).
/** @type {Record<string, Record<string, Record<string, string>>>} */
const CLAUSES = await fetch("/static/games/clauses.json")
  .then((r) => (r.ok ? r.json() : {}))
  .catch(() => ({}));

// The clause that governs ``key`` of the ``map`` ("card" or "phase") of the game shown, or null.
export function clauseOf(ctx, map, key) {
  const game = ctx && ctx.view ? ctx.view.game : null;
  const table = (game && CLAUSES[game] && CLAUSES[game][map]) || {};
  return table[key] || null;
}

// A link to the clause of the rules page that governs ``key``, or null where none is declared.
export function ruleLink(ctx, map, key) {
  const clause = clauseOf(ctx, map, key);
  if (!clause) return null;
  const href = `/rules/${encodeURIComponent(ctx.view.game)}#clause-${clause}`;
  return h("a", { class: "rule-link", href, target: "_blank", rel: "noopener", title: t("learnClause", { clause }) }, `§${clause}`);
}

// The glossary terms that occur in ``texts``, as [term, meaning] (whole words, case as printed).
export function termsIn(ctx, texts) {
  const keys = ctx.keys ? ctx.keys("glossary.") : [];
  const joined = texts.filter(Boolean).join(" \n ");
  const found = [];
  for (const key of keys) {
    const term = key.slice("glossary.".length);
    const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (new RegExp(`(^|[^\\w])${escaped}(?![\\w])`).test(joined)) found.push([term, ctx.msg(key)]);
  }
  return found;
}

let box = null;
let opener = null;
/** @type {WeakMap<Element, () => void>} how each inspectable card or piece opens up close */
const openers = new WeakMap();
let hoverTimer = 0; // a hover preview on its way; a zoom opened or closed by the reader cancels it

function close() {
  clearTimeout(hoverTimer);
  if (!box || box.hidden) return;
  box.hidden = true;
  box.classList.remove("peek");
  if (opener && document.contains(opener) && !box.dataset.peeked) opener.focus();
  opener = null;
}

function ensureBox() {
  if (box) return box;
  box = h("div", { id: "card-zoom", class: "cz-back", hidden: true, onclick: (e) => { if (e.target === box) close(); } });
  document.body.append(box);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") close();
  });
  return box;
}

// The key I opens up close what has the focus: a card, a board piece, a lit hex or space
// with a unit on it. A board piece's Enter is its move, so this is the keyboard's zoom.
function openFocused(e) {
  if (e.key !== "i" || e.ctrlKey || e.metaKey || e.altKey) return;
  /** @type {Element | null} */
  let el = document.activeElement;
  if (!el || el.closest("input, textarea, select, [contenteditable='true']")) return;
  for (; el && el !== document.body; el = el.parentElement) {
    const open = openers.get(el);
    if (open) {
      e.preventDefault();
      open();
      return;
    }
  }
}
document.addEventListener("keydown", openFocused);

function body(spec, ctx) {
  const stats = spec.stats.map((s) => [s.title || s.dataset.label, s.dataset.value, s.dataset.label]);
  const rows = [...stats, ...spec.details.map(([label, value]) => [label, value, ""])];
  const marks = spec.markers.map((m) => (m.title && m.title !== m.textContent ? `${m.textContent}: ${m.title}` : m.textContent));
  const terms = termsIn(ctx, [spec.type, spec.text, ...spec.markers.map((m) => m.textContent), ...spec.details.map((d) => String(d[1]))]);
  const link = spec.rule ? ruleLink(ctx, "card", spec.rule) : null;
  return [
    h("button", { class: "cz-close", type: "button", "aria-label": t("close"), onclick: close }, "×"),
    h("p", { class: "cz-type" }, spec.type),
    h("h3", { id: "cz-title", lang: "en" }, spec.name),
    rows.length ? h("dl", { class: "cz-stats" }, rows.flatMap(([label, value]) => [h("dt", {}, label), h("dd", {}, String(value))])) : null,
    spec.text ? h("p", { class: "cz-text", lang: spec.textLang === undefined ? "en" : spec.textLang }, spec.text) : null,
    spec.says && spec.says.length ? h("ul", { class: "cz-says" }, spec.says.map((s) => h("li", {}, s))) : null,
    marks.length ? h("ul", { class: "cz-marks" }, marks.map((m) => h("li", {}, m))) : null,
    terms.length ? h("h4", {}, t("abbreviations")) : null,
    terms.length ? h("dl", { class: "cz-terms" }, terms.flatMap(([term, meaning]) => [h("dt", { lang: "en" }, term), h("dd", {}, meaning)])) : null,
    link ? h("p", { class: "cz-rule" }, t("governedBy"), " ", link) : null,
  ];
}

// Shows ``spec`` (what card() drew) up close; ``peek`` is the hover preview, which takes no focus.
export function openZoom(spec, ctx, from, peek = false) {
  const b = ensureBox();
  if (peek && !b.hidden && !b.classList.contains("peek")) return; // a zoom the reader opened stays
  const panel = h("div", { class: "cz", role: "dialog", "aria-modal": peek ? "false" : "true", "aria-labelledby": "cz-title" }, body(spec, ctx));
  if (!peek) clearTimeout(hoverTimer);
  b.replaceChildren(panel);
  b.classList.toggle("peek", peek);
  b.dataset.peeked = peek ? "1" : "";
  b.hidden = false;
  opener = from;
  if (!peek) /** @type {HTMLElement} */ (panel.querySelector(".cz-close")).focus();
}

const HOVER = typeof matchMedia === "function" && matchMedia("(hover: hover) and (pointer: fine)").matches;

// The "i" button that opens ``spec`` up close: a keyboard's way to a card or a board piece.
export function infoButton(spec, ctx, from = null) {
  const label = t("showCard", { name: spec.name });
  const info = h("button", { class: "gc-info", type: "button", "aria-label": label, title: label }, "i");
  info.addEventListener("click", (e) => { e.stopPropagation(); openZoom(spec, ctx, from || info); });
  info.addEventListener("keydown", (e) => e.stopPropagation()); // Enter opens the zoom, not the piece's action
  return info;
}

// A long press (touch) on ``el`` opens the zoom; the click that ends the press is not a move.
function longPress(el, open) {
  let timer = 0;
  let pressed = false;
  el.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    pressed = false;
    timer = window.setTimeout(() => { pressed = true; open(); }, 500);
  });
  for (const ev of ["pointerup", "pointercancel", "pointermove"]) el.addEventListener(ev, () => clearTimeout(timer));
  el.addEventListener("click", (e) => {
    if (!pressed) return;
    pressed = false;
    e.stopImmediatePropagation();
  }, true);
  el.addEventListener("contextmenu", (e) => { if (pressed) e.preventDefault(); });
}

// Makes a card inspectable (see the module comment); its actions, if any, keep the plain click.
export function zoomable(el, spec, ctx) {
  const open = (peek = false) => openZoom(spec, ctx, el, peek);
  el.append(infoButton(spec, ctx, el));
  el.classList.add("zoomable");
  longPress(el, open);
  openers.set(el, () => open());
  el.addEventListener("click", (e) => {
    // a card that is a control (selected by a click) or inside one (a formation deck's face-up
    // top card) leaves the click to it
    if (!el.closest(".can-act, [role='button']")) { e.stopPropagation(); open(); }
  }, true);
  hoverPreview(el, open);
  return el;
}

// Where the pointer can hover, resting on ``el`` shows it up close as a preview in the corner.
function hoverPreview(el, open) {
  if (!HOVER) return;
  el.addEventListener("mouseenter", () => {
    clearTimeout(hoverTimer);
    // a piece that a new view has redrawn meanwhile is gone, and its mouseleave never comes
    hoverTimer = window.setTimeout(() => { if (el.isConnected && el.matches(":hover")) open(true); }, 450);
  });
  el.addEventListener("mouseleave", () => {
    clearTimeout(hoverTimer);
    if (box && box.classList.contains("peek")) close();
  });
}

// A piece of a board (a tank, a unit, a terrain card) seen up close like a card: a long press
// opens it, and so do a click and Enter when ``idle`` (it offers nothing to do: a piece with
// actions keeps its click for them, and its "i" button or the facts line under the board for
// the zoom), the key I when it has the focus, and a hover shows it as a preview. Works on SVG
// as on HTML.
export function inspectable(el, spec, ctx, idle) {
  const open = () => openZoom(spec, ctx, el);
  longPress(el, open);
  openers.set(el, open);
  hoverPreview(el, (peek = false) => openZoom(spec, ctx, el, peek));
  el.classList.add("zoomable");
  if (!idle) return el;
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", t("showCard", { name: spec.name }));
  el.addEventListener("click", (e) => { e.stopPropagation(); open(); });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); open(); }
  });
  return el;
}
