"""2GM Pacific: the state and the rules. Clause numbers refer to docs/rules/2gm-pacific.md."""

from __future__ import annotations

from typing import Any

from hulldown.engine import Action, Event, GameState, Zone, mark_reveal, private, public
from hulldown.engine.errors import OptionError
from hulldown.engine.rng import SplitMix64
from hulldown.games.pacific import grid
from hulldown.games.pacific.cards import CardDB, SupportCard, UnitCard, UpgradeToken, load_cards
from hulldown.games.pacific.scenarios import Scenario, load_scenarios
from hulldown.games.pacific.units import HQ_SPACE, Token, Unit

HQ_HP = 12
HQ_ARMOUR = 3
HAND_LIMIT = 7
MAX_ROUNDS = 30
START_AP = 5

#: Successful Hit Table (rulebook, Table 2): rows standard hit 10..1+, columns critical 10..1+.
HIT_TABLE = (
    (1, 1, 1, 1, 1, 1, 1, 2, 2, 3),
    (1, 1, 1, 1, 1, 1, 2, 2, 3, 3),
    (1, 1, 1, 1, 1, 2, 2, 3, 3, 4),
    (1, 1, 1, 1, 2, 2, 3, 3, 4, 4),
    (1, 1, 1, 2, 2, 3, 3, 4, 4, 5),
    (1, 1, 2, 2, 3, 3, 4, 4, 5, 5),
    (2, 2, 2, 2, 3, 3, 4, 5, 5, 5),
    (2, 2, 2, 3, 3, 4, 4, 5, 5, 5),
    (2, 2, 3, 3, 4, 4, 5, 5, 5, 5),
    (3, 3, 3, 3, 4, 4, 5, 5, 5, 5),
)
DESTROYED = 99

WEATHER = ("none", "fog", "rain", "winds", "storm")
#: §11.6: d10 -> weather
WEATHER_ROLL = ("none",) * 6 + ("fog", "rain", "winds", "storm")


def clamp(v: int) -> int:
    return 1 if v < 1 else 10 if v > 10 else v


class Attack:
    """One attack's numbers after every modifier (§7), kept for tests and events."""

    __slots__ = ("crit", "crit_as_standard", "damage", "hit", "pierce")

    def __init__(self, hit: int, crit: int, pierce: int, damage: int, crit_as_standard: bool = False) -> None:
        self.hit = hit
        self.crit = crit
        self.pierce = pierce
        self.damage = damage
        self.crit_as_standard = crit_as_standard


