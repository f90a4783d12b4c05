"""2GM Pacific: the playable state, the set-up (§3, §14.1) and the guess at hidden cards (§11.7).

The data and the queries every chapter shares are :class:`~hulldown.games.pacific.fields.PacificFields`;
this class adds what only a whole game needs: its set-up, its resampling for search, and the
entry points into the rules (``rules/``) and the observation. The solo AI (§12) is reached only
through the hook :mod:`hulldown.games.pacific.hook`. Clause numbers refer to
docs/rules/2gm-pacific.md."""

from __future__ import annotations

from typing import Any

from hulldown.engine import Action, Event, GameState, Zone
from hulldown.engine.errors import OptionError
from hulldown.engine.rng import SplitMix64
from hulldown.games.pacific import grid
from hulldown.games.pacific.card_file import card_db
from hulldown.games.pacific.cards import UnitCard, barred_ids
from hulldown.games.pacific.fields import (
    DESTROYED,
    HAND_LIMIT,
    HIT_TABLE,
    HQ_ARMOUR,
    HQ_HP,
    MAX_ROUNDS,
    START_AP,
    WEATHER_ROLL,
    Attack,
    PacificFields,
    clamp,
)
from hulldown.games.pacific.hook import active
from hulldown.games.pacific.observation import observe, observe_part
from hulldown.games.pacific.rules import apply_action, legal_actions
from hulldown.games.pacific.scenarios import Scenario, load_scenarios
from hulldown.games.pacific.units import HQ_SPACE, Token, Unit
from hulldown.games.pacific.views import PacificObservation

__all__ = [
    "DESTROYED",
    "HAND_LIMIT",
    "HIT_TABLE",
    "HQ_ARMOUR",
    "HQ_HP",
    "WEATHER_ROLL",
    "Attack",
    "PacificState",
    "clamp",
]


