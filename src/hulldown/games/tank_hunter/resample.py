"""States one seat of Tank Hunter cannot tell apart from the real one (§13).

Search calls this with what it may not know redrawn; every constraint the seat's
own observation and memory put on hidden cards is kept (docs/rules/tank-hunter.md §13).
"""

from __future__ import annotations

from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_hunter.cards import COMMANDER
from hulldown.games.tank_hunter.fields import StateFields

_FLAGS = ("revealed", "pinned", "ooa", "exhausted", "rolled", "evaded", "seen")


def resample(s: StateFields, seat: int, rng: SplitMix64) -> StateFields:
    """A clone with every card ``seat`` cannot see redrawn (§13).

    Typed slots keep their type (the unit deck holds units, hands and the event
    deck hold events); draft packets and picks of others take whatever is left.
    What the seat knows stays true:

    - face-down units it has seen stay put, or, where their owner swapped them
      with other face-down cards, move only within those swapped places;
    - cards it saw in its draft packets and that have not been public since are
      held by the other players (never in a deck);
    - a face-down card in a line or a waiting reinforcement is never a commander;
    - the event deck keeps its public structure: one Carpet Bombing per third,
      uniformly placed in whatever remains of each third that still holds one.

    Face-down units keep their slot's markers, exhaustion and attachments. Every
    pool is sorted before it is shuffled, so the guess depends on what the seat
    knows, never on where the cards really are. Not modelled: the announced
    highest points (§2.5), and what the other seats remember of the draft.
    """
    new = s.clone()
    assert isinstance(new, StateFields) and type(new) is type(s)
    r = _Redraw(s, new, seat, rng)
    r.find_places()
    r.place_seen_units()
    pool = r.place_unseen_units()
    r.move_unit_markers()
    r.place_reinforcements(pool)
    r.redraw_events()
    # what the other seats remember of the draft is theirs alone: not guessed
    for q in r.others:
        new.drafted[q] = []
    r.remap_contexts()
    return new


Place = tuple[list[int], int]


