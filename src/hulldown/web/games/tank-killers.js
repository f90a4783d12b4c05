// Tank Killers: two formations face each other across the attack under way.
// The opponent's side is drawn on top, one's own side below with one's hand of
// tactics cards; a spectator sees player 1 on top. Units in play and the
// formation decks are the targets and attackers to click; tactics cards in the
// hand are played or discarded by clicking them.
import { h } from "../dom.js";
import { actionsWhere, card, clickable, counted, facedown, marker, pile, ruleLink, stat, zone, drawnBefore, statusSentence } from "./kit.js";
import { oddsPanel, withOdds } from "../odds.js";

// A catalog key's text, or ``fallback`` where the catalog has none (a deck or phase it does not name).
const named = (ctx, key, fallback) => {
  const s = ctx.msg(key);
  return s === key ? fallback : s;
};
const phaseName = (ctx, phase) => named(ctx, `phase.${phase}`, phase);
const deckName = (ctx, deck) => named(ctx, `deck.${deck}`, deck);

function unitCard(name, ctx, extra = "", deck = "") {
  const c = ctx.cards.get(`${deck}/${name}`) || ctx.cards.get(name);
  const f = (c && c.fields) || {};
  const support = f.def === "--";
  return card({
    name,
    type: c ? `${c.type}${f.nation ? ` · ${deckName(ctx, f.nation)}` : ""}` : "",
    tone: `unit ${String((c && c.type) || "").toLowerCase()}`,
    stats: [stat("P", f.pen, ctx.msg("ui.penetration")), stat("I", f.inf, ctx.msg("ui.vs-infantry")), stat("D", f.def, ctx.msg("ui.defense")), stat("R", f.rng, ctx.msg("ui.range"))],
    extra,
    ctx,
    rule: support ? "support" : "unit",
  });
}

function tacticCard(name, ctx) {
  const c = ctx.cards.get(`tactics/${name}`) || ctx.cards.get(name);
  const f = (c && c.fields) || {};
  return card({ name, type: c ? named(ctx, `type.${c.type}`, c.type) : ctx.msg("ui.tactics"), tone: "tactic", text: f.text || "", textKey: `card.${name}.text`, ctx, rule: f.range ? "range" : f.effect || "" });
}

function chips(names) {
  return counted(names).map(([n, k]) => h("span", { class: "chip" }, k > 1 ? `${n} ×${k}` : n));
}

function side(obs, s, ctx, mine) {
  const sd = obs.sides[s];
  const isMe = ctx.seat === s;
  const owner = isMe ? ctx.msg("ui.you") : `${ctx.t("seat")} ${s}`;
  const need = Math.floor(sd.formation_size / 2) + (sd.formation_size % 2);
  // the formation deck: target of an attack (opponent's) or the attacker (own)
  const deckActs = actionsWhere(ctx, (p) => p.deck === true && ((p.kind === "target" && !isMe) || (p.kind === "attacker" && isMe)));
  const onDeck = obs.attack && obs.attack.target_on_deck && obs.attack.seat !== s;
  const top = sd.top ? unitCard(sd.top, ctx, `small${onDeck ? " targeted" : ""}`, sd.deck) : null;
  const deck = clickable(pile(ctx.msg("ui.formation-deck"), sd.formation_deck, top), deckActs, ctx, withOdds((a) => a.label, ctx));
  const units = sd.in_play.map((n) => {
    const acts = actionsWhere(ctx, (p) => p.card === n && ((p.kind === "target" && !isMe) || (p.kind === "attacker" && isMe)));
    const attacking = obs.attack && obs.attack.seat === s && obs.attack.attacker === n;
    const targeted = obs.attack && obs.attack.seat !== s && obs.attack.target === n;
    return clickable(unitCard(n, ctx, attacking ? "attacking" : targeted ? "targeted" : "", sd.deck), acts, ctx, withOdds((a) => a.label, ctx));
  });
  const hand = [];
  for (let i = 0; i < sd.hand_size; i++) hand.push(facedown({ extra: "mini" }));
  return h(
    "div",
    { class: `tk-side${mine ? " mine" : ""}${obs.to_act === s ? " to-act" : ""}`, dataset: { seat: s } },
    h(
      "header",
      {},
      h("b", {}, `${owner}: ${deckName(ctx, sd.deck)}`),
      marker(`${ctx.msg("ui.casualties")} ${sd.casualties.length}/${need}`, `casualties${sd.casualties.length >= need - 2 ? " warn" : ""}`, ctx.msg("ui.the-formation-breaks-at-this-many-casualties")),
      marker(`${ctx.msg("ui.hand")} ${sd.hand_size}`),
      sd.waiting ? marker(ctx.msg("ui.waiting-for-the-exchange"), "warn") : null,
      obs.active === s && !obs.winner && !obs.draw ? marker(ctx.msg("ui.attacking"), "active") : null,
    ),
    h("div", { class: "tk-line" }, deck, h("div", { class: "tk-units" }, units.length ? units : h("span", { class: "muted" }, ctx.msg("ui.no-units-in-play")))),
    isMe ? null : h("div", { class: "tk-opp-hand" }, hand),
    h("details", { class: "piles" }, h("summary", {}, `${ctx.msg("ui.reserve")} (${sd.reserve.length}) · ${ctx.msg("ui.casualties")} (${sd.casualties.length})`),
      zone(ctx.msg("ui.reserve"), chips(sd.reserve)), zone(ctx.msg("ui.casualties"), chips(sd.casualties), "casualties")),
  );
}