class PacificState(PacificFields):
    """A game of 2GM Pacific: 1 to 4 seats, the solo AI playing side 1 of a 1-seat game (§12)."""

    __slots__ = ()

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        """§3 A new game: seats and sides (§10), the battlefield and its scenario (§14.1), decks
        (§3.1), terrain (§1.5), weather (§11.6), AP and hands (§3.2), then the mulligan."""
        self.db = card_db(self._options)
        o = self._options
        if o["starting_deployment"] and o["scenario"] != "pitched":
            raise OptionError(
                "option 'starting_deployment' is an option of pitched battles (scenario 'pitched'); "
                f"scenario {o['scenario']!r} has its own set-up"
            )
        if o["ai_difficulty"] != "normal" and self._players != 1:
            raise OptionError(
                f"option 'ai_difficulty' ({o['ai_difficulty']!r}) sets the solo AI's difficulty (1 player); "
                f"with {self._players} players every side is a seat's"
            )
        self._seat_sides(self._players)
        self._battlefield(self._scenario_for_ai(o["scenario"], str(o["ai_side"])))
        self._start_fields()
        self._deal_decks()
        self._deal_terrain()
        # weather fixed or first roll (§11.6)
        if o["weather"] == "rolled":
            self.weather = WEATHER_ROLL[self.roll(10) - 1]
        if self.weather in ("rain", "storm"):
            self._place_muddy()
        self._deal_hands()
        self.phase = "mulligan"
        self.active = 0
        self.actor = 0
        self.first_side = 0

    def _seat_sides(self, n: int) -> None:
        """§10: 1-2 players hold one slot a side (the solo AI side 1's, §12); 3-4 players share."""
        self.solo = n == 1
        self.nslots = 2 if n <= 2 else n
        self.slot_side = {1: [0, 1], 2: [0, 1], 3: [0, 1, 1], 4: [0, 1, 0, 1]}[n]
        self.side_slots = [[s for s in range(self.nslots) if self.slot_side[s] == side] for side in (0, 1)]
        self.armies = ["us", "japan"] if self._options["armies"] == "us-japan" else ["japan", "us"]

    def _battlefield(self, sc: Scenario | None) -> None:
        """§14.1: a scenario names the armies, the sea, the objectives and the number of rounds."""
        self.scenario = sc
        self.sea = [False] * grid.SPACES
        self.objectives = []
        self.max_rounds = MAX_ROUNDS
        if sc is not None:
            self.armies = list(sc.armies)
            for s in sc.sea_spaces():
                self.sea[s] = True
            self.objectives = [grid.parse(x) for x in sc.objectives]
            self.max_rounds = sc.rounds

    def _start_fields(self) -> None:
        """§3: every zone empty, every count at its start, before a card is dealt."""
        o = self._options
        self.cards = []
        self.decks = [Zone[int](f"deck{s}") for s in range(self.nslots)]
        self.hands = [Zone[int](f"hand{s}") for s in range(self.nslots)]
        self.discards = [Zone[int](f"discard{s}") for s in range(self.nslots)]
        self.ap = [0] * self.nslots
        self.units = {}
        self.board = [-1] * grid.SPACES
        self.terrain = [-1] * grid.SPACES
        self.terrain_hp = {}
        self.ruins = []
        self.hq_wounds = [0, 0]
        self.hq_cards = [[], []]
        self.turn = 0
        self.round = 0
        self.winner = -1
        self.over = False
        self.end_reason = None
        self.bids = [-1, -1]
        self.bid_order = []
        self.mulligan_done = [False] * self.nslots
        self.smoke = []
        self.weather = o["weather"] if o["weather"] != "rolled" else "none"
        self.muddy = []
        self.ta_used = False
        self.gave_ap = False
        self.lent = False
        self.drops = {}
        self.para_drops = []
        self.pending_smoke = None
        self.sd_budget = {}
        self.ai_resume = None
        self.ai_card_attacks = []
        self.ai_shots = None
        self.ai_shot = None
        self.pending_air = None
        self.ai_log = []
        self.ai_said = []
        self.supply_broken = [False, False]
        self.last_supply = [0, 0]
        self.ai_revealed = False
        self.behaviour = 0
        self.ai_keep = []
        self.deck_points = int(o["points"])
        self.terrain_budget = [0, 0]

    def _deal_decks(self) -> None:
        """§3.1 Each side's deck (split between a team's two slots, §10.2); the solo AI's its own (§12.1)."""
        for side in (0, 1):
            if self.solo and side == 1:
                continue
            ids = self._build_deck(self.armies[side])
            slots = self.side_slots[side]
            self._check_barred_deck(side, ids, len(slots))
            iids = [self._new_card(c) for c in ids]
            if len(slots) == 1:
                self.decks[slots[0]].extend(iids)
            else:
                self.shuffle(iids)
                for i, iid in enumerate(iids):
                    self.decks[slots[i % 2]].put_top(iid)
        if self.solo:
            ai_deck = active().deck(self)
            if not ai_deck and self._options["bar_cards"]:
                raise OptionError("option 'bar_cards' leaves the solo AI no card to draw")
            for cid in ai_deck:
                self.decks[1].put_top(self._new_card(cid))
        for d in self.decks:
            self.shuffle(d)

    def _check_barred_deck(self, side: int, ids: list[str], slots: int) -> None:
        """§3.6 a bar may thin a deck but must leave a game: an opening hand per slot and a unit to deploy."""
        if not self._options["bar_cards"]:
            return
        units = sum(1 for c in ids if c in self.db.units)
        if len(ids) < 5 * slots or units == 0:
            raise OptionError(
                f"option 'bar_cards' leaves side {side}'s deck ({self.armies[side]}) with {len(ids)} cards,"
                f" {units} of them units: it needs 5 cards per player and at least one unit"
            )

    def _deal_terrain(self) -> None:
        """§1.5 The terrain piles and the natural terrain dealt on the battlefield; §14.1 a
        scenario's fixed terrain and its units set up before the battle."""
        sc = self.scenario
        self.natural_pile = Zone[int]("natural")
        self.terrain_piles = [Zone[int]("terrain0"), Zone[int]("terrain1")]
        self.terrain_out = Zone[int]("terrain-out")
        for t in self.db.terrain.values():
            for _ in range(t.copies):
                if t.kind == "natural":
                    self.natural_pile.put_top(self._new_card(t.id))
                else:
                    for side in (0, 1):
                        self.terrain_piles[side].put_top(self._new_card(t.id))
        self.shuffle(self.natural_pile)
        if sc is not None:  # §14.1: the scenario's fixed terrain and Starting Deployment
            for fixed in sc.terrain:
                iid = self._new_card(fixed.card)
                self.terrain[grid.parse(fixed.space)] = iid
                self.terrain_hp[iid] = self.db.terrain[fixed.card].hp
            for p in sc.setup:
                if self.solo and p.side == 1 and sc.ai_setup:
                    continue  # §12.11: the AI deploys its own units before the battle
                iid = self._new_card(p.card)
                s = grid.parse(p.space)
                u = Unit(iid, self.db.units[p.card], self.side_slots[p.side][0], p.side, s, -1)
                for up in u.card.free:
                    u.tokens.append(Token(self.db.upgrades[up]))
                self.units[iid] = u
                self.board[s] = iid
        for _ in range(4 if sc is None else sc.natural):
            self._place_natural(self.natural_pile.draw())

    def _deal_hands(self) -> None:
        """§3.2 Start AP and five cards each (the AI deploys first in a scenario, §12.11); §11.9
        the Field Marshal's General."""
        o = self._options
        sc = self.scenario
        # AP and hands (§3.2)
        for side in (0, 1):
            self._split_ap(side, START_AP if sc is None else sc.start_ap[side])
        if self.solo and sc is not None:  # §12.11: the AI's terrain and units before the battle
            active().pre_battle(self, [])
        for s in range(self.nslots):
            self._draw(s, 5)
        if self.solo:
            self.mulligan_done[1] = True
        if o["field_marshal"]:
            for side in (0, 1):
                self._field_marshal(side)

    def _scenario_for_ai(self, name: str, ai_side: str) -> Scenario | None:
        """§14.1: the scenario, mirrored when the solo AI takes its side 0 (option ``ai_side``).

        The solo AI is the game's side 1 (§12), so the side it takes is made side 1; the option
        is checked before anything is built, so a wrong choice changes nothing."""
        if name == "pitched":
            if ai_side != "scenario":
                raise OptionError(
                    f"option 'ai_side' ({ai_side!r}) chooses the solo AI's side in a scenario; in a "
                    "pitched battle the option 'armies' chooses its army (side 1's)"
                )
            return None
        if self._options["armies"] != "us-japan":
            raise OptionError(
                f"option 'armies' ({self._options['armies']!r}) is an option of pitched battles; scenario "
                f"{name!r} names its armies (the solo AI's side in it: option 'ai_side')"
            )
        sc = load_scenarios()[name]
        if ai_side == "scenario":
            return sc if not self.solo or sc.ai_for(1) is not None else sc.with_ai_on(sc.ai_sides[0])
        if not self.solo:
            raise OptionError(
                f"option 'ai_side' ({ai_side!r}) is for solo play (1 player); with more players "
                "each seat plays the side it is given"
            )
        side = sc.attacker if ai_side == "attacker" else 1 - sc.attacker
        if sc.ai_for(side) is None:
            raise OptionError(
                f"scenario {name!r} gives the solo AI no data to play its {ai_side} (side {side}); "
                f"the AI may play side {', '.join(map(str, sc.ai_sides))}"
            )
        return sc.with_ai_on(side)

    def _build_deck(self, army: str) -> list[str]:
        """§3.1: the pre-constructed deck at 120 points, otherwise a random deck by points;
        §11.12: with ``heroes`` the army's hero cards join it; §3.6 barred cards are left out."""
        barred = barred_ids(self.db, str(self._options["bar_cards"]))
        heroes: list[str] = []
        if self._options["heroes"]:
            heroes = sorted(s.id for s in self.db.support.values() if s.hero and s.army == army and s.id not in barred)
        base = self._build_base_deck(army, heroes, barred)
        return heroes + [c for c in base if c not in heroes and c not in barred]

    def _build_base_deck(self, army: str, heroes: list[str], barred: frozenset[str] = frozenset()) -> list[str]:
        db = self.db
        pts = self.deck_points
        sc = self.scenario
        if sc is not None:  # §14.1: the scenario's deck and extra cards
            side = self.armies.index(army)
            deck = db.decks[sc.decks[side]]
            cards = {**deck.cards}
            for c, k in sc.extra_cards[side].items():
                cards[c] = cards.get(c, 0) + k
            return [c for c, k in sorted(cards.items()) for _ in range(k)]
        if self._options["deck"] == "preconstructed" and pts == 120:
            deck = db.decks["us-120" if army == "us" else "japan-120"]
            return [c for c, k in sorted(deck.cards.items()) for _ in range(k)]
        base = db.decks["us-120" if army == "us" else "japan-120"]
        pool = [c for c, k in sorted(base.cards.items()) for _ in range(k)]
        if self._options["deck"] == "random":
            pool += [c for c in sorted(db.army_pool(army)) if c not in base.cards]
        pool = [c for c in pool if c not in heroes and c not in barred]
        self.shuffle(pool)
        out: list[str] = []
        total = sum(db.cost(h) for h in heroes)  # a hero's cost counts in the army points
        for c in pool:
            cost = db.cost(c)
            if total + cost <= pts:
                out.append(c)
                total += cost
        return out

    def _place_natural(self, iid: int) -> None:
        """§1.5: d10 row (1-5: row 3, 6-10: row 4), d10 column by the diagram; occupied: again."""
        for _ in range(50):
            r = 2 if self.roll(10) <= 5 else 3
            c = grid.D10_COLUMN[self.roll(10) - 1]
            s = grid.space(r, c)
            if self.terrain[s] < 0 and self.board[s] < 0:
                self.terrain[s] = iid
                self.terrain_hp[iid] = self.db.terrain[self.cards[iid]].hp
                return
        self.terrain_out.put_top(iid)

    def _field_marshal(self, side: int) -> None:
        """§11.9: the deck's General starts deployed beside the HQ."""
        for slot in self.side_slots[side]:
            for z in (self.decks[slot],):
                for iid in list(z.cards):
                    if self.cards[iid].endswith("general"):
                        z.remove(iid)
                        self.hq_cards[side].append(iid)
                        return

    def _resample(self, seat: int, rng: SplitMix64) -> GameState:
        new = self.clone()
        assert isinstance(new, PacificState)
        if self._options["night"]:
            new._resample_face_down(seat, rng)
        # Every hidden pool is gathered in a canonical (sorted) order before it is shuffled,
        # so the guess depends on what ``seat`` knows and never on where the cards really are.
        for slot in range(new.nslots):
            deck = new.decks[slot]
            if slot == seat or (self.solo and slot == 1 and self.ai_revealed):
                pool = sorted(deck.cards)
                perm = rng.permutation(len(pool))
                deck.cards = [pool[i] for i in perm]
                continue
            hand = new.hands[slot]
            pool = sorted(deck.cards + hand.cards)
            perm = rng.permutation(len(pool))
            pool = [pool[i] for i in perm]
            hand.cards = pool[: len(hand)]
            deck.cards = pool[len(hand) :]
        natural = sorted(new.natural_pile.cards)
        perm = rng.permutation(len(natural))
        new.natural_pile.cards = [natural[i] for i in perm]
        # §3.3: a bid stays secret until both are in; guess the other side's from its legal range.
        if new.phase == "bid":
            mine = new.side_of(seat)
            for side in (0, 1):
                if side != mine and new.bids[side] >= 0:
                    fm = 1 if new.is_ai_side(side) else new.side_slots[side][0]
                    new.bids[side] = rng.below(new.ap[fm] + 1)
        return new

    def _resample_face_down(self, seat: int, rng: SplitMix64) -> None:
        """§11.7: guess what the enemy's face-down cards are.

        A face-down card may be any unit card of its owner that ``seat`` has not seen: another
        face-down card (on the battlefield, beside the HQ or carried), or one in the owner's
        deck or hidden hand. Cards are exchanged only within what the table shows alike:
        aircraft beside the HQ or ground units, carrying a unit or not, and *Infiltration*
        (the Supply Line count shows it, §4.4). A guess must also fit the carriers (§15.1): a
        face-down carrier can carry the unit it holds, a face-down carried unit fits its
        carrier; guesses that do not fit are drawn again. Carriers are guessed first, then
        everything else. Each pool is gathered sorted, so the guess depends only on what
        ``seat`` knows.
        """
        hidden = self._face_down_of(1 - self.slot_side[seat])
        if not hidden:
            return
        db = self.db
        cards = self.cards
        carried_by = {id(u): c for u, c in hidden}
        classes: dict[tuple[int, tuple[bool, bool, bool]], list[Unit]] = {}
        for u, c in hidden:
            aircraft = c is None and u.space == HQ_SPACE
            classes.setdefault((u.owner, _look(u.card, aircraft, u.cargo is not None)), []).append(u)
        new_card: dict[int, UnitCard] = {}  # by id(unit): the guess made for it

        def card_of(u: Unit) -> UnitCard:
            return new_card.get(id(u), u.card)

        def fits(u: Unit, uc: UnitCard) -> bool:
            carrier = carried_by.get(id(u))
            if carrier is not None and not _carries(card_of(carrier), uc):
                return False
            cargo = u.cargo
            return cargo is None or cargo.face_down or _carries(uc, cargo.card)

        remap: dict[int, int] = {}
        # carriers (the carrying classes) first: what they hold is guessed against their guess
        order = sorted(classes.items(), key=lambda kv: (not kv[0][1][2], kv[0]))
        for (owner, k), us in order:
            pool = [u.iid for u in us]
            spare = self._unseen_like(owner, k, pool)
            pool.sort()
            us.sort(key=lambda x: (x.space, x.bay, carried_by.get(id(x)) is not None))
            guess = pool
            for _ in range(64):
                perm = rng.permutation(len(pool))
                guess = [pool[i] for i in perm]
                if all(fits(u, db.units[cards[iid]]) for u, iid in zip(us, guess, strict=False)):
                    break
            else:
                guess = _repair(us, guess, lambda u, iid: fits(u, db.units[cards[iid]]))
            for u, iid in zip(us, guess, strict=False):
                remap[u.iid] = iid
                new_card[id(u)] = db.units[cards[iid]]
            for (z, pos), iid in zip(spare, guess[len(us) :], strict=True):
                z.cards[pos] = iid
        self._renumber([u for u, _ in hidden], remap)

    def _face_down_of(self, side: int) -> list[tuple[Unit, Unit | None]]:
        """§11.7 Every face-down card of ``side`` in play, with the unit carrying it (None on the
        battlefield or beside the HQ, §15)."""
        hidden: list[tuple[Unit, Unit | None]] = []
        for w in self.units.values():
            if w.side != side:
                continue
            carrier: Unit | None = None
            for u in w.each():
                if u.face_down:
                    hidden.append((u, carrier))
                carrier = u
        return hidden

    def _unseen_like(self, owner: int, look: tuple[bool, bool, bool], pool: list[int]) -> list[tuple[Zone[int], int]]:
        """§11.7 The cards of ``owner``'s deck and hidden hand that look like a face-down card of
        class ``look`` (they join ``pool``), by where they lie; none when the class carries a
        unit, since a card in hand or deck carries nothing."""
        spare: list[tuple[Zone[int], int]] = []
        if look[2]:
            return spare
        zones = [self.decks[owner]]
        if not (self.solo and owner == 1 and self.ai_revealed):  # the AI hand is open once revealed
            zones.append(self.hands[owner])
        units = self.db.units
        cards = self.cards
        for z in zones:
            for pos, iid in enumerate(z.cards):
                uc = units.get(cards[iid])
                if uc is not None and _look(uc, uc.type == "aircraft", False) == look:
                    spare.append((z, pos))
                    pool.append(iid)
        return spare

    def _renumber(self, hidden: list[Unit], remap: dict[int, int]) -> None:
        """§11.7 Give each guessed unit its new card, then rename it wherever the state names it."""
        db = self.db
        for u in hidden:
            n = remap[u.iid]
            if n != u.iid:
                u.iid = n
                u.card = db.units[self.cards[n]]
                u.tokens = [self.new_token(f) for f in u.card.free]
        units: dict[int, Unit] = {}
        for old, u in self.units.items():
            if u.iid != old and u.space >= 0:
                self.board[u.space] = u.iid
            units[u.iid] = u
        self.units = units
        for u in units.values():
            if u.attacked_by:
                u.attacked_by = [remap.get(x, x) for x in u.attacked_by]
        air = self.pending_air
        if air is not None:
            for f in ("plane", "interceptor", "escort"):
                air[f] = remap.get(air[f], air[f])
            if air["target"].startswith("u"):
                air["target"] = f"u{remap.get(int(air['target'][1:]), int(air['target'][1:]))}"
        self.para_drops = [remap.get(x, x) for x in self.para_drops]
        self.ai_card_attacks = [(c, remap.get(x, x)) for c, x in self.ai_card_attacks]
        if self.ai_shots is not None:
            self.ai_shots = [(remap.get(x, x), k) for x, k in self.ai_shots]
        if self.ai_shot is not None and self.ai_shot[0].startswith("u"):
            t = int(self.ai_shot[0][1:])
            self.ai_shot = (f"u{remap.get(t, t)}", self.ai_shot[1])
        ps = self.pending_smoke
        if ps is not None:
            ps["shooter"] = remap.get(ps["shooter"], ps["shooter"])
            ps["target"] = remap.get(ps["target"], ps["target"])

    # ------------------------------------------------------------------ observation
    def _observation(self, seat: int | None) -> PacificObservation:
        return observe(self, seat)

    def _observation_part(self, seat: int | None, key: str) -> object:
        return observe_part(self, seat, key)

    # ------------------------------------------------------------------ legal / apply
    def _legal(self) -> list[Action]:
        return legal_actions(self)

    def _apply(self, action: Action, events: list[Event]) -> None:
        apply_action(self, action, events)


