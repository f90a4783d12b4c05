"""A rule-of-thumb Tank Killers bot.

It sees only its seat's observation and legal actions (``SeatView``) plus the
public card data. Its rules: attack the target it can most surely destroy;
as defender spend a lost-attack card only when the attack could succeed; in the
modifier subphase play just enough to win the exchange (a Range card beyond
the attacker's reach stops an attack outright); always negate, always take a
free attack, and throw away the weakest cards at the hand limit.

After a move, ``explain`` says which rule of thumb chose it, in words of the game's catalog
(``why.*`` keys): worked out only then, from the same view, so play never pays for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine.agent import SeatView
from hulldown.engine.messages import Message
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action
from hulldown.games.tank_killers.actions import DISCARD, PASS, PLAY, TankKillersAction
from hulldown.games.tank_killers.cards import CLASS_BIT, E_END, E_FREE, E_LOST, E_MOD, E_NEG, E_OOA, E_REC
from hulldown.games.tank_killers.tables import Rules, rules_for
from hulldown.games.tank_killers.views import AttackView, part

if TYPE_CHECKING:
    from hulldown.engine.game import Game

Plays = list[tuple[int, TankKillersAction]]

_INF = CLASS_BIT["infantry"]
# How much a card is worth keeping, by effect (higher is kept longer).
_KEEP = {E_OOA: 9, E_END: 8, E_LOST: 7, E_FREE: 6, E_NEG: 5, E_REC: 4, E_MOD: 0}
_DECK_DEF = 6  # expected defense of an unseen formation card


class TankKillersHeuristic:
    name = "heuristic"

    def __init__(self, seat: int, seed: int, rules: Rules) -> None:
        self.seat = seat
        self._rng = SplitMix64(seed)
        self.R = rules
        self._keep = [self._keep_value(t) for t in range(rules.n_types)]
        self.unit: list[dict[str, int]] = [{}, {}]
        for c in range(rules.n_tactics, rules.n_cards):
            s = rules.seat_of(c)
            self.unit[s].setdefault(rules.fname[c], c)

    # -- helpers -------------------------------------------------------------------
    def _card(self, seat: int, name: str) -> int:
        return self.unit[seat][name]

    def _factor(self, att: int, tgt: int) -> int:
        R = self.R
        return R.finf[att] if R.fcls[tgt] & _INF else R.fpen[att]

    def _delta(self, t: int, tgt_infantry: bool) -> int:
        return self.R.tinf[t] if tgt_infantry else self.R.tpen[t]

    def _keep_value(self, t: int) -> float:
        e = self.R.teff[t]
        if e == E_MOD:
            return abs(self.R.tpen[t]) / 3 + (2 if self.R.trange[t] > 0 else 0)
        return _KEEP[e]

    def act(self, view: SeatView) -> Action:
        legal: list[TankKillersAction] = view.legal_actions()  # type: ignore[assignment]
        if not legal:
            raise ValueError("the heuristic was asked to act when its seat has no decision")
        if len(legal) == 1:
            return legal[0]
        # the two entries it reads, not the whole observation: most of a game's time otherwise
        phase = view.observation_part("phase")  # compared with names only: ``part``'s type is not needed
        if phase == "maneuver":
            return self._maneuver(legal)
        if phase == "target":
            return self._target(view, legal)
        if phase == "free attacker":
            return self._free_attacker(legal)
        # the hand's plays only where a rule weighs them: built for nothing elsewhere
        plays = [(a.index, a) for a in legal if a.KIND == PLAY]
        if phase == "lost attack":
            return self._lost(_gap(part(view, "attack")), plays, legal)
        if phase == "modifier":
            return self._modifier(part(view, "attack"), plays, legal)
        # negation, after failed attack, free attack: playing is always worth it
        return plays[0][1] if plays else _pass(legal)

    def _maneuver(self, legal: list[TankKillersAction]) -> Action:
        for a in legal:
            if a.KIND == PLAY:
                return a
        discards = [a for a in legal if a.KIND == DISCARD]
        if discards:
            return min(discards, key=lambda a: self._keep[a.index])
        return legal[0]

    def _target(self, view: SeatView, legal: list[TankKillersAction]) -> Action:
        me = self.seat
        attack = part(view, "attack")
        if attack is None:
            raise ValueError("a target is chosen only for an attack under way")
        att = self._card(me, attack["attacker"])
        opp = 1 - me
        best, best_score = legal[0], -1e9
        for a in legal:
            score: float
            if a.on_deck:
                top = part(view, "sides")[opp]["top"]
                if top is None:
                    score = self.R.fpen[att] - _DECK_DEF - 0.5
                else:
                    t = self._card(opp, top)
                    score = float(self._factor(att, t) - self.R.fdef[t])
            else:
                t = self._card(opp, a.name)
                score = self._factor(att, t) - self.R.fdef[t] + 0.25
            if score >= 0:
                score += 10
            if score > best_score:
                best, best_score = a, score
        return best

    def _lost(self, gap: int, plays: Plays, legal: list[TankKillersAction]) -> Action:
        if not plays or gap + 4 < 0:
            return _pass(legal)
        return max(plays, key=lambda p: _KEEP[self.R.teff[p[0]]])[1]

    def _modifier(self, a: AttackView | None, plays: Plays, legal: list[TankKillersAction]) -> Action:
        R = self.R
        gap = _gap(a)  # >= 0: the attack succeeds as things stand
        assert a is not None and a["target"] is not None  # _gap checked both
        attacking = a["seat"] == self.seat
        tgt_inf = bool(R.fcls[self._card(1 - a["seat"], a["target"])] & _INF)
        att = self._card(a["seat"], a["attacker"])
        if attacking:
            if gap >= 0:
                for t, act in plays:  # take the Range slot before the defender can
                    if R.trange[t] == 0:
                        return act
                return _pass(legal)
            ups = sorted(((self._delta(t, tgt_inf), act) for t, act in plays if R.trange[t] <= 0), key=lambda p: p[0])
            ups = [(d, act) for d, act in ups if d > 0]
            if not ups:
                return _pass(legal)
            enough = [(d, act) for d, act in ups if gap + d >= 0]
            return enough[0][1] if enough else ups[-1][1]
        if gap < 0:
            return _pass(legal)
        reach = R.frng[att]
        for t, act in plays:
            if R.trange[t] > reach:
                return act
        downs = sorted(((self._delta(t, tgt_inf), act) for t, act in plays), key=lambda p: p[0])
        downs = [(d, act) for d, act in downs if d < 0]
        if not downs:
            return _pass(legal)
        enough = [(d, act) for d, act in downs if gap + d < 0]
        return enough[-1][1] if enough else downs[0][1]

    def _free_attacker(self, legal: list[TankKillersAction]) -> Action:
        def strength(a: TankKillersAction) -> float:
            if a.on_deck:
                return 8.5
            c = self._card(self.seat, a.name)
            return float(self.R.fpen[c])

        return max(legal, key=strength)

    def explain(self, view: SeatView, action: Action) -> Message:
        """Which rule of thumb chose ``action`` (worked out only when a move is explained)."""
        assert isinstance(action, TankKillersAction)
        return reason(self, view, action)


# -- why: the rule of thumb behind a move, in words of the game's catalog (``why.*`` keys) ------
# Worked out only when a bot's move is explained, from what the bot read (the seat's
# observation and the public card data), so a reason tells the seat nothing new.


def reason(bot: TankKillersHeuristic, view: SeatView, action: TankKillersAction) -> Message:
    """The rule of thumb behind ``action``, the move ``bot`` chose from ``view``."""
    if len(view.legal_actions()) == 1:
        return Message.of("why.only")
    phase = part(view, "phase")
    if phase == "maneuver":
        if action.KIND == DISCARD:
            return Message.of("why.discard", card=action.name)
        return Message.of("why.maneuver", card=action.name) if action.KIND == PLAY else Message.of("why.no-card")
    if phase == "target":
        return _why_target(bot, view, action)
    if phase == "free attacker":
        if action.on_deck:
            return Message.of("why.attacker-deck")
        return Message.of("why.attacker", card=action.name, pen=bot.R.fpen[bot._card(bot.seat, action.name)])
    attack = part(view, "attack")
    nums = {"factor": (attack["factor"] or 0) if attack else 0, "defense": (attack["defense"] or 0) if attack else 0}
    if phase == "lost attack":
        if action.KIND == PASS:
            return (
                Message.of("why.lost.pass", **nums)
                if any(isinstance(a, TankKillersAction) and a.KIND == PLAY for a in view.legal_actions())
                else Message.of("why.no-card")
            )
        return Message.of("why.lost", card=action.name, **nums)
    if phase == "modifier" and attack is not None:
        return _why_modifier(bot, attack, action, nums)
    if action.KIND != PLAY:
        return Message.of("why.no-card")
    window = {"negation": "negation", "free attack": "free"}.get(phase, "after")
    return Message.of(f"why.always.{window}", card=action.name)


def _why_target(bot: TankKillersHeuristic, view: SeatView, action: TankKillersAction) -> Message:
    """The heuristic attacks what it can destroy as things stand, else what comes closest."""
    attack = part(view, "attack")
    if attack is None:
        raise ValueError("a target is chosen only in an attack")
    att = bot._card(bot.seat, attack["attacker"])
    opp = 1 - bot.seat
    if action.on_deck:
        top = part(view, "sides")[opp]["top"]
        if top is None:
            return Message.of("why.target-unseen", factor=bot.R.fpen[att], defense=_DECK_DEF)
        name = top
    else:
        name = action.name
    t = bot._card(opp, name)
    factor, defense = bot._factor(att, t), bot.R.fdef[t]
    if view.options.get("random_factor"):  # 8.3: the dice decide; the best factor gives the best odds
        key = "why.target-top-dice" if action.on_deck else "why.target-dice"
        return Message.of(key, card=name, factor=factor, defense=defense, chance=_dice_chance(defense - factor))
    key = "why.target" if factor >= defense else "why.target-closest"
    if action.on_deck:  # its top card is known: face up, or seen
        key = key.replace("why.target", "why.target-top")
    return Message.of(key, card=name, factor=factor, defense=defense)


def _dice_chance(short: int) -> int:
    """8.3 The chance, in percent, that 1d6 - 1d6 makes up ``short`` points or more."""
    return round(100 * sum(1 for a in range(1, 7) for b in range(1, 7) if a - b >= short) / 36)


def _why_modifier(
    bot: TankKillersHeuristic, attack: AttackView, action: TankKillersAction, nums: dict[str, int]
) -> Message:
    """Just enough to win the exchange: the attacker raises, the defender lowers or stops it."""
    R = bot.R
    attacking = attack["seat"] == bot.seat
    succeeds = nums["factor"] >= nums["defense"]
    if action.KIND == PASS:
        if attacking:
            return Message.of("why.mod.pass-wins" if succeeds else "why.mod.pass-no-raise", **nums)
        return Message.of("why.mod.pass-fails" if not succeeds else "why.mod.pass-no-cut", **nums)
    t = action.index
    if attacking and succeeds:
        return Message.of("why.mod.range-slot", card=action.name, **nums)
    if not attacking and R.trange[t] > R.frng[bot._card(attack["seat"], attack["attacker"])]:
        return Message.of("why.mod.out-of-reach", card=action.name)
    target = attack["target"]
    if target is None:
        raise ValueError("the modifier subphase comes only once a target is chosen")
    tgt_inf = bool(R.fcls[bot._card(1 - attack["seat"], target)] & _INF)
    after = nums["factor"] + bot._delta(t, tgt_inf)
    if attacking:
        key = "why.mod.raise" if after >= nums["defense"] else "why.mod.raise-most"
    else:
        key = "why.mod.cut" if after < nums["defense"] else "why.mod.cut-most"
    return Message.of(key, card=action.name, after=after, **nums)


def _pass(legal: list[TankKillersAction]) -> TankKillersAction:
    """The pass among ``legal``; a decision that offers none raises ``KeyError``, as a missing pass always has."""
    for a in legal:
        if a.KIND == PASS:
            return a
    raise KeyError(PASS)


def _gap(a: AttackView | None) -> int:
    """Attack factor less defense: the lost-attack and modifier subphases come only once a target is chosen."""
    if a is None or a["factor"] is None or a["defense"] is None:
        raise ValueError("the attack has no target yet")
    return a["factor"] - a["defense"]


class LazyHeuristic:
    """Builds the heuristic on its first decision, when the game's options are known."""

    name = "heuristic"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self._bot: TankKillersHeuristic | None = None

    def act(self, view: SeatView) -> Action:
        if self._bot is None:
            self._bot = TankKillersHeuristic(self.seat, self.seed, rules_for(view.options))
        return self._bot.act(view)

    def explain(self, view: SeatView, action: Action) -> Message:
        """Why the last move was chosen, in a message of the game's catalog."""
        if self._bot is None:
            self._bot = TankKillersHeuristic(self.seat, self.seed, rules_for(view.options))
        return self._bot.explain(view, action)


def make_heuristic(game: Game, seat: int, seed: int, **params: str) -> LazyHeuristic:
    if params:
        raise TypeError(f"the tank-killers heuristic takes no parameters (got {', '.join(params)})")
    return LazyHeuristic(seat, seed)
