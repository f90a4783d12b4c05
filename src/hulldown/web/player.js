// A player's profile: ratings per game, the rating history as an SVG line, finished games.
// Every name and id goes into the page as text or an attribute, never as markup.
import { h } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
const name = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

function line(svg, points) {
  svg.replaceChildren();
  if (points.length === 0) return;
  const w = 480, ht = 160, pad = 10;
  const lo = Math.min(...points), hi = Math.max(...points);
  const span = hi - lo || 1;
  const x = (i) => pad + (points.length === 1 ? 0 : (i * (w - 2 * pad)) / (points.length - 1));
  const y = (v) => ht - pad - ((v - lo) * (ht - 2 * pad)) / span;
  const path = document.createElementNS(SVG, "polyline");
  path.setAttribute("points", points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
  path.setAttribute("fill", "none");
  path.setAttribute("stroke", "currentColor");
  path.setAttribute("stroke-width", "2");
  svg.append(path);
  for (const [v, yy] of [[hi, pad + 4], [lo, ht - pad]]) {
    const label = document.createElementNS(SVG, "text");
    label.setAttribute("x", String(w - pad));
    label.setAttribute("y", String(yy));
    label.setAttribute("text-anchor", "end");
    label.setAttribute("font-size", "10");
    label.textContent = v.toFixed(1);
    svg.append(label);
  }
}

async function main() {
  const res = await fetch(`/api/players/${encodeURIComponent(name)}`);
  const p = await res.json().catch(() => ({}));
  document.getElementById("player-name").textContent = res.ok ? p.username : p.detail || "error";
  if (!res.ok) return;
  document.getElementById("ratings").replaceChildren(
    ...p.ratings.map((r) => h("li", { dataset: { game: r.game } }, h("b", {}, r.game), ` ${r.rating.toFixed(2)} (${r.games})`)));
  line(document.getElementById("history"), p.history.map((pt) => pt.rating));
  document.getElementById("finished").replaceChildren(
    ...p.finished.map((f) => h("li", {}, h("a", { href: `/g/${f.id}` }, f.game), ` #${f.seat} ${f.returns ? f.returns.join(" / ") : ""}`)));
  document.body.dataset.ready = "1";
}

main();