def _look(card: UnitCard, aircraft: bool, carrying: bool) -> tuple[bool, bool, bool]:
    """§11.7 What the table shows of a face-down card: an aircraft beside the HQ or a ground
    unit, *Infiltration* (the Supply Line count shows it, §4.4), and whether it carries a unit."""
    return aircraft, "infiltration" in card.tags, carrying


def _carries(carrier: UnitCard, cargo: UnitCard) -> bool:
    """§15.1 by card: Transport carries infantry, Tow artillery, Embark & Disembark any ground unit."""
    tags = carrier.tags
    if "embark-disembark" in tags:
        return cargo.type != "aircraft" and "embark-disembark" not in cargo.tags
    return (cargo.type == "infantry" and "transport" in tags) or (cargo.type == "artillery" and "tow" in tags)


def _repair(us: list[Unit], guess: list[int], ok: Any) -> list[int]:
    """A guess that fits every carrier, when random draws kept missing: each misfit is swapped
    with the first card (in the guess's order) that fits its place and whose place takes it."""
    guess = list(guess)
    n = len(us)
    for i, u in enumerate(us):
        if ok(u, guess[i]):
            continue
        for j in range(len(guess)):
            if j != i and ok(u, guess[j]) and (j >= n or ok(us[j], guess[i])):
                guess[i], guess[j] = guess[j], guess[i]
                break
    return guess
