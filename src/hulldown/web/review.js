// "Check this move" in a finished game's replay: the server's search, from the view of the
// seat that moved, weighs the move played against the one it would have chosen.
import { h } from "./dom.js";
import { t } from "./i18n.js";

// The review shown, kept so that a language switch redraws it; it belongs to one step.
let shown = null;

const percent = (win) => Math.round(win * 100);

// "−14" / "+3" / "0": the swing in points, as the two rounded percentages differ.
function points(played, bot) {
  const d = percent(played) - percent(bot);
  return d < 0 ? `−${-d}` : d > 0 ? `+${d}` : "0";
}

function reviewText(r, actionText) {
  const played = actionText(r.played.action);
  if (!r.choice) return t("reviewNoChoice", { played });
  const bot = actionText(r.bot.action);
  if (r.bot.action.id === r.played.action.id) return t("reviewSame", { bot, p: percent(r.bot.win) });
  if (r.played.win === null) return t("reviewUntried", { bot, p: percent(r.bot.win), played });
  return t("reviewSaid", { bot, p: percent(r.bot.win), played, q: percent(r.played.win), d: points(r.played.win, r.bot.win) });
}

function paint(out, actionText) {
  out.replaceChildren(h("p", { class: "review-said" }, reviewText(shown.answer, actionText)));
}

// The button and the answer's place for the replay at ``step`` of ``total`` decisions (none at
// the end: no decision follows). ``page``: { api, gameId, actionText }.
export function reviewTools(page, step, total, button, out) {
  if (!shown || shown.step !== step) {
    shown = null;
    out.replaceChildren();
  } else paint(out, page.actionText);
  button.hidden = step >= total;
  button.textContent = t("reviewButton");
  button.onclick = async () => {
    out.replaceChildren(h("p", { class: "muted" }, t("hintThinking")));
    try {
      const answer = await page.api(`/api/games/${page.gameId}/review/${step}`, { method: "POST" });
      shown = { step, answer };
      paint(out, page.actionText);
    } catch (e) {
      out.replaceChildren(h("p", { class: "error" }, t("reviewFailed", { msg: e.message })));
    }
  };
}
