// Tank Clash: the hex battlefield as SVG with one's own edge at the bottom (a spectator
// sees seat 0's edge there), beside it each player's tactical cards, the morale deck and
// hands, one's own mission and the attack under way.
//
// The board is how a player acts: every legal action that concerns a hex (placing, moving,
// attacking, a tactical or morale card aimed at a hex or tank, a scared tank's retreat)
// lights that hex, and clicking it (or Enter on it) takes the action, or opens a menu when
// the hex offers several. Actions that belong to a tank or a card (moves, attacks, aimed
// cards) are shown for the selected one: click one's own tank, or the card, to select it.
// The tank that is moving, or else the first with something to do, starts selected. The
// decision panel says what to decide and keeps only the choices with no place on the table
// (end the turn, pass, keep the dice). A move slides the tank from its old hex and a hit
// flashes the tank hit, unless the reader asked for reduced motion.
import { h, svg } from "../dom.js";
import { actionsWhere, card, cardText, catalogText, clickable, facedown, infoButton, inspectable, marker, phaseName, pile, ruleLink, stat, zone } from "./kit.js";
import { oddsPanel, withOdds } from "../odds.js";

const S = 26; // hex circumradius in px
const W = Math.sqrt(3) * S;
const PAD = 10;
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const TERRAIN = { ".": "grass", ":": "sand", "^": "rocks", "~": "river", "=": "bridge", T: "forest", H: "house", R: "ruins" };
const FILL = {
  grass: "#a8c878",
  sand: "#e8d8a0",
  rocks: "#a59d90",
  river: "#5f9fd6",
  bridge: "#9a7448",
  forest: "#3f7a3a",
  house: "#b86a4e",
  ruins: "#7f7167",
};
const KIND_LETTER = { medium: "M", heavy: "H", destroyer: "D" };
const SIDE_COLOUR = { german: "#4e555e", american: "#5d6b2f" };
const TACTICAL = ["artillery", "air", "infantry", "smoke", "repair", "mines"];

// The tank, tactical or morale card whose board actions are shown; kept across views
// while it still has actions.
let selected = null;

const hexName = (c, r) => `${LETTERS[c]}${r + 1}`;

// The last live view drawn, to animate what changed since: tanks that moved (from where),
// tanks that were hit, an attack that began, dice rolled. Only a newer version of the same game
// animates; the same version drawn again at once (the answer to one's action and its push
// both arrive) keeps its motion, later (a new selection, the language switch) it has none.
// The replay viewer, which steps back and forth, animates nothing.
let seen = null;
const FRESH_MS = 500;

function motionSince(obs, ctx) {
  const none = { from: new Map(), hit: new Set(), attack: false, dice: false };
  const v = ctx.view;
  if (!v || ctx.actions !== v.legal_actions) return none; // the replay viewer's own context
  if (seen && seen.game === v.id && v.version === seen.version) return performance.now() - seen.at < FRESH_MS ? seen.motion : none;
  const tanks = new Map(obs.tanks.map((t) => [t.id, `${t.hex}|${t.armour}|${t.damage}|${t.destroyed}`]));
  const hexes = new Map(obs.tanks.map((t) => [t.id, t.hex]));
  const attack = obs.attack ? `${obs.attack.attacker}>${obs.attack.target}` : null;
  const dice = obs.attack ? `${attack}:${obs.attack.dice.join(",")}` : null;
  const before = seen && seen.game === v.id && v.version > seen.version ? seen : null;
  const rolled = Boolean(before && obs.attack && obs.attack.dice.length && dice !== before.dice);
  const out = { from: new Map(), hit: new Set(), attack: Boolean(before && attack && attack !== before.attack), dice: rolled };
  for (const t of before ? obs.tanks : []) {
    const was = before.hexes.get(t.id);
    if (was && t.hex && was !== t.hex) out.from.set(t.id, was);
    else if (before.tanks.has(t.id) && before.tanks.get(t.id) !== tanks.get(t.id) && was === t.hex) out.hit.add(t.id);
  }
  seen = { game: v.id, version: v.version, tanks, hexes, attack, dice, motion: out, at: performance.now() };
  return out;
}

// Pixel centre of hex (col, row) on a board of the given size; seat 1 sees it turned 180°.
function geometry(width, height, flip) {
  const tw = PAD * 2 + W * (width + 0.5);
  const th = PAD * 2 + 2 * S + (height - 1) * 1.5 * S;
  const centre = (c, r) => {
    const x = PAD + W / 2 + c * W + (r & 1) * (W / 2);
    const y = PAD + S + (height - 1 - r) * 1.5 * S;
    return flip ? [tw - x, th - y] : [x, y];
  };
  return { tw, th, centre };
}

