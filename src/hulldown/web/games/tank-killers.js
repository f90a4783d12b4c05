// Tank Killers: two formations face each other across the attack under way.
// The opponent's side is drawn on top, one's own side below with one's hand of
// tactics cards; a spectator sees player 1 on top. Units in play and the
// formation decks are the targets and attackers to click; tactics cards in the
// hand are played or discarded by clicking them.
import { h } from "../dom.js";
import { card, clickable, counted, facedown, idsMatching, marker, pile, slug, stat, zone } from "./kit.js";

const de = () => document.documentElement.lang === "de";
const L = (en, ger) => (de() ? ger : en);

function unitCard(name, ctx, extra = "", deck = "") {
  const c = ctx.cards.get(`${deck}/${name}`) || ctx.cards.get(name);
  const f = (c && c.fields) || {};
  return card({
    name,
    type: c ? `${c.type}${f.nation ? ` · ${f.nation}` : ""}` : "",
    tone: `unit ${String((c && c.type) || "").toLowerCase()}`,
    stats: [stat("P", f.pen, L("penetration", "Durchschlag")), stat("I", f.inf, L("vs infantry", "gegen Infanterie")), stat("D", f.def, L("defense", "Verteidigung")), stat("R", f.rng, L("range", "Reichweite"))],
    extra,
  });
}

function tacticCard(name, ctx) {
  const c = ctx.cards.get(`tactics/${name}`) || ctx.cards.get(name);
  return card({ name, type: c ? c.type : L("tactics", "Taktik"), tone: "tactic", text: c && c.fields ? c.fields.text : "" });
}

function chips(names) {
  return counted(names).map(([n, k]) => h("span", { class: "chip" }, k > 1 ? `${n} ×${k}` : n));
}

function side(obs, s, ctx, mine) {
  const sd = obs.sides[s];
  const isMe = ctx.seat === s;
  const owner = isMe ? L("You", "Du") : `${ctx.t("seat")} ${s}`;
  const need = Math.floor(sd.formation_size / 2) + (sd.formation_size % 2);
  // the formation deck: target of an attack (opponent's) or the attacker (own)
  const deckActs = idsMatching(ctx, (p) => (p[0] === "target" && p[1] === "deck" && !isMe) || (p[0] === "attacker" && p[1] === "deck" && isMe));
  const onDeck = obs.attack && obs.attack.target_on_deck && obs.attack.seat !== s;
  const top = sd.top ? unitCard(sd.top, ctx, `small${onDeck ? " targeted" : ""}`, sd.deck) : null;
  const deck = clickable(pile(L("formation deck", "Formationsstapel"), sd.formation_deck, top), deckActs, ctx);
  const units = sd.in_play.map((n) => {
    const acts = idsMatching(ctx, (p) => (p[0] === "target" && !isMe && p[1] === slug(n)) || (p[0] === "attacker" && isMe && p[1] === slug(n)));
    const attacking = obs.attack && obs.attack.seat === s && obs.attack.attacker === n;
    const targeted = obs.attack && obs.attack.seat !== s && obs.attack.target === n;
    return clickable(unitCard(n, ctx, attacking ? "attacking" : targeted ? "targeted" : "", sd.deck), acts, ctx);
  });
  const hand = [];
  for (let i = 0; i < sd.hand_size; i++) hand.push(facedown({ extra: "mini" }));
  return h(
    "div",
    { class: `tk-side${mine ? " mine" : ""}${obs.to_act === s ? " to-act" : ""}`, dataset: { seat: s } },
    h(
      "header",
      {},
      h("b", {}, `${owner}: ${sd.deck}`),
      marker(`${L("casualties", "Verluste")} ${sd.casualties.length}/${need}`, sd.casualties.length >= need - 2 ? "warn" : "", L("the formation breaks at this many casualties", "bei so vielen Verlusten bricht die Formation")),
      marker(`${L("hand", "Hand")} ${sd.hand_size}`),
      sd.waiting ? marker(L("waiting for the exchange", "wartet auf den Schlagabtausch"), "warn") : null,
      obs.active === s && !obs.winner && !obs.draw ? marker(L("attacking", "greift an"), "active") : null,
    ),
    h("div", { class: "tk-line" }, deck, h("div", { class: "tk-units" }, units.length ? units : h("span", { class: "muted" }, L("no units in play", "keine Einheiten im Spiel")))),
    isMe ? null : h("div", { class: "tk-opp-hand" }, hand),
    h("details", { class: "piles" }, h("summary", {}, `${L("reserve", "Reserve")} (${sd.reserve.length}) · ${L("casualties", "Verluste")} (${sd.casualties.length})`),
      zone(L("reserve", "Reserve"), chips(sd.reserve)), zone(L("casualties", "Verluste"), chips(sd.casualties), "casualties")),
  );
}

