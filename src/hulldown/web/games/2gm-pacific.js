// 2GM Pacific: the grid battlefield with one's own HQ at the bottom (a spectator sees
// side 0 there), each side's HQ strip (wounds, armour, aircraft beside it, hand, deck and
// discard pile), the air combat under way and, in solo mode, the rulebook AI's decisions.
//
// The board is how a player acts, as on the Tank Clash page: an action that concerns a
// space (deploying a card, moving, firing, a terrain card or a Tactical Artillery strike)
// lights that space and clicking it (or Enter on it) takes the action, or opens a menu when
// the space offers several. Actions that start from a unit or a card in hand (move, fire,
// deploy, a support card aimed at a unit) are shown for the selected source: click the unit
// or the card to select it. Actions of the unit itself (upgrades, mounting, smoke, Advance)
// are taken by clicking it. The decision panel says what to decide and keeps only the
// choices with no place on the table (end a phase, bids, passing a reaction). A unit that
// moved slides in from its old space and a unit or HQ that took wounds flashes, unless the
// reader asked for reduced motion.
import { h } from "../dom.js";
import { card, cardText, catalogText, counted, effectText, facedown, infoButton, inspectable, marker, phaseName, pile, ruleLink, stat, zone } from "./kit.js";
import { oddsOf, oddsPanel, withOdds } from "../odds.js";

// Every text comes from the game's catalog (the ui.* keys of messages.json), in the page's
// language: render() takes the catalog's lookup from its context before drawing anything.
/** @type {(key: string, vars?: object) => string} */
let msg = (key) => key;

// The catalog's ``<prefix>.<word>`` in the page's language, else the observation's own word.
const said = (prefix, word) => {
  const said = msg(`${prefix}.${word}`);
  return said === `${prefix}.${word}` ? word : said;
};

// An army by its catalog name ("US", "Japan"), not the observation's code.
const armyName = (obs, side) => said("army", obs.armies[side]);

const SIDE_COLOUR = ["#3f5f8f", "#a33a2a"];
const HQ_HP = 12; // an HQ's hit points (8.2)
const TYPE_LETTER = { infantry: "I", tank: "T", artillery: "A", transport: "V", aircraft: "✈", general: "G", hero: "H" };

// The source whose aimed actions are shown; kept across views while it still has some.
let selected = null;

const space = (r, c) => `${r + 1},${c + 1}`;

// The last live board drawn and what stood on it, to animate what changed since: units that
// moved slide in from where they stood, units and HQs that took wounds flash. Only a newer
// version of the same game animates; the same version drawn again at once (the answer to
// one's action and its push both arrive) keeps its motion, later (a new selection, the
// language switch) it has none. The replay viewer, which steps back and forth, animates
// nothing.
let seen = null;
const FRESH_MS = 500;

function motionSince(obs, ctx) {
  const none = { live: false, from: new Map(), hit: new Set(), hq: new Set() };
  const v = ctx.view;
  if (!v || ctx.actions !== v.legal_actions) return none; // the replay viewer's own context
  const same = seen && seen.game === v.id && v.version === seen.version;
  if (same) return performance.now() - seen.at < FRESH_MS ? seen.motion : { ...none, live: true };
  const units = new Map(obs.units.map((u) => [u.id, { at: unitKey(u), wounds: u.wounds }]));
  const before = seen && seen.game === v.id && v.version > seen.version ? seen : null;
  const out = { live: true, from: new Map(), hit: new Set(), hq: new Set() };
  if (before) {
    for (const [id, u] of units) {
      const b = before.units.get(id);
      // where the board on the page shows a moved unit, before the new board replaces it
      const el = b && b.at !== u.at && before.root ? before.root.querySelector(`.pf-unit[data-unit="${id}"]`) : null;
      if (el) out.from.set(id, el.getBoundingClientRect());
      else if (b && u.wounds > b.wounds) out.hit.add(id);
    }
    obs.hq_wounds.forEach((w, side) => {
      if (w > before.hq[side]) out.hq.add(side);
    });
  }
  seen = { game: v.id, version: v.version, units, hq: [...obs.hq_wounds], root: null, motion: out, at: performance.now() };
  return out;
}

// Slides each moved unit from where the last board showed it to where it stands now, once
// the new board is on the page.
function slide(root, motion) {
  if (!motion.from.size) return;
  requestAnimationFrame(() => {
    for (const [id, r] of motion.from) {
      const el = /** @type {HTMLElement | null} */ (root.querySelector(`.pf-unit[data-unit="${id}"]`));
      if (!el || !root.isConnected) continue;
      const n = el.getBoundingClientRect();
      el.style.setProperty("--dx", `${(r.left - n.left).toFixed(0)}px`);
      el.style.setProperty("--dy", `${(r.top - n.top).toFixed(0)}px`);
      el.classList.add("pac-moved");
    }
  });
}

