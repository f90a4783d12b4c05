// The decision panel of a page played on its board, the game page's and the tutorial's alike,
// so a learner acts as a player will: without a ``decision`` hook every legal action is a
// button; with one the panel says in a sentence what to decide and keeps only the choices
// that have no place on the board, every choice also in a list folded until asked for (a
// keyboard's or screen reader's way past the board).
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { oddsLine } from "./odds.js";

/**
 * @param {any} renderer the game's renderer module
 * @param {any} v the view: observation and legal actions
 * @param {any} c the renderer's context
 * @param {(id: string) => void} act takes an action
 * @returns {{prompt: string, buttons: HTMLElement[]}}
 */
export function decisionPanel(renderer, v, c, act) {
  const d = renderer.decision ? renderer.decision(v.observation, c) : null;
  const button = (a) => {
    const label = renderer.actionLabel ? renderer.actionLabel(a, v.observation, c) : c.actionText(a);
    const odds = oddsLine(a, c);
    return h("button", { class: "action", dataset: { action: a.id }, title: a.id, onclick: () => act(a.id) }, label, odds ? h("small", { class: "odds-line" }, ` — ${odds}`) : null);
  };
  // the page's sentence for what is decided; else the game's own status sentence, else the plain one
  const prompt = d ? d.prompt : (renderer.statusText && renderer.statusText(v.observation, c)) || t("yourTurn");
  const all = d && d.actions.length < v.legal_actions.length
    ? h("details", { class: "all-choices" }, h("summary", {}, t("allChoices", { n: v.legal_actions.length })), h("div", { class: "actions" }, v.legal_actions.map(button)))
    : null;
  return { prompt, buttons: [...(d ? d.actions : v.legal_actions).map(button), ...(all ? [all] : [])] };
}
