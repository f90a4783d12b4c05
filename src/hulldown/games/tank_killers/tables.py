"""Tank Killers' rules tables: the card data as flat lists by card int, and legality caches.

The rules read these tables at every step, so they live apart from the data files'
pydantic models in :mod:`~hulldown.games.tank_killers.cards`: this module holds
none, and the compiled build (``make compiled``) compiles it with the rules,
which then read the tables as native attributes instead of looking them up by
name.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hulldown.engine.errors import DataFileError
from hulldown.games.tank_killers.actions import ActionTable
from hulldown.games.tank_killers.cards import (
    CLASS_BIT,
    DATA,
    E_END,
    E_FREE,
    E_LOST,
    E_MOD,
    E_OOA,
    E_REC,
    EFFECTS,
    DeckFileModel,
    FormationCardModel,
    _load_deck,
    _load_tactics,
    _nation_ok,
    parse_barred,
    parse_reinforce,
    slug,
    unit_types,
)

#: The options that decide the tables (the rest, such as the turn limit, are the state's).
_RULES_OPTIONS = (
    "deck0",
    "deck1",
    "tactics_file",
    "german_file",
    "american_file",
    "british_file",
    "reinforce0",
    "reinforce1",
    "bar_tactics",
)


class Rules:
    """Everything the rules need from the data, as flat tables indexed by card int.

    Card ints: tactics instances first (``0 .. n_tactics-1``), then seat 0's
    formation cards, then seat 1's. Legality tables that depend only on the
    attacking and defending card are filled lazily and shared by every state.
    """

    def __init__(self, options: Mapping[str, Any]) -> None:
        #: the options these tables were built from, all that a pickle carries (``__reduce__``)
        self.options = {k: options.get(k, "") for k in _RULES_OPTIONS}
        deck_names = (str(options["deck0"]), str(options["deck1"]))
        tpath = Path(options["tactics_file"]) if options.get("tactics_file") else DATA / "tactics.toml"
        self.tactics = _load_tactics(tpath)
        self.tactics_source = "rulebook" if not options.get("tactics_file") else "user file"
        loaded: dict[str, tuple[DeckFileModel, list[FormationCardModel], str]] = {}
        for d in set(deck_names):
            custom = options.get(f"{d}_file")
            p = Path(custom) if custom else DATA / f"{d}.toml"
            head, cards = _load_deck(p, d)
            loaded[d] = (head, cards, "rulebook" if not custom else "user file")
        self.deck_names = deck_names
        self.deck_files = loaded
        types = unit_types()

        self._tactics_tables(tpath, parse_barred(str(options.get("bar_tactics", "")), [t.name for t in self.tactics]))

        names = self._formation_tables(options, loaded, types)

        # -- actions, built once ----------------------------------------------
        self.actions = ActionTable(self.tslug, self.tname, self.uslug, names)
        A = self.actions
        self.PASS, self.PLAY, self.DISCARD = A.PASS, A.PLAY, A.DISCARD
        self.TARGET_DECK, self.TARGET, self.ATTACKER_DECK, self.ATTACKER = (
            A.TARGET_DECK,
            A.TARGET,
            A.ATTACKER_DECK,
            A.ATTACKER,
        )
        self.all_action_ids = [a.id for a in A.ALL]

        self._legality_caches()

    def _tactics_tables(self, tpath: Path, barred: frozenset[str] = frozenset()) -> None:
        """The tactics cards as flat tables by type, and their instances (rules 1.4, 7-11).

        A barred card keeps its type (so action ids and RL indices do not move) and
        has no instance in the deck.
        """
        tt = self.tactics
        self.n_types = len(tt)
        self.tname = [t.name for t in tt]
        self.tslug = [slug(t.name) for t in tt]
        if len(set(self.tslug)) != len(self.tslug):
            raise DataFileError(str(tpath), None, "name", "two card names give the same id")
        self.tcat = [t.type for t in tt]
        self.teff = [EFFECTS.index(t.effect) for t in tt]
        self.tpen = [t.pen for t in tt]
        self.tinf = [t.inf for t in tt]
        self.trange = [-1 if t.range is None else t.range for t in tt]
        self.tmaxr = [-1 if t.max_range is None else t.max_range for t in tt]
        self.tsame = [t.same_unit for t in tt]
        self.tatt = [sum(CLASS_BIT[c] for c in t.attacker) for t in tt]
        self.ttgt = [sum(CLASS_BIT[c] for c in t.target) for t in tt]
        # which card types negate which: negatable[t] = types that may negate a played t
        self.negated_by: list[list[int]] = [[] for _ in tt]
        for n, ncard in enumerate(tt):
            for t, card in enumerate(tt):
                if card.type in ncard.negates_types or card.name in ncard.negates_names:
                    self.negated_by[t].append(n)
        self.negatable = [bool(x) for x in self.negated_by]
        self.ttype: list[int] = []  # instance -> type
        for t, card in enumerate(tt):
            self.ttype.extend([t] * (0 if card.name in barred else card.count))
        self.n_tactics = len(self.ttype)

    def _formation_tables(
        self,
        options: Mapping[str, Any],
        loaded: dict[str, tuple[DeckFileModel, list[FormationCardModel], str]],
        types: Mapping[str, Any],
    ) -> list[str]:
        """Both formation decks as flat tables by card int, with the copies added by ``reinforce``; the unit names."""
        deck_names = self.deck_names
        self.fname: list[str] = [""] * self.n_tactics
        self.fcode: list[str] = [""] * self.n_tactics
        self.fpen: list[int] = [0] * self.n_tactics
        self.finf: list[int] = [0] * self.n_tactics
        self.fdef: list[int] = [0] * self.n_tactics
        self.frng: list[int] = [0] * self.n_tactics
        self.fcls: list[int] = [0] * self.n_tactics
        self.fsupport: list[bool] = [False] * self.n_tactics
        self.fnameid: list[int] = [-1] * self.n_tactics
        #: formation card -> its row in its deck file (unique over both seats); legality caches key on it
        self.ftype: list[int] = [-1] * self.n_tactics
        n_rows = 0
        self.fstart = [0, 0]
        self.fsize = [0, 0]
        self.nation = ["", ""]
        self.anglo = [False, False]
        self.deck_title = ["", ""]
        names: list[str] = []
        #: per seat, the extra copies added by option ``reinforce<seat>``
        self.reinforce: list[dict[str, int]] = []
        for seat, d in enumerate(deck_names):
            head, cards, _src = loaded[d]
            extra = parse_reinforce(
                str(options.get(f"reinforce{seat}", "")), f"reinforce{seat}", head.name, [c.name for c in cards]
            )
            self.reinforce.append(extra)
            self.nation[seat] = head.nation
            self.anglo[seat] = head.anglo
            self.deck_title[seat] = head.name
            self.fstart[seat] = len(self.fname)
            for c in cards:
                if c.name not in names:
                    names.append(c.name)
                cls = sum(CLASS_BIT[x] for x in types[c.type].classes)
                n_rows += 1
                for _ in range(c.count + extra.get(c.name, 0)):
                    self.ftype.append(n_rows)
                    self.fname.append(c.name)
                    self.fcode.append(c.type)
                    self.fpen.append(c.pen)
                    self.finf.append(c.inf)
                    self.fdef.append(0 if c.def_ == "--" else int(c.def_))
                    self.frng.append(c.rng)
                    self.fcls.append(cls)
                    self.fsupport.append(bool(cls & CLASS_BIT["support"]))
                    self.fnameid.append(names.index(c.name))
            self.fsize[seat] = len(self.fname) - self.fstart[seat]
        self.n_cards = len(self.fname)
        self._key = n_rows + 1
        self.unit_names = names
        self.uslug = [slug(n) for n in names]
        self.name_of = [self.tname[self.ttype[c]] if c < self.n_tactics else self.fname[c] for c in range(self.n_cards)]
        return names

    def _legality_caches(self) -> None:
        """Per-window legality tables, filled lazily and shared by every state of these rules."""
        self._lost: dict[int, list[bool]] = {}
        self._mod: dict[int, list[bool]] = {}
        self._ooa: dict[int, list[bool]] = {}
        self._free: dict[int, list[bool]] = {}
        self._tables: dict[int, tuple[list[bool], list[bool], list[bool]]] = {}
        self._neg: list[list[list[bool]]] = [
            [
                [n in self.negated_by[t] and self.player_ok(n, s) for n in range(self.n_types)]
                for t in range(self.n_types)
            ]
            for s in (0, 1)
        ]
        self.free_any = [[self.teff[t] == E_FREE and self.player_ok(t, s) for t in range(self.n_types)] for s in (0, 1)]
        self.recover = [self.teff[t] == E_REC for t in range(self.n_types)]
        # The card types each table can admit at all: a table is filled once per pair of
        # units, and only these types need the unit and nation checks.
        tactics = self.tactics
        teff = self.teff
        self._lost_types = [
            t
            for t, card in enumerate(tactics)
            if teff[t] in (E_LOST, E_END) or (teff[t] == E_OOA and card.type in ("Logistics", "Mine"))
        ]
        self._mod_types = [t for t in range(self.n_types) if teff[t] == E_MOD]
        self._ooa_types = [
            t for t, card in enumerate(tactics) if teff[t] == E_OOA and card.type in ("Damage", "Morale")
        ]
        self._free_types = [[t for t in range(self.n_types) if self.free_any[s][t]] for s in (0, 1)]

    # -- restriction checks (clause 9 of docs/rules/tank-killers.md) -----------
    def player_ok(self, t: int, seat: int) -> bool:
        """The restrictions on who plays the card: "German only", "Anglos use vs Germans"."""
        card = self.tactics[t]
        return _nation_ok(card.player_nation, self.nation[seat], self.anglo[seat]) and _nation_ok(
            card.opponent_nation, self.nation[1 - seat], self.anglo[1 - seat]
        )

    def units_ok(self, t: int, att: int, tgt: int) -> bool:
        """The restrictions on the attacking and the defending unit ("ATK Infantry vs Tanks")."""
        m = self.tatt[t]
        if m and not (self.fcls[att] & m):
            return False
        m = self.ttgt[t]
        if m and (tgt < 0 or not (self.fcls[tgt] & m)):
            return False
        an = self.tactics[t].attacker_nation
        if an is not None:
            seat = self.seat_of(att)
            if not _nation_ok(an, self.nation[seat], self.anglo[seat]):
                return False
        return True

    def seat_of(self, card: int) -> int:
        return 0 if card < self.fstart[1] else 1

    def tables(self, att: int, tgt: int) -> tuple[list[bool], list[bool], list[bool]]:
        """The lost-attack, modifier and out-of-action legality rows of one attack, cached."""
        key = self.ftype[att] * self._key + self.ftype[tgt]
        rows = self._tables.get(key)
        if rows is None:
            rows = self._tables[key] = (self.lost_table(att, tgt), self.mod_table(att, tgt), self.ooa_table(att, tgt))
        return rows

    def lost_table(self, att: int, tgt: int) -> list[bool]:
        """Cards the defender may play in the lost attack subphase (clause 6)."""
        key = self.ftype[att] * self._key + (self.ftype[tgt] if tgt >= 0 else 0)
        row = self._lost.get(key)
        if row is None:
            defender = 1 - self.seat_of(att)
            support = self.fsupport[att]
            row = [False] * self.n_types
            for t in self._lost_types:
                row[t] = (
                    (self.tactics[t].vs_support or not support)
                    and self.player_ok(t, defender)
                    and self.units_ok(t, att, tgt)
                )
            self._lost[key] = row
        return row

    def mod_table(self, att: int, tgt: int) -> list[bool]:
        """Modifier cards allowed in this attack, before the one-per-kind limits (clause 7)."""
        key = self.ftype[att] * self._key + (self.ftype[tgt] if tgt >= 0 else 0)
        row = self._mod.get(key)
        if row is None:
            support = self.fsupport[att]
            row = [False] * self.n_types
            for t in self._mod_types:
                card = self.tactics[t]
                if not (support and (card.type == "Range" or card.not_by_support)):
                    row[t] = self.units_ok(t, att, tgt)
            self._mod[key] = row
        return row

    def ooa_table(self, att: int, tgt: int) -> list[bool]:
        """Damage or Morale out-of-action cards the attacker may play after a failed attack (clause 8)."""
        key = self.ftype[att] * self._key + (self.ftype[tgt] if tgt >= 0 else 0)
        row = self._ooa.get(key)
        if row is None:
            seat = self.seat_of(att)
            row = [False] * self.n_types
            for t in self._ooa_types:
                row[t] = (
                    not (self.tactics[t].not_by_support and self.fsupport[att])
                    and self.player_ok(t, seat)
                    and self.units_ok(t, att, tgt)
                )
            self._ooa[key] = row
        return row

    def free_table(self, seat: int, att: int, tgt: int) -> list[bool]:
        """Free action cards whose conditions on the attack just ended hold (clause 10)."""
        key = ((self.ftype[att] if att >= 0 else 0) * self._key + (self.ftype[tgt] if tgt >= 0 else 0)) * 2 + seat
        row = self._free.get(key)
        if row is None:
            row = [False] * self.n_types
            for t in self._free_types[seat]:
                ok = True
                if self.tatt[t] or self.ttgt[t] or self.tactics[t].attacker_nation:
                    # Same-unit cards with a unit condition test the unit chosen, not the last one.
                    ok = (self.tsame[t] and not self.ttgt[t]) or (att >= 0 and self.units_ok(t, att, tgt))
                row[t] = ok
            self._free[key] = row
        return row

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Pickled as the options that built it: the receiving process builds or reuses its own tables.

        A compiled build's class cannot be unpickled field by field (it has no bare
        constructor), and a search worker already holds these tables after its first
        state; the data files are the installation's or the user's own, on the same machine.
        """
        return (rules_for, (self.options,))

    def negate_table(self, seat: int, played: int) -> list[bool]:
        """Cards ``seat`` may play to negate the card type ``played`` just played (clause 11)."""
        return self._neg[seat][played]


_RULES: dict[tuple[Any, ...], Rules] = {}


def rules_for(options: Mapping[str, Any]) -> Rules:
    """The tables of these options, built once a process."""
    key = tuple(options.get(k, "") for k in _RULES_OPTIONS)
    r = _RULES.get(key)
    if r is None:
        r = _RULES[key] = Rules(options)
    return r