// Battlefield size: declared by the observation where the game says so, else the smallest
// grid holding every space it or the actions mention (at least the standard 6 rows by 8 columns).
function dimensions(obs, aims) {
  if (obs.grid && obs.grid.rows && obs.grid.cols) return [obs.grid.rows, obs.grid.cols];
  let rows = 6;
  let cols = 8;
  const seen = [...obs.units.map((u) => u.space), ...obs.terrain.map((t) => t.space), ...(obs.smoke || []), ...(obs.muddy || [])];
  for (const a of aims) seen.push(a.target, a.on);
  for (const s of seen) {
    const m = /^(\d+),(\d+)$/.exec(s || "");
    if (m) {
      rows = Math.max(rows, Number(m[1]));
      cols = Math.max(cols, Number(m[2]));
    }
  }
  return [rows, cols];
}

// What an action is aimed at, read off its payload ({kind, ...fields}, games/pacific/actions.py):
// `source` (a unit "u:<space>" / "u:bay:<side>:<k>", a hand card "h:h<k>", a terrain card
// "t:<id>", "ta") or null, and `target` (a space, "hq:<side>", "bay:<side>:<k>") or null;
// `on` is the element a source-less action belongs to.
function aim(p, mine) {
  const unit = (ref) => {
    if (ref === undefined) return null;
    if (/^a\d+$/.test(ref)) return `bay:${mine}:${ref.slice(1)}`;
    if (/^e\d+$/.test(ref)) return `bay:${1 - mine}:${ref.slice(1)}`;
    return ref;
  };
  const src = (ref) => `u:${unit(ref)}`;
  const hand = (k) => `h:h${k + 1}`;
  switch (p.kind) {
    case "terrain":
      return { source: `t:${p.terrain}`, target: p.space, kind: "place" };
    case "ta":
      return { source: "ta", target: p.space, kind: "attack" };
    case "deploy":
      return { source: hand(p.hand), target: p.space === "hq" ? `hq:${mine}` : p.space, kind: "place" };
    case "board":
      return { source: hand(p.hand), target: p.carrier, kind: "place" };
    case "load":
      return { source: src(p.frm), target: p.carrier, kind: "move" };
    case "fetch":
      return { source: src(p.carrier), target: p.unit, kind: "move" };
    case "unload":
      return { source: src(p.carrier), target: p.to, kind: "move" };
    case "play":
      return p.unit !== undefined ? { source: hand(p.hand), target: unit(p.unit), kind: "card" } : { on: hand(p.hand) };
    case "discard":
      return { on: hand(p.hand) };
    case "move":
    case "ride":
    case "cover":
      return { source: src(p.frm), target: p.to, kind: "move" };
    case "sap":
      return { source: src(p.frm), target: p.target, kind: "move" };
    case "assault":
      return { source: src(p.frm), target: p.target, kind: "attack" };
    case "heal":
      return { source: src(p.medic), target: p.patient, kind: "card" };
    case "fire":
      return { source: src(p.unit), target: p.target === "hq" ? `hq:${1 - mine}` : unit(p.target), kind: "attack" };
    case "upgrade":
    case "mount":
    case "smoke":
      return { on: unit(p.unit) };
    case "advance":
    case "pickup":
    case "dismount":
    case "aa":
    case "trade":
      return { on: p.space };
    case "intercept":
    case "escort":
      return { on: `bay:${mine}:${p.bay}` };
    default:
      return {};
  }
}

// `u:` keys name units as the board does: their space, or "bay:<side>:<k>" beside an HQ.
function unitKey(u) {
  return u.space === "hq" ? `bay:${u.side}:${u.bay}` : u.space;
}

function cardInfo(ctx, id, name) {
  return ctx.cards.get(`id:${id}`) || ctx.cards.get(name) || null;
}

// A card's abilities (its tags) in the page's language: the catalog's ``card.<id>.text``, else
// the data's own tags.
const tagText = (c) => cardText({ msg }, `card.${c.id}.text`, c.tags.join(", "));

function unitFacts(u, c) {
  const facts = [`${u.name} (${said("type", u.type)}), ${msg("ui.side")} ${u.side}`, `${msg("ui.wounds")} ${u.wounds}/${u.hp}`];
  if (c) {
    facts.push(`${msg("ui.move")} ${c.move}, ${msg("ui.range")} ${c.range}, ${msg("ui.accuracy")} ${c.hit}+/${c.crit}+`);
    facts.push(`${msg("ui.armourPiercing")} ${c.pierce}, ${msg("ui.damage")} ${c.damage}, ${msg("ui.armour")} ${c.armour}`);
    if (c.tags && c.tags.length) facts.push(tagText(c).text);
  }
  for (const t of u.tokens || []) facts.push(`${msg("ui.token")}: ${t.name}${t.mounted ? ` (${msg("ui.mounted")})` : ""}${t.spent ? ` (${msg("ui.spent")})` : ""}`);
  for (const a of u.attached_cards || []) facts.push(`${msg("ui.card")}: ${a.name}`);
  if (u.usf) facts.push(msg("ui.underSuppressiveFire"));
  if (u.moved) facts.push(msg("ui.hasMoved"));
  return facts.join("\n");
}

