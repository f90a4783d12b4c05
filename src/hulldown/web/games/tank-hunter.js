// Tank Hunter 2e: every player's front and rear line, commanders, score pile and
// deployed cards; face-down units show only their markers (one's own show their
// name, marked as still hidden). The open attacks, scoutings, reaction windows and
// event cards are listed in the middle; one's hand, draft packet and picks below.
// Units, hand and packet cards are clicked to take the actions that concern them:
// what an action is comes from its payload ({kind, ...fields}, games/tank_hunter/actions.py),
// and every text from the game's catalog (ctx.msg, the ui.* keys of messages.json).
import { h } from "../dom.js";
import { actionsWhere, card, clickable, facedown, marker, pile, ruleLink, stat, zone, drawnBefore, statusSentence } from "./kit.js";
import { oddsPanel, withOdds } from "../odds.js";

const lineName = (ctx, l) => ctx.msg(`ui.line.${l}`);
const seatName = (ctx, q) => `${ctx.t("seat")} ${q}`;
// A catalog key's text, or ``fallback`` where the catalog has none.
const named = (ctx, key, fallback) => {
  const s = ctx.msg(key);
  return s === key ? fallback : s;
};
const phaseName = (ctx, phase) => named(ctx, `phase.${phase}`, phase);
const stageName = (ctx, stage) => (stage ? named(ctx, `stage.${stage}`, stage) : "");

// Positions are counted from 1 on the page, as players count cards on the table.
function unitName(obs, ctx, q, l, i) {
  const p = obs.players[Number(q)];
  const u = p && (l === "f" ? p.front : p.rear)[Number(i)];
  if (!u) return ctx.msg("ui.slot", { line: lineName(ctx, l), pos: Number(i) + 1 });
  return u.unit ? u.unit : ctx.msg("ui.faceDownAt", { line: lineName(ctx, l), pos: Number(i) + 1 });
}

// §2.4: the kept units that may go to the rear line, in the order of the mask's bits.
function placeLabel(obs, ctx, mask) {
  const cands = (obs.kept || []).filter((n) => {
    const c = ctx.cards.get(n);
    return c && c.type === "unit" && c.kind !== "COMMANDER" && (c.icons || []).includes("rear_line");
  });
  const rear = cands.filter((_, b) => (mask >> b) & 1);
  return rear.length ? ctx.msg("ui.act.placeRear", { units: rear.join(", ") }) : ctx.msg("ui.act.placeFront");
}

function who(ctx, q) {
  return Number(q) === ctx.seat ? ctx.msg("ui.your") : `${seatName(ctx, q)}:`;
}

