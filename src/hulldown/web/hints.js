// Hints for the seat to move, and why a bot made a move: both answered by the server
// from what this seat may see, shown here in words in the page's language.
import { h } from "./dom.js";
import { t } from "./i18n.js";

// A search's estimate for one move, e.g. "Play Ambush — 63 % to win (41 visits)".
function suggestion(s, actionText) {
  return h("li", { class: "suggestion", dataset: { action: s.action.id } },
    h("b", {}, actionText(s.action)), " — ", t("winChance", { p: Math.round(s.win * 100), n: s.visits }));
}

// What is shown, kept so that a language switch redraws it: the hint (for one version only)
// and the explanation opened last.
let shownHint = null;
let shownWhy = null;

function paintHint(page, out) {
  const r = shownHint.answer;
  out.replaceChildren(
    h("p", {}, t("hintIntro", { n: r.iterations })),
    h("ol", { class: "suggestions" }, r.suggestions.map((s) => suggestion(s, page.actionText))),
  );
}

// The "Hint" button, for a seat to move in a game created with hints; answers go to ``out``.
// ``page``: { api, gameId, view, actionText }.
export function hintButton(page, out) {
  const v = page.view;
  if (!v.hints || v.seat === null || v.over || !v.legal_actions.length) return null;
  return h("button", {
    id: "hint",
    onclick: async () => {
      out.replaceChildren(h("p", { class: "muted" }, t("hintThinking")));
      try {
        const r = await page.api(`/api/games/${page.gameId}/hint`, { method: "POST", body: JSON.stringify({ version: v.version }) });
        shownHint = { version: v.version, answer: r };
        paintHint(page, out);
      } catch (e) {
        out.replaceChildren(h("p", { class: "error" }, t("hintFailed", { msg: e.message })));
      }
    },
  }, t("hint"));
}

// A bot's rule of thumb in the page's language: a message of the game's catalog, whose
// arguments may be messages themselves (the 2GM solo AI's table rows); ``fallback`` (the
// server's English) where the catalog lacks the key.
function said(page, m, fallback) {
  const args = {};
  for (const [k, v] of Object.entries(m.args || {})) args[k] = v !== null && typeof v === "object" ? said(page, v, "") : v;
  return page.actionText({ message: { key: m.key, args }, label: fallback });
}

// A bot's reasons in words: its top alternatives, or the rule it follows.
function explanationText(why, page, who) {
  if (why.kind === "search") {
    return [
      h("p", {}, t("whySearch", { who, n: why.iterations })),
      h("ol", { class: "suggestions" }, why.alternatives.map((s) => suggestion(s, page.actionText))),
    ];
  }
  if (why.kind === "fallback") return [h("p", {}, t("whyFallback", { who, reason: why.reason || "" }))];
  if (why.rule) {
    const rule = why.message ? said(page, why.message, why.rule) : why.rule;
    return [h("p", {}, t("whyRuleNamed", { who, agent: why.agent || "" })), h("p", { class: "rule" }, rule)];
  }
  return [h("p", {}, t(why.agent === "random" ? "whyRandom" : "whyRule", { who, agent: why.agent || "" }))];
}

function paintWhy(page, out) {
  out.replaceChildren(h("h3", {}, t("whyTitle", { n: shownWhy.step })), ...explanationText(shownWhy, page, page.seatName(shownWhy.seat)));
}

// Draws again what is shown, in the page's language now; a hint goes once the game moves on.
export function repaint(page, hintOut, whyOut) {
  if (shownHint && shownHint.version === page.view.version) paintHint(page, hintOut);
  else {
    shownHint = null;
    hintOut.replaceChildren();
  }
  if (shownWhy) paintWhy(page, whyOut);
}

// Adds a "why?" link to the first log entry of each move this viewer may see explained.
// ``page``: { api, gameId, view, actionText, seatName }; ``entries``: the log's elements, in order.
export function whyLinks(page, entries, out) {
  const open = new Set(page.view.explained || []);
  const seen = new Set();
  page.view.log.forEach((e, i) => {
    if (!open.has(e.step) || seen.has(e.step)) return;
    seen.add(e.step);
    entries[i].append(" ", h("a", {
      href: "#",
      class: "why",
      dataset: { step: String(e.step) },
      onclick: async (ev) => {
        ev.preventDefault();
        try {
          shownWhy = await page.api(`/api/games/${page.gameId}/moves/${e.step}/explanation`);
          paintWhy(page, out);
        } catch (err) {
          out.replaceChildren(h("p", { class: "error" }, t("error", { msg: err.message })));
        }
        out.hidden = false;
      },
    }, t("why")));
  });
}
