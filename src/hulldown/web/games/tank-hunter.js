// Tank Hunter 2e: every player's front and rear line, commanders, score pile and
// deployed cards; face-down units show only their markers (one's own show their
// name, marked as still hidden). The open attacks, scoutings, reaction windows and
// event cards are listed in the middle; one's hand, draft packet and picks below.
// Units, hand and packet cards are clicked to take the actions that concern them.
import { h } from "../dom.js";
import { card, clickable, facedown, idsMatching, marker, pile, stat, zone } from "./kit.js";

const de = () => document.documentElement.lang === "de";
const L = (en, ger) => (de() ? ger : en);
const LINE = { f: () => L("front", "Front"), r: () => L("rear", "Hinten") };
const TYPE = { aa: "anti-armour", gr: "grenade", tr: "trample", su: "suicide", gf: "gunfight", lr: "long range" };

function unitName(obs, q, l, i) {
  const p = obs.players[Number(q)];
  const u = p && (l === "f" ? p.front : p.rear)[Number(i)];
  if (!u) return `${LINE[l] ? LINE[l]() : l} #${i}`;
  return u.unit ? u.unit : `${L("face-down card", "verdeckte Karte")} (${LINE[l]()} #${i})`;
}

function who(q, ctx) {
  return Number(q) === ctx.seat ? L("your", "deine") : `${ctx.t("seat")} ${q}:`;
}

// Readable labels: card names instead of positions wherever this seat knows them.
export function actionLabel(a, obs, ctx) {
  const p = a.id.split(":");
  const me = ctx.seat;
  const hand = obs.hand || [];
  const why = (a.label.match(/\(([^)]*)\)$/) || [])[1];
  switch (p[0]) {
    case "play": return `${L("Play", "Spiele")} ${hand[+p[1]] || a.label}`;
    case "discard": return `${L("Discard", "Wirf ab")}: ${hand[+p[1]] || a.label}`;
    case "pick": return `${L("Keep", "Behalte")} ${(obs.packet || [])[+p[1]] || a.label}`;
    case "reveal": return `${L("Reveal", "Aufdecken")}: ${unitName(obs, me, p[1], p[2])}`;
    case "advance": return p[1] === "none" ? L("Advance nothing", "Nichts vorrücken") : `${L("Advance", "Vorrücken")}: ${unitName(obs, me, "r", p[1])}`;
    case "supply":
      if (p[1] === "none") return L("No supply", "Kein Nachschub");
      return `${p[1] === "ammo" ? L("Resupply", "Munition für") : L("Rally", "Sammeln")}: ${unitName(obs, me, p[2], p[3])}`;
    case "attack":
      return `${unitName(obs, me, p[1], p[2])} ➜ ${who(p[3], ctx)} ${unitName(obs, p[3], p[4], p[5])} (${why || TYPE[p[6]] || p[6]})`;
    case "tgt": return `${L("Target", "Ziel")}: ${who(p[1], ctx)} ${unitName(obs, p[1], p[2], p[3])}`;
    case "carry":
      return `${unitName(obs, me, p[1], p[2])}: ${p[3] === "conceal" ? L("conceal", "verbirgt") : L("carry to the rear", "bringt nach hinten")} ${unitName(obs, me, p[4], p[5])}`;
    case "scout": return `${L("Scout", "Aufklären")} ${ctx.t("seat")} ${p[2]} ${L("with", "mit")} ${unitName(obs, me, "f", p[1])}`;
    default: return a.label;
  }
}