// Readable labels: card names instead of positions wherever this seat knows them.
export function actionLabel(a, obs, ctx) {
  const p = a.payload || {};
  const me = ctx.seat;
  const hand = obs.hand || [];
  const own = (l, i) => unitName(obs, ctx, me, l, i);
  switch (p.kind) {
    case "play": return hand[p.pos] ? ctx.msg("ui.act.play", { card: hand[p.pos] }) : ctx.actionText(a);
    case "discard": return hand[p.pos] ? ctx.msg("ui.act.discard", { card: hand[p.pos] }) : ctx.actionText(a);
    case "pick": {
      const name = (obs.packet || [])[p.pos];
      return name ? ctx.msg("ui.act.pick", { card: name }) : ctx.actionText(a);
    }
    case "reveal": return ctx.msg("ui.act.reveal", { unit: own(p.line, p.pos) });
    case "place-rear": return placeLabel(obs, ctx, p.mask);
    case "no-advance": return ctx.msg("ui.act.noAdvance");
    case "advance": return ctx.msg("ui.act.advance", { unit: own("r", p.pos) });
    case "no-supply": return ctx.msg("ui.act.noSupply");
    case "supply": return ctx.msg(p.marker === "ammo" ? "ui.act.resupply" : "ui.act.rally", { unit: own(p.line, p.pos) });
    case "attack":
      return ctx.msg("ui.act.attack", {
        unit: own(p.line, p.pos), who: who(ctx, p.seat), target: unitName(obs, ctx, p.seat, p.tline, p.tpos), type: ctx.msg(`ui.type.${p.atype}`),
      });
    case "target-unit": return ctx.msg("ui.act.target", { who: who(ctx, p.seat), unit: unitName(obs, ctx, p.seat, p.line, p.pos) });
    case "carry":
      return ctx.msg(p.how === "conceal" ? "ui.act.conceal" : "ui.act.carry", { unit: own(p.line, p.pos), other: own(p.tline, p.tpos) });
    case "scout": return ctx.msg("ui.act.scout", { who: seatName(ctx, p.seat), unit: own("f", p.pos) });
    case "swap": return ctx.msg("ui.act.swap", { unit: own(p.line, p.a), other: own(p.line, p.b) });
    case "anti-air": return ctx.msg("ui.act.antiAir", { unit: own(p.line, p.pos) });
    case "amphibian": return ctx.msg("ui.act.amphibian", { unit: own(p.line, p.pos), n: p.water + 1 });
    case "scout-counter": return ctx.msg("ui.act.scoutCounter", { unit: own("f", p.pos) });
    case "spot": {
      const pend = obs.pending[obs.pending.length - 1];
      return pend ? ctx.msg("ui.act.reveal", { unit: unitName(obs, ctx, pend.target_seat, "f", p.pos) }) : ctx.actionText(a);
    }
    case "target-seat": return ctx.msg("ui.act.targetSeat", { who: p.seat === me ? ctx.msg("ui.you") : seatName(ctx, p.seat) });
    case "command": case "command-unit": case "command-intel": {
      const cmd = ((obs.players[me] || {}).commanders || [])[p.slot];
      const name = cmd ? cmd.unit : ctx.actionText(a);
      if (p.kind === "command-unit") return `${name}: ${own(p.line, p.pos)}`;
      if (p.kind === "command-intel") return `${name}: ${ctx.msg("ui.act.reveal", { unit: `${seatName(ctx, p.seat)} ${unitName(obs, ctx, p.seat, "f", p.pos)}` })}`;
      return name;
    }
    default: return ctx.actionText(a);
  }
}

const at = (p, l, i) => p.line === l && p.pos === i;

// The actions one unit is the subject or object of.
function unitActions(obs, ctx, q, l, i) {
  const own = q === ctx.seat;
  const spotSeat = obs.pending.length ? obs.pending[obs.pending.length - 1].target_seat : null;
  return actionsWhere(ctx, (p) => {
    switch (p.kind) {
      case "reveal": case "anti-air": case "supply": case "amphibian": case "carry": case "command-unit":
        return own && at(p, l, i);
      case "advance": return own && l === "r" && p.pos === i;
      case "swap": return own && p.line === l && (p.a === i || p.b === i);
      case "attack": return (own && at(p, l, i)) || (p.seat === q && p.tline === l && p.tpos === i);
      case "scout": case "scout-counter": return own && l === "f" && p.pos === i;
      case "command-intel": return l === "f" && p.seat === q && p.pos === i;
      case "target-unit": return p.seat === q && at(p, l, i);
      case "spot": return l === "f" && q === spotSeat && p.pos === i;
      default: return false;
    }
  });
}

// The values a unit card prints beyond its face's stats, for its zoom.
function unitDetails(c, ctx) {
  if (!c) return [];
  const rows = [[ctx.msg("ui.supply"), c.supply]];
  for (const k of ["suicide", "scouting", "long_range", "anti_air", "evading"]) if (c[k]) rows.push([ctx.msg(`ui.value.${k}`), c[k]]);
  if (c.command) rows.push([ctx.msg("ui.commanders"), c.command]);
  return rows;
}

