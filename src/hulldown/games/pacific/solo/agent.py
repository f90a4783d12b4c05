"""§12.10 The ``solo-ai`` agent: the rulebook AI's tables applied to a seat of an ordinary game.

The agent owns no rule of its own: it scores each legal action by what the §12 clause modules
would decide on its resampled state, and the procedure it carries (:class:`RulebookProcedure`)
names the table it forces (its parameter ``table``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hulldown.engine.rng import SplitMix64
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import grid
from hulldown.games.pacific.actions import HQ, MAIN, SPACE_NAMES
from hulldown.games.pacific.ids import find_unit, hand_card_at, target_internal, unit_on
from hulldown.games.pacific.rules.s05_deployment import deploy_actions
from hulldown.games.pacific.rules.s06_movement import can_move, move_destinations
from hulldown.games.pacific.solo.procedure import RulebookProcedure
from hulldown.games.pacific.solo.s12_02_behaviour import band_reason, side_table
from hulldown.games.pacific.solo.s12_04_priorities import lines, priority
from hulldown.games.pacific.solo.s12_04_transport import CARRIER_KINDS, cargo_for, field_cargo, field_plan
from hulldown.games.pacific.solo.s12_05_placement import placement
from hulldown.games.pacific.solo.s12_06_destination import destination
from hulldown.games.pacific.solo.s12_06_movement import unload_here
from hulldown.games.pacific.solo.s12_06_pickups import board_waiting_carriers, fetch_with_empty_carriers
from hulldown.games.pacific.solo.s12_07_shooting import breaks_supply
from hulldown.games.pacific.solo.words import Said, listening, row
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.engine.agent import SeatView
    from hulldown.engine.state import Action

#: a score and the clause that gave it (lower scores are chosen first)
Scored = tuple[tuple[int, ...], Said]


class SoloAIAgent:
    """§12.10 The rulebook AI's priorities applied to a seat of an ordinary game.

    It reads a resampled state (what the seat knows), works out the behaviour in force for its
    side (§12.2: the table given by the ``table`` parameter, else the scenario's ``ai_table``,
    else Variable; the band from the turn and the behaviour modifiers) and scores each legal action
    by that row of the deployment, movement and shooting tables. ``last_reason`` names the clause
    of each choice; ties are broken by its own seeded generator.
    """

    name = "solo-ai"

    def __init__(self, seat: int, seed: int = 0, table: str = "", **params: str) -> None:
        """§12.10 ``table`` forces an AI table; ``seed`` seeds the agent's own die."""
        if params:
            raise TypeError(f"solo-ai takes only the parameter table (got {', '.join(params)})")
        self.procedure = RulebookProcedure(table=table)
        self.seat = seat
        self.rng = SplitMix64(seed)
        self.last_reason = ""
        self.last_said = Said("ai.why.none")
        self.last_band = ""
        self._spots: dict[int, int] = {}  # §12.5 placement of each hand card (by position), per decision
        self._move_plan: tuple[str, Said] | None = None  # §12.6 this decision's move, if computed
        self._stays: set[tuple[int, int]] = set()  # (turn, unit) that §12.6 keeps in place
        self._bid = 0  # §12.1 this decision's bid
        self._bid_why = Said("ai.why.none")
        self._terrain = ""  # §12.1 this decision's terrain card and space (an action id)

    @property
    def table(self) -> str:
        """§12.10 The table the agent forces ("": the scenario's for its side, else Variable)."""
        return self.procedure.table

    def act(self, view: SeatView) -> Action:
        """§12.10 The legal action the tables in force put first (ties by the agent's own die)."""
        legal = view.legal_actions()
        st = view.resample(self.rng.next64())
        assert isinstance(st, PacificState)
        side = st.side_of(self.seat)
        table = self.table or side_table(st, side) or "variable"
        b, bwhy = band_reason(st, side, table)
        self.last_band = b
        self._spots = {}
        self._move_plan = None
        if st.phase == "bid":
            self._plan_bid(st, side)
        elif st.phase == "terrain":
            self._plan_terrain(st, side, {a.id for a in legal})
        best: Action | None = None
        best_key: tuple[Any, ...] = ()
        for a in legal:
            key, why = self._score(st, a, table, b)
            key = (*key, self.rng.below(1000))  # ties by a die roll
            if best is None or key < best_key:
                best, best_key, self.last_said = a, key, Said.of("ai.why", band=bwhy, clause=why)
        assert best is not None
        self.last_reason = self.last_said.render()
        return best

    def explain(self, view: SeatView, action: Action) -> Said:
        """§12.10 The behaviour row and the table clause behind the last choice, in the catalog's words."""
        return self.last_said

    def _score(self, st: PacificState, a: Action, table: str, b: str) -> Scored:
        """§12.10 One legal action's score under the behaviour ``b`` of ``table``."""
        assert isinstance(a, acts.PacificAction)
        k = a.KIND
        side = st.side_of(self.seat)
        if k in _FIXED:
            return _FIXED[k]
        if isinstance(a, acts.Bid):
            return (abs(a.ap - self._bid),), self._bid_why
        if isinstance(a, acts.Terrain | acts.WideTerrain):
            if a.id == self._terrain:
                return (0,), Said.of(
                    "ai.why.terrain", terrain=st.db.terrain[a.terrain].name, space=SPACE_NAMES[a.space]
                )
            return (5,), Said("ai.why.terrain-not")
        if isinstance(a, acts.Deploy | acts.Play | acts.PlayOn):
            return self._deploy_score(st, a, table, b, side)
        if isinstance(a, acts.Fetch) and st.phase == "deploy":
            return self._line_fetch(st, a, table, b, side)
        if k in ("move", "unload", "load", "fetch"):
            plan = self._plan(st, side, table, b)
            if plan is not None and plan[0] == a.id:
                return (0,), plan[1]
            return (5,), Said("ai.why.not-move")
        if isinstance(a, acts.Fire):
            return _fire_score(st, a, side)
        if k.endswith("done"):
            return (2,), Said("ai.why.phase-over")
        return (3,), Said("ai.why.unused")

    def _deploy_score(
        self, st: PacificState, a: acts.Deploy | acts.Play | acts.PlayOn, table: str, b: str, side: int
    ) -> Scored:
        """§12.4 a card of the hand deployed or played by the priority of its line, §12.5 where."""
        iid = hand_card_at(st, self.seat, a.hand)
        cid = st.cards[iid]
        if not isinstance(a, acts.Deploy) and st.phase == "deploy":
            sc = st.db.support.get(cid)
            if sc is not None and sc.effect in ("promotion", "accuracy-turn"):
                on = find_unit(st, a.unit, side) if isinstance(a, acts.PlayOn) else None
                return self._shooting_card(st, sc, on, side)
        cost = st.db.cost(cid)
        pr = priority(st, table, b, cid)
        name = row("deploy", table, b)
        if pr == 9:
            if cid in st.db.support and st.ap[self.seat] > 3:  # §12.4: support cards with > 3 AP
                return (1, -cost), Said("ai.why.support")
            return (4,), Said.of("ai.why.not-listed", line=name)
        spot = 0
        if isinstance(a, acts.Deploy) and a.space != HQ:  # §12.5 the table's placement for this card
            if a.hand not in self._spots:
                spaces = [x.space for x in self._legal_deploys(st, a.hand)]
                pierce = st.db.units[cid].pierce
                self._spots[a.hand] = self._line_spot(st, cid, pr, table, b, side, spaces)
                if self._spots[a.hand] < 0 and spaces:
                    self._spots[a.hand] = placement(st, pierce, spaces, b, side)[0]
            spot = 0 if a.space == self._spots[a.hand] else 1
        return (0, pr, -cost, spot), Said.of("ai.why.deploy", line=name, priority=pr, card=st.db.name(cid))

    def _plan(self, st: PacificState, side: int, table: str, b: str) -> tuple[str, Said] | None:
        """§12.6 on a copy of the resampled state: the first unit, from the deployment line
        forward, that the movement rules move or unload this decision (once per decision; a unit
        that chose to stay keeps its choice for the turn, so a wounded unit rolls once)."""
        if self._move_plan is not None:
            return self._move_plan if self._move_plan[0] else None
        sim = st.clone()
        assert isinstance(sim, PacificState)
        out = self._pickup(sim, side, table, b)
        if out is None:
            for u in sorted(
                (x for x in sim.side_units(side) if x.space >= 0),
                key=lambda x: (grid.own_row(side, x.space), -x.card.cost, x.iid),
            ):
                if (sim.turn, u.iid) in self._stays:
                    continue
                out = self._unit_plan(sim, u, table, b)
                if out is not None:
                    break
                self._stays.add((sim.turn, u.iid))
        self._move_plan = (out[0], out[1]) if out else ("", Said("ai.why.none"))
        return out

    def _unit_plan(self, sim: PacificState, u: Unit, table: str, b: str) -> tuple[str, Said] | None:
        """§12.6 for one unit on the copy: its unloading before the move, its move, or the
        unloading of a transport the rules keep in place (None: it stays)."""
        if u.cargo is not None:
            c, here = u.cargo, u.space
            with listening() as heard:
                if unload_here(sim, u, b, table, []):
                    return acts.Unload(here, c.space).id, heard[-1]
        if can_move(sim, u):
            dests = [x for x in move_destinations(sim, u)[0] if sim.board[x] < 0]
            picked = destination(sim, u, dests, b, table, []) if dests else None
            if picked is not None:
                return acts.Move(u.space, picked[0]).id, Said.of(
                    "ai.move", unit=u.card.name, space=SPACE_NAMES[picked[0]], why=picked[1]
                )
            if u.cargo is not None:
                c, here = u.cargo, u.space
                with listening() as heard:
                    if unload_here(sim, u, b, table, [], staying=True):
                        return acts.Unload(here, c.space).id, heard[-1]
        return None

    def _pickup(self, sim: PacificState, side: int, table: str, b: str) -> tuple[str, Said] | None:
        """§12.6 before the moves: the boarding of a transport line's carrier deployed this turn
        (§12.4, 15.2 case 1), else an empty carrier's pickup (§12.6), as ``load:`` / ``fetch:``."""
        before = {u.iid: u.space for u in sim.side_units(side) if u.space >= 0}
        empty = {u.iid for u in sim.side_units(side) if u.space >= 0 and u.cargo is None}
        for step in (board_waiting_carriers, fetch_with_empty_carriers):
            with listening() as heard:
                step(sim, b, table, [], side)
            for t in sorted(sim.side_units(side), key=lambda x: x.iid):
                if t.iid in empty and t.cargo is not None and t.cargo.iid in before:
                    c = t.cargo
                    if t.space == before[t.iid]:
                        aid = acts.Load(before[c.iid], t.space).id
                    else:
                        aid = acts.Fetch(before[t.iid], before[c.iid]).id
                    return aid, heard[0] if heard else Said("ai.why.pickup")
        return None

    def _line_spot(self, st: PacificState, cid: str, pr: int, table: str, b: str, side: int, spaces: list[int]) -> int:
        """§12.4: a transport line's carrier with no fitting cargo in hand is deployed where it can
        take a unit of the battlefield on board (-1: not such a carrier, or no such unit)."""
        entries = lines(st, table, b)
        if not 1 <= pr <= len(entries) or entries[pr - 1][0] not in CARRIER_KINDS:
            return -1
        kind, wish = entries[pr - 1]
        free = [i for i in st.hands[self.seat] if st.cards[i] != cid]
        if cargo_for(st, kind, wish, cid, free)[0] >= 0:
            return -1  # its cargo comes from the hand (board:)
        plan = field_plan(st, kind, wish, cid, set(), side)
        return plan[0] if plan is not None and plan[0] in spaces else -1

    def _line_fetch(self, st: PacificState, a: acts.Fetch, table: str, b: str, side: int) -> Scored:
        """§12.4 with §15.2 case 2: a transport line's carrier deployed this turn with *Mobility*
        drives to the costliest unit of the battlefield its line takes on board."""
        t = unit_on(st, a.carrier)
        c = unit_on(st, a.unit)
        entries = lines(st, table, b)
        pr = priority(st, table, b, st.cards[t.iid])
        if t.deployed_turn == st.turn and 1 <= pr <= len(entries) and entries[pr - 1][0] in CARRIER_KINDS:
            kind, wish = entries[pr - 1]
            if c in field_cargo(st, kind, wish, st.cards[t.iid], set(), side):
                return (0, 0, -c.card.cost), Said.of("ai.why.line-fetch", carrier=t.card.name, unit=c.card.name)
        return (5,), Said("ai.why.not-cargo")

    def _shooting_card(self, st: PacificState, sc: Any, u: Unit | None, side: int) -> Scored:
        """§12.7 Promotion and Fortunate with the ordinary actions, which play support cards in the
        Deployment phase only (§5.3): Promotion on the costliest undamaged tank, else undamaged
        artillery or armed transport (its third choice, the first infantry to destroy an enemy
        unit, falls in the Shooting phase: the card is kept); Fortunate on the costliest unit that
        can attack the battle objective this turn (the HQ in range, a weapon that damages it) or
        a unit whose loss breaks the enemy's Supply Line; else the card is kept."""
        if u is None or u.side != side or u.space < 0:
            return (4,), Said("ai.why.kept")
        mine = [f for f in st.side_units(side) if f.space >= 0]
        if sc.effect == "promotion":
            fresh = [f for f in mine if f.wounds == 0 and f.promotions == 0]
            tanks = [f for f in fresh if f.card.type == "tank"]
            others = [
                f for f in fresh if f.card.type == "artillery" or (f.card.type == "transport" and f.card.damage > 0)
            ]
            pool = tanks or others
            if pool and u in pool and u.card.cost == max(f.card.cost for f in pool):
                return (0, 0, -u.card.cost), Said.of(
                    "ai.why.promotion", unit=u.card.name, type=Said(f"ai.type.{u.card.type}")
                )
            return (4,), Said("ai.why.promotion-kept")
        pool = [f for f in mine if _attacks_objective(st, f, 1 - side)]
        if pool and u in pool and u.card.cost == max(f.card.cost for f in pool):
            return (0, 0, -u.card.cost), Said.of("ai.why.fortunate", card=sc.name, unit=u.card.name)
        return (4,), Said.of("ai.why.fortunate-kept", card=sc.name)

    def _plan_bid(self, st: PacificState, side: int) -> None:
        """§12.1 Initiative with the seat's knowledge: the d10 table applied to the enemy's bid as
        the seat can guess it (the resampled guess once it is in, else none), within its AP."""
        yours = max(0, st.bids[1 - side])
        r = 1 + self.rng.below(10)
        n = 0 if r <= 3 else yours - 2 if r <= 5 else yours - 1 if r <= 7 else yours if r <= 9 else yours + 1
        slot = st.side_slots[side][0]
        self._bid = max(0, min(n, st.ap[slot]))
        self._bid_why = Said.of("ai.why.bid", roll=r, bid=self._bid)

    def _plan_terrain(self, st: PacificState, side: int, legal: set[str]) -> None:
        """§12.1 Terrain, one card a decision: the pile shuffled, the first card the AP left pay
        for, on the AI's row 5 (d10 1-5) or 4 (6-10) of a d10 column, an occupied space rolled
        again (30 tries, then the next card); one space wide."""
        self._terrain = ""
        budget = st.terrain_budget[side]
        pile = sorted(st.terrain_piles[side])
        for k in self.rng.permutation(len(pile)):
            t = st.db.terrain[st.cards[pile[k]]]
            if t.cost > budget:
                continue
            for _ in range(30):
                row = 2 if 1 + self.rng.below(10) <= 5 else 3
                s = grid.space(grid.row_index(side, row), grid.D10_COLUMN[self.rng.below(10)])
                aid = acts.Terrain(t.id, s).id
                if st.terrain[s] < 0 and aid in legal:
                    self._terrain = aid
                    return

    def _legal_deploys(self, st: PacificState, hand: int) -> list[acts.Deploy]:
        """§12.5 The legal deployments of the hand card at ``hand`` onto the battlefield (not beside the HQ)."""
        return [
            x for x in deploy_actions(st, self.seat) if isinstance(x, acts.Deploy) and x.hand == hand and x.space != HQ
        ]