function unitCard(v, ctx, label) {
  const c = v.unit ? ctx.cards.get(v.unit) : null;
  const marks = [
    v.hidden && v.unit ? marker(L("face down", "verdeckt"), "", L("only you know this card", "nur du kennst diese Karte")) : null,
    v.pinned ? marker(L("pinned", "niedergehalten"), "pin") : null,
    v.ooa ? marker(L("out of ammo", "ohne Munition"), "ooa") : null,
    v.exhausted ? marker(L("exhausted", "erschöpft"), "exh") : null,
    v.evaded ? marker(L("evaded", "ausgewichen")) : null,
    v.rolled ? marker(L("rolled", "gewürfelt")) : null,
    ...(v.attached || []).map((n) => marker(`+ ${n}`, "good")),
  ];
  if (!v.unit) return facedown({ label, markers: marks });
  return card({
    name: v.unit,
    type: c ? `${c.kind} · ${c.nation}` : "",
    tone: `unit ${c ? c.kind.toLowerCase() : ""}`,
    stats: c ? [stat("VP", c.points, L("victory points", "Siegpunkte")), stat(c.defence_kind === "armour" ? "ARM" : "DEF", c.defence, L("defence", "Verteidigung")),
      stat("AA", c.anti_armour, L("anti-armour", "Panzerabwehr")), stat("ATK", c.attack, L("attack", "Angriff")), c.trample ? stat("TR", c.trample, L("trample", "Überrollen")) : null] : [],
    markers: [...marks, ...(c ? c.icons.map((i) => marker(i.replace("_", " "))) : [])],
    extra: v.hidden ? "own-hidden" : "",
  });
}

function eventCard(name, ctx) {
  const c = ctx.cards.get(name);
  return card({ name, type: c ? `${L("event", "Ereignis")} · ${c.colour}` : L("event", "Ereignis"), tone: `event ${c ? c.colour : ""}`, text: c ? c.text : "" });
}

function anyCard(name, ctx) {
  const c = ctx.cards.get(name);
  return c && c.type === "unit" ? unitCard({ unit: name }, ctx) : eventCard(name, ctx);
}

// The actions one unit is the subject or object of.
function unitActions(obs, ctx, q, l, i) {
  const me = ctx.seat;
  const own = q === me;
  const spotSeat = (obs.pending.length ? obs.pending[obs.pending.length - 1].target_seat : null);
  return idsMatching(ctx, (p) => {
    switch (p[0]) {
      case "reveal": case "aa": return own && p[1] === l && +p[2] === i;
      case "supply": return own && p[2] === l && +p[3] === i;
      case "advance": return own && l === "r" && p[1] === String(i);
      case "swap": return own && p[1] === l && (+p[2] === i || +p[3] === i);
      case "attack": return (own && p[1] === l && +p[2] === i) || (+p[3] === q && p[4] === l && +p[5] === i);
      case "carry":
      return `${unitName(obs, me, p[1], p[2])}: ${p[3] === "conceal" ? L("conceal", "verbirgt") : L("carry to the rear", "bringt nach hinten")} ${unitName(obs, me, p[4], p[5])}`;
    case "scout": return own && l === "f" && +p[1] === i;
      case "amph": case "carry": return own && p[1] === l && +p[2] === i;
      case "cmd": return p.length === 4 && ((own && p[2] === l && +p[3] === i) || (l === "f" && +p[2] === q && +p[3] === i && !"fr".includes(p[2])));
      case "tgt": return +p[1] === q && p[2] === l && +p[3] === i;
      case "spot": return l === "f" && q === spotSeat && +p[1] === i;
      default: return false;
    }
  });
}

