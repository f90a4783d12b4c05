"""2GM Pacific: the state's fields, which every chapter of the rules and the solo AI read.

:class:`PacificFields` is the state as data: its slots, how a clone copies each (``COPY``, see
engine/copying.py) and the small queries the chapters share. It imports no rule, so the rules
(``rules/``), the solo procedure (``solo/``) and the views (observation, labels) all stand on it;
``state.py`` puts the set-up, the hidden-information guess and the rules' entry points on top.
Clause numbers refer to docs/rules/2gm-pacific.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from hulldown.engine import Event, GameState, Zone, mark_reveal, private, public
from hulldown.games.pacific import grid
from hulldown.games.pacific.cards import CardDB, SupportCard, UnitCard, UpgradeToken
from hulldown.games.pacific.scenarios import Scenario
from hulldown.games.pacific.units import HQ_SPACE, Token, Unit
from hulldown.games.pacific.views import EndReason, Phase, PlacedUnitView, UnitCardView

HQ_HP: Final = 12
HQ_ARMOUR: Final = 3
HAND_LIMIT: Final = 7
MAX_ROUNDS: Final = 30
START_AP: Final = 5

#: Successful Hit Table (rulebook, Table 2): rows standard hit 10..1+, columns critical 10..1+.
HIT_TABLE: Final = (
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
DESTROYED: Final = 99

WEATHER: Final = ("none", "fog", "rain", "winds", "storm")
#: §11.6: d10 -> weather
WEATHER_ROLL: Final = ("none",) * 6 + ("fog", "rain", "winds", "storm")


def clamp(v: int) -> int:
    return 1 if v < 1 else 10 if v > 10 else v


class Attack:
    """One attack's numbers after every modifier (§7), kept for tests and events."""

    __slots__ = ("crit", "crit_as_standard", "damage", "extra", "hit", "pierce", "shift", "spared")

    def __init__(self, hit: int, crit: int, pierce: int, damage: int, crit_as_standard: bool = False) -> None:
        self.hit = hit
        self.crit = crit
        self.pierce = pierce
        self.damage = damage
        self.crit_as_standard = crit_as_standard
        # §11.3.1, support cards with the Successful Hit Table: cells moved right (Fortunate),
        # wounds added to the cell (Kamikaze), no damage at all (You Missed)
        self.shift = 0
        self.extra = 0
        self.spared = False


