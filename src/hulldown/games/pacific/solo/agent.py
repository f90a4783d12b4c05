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
from hulldown.games.pacific.solo.s12_02_behaviour import current_band, side_table
from hulldown.games.pacific.solo.s12_04_priorities import DEPLOY_NAME, lines, priority
from hulldown.games.pacific.solo.s12_04_transport import CARRIER_KINDS, cargo_for, field_cargo, field_plan
from hulldown.games.pacific.solo.s12_05_placement import placement
from hulldown.games.pacific.solo.s12_06_destination import destination
from hulldown.games.pacific.solo.s12_06_movement import unload_here
from hulldown.games.pacific.solo.s12_06_pickups import board_waiting_carriers, fetch_with_empty_carriers
from hulldown.games.pacific.solo.s12_07_shooting import breaks_supply
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.engine.agent import SeatView
    from hulldown.engine.state import Action

#: a score and the clause that gave it (lower scores are chosen first)
Scored = tuple[tuple[int, ...], str]


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
        self.last_band = ""
        self._spots: dict[int, int] = {}  # §12.5 placement of each hand card (by position), per decision
        self._move_plan: tuple[str, str] | None = None  # §12.6 this decision's move, if computed
        self._stays: set[tuple[int, int]] = set()  # (turn, unit) that §12.6 keeps in place
        self._bid = 0  # §12.1 this decision's bid
        self._bid_why = ""
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
        b, bwhy = current_band(st, side, table)
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
                best, best_key, self.last_reason = a, key, f"{bwhy}; {why}"
        assert best is not None
        return best

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
                return (0,), f"12.1 Terrain: {a.terrain} on {SPACE_NAMES[a.space]} (d10 row and column)"
            return (5,), "12.1 Terrain: not the card or space of the table"
        if isinstance(a, acts.Deploy | acts.Play | acts.PlayOn):
            return self._deploy_score(st, a, table, b, side)
        if isinstance(a, acts.Fetch) and st.phase == "deploy":
            return self._line_fetch(st, a, table, b, side)
        if k in ("move", "unload", "load", "fetch"):
            plan = self._plan(st, side, table, b)
            if plan is not None and plan[0] == a.id:
                return (0,), plan[1]
            return (5,), "12.6 not the table's move"
        if isinstance(a, acts.Fire):
            return _fire_score(st, a, side)
        if k.endswith("done"):
            return (2,), "phase over"
        return (3,), "not used by the AI"

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
        name = DEPLOY_NAME[table][b]
        if pr == 9:
            if cid in st.db.support and st.ap[self.seat] > 3:  # §12.4: support cards with > 3 AP
                return (1, -cost), "12.4 support cards (more than 3 AP left)"
            return (4,), f"12.4 {name}: not in the table"
        spot = 0
        if isinstance(a, acts.Deploy) and a.space != HQ:  # §12.5 the table's placement for this card
            if a.hand not in self._spots:
                spaces = [x.space for x in self._legal_deploys(st, a.hand)]
                pierce = st.db.units[cid].pierce
                self._spots[a.hand] = self._line_spot(st, cid, pr, table, b, side, spaces)
                if self._spots[a.hand] < 0 and spaces:
                    self._spots[a.hand] = placement(st, pierce, spaces, b, side)[0]
            spot = 0 if a.space == self._spots[a.hand] else 1
        return (0, pr, -cost, spot), f"12.4 {name} priority {pr}; 12.5 placement"

    def _plan(self, st: PacificState, side: int, table: str, b: str) -> tuple[str, str] | None:
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
        self._move_plan = (out[0], out[1]) if out else ("", "")
        return out

    def _unit_plan(self, sim: PacificState, u: Unit, table: str, b: str) -> tuple[str, str] | None:
        """§12.6 for one unit on the copy: its unloading before the move, its move, or the
        unloading of a transport the rules keep in place (None: it stays)."""
        if u.cargo is not None:
            c, here = u.cargo, u.space
            if unload_here(sim, u, b, table, []):
                return acts.Unload(here, c.space).id, sim.ai_log[-1]
        if can_move(sim, u):
            dests = [x for x in move_destinations(sim, u)[0] if sim.board[x] < 0]
            picked = destination(sim, u, dests, b, table, []) if dests else None
            if picked is not None:
                return acts.Move(u.space, picked[0]).id, f"12.6 Movement: {picked[1]}"
            if u.cargo is not None:
                c, here = u.cargo, u.space
                if unload_here(sim, u, b, table, [], staying=True):
                    return acts.Unload(here, c.space).id, sim.ai_log[-1]
        return None

    def _pickup(self, sim: PacificState, side: int, table: str, b: str) -> tuple[str, str] | None:
        """§12.6 before the moves: the boarding of a transport line's carrier deployed this turn
        (§12.4, 15.2 case 1), else an empty carrier's pickup (§12.6), as ``load:`` / ``fetch:``."""
        before = {u.iid: u.space for u in sim.side_units(side) if u.space >= 0}
        empty = {u.iid for u in sim.side_units(side) if u.space >= 0 and u.cargo is None}
        for step in (board_waiting_carriers, fetch_with_empty_carriers):
            n = len(sim.ai_log)
            step(sim, b, table, [], side)
            for t in sorted(sim.side_units(side), key=lambda x: x.iid):
                if t.iid in empty and t.cargo is not None and t.cargo.iid in before:
                    c = t.cargo
                    if t.space == before[t.iid]:
                        aid = acts.Load(before[c.iid], t.space).id
                    else:
                        aid = acts.Fetch(before[t.iid], before[c.iid]).id
                    return aid, sim.ai_log[n] if len(sim.ai_log) > n else "12.6 Movement: pickup"
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
                return (0, 0, -c.card.cost), f"12.4 transport line: {t.card.name} fetches {c.card.name} (15.2 case 2)"
        return (5,), "12.4 not a transport line's cargo"

    def _shooting_card(self, st: PacificState, sc: Any, u: Unit | None, side: int) -> Scored:
        """§12.7 Promotion and Fortunate with the ordinary actions, which play support cards in the
        Deployment phase only (§5.3): Promotion on the costliest undamaged tank, else undamaged
        artillery or armed transport (its third choice, the first infantry to destroy an enemy
        unit, falls in the Shooting phase: the card is kept); Fortunate on the costliest unit that
        can attack the battle objective this turn (the HQ in range, a weapon that damages it) or
        a unit whose loss breaks the enemy's Supply Line; else the card is kept."""
        if u is None or u.side != side or u.space < 0:
            return (4,), "12.7 kept for its target"
        mine = [f for f in st.side_units(side) if f.space >= 0]
        if sc.effect == "promotion":
            fresh = [f for f in mine if f.wounds == 0 and f.promotions == 0]
            tanks = [f for f in fresh if f.card.type == "tank"]
            others = [
                f for f in fresh if f.card.type == "artillery" or (f.card.type == "transport" and f.card.damage > 0)
            ]
            pool = tanks or others
            if pool and u in pool and u.card.cost == max(f.card.cost for f in pool):
                return (0, 0, -u.card.cost), f"12.7 Promotion: undamaged {u.card.type} {u.card.name}"
            return (4,), "12.7 Promotion: kept (no undamaged tank, artillery or armed transport here)"
        pool = [f for f in mine if _attacks_objective(st, f, 1 - side)]
        if pool and u in pool and u.card.cost == max(f.card.cost for f in pool):
            return (0, 0, -u.card.cost), f"12.7 {sc.name}: on {u.card.name}, which can attack the battle objective"
        return (4,), f"12.7 {sc.name}: kept (no attack on the battle objective here)"

    def _plan_bid(self, st: PacificState, side: int) -> None:
        """§12.1 Initiative with the seat's knowledge: the d10 table applied to the enemy's bid as
        the seat can guess it (the resampled guess once it is in, else none), within its AP."""
        yours = max(0, st.bids[1 - side])
        r = 1 + self.rng.below(10)
        n = 0 if r <= 3 else yours - 2 if r <= 5 else yours - 1 if r <= 7 else yours if r <= 9 else yours + 1
        slot = st.side_slots[side][0]
        self._bid = max(0, min(n, st.ap[slot]))
        self._bid_why = f"12.1 Initiative: d10 {r}, bid {self._bid}"

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
    "keep": ((0,), "3.2 keep"),
    "board": ((0, 0), "12.4 transport vehicle with its cargo"),
    "upgrade": ((1,), "12.4 spare AP upgrade"),
    "ride": ((5,), "12.6 the AI never assaults, rides or uses Covered Movement"),
    "cover": ((5,), "12.6 the AI never assaults, rides or uses Covered Movement"),
    "assault": ((5,), "12.6 the AI never assaults, rides or uses Covered Movement"),
    "heal": ((0, 0), "12.6 Heal and Repair: assist the wounded unit"),
    "discard": ((3,), "12.8 Discard"),
    "ta-pass": ((2,), "phase over"),
    "no-escort": ((2,), "phase over"),
    "no-intercept": ((2,), "phase over"),
    "intercept": ((0,), "12 Air: the obvious choice"),
    "escort": ((0,), "12 Air: the obvious choice"),
    "aa": ((0,), "12 Air: the obvious choice"),
}


def _fire_score(st: PacificState, a: acts.Fire, side: int) -> Scored:
    """§12.7 target priority of a ``fire`` action: a unit a standard hit destroys, the HQ, wounded
    units, the others, terrain."""
    u = find_unit(st, a.unit, side)
    tid = target_internal(st, u, "main" if a.weapon == MAIN else str(a.weapon), a.target)
    if tid == "hq":
        return (0, 1), "12.7 priority 2: HQ"
    if tid.startswith("u"):
        e = st.units[int(tid[1:])]
        if u.card.damage >= e.hp - e.wounds:
            return (0, 0, -e.card.cost), "12.7 priority 1"
        return (0, 2 if e.wounds else 3, -e.card.cost), "12.7 priority 3/4"
    return (0, 5), "12.7 priority 5: terrain"


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