function playerBox(obs, q, ctx) {
  const p = obs.players[q];
  const mine = q === ctx.seat;
  const line = (l) => {
    const units = (l === "f" ? p.front : p.rear).map((v, i) =>
      clickable(unitCard(v, ctx, `${LINE[l]()} #${i}`), unitActions(obs, ctx, q, l, i), ctx, (a) => actionLabel(a, obs, ctx)));
    return h("div", { class: `th-line ${l === "f" ? "front" : "rear"}` }, h("div", { class: "label" }, LINE[l]()),
      h("div", { class: "zone-cards" }, units.length ? units : h("span", { class: "muted" }, "—")));
  };
  const seatActs = idsMatching(ctx, (a) => a[0] === "tgtp" && +a[1] === q);
  const head = clickable(h("header", {},
    h("b", {}, mine ? `${L("You", "Du")} (${ctx.t("seat")} ${q})` : `${ctx.t("seat")} ${q}`),
    marker(`${L("points", "Punkte")} ${p.points}`, "phase"),
    marker(`${L("hand", "Hand")} ${p.hand_size}/${p.hand_limit}`),
    obs.turn === q && obs.phase !== "draft" && obs.phase !== "over" ? marker(L("their turn", "am Zug"), "active") : null,
    obs.current === q && obs.current !== obs.turn ? marker(L("reacting", "reagiert"), "wait") : null,
    p.out ? marker(L("out of the game", "ausgeschieden"), "bad") : null,
    p.ambush ? marker(L("ambush", "Hinterhalt"), "warn") : null,
    obs.phase === "draft" ? marker(`${L("packet", "Paket")} ${p.packet_size} · ${L("kept", "behalten")} ${p.kept_size}${p.picked ? " ✓" : ""}`) : null,
  ), seatActs, ctx, (a) => actionLabel(a, obs, ctx));
  const cmds = p.commanders.map((c, k) => clickable(unitCard({ unit: c.unit, exhausted: c.exhausted }, ctx),
    mine ? idsMatching(ctx, (a) => a[0] === "cmd" && +a[1] === k) : [], ctx, (a) => actionLabel(a, obs, ctx)));
  return h("div", { class: `th-player${mine ? " mine" : ""}${obs.current === q ? " to-act" : ""}${p.out ? " is-out" : ""}`, dataset: { seat: q } },
    head,
    line("f"),
    line("r"),
    cmds.length ? zone(L("commanders", "Befehlshaber"), cmds) : null,
    p.deployed.length ? zone(L("deployed", "ausgespielt"), p.deployed.map((n) => eventCard(n, ctx))) : null,
    p.score.length ? h("details", { class: "piles" }, h("summary", {}, `${L("score pile", "Punktestapel")} (${p.score.length})`), zone("", p.score.map((n) => h("span", { class: "chip" }, n)))) : null);
}

function pendingPanel(obs, ctx) {
  const line = (c) => {
    const s = `${ctx.t("seat")} ${c.seat}`;
    if (c.kind === "attack") {
      return [h("b", {}, `${s}: ${c.attacker || L("face-down unit", "verdeckte Einheit")}`), ` ➜ ${ctx.t("seat")} ${c.target_seat}: ${c.target || L("face-down unit", "verdeckte Einheit")}`,
        ` (${TYPE[c.type] || c.type}, ${c.stage})`, c.shots ? ` · ${L("shots", "Schüsse")} ${c.shots}` : "", c.counter ? ` · ${L("counter", "Konter")}: ${c.counter}` : "", c.charge ? ` · ${L("charge", "Sturm")}` : ""];
    }
    if (c.kind === "scout") return [h("b", {}, `${s}: ${L("scouting", "Aufklärung")}`), ` ➜ ${ctx.t("seat")} ${c.target_seat} (${c.stage}, ${L("left", "übrig")} ${c.left})`];
    if (c.kind === "window") return [h("b", {}, L("reaction window", "Reaktionsfenster")), ` — ${s}; ${L("passed", "gepasst")} ${c.passed}/${c.of}`];
    if (c.kind === "event") return [h("b", {}, `${s}: ${c.card}`), c.target ? ` ➜ ${c.target}` : "", ` (${c.stage})`];
    if (c.kind === "discard") return [h("b", {}, `${s}: ${L("discard down to", "abwerfen auf")} ${c.limit}`)];
    return [h("b", {}, c.kind), ` ${s} ${c.stage || ""}`];
  };
  return h("div", { class: "th-pending" }, h("h4", {}, L("under way", "im Gange")),
    obs.pending.length ? h("ol", {}, obs.pending.map((c) => h("li", { dataset: { kind: c.kind } }, line(c)))) : h("span", { class: "muted" }, "—"));
}