class _Redraw:
    """One resampling under way: the places of hidden cards, and what goes where (§13)."""

    def __init__(self, s: StateFields, new: StateFields, seat: int, rng: SplitMix64) -> None:
        self.s, self.new, self.seat, self.rng = s, new, seat, rng
        self.others = [q for q in range(s.players) if q != seat]
        self.known = set(s.drafted[seat])
        #: where a hidden reinforcement waits, if seat cannot see it
        self.put_ctx = [c for c in new.stack if c.kind == "event" and c.stage == "put" and c.seat != seat]
        self.slots: list[Place] = []
        self.is_rear: list[bool] = []
        self.mixed_slots: list[Place] = []
        self.old_slot_units: list[int] = []
        self.deck_units: list[int] = []
        self.limbo_units: list[int] = []
        self.mixed_old: list[int] = []
        self.mixed_old_units: list[int] = []
        self.assign: list[int] = []
        self.seen_units: set[int] = set()
        self.mixed_units: list[int] = []
        self.mapping: dict[int, int] = {}

    def find_places(self) -> None:
        """§13.1 the others' face-down line places (rear lines first), decks, packets and picks."""
        new, nu = self.new, self.s.nu
        for q in self.others:
            for rear, line in ((True, new.rear[q]), (False, new.front[q])):
                for i, u in enumerate(line):
                    if not new.revealed[u]:
                        self.slots.append((line, i))
                        self.is_rear.append(rear)
        self.old_slot_units = [lst[i] for lst, i in self.slots]
        self.deck_units = list(new.unit_deck)
        self.limbo_units = [c.target for c in self.put_ctx]
        for q in self.others:
            for i in range(len(new.packet[q])):
                self.mixed_slots.append((new.packet[q], i))
            for i in range(len(new.kept[q])):
                self.mixed_slots.append((new.kept[q], i))
            if new.picked[q] >= 0:
                self.mixed_slots.append((new.picked, q))
        self.mixed_old = [lst[i] for lst, i in self.mixed_slots]
        self.mixed_old_units = [c for c in self.mixed_old if c < nu]

    def place_seen_units(self) -> None:
        """§13.2 seen face-down units first, each within the places its group was swapped among."""
        s, old = self.s, self.old_slot_units
        self.assign = [-1] * len(self.slots)
        groups: dict[int, list[int]] = {}  # group -> slot indices, in slot order
        for k, u in enumerate(old):
            groups.setdefault(s.group[u], []).append(k)
        for ks in groups.values():
            members = sorted(old[k] for k in ks if s.seen[old[k]])
            if not members:
                continue
            order = [ks[i] for i in self.rng.permutation(len(ks))]
            for u, k in zip(members, order, strict=False):
                self.assign[k] = u
                self.seen_units.add(u)

    def place_unseen_units(self) -> list[int]:
        """§13.3 cards seat drafted go to the others' places; the rest fill the lines. Returns what is left."""
        rng, udefs, assign = self.rng, self.s.udefs, self.assign
        every = self.old_slot_units + self.deck_units + self.limbo_units + self.mixed_old_units
        unseen = sorted(u for u in every if u not in self.seen_units)
        must = [u for u in unseen if u in self.known]  # drafted by seat: with the other players
        free = [u for u in unseen if u not in self.known]
        must = [must[i] for i in rng.permutation(len(must))]
        free = [free[i] for i in rng.permutation(len(free))]
        # the others' open places: empty line slots, then packets and picks
        open_line = [k for k in range(len(self.slots)) if assign[k] < 0]
        places = [("line", k) for k in open_line] + [("mixed", j) for j in range(len(self.mixed_old_units))]
        if len(must) > len(places):
            raise AssertionError("more drafted cards than places to hold them")
        chosen = [places[i] for i in rng.permutation(len(places))]
        leftover: list[int] = []
        for u in must:
            # a commander drafted by seat is still in a packet (placed commanders are public)
            spot = next((pl for pl in chosen if pl[0] == "mixed" or udefs[u].kind != COMMANDER), None)
            if spot is None:
                leftover.append(u)
                continue
            chosen.remove(spot)
            if spot[0] == "line":
                assign[spot[1]] = u
            else:
                self.mixed_units.append(u)
        pool = leftover + free
        for k in range(len(self.slots)):
            if assign[k] >= 0:
                continue
            pick = next(i for i, u in enumerate(pool) if udefs[u].kind != COMMANDER)
            if self.is_rear[k]:
                pick = next((i for i, u in enumerate(pool) if udefs[u].rear_ok and udefs[u].kind != COMMANDER), pick)
            assign[k] = pool.pop(pick)
        return pool

    def move_unit_markers(self) -> None:
        """Markers, exhaustion and attachments follow the place, not the card; a seen card keeps its seen flag."""
        s, new, assign = self.s, self.new, self.assign
        flags = {f: list(getattr(s, f)) for f in _FLAGS}
        for k, (lst, i) in enumerate(self.slots):
            self.mapping[lst[i]] = assign[k]
        every = set(self.old_slot_units) | set(self.deck_units) | set(self.limbo_units) | set(self.mixed_old_units)
        for u in every:
            for f in _FLAGS:
                getattr(new, f)[u] = False
            new.owner[u] = -1
        group = new.group = list(s.group)
        canon: dict[int, int] = {}
        for k, (lst, i) in enumerate(self.slots):
            old, nid = lst[i], assign[k]
            lst[i] = nid
            for f in _FLAGS:
                getattr(new, f)[nid] = flags[f][old]
            new.seen[nid] = nid in self.seen_units
            new.owner[nid] = s.owner[old]
            # canonical group labels: numbered by first place, never by card
            g = s.group[old]
            if g not in canon:
                canon[g] = -1 - len(canon)  # negative: never a card's or a later swap's label
            group[nid] = canon[g]
        for u in every:
            if u not in self.seen_units and u not in assign:
                group[u] = u
        for i in range(len(new.attach_of)):
            h = s.attach_of[i]
            if h in self.mapping:
                new.attach_of[i] = self.mapping[h]
        new._rebuild_bonus()

    def place_reinforcements(self, pool: list[int]) -> None:
        """A waiting reinforcement is never a commander; what is left fills packets and the unit deck."""
        new, udefs = self.new, self.s.udefs
        for c in self.put_ctx:
            pick = next(i for i, u in enumerate(pool) if udefs[u].kind != COMMANDER)
            nid = pool.pop(pick)
            self.mapping[c.target] = nid
            new.owner[nid] = c.seat
            new.limbo[new.limbo.index(c.target)] = nid
            c.target = nid
        need_mixed = len(self.mixed_old_units) - len(self.mixed_units)
        self.mixed_units += pool[:need_mixed]
        new.unit_deck = pool[need_mixed:]
        assert len(new.unit_deck) == len(self.deck_units)

    def redraw_events(self) -> None:
        """§13.1, §13.3 hands, packets and the event deck; drafted events (not public since) stay with the others."""
        s, new, rng, known = self.s, self.new, self.rng, self.known
        cb_ids = sorted(c for c in new.event_deck if s.ev(c).effect == "carpet_bombing")
        deck_plain = [c for c in new.event_deck if s.ev(c).effect != "carpet_bombing"]
        hand_slots = [(new.hand[q], i) for q in self.others for i in range(len(new.hand[q]))]
        mixed_old_events = [c for c in self.mixed_old if c >= s.nu]
        unseen_events = sorted(deck_plain + [lst[i] for lst, i in hand_slots] + mixed_old_events)
        ev_must = [c for c in unseen_events if c in known]
        ev_free = [c for c in unseen_events if c not in known]
        ev_must = [ev_must[i] for i in rng.permutation(len(ev_must))]
        ev_free = [ev_free[i] for i in rng.permutation(len(ev_free))]
        ev_places = [("hand", k) for k in range(len(hand_slots))] + [("mixed", j) for j in range(len(mixed_old_events))]
        ev_chosen = [ev_places[i] for i in rng.permutation(len(ev_places))]
        hand_new: list[int] = [-1] * len(hand_slots)
        mixed_events: list[int] = []
        for card in ev_must:
            spot = ev_chosen.pop()
            if spot[0] == "hand":
                hand_new[spot[1]] = card
            else:
                mixed_events.append(card)
        for k in range(len(hand_slots)):
            if hand_new[k] < 0:
                hand_new[k] = ev_free.pop()
        for (lst, i), card in zip(hand_slots, hand_new, strict=True):
            lst[i] = card
        while len(mixed_events) < len(mixed_old_events):
            mixed_events.append(ev_free.pop())
        new.event_deck = _rebuild_event_deck(s, rng, ev_free, cb_ids, len(deck_plain))
        mixed_pool = sorted(self.mixed_units + mixed_events)
        mixed_pool = [mixed_pool[i] for i in rng.permutation(len(mixed_pool))]
        for lst, i in self.mixed_slots:
            lst[i] = mixed_pool.pop()

    def remap_contexts(self) -> None:
        """References to redrawn units in open contexts and the supply step follow their places."""
        new, nu, mapping = self.new, self.s.nu, self.mapping
        for c in new.stack:
            for fld in ("attacker", "target", "counter", "s_shooter", "s_target"):
                v = getattr(c, fld)
                if c.kind == "event" and fld == "target" and (v >= nu or c.stage == "put"):
                    continue
                if v in mapping:
                    setattr(c, fld, mapping[v])
        if new.supply_target in mapping:
            new.supply_target = mapping[new.supply_target]


