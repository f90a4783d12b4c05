"""§2 Setup: the decks the options build, the deal, the draft and the placement.

Clause numbers refer to docs/rules/tank-hunter.md.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.data import parse_card_list
from hulldown.engine.state import REVEAL, Action, Event
from hulldown.games.tank_hunter.cards import (
    COMMANDER,
    GUN,
    INF,
    CardSet,
    EventDef,
    UnitDef,
    load_cards,
)
from hulldown.games.tank_hunter.fields import (
    DRAFT,
    PLACE,
    StateFields,
)
from hulldown.games.tank_hunter.tables import (
    _USIGS,
    PICK,
    _grow_tables,
    _rear_masks,
)


def barred_cards(cs: CardSet, text: str) -> frozenset[str]:
    """§2.1 the unit and event names of option ``bar_cards``; a name the card set lacks is refused."""
    return parse_card_list(
        text, "bar_cards", [*(u.name for u in cs.units), *(e.name for e in cs.events)], "tank-hunter"
    )


@trait
class Sec2Setup(StateFields):
    """Setup, deal, draft and placement (§2)."""

    __slots__ = ()

    def _setup(self) -> None:
        """§2: build the decks from the options, deal the packets, and start the draft."""
        cs = load_cards(str(self._options.get("cards", "")))
        self.cs = cs
        udefs, edefs = self._decks(cs)
        self.udefs = udefs
        self.nu = nu = len(udefs)
        sig = (cs.path, *(u.idx for u in udefs))
        self.usig = _USIGS.setdefault(sig, len(_USIGS))
        self.opt_charge = bool(self._options.get("charge", False))
        self.opt_evading = bool(self._options.get("evading", False))
        self.opt_book = self._options.get("event_timing", "book") == "book"
        _grow_tables(nu + len(edefs) + 8)
        #: by unit: whether its icons give it an action of its own (amphibian, transportation, pulling)
        self.actors = [udefs[u].acts for u in range(nu)]
        self.actor_set = frozenset(u for u in range(nu) if udefs[u].acts)
        self.scout_set = frozenset(u for u in range(nu) if udefs[u].scouting)
        self.edefs = edefs
        self._clear_table()
        self._deal()

    def _decks(self, cs: CardSet) -> tuple[list[UnitDef], list[EventDef]]:
        """§2.1 the unit and event cards the options keep; too few for the players is an error."""
        o = self._options
        setup = o.get("setup", "full")
        nations = {n.strip().lower() for n in str(o.get("nations", "")).split(",") if n.strip()}
        barred = barred_cards(cs, str(o.get("bar_cards", "")))
        udefs: list[UnitDef] = []
        for u in cs.units:
            if u.name in barred:
                continue
            if u.kind == COMMANDER and not o.get("commanders", False):
                continue
            if setup == "tanks-only" and u.kind in (GUN, INF):
                continue
            if setup == "tanks-only" and u.kind == COMMANDER:
                continue
            if nations and u.nation.lower() not in nations:
                continue
            udefs.extend([u] * (1 if o.get("single_copies", False) else u.count))
        edefs: list[EventDef] = []
        for e in cs.events:
            if e.name in barred:
                continue
            if setup == "tanks-only" and e.non_tank:
                continue
            edefs.extend([e] * e.count)
        n = self._players
        real_units = sum(1 for u in udefs if u.kind != COMMANDER)
        if real_units < 5 * n:
            from hulldown.engine.errors import OptionError

            raise OptionError(f"these options leave {real_units} units; {n} players need at least {5 * n}")
        if len(edefs) - sum(1 for e in edefs if e.effect == "carpet_bombing") < n:
            from hulldown.engine.errors import OptionError

            raise OptionError(f"these options leave too few event cards for {n} players")
        return udefs, edefs

    def _clear_table(self) -> None:
        """§2.2 every zone empty, every marker off, before anything is dealt."""
        nu, n, edefs = self.nu, self._players, self.edefs
        self.owner = [-1] * nu
        self.revealed = [False] * nu
        self.pinned = [False] * nu
        self.ooa = [False] * nu
        self.exhausted = [False] * nu
        self.rolled = [False] * nu
        self.evaded = [False] * nu
        self.seen = [False] * nu
        #: §13 what others can tell of face-down cards: cards whose places were swapped share a group
        self.group = list(range(nu))
        self.ngroup = nu
        #: §13 cards each seat saw in its draft packets and that have not been public since
        self.drafted = [[] for _ in range(n)]
        self.n_att = 0
        self.abon = {}
        self.attach_of = [-1] * len(edefs)
        self.front = [[] for _ in range(n)]
        self.rear = [[] for _ in range(n)]
        self.command = [[] for _ in range(n)]
        self.cmd_exhausted = [False] * nu
        self.hand = [[] for _ in range(n)]
        self.score = [[] for _ in range(n)]
        self.deployed = [[] for _ in range(n)]
        self.packet = [[] for _ in range(n)]
        self.kept = [[] for _ in range(n)]
        self.picked = [-1] * n
        self.out = [False] * n
        self.discard = []
        self.removed = []
        self.limbo = []
        self.stack = []
        self.ambush = [0] * n
        self.water_ignored = []
        self.cb_count = 0
        self.ev_drawn = 0
        self.reshuffled = False
        self.end_reason = ""
        self.acted = False
        self.arrange_left = 0
        self.supply_target = -1
        self.turn = 0
        self.first = 0

    def _deal(self) -> None:
        """§2.2 five units and one event card each; the Carpet Bombings one in each third of the event deck."""
        n, nu, edefs = self._players, self.nu, self.edefs
        # §2.2 deal 5 units each
        self.unit_deck = list(range(nu))
        self.shuffle(self.unit_deck)
        for p in range(n):
            self.packet[p] = [self.unit_deck.pop() for _ in range(5)]
        # §2.3 events: Carpet Bombings out, deal 1 each, three piles with one CB each
        cbs = [nu + i for i, e in enumerate(edefs) if e.effect == "carpet_bombing"]
        rest = [nu + i for i, e in enumerate(edefs) if e.effect != "carpet_bombing"]
        self.shuffle(rest)
        for p in range(n):
            self.packet[p].append(rest.pop())
        piles: list[list[int]] = []
        k = len(cbs)
        if k:
            base, extra = divmod(len(rest), k)
            start = 0
            for i in range(k):
                size = base + (1 if i < extra else 0)
                pile = [*rest[start : start + size], cbs[i]]
                start += size
                self.shuffle(pile)
                piles.append(pile)
            # pile 0 on top: the deck's top is the end of the list
            self.event_deck = [c for pile in reversed(piles) for c in pile]
        else:
            self.event_deck = rest
        self.cb_piles = [len(p) for p in piles]
        self.phase = DRAFT
        self.draft_round = 0
        self.draft_seat = 0

    def _legal_setup(self) -> list[Action]:
        """§2.3 keep one card of the packet; §2.4 one placement decision per seat."""
        if self.phase == DRAFT:
            return PICK[: len(self.packet[self.draft_seat])]
        return _rear_masks(len(self._rear_candidates(self.draft_seat)))

    def _rear_candidates(self, p: int) -> list[int]:
        """§2.4 the kept units that may go to the rear line (one bit each in ``rear:<mask>``)."""
        nu = self.nu
        udefs = self.udefs
        return [u for u in self.kept[p] if u < nu and udefs[u].kind != COMMANDER and udefs[u].rear_ok]

    def _draft_pick(self, k: int, events: list[Event]) -> None:
        """§2.3 a seat keeps card k of its packet; when all have picked, the packets pass clockwise."""
        p = self.draft_seat
        known = self.drafted[p]
        known.extend(c for c in self.packet[p] if c not in known)
        self.picked[p] = self.packet[p].pop(k)
        events.append({"type": "draft-picked", "to": "all", "seat": p})
        self.draft_seat += 1
        if self.draft_seat < self._players:
            return
        n = self._players
        for q in range(n):
            self.kept[q].append(self.picked[q])
            self.picked[q] = -1
        self.packet = [self.packet[(q - 1) % n] for q in range(n)]
        self.draft_round += 1
        self.draft_seat = 0
        events.append({"type": "draft-passed", "to": "all", REVEAL: True, "round": self.draft_round})
        if len(self.packet[0]) == 1:
            for q in range(n):
                last = self.packet[q].pop()
                self.kept[q].append(last)
                if last not in self.drafted[q]:
                    self.drafted[q].append(last)
            self.phase = PLACE
            for q in range(n):
                for c in self.kept[q]:
                    if c < self.nu:
                        self.owner[c] = q

    def _place(self, p: int, mask: int, events: list[Event]) -> None:
        """§2.4 events to hand; units face down; commanders face up in the rear line."""
        cands = self._rear_candidates(p)
        rear = {u for b, u in enumerate(cands) if mask >> b & 1}
        for c in self.kept[p]:
            if c >= self.nu:
                self.hand[p].append(c)
            elif self.udefs[c].kind == COMMANDER:
                self.command[p].append(c)
                self.revealed[c] = True
                self._made_public(c)
            elif c in rear:
                self.rear[p].append(c)
            else:
                self.front[p].append(c)
        self.kept[p] = []
        # how many of the kept cards were units, and which went to the rear, was hidden
        placed = {"type": "placed", "to": "all", "seat": p, "front": len(self.front[p]), "rear": len(self.rear[p])}
        events.append({**placed, REVEAL: True})
        self.draft_seat += 1
        if self.draft_seat < self._players:
            return
        self._announce(events)

    def _announce(self, events: list[Event]) -> None:
        """§2.5 highest unit points aloud; the highest starts; ties roll a die (again on ties)."""
        n = self._players
        high = [max((self.udefs[u].points for u in self.units_of(p)), default=0) for p in range(n)]
        events.append({"type": "announced", "to": "all", REVEAL: True, "points": high})
        for p in range(n):
            if not self.units_of(p):
                self.out[p] = True
        best = max(high)
        tied = [p for p in range(n) if high[p] == best]
        while len(tied) > 1:
            rolls = [self.roll(6) for _ in tied]
            events.append({"type": "tie-roll", "to": "all", "seats": tied, "rolls": rolls})
            top = max(rolls)
            tied = [p for p, r in zip(tied, rolls, strict=True) if r == top]
        self.first = tied[0]
        self.turn = self.first
        self._begin_turn(events)
