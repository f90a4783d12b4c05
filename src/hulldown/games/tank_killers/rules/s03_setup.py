"""§3 Setup (docs/rules/tank-killers.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.games.tank_killers.fields import _NO_ROW, _TKIND, DRAW, StateFields, _kinds
from hulldown.games.tank_killers.tables import rules_for


@trait
class Sec3Setup(StateFields):
    __slots__ = ()

    def _setup(self) -> None:
        """§3.1 Shuffle the three decks, deal three tactics cards to each player and begin the first turn."""
        R = self.R = rules_for(self._options)
        self.tkind = _TKIND.get(id(R)) or _kinds(R)
        self.random_factor = bool(self._options["random_factor"])
        self.turn_limit = int(self._options["turn_limit"])
        self.tdeck = list(range(R.n_tactics))
        self.shuffle(self.tdeck)
        self.tdiscard = []
        self.fdeck = []
        for s in (0, 1):
            deck = list(range(R.fstart[s], R.fstart[s] + R.fsize[s]))
            self.shuffle(deck)
            self.fdeck.append(deck)
        self.hands = [[], []]
        for s in (0, 1):
            for _ in range(DRAW):
                self.hands[s].append(self.tdeck.pop())
        self.top_up = [False, False]
        self.reserve = [[], []]
        self.casualty = [[], []]
        self.in_play = [[], []]
        self.waiting = [False, False]
        self.exchanges = 0
        self.active = 0
        self.turn = 0
        self.winner = -1
        self.shown = []
        self.last_roll = None
        self._clear_attack()
        self.last_att = self.last_tgt = -1
        self.free_t = -1
        self.neg_ctx = self.neg_t = self.neg_last = self.neg_seat = self.neg_player = -1
        self.neg_count = 0
        self._maneuver([])

    def _clear_attack(self) -> None:
        """§5 No attack is under way: the attacker, target and this attack's modifiers are forgotten."""
        self.att = -1
        self.tgt = -1
        self.tgt_on_deck = False
        self.pmod = 0
        self.imod = 0
        self.maxr = -1
        self.used_range = -1
        self.used_hit = False
        self.used_ammo = False
        self.played = []
        self.mod_seat = self.active
        self.passes = 0
        self.row_lost = self.row_mod = self.row_ooa = _NO_ROW