function attackPanel(obs, ctx) {
  const a = obs.attack;
  const rows = [];
  if (a) {
    rows.push(h("div", { class: "tk-duel" },
      h("span", { class: "who" }, `${ctx.t("seat")} ${a.seat}: `, h("b", {}, a.attacker)),
      h("span", { class: "arrow" }, " ➜ "),
      h("b", {}, a.target || (a.target_on_deck ? ctx.msg("ui.top-of-the-formation-deck") : ctx.msg("ui.choosing-a-target")))));
    if (a.target) {
      const ok = a.factor > a.defense;
      rows.push(h("div", { class: "tk-odds" }, marker(`${ctx.msg("ui.factor")} ${a.factor}`, ok ? "good" : "bad"), ` ${ctx.msg("ui.versus")} `, marker(`${ctx.msg("ui.defense")} ${a.defense}`), " ", marker(a.range, "", ctx.msg("ui.range")),
        a.pen_mod ? marker(`P ${a.pen_mod > 0 ? "+" : ""}${a.pen_mod}`) : null, a.inf_mod ? marker(`I ${a.inf_mod > 0 ? "+" : ""}${a.inf_mod}`) : null));
    }
    rows.push(oddsPanel(actionsWhere(ctx, (p) => p.kind === "target" || (p.kind === "pass" && p.odds)), ctx, (x) => (x.payload.kind === "pass" ? ctx.msg("odds.if-both-pass") : ctx.actionText(x))));
    if (a.played.length) rows.push(h("ol", { class: "tk-played" }, a.played.map(([p, n]) => h("li", {}, `${ctx.t("seat")} ${p}: `, h("b", {}, n)))));
  } else if (obs.last_attack) {
    rows.push(h("div", { class: "muted" }, `${ctx.msg("ui.last-attack")}: ${obs.last_attack.attacker} ➜ ${obs.last_attack.target || "—"}`));
  }
  if (obs.pending) {
    const p = obs.pending;
    rows.push(h("div", { class: "tk-pending" }, `${ctx.msg("ui.to-negate")}: `, h("b", {}, p.card), ` (${ctx.t("seat")} ${p.by}, ${ctx.msg("ui.negations")} ${p.negations})`));
  }
  if (obs.last_roll) rows.push(h("div", { class: "dice-row" }, `${ctx.msg("ui.last-roll")}: `, obs.last_roll.map((d) => h("span", { class: "die-face" }, String(d)))));
  const discardTop = obs.tactics_discard.length ? tacticCard(obs.tactics_discard[obs.tactics_discard.length - 1], ctx) : null;
  if (discardTop) discardTop.classList.add("small");
  return h("div", { class: "tk-center" },
    h("div", { class: "tk-attack" }, h("h4", {}, ctx.msg("ui.attack")), rows.length ? rows : h("span", { class: "muted" }, "—")),
    pile(ctx.msg("ui.tactics-deck"), obs.tactics_deck),
    pile(ctx.msg("ui.discard-pile"), obs.tactics_discard.length, discardTop));
}

