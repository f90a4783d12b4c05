// Odds shown before an attack. The server puts them in the payload of the seat's own
// attack actions (docs/web.md, "Odds shown before an attack"), computed from the rules for
// what the seat may know; here they become one short line in the page's language, from
// the game's catalog keys odds.*. Renderers call these with a line or two each.
import { h } from "./dom.js";

/** @typedef {{hit?: number, destroy?: number, damage?: number, before?: string, unseen?: boolean, clause?: string}} Odds */
/** @typedef {{payload?: {odds?: Odds}, odds?: Odds}} WithOdds */
/** @typedef {{msg: (key: string, args?: Record<string, string | number>) => string}} OddsCtx */

/** @param {number} p @returns {number} */
const percent = (p) => Math.round(p * 100);

/** @param {WithOdds} action @returns {Odds | null} */
export function oddsOf(action) {
  return (action && ((action.payload && action.payload.odds) || action.odds)) || null;
}

/**
 * "Hit 58% · destroy 31% (before any reaction)", or "" for an action without odds.
 * @param {WithOdds} action @param {OddsCtx} ctx @returns {string}
 */
export function oddsLine(action, ctx) {
  const o = oddsOf(action);
  if (!o) return "";
  const parts = [];
  if (o.hit !== undefined) parts.push(ctx.msg("odds.hit", { p: percent(o.hit) }));
  if (o.destroy !== undefined) parts.push(ctx.msg("odds.destroy", { p: percent(o.destroy) }));
  if (o.damage !== undefined) parts.push(ctx.msg("odds.damage", { n: o.damage }));
  if (o.unseen) parts.push(ctx.msg("odds.unseen"));
  let line = parts.join(" · ");
  if (o.before) line += ` (${ctx.msg("odds.before-reaction")})`;
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/**
 * A label function whose labels end with the action's odds: for a target's title and menu.
 * @param {(a: any) => string} labelOf @param {OddsCtx} ctx @returns {(a: any) => string}
 */
export function withOdds(labelOf, ctx) {
  return (a) => {
    const line = oddsLine(a, ctx);
    return line ? `${labelOf(a)} — ${line}` : labelOf(a);
  };
}

/**
 * The odds of these actions as a list for the attack panel, or null when none has odds.
 * @param {WithOdds[]} actions @param {OddsCtx} ctx @param {(a: any) => string} labelOf @returns {HTMLElement | null}
 */
export function oddsPanel(actions, ctx, labelOf) {
  const rows = actions.filter((a) => oddsOf(a)).map((a) => h("li", {}, h("span", {}, labelOf(a)), ": ", h("b", { class: "odds-line" }, oddsLine(a, ctx))));
  return rows.length ? h("ul", { class: "odds-list", title: ctx.msg("odds.title") }, rows) : null;
}