// A unit up close (zoom.js): its card's printed stats under their full names, its
// abilities as printed, and its state (wounds, tokens, attached cards, markers).
function unitSpec(u, obs, ctx) {
  const c = cardInfo(ctx, u.card, u.name);
  const stats = c
    ? [stat("MP", c.move, msg("ui.move")), stat("R", c.range, msg("ui.range")), stat("H", `${c.hit}+/${c.crit}+`, msg("ui.accuracy")), stat("AP", c.pierce, msg("ui.armourPiercing")), stat("D", c.damage, msg("ui.damage")), stat("A", c.armour, msg("ui.armour")), stat("HP", c.hp, msg("ui.hitPoints"))]
    : [];
  const details = [[msg("ui.wounds"), `${u.wounds}/${u.hp}`], [msg("ui.space"), u.space === "hq" ? msg("ui.besideHq") : u.space]];
  for (const t of u.tokens || []) details.push([msg("ui.token"), `${t.name}${t.mounted ? ` (${msg("ui.mounted")})` : ""}${t.spent ? ` (${msg("ui.spent")})` : ""}`]);
  for (const a of u.attached_cards || []) details.push([msg("ui.card"), a.name]);
  if (u.cargo) details.push([msg("ui.carried"), `${u.cargo.name} (${msg("ui.wounds")} ${u.cargo.wounds}/${u.cargo.hp})`]);
  return {
    name: u.name,
    type: `${catalogText(ctx, "type", u.type)} · ${armyName(obs, u.side)}`,
    stats: stats.filter(Boolean),
    markers: [u.usf ? marker("USF", "warn", msg("ui.underSuppressiveFire")) : null, u.moved ? marker(msg("ui.hasMoved")) : null, u.promotions ? marker("★".repeat(u.promotions), "", msg("ui.promotions")) : null].filter(Boolean),
    text: c && c.tags && c.tags.length ? tagText(c).text : "",
    textLang: c && c.tags && c.tags.length ? tagText(c).lang : "en",
    rule: "unit",
    details,
  };
}

// A terrain card up close: its printed values, its hit points left, whether it is in ruins.
function terrainSpec(t, ctx) {
  const c = cardInfo(ctx, t.id, t.name);
  const stats = c ? [stat("EV", (c.evasion || []).map((v) => `+${v}`).join("/"), msg("ui.evasion")), stat("A", c.armour, msg("ui.armour")), stat("HP", c.hp, msg("ui.hitPoints")), stat("AP", c.cost, msg("ui.cost"))] : [];
  const details = [[msg("ui.terrainKind"), catalogText(ctx, "terrain", t.id)]];
  if (t.hp) details.push([msg("ui.hitPointsLeft"), t.hp]);
  if (t.ruins) details.push([msg("ui.ruins"), "✓"]);
  return { name: t.name, type: msg("ui.terrain"), stats: stats.filter(Boolean), markers: [], text: c && c.tags && c.tags.length ? tagText(c).text : "", textLang: c && c.tags && c.tags.length ? tagText(c).lang : "en", rule: "terrain", details };
}

function unitToken(u, ctx, sel, motion, obs) {
  const c = cardInfo(ctx, u.card, u.name);
  const pips = [];
  for (let k = 0; k < u.hp; k++) pips.push(h("i", { class: k < u.wounds ? "wound" : "" }));
  return h(
    "div",
    { class: `pf-unit side${u.side}${sel ? " selected" : ""}${u.usf ? " usf" : ""}${motion.hit.has(u.id) ? " pac-hit" : ""}`, title: unitFacts(u, c), dataset: { unit: String(u.id) } },
    h("div", { class: "pf-unit-band", style: `background:${SIDE_COLOUR[u.side]}` }, h("b", {}, TYPE_LETTER[u.type] || "?"), u.promotions ? ` ${"★".repeat(u.promotions)}` : ""),
    h("div", { class: "pf-unit-name" }, u.name),
    h("div", { class: "pf-pips" }, pips),
    (u.tokens || []).length ? h("div", { class: "pf-tokens" }, u.tokens.map((t) => h("span", { class: `pf-token${t.spent ? " spent" : ""}${t.mounted ? " mounted" : ""}`, title: t.name }, t.name.slice(0, 2)))) : null,
    u.usf ? h("span", { class: "pf-flag" }, "USF") : null,
    u.cargo ? h("div", { class: "pf-cargo", title: msg("ui.carried") }, `⤷ ${u.cargo.name}${u.cargo.wounds ? ` (${u.cargo.wounds}/${u.cargo.hp})` : ""}`) : null,
    infoButton(unitSpec(u, obs, ctx), ctx),
  );
}