// Why the game ended, as the rules recorded it (obs.end_reason): the loser's casualty pile holds half
// its formation (12.1), or the turn limit came first (15).
function endWhy(obs, ctx) {
  if (obs.end_reason !== "broken") return ctx.msg("end.turn-limit");
  const loser = 1 - obs.winner;
  const sd = obs.sides[loser];
  return ctx.msg("end.broken", { who: `${ctx.t("seat")} ${loser}`, lost: sd.casualties.length, size: sd.formation_size });
}

function phaseBar(obs, ctx) {
  const over = obs.to_act === null;
  return h("div", { class: "phase-bar" },
    marker(`${ctx.msg("ui.turn")} ${obs.turn + 1}/${obs.turn_limit}`),
    h("span", { class: "mk phase" }, `${ctx.msg("ui.phase")}: ${phaseName(ctx, obs.phase)}`, ruleLink(ctx, "phase", obs.phase)),
    over ? marker(`${obs.draw ? ctx.msg("ui.draw") : `${ctx.t("seat")} ${obs.winner} ${ctx.msg("ui.wins")}`}: ${endWhy(obs, ctx)}`, "active game-end") : null,
    obs.random_factor ? marker(ctx.msg("ui.random-factor")) : null,
    marker(`${ctx.msg("ui.full-exchanges")} ${obs.full_exchanges}`));
}

// What the seat to act is deciding, in a sentence: the status line of the page.
export function statusText(obs, ctx) {
  if (obs.to_act === null) return "";
  const mine = obs.to_act === ctx.seat;
  const a = obs.attack || {};
  const args = {
    who: `${ctx.t("seat")} ${obs.to_act}`,
    attacker: a.attacker || ctx.msg("ui.top-of-the-formation-deck"),
    target: a.target || (a.target_on_deck ? ctx.msg("ui.top-of-the-formation-deck") : "—"),
    card: obs.pending ? obs.pending.card : "",
    phase: phaseName(ctx, obs.phase),
  };
  const kinds = new Set((mine ? ctx.actions : []).map((x) => x.payload && x.payload.kind));
  let what = obs.pending ? "negation" : obs.phase;
  if (mine && kinds.has("discard") && !kinds.has("play")) what = "discard";
  else if (mine && kinds.has("attacker")) what = "attacker";
  return statusSentence(ctx, mine, what, args);
}

// What changed since the last view this page drew, shown moving.
function animate(obs, ctx, board) {
  const before = drawnBefore(obs, ctx);
  if (!before) return;
  if (obs.tactics_discard.length > before.tactics_discard.length) {
    for (const el of board.querySelectorAll(".tk-center .pile .gc, .tk-played li:last-child")) el.classList.add("anim-played");
  }
  const a = obs.attack;
  const b = before.attack || {};
  if (a && a.attacker && a.attacker !== b.attacker) for (const el of board.querySelectorAll(".gc.attacking")) el.classList.add("anim-attack");
  if (a && (a.target || a.target_on_deck) && (a.target !== b.target || a.attacker !== b.attacker)) for (const el of board.querySelectorAll(".gc.targeted")) el.classList.add("anim-hit");
  if (obs.last_roll && JSON.stringify(obs.last_roll) !== JSON.stringify(before.last_roll)) {
    for (const el of board.querySelectorAll(".tk-center .dice-row .die-face")) el.classList.add("anim-roll");
  }
  obs.sides.forEach((sd, s) => {
    if (sd.casualties.length > before.sides[s].casualties.length) {
      for (const el of board.querySelectorAll(`.tk-side[data-seat="${s}"] .mk.casualties`)) el.classList.add("anim-destroyed");
    }
  });
}

export function render(obs, ctx) {
  const me = ctx.seat === null ? 0 : ctx.seat;
  const opp = 1 - me;
  const handActs = (n) => actionsWhere(ctx, (p) => (p.kind === "play" || p.kind === "discard") && p.card === n);
  const hand = (obs.hand || []).map((n) => clickable(tacticCard(n, ctx), handActs(n), ctx));
  const board = h("div", { class: "tk-board" },
    phaseBar(obs, ctx),
    side(obs, opp, ctx, false),
    attackPanel(obs, ctx),
    side(obs, me, ctx, ctx.seat !== null),
    ctx.seat !== null ? zone(`${ctx.msg("ui.your-hand")} (${hand.length})`, hand, "hand") : null);
  animate(obs, ctx, board);
  return board;
}
