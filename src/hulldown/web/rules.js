// A rules page (/rules/<game>): the server renders the document; this filters its clauses
// by the words typed in the search box, and keeps the page's texts in the chosen language.
import { applyStatic, languageSwitch, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// Every word of the query must appear in the clause (case and accents aside).
/** @param {string} s */
const fold = (s) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

/** @param {string} query */
function filter(query) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const body = $("rules-body");
  body.classList.toggle("searching", words.length > 0);
  const matches = (/** @type {Element} */ el) => {
    const text = fold(el.textContent);
    return words.every((w) => text.includes(w));
  };
  let shown = 0;
  for (const section of /** @type {NodeListOf<HTMLElement>} */ (body.querySelectorAll(".rules-section"))) {
    let any = false;
    for (const clause of /** @type {NodeListOf<HTMLElement>} */ (section.querySelectorAll(".clause"))) {
      const hit = words.length === 0 || matches(clause);
      clause.hidden = !hit;
      if (hit && words.length) {
        any = true;
        shown += 1;
      }
    }
    section.hidden = words.length > 0 && !any;
  }
  $("rules-count").textContent = words.length ? t("clausesFound", { n: shown }) : "";
}

function main() {
  $("lang-slot").append(languageSwitch(() => filter(/** @type {HTMLInputElement} */ ($("rules-search")).value)));
  applyStatic();
  const search = /** @type {HTMLInputElement} */ ($("rules-search"));
  search.placeholder = "5.2, line of sight…";
  search.addEventListener("input", () => filter(search.value));
  if (search.value) filter(search.value);
  document.body.dataset.ready = "1";
}

main();