class PacificFields(GameState):
    """The state of one game as data; ``PacificState`` (state.py) is the playable class."""

    __slots__ = (
        "active",
        "actor",
        "ai_card_attacks",
        "ai_keep",
        "ai_log",
        "ai_resume",
        "ai_revealed",
        "ai_said",
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
        "end_reason",
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

    #: How a clone copies each field (engine/copying.py): containers the rules change in place
    #: are copied, everything else (the card database, set-up tables, ints, strings, tuples
    #: that are replaced whole) is shared.
    COPY: ClassVar[Mapping[str, str]] = {
        **dict.fromkeys(
            (
                "active", "actor", "ai_resume", "armies", "ai_revealed", "ai_shot", "behaviour", "cards", "db",
                "deck_points", "end_reason", "first_side", "gave_ap", "lent", "max_rounds", "nslots", "over", "phase",
                "round", "scenario", "sea", "side_slots", "slot_side", "solo", "ta_used", "turn",
                "weather", "winner",
            ),
            "share",
        ),
        **dict.fromkeys(
            (
                "ai_card_attacks", "ai_keep", "ai_log", "ai_said", "ap", "bid_order", "bids", "board", "hq_wounds",
                "last_supply", "muddy", "mulligan_done", "objectives", "para_drops", "ruins", "smoke",
                "supply_broken", "terrain", "terrain_budget",
            ),
            "list",
        ),
        **dict.fromkeys(("sd_budget", "terrain_hp"), "dict"),
        **dict.fromkeys(("decks", "discards", "hands", "hq_cards", "terrain_piles"), "lists"),
        **dict.fromkeys(("natural_pile", "terrain_out"), "copy"),
        **dict.fromkeys(("drops", "units"), "values"),
        **dict.fromkeys(("ai_shots", "pending_air", "pending_smoke"), "optional"),
    }  # fmt: skip

    active: int
    actor: int
    ai_revealed: bool
    ap: list[int]
    armies: list[str]
    behaviour: int
    bids: list[int]
    board: list[int]
    deck_points: int
    decks: list[Zone[int]]
    discards: list[Zone[int]]
    end_reason: EndReason | None
    first_side: int
    gave_ap: bool
    hands: list[Zone[int]]
    hq_wounds: list[int]
    last_supply: list[int]
    lent: bool
    max_rounds: int
    mulligan_done: list[bool]
    natural_pile: Zone[int]
    nslots: int
    over: bool
    phase: Phase
    round: int
    side_slots: list[list[int]]
    slot_side: list[int]
    solo: bool
    supply_broken: list[bool]
    ta_used: bool
    terrain: list[int]
    terrain_budget: list[int]
    terrain_out: Zone[int]
    terrain_piles: list[Zone[int]]
    turn: int
    weather: str
    winner: int
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
    #: the catalog message behind each line of ``ai_log`` (``Said.to_json()``), None where a line has none
    ai_said: list[dict[str, Any] | None]
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

    def _new_card(self, cid: str) -> int:
        self.cards.append(cid)
        return len(self.cards) - 1

    def remove_terrain(self, iid: int) -> None:
        """A terrain card leaves the game from every space it covers (§11.11 Large Field)."""
        for s, t in enumerate(self.terrain):
            if t == iid:
                self.terrain[s] = -1
        self.terrain_hp.pop(iid, None)
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
        board = self.board
        units = self.units
        cols = grid.COLS
        for k in range(1, 7):
            first = grid.row_index(side, k) * cols  # the row's spaces, as grid.space numbers them
            own = enemy = infil = False
            for uid in board[first : first + cols]:
                if uid < 0:
                    continue
                u = units[uid]
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
        return n + self.ai_hq_bonus(side)

    def ai_hq_bonus(self, side: int) -> int:
        """§12.13 The solo AI's HQ generates 1 AP more in a hard game (option ``ai_difficulty``)."""
        return 1 if self.is_ai_side(side) and self._options["ai_difficulty"] == "hard" else 0

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

    def hidden_from(self, seat: int | None, u: Unit) -> bool:
        """§11.7: a face-down unit is known to its own side only (spectators see it face down)."""
        return u.face_down and (seat is None or self.slot_side[seat] != u.side)

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

    def unit_public(self, u: Unit, seat: int | None = None, hidden: bool = False) -> PlacedUnitView:
        d = u.describe_hidden() if hidden else u.describe()
        placed: PlacedUnitView = {**d, "space": "hq" if u.space == HQ_SPACE else grid.name(u.space)}
        # a face-up carrier may hold a face-down unit (§11.7): it stays face down to the enemy
        outer: UnitCardView = placed
        c = u.cargo
        while c is not None and outer["cargo"] is not None:
            if self.hidden_from(seat, c):
                outer["cargo"] = c.describe_hidden()
            cargo = outer["cargo"]
            if cargo is None:
                break
            outer = cargo
            c = c.cargo
        return placed

    def log_ai(self, clause: str, events: list[Event], said: dict[str, Any] | None = None) -> None:
        """§12: every AI decision names the clause that chose it (public, also in the observation).

        ``said`` is the same decision as a catalog message, so that a page shows it in its own language.
        """
        self.ai_log.append(clause)
        self.ai_said.append(said)
        if len(self.ai_log) > 400:
            del self.ai_log[:-400]
            del self.ai_said[:-400]
        # the AI decides from its hidden hand and units: what it chose tells the seats about them
        events.append(mark_reveal(public("ai", decision=clause)))
