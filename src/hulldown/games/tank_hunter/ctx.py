"""Tank Hunter's pending pieces of a turn (an attack, a scouting, a window, an event card).

A module of its own because it stays plain Python in the compiled build (``make
compiled``): a clone copies each piece through ``Ctx.__new__``, which a compiled
class does not allow without its constructor's arguments.
"""

from __future__ import annotations


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