function openMenu(el, items) {
  for (const m of document.querySelectorAll(".card-menu")) m.remove();
  const menu = h(
    "div",
    { class: "card-menu", role: "menu" },
    items.map(([label, fn, id]) =>
      h("button", { class: "action", role: "menuitem", dataset: id ? { action: id } : {}, onclick: (e) => { e.stopPropagation(); for (const m of document.querySelectorAll(".card-menu")) m.remove(); fn(); } }, label),
    ),
  );
  // opening leftwards near the right edge of the page, so a phone does not scroll sideways
  if (el.getBoundingClientRect().left + 230 > document.documentElement.clientWidth) menu.classList.add("pac-menu-left");
  el.append(menu);
  // a keyboard goes on in the menu it opened
  const first = /** @type {HTMLElement | null} */ (menu.querySelector("button"));
  if (first) first.focus({ preventScroll: true });
}

// Makes `el` the control of `acts` (its own actions and those aimed at it by the selected
// source) and, when `key` is a source of aimed actions, the way to select it.
function control(el, key, acts, sources, ctx, select) {
  const canSelect = key !== null && sources.has(key) && key !== selected;
  if (key !== null && key === selected) el.classList.add("selected");
  if (!acts.length && !canSelect) return el;
  if (acts.length) {
    el.classList.add("can-act");
    el.dataset.actions = acts.map((a) => a.id).join(" ");
    if (canSelect) el.dataset.menu = "1"; // a click opens a menu, whatever the count
    el.title = `${el.title ? `${el.title}\n\n` : ""}${acts.map(withOdds((a) => a.label, ctx)).join("\n")}`;
  } else {
    el.classList.add("pf-selectable");
  }
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  const onClick = (ev) => {
    ev.stopPropagation();
    if (acts.length === 1 && !canSelect) {
      for (const m of document.querySelectorAll(".card-menu")) m.remove();
      ctx.act(acts[0].id);
    } else if (acts.length) {
      const items = acts.map((a) => [a.label, () => ctx.act(a.id), a.id]);
      if (canSelect) items.push([msg("ui.selectSource"), () => select(key)]);
      openMenu(el, items);
    } else {
      select(key);
    }
  };
  el.addEventListener("click", onClick);
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") onClick(ev);
  });
  return el;
}

function boardView(obs, ctx, aims, sources, select, mine, motion) {
  // under the grid: the facts of the selected unit, or of the last unit tapped
  const chosen = selected && selected.startsWith("u:") ? obs.units.find((x) => `u:${unitKey(x)}` === selected) : null;
  const facts = h("div", { class: "pac-facts", "aria-live": "polite" }, chosen ? unitFacts(chosen, cardInfo(ctx, chosen.card, chosen.name)).replaceAll("\n", " · ") : "");
  const [rows, cols] = dimensions(obs, aims);
  const flip = mine === 1;
  const units = new Map(obs.units.filter((u) => u.space !== "hq").map((u) => [u.space, u]));
  const terrain = new Map(obs.terrain.map((t) => [t.space, t]));
  const smoke = new Set(obs.smoke || []);
  const muddy = new Set(obs.muddy || []);
  const sea = new Set(obs.sea || []);
  const objectives = new Set(obs.objectives || []);
  const cells = [];
  // top to bottom: the far side's rows first; seat side 1 sees the board turned 180°
  for (let i = 0; i < rows; i++) {
    const r = flip ? i : rows - 1 - i;
    for (let j = 0; j < cols; j++) {
      const c = flip ? cols - 1 - j : j;
      const name = space(r, c);
      const t = terrain.get(name);
      const u = units.get(name);
      const deployRow = r === 0 ? 0 : r === rows - 1 ? 1 : null;
      const parts = [h("span", { class: "pf-name" }, name)];
      // terrain in the page's language on the grid; its card, as printed, up close
      const named = t ? catalogText(ctx, "terrain", t.id) : "";
      if (t) parts.push(h("div", { class: `pf-terrain${t.ruins ? " ruins" : ""}`, title: `${named}${t.hp ? `, ${msg("ui.hitPoints")} ${t.hp}` : ""}` }, t.ruins ? `${named} (${msg("ui.ruins")})` : named, t.hp ? h("small", {}, ` ${t.hp}♥`) : null, infoButton(terrainSpec(t, ctx), ctx)));
      if (u) parts.push(unitToken(u, ctx, selected === `u:${name}`, motion, obs));
      if (smoke.has(name)) parts.push(h("span", { class: "pf-smoke", title: msg("ui.smoke") }, "☁"));
      if (muddy.has(name)) parts.push(h("span", { class: "pf-mud", title: msg("ui.muddy") }, "≈"));
      if (objectives.has(name)) parts.push(h("span", { class: "pf-objective", title: msg("ui.objective") }, "⚑"));
      const here = aims.filter((a) => (a.target === name && a.source === selected) || (a.on === name));
      const kinds = new Set(here.map((a) => a.kind || "own"));
      const hl = kinds.has("attack") ? "attack" : kinds.has("move") ? "move" : here.length ? "other" : "";
      const el = h(
        "div",
        { class: `pf-cell${t ? ` terrain-${t.id}` : ""}${sea.has(name) || (t && t.id === "sea") ? " sea" : ""}${deployRow !== null ? ` deploy${deployRow}` : ""}${hl ? ` hl-${hl}` : ""}`, dataset: { space: name } },
        parts,
      );
      const idle = !here.length && !(u && sources.has(`u:${name}`) && selected !== `u:${name}`);
      // a unit (else a terrain card) opens up close: a long press, or a click when the space offers nothing to do
      if (u || t) inspectable(el, u ? unitSpec(u, obs, ctx) : terrainSpec(t, ctx), ctx, idle);
      cells.push(control(el, u ? `u:${name}` : null, here, sources, ctx, select));
      if (u && idle) {
        // a unit with nothing to do also writes its facts under the grid (a touch screen has no hover)
        el.classList.add("pac-inspect");
        el.addEventListener("click", () => {
          facts.textContent = unitFacts(u, cardInfo(ctx, u.card, u.name)).replaceAll("\n", " · ");
        });
      }
    }
  }
  const grid = h("div", { class: "pf-grid", style: `grid-template-columns: repeat(${cols}, 1fr)`, role: "grid", "aria-label": msg("ui.battlefield") }, cells);
  return [grid, facts];
}

