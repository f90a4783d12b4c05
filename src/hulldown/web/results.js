// A finished game's result in words: who won, or that it was a draw, and the places
// when more than two played. Returns are the engine's payoffs: the highest wins.
import { t } from "./i18n.js";

/**
 * @param {number[]} returns each seat's payoff
 * @param {(seat: number) => string} nameOf a seat's name as the page shows it
 * @param {number | null} [mine] the reader's own seat, if any
 * @returns {string}
 */
export function resultText(returns, nameOf, mine = null) {
  if (!returns || !returns.length) return "";
  const best = Math.max(...returns);
  const winners = returns.map((r, i) => (r === best ? i : -1)).filter((i) => i >= 0);
  let text;
  if (winners.length === returns.length) text = t("draw");
  else if (winners.length === 1 && winners[0] === mine) text = t("youWon");
  else if (winners.length === 1) text = t("won", { who: nameOf(winners[0]) });
  else text = t("shareWin", { who: winners.map(nameOf).join(", ") });
  if (returns.length > 2 && winners.length < returns.length) {
    const order = returns.map((r, i) => [r, i]).sort((a, b) => b[0] - a[0]);
    // equal payoffs share a place: 1, 1, 3
    const places = order.map(([r, i]) => `${order.findIndex(([q]) => q === r) + 1}. ${nameOf(i)}`);
    text += ` — ${t("places")}: ${places.join(" · ")}`;
  }
  return text;
}
