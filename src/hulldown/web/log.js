// The game log as sentences, from the game's message catalog (games/<game>/messages.json).
//
// A line reads only the event's own fields, never the page's view, so it shows exactly what
// the server sent this seat. How a catalog describes an event type T:
//   log.T                 the sentence; {field} placeholders take the event's fields
//   log.T.f=v             a whole other sentence when field f has value v ("none": absent)
//   log.T.f.v, log.f.v    the words for value v of field f ("none": the field is absent)
//   log.clause.T          the rulebook clause the line links to ("5.3")
//   log.meta.dice         "d6" or "d10"; log.meta.dice-fields / log.meta.seat-fields: the
//                         fields (space separated) shown as dice faces / as a seat
// An event type without a sentence keeps the generic line, so nothing is ever dropped.
import { h } from "./dom.js";

/** @typedef {{type: string, to: unknown, step?: number, [k: string]: unknown}} LogEvent */
/** @typedef {{seat: number | null, t: (k: string, v?: object) => string, msg: (k: string, v?: object) => string, view?: {game?: string}}} LogCtx */

/** @param {LogCtx} ctx @param {string} key @returns {string | null} */
function lookup(ctx, key) {
  const s = ctx.msg(key);
  return s === key ? null : s;
}

/** @param {unknown} v */
const token = (v) => (v === undefined || v === null ? "none" : String(v));

/** @param {LogCtx} ctx @param {string} key */
const fieldList = (ctx, key) => new Set((lookup(ctx, key) || "").split(/\s+/).filter(Boolean));

/** @param {number} n @param {string} kind */
function die(n, kind) {
  return h("span", { class: `die-face ${kind}`, role: "img", "aria-label": `${kind}: ${n}`, title: `${kind}: ${n}` }, String(n));
}

/** @param {unknown} i @param {LogCtx} ctx */
function who(i, ctx) {
  if (typeof i !== "number") return String(i);
  const name = `${ctx.t("seat")} ${i}`;
  return i === ctx.seat ? `${name} (${ctx.t("you")})` : name;
}

/** The sentence's pieces for one placeholder. @param {LogEvent} e @param {string} f @param {LogCtx} ctx @param {{dice: Set<string>, seats: Set<string>, kind: string}} meta */
function fill(e, f, ctx, meta) {
  const v = e[f];
  if (!Array.isArray(v)) {
    const word = lookup(ctx, `log.${e.type}.${f}.${token(v)}`) ?? lookup(ctx, `log.${f}.${token(v)}`);
    if (word !== null) return [word];
  }
  const items = Array.isArray(v) ? v : [v];
  if (meta.dice.has(f)) return items.map((n) => die(Number(n), meta.kind));
  if (meta.seats.has(f)) return [items.map((i) => who(i, ctx)).join(", ")];
  return [items.map(token).join(", ")];
}

/** The template for an event: a value's own sentence first, else the type's. @param {LogEvent} e @param {LogCtx} ctx */
function template(e, ctx) {
  for (const [k, v] of Object.entries(e)) {
    if (k === "type" || k === "to" || k === "step" || (v !== null && typeof v === "object")) continue;
    const s = lookup(ctx, `log.${e.type}.${k}=${token(v)}`);
    if (s !== null) return s;
  }
  const base = lookup(ctx, `log.${e.type}`);
  for (const [, f] of (base || "").matchAll(/\{(\w+)\}/g)) {
    const s = f in e ? null : lookup(ctx, `log.${e.type}.${f}=none`);
    if (s !== null) return s;
  }
  return base;
}

/**
 * One log line as a sentence, or null when the catalog has none for this event type.
 * @param {LogEvent} e @param {LogCtx} ctx @param {string} gameId
 * @returns {HTMLElement | null}
 */
export function logLine(e, ctx, gameId) {
  const text = template(e, ctx);
  if (text === null) return null;
  const meta = {
    dice: fieldList(ctx, "log.meta.dice-fields"),
    seats: fieldList(ctx, "log.meta.seat-fields"),
    kind: lookup(ctx, "log.meta.dice") || "d6",
  };
  const parts = text.split(/\{(\w+)\}/).flatMap((p, i) => (i % 2 ? fill(e, p, ctx, meta) : p ? [p] : []));
  const dice = parts.some((p) => typeof p !== "string");
  const clause = lookup(ctx, `log.clause.${e.type}`);
  return h(
    "li",
    { class: `event sentence${dice ? " dice" : ""}${e.to !== "all" ? " private" : ""}`, dataset: { type: e.type } },
    h("span", { class: "step" }, `#${e.step}`),
    h("span", { class: "text" }, ...parts),
    clause
      ? h("a", { class: "clause", href: `/rules/${encodeURIComponent(gameId)}#clause-${clause}`, target: "_blank", title: `${ctx.t("rules")} §${clause}` }, `§${clause}`)
      : null,
  );
}