// Each printed value of a unit card in a sentence of the page's language, for its zoom: what
// the value does in play, with the clause that says so.
function unitSays(c, ctx) {
  if (!c || c.kind === "COMMANDER") return []; // a commander's text says what it does (11.3)
  const out = [ctx.msg("say.points", { n: c.points }), ctx.msg(c.defence_kind === "armour" ? "say.armour" : "say.agility", { n: c.defence })];
  const shot = (key, v) => {
    if (v === undefined || v === null || v === "") return;
    const [value, shots] = String(v).split("x");
    out.push(ctx.msg(key, { v, value }));
    if (shots) out.push(ctx.msg("say.salvo", { v, value, shots }));
  };
  shot("say.anti_armour", c.anti_armour);
  shot(c.kind === "INF" ? "say.gunfight" : "say.grenade", c.attack);
  if (c.trample) shot("say.trample", c.trample);
  if (c.suicide) shot("say.suicide", c.suicide);
  if (c.supply !== undefined) out.push(c.supply >= 7 ? ctx.msg("say.supply7") : ctx.msg("say.supply", { n: c.supply }));
  for (const k of ["scouting", "long_range", "anti_air", "evading"]) if (c[k]) out.push(ctx.msg(`say.${k}`, { n: c[k] }));
  return out;
}

function unitCard(v, ctx, label) {
  const c = v.unit ? ctx.cards.get(v.unit) : null;
  const marks = [
    v.hidden && v.unit ? marker(ctx.msg("ui.faceDown"), "", ctx.msg("ui.onlyYou")) : null,
    v.pinned ? marker(ctx.msg("ui.pinned"), "pin") : null,
    v.ooa ? marker(ctx.msg("ui.ooa"), "ooa", ctx.msg("ui.ooaMeans")) : null,
    v.exhausted ? marker(ctx.msg("ui.exhausted"), "exh") : null,
    v.evaded ? marker(ctx.msg("ui.evaded")) : null,
    v.rolled ? marker(ctx.msg("ui.rolled")) : null,
    ...(v.attached || []).map((n) => marker(`+ ${n}`, "good")),
  ];
  if (!v.unit) return facedown({ label, markers: marks });
  return card({
    name: v.unit,
    type: c ? `${c.kind} · ${named(ctx, `nation.${c.nation}`, c.nation)}` : "",
    tone: `unit ${c ? c.kind.toLowerCase() : ""}`,
    stats: c ? [stat("VP", c.points, ctx.msg("ui.vp")), stat(c.defence_kind === "armour" ? "ARM" : "DEF", c.defence, ctx.msg("ui.defence")),
      stat("AA", c.anti_armour, ctx.msg("ui.type.aa")), stat("ATK", c.attack, ctx.msg("ui.attack")), c.trample ? stat("TR", c.trample, ctx.msg("ui.type.tr")) : null] : [],
    markers: [...marks, ...(c ? c.icons.map((i) => marker(named(ctx, `icon.${i}`, i.replace("_", " ")), "", named(ctx, `icon.${i}.means`, ""))) : [])],
    // a commander's command, and an errata, printed in words
    text: c && c.text ? c.text : "",
    textKey: `card.${v.unit}.text`,
    extra: v.hidden ? "own-hidden" : "",
    ctx,
    rule: c && c.kind === "COMMANDER" ? "commander" : "unit",
    details: unitDetails(c, ctx),
    says: unitSays(c, ctx),
  });
}

function eventCard(name, ctx) {
  const c = ctx.cards.get(name);
  const kind = ctx.msg("ui.event");
  const colour = c ? named(ctx, `colour.${c.colour}`, c.colour) : "";
  const details = c ? [[ctx.msg("ui.timing"), `${colour}: ${named(ctx, `colour.${c.colour}.means`, "")}`]] : [];
  return card({ name, type: c ? `${kind} · ${colour}` : kind, tone: `event ${c ? c.colour : ""}`, text: c ? c.text : "", textKey: `card.${name}.text`, ctx, rule: c ? `event.${c.colour}` : "", details });
}

function anyCard(name, ctx) {
  const c = ctx.cards.get(name);
  return c && c.type === "unit" ? unitCard({ unit: name }, ctx) : eventCard(name, ctx);
}