function sidePanel(obs, side, ctx, aims, sources, select, mine, motion) {
  const isMine = ctx.seat !== null && side === mine;
  const slots = obs.slot_side.map((s, i) => [s, i]).filter(([s]) => s === side).map(([, i]) => i);
  const hqKey = `hq:${side}`;
  const hqActs = aims.filter((a) => a.target === hqKey && a.source === selected);
  const hq = control(
    h("div", { class: `pf-hq side${side}${motion.hq.has(side) ? " pac-hit" : ""}`, style: `border-color:${SIDE_COLOUR[side]}`, title: msg("ui.headquarters") },
      h("b", {}, `HQ ${armyName(obs, side)}`),
      h("div", {}, `${msg("ui.wounds")} ${obs.hq_wounds[side]}/${HQ_HP}`),
      h("div", {}, `${msg("ui.armour")} ${obs.hq_armour[side]}`)),
    null, hqActs, sources, ctx, select);
  const bays = obs.units.filter((u) => u.space === "hq" && u.side === side).sort((a, b) => a.bay - b.bay).map((u) => {
    const key = unitKey(u);
    const acts = aims.filter((a) => (a.target === key && a.source === selected) || a.on === key);
    const bay = h("div", { class: "pf-bay", dataset: { bay: String(u.bay) } }, unitToken(u, ctx, selected === `u:${key}`, motion, obs));
    inspectable(bay, unitSpec(u, obs, ctx), ctx, !acts.length && !(sources.has(`u:${key}`) && selected !== `u:${key}`));
    return control(bay, `u:${key}`, acts, sources, ctx, select);
  });
  const hqCards = obs.hq_cards[side].map((c) => card({ name: c.name, type: `${msg("ui.cost")} ${c.cost}`, tone: "tactic", extra: "small", ctx, rule: "support", text: effectText(ctx, cardInfo(ctx, c.id, c.name)), textLang: null }));
  const hands = slots.map((slot) => {
    const cards = obs.hands[slot];
    const who = `${ctx.t("seat")} ${slot}${slot === ctx.seat ? ` (${msg("ui.you")})` : ""}`;
    if (cards === null) {
      const backs = [];
      for (let i = 0; i < obs.hand_sizes[slot]; i++) backs.push(facedown({ extra: "mini" }));
      return h("div", { class: "pf-hand-closed" }, h("small", {}, `${who}: ${msg("ui.hand")} ${obs.hand_sizes[slot]}`), h("div", { class: "tk-opp-hand" }, backs));
    }
    const els = cards.map((cd, k) => {
      const ref = `h${k + 1}`;
      const info = cardInfo(ctx, cd.id, cd.name);
      const el = card({
        name: cd.name,
        type: `${info ? catalogText(ctx, "type", info.type || info.kind || "") : ""} · ${cd.cost}`,
        tone: `${info && info.kind === "unit" ? `unit ${info.type}` : "tactic"}`,
        stats: info && info.kind === "unit" ? [stat("R", info.range, msg("ui.range")), stat("H", `${info.hit}/${info.crit}`, msg("ui.accuracy")), stat("AP", info.pierce, msg("ui.armourPiercing")), stat("A", info.armour, msg("ui.armour")), stat("HP", info.hp, msg("ui.hitPoints"))] : [],
        extra: "small",
        ctx, rule: info ? info.kind : "", text: effectText(ctx, info), textLang: null,
      });
      const key = `h:${ref}`;
      // only the acting seat's own hand names its cards h1.. in the action ids
      const acts = slot === ctx.seat ? aims.filter((a) => a.on === key) : [];
      return slot === ctx.seat ? control(el, key, acts, sources, ctx, select) : el;
    });
    return zone(`${who}: ${msg("ui.hand")} (${cards.length})`, els, slot === ctx.seat ? "hand" : "");
  });
  const discards = obs.discards[side] || [];
  return h(
    "div",
    { class: `pf-side${isMine ? " mine" : ""}${obs.active_side === side ? " to-act" : ""}`, dataset: { side: String(side) } },
    h("header", {},
      h("span", { class: "tc-swatch", style: `background:${SIDE_COLOUR[side]}` }),
      h("b", {}, `${armyName(obs, side)} — ${slots.length ? slots.map((s) => `${ctx.t("seat")} ${s}`).join(", ") : msg("ui.rulebookAi")}`),
      obs.active_side === side && !obs.over ? marker(msg("ui.active"), "active") : null,
      marker(`AP ${obs.ap[side]}`, "phase", msg("ui.actionPoints")),
      marker(`${msg("ui.supplyLine")} ${obs.supply[side]}`),
      obs.bids[side] !== null && obs.bids[side] !== undefined && obs.phase === "bid" ? marker(`${msg("ui.bid")} ${obs.bids[side]}`) : null),
    h("div", { class: "pf-hq-row" }, hq, bays.length ? h("div", { class: "pf-bays" }, bays) : null, ...hqCards,
      pile(msg("ui.deck"), slots.length ? slots.reduce((n, s) => n + obs.deck_sizes[s], 0) : obs.deck_sizes[side] || 0),
      pile(msg("ui.discard"), discards.length)),
    ...hands,
    discards.length ? h("details", { class: "piles" }, h("summary", {}, `${msg("ui.discardPile")} (${discards.length})`), zone("", counted(discards.map((c) => c.name)).map(([n, k]) => h("span", { class: "chip" }, k > 1 ? `${n} ×${k}` : n)))) : null,
  );
}