#: §12.10 the actions scored the same whatever the state
_FIXED: dict[str, Scored] = {
    "keep": ((0,), Said("ai.why.keep")),
    "board": ((0, 0), Said("ai.why.board")),
    "upgrade": ((1,), Said("ai.why.upgrade")),
    "ride": ((5,), Said("ai.why.never")),
    "cover": ((5,), Said("ai.why.never")),
    "assault": ((5,), Said("ai.why.never")),
    "heal": ((0, 0), Said("ai.why.heal")),
    "discard": ((3,), Said("ai.why.discard")),
    "ta-pass": ((2,), Said("ai.why.phase-over")),
    "no-escort": ((2,), Said("ai.why.phase-over")),
    "no-intercept": ((2,), Said("ai.why.phase-over")),
    "intercept": ((0,), Said("ai.why.air")),
    "escort": ((0,), Said("ai.why.air")),
    "aa": ((0,), Said("ai.why.air")),
}


def _fire_score(st: PacificState, a: acts.Fire, side: int) -> Scored:
    """§12.7 target priority of a ``fire`` action: a unit a standard hit destroys, the HQ, wounded
    units, the others, terrain."""
    u = find_unit(st, a.unit, side)
    tid = target_internal(st, u, "main" if a.weapon == MAIN else str(a.weapon), a.target)
    if tid == "hq":
        return (0, 1), Said.of("ai.why.fire-hq", unit=u.card.name)
    if tid.startswith("u"):
        e = st.units[int(tid[1:])]
        if u.card.damage >= e.hp - e.wounds:
            return (0, 0, -e.card.cost), Said.of("ai.why.fire-kill", unit=u.card.name, target=e.card.name)
        key = "ai.why.fire-wounded" if e.wounds else "ai.why.fire-other"
        return (0, 2 if e.wounds else 3, -e.card.cost), Said.of(key, unit=u.card.name, target=e.card.name)
    return (0, 5), Said.of("ai.why.fire-terrain", unit=u.card.name)


def _attacks_objective(st: PacificState, f: Unit, enemy: int) -> bool:
    """§12.7 Fortunate: can ``f`` attack the battle objective this turn (the enemy HQ in range of
    a weapon that damages it, or a unit whose loss breaks the enemy's Supply Line)?"""
    if f.card.damage == 0 or f.acc_turn:
        return False
    if grid.hq_distance(enemy, f.space) <= f.card.range and f.card.pierce >= st.hq_armour(enemy):
        return True
    return any(
        e.side == enemy and e.space >= 0 and grid.distance(e.space, f.space) <= f.card.range
        and f.card.pierce >= st.effective_armour(e) and breaks_supply(st, e)
        for e in st.units.values()
    )  # fmt: skip
