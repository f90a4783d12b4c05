"""§5 Attacks: which attacks may be declared, the chart, and an attack from declaration to counter.

Clause numbers refer to docs/rules/tank-hunter.md.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Action, Event
from hulldown.games.tank_hunter.actions import (
    Attack,
    intern,
)
from hulldown.games.tank_hunter.cards import (
    ATTACK_TYPES,
    GUN,
    INF,
    KIND_CODE,
    chart_types,
)
from hulldown.games.tank_hunter.fields import (
    GR,
    LINES,
    LR,
    OVER,
    SU,
    TR,
    TYPE_NAMES,
    Ctx,
    StateFields,
)

# attack actions by an int key: attacker position, target seat/line/position, type
_POS = 4096


_TYPES = ATTACK_TYPES


_ATTACKS: dict[int, Action] = {}


def _attack_key(ln: int, i: int, q: int, tl: int, j: int, ty: int) -> int:
    """§5 an attack as one int: attacker line and place, target seat, line and place, type."""
    return ((((i * 2 + ln) * 8 + q) * 2 + tl) * _POS + j) * 8 + ty


def _attack_action(key: int) -> Action:
    """§5 the attack action of a key (built once)."""
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
    """§5.1 the attacks of one (attacker, target) pair for a mask of types, in type order (built once)."""
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


_KC = KIND_CODE


#: a ``vcode`` allowing long range alone against every kind
_LR_ONLY = 32 | 32 << 6 | 32 << 12


#: attacker slots: 2 * position in the line + (1 for the rear line); key distance in attack keys
_SLOT = 16 * _POS * 8


def _forget() -> None:
    """§5 drop both memos together (front-line entries hold their tables, so one alone would free nothing)."""
    _VOLLEYS.clear()
    _FRONTS.clear()
    _entries[0] = 0


def _table(targets: tuple[int, ...]) -> dict[int, tuple[Action, ...]]:
    """§5 the (growing) table of attacks at one seat's line, for targets given as ``part * 4 + kind code``."""
    t = _VOLLEYS.get(targets)
    if t is None:
        if len(_VOLLEYS) >= _MEMO_MAX:
            _forget()
        t = _VOLLEYS[targets] = {}
    return t


def _volley(targets: tuple[int, ...], table: dict[int, tuple[Action, ...]], k: int) -> tuple[Action, ...]:
    """§5.1 build (once) the attacks of the attacker ``k`` (slot, vcode) at ``targets``, in target order."""
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


def _counter_type(counter: str, attacker: str, atype: str) -> str:
    """§5.1 how the target counters, or '' when it cannot. Never a trample."""
    if atype in (SU, LR):
        return ""
    if counter == INF and atype == GR:
        return ""  # INF cannot counter grenade attacks
    t = chart_types(counter, attacker)
    return GR if t == (GR, TR) else t[0]


#: ``_counter_type`` by its arguments (asked at every step of an attack)
_CTYPES: dict[tuple[str, str, str], str] = {}


def _counter_first(atype: str, target_kind: str, charge: bool) -> bool:
    """§5.1 GUN targets counter before the attack; so does a charged tank (§11.2)."""
    return target_kind == GUN or charge


@trait
class Sec5Attacks(StateFields):
    """Declaring attacks and running them to their counters (§5)."""

    __slots__ = ()

    def can_fight(self, u: int) -> bool:
        """§5.2 revealed, not out of ammo, not pinned down, has not evaded this turn (§6.4, §11.1)."""
        return self.revealed[u] and not self.ooa[u] and not self.pinned[u] and not self.evaded[u]

    def _attack_actions(self, p: int, out: list[Action]) -> None:
        """§5.2 every declarable attack of the turn player (long range §9.1, paratroopers §10.12).

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
        """§5.2 per other seat with any, the units in its front line that p may attack, and their attacks table.

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
        """§5.2 the attackable units of seat q's front line (§10.11) and their attacks table, built once per key."""
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

    def _ctype(self, c: Ctx) -> str:
        """§5.1 the counter's attack type in context ``c`` (scoutings: §10.1), memoised by the kinds involved."""
        udefs = self.udefs
        key = (udefs[c.counter].kind, udefs[c.attacker].kind, "scout" if c.kind == "scout" else c.atype)
        ct = _CTYPES.get(key)
        if ct is None:
            ct = _CTYPES[key] = _counter_type(*key)
        return ct

    def _declare_attack(self, p: int, a: Attack, events: list[Event]) -> None:
        """§5.2 an attack, once declared, is never cancelled by the attacker."""
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

    def _attack_valid(self, c: Ctx) -> bool:
        """§5.2 an attack lapses when attacker or target left its line or was concealed."""
        a, t = c.attacker, c.target
        if self.line_of(a) != c.aline or not self.revealed[a]:
            return False
        return self.line_of(t) == c.tline and self.revealed[t]

    def _step_attack(self, c: Ctx, events: list[Event]) -> bool:
        """§5.1-§5.3 run the attack's automatic stages; False when a seat must decide.

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