def _rebuild_event_deck(
    s: StateFields, rng: SplitMix64, plain: list[int], cb_ids: list[int], n_plain: int
) -> list[int]:
    """Draw ``n_plain`` plain cards from ``plain`` and place the pending Carpet Bombings."""
    cards = [plain.pop() for _ in range(n_plain)]
    if s.reshuffled or not s.cb_piles:
        deck = sorted(cards + cb_ids)
        return [deck[i] for i in rng.permutation(len(deck))]
    # which pile still holds its Carpet Bombing (public: the draw index of each one drawn is known)
    total = len(s.event_deck)
    drawn = s.ev_drawn
    starts = []
    acc = 0
    for size in s.cb_piles:
        starts.append(acc)
        acc += size
    pending: list[bool] = []
    remaining: list[int] = []
    deck_top_first = list(reversed(s.event_deck))
    for k, size in enumerate(s.cb_piles):
        lo = max(starts[k], drawn)
        hi = starts[k] + size
        remaining.append(max(0, hi - lo))
        seg = deck_top_first[lo - drawn : hi - drawn] if hi > lo else []
        pending.append(any(s.ev(c).effect == "carpet_bombing" for c in seg))
    assert sum(remaining) == total
    top_first: list[int] = []
    cb_iter = iter(cb_ids)
    for k, r in enumerate(remaining):
        if r == 0:
            continue
        pos = rng.below(r) if pending[k] else -1
        for i in range(r):
            top_first.append(next(cb_iter) if i == pos else cards.pop())
    top_first.reverse()
    return top_first