function terrainPanel(obs, ctx, sources, select) {
  // shown while terrain is being laid out, when its cards are the sources of placements
  const piles = (obs.terrain_piles || []).flat();
  if (!piles.length || ![...sources].some((s) => s.startsWith("t:"))) return null;
  const seen = new Set();
  const els = piles.filter((t) => !seen.has(t.id) && seen.add(t.id)).map((t) => {
    const el = card({ name: t.name, type: `${msg("ui.terrain")} · ${catalogText(ctx, "terrain", t.id)}`, tone: "event", extra: "small" });
    return control(el, `t:${t.id}`, [], sources, ctx, select);
  });
  return zone(msg("ui.terrainCardsToPlace"), els);
}

// Where an aircraft or its target is, as the air attack names it (observation.py): a space
// "r,c", a place beside side A's or B's HQ ("A1"), or "hq".
function airPlace(obs, where) {
  if (where === "hq") return msg("ui.headquarters");
  const bay = /^([AB])\d+$/.exec(where);
  return bay ? msg("ui.air.bay", { army: armyName(obs, bay[1] === "A" ? 0 : 1) }) : where;
}

// The air attack under way (§16): its aircraft, target, defender and escorts, in words.
function airPanel(obs) {
  const air = obs.air;
  if (!air) return null;
  const rows = [];
  for (const field of ["plane", "target", "interceptor", "escort"]) {
    if (air[field]) rows.push([field, airPlace(obs, air[field])]);
  }
  if (air.defender !== null && air.defender !== undefined) rows.push(["defender", armyName(obs, air.defender)]);
  if (air.paratroopers) rows.push(["paratroopers", "✓"]);
  return h("div", { class: "tk-attack pf-air" }, h("h4", {}, msg("ui.airAttack")), h("ul", {}, rows.map(([k, v]) => h("li", {}, `${msg(`ui.air.${k}`)}: ${v}`))));
}

// A line of the rulebook AI's log in the page's language: its catalog message (arguments
// that are messages rendered first, as hints.js does), else the observation's English.
function aiLine(m, english) {
  if (!m || typeof m !== "object" || typeof m.key !== "string") return english;
  const args = {};
  for (const [k, v] of Object.entries(m.args || {})) args[k] = v !== null && typeof v === "object" ? aiLine(v, "") : v;
  const text = msg(m.key, args);
  return text === m.key ? english : text;
}

function aiPanel(obs) {
  if (!obs.solo) return null;
  const log = obs.ai_log || [];
  const notes = obs.ai_said || [];
  const from = Math.max(0, log.length - 8);
  const last = log.slice(from).map((line, k) => aiLine(notes[from + k], line));
  return h("div", { class: "pf-ai" }, h("h4", {}, `${msg("ui.rulebookAi")}${obs.behaviour ? ` — ${obs.behaviour}` : ""}`), last.length ? h("ol", {}, last.map((d) => h("li", {}, d))) : h("span", { class: "muted" }, "—"));
}