class PacificState(GameState):
    __slots__ = (
        "active",
        "actor",
        "ai_card_attacks",
        "ai_keep",
        "ai_log",
        "ai_resume",
        "ai_revealed",
        "ai_shot",
        "ai_shots",
        "ap",
        "armies",
        "behaviour",
        "bid_order",
        "bids",
        "board",
        "cards",
        "db",
        "deck_points",
        "decks",
        "discards",
        "drops",
        "first_side",
        "gave_ap",
        "hands",
        "hq_cards",
        "hq_wounds",
        "last_supply",
        "lent",
        "max_rounds",
        "muddy",
        "mulligan_done",
        "natural_pile",
        "nslots",
        "objectives",
        "over",
        "para_drops",
        "pending_air",
        "pending_smoke",
        "phase",
        "round",
        "ruins",
        "scenario",
        "sd_budget",
        "sea",
        "side_slots",
        "slot_side",
        "smoke",
        "solo",
        "supply_broken",
        "ta_used",
        "terrain",
        "terrain_budget",
        "terrain_hp",
        "terrain_out",
        "terrain_piles",
        "turn",
        "units",
        "weather",
        "winner",
    )  # fmt: skip

    GAME_ID = "2gm-pacific"

    db: CardDB
    cards: list[str]
    units: dict[int, Unit]
    terrain_hp: dict[int, int]
    ruins: list[int]
    hq_cards: list[list[int]]
    bid_order: list[int]
    smoke: list[int]
    muddy: list[int]
    ai_log: list[str]
    ai_keep: list[int]
    pending_air: dict[str, Any] | None
    #: the historical scenario being played (§14), None in a pitched battle; the solo AI reads
    #: ``scenario.ai_deck`` and ``scenario.ai_table`` from it
    scenario: Scenario | None
    sea: list[bool]
    objectives: list[int]
    #: §11.10: upgrade tokens lying on a space (upgrade ids), left by destroyed infantry
    drops: dict[int, list[str]]
    #: §16.3: paratroopers the solo AI dropped this Deployment phase, awaiting the player's AA
    para_drops: list[int]
    #: §11.13: an attack declared on a unit whose owner may first throw its Smoke Grenade
    pending_smoke: dict[str, Any] | None
    #: §3.5 Starting Deployment: AP still to spend on units on each terrain card placed before battle
    sd_budget: dict[int, int]
    #: the solo AI's band and table while its turn waits for the player (AA at its paratroopers,
    #: §16.3; a Smoke Grenade, §11.13; interception and AA at its aircraft, §16.1)
    ai_resume: tuple[str, str] | None
    #: §11.13: the solo AI's attack cards on a player's unit holding a Smoke Grenade, made once
    #: its Deployment phase is done (card id, target unit)
    ai_card_attacks: list[tuple[str, int]]
    #: §12.7: the AI's Shooting phase still to run, (unit, weapon: -1 main or token position);
    #: None outside its Shooting phase. It lets the phase wait for the player's Smoke Grenade or
    #: air reactions and go on where it stopped.
    ai_shots: list[tuple[int, int]] | None
    #: the AI's shot declared and waiting for the player's Smoke Grenade: target id ("u<iid>") and
    #: whether the shooter was undamaged (for the Promotion of §12.7)
    ai_shot: tuple[str, bool] | None

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        self.db = load_cards()
        o = self._options
        n = self._players
        if o["starting_deployment"] and o["scenario"] != "pitched":
            raise OptionError(
                "option 'starting_deployment' is an option of pitched battles (scenario 'pitched'); "
                f"scenario {o['scenario']!r} has its own set-up"
            )
        self.solo = n == 1
        self.nslots = 2 if n <= 2 else n
        self.slot_side = {1: [0, 1], 2: [0, 1], 3: [0, 1, 1], 4: [0, 1, 0, 1]}[n]
        self.side_slots = [[s for s in range(self.nslots) if self.slot_side[s] == side] for side in (0, 1)]
        self.armies = ["us", "japan"] if o["armies"] == "us-japan" else ["japan", "us"]
        sc = self.scenario = self._scenario_for_ai(o["scenario"], str(o["ai_side"]))
        self.sea = [False] * grid.SPACES
        self.objectives = []
        self.max_rounds = MAX_ROUNDS
        if sc is not None:  # §14.1
            self.armies = list(sc.armies)
            for s in sc.sea_spaces():
                self.sea[s] = True
            self.objectives = [grid.parse(x) for x in sc.objectives]
            self.max_rounds = sc.rounds
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
        self.supply_broken = [False, False]
        self.last_supply = [0, 0]
        self.ai_revealed = False
        self.behaviour = 0
        self.ai_keep = []
        self.deck_points = int(o["points"])
        self.terrain_budget = [0, 0]
        # decks (§3.1, §10.2)
        for side in (0, 1):
            if self.solo and side == 1:
                continue
            ids = self._build_deck(self.armies[side])
            slots = self.side_slots[side]
            iids = [self._new_card(c) for c in ids]
            if len(slots) == 1:
                self.decks[slots[0]].extend(iids)
            else:
                self.shuffle(iids)
                for i, iid in enumerate(iids):
                    self.decks[slots[i % 2]].put_top(iid)
        if self.solo:
            from hulldown.games.pacific.ai import build_ai_deck

            for cid in build_ai_deck(self):
                self.decks[1].put_top(self._new_card(cid))
        for d in self.decks:
            self.shuffle(d)
        # terrain (§1.5, §3.4)
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
        # weather fixed or first roll (§11.6)
        if o["weather"] == "rolled":
            self.weather = WEATHER_ROLL[self.roll(10) - 1]
        if self.weather in ("rain", "storm"):
            self._place_muddy()
        # AP and hands (§3.2)
        for side in (0, 1):
            self._split_ap(side, START_AP if sc is None else sc.start_ap[side])
        if self.solo and sc is not None:  # §12.11: the AI's terrain and units before the battle
            from hulldown.games.pacific.ai import pre_battle

            pre_battle(self, [])
        for s in range(self.nslots):
            self._draw(s, 5)
        if self.solo:
            self.mulligan_done[1] = True
        if o["field_marshal"]:
            for side in (0, 1):
                self._field_marshal(side)
        self.phase = "mulligan"
        self.active = 0
        self.actor = 0
        self.first_side = 0

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

    def _new_card(self, cid: str) -> int:
        self.cards.append(cid)
        return len(self.cards) - 1

    def _build_deck(self, army: str) -> list[str]:
        """§3.1: the pre-constructed deck at 120 points, otherwise a random deck by points;
        §11.12: with ``heroes`` the army's hero cards join it."""
        heroes: list[str] = []
        if self._options["heroes"]:
            heroes = sorted(s.id for s in self.db.support.values() if s.hero and s.army == army)
        return heroes + [c for c in self._build_base_deck(army, heroes) if c not in heroes]

    def _build_base_deck(self, army: str, heroes: list[str]) -> list[str]:
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
        pool = [c for c in pool if c not in heroes]
        self.shuffle(pool)
        out: list[str] = []
        total = sum(db.cost(h) for h in heroes)  # a hero's cost counts in the army points
        for c in pool:
            cost = db.cost(c)
            if total + cost <= pts:
                out.append(c)
                total += cost
        return out

    def remove_terrain(self, iid: int) -> None:
        """A terrain card leaves the game from every space it covers (§11.11 Large Field)."""
        for s, t in enumerate(self.terrain):
            if t == iid:
                self.terrain[s] = -1
        self.terrain_hp.pop(iid, None)
        self.terrain_out.put_top(iid)

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

    def _place_muddy(self) -> None:
        self.muddy = []
        for _ in range(4):
            for _ in range(50):
                r = 2 if self.roll(10) <= 5 else 3
                c = grid.D10_COLUMN[self.roll(10) - 1]
                s = grid.space(r, c)
                if s not in self.muddy:
                    self.muddy.append(s)
                    break

    def _field_marshal(self, side: int) -> None:
        """§11.9: the deck's General starts deployed beside the HQ."""
        for slot in self.side_slots[side]:
            for z in (self.decks[slot],):
                for iid in list(z.cards):
                    if self.cards[iid].endswith("general"):
                        z.remove(iid)
                        self.hq_cards[side].append(iid)
                        return

    def _split_ap(self, side: int, n: int) -> None:
        """§10.2: the Field Marshall takes the odd AP."""
        slots = self.side_slots[side] if not (self.solo and side == 1) else [1]
        if len(slots) == 1:
            self.ap[slots[0]] += n
        else:
            self.ap[slots[0]] += (n + 1) // 2
            self.ap[slots[1]] += n // 2

    def _draw(self, slot: int, n: int, events: list[Event] | None = None) -> bool:
        """Draw n cards; False when the deck ran out (§4.5; the AI reshuffles, §12.3)."""
        for _ in range(n):
            deck = self.decks[slot]
            if not deck:
                if self.solo and slot == 1 and self.discards[1]:
                    deck.extend(self.discards[1].take_all())
                    self.shuffle(deck)
                else:
                    return False
            iid = deck.draw()
            self.hands[slot].put_top(iid)
            if events is not None and not (self.solo and slot == 1):
                events.append(private([slot], "drew", card=self.cards[iid], name=self.db.name(self.cards[iid])))
        return True

    # ------------------------------------------------------------------ helpers
    def seat_of_slot(self, slot: int) -> int | None:
        if self.solo and slot == 1:
            return None
        return slot

    def side_of(self, slot: int) -> int:
        return self.slot_side[slot]

    def enemy(self, side: int) -> int:
        return 1 - side

    def is_ai_side(self, side: int) -> bool:
        return self.solo and side == 1

    def terrain_card(self, s: int) -> Any:
        iid = self.terrain[s]
        return None if iid < 0 else self.db.terrain[self.cards[iid]]

    def terrain_tags(self, s: int) -> tuple[str, ...]:
        t = self.terrain_card(s)
        tags: tuple[str, ...] = () if t is None else t.tags
        if s in self.muddy:
            tags = (*tags, "difficult")
        return tags

    def unit_at(self, s: int) -> Unit | None:
        uid = self.board[s]
        return None if uid < 0 else self.units[uid]

    def side_units(self, side: int) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

    def hq_armour(self, side: int) -> int:
        bonus = 0
        for iid in self.hq_cards[side]:
            sc = self.db.support.get(self.cards[iid])
            if sc is not None and sc.effect == "hq-armour":
                bonus += sc.value
        return HQ_ARMOUR + bonus

    def effective_armour(self, u: Unit) -> int:
        a = u.card.armour
        if u.space >= 0:
            t = self.terrain_card(u.space)
            if t is not None and self.terrain[u.space] not in self.ruins:
                a += t.armour
            if u.has("mountaineers") and "mountain" in self.terrain_tags(u.space):
                a += 1
        return a

    def weapon_range(self, u: Unit, base: int, main: bool) -> int:
        r = base
        if self.weather == "fog":
            r = max(1, r - 1)
        if main and u.has("long-range"):
            r += 1
        if self.weather == "winds":
            r = min(r, 4)
        return r

    def supply_line(self, side: int) -> int:
        """§4.4: rows held continuously from the deployment line; enemy infiltrators give 0."""
        ap = 0
        for k in range(1, 7):
            r = grid.row_index(side, k)
            own = enemy = infil = False
            for c in range(grid.COLS):
                u = self.unit_at(grid.space(r, c))
                if u is None:
                    continue
                if u.side == side:
                    own = True
                elif u.has("infiltration"):
                    infil = True
                else:
                    enemy = True
            if not own or enemy:
                break
            if not infil:
                ap += 1
        return ap

    def ap_generated(self, side: int) -> int:
        """§4.3: HQ 1, Supply Line, General, Radio Operators, Synergy, Recruits."""
        n = 1 + self.supply_line(side)
        for iid in self.hq_cards[side]:
            sc = self.db.support.get(self.cards[iid])
            if sc is not None and sc.effect == "ap-per-turn":
                n += sc.value
        syn = 0
        for u in self.side_units(side):
            if u.has("generates-ap"):
                n += 1
            if u.has("synergy"):
                syn += 1
        n += max(0, syn - 1)
        rec = self._options["recruits"]
        if rec == f"side{side}":
            n += 1
        return n

    def side_ap(self, side: int) -> int:
        if self.is_ai_side(side):
            return self.ap[1]
        return sum(self.ap[s] for s in self.side_slots[side])

    # ------------------------------------------------------------------ protocol
    def _current_player(self) -> int | None:
        if self.over:
            return None
        return self.actor

    def _is_over(self) -> bool:
        return self.over

    def _returns(self) -> list[float]:
        out = []
        for seat in range(self._players):
            side = self.slot_side[seat]
            out.append(0.0 if self.winner < 0 else 1.0 if self.winner == side else -1.0)
        return out

    def _copy_into(self, new: Any) -> None:
        for f in PacificState.__slots__:
            setattr(new, f, getattr(self, f))
        new.decks = [z.copy() for z in self.decks]
        new.hands = [z.copy() for z in self.hands]
        new.discards = [z.copy() for z in self.discards]
        new.ap = list(self.ap)
        new.units = {k: u.copy() for k, u in self.units.items()}
        new.board = list(self.board)
        new.terrain = list(self.terrain)
        new.terrain_hp = dict(self.terrain_hp)
        new.ruins = list(self.ruins)
        new.natural_pile = self.natural_pile.copy()
        new.terrain_piles = [z.copy() for z in self.terrain_piles]
        new.terrain_out = self.terrain_out.copy()
        new.hq_wounds = list(self.hq_wounds)
        new.hq_cards = [list(h) for h in self.hq_cards]
        new.bids = list(self.bids)
        new.bid_order = list(self.bid_order)
        new.mulligan_done = list(self.mulligan_done)
        new.smoke = list(self.smoke)
        new.muddy = list(self.muddy)
        new.pending_air = dict(self.pending_air) if self.pending_air else None
        new.ai_log = list(self.ai_log)
        new.supply_broken = list(self.supply_broken)
        new.last_supply = list(self.last_supply)
        new.ai_keep = list(self.ai_keep)
        new.terrain_budget = list(self.terrain_budget)
        new.objectives = list(self.objectives)
        new.drops = {k: list(v) for k, v in self.drops.items()}
        new.para_drops = list(self.para_drops)
        new.ai_card_attacks = list(self.ai_card_attacks)
        new.ai_shots = list(self.ai_shots) if self.ai_shots is not None else None
        new.pending_smoke = dict(self.pending_smoke) if self.pending_smoke else None
        new.sd_budget = dict(self.sd_budget)

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

    def hidden_from(self, seat: int | None, u: Unit) -> bool:
        """§11.7: a face-down unit is known to its own side only (spectators see it face down)."""
        return u.face_down and (seat is None or self.slot_side[seat] != u.side)

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
        enemy = 1 - self.slot_side[seat]
        db = self.db
        cards = self.cards

        def key(card: UnitCard, aircraft: bool, carrying: bool) -> tuple[bool, bool, bool]:
            return aircraft, "infiltration" in card.tags, carrying

        # every face-down enemy card in play, with the unit carrying it (None on the battlefield)
        hidden: list[tuple[Unit, Unit | None]] = []
        for w in self.units.values():
            if w.side != enemy:
                continue
            carrier: Unit | None = None
            for u in w.each():
                if u.face_down:
                    hidden.append((u, carrier))
                carrier = u
        if not hidden:
            return
        carried_by = {id(u): c for u, c in hidden}
        classes: dict[tuple[int, tuple[bool, bool, bool]], list[Unit]] = {}
        for u, c in hidden:
            aircraft = c is None and u.space == HQ_SPACE
            classes.setdefault((u.owner, key(u.card, aircraft, u.cargo is not None)), []).append(u)
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
            zones = [self.decks[owner]]
            if not (self.solo and owner == 1 and self.ai_revealed):  # the AI hand is open once revealed
                zones.append(self.hands[owner])
            pool = [u.iid for u in us]
            spare: list[tuple[Zone[int], int]] = []
            if not k[2]:  # a card in hand or deck carries nothing
                for z in zones:
                    for pos, iid in enumerate(z.cards):
                        uc = db.units.get(cards[iid])
                        if uc is not None and key(uc, uc.type == "aircraft", False) == k:
                            spare.append((z, pos))
                            pool.append(iid)
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
        for u, _carrier in hidden:
            n = remap[u.iid]
            if n != u.iid:
                u.iid = n
                u.card = db.units[cards[n]]
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

    def _snapshot(self) -> dict[str, Any]:
        return {
            "decks": [list(z) for z in self.decks],
            "hands": [list(z) for z in self.hands],
            "discards": [list(z) for z in self.discards],
            "ap": list(self.ap),
            "units": {str(k): u.describe() | {"space": u.space} for k, u in sorted(self.units.items())},
            "terrain": list(self.terrain),
            "terrain_hp": {str(k): v for k, v in sorted(self.terrain_hp.items())},
            "ruins": sorted(self.ruins),
            "hq": list(self.hq_wounds),
            "hq_cards": [list(h) for h in self.hq_cards],
            "phase": self.phase,
            "active": self.active,
            "actor": self.actor,
            "turn": self.turn,
            "winner": self.winner,
            "over": self.over,
            "bids": list(self.bids),
            "budget": list(self.terrain_budget),
            "smoke": list(self.smoke),
            "weather": self.weather,
            "muddy": list(self.muddy),
            "air": dict(self.pending_air) if self.pending_air else None,
            "smoke_reaction": dict(self.pending_smoke) if self.pending_smoke else None,
            "sd_budget": {str(k): v for k, v in sorted(self.sd_budget.items())},
            "para_drops": list(self.para_drops),
            "ai_resume": list(self.ai_resume) if self.ai_resume else None,
            "ai_card_attacks": [list(x) for x in self.ai_card_attacks],
            "ai_shots": [list(x) for x in self.ai_shots] if self.ai_shots is not None else None,
            "ai_shot": list(self.ai_shot) if self.ai_shot else None,
            "ai_log": list(self.ai_log),
            "round": self.round,
            "drops": {str(k): list(v) for k, v in sorted(self.drops.items())},
            "piles": [list(self.natural_pile), [list(z) for z in self.terrain_piles], list(self.terrain_out)],
        }

    def _card_zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {}
        for s in range(self.nslots):
            z[f"deck{s}"] = self.decks[s].cards
            z[f"hand{s}"] = self.hands[s].cards
            z[f"discard{s}"] = self.discards[s].cards
        board: list[int] = []
        for u in self.units.values():
            for v in u.each():
                board.append(v.iid)
                board.extend(v.attached)
        z["units"] = board
        z["hq"] = self.hq_cards[0] + self.hq_cards[1]
        z["terrain"] = list(dict.fromkeys(t for t in self.terrain if t >= 0))  # a Large Field card spans spaces
        z["natural"] = self.natural_pile.cards
        z["terrain0"] = self.terrain_piles[0].cards
        z["terrain1"] = self.terrain_piles[1].cards
        z["terrain-out"] = self.terrain_out.cards
        return z

    # ------------------------------------------------------------------ observation
    def _observation(self, seat: int | None) -> dict[str, Any]:
        from hulldown.games.pacific.observation import observe

        return observe(self, seat)

    # ------------------------------------------------------------------ legal / apply
    def _legal(self) -> list[Action]:
        from hulldown.games.pacific.rules import legal_actions

        return legal_actions(self)

    def _apply(self, action: Action, events: list[Event]) -> None:
        from hulldown.games.pacific.rules import apply_action

        apply_action(self, action, events)

    # utilities used by rules and the AI
    def upgrade(self, uid: int) -> Unit:
        return self.units[uid]

    def token(self, up_id: str) -> UpgradeToken:
        return self.db.upgrades[up_id]

    def unit_card(self, iid: int) -> UnitCard | None:
        return self.db.units.get(self.cards[iid])

    def support_card(self, iid: int) -> SupportCard | None:
        return self.db.support.get(self.cards[iid])

    def new_token(self, up_id: str) -> Token:
        return Token(self.db.upgrades[up_id])

    def unit_public(self, u: Unit, seat: int | None = None, hidden: bool = False) -> dict[str, Any]:
        d = u.describe_hidden() if hidden else u.describe()
        d["space"] = "hq" if u.space == HQ_SPACE else grid.name(u.space)
        # a face-up carrier may hold a face-down unit (§11.7): it stays face down to the enemy
        outer = d
        c = u.cargo
        while c is not None and outer["cargo"] is not None:
            if self.hidden_from(seat, c):
                outer["cargo"] = c.describe_hidden()
            outer = outer["cargo"]
            c = c.cargo
        return d

    def log_ai(self, clause: str, events: list[Event]) -> None:
        """§12: every AI decision names the clause that chose it (public, also in the observation)."""
        self.ai_log.append(clause)
        if len(self.ai_log) > 400:
            del self.ai_log[:-400]
        # the AI decides from its hidden hand and units: what it chose tells the seats about them
        events.append(mark_reveal(public("ai", decision=clause)))


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