function playerBox(obs, q, ctx) {
  const p = obs.players[q];
  const mine = q === ctx.seat;
  const labelOf = withOdds((a) => actionLabel(a, obs, ctx), ctx);
  const line = (l) => {
    const units = (l === "f" ? p.front : p.rear).map((v, i) => {
      const el = clickable(unitCard(v, ctx, ctx.msg("ui.slot", { line: lineName(ctx, l), pos: i + 1 })), unitActions(obs, ctx, q, l, i), ctx, labelOf);
      el.dataset.ref = `${l}:${i}`; // where the unit stands, as an attack under way names it (attacker_ref, target_ref)
      return el;
    });
    return h("div", { class: `th-line ${l === "f" ? "front" : "rear"}` }, h("div", { class: "label" }, lineName(ctx, l)),
      h("div", { class: "zone-cards" }, units.length ? units : h("span", { class: "muted" }, "—")));
  };
  const seatActs = actionsWhere(ctx, (a) => a.kind === "target-seat" && a.seat === q);
  const head = clickable(h("header", {},
    h("b", {}, mine ? `${ctx.msg("ui.you")} (${seatName(ctx, q)})` : seatName(ctx, q)),
    marker(ctx.msg("ui.points", { n: p.points }), "phase"),
    marker(ctx.msg("ui.hand", { n: p.hand_size, limit: p.hand_limit })),
    obs.turn === q && obs.phase !== "draft" && obs.phase !== "over" ? marker(ctx.msg(mine ? "ui.yourTurn" : "ui.theirTurn"), "active") : null,
    obs.current === q && obs.current !== obs.turn ? marker(ctx.msg("ui.reacting"), "wait") : null,
    p.out ? marker(ctx.msg("ui.out"), "bad") : null,
    p.ambush ? marker(ctx.msg("ui.ambush"), "warn") : null,
    obs.phase === "draft" ? marker(`${ctx.msg("ui.packetKept", { packet: p.packet_size, kept: p.kept_size })}${p.picked ? " ✓" : ""}`) : null,
  ), seatActs, ctx, labelOf);
  const commands = new Set(["command", "command-unit", "command-intel"]);
  const cmds = p.commanders.map((c, k) => clickable(unitCard({ unit: c.unit, exhausted: c.exhausted }, ctx),
    mine ? actionsWhere(ctx, (a) => commands.has(a.kind) && a.slot === k) : [], ctx, labelOf));
  return h("div", { class: `th-player${mine ? " mine" : ""}${obs.current === q ? " to-act" : ""}${p.out ? " is-out" : ""}`, dataset: { seat: q } },
    head,
    line("f"),
    line("r"),
    cmds.length ? zone(ctx.msg("ui.commanders"), cmds) : null,
    p.deployed.length ? zone(ctx.msg("ui.deployed"), p.deployed.map((n) => eventCard(n, ctx))) : null,
    p.score.length ? h("details", { class: "piles" }, h("summary", {}, ctx.msg("ui.scorePile", { n: p.score.length })), zone("", p.score.map((n) => h("span", { class: "chip" }, n)))) : null);
}

function pendingPanel(obs, ctx) {
  const unknown = () => ctx.msg("ui.faceDownUnit");
  const line = (c) => {
    const s = seatName(ctx, c.seat);
    if (c.kind === "attack") {
      return [h("b", {}, `${s}: ${c.attacker || unknown()}`), ` ➜ ${seatName(ctx, c.target_seat)}: ${c.target || unknown()}`,
        ` (${c.type ? ctx.msg(`ui.type.${c.type}`) : ""}, ${stageName(ctx, c.stage)})`, c.shots ? ` · ${ctx.msg("ui.shots", { n: c.shots })}` : "",
        c.counter ? ` · ${ctx.msg("ui.counter", { unit: c.counter })}` : "", c.charge ? ` · ${ctx.msg("ui.charge")}` : ""];
    }
    if (c.kind === "scout") return [h("b", {}, `${s}: ${ctx.msg("ui.scouting")}`), ` ➜ ${seatName(ctx, c.target_seat)} (${stageName(ctx, c.stage)}, ${ctx.msg("ui.left", { n: c.left })})`];
    if (c.kind === "window") return [h("b", {}, ctx.msg("ui.window")), ` — ${s}; ${ctx.msg("ui.passed", { n: c.passed, of: c.of })}`];
    if (c.kind === "event") return [h("b", {}, `${s}: ${c.card}`), c.target ? ` ➜ ${c.target}` : "", ` (${stageName(ctx, c.stage)})`];
    if (c.kind === "discard") return [h("b", {}, `${s}: ${ctx.msg("ui.discardTo", { n: c.limit })}`)];
    return [h("b", {}, c.kind), ` ${s} ${stageName(ctx, c.stage)}`];
  };
  return h("div", { class: "th-pending" }, h("h4", {}, ctx.msg("ui.underWay")), oddsPanel(actionsWhere(ctx, (p) => p.kind === "fire" || p.kind === "counter"), ctx, ctx.actionText),
    obs.pending.length ? h("ol", {}, obs.pending.map((c) => h("li", { dataset: { kind: c.kind } }, line(c)))) : h("span", { class: "muted" }, "—"));
}

