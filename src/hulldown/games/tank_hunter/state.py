"""Tank Hunter 2nd edition: the rules.

Clause numbers (§) refer to docs/rules/tank-hunter.md. Units are card instance
ids ``0 .. NU-1``; event cards are ``NU .. NU+NE-1`` so every card is one int in
exactly one zone. Per-unit conditions (revealed, pinned down, out of ammo,
exhausted, rolled/evaded this player turn) live in flat lists indexed by unit id.

Everything that happens during a turn is a stack of small contexts (an attack,
a reaction window, an event card being resolved); the top one owns the current
decision. ``_advance`` runs automatic steps until some seat must decide.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, ClassVar

from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import REVEAL, Action, Event, GameState, private, public
from hulldown.games.tank_hunter.actions import (
    Advance,
    Amphibian,
    AntiAir,
    AntiAirDone,
    ArrangeDone,
    Attack,
    Carry,
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
    NoSupply,
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
    Swap,
    TankHunterAction,
    TargetCard,
    TargetSeat,
    TargetUnit,
    Wait,
    intern,
)
from hulldown.games.tank_hunter.cards import (
    AFV,
    ATTACK_TYPES,
    COMMANDER,
    GUN,
    INF,
    KIND_CODE,
    UNTARGETED,
    CardSet,
    EventDef,
    UnitDef,
    chart_types,
    load_cards,
)

GAME_ID = "tank-hunter"

# phases
DRAFT, PLACE, ARRANGE, ADVANCE, SUPPLY, SUPPLY_DISCARD, MAIN, OVER = range(8)
PHASE_NAMES = ("draft", "place", "arrange", "advance", "supply", "supply-discard", "main", "over")
LINES = ("f", "r")

# attack types (§5)
AA, GR, TR, SU, GF, LR = "aa", "gr", "tr", "su", "gf", "lr"
TYPE_NAMES = {AA: "anti-armour", GR: "grenade", TR: "trample", SU: "suicide", GF: "gunfight", LR: "long range"}

# Actions indexed by a position, built once and grown to the largest card set
# seen (``_grow_tables``): legality checks index a list instead of building actions.
PICK: list[Action] = []
PLAY: list[Action] = []
DISCARD: list[Action] = []
SPOT: list[Action] = []
SCOUNTER: list[Action] = []
ADVANCE_TO: list[Action] = []
REVEAL_F: list[Action] = []
REVEAL_R: list[Action] = []
AA_AT: dict[str, list[Action]] = {"f": [], "r": []}
_TABLES: tuple[tuple[list[Action], Callable[[int], TankHunterAction]], ...] = (
    (PICK, Pick),
    (PLAY, Play),
    (DISCARD, Discard),
    (SPOT, Spot),
    (SCOUNTER, ScoutCounter),
    (ADVANCE_TO, Advance),
    (REVEAL_F, partial(Reveal, "f")),
    (REVEAL_R, partial(Reveal, "r")),
    (AA_AT["f"], partial(AntiAir, "f")),
    (AA_AT["r"], partial(AntiAir, "r")),
)
# attack actions by an int key: attacker position, target seat/line/position, type
_POS = 4096
_TYPES = ATTACK_TYPES
_ATTACKS: dict[int, Action] = {}


def _grow_tables(n: int) -> None:
    """Make every indexed table hold positions 0..n-1 (n: cards in the game)."""
    for table, make in _TABLES:
        while len(table) < n:
            table.append(intern(make(len(table))))


def _attack_key(ln: int, i: int, q: int, tl: int, j: int, ty: int) -> int:
    return ((((i * 2 + ln) * 8 + q) * 2 + tl) * _POS + j) * 8 + ty


def _attack_action(key: int) -> Action:
    a = _ATTACKS.get(key)
    if a is None:
        rest, ty = divmod(key, 8)
        rest, j = divmod(rest, _POS)
        rest, tl = divmod(rest, 2)
        rest, q = divmod(rest, 8)
        i, ln = divmod(rest, 2)
        a = _ATTACKS[key] = intern(Attack(LINES[ln], i, q, LINES[tl], j, _TYPES[ty]))
    return a


#: attack actions of one attacker at one target, by ``pair key * 64 + mask of attack types``
_GROUPS: dict[int, tuple[Action, ...]] = {}


def _attack_group(gkey: int) -> tuple[Action, ...]:
    """The attacks of one (attacker, target) pair for a mask of types, in type order (built once)."""
    g = _GROUPS.get(gkey)
    if g is None:
        pair, mask = divmod(gkey, 64)
        g = _GROUPS[gkey] = tuple(_attack_action(pair + ty) for ty in range(len(_TYPES)) if mask >> ty & 1)
    return g


#: the attacks of one attacker at one seat's line: targets -> {attacker slot * 2**18 + ``UnitDef.vcode``: actions}
_VOLLEYS: dict[tuple[int, ...], dict[int, tuple[Action, ...]]] = {}
#: past these sizes both memos are dropped and rebuilt on demand: a bound of a few tens of MB on
#: what very long runs keep (tables, front lines; attack tuples in all tables)
_MEMO_MAX = 20_000
_ENTRIES_MAX = 100_000
_entries = [0]
#: what one seat's front line offers attackers: (``usig``, seat, cards, which face up as bits) -> (targets, table)
_FRONTS: dict[tuple[int, int, tuple[int, ...], int], tuple[tuple[int, ...], dict[int, tuple[Action, ...]]]] = {}
#: a small int for each distinct list of unit designs a game deals (the meaning of unit ids)
_USIGS: dict[tuple[object, ...], int] = {}
_KC = KIND_CODE
#: a ``vcode`` allowing long range alone against every kind
_LR_ONLY = 32 | 32 << 6 | 32 << 12
#: attacker slots: 2 * position in the line + (1 for the rear line); key distance in attack keys
_SLOT = 16 * _POS * 8


def _forget() -> None:
    """Drop both memos together (front-line entries hold their tables, so one alone would free nothing)."""
    _VOLLEYS.clear()
    _FRONTS.clear()
    _entries[0] = 0


def _table(targets: tuple[int, ...]) -> dict[int, tuple[Action, ...]]:
    """The (growing) table of attacks at one seat's line, for targets given as ``part * 4 + kind code``."""
    t = _VOLLEYS.get(targets)
    if t is None:
        if len(_VOLLEYS) >= _MEMO_MAX:
            _forget()
        t = _VOLLEYS[targets] = {}
    return t


def _volley(targets: tuple[int, ...], table: dict[int, tuple[Action, ...]], k: int) -> tuple[Action, ...]:
    """Build (once) the attacks of the attacker ``k`` (slot, vcode) at ``targets``, in target order."""
    _entries[0] += 1
    if _entries[0] >= _ENTRIES_MAX:
        _forget()  # ``table`` may be dropped with the rest: the tuple built here is still right
    slot, code = divmod(k, 1 << 18)
    base = slot * _SLOT * 64
    masks = (code & 63, code >> 6 & 63, code >> 12 & 63, 0)  # by kind code; commanders are never targets
    get = _GROUPS.get
    out: list[Action] = []
    for t in targets:
        m = masks[t & 3]
        if m:
            gk = base + (t >> 2) * 64 + m
            out += get(gk) or _attack_group(gk)
    v = table[k] = tuple(out)
    return v


_UNTARGETED = UNTARGETED
_END: Action = intern(End())
_WAIT: Action = intern(Wait())
_PASS: Action = intern(Pass())
_ARRANGE_DONE: Action = intern(ArrangeDone())
_ADVANCE_NONE: Action = intern(NoAdvance())
_SUPPLY_NONE: Action = intern(NoSupply())
_AA_DONE: Action = intern(AntiAirDone())
_NO_SCOUNTER: Action = intern(NoScoutCounter())
_PUT_FRONT: Action = intern(Put("front"))
_PUT_REAR: Action = intern(Put("rear"))
_EVADE: tuple[Action, ...] = (intern(Evade(True)), intern(Evade(False)))
_FIRE: dict[tuple[int, bool, bool], list[Action]] = {}
_COUNTER: dict[tuple[int, bool], list[Action]] = {}


_REAR_MASKS: list[list[Action]] = []
_BY_FIELDS: dict[tuple[Any, ...], Action] = {}


def _act_of(kind: Callable[..., TankHunterAction], *fields: Any) -> Action:
    """The shared action of that kind with those fields (built once)."""
    key = (kind, *fields)
    a = _BY_FIELDS.get(key)
    if a is None:
        a = _BY_FIELDS[key] = intern(kind(*fields))
    return a


_SCOUTS: dict[int, Action] = {}


def _scout_action(i: int, q: int) -> Action:
    """Scouting seat q with front-line unit i (built once)."""
    a = _SCOUTS.get(i * 8 + q)
    if a is None:
        a = _SCOUTS[i * 8 + q] = intern(Scout(i, q))
    return a


#: where an attack or scouting goes on after a declined or a finished counter (one string object each)
_RESUME = {"pre_ask": "resume_pre_ask", "post_ask": "resume_post_ask", "counter_ask": "resume_counter_ask"}
_AFTER = {"pre_ask": "after_pre_ask", "post_ask": "after_post_ask", "counter_ask": "after_counter_ask"}


def _rear_masks(k: int) -> list[Action]:
    """The placements of k rear-line candidates: one action per subset sent to the rear (built once)."""
    while len(_REAR_MASKS) <= k:
        _REAR_MASKS.append([intern(PlaceRear(m)) for m in range(1 << len(_REAR_MASKS))])
    return _REAR_MASKS[k]


def _fire_actions(shots: int, lead: bool, charge: bool) -> list[Action]:
    """Salvo sizes 1..shots, each with or without Leadership / Charge when allowed (built once)."""
    key = (shots, lead, charge)
    out = _FIRE.get(key)
    if out is None:
        out = _FIRE[key] = [
            intern(Fire(s, ld, ch))
            for s in range(1, shots + 1)
            for ld in ((False, True) if lead else (False,))
            for ch in ((False, True) if charge else (False,))
        ]
    return out


def _counter_actions(shots: int, lead: bool) -> list[Action]:
    """No counter, or a counter salvo of 1..shots, with Leadership when allowed (built once)."""
    key = (shots, lead)
    out = _COUNTER.get(key)
    if out is None:
        out = [intern(NoCounter())]
        for s in range(1, shots + 1):
            out.append(intern(Counter(s)))
            if lead:
                out.append(intern(Counter(s, True)))
        _COUNTER[key] = out
    return out


def _counter_type(counter: str, attacker: str, atype: str) -> str:
    """How the target counters (§5.1), or '' when it cannot. Never a trample."""
    if atype in (SU, LR):
        return ""
    if counter == INF and atype == GR:
        return ""  # INF cannot counter grenade attacks
    t = chart_types(counter, attacker)
    return GR if t == (GR, TR) else t[0]


#: ``_counter_type`` by its arguments (asked at every step of an attack)
_CTYPES: dict[tuple[str, str, str], str] = {}