function corners(x, y, s = S) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (60 * k - 90);
    pts.push(`${(x + s * Math.cos(a)).toFixed(1)},${(y + s * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// What an action is aimed at, read from its payload: its source (a tank id or
// "tactical:x"/"morale:x", or null for actions of no piece) and its hex (or null when it is
// not aimed at the board).
function aim(a, tankHex) {
  const p = a.payload || { kind: "action" };
  const at = (t) => (t === undefined ? null : tankHex.get(t) || null);
  switch (p.kind) {
    case "move":
      return { source: p.tank, hex: p.hex, kind: "move" };
    case "attack":
      return { source: p.tank, hex: at(p.target), kind: "attack" };
    case "place":
    case "checkpoint":
    case "retreat":
      return { source: null, hex: p.hex, kind: p.kind };
    case "ace":
      return { source: null, hex: at(p.tank), kind: "ace" };
    case "tactical":
    case "morale":
      return { source: `${p.kind}:${p.card}`, hex: p.hex || at(p.tank), kind: "card" };
    default:
      return { source: null, hex: null, kind: p.kind };
  }
}

function tankLabel(t, ctx) {
  if (!t) return "";
  return t.name ? `${t.id} ${t.name}` : `${t.id} (${ctx.msg("ui.concealed")})`;
}

export function actionLabel(a, obs, ctx) {
  if (!obs || !obs.tanks) return ctx.actionText(a);
  const byId = new Map(obs.tanks.map((t) => [t.id, t]));
  return ctx.actionText(a).replace(/\b([ab][1-5])\b/g, (m) => (byId.has(m) ? tankLabel(byId.get(m), ctx) : m));
}

function tankToken(t, x, y, obs, sel, ctx, motion) {
  const g = tankShape(t, x, y, obs, sel, ctx);
  const from = motion.from.get(t.id);
  if (from && motion.at.has(from)) {
    const [fx, fy] = motion.at.get(from);
    g.classList.add("tc-moved");
    g.setAttribute("style", `--dx:${(fx - x).toFixed(1)}px;--dy:${(fy - y).toFixed(1)}px`);
  }
  if (motion.hit.has(t.id)) g.classList.add("tc-hit");
  return g;
}

// What the seat may know of a tank, for its tooltip and the line under the map (a touch
// screen has no hover).
function tankFacts(t, ctx) {
  if (t.kind === null) return [`${t.id}: ${ctx.msg("ui.concealed-tank-face-down")}`];
  const facts = [`${t.id}: ${t.name} (${catalogText(ctx, "kind", t.kind)})`, `${ctx.msg("ui.armour")} ${t.armour}/${t.max_armour}, ${ctx.msg("ui.damage")} ${t.damage}`, `${ctx.msg("ui.firepower")} ${t.firepower}, ${ctx.msg("ui.speed")} ${t.speed}`];
  if (t.ace) facts.push(ctx.msg("ui.ace"));
  if (t.concealed) facts.push(ctx.msg("ui.concealed-face-down-for-the-enemy"));
  return facts;
}

// A tank up close (zoom.js): the printed stats of its card under their full names, and
// what the seat may know of its state. A concealed enemy shows only that a tank stands there.
function tankSpec(t, obs, ctx) {
  const side = catalogText(ctx, "side", obs.sides[t.seat]);
  const where = t.hex ? [[ctx.msg("ui.hex"), t.hex]] : [];
  if (t.kind === null) {
    return { name: `${t.id} (${ctx.msg("ui.concealed")})`, type: `${ctx.msg("ui.tank")} · ${side}`, stats: [], markers: [], text: ctx.msg("ui.concealed-tank-face-down"), rule: "tank", details: where };
  }
  const c = ctx.cards.get(t.name);
  const printed = (field) => (c && c[field] !== undefined ? c[field] : t[field]);
  return {
    name: t.name,
    type: `${catalogText(ctx, "kind", t.kind)} · ${side}`,
    stats: [stat("FP", printed("firepower"), ctx.msg("ui.firepower")), stat("AR", printed("armour"), ctx.msg("ui.armour")), stat("SP", printed("speed"), ctx.msg("ui.speed"))],
    markers: [t.ace ? marker("★", "", ctx.msg("ui.ace")) : null, t.concealed ? marker(ctx.msg("ui.concealed"), "", ctx.msg("ui.concealed-face-down-for-the-enemy")) : null, t.destroyed ? marker(ctx.msg("ui.destroyed"), "bad") : null].filter(Boolean),
    text: "",
    rule: "tank",
    details: [[ctx.msg("ui.armour-tokens"), `${t.armour}/${t.max_armour}`], [ctx.msg("ui.damage-tokens"), t.damage], ...where, [ctx.msg("ui.tank-id"), t.id]],
  };
}

// The facts line under the map: the tank's facts in a line and its "i" button, which opens
// it up close (a keyboard's way to a tank that a click selects).
function showFacts(facts, t, obs, ctx) {
  if (!t) return facts.replaceChildren();
  const spec = tankSpec(t, obs, ctx);
  facts.replaceChildren(h("span", {}, tankFacts(t, ctx).join(" · ")), " ", infoButton(spec, ctx));
}

function tankShape(t, x, y, obs, sel, ctx) {
  const side = obs.sides[t.seat];
  const colour = SIDE_COLOUR[side] || "#555";
  const parts = [];
  if (t.kind === null) {
    // a concealed enemy stack: only that something stands here
    for (let k = 2; k >= 0; k--) parts.push(svg("rect", { x: x - 13 + k * 2, y: y - 13 - k * 2, width: 26, height: 26, rx: 3, fill: colour, stroke: "#222", "stroke-width": 1, opacity: 0.95 }));
    parts.push(svg("text", { x: x + 2, y: y - 1, class: "tc-tk-kind", fill: "#fff" }, "?"));
    parts.push(svg("title", {}, tankFacts(t, ctx).join("\n")));
    return svg("g", { class: "tc-tank concealed-enemy", "data-tank": t.id }, parts);
  }
  parts.push(svg("rect", { x: x - 15, y: y - 15, width: 30, height: 30, rx: 4, fill: colour, stroke: sel ? "#f2c230" : t.concealed ? "#ddd" : "#111", "stroke-width": sel ? 3 : 1.2, "stroke-dasharray": t.concealed ? "3 2" : null }));
  parts.push(svg("text", { x, y: y - 1, class: "tc-tk-kind", fill: "#fff" }, KIND_LETTER[t.kind] || "?"));
  parts.push(svg("text", { x, y: y + 10, class: "tc-tk-id", fill: "#fff" }, t.id));
  // armour tokens left (kept / lost), damage tokens right
  for (let k = 0; k < (t.max_armour || 0); k++) parts.push(svg("rect", { x: x - 14, y: y - 13 + k * 6, width: 4, height: 5, fill: k < t.armour ? "#d9d9d9" : "#333", stroke: "#000", "stroke-width": 0.5 }));
  for (let k = 0; k < t.damage; k++) parts.push(svg("circle", { cx: x + 12, cy: y - 10 + k * 6, r: 2.6, fill: "#d2321e", stroke: "#000", "stroke-width": 0.5 }));
  if (t.ace) parts.push(svg("text", { x: x + 11, y: y + 13, class: "tc-ace", fill: "#f2c230" }, "★"));
  parts.push(svg("title", {}, tankFacts(t, ctx).join("\n")));
  return svg("g", { class: `tc-tank${t.concealed ? " concealed" : ""}`, "data-tank": t.id }, parts);
}

function openMenu(wrap, x, y, items) {
  for (const m of document.querySelectorAll(".card-menu")) m.remove();
  const menu = h(
    "div",
    // kept inside the map, so a menu near its right edge does not scroll a phone sideways
    { class: "card-menu", role: "menu", style: `left:${Math.max(0, Math.min(x, wrap.getBoundingClientRect().width - 230)).toFixed(0)}px;top:${(y + S * 0.6).toFixed(0)}px` },
    items.map(([label, fn, id]) =>
      h("button", { class: "action", role: "menuitem", dataset: id ? { action: id } : {}, onclick: (e) => { e.stopPropagation(); for (const m of document.querySelectorAll(".card-menu")) m.remove(); fn(); } }, label),
    ),
  );
  wrap.append(menu);
  // a keyboard goes on in the menu it opened
  const first = /** @type {HTMLElement | null} */ (menu.querySelector("button"));
  if (first) first.focus({ preventScroll: true });
}

function boardView(obs, ctx, aims, select, motion) {
  const rows = obs.terrain;
  const height = rows.length;
  const width = rows[0].length;
  const flip = ctx.seat === 1;
  const { tw, th, centre } = geometry(width, height, flip);
  const at = new Map();
  for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) at.set(hexName(c, r), centre(c, r));
  const tanksAt = new Map(obs.tanks.filter((t) => t.hex && !t.destroyed).map((t) => [t.hex, t]));
  const cps = new Map(obs.checkpoints.map((c) => [c.hex, c]));
  const sources = new Set(aims.filter((a) => a.source && a.hex).map((a) => a.source));
  const shown = aims.filter((a) => a.hex && (a.source === null || a.source === selected));
  const byHex = new Map();
  for (const a of shown) {
    if (!byHex.has(a.hex)) byHex.set(a.hex, []);
    byHex.get(a.hex).push(a);
  }
  const wrap = h("div", { class: "tc-map" });
  // the facts of the selected tank, or of the last tank tapped that has nothing to do
  const chosen = obs.tanks.find((t) => t.id === selected);
  const facts = h("div", { class: "tc-facts", "aria-live": "polite" });
  showFacts(facts, chosen, obs, ctx);
  const moves = { ...motion, at };
  const cells = [];
  const overlay = [];
  let root = null;
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const name = hexName(c, r);
      const [x, y] = at.get(name);
      const terrain = TERRAIN[rows[r][c]] || "grass";
      const parts = [svg("polygon", { points: corners(x, y), class: `tc-hex ${terrain}`, fill: FILL[terrain] })];
      if (terrain === "bridge") parts.push(svg("rect", { x: x - W / 2 + 2, y: y - 5, width: W - 4, height: 10, fill: "#6b4c2a", opacity: 0.8 }));
      if (terrain === "forest") for (const [dx, dy] of [[-8, 4], [7, 5], [0, -7]]) parts.push(svg("circle", { cx: x + dx, cy: y + dy, r: 6, fill: "#2d5e2a" }));
      if (terrain === "house") parts.push(svg("rect", { x: x - 9, y: y - 6, width: 18, height: 13, fill: "#8a4632", stroke: "#4d2518" }));
      if (terrain === "rocks") for (const [dx, dy] of [[-7, 5], [6, 3]]) parts.push(svg("circle", { cx: x + dx, cy: y + dy, r: 4, fill: "#7b746a" }));
      parts.push(svg("text", { x, y: y - S * 0.62, class: "tc-hex-name" }, name));
      const cp = cps.get(name);
      if (cp) {
        const own = SIDE_COLOUR[obs.sides[cp.owner]];
        const hold = SIDE_COLOUR[obs.sides[cp.holder]];
        parts.push(svg("circle", { cx: x, cy: y, r: S * 0.78, fill: "none", stroke: own, "stroke-width": 3, "stroke-dasharray": cp.base_camp ? null : "5 3" }));
        parts.push(svg("rect", { x: x - S * 0.75, y: y + S * 0.25, width: 11, height: 9, fill: hold, stroke: "#fff", "stroke-width": 0.8 }));
        parts.push(svg("title", {}, `${cp.base_camp ? ctx.msg("ui.base-camp") : ctx.msg("ui.checkpoint")} ${ctx.msg("ui.of-seat")} ${cp.owner} (${catalogText(ctx, "side", obs.sides[cp.owner])}), ${ctx.msg("ui.held-by-seat")} ${cp.holder}`));
      }
      const tank = tanksAt.get(name);
      if (tank) parts.push(tankToken(tank, x, y, obs, tank.id === selected, ctx, moves));
      const here = byHex.get(name) || [];
      const canSelect = tank && sources.has(tank.id) && tank.id !== selected;
      const g = svg("g", { class: "tc-cell", "data-hex": name }, parts);
      if (here.length) {
        const kinds = new Set(here.map((a) => a.kind));
        const kind = kinds.has("attack") ? "attack" : kinds.has("move") ? "move" : "other";
        overlay.push(svg("polygon", { points: corners(x, y, S - 2.5), class: `tc-hl ${kind}` }));
        g.classList.add("can-act");
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.dataset.actions = here.map((a) => a.id).join(" ");
        g.append(svg("title", {}, here.map(withOdds((a) => actionLabel(a, obs, ctx), ctx)).join("\n")));
        if (kind === "attack" && selected && at.has((obs.tanks.find((t) => t.id === selected) || {}).hex)) {
          const [sx, sy] = at.get(obs.tanks.find((t) => t.id === selected).hex);
          overlay.push(svg("line", { x1: sx, y1: sy, x2: x, y2: y, class: "tc-fire" }));
        }
      } else if (canSelect) {
        g.classList.add("tc-selectable");
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", `${ctx.msg("ui.select")} ${tankLabel(tank, ctx)}`);
      } else if (tank) {
        g.classList.add("tc-inspect");
      }
      // a tank opens up close: a long press, or a click where the hex offers nothing to do
      if (tank) inspectable(g, tankSpec(tank, obs, ctx), ctx, !here.length && !canSelect);
      const onClick = (ev) => {
        ev.stopPropagation();
        if (here.length === 1 && !canSelect) {
          for (const m of document.querySelectorAll(".card-menu")) m.remove();
          ctx.act(here[0].id);
        } else if (here.length) {
          const items = here.map((a) => [actionLabel(a, obs, ctx), () => ctx.act(a.id), a.id]);
          if (canSelect) items.push([`${ctx.msg("ui.select")} ${tankLabel(tank, ctx)}`, () => select(tank.id)]);
          // the map is drawn to fit its column: place the menu where the hex is shown
          const k = root.getBoundingClientRect().width / tw || 1;
          openMenu(wrap, x * k, y * k, items);
        } else if (canSelect) {
          select(tank.id);
        } else if (tank) {
          showFacts(facts, tank, obs, ctx);
        }
      };
      g.addEventListener("click", onClick);
      g.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") onClick(ev);
      });
      cells.push(g);
    }
  }
  if (obs.attack) {
    const a = obs.tanks.find((t) => t.id === obs.attack.attacker);
    const d = obs.tanks.find((t) => t.id === obs.attack.target);
    if (a && d && at.has(a.hex) && at.has(d.hex)) {
      const [x1, y1] = at.get(a.hex);
      const [x2, y2] = at.get(d.hex);
      overlay.push(svg("line", { x1, y1, x2, y2, class: `tc-fire current${motion.attack ? " fresh" : ""}` }));
    }
  }
  // drawn to fit its column (style.css), from a phone's width to its natural size and beyond
  root = svg("svg", { class: "tc-svg", viewBox: `0 0 ${tw.toFixed(0)} ${th.toFixed(0)}`, role: "img", "aria-label": ctx.msg("ui.battlefield") }, cells, svg("g", { class: "tc-overlay" }, overlay));
  wrap.append(root, facts);
  return wrap;
}

function tacticalInfo(ctx) {
  const m = new Map();
  for (const c of ctx.cards.values()) if (c.category === "tactical") m.set(c.id, c);
  return m;
}

// Actions of one card: taken on click when none is aimed at the board, else the card
// selects itself so its targets light up on the board.
function cardControl(el, key, ctx, aims, select) {
  const mine = aims.filter((a) => a.source === key);
  if (mine.some((a) => a.hex)) {
    el.classList.add("tc-selectable");
    if (selected === key) el.classList.add("selected");
    el.title = ctx.msg("ui.choose-a-target-on-the-board");
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    const pick = (ev) => {
      ev.stopPropagation();
      ev.preventDefault();
      select(key);
    };
    el.addEventListener("click", pick);
    el.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") pick(ev);
    });
    return el;
  }
  return clickable(el, mine, ctx);
}

function playerPanel(obs, s, ctx, aims, select) {
  const isMe = ctx.seat === s;
  const info = tacticalInfo(ctx);
  const used = new Set(obs.tactical_used[s]);
  const barred = new Set(obs.tactical_barred || []); // clause 2.9: a barred card is not on the table
  const tacticals = TACTICAL.filter((id) => !barred.has(id)).map((id) => {
    const c = info.get(id);
    const el = card({ name: c ? c.name : id, type: `${ctx.msg("ui.tactical")}${c && c.offensive ? ` · ${ctx.msg("ui.attack")}` : ""}`, tone: "tactic", extra: `small tc-tac${used.has(id) ? " out" : ""}`, ctx, rule: "tactical", markers: [used.has(id) ? marker(ctx.msg("ui.used"), "bad") : marker(ctx.msg("ui.ready"), "good")] });
    el.title = c ? cardText(ctx, `card.${id}.text`, c.text).text : id; // the text on hover keeps the row of six short
    return isMe && !used.has(id) ? cardControl(el, `tactical:${id}`, ctx, aims, select) : el;
  });
  const alive = obs.tanks.filter((t) => t.seat === s);
  const lost = alive.filter((t) => t.destroyed).length;
  // one's own mission face up; the opponent's face down (none in the victory-point game)
  const mission = !obs.mission ? null : isMe
    ? card({ name: ctx.msg("ui.mission"), type: catalogText(ctx, "mission", obs.mission.kind), tone: "event", text: obs.mission.text, textKey: `card.${obs.mission.id}.text`, ctx, extra: "small" })
    : facedown({ label: ctx.msg("ui.secret-mission"), extra: "small" });
  const handCount = obs.hand_sizes[s];
  const oppHand = [];
  if (!isMe) for (let i = 0; i < handCount; i++) oppHand.push(facedown({ extra: "mini" }));
  return h(
    "div",
    { class: `tc-player${isMe ? " mine" : ""}${obs.to_move === s ? " to-act" : ""}`, dataset: { seat: s } },
    h(
      "header",
      {},
      h("span", { class: "tc-swatch", style: `background:${SIDE_COLOUR[obs.sides[s]]}` }),
      h("b", {}, `${isMe ? ctx.msg("ui.you") : `${ctx.t("seat")} ${s}`} (${catalogText(ctx, "side", obs.sides[s])}, ${"ab"[s]}1–${"ab"[s]}5)`),
      obs.active === s && obs.winner === null ? marker(ctx.msg("ui.active"), "active") : null,
      marker(`${ctx.msg("ui.tanks-lost")} ${lost}/5`, lost >= 3 ? "warn" : ""),
      obs.aces_killed[s] ? marker(ctx.msg("ui.ace-killed"), "bad") : null,
      obs.smoke[s] ? marker(ctx.msg("ui.smoke-cannot-attack"), "warn") : null,
      obs.morale_used[s] ? marker(ctx.msg("ui.morale-card-played")) : null,
      obs.victory_points[0] || obs.victory_points[1] ? marker(`${ctx.msg("ui.vp")} ${obs.victory_points[s]}`) : null,
      isMe ? null : marker(`${ctx.msg("ui.morale-hand")} ${handCount}`),
    ),
    h("div", { class: "tc-row" }, mission, ...tacticals),
    oppHand.length ? h("div", { class: "tk-opp-hand" }, oppHand) : null,
  );
}

function attackPanel(obs, ctx, motion, odds = null) {
  const a = obs.attack;
  const rows = odds ? [odds] : [];
  const byId = new Map(obs.tanks.map((t) => [t.id, t]));
  if (a) {
    rows.push(h("div", { class: "tk-duel" }, h("b", {}, tankLabel(byId.get(a.attacker), ctx)), h("span", { class: "arrow" }, " ➜ "), h("b", {}, tankLabel(byId.get(a.target), ctx))));
    const mods = [a.modifier ? marker(`${ctx.msg("ui.modifier")} ${a.modifier > 0 ? "+" : ""}${a.modifier}`) : null, a.extra_dice ? marker(`+${a.extra_dice} ${ctx.msg("ui.dice")}`) : null, a.rerolls ? marker(`${a.rerolls} ${ctx.msg("ui.re-rolls")}`) : null, a.result ? marker(catalogText(ctx, "result", a.result), a.result === "miss" ? "bad" : "good") : null];
    rows.push(h("div", { class: "tk-odds" }, mods));
    if (a.dice.length) {
      const seen = new Set();
      rows.push(h("div", { class: "dice-row" }, `${ctx.msg("ui.dice")}: `, a.dice.map((d) => {
        const face = h("span", { class: `die-face${motion.dice ? " tc-roll" : ""}` }, String(d));
        // one re-roll action per value: offered on its first die
        if (seen.has(d)) return face;
        seen.add(d);
        return clickable(face, actionsWhere(ctx, (p) => p.kind === "reroll" && p.value === d), ctx);
      })));
    }
  }
  if (obs.moving) rows.push(h("div", { class: "tk-pending" }, `${ctx.msg("ui.moving")}: `, h("b", {}, tankLabel(byId.get(obs.moving), ctx))));
  return h("div", { class: "tk-attack tc-attack" }, h("h4", {}, ctx.msg("ui.attack")), rows.length ? rows : h("span", { class: "muted" }, "—"));
}

// What a seat is doing in each phase, for the line at the top of the board.
const DOING = {
  "place checkpoint": "ui.doing.checkpoint",
  "place tank": "ui.doing.place",
  "assign ace": "ui.doing.ace",
  actions: "ui.doing.actions",
  move: "ui.doing.move",
  "attack: attacker's morale": "ui.doing.morale",
  "attack: defender's morale": "ui.doing.morale",
  "morale window": "ui.doing.morale",
  "attack: re-roll": "ui.doing.reroll",
  "attack: deflect": "ui.doing.deflect",
  "scare retreat": "ui.doing.retreat",
};

// The line at the top of the board: whose turn it is and what they are doing, or what one
// is to decide oneself; the game's end with its winner and why.
function turnLine(obs, ctx, aims) {
  if (obs.winner !== null) {
    const mission = obs.winning_mission_id ? cardText(ctx, `card.${obs.winning_mission_id}.text`, "").text : "";
    const why = mission ? ctx.msg("reason.mission", { mission }) : catalogText(ctx, "reason", obs.reason);
    const text = obs.winner < 0 ? `${ctx.msg("ui.draw")}: ${why}` : `${ctx.t("seat")} ${obs.winner}${obs.winner === ctx.seat ? ` (${ctx.t("you")})` : ""} ${ctx.msg("ui.wins")}: ${why}`;
    return h("div", { class: "tc-turn over", role: "status" }, text);
  }
  if (obs.to_move === ctx.seat && aims.length) {
    return h("div", { class: "tc-turn mine", role: "status" }, h("b", {}, `${ctx.msg("ui.your-turn")}: `), prompt(obs, ctx, aims));
  }
  const who = `${ctx.t("seat")} ${obs.to_move} (${catalogText(ctx, "side", obs.sides[obs.to_move])})`;
  const doing = DOING[obs.phase] ? ctx.msg(DOING[obs.phase]) : phaseName(ctx, obs.phase);
  return h("div", { class: "tc-turn", role: "status" }, ctx.msg("ui.turn.theirs", { seat: who, doing }));
}

function phaseBar(obs, ctx, aims) {
  const reaction = obs.winner === null && obs.to_move !== obs.active;
  return h(
    "div",
    { class: "tc-top" },
    turnLine(obs, ctx, aims),
    h(
      "div",
      { class: "phase-bar" },
      marker(`${ctx.msg("ui.round")} ${obs.turn}`),
      h("span", { class: "mk phase" }, `${ctx.msg("ui.phase")}: ${phaseName(ctx, obs.phase)}`, ruleLink(ctx, "phase", obs.phase)),
      obs.phase === "actions" ? marker(`${ctx.msg("ui.actions-taken")} ${obs.actions_taken}/2`) : null,
      reaction ? marker(ctx.msg("ui.reaction"), "wait") : null,
      obs.infantry_support ? marker(`${ctx.msg("ui.infantry-support")} +${obs.infantry_support}`) : null,
      obs.tactical_played_this_turn ? marker(ctx.msg("ui.tactical-card-played-this-turn")) : null,
    ),
  );
}

function legend(ctx) {
  const items = Object.entries(FILL).map(([k, v]) => h("span", { class: "tc-key" }, h("i", { style: `background:${v}` }), catalogText(ctx, "terrain", k)));
  return h("div", { class: "tc-legend" }, items, h("span", { class: "tc-key" }, "◯ ", ctx.msg("ui.checkpoint-solid-base-camp-square-holder")), h("span", { class: "tc-key" }, ctx.msg("ui.m-h-d-medium-heavy-destroyer")));
}

// The legal actions with what each is aimed at, and the selection brought up to date: kept
// while it still has targets, else the tank that is moving, else one's first tank with
// something to do on the board.
function settle(obs, ctx) {
  const tankHex = new Map(obs.tanks.filter((t) => t.hex && !t.destroyed).map((t) => [t.id, t.hex]));
  const aims = (ctx.actions || []).map((a) => ({ ...aim(a, tankHex), id: a.id, label: a.label, payload: a.payload, message: a.message }));
  const sources = [...new Set(aims.filter((a) => a.source && a.hex).map((a) => a.source))];
  if (!sources.includes(selected)) {
    selected = sources.includes(obs.moving) ? obs.moving : sources.find((s) => TANK_IDS.has(s)) || null;
  }
  return aims;
}

const TANK_IDS = new Set(["a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "b5"]);
// Kinds of action that have their place on the table: a hex, a card, a die.
const ON_TABLE = new Set(["tactical", "morale", "discard", "reroll"]);

// One sentence for the decision: what the selected tank or card may do, else what the
// phase asks for.
function prompt(obs, ctx, aims) {
  const kinds = new Set(aims.map((a) => a.kind));
  const byId = new Map(obs.tanks.map((t) => [t.id, t]));
  const name = (id) => (byId.get(id) && byId.get(id).name) || id;
  const mine = aims.filter((a) => a.hex && a.source === selected);
  if (selected && TANK_IDS.has(selected) && mine.length) {
    const moves = mine.some((a) => a.kind === "move");
    const attacks = mine.some((a) => a.kind === "attack");
    const key = moves && attacks ? "ui.prompt.move-or-attack" : moves ? "ui.prompt.move" : "ui.prompt.attack";
    return ctx.msg(key, { tank: name(selected) });
  }
  if (selected && mine.length) {
    const card = mine[0].payload.card;
    const info = tacticalInfo(ctx).get(card);
    return ctx.msg("ui.prompt.card", { card: info ? info.name : card });
  }
  if (kinds.has("checkpoint")) return ctx.msg("ui.prompt.checkpoint");
  if (kinds.has("place")) return ctx.msg("ui.prompt.place");
  if (kinds.has("ace")) return ctx.msg("ui.prompt.ace");
  if (kinds.has("retreat")) return ctx.msg("ui.prompt.retreat");
  if (kinds.has("keep") || kinds.has("reroll")) return ctx.msg("ui.prompt.reroll");
  if (kinds.has("discard")) return ctx.msg("ui.prompt.discard");
  if (kinds.has("end")) return ctx.msg("ui.prompt.select");
  if (kinds.has("pass")) return ctx.msg("ui.prompt.morale");
  return ctx.msg("ui.prompt.other");
}

// The decision panel (see game.js): the sentence, and the actions that have no hex, card or
// die on the table to click.
export function decision(obs, ctx) {
  const aims = settle(obs, ctx);
  const actions = aims.filter((a) => !a.hex && !ON_TABLE.has(a.payload && a.payload.kind));
  return { prompt: prompt(obs, ctx, aims), actions: (ctx.actions || []).filter((a) => actions.some((b) => b.id === a.id)) };
}

export function render(obs, ctx) {
  const me = ctx.seat === null ? 0 : ctx.seat;
  const aims = settle(obs, ctx);
  const motion = motionSince(obs, ctx);
  let root = null;
  const select = (key) => {
    selected = key;
    const fresh = render(obs, ctx);
    root.replaceWith(fresh);
    if (ctx.retell) ctx.retell();
    // a keyboard goes on from the first target the selection lit
    const first = /** @type {HTMLElement | null} */ (fresh.querySelector(".tc-cell.can-act"));
    if (first) first.focus({ preventScroll: true });
  };
  const hand = (obs.hand || []).map((n) => {
    const c = ctx.cards.get(n);
    const el = card({ name: n, type: c ? `${ctx.msg("ui.morale")} · ${catalogText(ctx, "colour", c.colour)} · ${catalogText(ctx, "timing", c.timing)}` : ctx.msg("ui.morale"), tone: `event ${c ? c.colour : ""}`, text: c ? c.text : "", textKey: `card.${n}.text`, extra: "small", ctx, rule: "morale" });
    const discard = actionsWhere(ctx, (p) => p.kind === "discard" && p.card === n);
    const key = `morale:${n}`;
    if (aims.some((a) => a.source === key && a.hex)) return cardControl(el, key, ctx, aims, select);
    return clickable(el, [...aims.filter((a) => a.source === key), ...discard], ctx);
  });
  const discardTop = obs.morale_discard.length ? obs.morale_discard[obs.morale_discard.length - 1] : null;
  const side = h(
    "div",
    { class: "tc-side" },
    playerPanel(obs, 1 - me, ctx, aims, select),
    attackPanel(obs, ctx, motion, oddsPanel(aims.filter((a) => a.source === selected), ctx, (a) => actionLabel(a, obs, ctx))),
    h("div", { class: "tc-row" }, pile(ctx.msg("ui.morale-deck"), obs.morale_deck_size), pile(ctx.msg("ui.morale-discard"), obs.morale_discard.length, discardTop ? card({ name: discardTop, type: ctx.msg("ui.morale"), tone: "event", extra: "small" }) : null)),
    playerPanel(obs, me, ctx, aims, select),
    ctx.seat !== null ? zone(`${ctx.msg("ui.your-morale-hand")} (${hand.length})`, hand, "hand") : null,
    selected ? h("div", { class: "tc-selected muted" }, `${ctx.msg("ui.selected")}: ${TANK_IDS.has(selected) ? tankLabel(obs.tanks.find((t) => t.id === selected), ctx) : selected}`) : null,
  );
  const destroyed = obs.tanks.filter((t) => t.destroyed);
  root = h(
    "div",
    { class: "tc-board" },
    phaseBar(obs, ctx, aims),
    h("div", { class: "tc-main" }, h("div", { class: "tc-field" }, boardView(obs, ctx, aims, select, motion), legend(ctx), destroyed.length ? h("div", { class: "tc-destroyed" }, `${ctx.msg("ui.destroyed")}: `, destroyed.map((t) => h("span", { class: "chip" }, tankLabel(t, ctx)))) : null), side),
  );
  return root;
}