// Who won and why (12.2): most points, eliminated players included; on a tie, more units
// still in play; still tied, the win is shared.
function winnerText(obs, ctx) {
  const who = (q) => seatName(ctx, q);
  const points = obs.players.map((p, q) => `${who(q)} ${p.points}`).join(" · ");
  const best = Math.max(...obs.players.map((p) => p.points));
  const top = obs.players.map((p, q) => q).filter((q) => obs.players[q].points === best);
  if (top.length === 1) return ctx.msg("end.points", { who: who(top[0]), points });
  const inPlay = (q) => obs.players[q].front.length + obs.players[q].rear.length;
  const most = Math.max(...top.map(inPlay));
  const first = top.filter((q) => inPlay(q) === most);
  return first.length === 1 ? ctx.msg("end.units", { who: who(first[0]), points }) : ctx.msg("end.shared", { points });
}

function phaseBar(obs, ctx) {
  const over = obs.phase === "over";
  return h("div", { class: "phase-bar" },
    h("span", { class: "mk phase" }, ctx.msg("ui.phase", { phase: phaseName(ctx, obs.phase) }) + (obs.phase === "draft" ? ` ${obs.draft_round + 1}` : ""), ruleLink(ctx, "phase", obs.phase)),
    !over && obs.phase !== "draft" ? marker(ctx.msg("ui.turnOf", { who: obs.turn === ctx.seat ? ctx.msg("ui.you") : seatName(ctx, obs.turn) })) : null,
    over ? marker(ctx.msg("ui.gameOver") + (obs.end_reason ? `: ${named(ctx, `end.${obs.end_reason}`, obs.end_reason)}` : "") + ` — ${winnerText(obs, ctx)}`, "active game-end") : null,
    obs.carpet_bombings ? marker(ctx.msg("ui.carpetBombings", { n: obs.carpet_bombings }), "warn") : null,
    obs.arrange_left ? marker(ctx.msg("ui.swapsLeft", { n: obs.arrange_left })) : null);
}

// What the seat to act is deciding, in a sentence: the status line of the page.
export function statusText(obs, ctx) {
  if (obs.phase === "over" || obs.current === null || obs.current === undefined) return "";
  const mine = obs.current === ctx.seat;
  const top = obs.pending.length ? obs.pending[obs.pending.length - 1] : null;
  const args = { who: seatName(ctx, obs.current), turn: seatName(ctx, obs.turn), phase: phaseName(ctx, obs.phase) };
  let what = obs.phase;
  if (obs.phase === "main") {
    const reacting = obs.current !== obs.turn;
    what = top ? `${top.kind}${reacting ? ".react" : ""}` : reacting ? "react" : "main";
    const kinds = new Set((mine ? ctx.actions : []).map((x) => x.payload && x.payload.kind));
    if (what === "main" && mine && !["attack", "scout", "wait"].some((k) => kinds.has(k))) what = "main.done";
    if (top && top.kind === "attack") Object.assign(args, { attacker: top.attacker || ctx.msg("ui.faceDownUnit"), target: top.target || ctx.msg("ui.faceDownUnit") });
    if (top && top.kind === "event") args.card = top.card;
  }
  return statusSentence(ctx, mine, what, args);
}