def _counter_first(atype: str, target_kind: str, charge: bool) -> bool:
    """GUN targets counter before the attack; so does a charged tank (§5.1, §11.2)."""
    return target_kind == GUN or charge


class Ctx:
    """One pending piece of a turn: an attack, a scouting, a window or an event card."""

    __slots__ = (
        "aa_used",
        "aline",
        "attacker",
        "atype",
        "bonus",
        "charge",
        "clead",
        "counter",
        "cshots",
        "ev",
        "kind",
        "lead",
        "left",
        "n",
        "parent_cancel",
        "passed",
        "s_hit",
        "s_kind",
        "s_lead",
        "s_left",
        "s_next",
        "s_shooter",
        "s_target",
        "s_type",
        "seat",
        "shots",
        "stage",
        "target",
        "tline",
        "tseat",
    )

    def __init__(self, kind: str, seat: int) -> None:
        self.kind = kind
        self.seat = seat
        self.stage = ""
        self.aa_used = 0
        self.attacker = -1
        self.aline = "f"
        self.target = -1
        self.tline = "f"
        self.tseat = -1
        self.atype = ""
        self.shots = 1
        self.charge = False
        self.lead = False
        self.counter = -1
        self.cshots = 1
        self.clead = False
        self.ev = -1
        self.n = 0
        self.left = 0
        self.passed = 0
        self.bonus = 0
        self.parent_cancel = False
        self.s_shooter = -1
        self.s_target = -1
        self.s_type = ""
        self.s_left = 0
        self.s_lead = False
        self.s_hit = False
        self.s_next = ""
        self.s_kind = ""

    def copy(self) -> Ctx:
        """Every slot, spelled out (a test checks none is missed): clones copy stacks often."""
        c = Ctx.__new__(Ctx)
        c.aa_used = self.aa_used
        c.aline = self.aline
        c.attacker = self.attacker
        c.atype = self.atype
        c.bonus = self.bonus
        c.charge = self.charge
        c.clead = self.clead
        c.counter = self.counter
        c.cshots = self.cshots
        c.ev = self.ev
        c.kind = self.kind
        c.lead = self.lead
        c.left = self.left
        c.n = self.n
        c.parent_cancel = self.parent_cancel
        c.passed = self.passed
        c.s_hit = self.s_hit
        c.s_kind = self.s_kind
        c.s_lead = self.s_lead
        c.s_left = self.s_left
        c.s_next = self.s_next
        c.s_shooter = self.s_shooter
        c.s_target = self.s_target
        c.s_type = self.s_type
        c.seat = self.seat
        c.shots = self.shots
        c.stage = self.stage
        c.target = self.target
        c.tline = self.tline
        c.tseat = self.tseat
        return c


_UNIT_FLAGS = ("revealed", "pinned", "ooa", "exhausted", "rolled", "evaded")