// Why the game ended, as the rules recorded it (obs.end_reason): the time limit (4.7, 14.3), an HQ
// with as many wounds as hit points (8.2), a side's empty deck (8.3), the scenario's
// objectives held (14.1).
function endWhy(obs) {
  const w = obs.winner === null ? -1 : obs.winner;
  const wounds = obs.hq_wounds;
  const why = obs.end_reason;
  if (why === "time") {
    if (obs.scenario && obs.attacker !== null && w >= 0 && w !== obs.attacker) return msg("end.held", { army: armyName(obs, w) });
    return w < 0 ? msg("end.time-draw", { wounds: wounds[0] }) : msg("end.time", { wounds: wounds[w], other: wounds[1 - w] });
  }
  if (why === "hq") return msg("end.hq", { army: armyName(obs, 1 - w) });
  if (why === "deck") return msg("end.deck", { army: armyName(obs, 1 - w) });
  if (why === "objectives") return msg("end.objectives", { army: armyName(obs, w) });
  return "";
}

// The line at the top of the board: whose turn it is and what they are doing, or what one
// is to decide oneself; the game's end with its winner and why.
function turnLine(obs, ctx, aims) {
  if (obs.over) {
    const who = obs.winner === null || obs.winner < 0 ? msg("ui.draw") : `${armyName(obs, obs.winner)} ${msg("ui.wins")}`;
    const why = endWhy(obs);
    return h("div", { class: "tc-turn over", role: "status" }, why ? `${who}: ${why}` : who);
  }
  if (aims.length) return h("div", { class: "tc-turn mine", role: "status" }, h("b", {}, `${msg("ui.yourTurn")}: `), prompt(obs, ctx, aims));
  const who = obs.actor === null || obs.actor === undefined ? msg("ui.theRules") : `${ctx.t("seat")} ${obs.actor}`;
  const doing = PHASE_DOING[obs.phase] ? msg(PHASE_DOING[obs.phase]) : phaseName(ctx, obs.phase);
  return h("div", { class: "tc-turn", role: "status" }, msg("ui.turnTheirs", { seat: who, doing }));
}

function phaseBar(obs, ctx, mine, aims) {
  const reaction = !obs.over && aims.length && obs.active_side !== null && obs.active_side !== mine;
  return h("div", { class: "tc-top" },
    turnLine(obs, ctx, aims),
    h("div", { class: "phase-bar" },
      marker(`${msg("ui.round")} ${obs.round}${obs.max_rounds ? `/${obs.max_rounds}` : ""}`),
      obs.scenario && obs.scenario !== "pitched" ? marker(`${msg("ui.scenario")}: ${said("scenario", obs.scenario)}`, "warn") : null,
      h("span", { class: "mk phase" }, `${msg("ui.phase")}: ${phaseName(ctx, obs.phase)}`, ruleLink(ctx, "phase", obs.phase)),
      reaction ? marker(msg("ui.reaction"), "wait") : null,
      obs.weather && obs.weather !== "none" ? marker(`${msg("ui.weather")}: ${said("log.weather", obs.weather)}`, "warn") : null,
      obs.first_side !== null && obs.first_side !== undefined ? marker(`${msg("ui.first")}: ${armyName(obs, obs.first_side)}`) : null));
}

function legend() {
  return h("div", { class: "tc-legend" },
    h("span", { class: "tc-key" }, msg("ui.legendTypes")),
    h("span", { class: "tc-key" }, msg("ui.legendMarks")));
}

// The legal actions with what each is aimed at, and the selection brought up to date (kept
// while it still has targets, else one's first unit with some, else the first source).
function settle(obs, ctx, mine) {
  msg = ctx.msg;
  const aims = (ctx.actions || []).map((a) => ({ ...aim(a.payload || {}, mine), id: a.id, label: ctx.actionText(a), odds: oddsOf(a) }));
  const sources = new Set(aims.filter((a) => a.source && a.target).map((a) => a.source));
  if (!sources.has(selected)) selected = [...sources].find((s) => s.startsWith("u:")) || [...sources][0] || null;
  return { aims, sources };
}

const mySide = (obs) => (obs.your_side === null || obs.your_side === undefined ? 0 : obs.your_side);

// What each phase asks of the seat to act, when no unit or card is selected.
const PHASE_PROMPT = {
  mulligan: "ui.prompt.mulligan",
  bid: "ui.prompt.bid",
  terrain: "ui.prompt.terrain",
  hq: "ui.prompt.hq",
  deploy: "ui.prompt.deploy",
  move: "ui.prompt.move",
  shoot: "ui.prompt.shoot",
  flip: "ui.prompt.flip",
  discard: "ui.prompt.discard",
  intercept: "ui.prompt.reaction",
  escort: "ui.prompt.reaction",
  aa: "ui.prompt.reaction",
  smoke: "ui.prompt.reaction",
  screen: "ui.prompt.reaction",
};