function attackPanel(obs, ctx) {
  const a = obs.attack;
  const rows = [];
  if (a) {
    rows.push(h("div", { class: "tk-duel" },
      h("span", { class: "who" }, `${ctx.t("seat")} ${a.seat}: `, h("b", {}, a.attacker)),
      h("span", { class: "arrow" }, " ➜ "),
      h("b", {}, a.target || (a.target_on_deck ? L("top of the formation deck", "oberste Karte des Stapels") : L("choosing a target", "wählt ein Ziel")))));
    if (a.target) {
      const ok = a.factor > a.defense;
      rows.push(h("div", { class: "tk-odds" }, marker(`${L("factor", "Faktor")} ${a.factor}`, ok ? "good" : "bad"), " vs ", marker(`${L("defense", "Verteidigung")} ${a.defense}`), " ", marker(a.range, "", L("range", "Reichweite")),
        a.pen_mod ? marker(`P ${a.pen_mod > 0 ? "+" : ""}${a.pen_mod}`) : null, a.inf_mod ? marker(`I ${a.inf_mod > 0 ? "+" : ""}${a.inf_mod}`) : null));
    }
    if (a.played.length) rows.push(h("ol", { class: "tk-played" }, a.played.map(([p, n]) => h("li", {}, `${ctx.t("seat")} ${p}: `, h("b", {}, n)))));
  } else if (obs.last_attack) {
    rows.push(h("div", { class: "muted" }, `${L("last attack", "letzter Angriff")}: ${obs.last_attack.attacker} ➜ ${obs.last_attack.target || "—"}`));
  }
  if (obs.pending) {
    const p = obs.pending;
    rows.push(h("div", { class: "tk-pending" }, `${L("to negate", "zu negieren")}: `, h("b", {}, p.card), ` (${ctx.t("seat")} ${p.by}, ${L("negations", "Negierungen")} ${p.negations})`));
  }
  if (obs.last_roll) rows.push(h("div", { class: "dice-row" }, `${L("last roll", "letzter Wurf")}: `, obs.last_roll.map((d) => h("span", { class: "die-face" }, String(d)))));
  const discardTop = obs.tactics_discard.length ? tacticCard(obs.tactics_discard[obs.tactics_discard.length - 1], ctx) : null;
  if (discardTop) discardTop.classList.add("small");
  return h("div", { class: "tk-center" },
    h("div", { class: "tk-attack" }, h("h4", {}, L("attack", "Angriff")), rows.length ? rows : h("span", { class: "muted" }, "—")),
    pile(L("tactics deck", "Taktikstapel"), obs.tactics_deck),
    pile(L("discard pile", "Ablagestapel"), obs.tactics_discard.length, discardTop));
}

function phaseBar(obs, ctx) {
  const over = obs.to_act === null;
  return h("div", { class: "phase-bar" },
    marker(`${L("turn", "Zug")} ${obs.turn + 1}/${obs.turn_limit}`),
    marker(`${L("phase", "Phase")}: ${obs.phase}`, "phase"),
    over ? marker(obs.draw ? L("draw", "Unentschieden") : `${ctx.t("seat")} ${obs.winner} ${L("wins", "gewinnt")}`, "active")
      : marker(obs.to_act === ctx.seat ? L("your decision", "deine Entscheidung") : `${L("waiting for", "wartet auf")} ${ctx.t("seat")} ${obs.to_act}${obs.to_act !== obs.active ? ` (${L("reaction", "Reaktion")})` : ""}`, obs.to_act === ctx.seat ? "active" : "wait"),
    obs.random_factor ? marker(L("random factor", "Zufallsfaktor")) : null,
    marker(`${L("full exchanges", "Schlagabtausche")} ${obs.full_exchanges}`));
}

export function render(obs, ctx) {
  const me = ctx.seat === null ? 0 : ctx.seat;
  const opp = 1 - me;
  const handActs = (n) => idsMatching(ctx, (p) => (p[0] === "play" || p[0] === "discard") && p[1] === slug(n));
  const hand = (obs.hand || []).map((n) => clickable(tacticCard(n, ctx), handActs(n), ctx));
  return h("div", { class: "tk-board" },
    phaseBar(obs, ctx),
    side(obs, opp, ctx, false),
    attackPanel(obs, ctx),
    side(obs, me, ctx, ctx.seat !== null),
    ctx.seat !== null ? zone(`${L("your hand", "deine Hand")} (${hand.length})`, hand, "hand") : null);
}
