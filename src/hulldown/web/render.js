// The generic renderer: shows any observation sensibly from its JSON shape.
// Lists of short values become cards, numbers and flags become markers, nested
// objects become labelled zones. A game adds web/games/<game-id>.js exporting
// render(observation, ctx) -> Element to replace it (ctx: {seat, players, view, t}).
import { h } from "./dom.js";
import { logLine } from "./log.js";

const human = (key) => String(key).replace(/[_-]+/g, " ");

function scalar(v) {
  if (v === null || v === undefined) return h("span", { class: "marker none" }, "—");
  if (typeof v === "boolean") return h("span", { class: `marker flag ${v}` }, v ? "✓" : "✗");
  if (typeof v === "number") return h("span", { class: "marker num" }, String(v));
  return h("span", { class: "marker text" }, String(v));
}

function isScalar(v) {
  return v === null || ["string", "number", "boolean"].includes(typeof v);
}

export function renderValue(key, value, ctx, depth = 0) {
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "zone empty" }, ctx.t("empty"));
    if (value.every(isScalar)) {
      const perSeat = value.length === ctx.players && !/hand|deck|pile|cards|taken|discard/i.test(key);
      return h(
        "div",
        { class: perSeat ? "zone per-seat" : "zone cards" },
        value.map((v, i) =>
          perSeat
            ? h("span", { class: `seat-value${i === ctx.seat ? " mine" : ""}` }, h("small", {}, `${ctx.t("seat")} ${i}`), scalar(v))
            : h("span", { class: v === null ? "card facedown" : "card" }, v === null ? "" : String(v)),
        ),
      );
    }
    return h(
      "div",
      { class: "zone list" },
      value.map((v, i) => h("div", { class: "item" }, depth < 6 ? renderValue(`${key}[${i}]`, v, ctx, depth + 1) : JSON.stringify(v))),
    );
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return h("span", { class: "zone empty" }, ctx.t("empty"));
  return h(
    "dl",
    { class: "fields" },
    entries.map(([k, v]) => [h("dt", {}, human(k)), h("dd", {}, depth < 6 ? renderValue(k, v, ctx, depth + 1) : JSON.stringify(v))]),
  );
}

export function render(observation, ctx) {
  const board = h("div", { class: "generic-board" });
  for (const [k, v] of Object.entries(observation || {})) {
    const mine = k === "hand" || k === "you" || k === "own";
    board.append(h("section", { class: `panel${mine ? " mine" : ""}`, dataset: { key: k } }, h("h3", {}, human(k)), renderValue(k, v, ctx)));
  }
  return board;
}

const DICE = /roll|die|dice|wurf/i;

export function formatEvent(e, ctx) {
  // a sentence from the game's catalog where it has one; the raw fields otherwise
  const line = ctx.msg && ctx.view && ctx.view.game ? logLine(e, ctx, ctx.view.game) : null;
  if (line) return line;
  const parts = [];
  for (const [k, v] of Object.entries(e)) {
    if (k === "type" || k === "to" || k === "step") continue;
    parts.push(`${human(k)}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
  }
  const dice = DICE.test(e.type) || Object.keys(e).some((k) => DICE.test(k));
  const priv = e.to !== "all";
  return h(
    "li",
    { class: `event${dice ? " dice" : ""}${priv ? " private" : ""}`, dataset: { type: e.type } },
    h("span", { class: "step" }, `#${e.step}`),
    dice ? h("span", { class: "die", "aria-hidden": "true" }, "d6") : null,
    h("b", {}, human(e.type)),
    parts.length ? ` — ${parts.join(", ")}` : "",
  );
}

const loaded = new Map();

// The game's own renderer module if it has one, else the generic one.
export async function rendererFor(gameId, hasModule) {
  if (!hasModule) return { render, formatEvent };
  if (!loaded.has(gameId)) {
    loaded.set(
      gameId,
      import(`./games/${encodeURIComponent(gameId)}.js`)
        .then((m) => ({ render: m.render || render, formatEvent: m.formatEvent || formatEvent, actionLabel: m.actionLabel, statusText: m.statusText, decision: m.decision }))
        .catch(() => ({ render, formatEvent })),
    );
  }
  return loaded.get(gameId);
}
