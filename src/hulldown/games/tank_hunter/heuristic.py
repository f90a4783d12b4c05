"""A rule-of-thumb Tank Hunter bot.

It reads only its seat's observation and legal actions (never the state).
Points come from destroyed enemy units and a revealed unit draws fire, so it
drafts for firepower and survival rather than points (a unit's points are what
the others score when it falls), keeps its units face down until one has a
clearly good shot, takes the attack with the best expected points net of the
target's counter, plays harmful and helpful event cards at the richest enemy or
its own best unit, and saves shields (smoke, camouflage, escape, ambush) for
when it is attacked. Reactions: always counter and evade, use anti-air.

After a move, ``explain`` says which rule of thumb chose it, in words of the game's catalog
(``why.*`` keys): worked out only then, from the same view, so play never pays for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypeVar, overload

from hulldown.engine.agent import SeatView
from hulldown.engine.messages import Message
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action
from hulldown.games.tank_hunter import actions as th
from hulldown.games.tank_hunter.actions import (
    Advance,
    AntiAir,
    AntiAirDone,
    ArrangeDone,
    Attack,
    Command,
    CommandIntel,
    CommandUnit,
    Counter,
    Discard,
    End,
    Evade,
    Fire,
    NoAdvance,
    NoCounter,
    NoScoutCounter,
    Pass,
    Pick,
    PlaceRear,
    Play,
    Put,
    Reveal,
    Scout,
    ScoutCounter,
    Spot,
    Supply,
    TargetCard,
    TargetSeat,
    TargetUnit,
    Wait,
)
from hulldown.games.tank_hunter.cards import INF, EventDef, UnitDef, chart_types, load_cards
from hulldown.games.tank_hunter.views import AttackContext, Context, PlayerView, ScoutContext, part

if TYPE_CHECKING:
    from hulldown.engine.game import Game


class TankHunterHeuristic:
    name = "heuristic"

    def __init__(self, seat: int, seed: int, cards: str = "") -> None:
        self.seat = seat
        self._rng = SplitMix64(seed)
        #: a card file named when the bot was made (command line); else the game's own, read off each view
        self._fixed = bool(cards)
        self._cards: str | None = None
        self.units: dict[str, UnitDef] = {}
        self.events: dict[str, EventDef] = {}
        if cards:
            self._use(cards)

    def _use(self, cards: str) -> None:
        """Read card designs from ``cards`` (the game option's value; empty: the built-in set)."""
        if cards != self._cards:
            cs = load_cards(cards)
            self.units = {u.name: u for u in cs.units}
            self.events = {e.name: e for e in cs.events}
            self._cards = cards

    def _unit(self, obs: _Seen, seat: int, line: str, pos: int) -> UnitDef | None:
        cards = obs["players"][seat]["front" if line == "f" else "rear"]
        if pos >= len(cards):
            return None
        name = cards[pos].get("unit")
        return self.units.get(name) if name else None

    def _attack_value(
        self,
        obs: _Seen,
        a: Attack | None,
        att: UnitDef | None = None,
        at: tuple[int, str, int, str] = (0, "", 0, ""),
    ) -> float:
        """Expected points of an attack: the chance to hit times what the hit is worth,
        less what the target's counter is expected to take from us (§5.1, §5.3).

        The attack is ``a``, or ``att`` at ``at`` (target seat, line, place, attack type) for one not on offer.
        """
        if a is not None:
            att = self._unit(obs, self.seat, a.line, a.pos)
            q, tl, j, ty = a.seat, a.tline, a.tpos, a.atype
        else:
            q, tl, j, ty = at
        tgt = self._unit(obs, q, tl, j)
        if att is None or tgt is None:
            return 0.0
        tview = obs["players"][q]["front" if tl == "f" else "rear"][j]
        if ty == "aa":
            need, shots = att.aa[0] - tgt.defence, att.aa[1]
        elif ty in ("gr", "gf"):
            need, shots = att.attack[0] - tgt.defence, att.attack[1]
        elif ty == "tr":
            need, shots = att.trample[0] - tgt.defence, 1
        elif ty == "su":
            need, shots = att.suicide[0] + (1 if "open_top" in tgt.icons else 0), 1
        else:
            need, shots = att.long_range, 1
        hit = _chance(need, shots)
        # a grenade only pins, unless the target is pinned already
        worth = float(tgt.points) if ty != "gr" or tview["pinned"] else 0.45 * tgt.points
        if ty in ("su", "lr") or tview["pinned"] or tview["ooa"]:
            return hit * worth
        ctype = chart_types(tgt.kind, att.kind)[0]
        if tgt.kind == INF and ty == "gr":
            return hit * worth
        if ctype == "aa":
            cneed, cshots = tgt.aa[0] - att.defence, tgt.aa[1]
        elif ctype == "su":
            cneed, cshots = tgt.suicide[0] + (1 if "open_top" in att.icons else 0), 1
        else:
            cneed, cshots = tgt.attack[0] - att.defence, tgt.attack[1]
        back = _chance(cneed, cshots) * att.points * (0.45 if ctype == "gr" else 1.0)
        if tgt.kind == "GUN":  # the gun shoots first; a hit stops our attack
            return (1 - _chance(cneed, cshots) * (1.0 if ctype != "gr" else 0.5)) * hit * worth - back
        return hit * worth - (1 - hit) * back

    def _best_attack(self, obs: _Seen, attacks: list[Attack]) -> tuple[float, Action | None]:
        best: tuple[float, Action | None] = (-1e9, None)
        for a in attacks:
            v = self._attack_value(obs, a)
            if v > best[0]:
                best = (v, a)
        return best

    def _reveal_value(self, obs: _Seen, pos: int) -> float:
        """What a hidden front unit could take this turn if shown now, less the exposure."""
        me = obs["players"][self.seat]
        card = me["front"][pos]
        u = self.units.get(card.get("unit", ""))
        if u is None or card["ooa"] or card["pinned"]:
            return -1.0
        best = 0.0
        for p in obs["players"]:
            if p["seat"] == self.seat or p["out"]:
                continue
            for j, c in enumerate(p["front"]):
                t = self.units.get(c.get("unit", "")) if not c["hidden"] else None
                if t is None:
                    continue
                for ty in chart_types(u.kind, t.kind):
                    best = max(best, self._attack_value(obs, None, att=u, at=(p["seat"], "f", j, ty)))
        return best - 0.1 * u.points

    def _pending_card(self, obs: _Seen) -> EventDef | None:
        for c in reversed(obs["pending"]):
            if c["kind"] == "event":
                return self.events.get(c["card"])
        return None

    def _under_attack(self, obs: _Seen) -> AttackContext | ScoutContext | None:
        pend = [c for c in obs["pending"] if c["kind"] == "attack" or c["kind"] == "scout"]
        if pend and pend[-1]["target_seat"] == self.seat:
            return pend[-1]
        return None

    def _target(self, obs: _Seen, acts: list[Action]) -> Action:
        """Targets of an event card: the richest enemy for harm, our best unit for help."""
        e = self._pending_card(obs)
        if e is None:
            return acts[self._rng.below(len(acts))]
        attacked = self._under_attack(obs)

        def score(a: Action) -> float:
            if isinstance(a, TargetSeat):
                q = a.seat
                p = obs["players"][q]
                if e.effect == "hand_limit":
                    return (1.0 if q == self.seat else -1.0) * e.value * 10 + float(p["points"])
                if e.effect == "water":
                    return -100.0 if q == self.seat else float(p["points"])
                return float(len(p["front"]) + p["points"])
            if not isinstance(a, TargetUnit):
                return 0.0
            u = self._unit(obs, a.seat, a.line, a.pos)
            pts = float(u.points) if u else 1.0
            if a.seat != self.seat:
                return pts
            if attacked is not None and attacked["kind"] == "attack" and attacked["target_ref"] == f"{a.line}:{a.pos}":
                pts += 100.0
            return pts

        return max(acts, key=score)

    def _good_play(self, obs: _Seen, plays: list[Play], defending: bool) -> Action | None:
        """A card worth playing now: harm and help on our own turn, shields when attacked."""
        hand = obs["hand"]
        for a in plays:
            e = self.events.get(hand[a.pos])
            if e is None:
                continue
            if defending:
                if e.effect in ("smoke", "conceal", "escape", "ambush"):
                    return a
                continue
            if e.effect in _OWN_TURN_EFFECTS:
                if e.effect == "hand_limit" and e.value < 0 and e.target == "self":
                    continue
                return a
        return None

    def act(self, view: SeatView) -> Action:
        if not self._fixed:
            # the game's options name its card set, so a bot needs no file of its own
            self._use(str(view.options.get("cards", "")))
        legal = view.legal_actions()
        if not legal:
            raise ValueError("heuristic asked to act when its seat has no decision")
        if len(legal) == 1:
            return legal[0]
        obs = _Seen(view)
        kinds: dict[type[Action], list[Action]] = {}
        for a in legal:
            kinds.setdefault(type(a), []).append(a)
        chosen = self._setup_choice(obs, legal, kinds)
        if chosen is None:
            chosen = self._reaction(obs, kinds)
        if chosen is None:
            chosen = self._own_turn(obs, legal, kinds)
        return chosen if chosen is not None else legal[self._rng.below(len(legal))]

    def explain(self, view: SeatView, action: Action) -> Message:
        """Which rule of thumb chose ``action`` (worked out only when a move is explained)."""
        if not self._fixed:
            self._use(str(view.options.get("cards", "")))
        return reason(self, view, _Seen(view), action)

    def _setup_choice(self, obs: _Seen, legal: list[Action], kinds: Kinds) -> Action | None:
        """§2.3 draft for firepower, §2.4 send every rear-capable unit back."""
        if Pick in kinds:
            best, best_v = legal[0], -1.0
            for a in _of(kinds, Pick):
                name = obs["packet"][a.pos]
                u = self.units.get(name)
                v = _draft_value(u) if u else _EVENT_PICK
                if v > best_v:
                    best, best_v = a, v
            return best
        if PlaceRear in kinds:
            return max(_of(kinds, PlaceRear), key=lambda a: a.mask)
        return None

    def _reaction(self, obs: _Seen, kinds: Kinds) -> Action | None:
        """Always evade, use anti-air, counter with everything; shield when attacked, else pass."""
        evade = [a for a in _of(kinds, Evade) if a.yes]
        if evade:
            return evade[0]
        if AntiAir in kinds or AntiAirDone in kinds:
            uses = kinds.get(AntiAir, []) or kinds.get(Reveal, [])  # turn a face-down gun up to counter
            return uses[0] if uses else kinds[AntiAirDone][0]
        if Counter in kinds or NoCounter in kinds:
            counters = _of(kinds, Counter)
            return max(counters, key=lambda a: (a.shots, a.lead)) if counters else kinds[NoCounter][0]
        if Fire in kinds:
            return max(_of(kinds, Fire), key=lambda a: (a.lead + a.charge, a.shots, a.lead))
        if ScoutCounter in kinds or NoScoutCounter in kinds:
            picks = kinds.get(ScoutCounter, [])
            return picks[0] if picks else kinds[NoScoutCounter][0]
        if Pass in kinds:
            if self._under_attack(obs) is not None and Play in kinds:
                shield = self._good_play(obs, _of(kinds, Play), defending=True)
                if shield is not None:
                    return shield
            return kinds[Pass][0]
        return None

    def _own_turn(self, obs: _Seen, legal: list[Action], kinds: Kinds) -> Action | None:
        """Before the turn supply and advance; then free card plays, the best attack or reveal, scouting."""
        if Supply in kinds:
            return kinds[Supply][0]
        if Advance in kinds or NoAdvance in kinds:
            me = obs["players"][self.seat]
            if me["front"] or Advance not in kinds:
                return kinds[NoAdvance][0]
            return kinds[Advance][0]
        if TargetUnit in kinds or TargetSeat in kinds:
            return self._target(obs, kinds.get(TargetUnit, []) + kinds.get(TargetSeat, []))
        if ArrangeDone in kinds:
            return kinds[ArrangeDone][0]
        if Put in kinds:
            puts = _of(kinds, Put)
            return next((a for a in puts if a.line == "rear"), puts[0])
        for kind in (TargetCard, Spot, Discard):
            if kind in kinds:
                return kinds[kind][self._rng.below(len(kinds[kind]))]
        return self._main_decision(obs, legal, kinds)

    def _main_decision(self, obs: _Seen, legal: list[Action], kinds: Kinds) -> Action | None:
        """The turn player's main decision: free card plays first, then the best action."""
        good = self._good_play(obs, _of(kinds, Play), defending=False)
        if good is not None:
            return good
        attacks = _of(kinds, Attack)
        if attacks:
            v, best_a = self._best_attack(obs, attacks)
            if best_a is not None and v > _ATTACK_AT:
                return best_a
        if Reveal in kinds and Wait in kinds:
            front = [a for a in _of(kinds, Reveal) if a.line == "f"]
            if front:
                # ties go to the place whose number sorts last as text (the bot's choice since its first games)
                scored = [(self._reveal_value(obs, a.pos), str(a.pos), a) for a in front]
                v, _, best_r = max(scored)
                if v > _REVEAL_AT:
                    return best_r
        if attacks:
            v, best_a = self._best_attack(obs, attacks)
            if best_a is not None and v > 0.0:
                return best_a
        if Scout in kinds:
            enemy_visible = any(
                not c["hidden"] for p in obs["players"] if p["seat"] != self.seat and not p["out"] for c in p["front"]
            )
            if not enemy_visible:
                return kinds[Scout][0]
        commands = [a for a in legal if isinstance(a, (Command, CommandUnit, CommandIntel))]
        if commands:
            return commands[0]
        for kind in (Wait, End):
            if kind in kinds:
                return kinds[kind][0]
        return None


class _Seen:
    """The seat's observation with each entry built on first use: most decisions read one entry or none."""

    __slots__ = ("_parts", "_view")

    def __init__(self, view: SeatView) -> None:
        self._view = view
        self._parts: dict[str, object] = {}

    @overload
    def __getitem__(self, key: Literal["players"]) -> list[PlayerView]: ...
    @overload
    def __getitem__(self, key: Literal["pending"]) -> list[Context]: ...
    @overload
    def __getitem__(self, key: Literal["hand", "packet"]) -> list[str]: ...
    def __getitem__(self, key: Literal["players", "pending", "hand", "packet"]) -> object:
        parts = self._parts
        if key not in parts:
            parts[key] = part(self._view, key)
        return parts[key]


#: the legal actions of one decision, by their kind (in the order the rules offer them)
Kinds = dict[type[Action], list[Action]]
A = TypeVar("A", bound=Action)


def _of(kinds: Kinds, kind: type[A]) -> list[A]:
    """The legal actions of one kind, typed as that kind."""
    return [a for a in kinds.get(kind, []) if isinstance(a, kind)]


def _draft_value(u: UnitDef) -> float:
    """How much a unit is worth keeping: what it can hit and how well it survives.

    Its points count a little: they are what the others score when it falls.
    """
    fire = max(
        _chance(u.aa[0] - 2, u.aa[1]) if u.aa[1] else 0.0,
        _chance(u.suicide[0], 1) if u.suicide[1] else 0.0,
    )
    soft = _chance(u.attack[0] - 1, u.attack[1]) if u.attack[1] else 0.0
    return 6 * fire + 2 * soft + 0.6 * u.defence + (1.0 if u.scouting else 0.0) - _PTS_W * u.points


def _chance(need: int, shots: int) -> float:
    """At least one hit in ``shots`` rolls of a d6 at or below ``need``."""
    p = max(0, min(6, need)) / 6
    return 1 - (1 - p) ** max(1, shots)


# Tuned against the random bot (benchmarks: 2-player games, ~100 per setting):
# attack at any positive expectation, show a hidden unit only for a clearly good
# shot (a revealed unit draws fire), and draft for firepower over points.
_PTS_W = 1.0  # a unit's points are what the others score when it falls
_EVENT_PICK = 2.5  # an event card in the draft, on the unit scale
_ATTACK_AT = 0.0
_REVEAL_AT = 1.0
_OWN_TURN_EFFECTS = frozenset(
    ("strike", "barrage", "sabotage", "attach_bonus", "remove_marker", "reinforce", "hand_limit", "recon", "water")
)


# -- why: the rule of thumb behind a move, in words of the game's catalog (``why.*`` keys) ------
# Worked out only when a bot's move is explained, from what the bot read (the seat's
# observation and the card designs), so a reason names no card the seat cannot see.

#: Actions whose reason needs nothing but their kind.
_PLAIN: dict[type[Action], str] = {
    th.PlaceRear: "why.rear",
    th.Evade: "why.evade",
    th.AntiAir: "why.anti-air",
    th.AntiAirDone: "why.no-anti-air",
    th.NoCounter: "why.no-counter",
    th.ScoutCounter: "why.scout-counter",
    th.NoScoutCounter: "why.no-scout-counter",
    th.Pass: "why.pass",
    th.Supply: "why.supply",
    th.NoSupply: "why.pass",
    th.Advance: "why.advance",
    th.NoAdvance: "why.no-advance",
    th.ArrangeDone: "why.arranged",
    th.Put: "why.put",
    th.TargetCard: "why.any",
    th.Spot: "why.any",
    th.Discard: "why.any",
    th.Scout: "why.scout",
    th.Command: "why.command",
    th.CommandUnit: "why.command",
    th.CommandIntel: "why.command",
    th.Wait: "why.wait",
    th.End: "why.end",
}


def reason(bot: TankHunterHeuristic, view: SeatView, obs: _Seen, action: Action) -> Message:
    """The rule of thumb behind ``action``, the move ``bot`` chose from ``view``."""
    if len(view.legal_actions()) == 1:
        return Message.of("why.only")
    if isinstance(action, th.Pick):
        name = obs["packet"][action.pos]
        return Message.of("why.draft" if name in bot.units else "why.draft-event", card=name)
    if isinstance(action, th.Counter | th.Fire):
        return Message.of("why.counter" if isinstance(action, th.Counter) else "why.fire", shots=action.shots)
    if isinstance(action, th.Play):
        card = obs["hand"][action.pos]
        return Message.of("why.shield" if bot._under_attack(obs) is not None else "why.event", card=card)
    if isinstance(action, th.TargetUnit):
        u = bot._unit(obs, action.seat, action.line, action.pos)
        key = "why.aim-own" if action.seat == bot.seat else "why.aim-unit"
        return Message.of(key, card=u.name if u else "?", points=u.points if u else 0)
    if isinstance(action, th.TargetSeat):
        if action.seat == bot.seat:
            return Message.of("why.aim-self")
        return Message.of("why.aim-seat", seat=action.seat)
    if isinstance(action, th.Attack):
        return _why_attack(bot, obs, action)
    if isinstance(action, th.Reveal):
        u = bot._unit(obs, bot.seat, action.line, action.pos)
        if u is None or action.line != "f":  # a gun turned up to fire anti-air
            return Message.of("why.anti-air")
        return Message.of("why.reveal", card=u.name, points=_tenths(bot._reveal_value(obs, action.pos)))
    if isinstance(action, th.Evade) and not action.yes:
        return Message.of("why.any")
    return Message.of(_PLAIN.get(type(action), "why.any"))


def _why_attack(bot: TankHunterHeuristic, obs: _Seen, action: th.Attack) -> Message:
    """The attack with the best expected points, net of what the target's counter may take."""
    att = bot._unit(obs, bot.seat, action.line, action.pos)
    tgt = bot._unit(obs, action.seat, action.tline, action.tpos)
    return Message.of(
        "why.attack",
        card=att.name if att else "?",
        target=tgt.name if tgt else "?",
        points=_tenths(bot._attack_value(obs, action)),
    )


def _tenths(value: float) -> str:
    """A bot's estimate as the page shows it: one decimal."""
    return f"{value:.1f}"


def make_heuristic(game: Game, seat: int, seed: int, **params: str) -> TankHunterHeuristic:
    """``cards=PATH`` (local use) fixes the card file; without it the bot reads the game's own cards."""
    cards = params.pop("cards", "")
    if params:
        raise TypeError(f"the Tank Hunter heuristic takes only cards= (got {', '.join(params)})")
    return TankHunterHeuristic(seat, seed, cards)