// What the other side is doing in each phase, for the line at the top of the board.
const PHASE_DOING = {
  mulligan: "ui.doing.mulligan",
  bid: "ui.doing.bid",
  terrain: "ui.doing.terrain",
  hq: "ui.doing.hq",
  deploy: "ui.doing.deploy",
  move: "ui.doing.move",
  shoot: "ui.doing.shoot",
  flip: "ui.doing.flip",
  discard: "ui.doing.discard",
  intercept: "ui.doing.reaction",
  escort: "ui.doing.reaction",
  aa: "ui.doing.reaction",
  smoke: "ui.doing.reaction",
  screen: "ui.doing.reaction",
};

// The name of what a source key stands for: a unit on the board or in a bay, a card in
// one's hand, a terrain card.
function sourceName(obs, ctx, key) {
  if (key.startsWith("u:")) {
    const u = obs.units.find((x) => `u:${unitKey(x)}` === key);
    return u ? u.name : key.slice(2);
  }
  if (key.startsWith("h:h")) {
    const hand = ctx.seat === null ? null : obs.hands[ctx.seat];
    const c = hand ? hand[Number(key.slice(3)) - 1] : null;
    return c ? c.name : key.slice(2);
  }
  if (key.startsWith("t:")) {
    const t = (obs.terrain_piles || []).flat().find((x) => `t:${x.id}` === key);
    return t ? t.name : key.slice(2);
  }
  return key;
}

// One sentence for the decision: what the selected unit or card may do, else what the
// phase asks for.
function prompt(obs, ctx, aims) {
  const mine = aims.filter((a) => a.target && a.source === selected);
  if (selected && mine.length) {
    const kinds = new Set(mine.map((a) => a.kind));
    const name = sourceName(obs, ctx, selected);
    if (selected === "ta") return msg("ui.prompt.ta");
    if (selected.startsWith("t:")) return msg("ui.prompt.terrainCard", { card: name });
    if (selected.startsWith("h:")) return msg(kinds.has("place") ? "ui.prompt.deployCard" : "ui.prompt.cardTarget", { card: name });
    const key = kinds.has("move") && kinds.has("attack") ? "ui.prompt.unitBoth" : kinds.has("attack") ? "ui.prompt.unitAttack" : kinds.has("move") ? "ui.prompt.unitMove" : "ui.prompt.unitOther";
    return msg(key, { unit: name });
  }
  return msg(PHASE_PROMPT[obs.phase] || "ui.prompt.other");
}

// The decision panel (see game.js): the sentence, and the actions with no unit, card or
// space on the table to click.
export function decision(obs, ctx) {
  const { aims } = settle(obs, ctx, mySide(obs));
  const off = new Set(aims.filter((a) => !a.source && !a.on).map((a) => a.id));
  return { prompt: prompt(obs, ctx, aims), actions: (ctx.actions || []).filter((a) => off.has(a.id)) };
}

export function render(obs, ctx) {
  const mine = mySide(obs);
  const { aims, sources } = settle(obs, ctx, mine);
  const motion = motionSince(obs, ctx);
  let root = null;
  const select = (key) => {
    selected = key;
    const fresh = render(obs, ctx);
    root.replaceWith(fresh);
    if (ctx.retell) ctx.retell();
    // a keyboard goes on from the first target the selection lit
    const first = /** @type {HTMLElement | null} */ (fresh.querySelector(".pf-cell.can-act, .pf-hq.can-act, .pf-bay.can-act"));
    if (first) first.focus({ preventScroll: true });
  };
  const ta = sources.has("ta") ? control(h("div", { class: "pf-ta" }, msg("ui.taChoose")), "ta", [], sources, ctx, select) : null;
  root = h(
    "div",
    { class: "pf-board" },
    phaseBar(obs, ctx, mine, aims),
    h("div", { class: "tc-main" },
      h("div", { class: "pf-field" },
        sidePanel(obs, 1 - mine, ctx, aims, sources, select, mine, motion),
        boardView(obs, ctx, aims, sources, select, mine, motion),
        sidePanel(obs, mine, ctx, aims, sources, select, mine, motion),
        legend()),
      h("div", { class: "tc-side" }, ta, oddsPanel(aims.filter((a) => a.source === selected), ctx, (a) => a.label), terrainPanel(obs, ctx, sources, select), airPanel(obs), aiPanel(obs),
        selected ? h("div", { class: "tc-selected muted" }, `${msg("ui.selected")}: ${sourceName(obs, ctx, selected)}`) : null)),
  );
  if (motion.live) {
    seen.root = root;
    slide(root, motion);
  }
  return root;
}