function phaseBar(obs, ctx) {
  const over = obs.phase === "over";
  const decider = obs.current;
  return h("div", { class: "phase-bar" },
    marker(`${L("phase", "Phase")}: ${obs.phase}${obs.phase === "draft" ? ` ${obs.draft_round + 1}` : ""}`, "phase"),
    !over && obs.phase !== "draft" ? marker(`${L("turn of", "am Zug")}: ${ctx.t("seat")} ${obs.turn}`) : null,
    over ? marker(`${L("game over", "Spielende")}${obs.end_reason ? `: ${obs.end_reason}` : ""}`, "active")
      : marker(decider === ctx.seat ? L("your decision", "deine Entscheidung") : `${L("waiting for", "wartet auf")} ${ctx.t("seat")} ${decider}${decider !== obs.turn && obs.phase === "main" ? ` (${L("reaction", "Reaktion")})` : ""}`, decider === ctx.seat ? "active" : "wait"),
    obs.carpet_bombings ? marker(`${L("carpet bombings", "Bombenteppiche")} ${obs.carpet_bombings}`, "warn") : null,
    obs.arrange_left ? marker(`${L("swaps left", "Tausche übrig")} ${obs.arrange_left}`) : null);
}

export function render(obs, ctx) {
  const n = obs.players.length;
  const me = ctx.seat === null ? 0 : ctx.seat;
  const order = [];
  for (let k = 1; k <= n; k++) order.push((me + k) % n); // others first, oneself last
  const hand = (obs.hand || []).map((name, i) =>
    clickable(eventCard(name, ctx), idsMatching(ctx, (p) => (p[0] === "play" || p[0] === "discard") && +p[1] === i), ctx, (a) => actionLabel(a, obs, ctx)));
  const packet = (obs.packet || []).map((name, i) => clickable(anyCard(name, ctx), idsMatching(ctx, (p) => p[0] === "pick" && +p[1] === i), ctx, (a) => actionLabel(a, obs, ctx)));
  const topOf = (list) => (list.length ? anyCard(list[list.length - 1], ctx) : null);
  const discardTop = topOf(obs.discard);
  if (discardTop) discardTop.classList.add("small");
  return h("div", { class: "th-board" },
    phaseBar(obs, ctx),
    ...order.slice(0, n - 1).map((q) => playerBox(obs, q, ctx)),
    h("div", { class: "th-table" },
      pendingPanel(obs, ctx),
      pile(L("unit deck", "Einheitenstapel"), obs.unit_deck),
      pile(L("event deck", "Ereignisstapel"), obs.event_deck),
      pile(L("discard pile", "Ablagestapel"), obs.discard.length, discardTop),
      obs.in_play.length ? zone(L("being played", "im Spiel"), obs.in_play.map((x) => anyCard(x, ctx))) : null),
    playerBox(obs, order[n - 1], ctx),
    ctx.seat !== null ? zone(`${L("your hand", "deine Hand")} (${hand.length})`, hand, "hand") : null,
    packet.length ? zone(L("draft packet: keep one", "Draft-Paket: eine Karte behalten"), packet, "hand") : null,
    obs.kept && obs.kept.length ? zone(`${L("kept", "behalten")} (${obs.kept.length})`, obs.kept.map((x) => anyCard(x, ctx))) : null,
    obs.my_pick ? zone(L("your pick", "deine Wahl"), [anyCard(obs.my_pick, ctx)]) : null,
    obs.reinforcement ? zone(L("reinforcement to place", "Verstärkung zu platzieren"), [anyCard(obs.reinforcement, ctx)]) : null,
    obs.removed.length ? h("details", { class: "piles" }, h("summary", {}, `${L("removed from the game", "aus dem Spiel")} (${obs.removed.length})`), zone("", obs.removed.map((x) => h("span", { class: "chip" }, x)))) : null);
}