class TankHunterState(GameState):
    __slots__ = (
        "abon",
        "acted",
        "actor_set",
        "actors",
        "ambush",
        "arrange_left",
        "attach_of",
        "cb_count",
        "cb_piles",
        "cmd_exhausted",
        "command",
        "cs",
        "deployed",
        "discard",
        "draft_round",
        "draft_seat",
        "drafted",
        "edefs",
        "end_reason",
        "ev_drawn",
        "evaded",
        "event_deck",
        "exhausted",
        "first",
        "front",
        "group",
        "hand",
        "kept",
        "limbo",
        "n_att",
        "ngroup",
        "nu",
        "ooa",
        "opt_charge",
        "opt_evading",
        "out",
        "owner",
        "packet",
        "phase",
        "picked",
        "pinned",
        "rear",
        "removed",
        "reshuffled",
        "revealed",
        "rolled",
        "score",
        "scout_set",
        "seen",
        "stack",
        "supply_target",
        "turn",
        "udefs",
        "unit_deck",
        "usig",
        "water_ignored",
    )

    GAME_ID = GAME_ID

    cs: CardSet
    udefs: list[UnitDef]
    edefs: list[EventDef]
    nu: int
    stack: list[Ctx]
    abon: dict[int, dict[str, int]]
    front: list[list[int]]
    rear: list[list[int]]
    command: list[list[int]]
    hand: list[list[int]]
    score: list[list[int]]
    deployed: list[list[int]]
    packet: list[list[int]]
    kept: list[list[int]]
    discard: list[int]
    removed: list[int]
    limbo: list[int]
    water_ignored: list[int]
    unit_deck: list[int]
    event_deck: list[int]
    owner: list[int]
    revealed: list[bool]
    pinned: list[bool]
    ooa: list[bool]
    exhausted: list[bool]
    rolled: list[bool]
    evaded: list[bool]
    seen: list[bool]
    group: list[int]
    ngroup: int
    drafted: list[list[int]]
    cmd_exhausted: list[bool]
    attach_of: list[int]
    picked: list[int]
    out: list[bool]
    ambush: list[int]
    cb_piles: list[int]
    actors: list[bool]
    actor_set: frozenset[int]
    usig: int
    scout_set: frozenset[int]
    opt_charge: bool
    opt_evading: bool

    # ------------------------------------------------------------------ setup (§2)
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
        udefs: list[UnitDef] = []
        for u in cs.units:
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
        """Every zone empty, every marker off, before anything is dealt."""
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

    # ------------------------------------------------------------------ helpers
    def ev(self, card: int) -> EventDef:
        return self.edefs[card - self.nu]

    def line_of(self, u: int) -> str:
        p = self.owner[u]
        if p < 0:
            return ""
        if u in self.front[p]:
            return "f"
        if u in self.rear[p]:
            return "r"
        return ""

    def _in_play(self, u: int) -> bool:
        """Whether the unit is in a line (``line_of(u) != ""``, without naming the line)."""
        p = self.owner[u]
        return p >= 0 and (u in self.front[p] or u in self.rear[p])

    def line(self, p: int, ln: str) -> list[int]:
        return self.front[p] if ln == "f" else self.rear[p]

    def ref(self, u: int) -> str:
        p = self.owner[u]
        ln = self.line_of(u)
        return f"{ln}:{self.line(p, ln).index(u)}"

    def units_of(self, p: int) -> list[int]:
        return self.front[p] + self.rear[p]

    def hand_limit(self, p: int) -> int:
        """§4.3: three, changed by deployed hand-limit cards (never below 1)."""
        lim = 3
        for c in self.deployed[p]:
            e = self.ev(c)
            if e.effect == "hand_limit":
                lim += e.value
        return max(1, lim)

    def bonus(self, u: int, stat: str) -> int:
        """What attached cards add to one of a unit's values (§8.4)."""
        if not self.n_att:
            return 0
        b = self.abon.get(u)
        return int(b.get(stat, 0)) if b else 0

    def _rebuild_bonus(self) -> None:
        """Attachments change rarely; their sums are kept ready for every die roll."""
        abon: dict[int, dict[str, int]] = {}
        n = 0
        for i, host in enumerate(self.attach_of):
            if host >= 0:
                n += 1
                e = self.edefs[i]
                d = abon.setdefault(host, {})
                d[e.stat] = d.get(e.stat, 0) + e.value
        self.abon = abon
        self.n_att = n

    def has_spying(self, p: int) -> bool:
        """§10.6: at least one (revealed) unit of the player spies; never stacks."""
        revealed, udefs = self.revealed, self.udefs
        return any(revealed[u] and (udefs[u].spy or self.bonus(u, "spying") > 0) for u in self.units_of(p))

    def supply(self, u: int) -> int:
        v = self.udefs[u].supply
        if self.n_att:
            v += self.bonus(u, "supply")
        return v if v < 7 else 7

    def defence(self, u: int) -> int:
        return max(0, self.udefs[u].defence + self.bonus(u, "defence"))

    def salvo(self, u: int, atype: str) -> tuple[int, int]:
        """(attack value, shots) before water; values never below 0 (§6.2)."""
        d = self.udefs[u]
        if not self.n_att:
            ready = d.salvos.get(atype)
            if ready is not None:
                return ready  # nothing attached anywhere: the printed values
        if atype == AA:
            v, s = d.aa
            v += self.bonus(u, "anti_armour")
        elif atype in (GR, GF):
            v, s = d.attack
        elif atype == TR:
            v, s = d.trample
        elif atype == SU:
            v, s = d.suicide
        else:
            v, s = d.long_range, (1 if d.long_range else 0)
        if s == 0:
            return (-1, 0)
        v += self.bonus(u, "attack")
        return (max(0, v), s)

    def water_penalty(self, a: int, b: int) -> int:
        """§8.5: each Water card in front of the attacker's or target's owner lowers the attack by 1."""
        pa = self.owner[a]
        pb = self.owner[b] if b >= 0 else pa
        if not self.deployed[pa] and not self.deployed[pb]:
            return 0
        seats = {pa, pb}
        pen = 0
        for s in seats:
            for c in self.deployed[s]:
                e = self.ev(c)
                if e.water and c not in self.water_ignored:
                    pen += -e.value if e.value < 0 else 1
        return pen

    def can_fight(self, u: int) -> bool:
        """Revealed, not out of ammo, not pinned down, has not evaded this turn (§6.4, §11.1)."""
        return self.revealed[u] and not self.ooa[u] and not self.pinned[u] and not self.evaded[u]

    def leadership_available(self, p: int) -> int:
        """§10.12: a revealed, refreshed Leadership unit in the player's front line, or -1."""
        for u in self.front[p]:
            if self.revealed[u] and not self.exhausted[u] and self.udefs[u].lead:
                return u
        return -1

    def targetable(self, u: int) -> bool:
        """§10.12: a revealed Leadership unit in the front line hides behind non-Leadership units."""
        if not self.revealed[u]:
            return False
        udefs = self.udefs
        if not udefs[u].lead:
            return True
        front = self.front[self.owner[u]]
        if u in front:
            for o in front:
                if o != u and not (self.revealed[o] and udefs[o].lead):
                    return False
        return True

    def active_seats(self) -> list[int]:
        return [p for p in range(self._players) if not self.out[p]]

    def next_seat(self, p: int) -> int:
        """The next seat clockwise still in the game; ``p`` itself when there is none."""
        n, out = self._players, self.out
        q = p + 1
        while True:
            if q == n:
                q = 0
            if q == p or not out[q]:
                return q
            q += 1

    def points(self, p: int) -> int:
        return sum(self.udefs[u].points for u in self.score[p])

    # ------------------------------------------------------------------ protocol
    def _current_player(self) -> int | None:
        ph = self.phase
        if ph == OVER:
            return None
        stack = self.stack
        if stack:
            return self._decider(stack[-1])
        if ph in (DRAFT, PLACE):
            return self.draft_seat
        return self.turn

    def _decider(self, c: Ctx) -> int:
        k = c.kind
        if k == "attack":
            if c.stage in ("pre_ask", "post_ask"):
                return c.tseat
            if c.stage == "evade":
                return self.owner[c.s_target]
            return c.seat
        if k == "scout":
            if c.stage in ("counter_pick", "counter_ask"):
                return c.tseat
            if c.stage == "evade":
                return self.owner[c.s_target]
            return c.seat
        if k == "event" and c.stage == "aa":
            return c.tseat
        return c.seat

    def _is_over(self) -> bool:
        return self.phase == OVER

    # The engine's ``is_over`` and ``legal_actions``, with ``_is_over`` inline: a playout
    # asks both at every decision, and the call is a fair share of a cheap step.
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._legal()
        return list(cache)

    def _returns(self) -> list[float]:
        """§12: most points wins; ties broken by units still in play; a remaining tie is shared (0)."""
        keys = [(self.points(p), len(self.units_of(p))) for p in range(self._players)]
        best = max(keys)
        winners = [p for p in range(self._players) if keys[p] == best]
        if len(winners) == 1:
            return [1.0 if p == winners[0] else -1.0 for p in range(self._players)]
        return [0.0 if p in winners else -1.0 for p in range(self._players)]

    # ------------------------------------------------------------------ legal actions
    def _legal(self) -> list[Action]:
        if self.stack:
            return self._legal_ctx(self.stack[-1])
        ph = self.phase
        if ph == MAIN:
            return self._legal_main(self.turn)
        if ph in (DRAFT, PLACE):
            return self._legal_setup()
        return self._legal_before_turn(ph, self.turn)

    def _legal_setup(self) -> list[Action]:
        """§2.3 keep one card of the packet; §2.4 one placement decision per seat."""
        if self.phase == DRAFT:
            return PICK[: len(self.packet[self.draft_seat])]
        return _rear_masks(len(self._rear_candidates(self.draft_seat)))

    def _legal_before_turn(self, ph: int, p: int) -> list[Action]:
        """§3 b) swaps of hidden units, c) advancing one unit, d) supply and its discards."""
        if ph == ARRANGE:
            out = [_ARRANGE_DONE]
            for ln in LINES:
                hidden = [i for i, u in enumerate(self.line(p, ln)) if not self.revealed[u]]
                if not any(self.seen[self.line(p, ln)[i]] for i in hidden):
                    continue  # §3 b): no other player could tell these cards apart
                for a in range(len(hidden)):
                    for b in range(a + 1, len(hidden)):
                        out.append(_act_of(Swap, ln, hidden[a], hidden[b]))
            return out
        if ph == ADVANCE:
            out = [_ADVANCE_NONE]
            for i, u in enumerate(self.rear[p]):
                if not self.ooa[u] and not self.pinned[u]:
                    out.append(ADVANCE_TO[i])
            return out
        if ph == SUPPLY:
            out = [_SUPPLY_NONE]
            for ln in LINES:
                for i, u in enumerate(self.line(p, ln)):
                    if self.ooa[u]:
                        out.append(_act_of(Supply, "ammo", ln, i))
                    if self.pinned[u]:
                        out.append(_act_of(Supply, "pin", ln, i))
            return out
        if ph == SUPPLY_DISCARD:
            return DISCARD[: len(self.hand[p])]
        raise AssertionError(f"no decision in phase {ph}")

    def _rear_candidates(self, p: int) -> list[int]:
        nu = self.nu
        udefs = self.udefs
        return [u for u in self.kept[p] if u < nu and udefs[u].kind != COMMANDER and udefs[u].rear_ok]

    def _reveal_actions(self, p: int, out: list[Action]) -> None:
        # a plain loop: lines are short, and a ``False in map(...)`` pre-check costs more than it saves
        revealed = self.revealed
        for i, u in enumerate(self.front[p]):
            if not revealed[u]:
                out.append(REVEAL_F[i])
        for i, u in enumerate(self.rear[p]):
            if not revealed[u]:
                out.append(REVEAL_R[i])

    def _legal_main(self, p: int) -> list[Action]:
        out: list[Action] = []
        revealed = self.revealed
        front, rear = self.front[p], self.rear[p]
        # _reveal_actions, inline: this runs at nearly every decision of a turn
        for i, u in enumerate(front):
            if not revealed[u]:
                out.append(REVEAL_F[i])
        for i, u in enumerate(rear):
            if not revealed[u]:
                out.append(REVEAL_R[i])
        hand = self.hand[p]
        if hand:
            # _playable, inline, for the turn player outside any window
            edefs, nu, has_target = self.edefs, self.nu, self._has_target
            for h, c in enumerate(hand):
                e = edefs[c - nu]
                play = e.play
                if play == 2 or (play == 3 and has_target(p, c, e)):
                    out.append(PLAY[h])
        actor_set = self.actor_set
        if self.command[p] or not (actor_set.isdisjoint(front) and actor_set.isdisjoint(rear)):
            self._ability_actions(p, out)
        if self.acted:
            out.append(_END)
            return out
        self._attack_actions(p, out)
        if not self.scout_set.isdisjoint(front):
            udefs = self.udefs
            players, is_out = self._players, self.out
            for i, u in enumerate(front):
                if udefs[u].scouting and self.can_fight(u):
                    for q in range(players):
                        if q != p and not is_out[q] and False in map(revealed.__getitem__, self.front[q]):
                            out.append(_scout_action(i, q))
        out.append(_WAIT)
        return out

    def _attack_actions(self, p: int, out: list[Action]) -> None:
        """§5, §9: every declarable attack of the turn player.

        Front-line units attack front lines by the chart; from the rear line only
        long range (at front lines) and paratrooping (at rear lines) reach. Actions
        come in a fixed order: attackers front then rear, targets by seat and place,
        attack types by the chart (``UnitDef.vsm``: the chart's types as a mask).
        One attacker's attacks at one seat's line come whole from ``_volley``.
        """
        udefs = self.udefs
        revealed, ooa, pinned, evaded = self.revealed, self.ooa, self.pinned, self.evaded
        fronts: list[tuple[tuple[int, ...], dict[int, tuple[Action, ...]]]] | None = None
        for i, u in enumerate(self.front[p]):
            if revealed[u] and not (ooa[u] or pinned[u] or evaded[u]):
                if fronts is None:
                    fronts = self._front_targets(p)
                    if not fronts:
                        break
                k = (i << 19) + udefs[u].vcode  # slot 2 * i
                for tg, table in fronts:
                    out += table.get(k) or _volley(tg, table, k)
        rears: list[tuple[tuple[int, ...], dict[int, tuple[Action, ...]]]] | None = None
        for i, u in enumerate(self.rear[p]):
            if not revealed[u] or ooa[u] or pinned[u] or evaded[u]:
                continue
            d = udefs[u]
            slot = ((2 * i) + 1) << 18
            if d.long_range:
                if fronts is None:
                    fronts = self._front_targets(p)
                k = slot + _LR_ONLY
                for tg, table in fronts:
                    out += table.get(k) or _volley(tg, table, k)
            if d.para:
                if rears is None:
                    rears = []
                    for q in range(self._players):
                        if q == p or self.out[q]:
                            continue
                        qbase = (q * 2 + 1) * _POS
                        tr = tuple(
                            (qbase + j) * 32 + _KC[udefs[t].kind] for j, t in enumerate(self.rear[q]) if revealed[t]
                        )
                        if tr:
                            rears.append((tr, _table(tr)))
                k = slot + d.vcode
                for tg, table in rears:
                    out += table.get(k) or _volley(tg, table, k)

    def _front_targets(self, p: int) -> list[tuple[tuple[int, ...], dict[int, tuple[Action, ...]]]]:
        """Per other seat with any, the units in its front line that p may attack, and their attacks table.

        Each unit is ``(attack-key part) * 4 + kind code``; the tuples key ``_VOLLEYS``.
        What a seat's front line offers follows from its cards and which are face
        up (the designs behind the ids fixed by ``usig``), so it is looked up by those.
        """
        revealed, out, usig = self.revealed, self.out, self.usig
        get = _FRONTS.get
        fronts: list[tuple[tuple[int, ...], dict[int, tuple[Action, ...]]]] = []
        for q in range(self._players):
            if q == p or out[q]:
                continue
            fq = self.front[q]
            if not fq:
                continue
            up = 0  # which of them are face up, as bits (a loop: faster than a tuple of map on short lines)
            for u in fq:
                up = up + up + revealed[u]
            key = (usig, q, tuple(fq), up)
            entry = get(key)
            if entry is None:
                entry = self._front_entry(q, key)
            if entry[0]:
                fronts.append(entry)
        return fronts

    def _front_entry(
        self, q: int, key: tuple[int, int, tuple[int, ...], int]
    ) -> tuple[tuple[int, ...], dict[int, tuple[Action, ...]]]:
        """The attackable units of seat q's front line (§10.12) and their attacks table, built once per key."""
        udefs, revealed = self.udefs, self.revealed
        qbase = q * 2 * _POS
        tg = tuple(
            [
                (qbase + j) * 32 + _KC[udefs[t].kind]
                for j, t in enumerate(self.front[q])
                if revealed[t] and (not udefs[t].lead or self.targetable(t))
            ]
        )
        if len(_FRONTS) >= _MEMO_MAX:
            _forget()
        entry = _FRONTS[key] = (tg, _table(tg))
        return entry

    def _ability_actions(self, p: int, out: list[Action]) -> None:
        """§10.9-§10.11 amphibian, transportation, pulling; §11.3 commanders: exhaust on own turn."""
        udefs = self.udefs
        revealed, exhausted = self.revealed, self.exhausted
        actors = self.actors
        front, rear = self.front[p], self.rear[p]
        if not self.command[p] and self.actor_set.isdisjoint(front) and self.actor_set.isdisjoint(rear):
            return  # the usual case, checked at C speed
        waters: list[int] | None = None
        actor_set = self.actor_set
        for ln, i, u in [
            (ln, i, u)
            for ln, line in (("f", front), ("r", rear))
            if not actor_set.isdisjoint(line)
            for i, u in enumerate(line)
            if actors[u] and revealed[u] and not exhausted[u]
        ]:
            d = udefs[u]
            if d.has("amphibian") and not self.ooa[u] and not self.pinned[u]:
                if waters is None:
                    waters = self.waters_in_play()
                for k, w in enumerate(waters):
                    if w not in self.water_ignored:
                        out.append(_act_of(Amphibian, ln, i, k))
            for icon, kind in (("transportation", INF), ("pulling", GUN)):
                if d.has(icon) and not self.ooa[u]:
                    for tl in LINES:
                        for j, v in enumerate(self.line(p, tl)):
                            if udefs[v].kind != kind:
                                continue
                            if revealed[v]:
                                out.append(_act_of(Carry, ln, i, "conceal", tl, j))
                            if tl == "f" and udefs[v].rear_ok:
                                out.append(_act_of(Carry, ln, i, "rear", tl, j))
        for k, cmd in enumerate(self.command[p]):
            if self.cmd_exhausted[cmd]:
                continue
            what = udefs[cmd].command
            if what in ("rally", "resupply"):
                flags = self.pinned if what == "rally" else self.ooa
                for ln in LINES:
                    for i, u in enumerate(self.line(p, ln)):
                        if flags[u]:
                            out.append(_act_of(CommandUnit, k, ln, i))
            elif what == "intel":
                for q in self.active_seats():
                    if q != p:
                        for j, v in enumerate(self.front[q]):
                            if not revealed[v]:
                                out.append(_act_of(CommandIntel, k, q, j))
            elif what == "logistics":
                out.append(_act_of(Command, k))

    def waters_in_play(self) -> list[int]:
        return [c for q in range(self._players) for c in self.deployed[q] if self.ev(c).water]

    def cards_in_play(self) -> list[int]:
        """Attached and deployed event cards, in a public order (Combat Engineers' targets)."""
        att = sorted(i + self.nu for i, h in enumerate(self.attach_of) if h >= 0)
        return att + [c for q in range(self._players) for c in self.deployed[q]]

    # ------------------------------------------------------------------ events: playability and targets (§8)
    def _playable(self, p: int, card: int, window: Ctx | None) -> bool:
        e = self.edefs[card - self.nu]
        play = e.play
        if not play:
            return False  # red
        if p != self.turn and e.colour == "gray":
            return False
        if play == 2:
            return True  # untargeted
        if play == 1:
            return window is not None and window.parent_cancel  # smoke
        return self._has_target(p, card, e)

    def _has_target(self, p: int, card: int, e: EventDef) -> bool:
        """Whether ``_targets`` would offer anything, without building the target ids.

        Asked for every card in a hand at every decision that may play one; each
        branch mirrors the one of ``_targets`` (a test compares them on many states).
        """
        eff = e.effect
        revealed, udefs, out = self.revealed, self.udefs, self.out
        if eff == "attach_bonus":  # the commonest design first
            kinds = e.kinds
            for line in (self.front[p], self.rear[p]):
                for u in line:
                    if revealed[u] and udefs[u].kind in kinds:
                        return True
            return False
        if eff == "strike" or eff == "sabotage":
            kinds = e.kinds
            for q in range(self._players):
                if q == p or out[q]:
                    continue
                for u in self.front[q]:
                    if revealed[u] and udefs[u].kind in kinds:
                        return True
                if eff == "sabotage":
                    for u in self.rear[q]:
                        if revealed[u] and udefs[u].kind in kinds:
                            return True
            return False
        if eff == "barrage" or eff == "recon":
            for q in range(self._players):
                if q == p or out[q]:
                    continue
                front = self.front[q]
                if front:
                    if eff == "barrage":
                        return True
                    for u in front:
                        if not revealed[u]:
                            return True
            return False
        if eff == "hand_limit" or eff == "water":
            if e.target == "any":
                return not all(out)
            if e.target == "self":
                return not out[p]
            return any(not out[q] for q in range(self._players) if q != p)
        if eff == "engineers":
            return bool(self.n_att) or any(self.deployed) or max(self.attach_of, default=-1) >= 0
        if eff == "forced_march":
            return bool(self.rear[p])
        if eff == "remove_marker" or eff == "conceal":
            flags = revealed if eff == "conceal" else self.ooa if e.marker == "ammo" else self.pinned
            for u in self.front[p]:
                if flags[u]:
                    return True
            for u in self.rear[p]:  # noqa: SIM110 (a plain loop beats any() on short lines)
                if flags[u]:
                    return True
            return False
        if eff == "escape":
            kinds = e.kinds
            return any(revealed[u] and udefs[u].kind in kinds for u in self.front[p])
        return bool(self._targets(p, card, first=True))

    @staticmethod
    def _untargeted(e: EventDef) -> bool:
        return e.effect in _UNTARGETED

    def _targets(self, p: int, card: int, first: bool = False) -> list[Action]:
        """The target actions an event may take; empty when it has none.

        ``first``: stop at the first target (whether the card is playable at all).
        """
        e = self.edefs[card - self.nu]
        eff = e.effect
        out: list[Action] = []
        revealed = self.revealed
        udefs = self.udefs
        if eff in ("strike", "sabotage"):
            kinds = e.kinds
            for q in range(self._players):
                if q == p or self.out[q]:
                    continue
                lines = ("f",) if eff == "strike" else LINES
                for ln in lines:
                    for j, u in enumerate(self.front[q] if ln == "f" else self.rear[q]):
                        if revealed[u] and udefs[u].kind in kinds:
                            out.append(_act_of(TargetUnit, q, ln, j))
                            if first:
                                return out
        elif eff in ("barrage", "recon"):
            for q in range(self._players):
                if q == p or self.out[q]:
                    continue
                front = self.front[q]
                if front and (eff == "barrage" or any(not revealed[v] for v in front)):
                    out.append(_act_of(TargetSeat, q))
                    if first:
                        return out
        elif eff in ("hand_limit", "water"):
            for q in self.active_seats():
                if e.target == "any" or (e.target == "self") == (q == p):
                    out.append(_act_of(TargetSeat, q))
                    if first:
                        return out
        elif eff == "engineers":
            if first and (self.n_att or any(self.deployed)):
                return [_act_of(TargetCard, 0)]
            out = [_act_of(TargetCard, k) for k in range(len(self.cards_in_play()))]
        elif eff in ("attach_bonus", "conceal", "escape", "remove_marker", "forced_march"):
            for ln in LINES:
                for j, u in enumerate(self.front[p] if ln == "f" else self.rear[p]):
                    if eff == "attach_bonus":
                        ok = revealed[u] and udefs[u].kind in e.kinds
                    elif eff == "conceal":
                        ok = revealed[u]
                    elif eff == "escape":
                        ok = revealed[u] and ln == "f" and udefs[u].kind in e.kinds
                    elif eff == "remove_marker":
                        ok = self.ooa[u] if e.marker == "ammo" else self.pinned[u]
                    else:
                        ok = ln == "r"
                    if ok:
                        out.append(_act_of(TargetUnit, p, ln, j))
                        if first:
                            return out
        return out

    def _legal_ctx(self, c: Ctx) -> list[Action]:
        k, st = c.kind, c.stage
        if k == "window":
            return self._legal_window(c)
        if k == "discard":
            return DISCARD[: len(self.hand[c.seat])]
        if k == "event":
            return self._legal_event(c)
        if st == "fire":
            return self._fire_choices(c.attacker, c.atype, c.seat, charge=(c.kind == "attack" and self._may_charge(c)))
        if st == "evade":
            return list(_EVADE)
        if st in ("pre_ask", "post_ask", "counter_ask"):
            return self._counter_choices(c)
        if st == "counter_pick":
            return self._scout_counter_choices(c)
        if st == "spot":
            return self._spot_choices(c.tseat)
        raise AssertionError(f"no decision at {k}/{st}")

    def _legal_window(self, c: Ctx) -> list[Action]:
        """§8.3 a reaction window: play a card (§8.1 colours), reveal one's units (§4.2) or pass."""
        out = [_PASS]
        seat = c.seat
        hand = self.hand[seat]
        if hand:
            # _playable, inline: every seat's hand is asked at every window
            edefs, nu, has_target = self.edefs, self.nu, self._has_target
            other = seat != self.turn
            for h, card in enumerate(hand):
                e = edefs[card - nu]
                play = e.play
                if not play or (other and e.colour == "gray"):
                    continue
                if play == 2 or (play == 1 and c.parent_cancel) or (play == 3 and has_target(seat, card, e)):
                    out.append(PLAY[h])
        self._reveal_actions(seat, out)
        return out

    def _legal_event(self, c: Ctx) -> list[Action]:
        """§8 the decisions of an event card: its target, anti-air (§9.2), spotting, placing a reinforcement."""
        st = c.stage
        if st == "target":
            return self._targets(c.seat, c.ev)
        if st == "aa":
            return self._anti_air_choices(c)
        if st == "spot":
            return self._spot_choices(c.tseat)
        if st == "put":
            out = [_PUT_FRONT]
            if self.udefs[c.target].has("rear_line"):
                out.append(_PUT_REAR)
            return out
        raise AssertionError(f"no decision at event/{st}")

    def _anti_air_choices(self, c: Ctx) -> list[Action]:
        """§9.2 each anti-air unit of the target's owner, either line, or no (more) anti-air."""
        out = [_AA_DONE]
        q = c.tseat
        for ln in LINES:
            for i, u in enumerate(self.line(q, ln)):
                if self._may_anti_air(c, u):
                    out.append(AA_AT[ln][i])
        return out

    def _spot_choices(self, q: int) -> list[Action]:
        """§10.1, Recon Flight: the hidden front-line units of seat q the spotter may reveal."""
        return [SPOT[j] for j, v in enumerate(self.front[q]) if not self.revealed[v]]

    def _counter_choices(self, c: Ctx) -> list[Action]:
        """§6.3 no counter, or a counter salvo (with Leadership, §10.11, where allowed)."""
        cu = c.counter
        ct = self._ctype(c)
        shots = self.salvo(cu, ct)[1]
        lead = ct in (AA, GR) and self.udefs[cu].kind == AFV and self.leadership_available(c.tseat) >= 0
        return _counter_actions(shots, lead)

    def _scout_counter_choices(self, c: Ctx) -> list[Action]:
        """§10.1 after a failed scouting: no counter, or a counter by a front-line unit."""
        out = [_NO_SCOUNTER]
        for j, v in enumerate(self.front[c.tseat]):
            if self._may_counter_scout(v, c.attacker):
                out.append(SCOUNTER[j])
        return out

    def _may_charge(self, c: Ctx) -> bool:
        return (
            self.opt_charge
            and c.atype == AA
            and self.udefs[c.attacker].kind == AFV
            and self.udefs[c.target].kind == AFV
        )

    def _fire_choices(self, u: int, atype: str, p: int, charge: bool) -> list[Action]:
        shots = self.salvo(u, atype)[1]
        lead = atype in (AA, GR, TR) and self.udefs[u].kind == AFV and self.leadership_available(p) >= 0
        return _fire_actions(shots, lead, charge)

    def _may_counter_scout(self, v: int, scout: int) -> bool:
        """§10.1: any front-line unit (revealed first if hidden) except turretless tanks."""
        d = self.udefs[v]
        if d.has("no_turret") or self.ooa[v] or self.pinned[v] or self.evaded[v]:
            return False
        ct = _counter_type(d.kind, self.udefs[scout].kind, "scout")
        return self.salvo(v, ct)[1] > 0

    def _ctype(self, c: Ctx) -> str:
        udefs = self.udefs
        key = (udefs[c.counter].kind, udefs[c.attacker].kind, "scout" if c.kind == "scout" else c.atype)
        ct = _CTYPES.get(key)
        if ct is None:
            ct = _CTYPES[key] = _counter_type(*key)
        return ct

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action, events: list[Event]) -> None:
        if self.stack:
            self._apply_ctx(self.stack[-1], action, events)
        else:
            self._apply_phase(action, events)
        self._advance(events)

    def _apply_phase(self, a: Action, events: list[Event]) -> None:
        ph = self.phase
        if ph == MAIN:
            self._apply_main(self.turn, a, events)
            return
        if ph == DRAFT:
            assert isinstance(a, Pick)
            self._draft_pick(a.pos, events)
            return
        if ph == PLACE:
            assert isinstance(a, PlaceRear)
            self._place(self.draft_seat, a.mask, events)
            return
        self._apply_before_turn(ph, self.turn, a, events)

    def _apply_before_turn(self, ph: int, p: int, a: Action, events: list[Event]) -> None:
        """§3 b) a swap or done, c) advancing, d) supply and its discards."""
        if ph == ARRANGE:
            if isinstance(a, Swap):
                line = self.line(p, a.line)
                line[a.a], line[a.b] = line[a.b], line[a.a]
                self._merge_groups(line[a.a], line[a.b])
                self.arrange_left -= 1
                events.append({"type": "rearranged", "to": "all", "seat": p, "line": a.line})
                if self.arrange_left <= 0:
                    self.phase = ADVANCE
            else:
                self.phase = ADVANCE
            return
        if ph == ADVANCE:
            if isinstance(a, Advance):
                u = self.rear[p].pop(a.pos)
                self.front[p].append(u)
                events.append({"type": "advanced", "to": "all", "seat": p, **self._pub(u)})
            self.phase = SUPPLY
            return
        if ph == SUPPLY:
            if not isinstance(a, Supply):
                self._to_main(events)
                return
            u = self.line(p, a.line)[a.pos]
            self.supply_target = u
            if len(self.hand[p]) == 3:
                for c in list(self.hand[p]):
                    self._discard_from_hand(p, c, events)
                self._finish_supply(a.marker, events)
            else:
                self.arrange_left = 3
                self.phase = SUPPLY_DISCARD
                self.acted = a.marker == "ammo"  # which marker, until the discards are done
            return
        assert ph == SUPPLY_DISCARD and isinstance(a, Discard)
        self._discard_from_hand(p, self.hand[p][a.pos], events)
        self.arrange_left -= 1
        if self.arrange_left == 0:
            self._finish_supply("ammo" if self.acted else "pin", events)

    def _finish_supply(self, marker: str, events: list[Event]) -> None:
        """§3 d): three events discarded re-supply or liberate one unit."""
        u = self.supply_target
        if marker == "ammo":
            self.ooa[u] = False
        else:
            self.pinned[u] = False
        events.append(public("resupplied" if marker == "ammo" else "liberated", seat=self.turn, **self._pub(u)))
        self.supply_target = -1
        self.acted = False
        self._to_main(events)

    def _to_main(self, events: list[Event]) -> None:
        self.phase = MAIN
        self._rear_becomes_front(events)

    def _pub(self, u: int) -> dict[str, Any]:
        """How a unit is named in public events: its place, and its name only when revealed."""
        p = self.owner[u]
        d: dict[str, Any] = {"owner": p}
        if p >= 0:
            front = self.front[p]
            if u in front:
                d["line"] = "front"
                d["pos"] = front.index(u)
            else:
                rear = self.rear[p]
                if u in rear:
                    d["line"] = "rear"
                    d["pos"] = rear.index(u)
        if self.revealed[u]:
            d["unit"] = self.udefs[u].name
        return d

    def _apply_main(self, p: int, a: Action, events: list[Event]) -> None:
        """§4.1 the turn player's decisions: the action of the turn, card plays, abilities, reveals, the end."""
        if isinstance(a, Attack):
            self._declare_attack(p, a, events)
        elif isinstance(a, Wait):
            self._wait(p, events)
        elif isinstance(a, Play):
            self._start_event(p, self.hand[p][a.pos], events)
        elif isinstance(a, End):
            self._end_turn(events)
        elif isinstance(a, Reveal):
            self._reveal(self.line(p, a.line)[a.pos], events)
        elif isinstance(a, (Amphibian, Carry)):
            self._use_ability(p, a, events)
        elif isinstance(a, (Command, CommandUnit, CommandIntel)):
            self._command(p, a, events)
        elif isinstance(a, Scout):
            self._declare_scout(p, a, events)

    def _wait(self, p: int, events: list[Event]) -> None:
        """§4.1 waiting is the turn's action: draw an event card."""
        self.acted = True
        events.append({"type": "wait", "to": "all", "seat": p})
        self._draw_event(p, events)

    def _use_ability(self, p: int, a: Amphibian | Carry, events: list[Event]) -> None:
        """§10.8 amphibian, §10.9 transportation, §10.10 pulling: exhaust, act, roll for ammunition."""
        u = self.line(p, a.line)[a.pos]
        self.exhausted[u] = True
        if isinstance(a, Amphibian):
            w = self.waters_in_play()[a.water]
            self.water_ignored.append(w)
            events.append({"type": "amphibian", "to": "all", "seat": p, "card": self.ev(w).name, **self._pub(u)})
        else:
            v = self.line(p, a.tline)[a.tpos]
            if a.how == "conceal":
                events.append({"type": "concealed", "to": "all", "seat": p, **self._pub(v)})
                self._conceal(v)
            else:
                self.front[p].remove(v)
                self.rear[p].append(v)
                events.append({"type": "moved-to-rear", "to": "all", "seat": p, **self._pub(v)})
        self._ability_ammo_roll(u, events)

    def _declare_scout(self, p: int, a: Scout, events: list[Event]) -> None:
        """§10.1 a scouting is declared like an attack: the others may react before the roll."""
        u = self.front[p][a.pos]
        c = Ctx("scout", p)
        c.attacker = u
        c.tseat = a.seat
        c.stage = "window"
        self.acted = True
        self.stack.append(c)
        events.append({"type": "scout-declared", "to": "all", "seat": p, "target_seat": c.tseat, **self._pub(u)})

    def _ability_ammo_roll(self, u: int, events: list[Event]) -> None:
        """§10.9-10.11: the ability's user rolls only to see whether it runs out of ammo."""
        r = self.roll(6)
        events.append({"type": "ammo-check", "to": "all", "roll": r, **self._pub(u)})
        if r >= self.supply(u):
            self._out_of_ammo(u, events)

    def _command(self, p: int, a: Command | CommandUnit | CommandIntel, events: list[Event]) -> None:
        """§11.3 commanders' designed abilities, each used by exhausting the commander."""
        cmd = self.command[p][a.slot]
        self.cmd_exhausted[cmd] = True
        what = self.udefs[cmd].command
        events.append({"type": "command", "to": "all", "seat": p, "commander": self.udefs[cmd].name})
        if isinstance(a, CommandUnit):
            u = self.line(p, a.line)[a.pos]
            if what == "rally":
                self.pinned[u] = False
            else:
                self.ooa[u] = False
            events.append(public("liberated" if what == "rally" else "resupplied", seat=p, **self._pub(u)))
        elif isinstance(a, CommandIntel):
            self._reveal(self.front[a.seat][a.pos], events)
        else:
            self._draw_event(p, events)

    def _declare_attack(self, p: int, a: Attack, events: list[Event]) -> None:
        """§5.2: an attack, once declared, is never cancelled by the attacker."""
        c = Ctx("attack", p)
        c.aline = a.line
        c.attacker = self.line(p, a.line)[a.pos]
        c.tseat = a.seat
        c.tline = a.tline
        c.target = self.line(a.seat, a.tline)[a.tpos]
        c.atype = a.atype
        c.stage = "fire"
        self.acted = True
        self.stack.append(c)
        events.append(
            {
                "type": "attack-declared",
                "to": "all",
                "seat": p,
                "attack": TYPE_NAMES[c.atype],
                "attacker": self.udefs[c.attacker].name,
                "target": self.udefs[c.target].name,
                "target_seat": c.tseat,
            }
        )
        if len(self._fire_choices(c.attacker, c.atype, p, self._may_charge(c))) == 1:
            c.stage = "window"

    # ------------------------------------------------------------------ contexts
    def _apply_ctx(self, c: Ctx, a: Action, events: list[Event]) -> None:
        k = c.kind
        if isinstance(a, Reveal):
            seat = self._decider(c)
            self._reveal(self.line(seat, a.line)[a.pos], events)
            return
        if k == "window":
            if isinstance(a, Play):
                self._start_event(c.seat, self.hand[c.seat][a.pos], events)
            else:
                c.passed += 1
                c.seat = self.next_seat(c.seat)
            return
        if k == "discard":
            assert isinstance(a, Discard)
            card = self.hand[c.seat][a.pos]
            self._discard_from_hand(c.seat, card, events)
            if len(self.hand[c.seat]) < c.n:
                self.stack.pop()
                self._draw_event_now(c.seat, events)
            return
        if k == "event":
            self._apply_event_ctx(c, a, events)
            return
        st = c.stage
        if st == "fire":
            assert isinstance(a, Fire)
            self._choose_salvo(c, a, events)
        elif st == "evade":
            self._evade(c, isinstance(a, Evade) and a.yes, events)
        elif st in ("pre_ask", "post_ask", "counter_ask"):
            if isinstance(a, Counter):
                self._counter(c, a, st, events)
            else:
                events.append({"type": "no-counter", "to": "all", "seat": c.tseat})
                c.stage = _RESUME[st]
        elif st == "counter_pick":
            if isinstance(a, ScoutCounter):
                self._scout_counter(c, self.front[c.tseat][a.pos], events)
            else:
                events.append({"type": "no-counter", "to": "all", "seat": c.tseat})
                self.stack.pop()
        elif st == "spot":
            assert isinstance(a, Spot)
            self._spot(c, a, events)

    def _choose_salvo(self, c: Ctx, a: Fire, events: list[Event]) -> None:
        """§6.1 the salvo's size is chosen before the first roll, with Leadership (§10.11) and Charge (§11.2)."""
        c.shots = a.shots
        c.lead = a.lead
        c.charge = a.charge
        if c.lead:
            self._exhaust_leader(c.seat, events)
        events.append(
            {"type": "salvo", "to": "all", "seat": c.seat, "shots": c.shots, "lead": c.lead, "charge": c.charge}
        )
        c.stage = "window"

    def _spot(self, c: Ctx, a: Spot, events: list[Event]) -> None:
        """§10.1 (Recon Flight too): the spotter reveals one hidden front-line unit of his choice."""
        self._reveal(self.front[c.tseat][a.pos], events)
        c.left -= 1

    def _counter(self, c: Ctx, a: Counter, st: str, events: list[Event]) -> None:
        """§6.3 the target's chosen counter salvo, before (charge: +1, §11.2) or after the attack."""
        c.cshots = a.shots
        c.clead = a.lead
        if c.clead:
            self._exhaust_leader(c.tseat, events)
        ct = self._ctype(c)
        bonus = self.ambush[c.tseat] + (1 if c.charge and st == "pre_ask" else 0)
        self._begin_salvo(c, c.counter, c.attacker, ct, c.cshots, c.clead, bonus, _AFTER[st], "counter")
        events.append(
            {
                "type": "counter",
                "to": "all",
                "seat": c.tseat,
                "attack": TYPE_NAMES[ct],
                "shots": c.cshots,
                "lead": c.clead,
            }
        )

    def _scout_counter(self, c: Ctx, v: int, events: list[Event]) -> None:
        """§10.1 a failed scouting countered by front-line unit ``v``, revealed first if hidden."""
        if not self.revealed[v]:
            self._reveal(v, events)
        c.counter = v
        ct = self._ctype(c)
        shots = self.salvo(v, ct)[1]
        lead = ct in (AA, GR) and self.udefs[v].kind == AFV and self.leadership_available(c.tseat) >= 0
        if shots == 1 and not lead:
            self._begin_salvo(c, v, c.attacker, ct, 1, False, self.ambush[c.tseat], "done", "counter")
            events.append(
                {
                    "type": "counter",
                    "to": "all",
                    "seat": c.tseat,
                    "attack": TYPE_NAMES[ct],
                    "shots": 1,
                    "lead": False,
                }
            )
        else:
            c.stage = "counter_ask"

    def _exhaust_leader(self, p: int, events: list[Event]) -> None:
        u = self.leadership_available(p)
        self.exhausted[u] = True
        events.append({"type": "leadership", "to": "all", "seat": p, **self._pub(u)})

    def _advance(self, events: list[Event]) -> None:
        """Run automatic steps until a seat must decide or the game is over."""
        stack = self.stack  # emptied in place, never replaced, while a state lives
        step = self._step_ctx
        while self.phase != OVER:
            if stack:
                if not step(stack[-1], events):
                    return
                continue
            ph = self.phase
            if ph == MAIN:
                if self._turn_step(events):
                    continue
                return
            if ph in (ARRANGE, ADVANCE, SUPPLY):
                if self._before_turn_step(ph, events):
                    continue
                return
            return  # draft, placement, supply discards: a seat decides

    def _turn_step(self, events: list[Event]) -> bool:
        """§4.1 a turn player who is out passes the turn; one with only ``end`` left ends it (True: go on)."""
        if self.out[self.turn]:
            self._next_turn(events)
            return True
        if self.acted:
            la = self._legal_main(self.turn)
            if self.hand[self.turn] and sum(type(a) is not Play for a in la) == 1:
                # whether the turn ends by itself shows whether the hand holds a playable card
                self.declare_reveal()
            if len(la) == 1:
                self._end_turn(events)  # nothing left to choose: the turn ends by itself
                return True
            self._legal_cache = la
        return False

    def _before_turn_step(self, ph: int, events: list[Event]) -> bool:
        """§3 b)-d): a step with nothing to choose is skipped (True: go on); else its choices are cached."""
        if ph == ARRANGE:
            if self.arrange_left <= 0:
                self.phase = ADVANCE
                return True
        elif ph == ADVANCE:
            if not self.rear[self.turn]:
                self.phase = SUPPLY
                return True
        elif len(self.hand[self.turn]) < 3:
            self._to_main(events)
            return True
        la = self._legal()
        if len(la) == 1:
            if ph == SUPPLY:
                self._to_main(events)
            else:
                self.phase = ADVANCE if ph == ARRANGE else SUPPLY
            return True
        self._legal_cache = la
        return False

    def _rear_becomes_front(self, events: list[Event]) -> None:
        """§3 e): with no front line left, the rear line becomes the front line."""
        p = self.turn
        if not self.front[p] and self.rear[p]:
            self.front[p] = self.rear[p]
            self.rear[p] = []
            events.append({"type": "rear-becomes-front", "to": "all", "seat": p})

    def _step_ctx(self, c: Ctx, events: list[Event]) -> bool:
        """Advance the top context; False when its decider must choose now."""
        k = c.kind
        if k == "attack":
            return self._step_attack(c, events)
        if k == "window":
            return self._step_window(c)
        if k == "discard":
            return False
        if k == "event":
            return self._step_event(c, events)
        if k == "end":
            self.stack.pop()
            self._next_turn(events)
            return True
        return self._step_scout(c, events)

    def _step_window(self, c: Ctx) -> bool:
        """§8.3 seats that are out or hold no card pass by themselves; the window closes after the last."""
        if c.passed >= c.n:
            self.stack.pop()
            return True
        while c.passed < c.n and (self.out[c.seat] or not self.hand[c.seat]):
            c.passed += 1
            c.seat = self.next_seat(c.seat)
        if c.passed >= c.n:
            self.stack.pop()
            return True
        return False

    def _open_window(self, parent: Ctx | None, start: int) -> None:
        """§8.3: after a declaration the others may react, clockwise from the turn player's left.

        The turn player's priority is used before declaring (he plays his cards in
        the main decision), so the window holds each other active seat once.
        """
        out, hand, next_seat = self.out, self.hand, self.next_seat
        seat = next_seat(start)
        n = self._players - sum(out) - 1
        passed = 0
        # the seats that could not react anyway are passed here, as the window's first step would
        while passed < n and (out[seat] or not hand[seat]):
            passed += 1
            seat = next_seat(seat)
        if passed >= n:
            return  # nobody can react: the window would close before anyone decides
        w = Ctx("window", seat)
        w.n = n
        w.passed = passed
        w.parent_cancel = parent is not None
        self.stack.append(w)

    def _attack_valid(self, c: Ctx) -> bool:
        a, t = c.attacker, c.target
        if self.line_of(a) != c.aline or not self.revealed[a]:
            return False
        return self.line_of(t) == c.tline and self.revealed[t]

    def _step_attack(self, c: Ctx, events: list[Event]) -> bool:
        """Run the attack's automatic stages; False when a seat must decide.

        A stage that only moves ``c`` on loops here, as ``_advance`` would call
        back with the same context on top; anything that may open a window, end
        the game or pop ``c`` returns to ``_advance``.
        """
        while True:
            st = c.stage
            if st == "salvo":
                if not self._step_salvo(c, events):
                    return False
                stack = self.stack
                if self.phase == OVER or not stack or stack[-1] is not c:
                    return True
                continue
            if st == "fire" or st == "pre_ask" or st == "post_ask" or st == "evade":
                return False
            if st == "window":
                c.stage = "check"
                self._open_window(c, c.seat)
                return True
            if st == "cancelled":
                self.stack.pop()
                events.append({"type": "attack-cancelled", "to": "all", "seat": c.seat})
                return True
            if st == "check":
                if not self._attack_valid(c):
                    c.stage = "cancelled"
                    continue
                t = c.target
                c.counter = t
                ct = self._ctype(c)
                if ct and _counter_first(c.atype, self.udefs[t].kind, c.charge) and self._can_counter(t, ct):
                    c.stage = "pre_ask"
                    return False
                # resume_pre_ask, still valid: nothing changed since the check
                self._begin_salvo(
                    c, c.attacker, t, c.atype, c.shots, c.lead, 2 if c.charge else 0, "after_main", "attack"
                )
                continue
            if st == "after_pre_ask":
                # the attack happens only if the counter failed and the attacker can still fire
                a = c.attacker
                if c.s_hit or not self._in_play(a) or self.evaded[a] or self.pinned[a]:
                    self.stack.pop()
                    return True
                c.stage = "main_fire"
                continue
            if st == "resume_pre_ask" or st == "main_fire":
                if not self._attack_valid(c):
                    c.stage = "cancelled"
                    continue
                bonus = 2 if c.charge else 0
                self._begin_salvo(c, c.attacker, c.target, c.atype, c.shots, c.lead, bonus, "after_main", "attack")
                continue
            if st == "after_main":
                t = c.target
                ct = self._ctype(c)
                if (
                    ct
                    and self._in_play(t)
                    and not _counter_first(c.atype, self.udefs[t].kind, c.charge)
                    and self._can_counter(t, ct)
                    and self._in_play(c.attacker)
                    and self.revealed[c.attacker]
                ):
                    c.stage = "post_ask"
                    return False
                self.stack.pop()
                return True
            # after_post_ask, resume_post_ask: done
            self.stack.pop()
            return True

    def _can_counter(self, u: int, ctype: str) -> bool:
        return self._in_play(u) and self.can_fight(u) and self.salvo(u, ctype)[1] > 0

    def _step_scout(self, c: Ctx, events: list[Event]) -> bool:
        st = c.stage
        if st == "window":
            c.stage = "roll"
            self._open_window(c, c.seat)
            return True
        if st == "cancelled":
            self.stack.pop()
            events.append({"type": "scout-cancelled", "to": "all", "seat": c.seat})
            return True
        if st == "roll":
            u = c.attacker
            if self.line_of(u) != "f" or not self.can_fight(u) or self.out[c.tseat]:
                c.stage = "cancelled"
                return True
            r = self.roll(6)
            self.rolled[u] = True
            ok = r <= self.udefs[u].scouting
            events.append({"type": "scout-roll", "to": "all", "seat": c.seat, "roll": r, "success": ok})
            if r >= self.supply(u):
                self._out_of_ammo(u, events)
            if ok:
                hidden = [v for v in self.front[c.tseat] if not self.revealed[v]]
                if len(hidden) <= r:
                    for v in hidden:
                        self._reveal(v, events)
                    self.stack.pop()
                    return True
                c.left = r
                c.stage = "spot"
                return False
            front = self.front[c.tseat]
            if any((not self.revealed[v]) or self._may_counter_scout(v, u) for v in front):
                c.stage = "counter_pick"
                return False
            self.stack.pop()
            return True
        if st == "spot":
            if c.left <= 0 or all(self.revealed[v] for v in self.front[c.tseat]):
                self.stack.pop()
                return True
            return False
        if st in ("counter_pick", "counter_ask", "evade"):
            return False
        if st == "salvo":
            return self._step_salvo(c, events)
        self.stack.pop()
        return True

    # ------------------------------------------------------------------ shooting (§5, §6)
    def _begin_salvo(
        self, c: Ctx, shooter: int, target: int, atype: str, shots: int, lead: bool, bonus: int, nxt: str, kind: str
    ) -> None:
        c.s_shooter = shooter
        c.s_target = target
        c.s_type = atype
        c.s_left = shots
        c.s_lead = lead
        c.s_hit = False
        c.s_next = nxt
        c.s_kind = kind
        c.bonus = bonus
        c.stage = "salvo"

    def target_number(self, shooter: int, target: int, atype: str, bonus: int) -> int:
        """§5.3: attack value minus defence (no value below 0), then die-roll modifiers."""
        v = self.salvo(shooter, atype)[0]
        deployed, owner = self.deployed, self.owner
        pa = owner[shooter]
        if deployed[pa] or deployed[owner[target] if target >= 0 else pa]:
            v -= self.water_penalty(shooter, target)  # only cards in front of a player can be Water
        if v < 0:
            v = 0
        if atype in (AA, GR, TR, GF):
            v = v - (self.defence(target) if self.n_att else max(0, self.udefs[target].defence))
        elif atype == SU and self.udefs[target].has("open_top"):
            v += 1  # §10.5 open top
        elif atype == LR and self.has_spying(self.owner[shooter]):
            v += 1  # §10.6 spying, never stacking
        return v + bonus

    def _step_salvo(self, c: Ctx, events: list[Event]) -> bool:
        sh, tg, ty = c.s_shooter, c.s_target, c.s_type
        in_play = self._in_play
        while c.s_left > 0:
            if not in_play(tg) or not in_play(sh):
                break
            c.s_left -= 1
            self.rolled[sh] = True
            need = self.target_number(sh, tg, ty, c.bonus)
            r = self.roll(6)
            if c.s_lead:
                r2 = self.roll(6)
                rolls = [r, r2]
                high = max(r, r2)
                r = min(r, r2)
            else:
                rolls = [r]
                high = r
            hit = r <= need
            events.append(
                {
                    "type": "shot",
                    "to": "all",
                    "shooter": self.owner[sh],
                    "attack": TYPE_NAMES[ty],
                    "rolls": rolls,
                    "need": need,
                    "hit": hit,
                }
            )
            if high >= self.supply(sh) and not self.ooa[sh]:
                self.ooa[sh] = True
                events.append({"type": "out-of-ammo", "to": "all", **self._pub(sh)})
            if hit:
                if self._may_evade(tg, ty):
                    c.stage = "evade"
                    return False
                self._hit(c, events)
        c.stage = c.s_next
        return True

    def _may_evade(self, u: int, atype: str) -> bool:
        """§11.1: optional; anti-armour and grenade only; not after rolling or while disabled."""
        return (
            self.opt_evading
            and atype in (AA, GR)
            and self.udefs[u].evading > 0
            and self.revealed[u]
            and not self.rolled[u]
            and not self.pinned[u]
            and not self.ooa[u]
        )

    def _evade(self, c: Ctx, yes: bool, events: list[Event]) -> None:
        tg = c.s_target
        c.stage = "salvo"
        if yes:
            self.evaded[tg] = True
            r = self.roll(6)
            ok = r <= self.udefs[tg].evading
            events.append({"type": "evade", "to": "all", "roll": r, "success": ok, **self._pub(tg)})
            if ok:
                c.s_left = 0  # §11.1: the attack failed, the rest of its salvo with it
                return
        self._hit(c, events)

    def _hit(self, c: Ctx, events: list[Event]) -> None:
        """A successful shot: grenades pin (twice: destroyed), everything else destroys."""
        c.s_hit = True
        tg = c.s_target
        scorer = self.owner[c.s_shooter]
        if c.s_type == GR:
            if self.pinned[tg]:
                self._destroy(tg, scorer, events)
            else:
                self.pinned[tg] = True
                events.append({"type": "pinned-down", "to": "all", **self._pub(tg)})
        else:
            self._destroy(tg, scorer, events)

    def _out_of_ammo(self, u: int, events: list[Event]) -> None:
        """§6.4: a unit already out of ammo that runs out again is removed from the game."""
        if self.ooa[u]:
            events.append({"type": "removed-from-game", "to": "all", **self._pub(u)})
            self._take_off(u, events)
            self.removed.append(u)
            self._check_out(self.owner[u], events)
        else:
            self.ooa[u] = True
            events.append({"type": "out-of-ammo", "to": "all", **self._pub(u)})

    def _take_off(self, u: int, events: list[Event]) -> None:
        self._made_public(u)
        p = self.owner[u]
        ln = self.line_of(u)
        if ln:
            self.line(p, ln).remove(u)
        if self.n_att and u in self.abon:  # ``abon`` has every unit with cards attached
            for i, h in enumerate(self.attach_of):
                if h == u:
                    self.attach_of[i] = -1
                    self.discard.append(i + self.nu)
            self._rebuild_bonus()
        self.revealed[u] = True
        self.pinned[u] = self.ooa[u] = self.exhausted[u] = False

    def _destroy(self, u: int, scorer: int, events: list[Event]) -> None:
        events.append({"type": "destroyed", "to": "all", "by": scorer, **{**self._pub(u), "unit": self.udefs[u].name}})
        p = self.owner[u]
        self._take_off(u, events)
        if scorer >= 0 and scorer != p:
            self.score[scorer].append(u)
        else:
            self.removed.append(u)
        self._check_out(p, events)

    def _check_out(self, p: int, events: list[Event]) -> None:
        """§12.1: a player with no units left (commanders do not count) is out."""
        if not self.out[p] and not self.front[p] and not self.rear[p]:
            self.out[p] = True
            events.append({"type": "eliminated", "to": "all", "seat": p})
            if len(self.active_seats()) <= 1:
                self._game_over("one player left", events)

    def _game_over(self, reason: str, events: list[Event]) -> None:
        if self.phase == OVER:
            return
        self.phase = OVER
        self.end_reason = reason
        self.stack.clear()
        for c in list(self.limbo):
            self.limbo.remove(c)
            (self.discard if c >= self.nu else self.unit_deck).append(c)
        events.append(
            {
                "type": "game-over",
                "to": "all",
                "reason": reason,
                "points": [self.points(p) for p in range(self._players)],
            }
        )

    def _merge_groups(self, a: int, b: int) -> None:
        """§3 b): after a swap nobody else can tell which of the two face-down cards is which."""
        ga, gb = self.group[a], self.group[b]
        new = self.ngroup
        self.ngroup += 1
        group = self.group = list(self.group)
        for u in range(self.nu):
            if group[u] == ga or group[u] == gb:
                group[u] = new

    def _conceal(self, u: int) -> None:
        """A seen unit turned face down: everyone knows where it is until it is swapped."""
        self.revealed[u] = False
        group = self.group = list(self.group)
        group[u] = self.ngroup
        self.ngroup += 1

    def _made_public(self, card: int) -> None:
        """A card everyone has seen leaves the seats' private draft knowledge."""
        for known in self.drafted:
            if card in known:
                known.remove(card)

    def _reveal(self, u: int, events: list[Event]) -> None:
        self.revealed[u] = True
        self.seen[u] = True
        self._made_public(u)
        events.append({"type": "revealed", "to": "all", REVEAL: True, **self._pub(u)})

    # ------------------------------------------------------------------ event cards (§8)
    def _discard_from_hand(self, p: int, card: int, events: list[Event]) -> None:
        self._made_public(card)
        self.hand[p].remove(card)
        self.discard.append(card)
        events.append({"type": "discarded", "to": "all", REVEAL: True, "seat": p, "card": self.ev(card).name})

    def _draw_event(self, p: int, events: list[Event]) -> None:
        """§4.3: at the hand limit, discard first; then draw."""
        lim = self.hand_limit(p)
        if len(self.hand[p]) >= lim:
            c = Ctx("discard", p)
            c.n = lim
            self.stack.append(c)
            return
        self._draw_event_now(p, events)

    def _draw_event_now(self, p: int, events: list[Event]) -> None:
        if not self.event_deck:
            if not self.discard:
                events.append({"type": "event-deck-empty", "to": "all", "seat": p})
                return
            self.event_deck = self.discard
            self.discard = []
            self.shuffle(self.event_deck)
            self.reshuffled = True
            events.append({"type": "event-deck-reshuffled", "to": "all"})
        card = self.event_deck.pop()
        self.ev_drawn += 1
        e = self.ev(card)
        if e.colour == "red":
            events.append({"type": "drew-red", "to": "all", REVEAL: True, "seat": p, "card": e.name})
            self._start_event(p, card, events, from_hand=False)
        else:
            self.hand[p].append(card)
            events.append(private([p], "drew", seat=p, card=e.name))
            events.append({"type": "drew-event", "to": "all", "seat": p})

    def _start_event(self, p: int, card: int, events: list[Event], from_hand: bool = True) -> None:
        self._made_public(card)
        if from_hand:
            self.hand[p].remove(card)
        self.limbo.append(card)
        e = self.ev(card)
        played = {"type": "event-played", "to": "all", "seat": p, "card": e.name, "colour": e.colour}
        events.append({**played, REVEAL: True})  # from a hidden hand, or drawn face up
        c = Ctx("event", p)
        c.ev = card
        c.stage = "target" if not self._untargeted(e) else "resolve"
        if e.colour == "red" and e.effect in ("water", "hand_limit"):
            c.stage = "resolve"
            c.tseat = p
        self.stack.append(c)

    def _finish_event(self, c: Ctx, events: list[Event], host: int = -1, before: int = -1) -> None:
        """§8.4 after-effects: discard, remove from game, attach to a unit, deploy before a player."""
        card = c.ev
        e = self.ev(card)
        if self.stack and self.stack[-1] is c:
            self.stack.pop()
        if card not in self.limbo:
            return  # already settled (the game ended while it resolved)
        self.limbo.remove(card)
        if e.after == "attach" and host >= 0 and self.line_of(host):
            self.attach_of[card - self.nu] = host
            self._rebuild_bonus()
        elif e.after == "deploy" and before >= 0:
            self.deployed[before].append(card)
        elif e.after == "remove":
            self.removed.append(card)
        else:
            self.discard.append(card)

    def _apply_event_ctx(self, c: Ctx, a: Action, events: list[Event]) -> None:
        e = self.ev(c.ev)
        if c.stage == "target":
            assert isinstance(a, (TargetUnit, TargetSeat, TargetCard))
            if isinstance(a, TargetSeat):
                c.tseat = a.seat
            elif isinstance(a, TargetUnit):
                c.tseat = a.seat
                c.target = self.line(a.seat, a.line)[a.pos]
            else:
                c.target = self.cards_in_play()[a.pos]
            c.stage = "resolve"
            if e.effect == "strike" and e.air:
                c.stage = "aa"
            events.append(
                {
                    "type": "event-target",
                    "to": "all",
                    "seat": c.seat,
                    "card": e.name,
                    "target": a.target_parts(),
                }
            )
            return
        if c.stage == "aa":
            if isinstance(a, AntiAir):
                self._anti_air(c, self.line(c.tseat, a.line)[a.pos], events)
            else:
                c.stage = "resolve"
            return
        if c.stage == "spot":
            assert isinstance(a, Spot)
            self._spot(c, a, events)
            return
        if c.stage == "put":
            assert isinstance(a, Put)
            u = c.target
            self.limbo.remove(u)
            (self.rear if a.line == "rear" else self.front)[c.seat].append(u)
            ev = {"type": "reinforced", "to": "all", "seat": c.seat, "line": a.line}
            # only a unit able to serve in the rear line may go there: that shows what it is
            events.append({**ev, REVEAL: True} if a.line == "rear" else ev)
            self._finish_event(c, events)

    def _may_anti_air(self, c: Ctx, u: int) -> bool:
        """§9.2: every anti-air unit may counter a strike, each of them once."""
        return bool(self.udefs[u].anti_air) and self.can_fight(u) and not c.aa_used >> u & 1

    def _anti_air(self, c: Ctx, u: int, events: list[Event]) -> None:
        """§9.3: an anti-air counter before the strike; no defence; success discards the card."""
        self.rolled[u] = True
        c.aa_used |= 1 << u
        r = self.roll(6)
        need = self.udefs[u].anti_air
        ok = r <= need
        events.append({"type": "anti-air", "to": "all", "roll": r, "need": need, "success": ok, **self._pub(u)})
        if r >= self.supply(u):
            self._out_of_ammo(u, events)
        if ok:
            events.append({"type": "strike-cancelled", "to": "all", "card": self.ev(c.ev).name})
            self._finish_event(c, events)

    def _step_event(self, c: Ctx, events: list[Event]) -> bool:
        st = c.stage
        e = self.ev(c.ev)
        if st == "target":
            if not self._has_target(c.seat, c.ev, e):
                events.append({"type": "event-fizzled", "to": "all", "card": e.name})
                self._finish_event(c, events)
                return True
            return False
        if st == "aa":
            q = c.tseat
            if c.target not in self.front[q]:
                c.stage = "resolve"
                return True
            if any(self._may_anti_air(c, u) for u in self.units_of(q)):
                return False
            c.stage = "resolve"
            return True
        if st == "spot":
            if c.left <= 0 or all(self.revealed[v] for v in self.front[c.tseat]):
                self._finish_event(c, events)
                return True
            return False
        if st == "put":
            return False
        return self._resolve_event(c, e, events)

    def _resolve_event(self, c: Ctx, e: EventDef, events: list[Event]) -> bool:
        p = c.seat
        eff = e.effect
        t = c.target
        if eff == "carpet_bombing":
            self.cb_count += 1
            events.append({"type": "carpet-bombing", "to": "all", "count": self.cb_count})
            self._finish_event(c, events)
            if self.cb_count >= 3:
                self._game_over("third Carpet Bombing", events)
            return True
        if eff == "strike":
            if self.line_of(t) == "f" and self.revealed[t]:
                r = self.roll(6)
                ok = r <= e.value
                events.append({"type": "strike", "to": "all", "card": e.name, "roll": r, "hit": ok, **self._pub(t)})
                if ok:
                    if e.result == "pin" and not self.pinned[t]:
                        self.pinned[t] = True
                        events.append({"type": "pinned-down", "to": "all", **self._pub(t)})
                    else:
                        self._destroy(t, p, events)
            self._finish_event(c, events)
            return True
        if eff == "barrage":
            # errata: one die per unit in the target's front line
            for u in list(self.front[c.tseat]):
                r = self.roll(6)
                events.append({"type": "barrage", "to": "all", "roll": r, **self._pub(u)})
                if r == 1:
                    self._destroy(u, p, events)
                if self.phase == OVER:
                    return True
            self._finish_event(c, events)
            return True
        if eff == "attach_bonus":
            events.append({"type": "attached", "to": "all", "card": e.name, **self._pub(t)})
            self._finish_event(c, events, host=t)
            return True
        return self._resolve_effect(c, e, events)

    def _resolve_effect(self, c: Ctx, e: EventDef, events: list[Event]) -> bool:
        """§15 the effects that act on their target at once (or start a step of their own)."""
        p, eff, t = c.seat, e.effect, c.target
        if eff == "escape":
            self.front[p].remove(t)
            self.rear[p].append(t)
            self._conceal(t)
            events.append({"type": "escaped", "to": "all", "seat": p, **self._pub(t)})
        elif eff == "conceal":
            self._conceal(t)
            events.append({"type": "concealed", "to": "all", "seat": p, **self._pub(t)})
        elif eff == "smoke":
            self._cancel_pending(events)
        elif eff == "remove_marker":
            if e.marker == "ammo":
                self.ooa[t] = False
            else:
                self.pinned[t] = False
            events.append(public("resupplied" if e.marker == "ammo" else "liberated", seat=p, **self._pub(t)))
        elif eff == "reinforce":
            return self._reinforce(c, events)
        elif eff in ("hand_limit", "water"):
            events.append({"type": "deployed", "to": "all", "card": e.name, "before": c.tseat})
            self._finish_event(c, events, before=c.tseat)
            return True
        elif eff == "engineers":
            self._engineer(t, events)
        elif eff == "ambush":
            self.ambush[p] = max(self.ambush[p], e.value)
        elif eff == "sabotage":
            self._out_of_ammo(t, events)
        elif eff == "recon":
            c.left = max(1, e.value)
            c.stage = "spot"
            return True
        elif eff == "forced_march":
            self.rear[p].remove(t)
            self.front[p].append(t)
            events.append({"type": "advanced", "to": "all", "seat": p, **self._pub(t)})
        elif eff == "supply_drop":
            for u in self.units_of(p):
                self.ooa[u] = False
            events.append({"type": "supply-drop", "to": "all", "seat": p})
        self._finish_event(c, events)
        return True

    def _engineer(self, card: int, events: list[Event]) -> None:
        i = card - self.nu
        if self.attach_of[i] >= 0:
            self.attach_of[i] = -1
            self._rebuild_bonus()
        else:
            for q in range(self._players):
                if card in self.deployed[q]:
                    self.deployed[q].remove(card)
        if card in self.water_ignored:
            self.water_ignored.remove(card)
        self.discard.append(card)
        events.append({"type": "engineers", "to": "all", "card": self.ev(card).name})

    def _cancel_pending(self, events: list[Event]) -> None:
        """Smoke Screen: the attack or scouting under the current window is cancelled."""
        for ctx in reversed(self.stack):
            if ctx.kind in ("attack", "scout"):
                ctx.stage = "cancelled"
                return

    def _reinforce(self, c: Ctx, events: list[Event]) -> bool:
        """Draw a unit; a commander is placed face up and another card drawn (§11.3)."""
        p = c.seat
        while True:
            if not self.unit_deck:
                self._finish_event(c, events)
                self._game_over("unit deck ran out", events)
                return True
            u = self.unit_deck.pop()
            self.owner[u] = p
            if self.udefs[u].kind == COMMANDER:
                self.command[p].append(u)
                self.revealed[u] = True
                events.append({"type": "commander", "to": "all", REVEAL: True, "seat": p, "unit": self.udefs[u].name})
                continue
            c.target = u
            self.limbo.append(u)
            c.stage = "put"
            events.append(private([p], "reinforcement", unit=self.udefs[u].name))
            return False

    # ------------------------------------------------------------------ draft, placement, turns (§2, §3)
    def _draft_pick(self, k: int, events: list[Event]) -> None:
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
        """§2.5: events to hand; units face down; commanders face up in the rear line."""
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
        """§2.6: highest unit points aloud; the highest starts; ties roll a die (again on ties)."""
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

    def _begin_turn(self, events: list[Event]) -> None:
        """§3 a): refresh the turn player's cards; the turn's flags start fresh."""
        p = self.turn
        exhausted, revealed = self.exhausted, self.revealed
        front, rear = self.front[p], self.rear[p]
        hidden = 0
        for u in front:
            exhausted[u] = False
            if not revealed[u]:
                hidden += 1
        for u in rear:
            exhausted[u] = False
            if not revealed[u]:
                hidden += 1
        for u in self.command[p]:
            self.cmd_exhausted[u] = False
        self.rolled = [False] * self.nu
        self.evaded = [False] * self.nu
        self.ambush = [0] * self._players
        self.water_ignored = []
        self.acted = False
        events.append({"type": "turn", "to": "all", "seat": p})
        self.arrange_left = max(0, hidden - 1)
        self.phase = ARRANGE

    def _end_turn(self, events: list[Event]) -> None:
        """§4.6: the turn passes clockwise (reaction windows open only on declarations, §8.3)."""
        events.append({"type": "turn-end", "to": "all", "seat": self.turn})
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        self.stack.clear()
        if self._players - sum(self.out) <= 1:
            self._game_over("one player left", events)
            return
        self.turn = self.next_seat(self.turn)
        self._begin_turn(events)

    # ------------------------------------------------------------------ copying, snapshots, zones
    #: Per-game fields, by how a copy treats them; ``COPY`` (engine/copying.py) is built from
    #: these lists and ``_snapshot`` reads them (every slot but the stack and the bonus table
    #: is in one list, a test checks).
    _SHARED = (
        "cs", "udefs", "edefs", "nu", "cb_piles", "actors", "actor_set", "scout_set", "group",
        "opt_charge", "opt_evading", "usig",
    )  # fmt: skip
    _FLAT = (
        "owner", "revealed", "pinned", "ooa", "exhausted", "rolled", "evaded", "seen", "attach_of",
        "cmd_exhausted", "picked", "out", "discard", "removed", "limbo", "ambush", "water_ignored",
        "unit_deck", "event_deck",
    )  # fmt: skip
    _NESTED = ("front", "rear", "command", "hand", "score", "deployed", "packet", "kept", "drafted")
    _SCALARS = (
        "n_att", "cb_count", "ev_drawn", "reshuffled", "end_reason", "acted", "arrange_left",
        "supply_target", "turn", "first", "phase", "draft_round", "draft_seat", "ngroup",
    )  # fmt: skip
    # shared: never mutated after setup, or replaced (group, abon) rather than changed; the
    # stack's contexts are copied one by one (``Ctx.copy``)
    COPY: ClassVar[Mapping[str, str]] = {
        **dict.fromkeys((*_SHARED, "abon", *_SCALARS), "share"),
        **dict.fromkeys(_FLAT, "list"),
        **dict.fromkeys((*_NESTED, "stack"), "lists"),
    }

    def _unpickled(self) -> None:
        # The indexed action tables grow at setup, and ``usig`` numbers card lists
        # in the order one process met them: a state unpickled in another process
        # regrows the tables and takes that process's number for its card list.
        _grow_tables(self.nu + len(self.edefs) + 8)
        self.usig = _USIGS.setdefault((self.cs.path, *(u.idx for u in self.udefs)), len(_USIGS))

    def _snapshot(self) -> dict[str, Any]:
        d: dict[str, Any] = {name: list(getattr(self, name)) for name in self._FLAT}
        d.update({name: [list(x) for x in getattr(self, name)] for name in self._NESTED})
        d.update({name: getattr(self, name) for name in self._SCALARS})
        d["group"] = self.group
        d["stack"] = [{k: getattr(c, k) for k in Ctx.__slots__} for c in self.stack]
        return d

    def _card_zones(self) -> Mapping[str, list[int]]:
        z: dict[str, list[int]] = {
            "unit_deck": self.unit_deck,
            "event_deck": self.event_deck,
            "discard": self.discard,
            "removed": self.removed,
            "limbo": self.limbo,
            "attached": [i + self.nu for i, h in enumerate(self.attach_of) if h >= 0],
            "picked": [c for c in self.picked if c >= 0],
        }
        for p in range(self._players):
            for name in ("front", "rear", "command", "hand", "score", "deployed", "packet", "kept"):
                z[f"{name}{p}"] = getattr(self, name)[p]
        return z

    # ------------------------------------------------------------------ observation and resampling
    def _observation(self, seat: int | None) -> dict[str, Any]:
        from hulldown.games.tank_hunter.observation import observe

        return observe(self, seat)

    def _resample(self, seat: int, rng: SplitMix64) -> GameState:
        from hulldown.games.tank_hunter.observation import resample

        return resample(self, seat, rng)