// What changed since the last view this page drew, shown moving.
function animate(obs, ctx, board) {
  const before = drawnBefore(obs, ctx);
  if (!before) return;
  const mark = (sel, cls) => { for (const el of board.querySelectorAll(sel)) el.classList.add(cls); };
  if (obs.in_play.length > before.in_play.length || obs.discard.length > before.discard.length) mark(".th-table .zone-row .gc, .th-table .pile .gc", "anim-played");
  const attacks = (o) => o.pending.filter((c) => c.kind === "attack").length;
  if (attacks(obs) > attacks(before)) {
    mark(".th-pending li[data-kind='attack']:last-child", "anim-attack");
    // the attacker lunges and its target shakes, where each stands
    const a = obs.pending.filter((c) => c.kind === "attack").pop();
    const at = (q, ref) => `.th-player[data-seat="${q}"] [data-ref="${CSS.escape(ref)}"]`;
    if (a.attacker_ref) mark(at(a.seat, a.attacker_ref), "anim-attack");
    if (a.target_ref) mark(at(a.target_seat, a.target_ref), "anim-hit");
  }
  obs.players.forEach((p, q) => {
    const b = before.players[q];
    if (b && p.front.length + p.rear.length < b.front.length + b.rear.length) mark(`.th-player[data-seat="${q}"]`, "anim-destroyed");
  });
}

export function render(obs, ctx) {
  const n = obs.players.length;
  const me = ctx.seat === null ? 0 : ctx.seat;
  const order = [];
  for (let k = 1; k <= n; k++) order.push((me + k) % n); // others first, oneself last
  const labelOf = (a) => actionLabel(a, obs, ctx);
  const hand = (obs.hand || []).map((name, i) =>
    clickable(eventCard(name, ctx), actionsWhere(ctx, (p) => (p.kind === "play" || p.kind === "discard") && p.pos === i), ctx, labelOf));
  const packet = (obs.packet || []).map((name, i) => clickable(anyCard(name, ctx), actionsWhere(ctx, (p) => p.kind === "pick" && p.pos === i), ctx, labelOf));
  const topOf = (list) => (list.length ? anyCard(list[list.length - 1], ctx) : null);
  const discardTop = topOf(obs.discard);
  if (discardTop) discardTop.classList.add("small");
  const board = h("div", { class: "th-board" },
    phaseBar(obs, ctx),
    ...order.slice(0, n - 1).map((q) => playerBox(obs, q, ctx)),
    h("div", { class: "th-table" },
      pendingPanel(obs, ctx),
      pile(ctx.msg("ui.unitDeck"), obs.unit_deck),
      pile(ctx.msg("ui.eventDeck"), obs.event_deck),
      pile(ctx.msg("ui.discardPile"), obs.discard.length, discardTop),
      obs.in_play.length ? zone(ctx.msg("ui.beingPlayed"), obs.in_play.map((x) => anyCard(x, ctx))) : null),
    playerBox(obs, order[n - 1], ctx),
    ctx.seat !== null ? zone(ctx.msg("ui.yourHand", { n: hand.length }), hand, "hand") : null,
    packet.length ? zone(ctx.msg("ui.draftPacket"), packet, "hand") : null,
    obs.kept && obs.kept.length ? zone(ctx.msg("ui.kept", { n: obs.kept.length }), obs.kept.map((x) => anyCard(x, ctx))) : null,
    obs.my_pick ? zone(ctx.msg("ui.yourPick"), [anyCard(obs.my_pick, ctx)]) : null,
    obs.reinforcement ? zone(ctx.msg("ui.reinforcement"), [anyCard(obs.reinforcement, ctx)]) : null,
    obs.removed.length ? h("details", { class: "piles" }, h("summary", {}, ctx.msg("ui.removed", { n: obs.removed.length })), zone("", obs.removed.map((x) => h("span", { class: "chip" }, x)))) : null);
  animate(obs, ctx, board);
  return board;
}
