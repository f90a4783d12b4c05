"""The rulebook's solo AI (rules §12): the AI's deck, behaviour, card phase, deployment,
movement, shooting and discard, each decision logged with the clause that chose it.

In a 1-player game the rules call :func:`ai_turn` for side 1. :class:`SoloAIAgent` applies the
same priorities to the ordinary actions of any seat of a normal game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from hulldown.engine import Event, public
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action
from hulldown.games.pacific import combat, grid
from hulldown.games.pacific.cards import UnitCard
from hulldown.games.pacific.ids import find_unit, hand_card
from hulldown.games.pacific.units import HQ_SPACE, Unit

if TYPE_CHECKING:
    from hulldown.engine.agent import SeatView
    from hulldown.games.pacific.state import PacificState

#: the table a benchmark forces on every game ("": the scenario's, else the Variable table)
TABLE_OVERRIDE = ""
REMOVED = ("general", "shrapnel", "lost", "in-need-of-support", "ambush")  # §12.1
TYPE_ORDER = ("infantry", "artillery", "tank", "transport", "support")
TABLES = ("variable", "offensive", "defensive")
#: §12.1 the d10 extra cards
EXTRA = {1: (), 2: (), 3: ("infantry",), 4: ("artillery",), 5: ("tank",), 6: ("transport",), 7: ("support",),
         8: ("infantry", "transport"), 9: ("infantry", "support"), 10: ("infantry", "support")}  # fmt: skip
#: §12.3 cards to draw by hand size
DRAWS = {0: 7, 1: 6, 2: 5, 3: 4, 4: 3}
#: §12.2 behaviour bands: turns 1-2, then the modifiers <= 3, 4-7, >= 8
BANDS = ("initial", "low", "mid", "high")
#: §12.2 the behaviour's name in each table (Initial Phase tables)
BEHAVIOUR = {
    "variable": {"initial": "Reinforce", "low": "Defense", "mid": "Reinforcements", "high": "Advance"},
    "offensive": {"initial": "Advance", "low": "Occupy, Reinforce, and Hold", "mid": "Advance",
                  "high": "Total Attack"},
    "defensive": {"initial": "Hold your position", "low": "Total Defense", "mid": "Reinforce Lines",
                  "high": "Sustained Advance"},
}  # fmt: skip
#: §12.4 the deployment table's name of each behaviour
DEPLOY_NAME = {
    "variable": {"initial": "Start", "low": "Defense", "mid": "Secure", "high": "Attack"},
    "offensive": {"initial": "Start", "low": "Suppressive Fire", "mid": "Reinforce", "high": "Fire Power"},
    "defensive": {"initial": "Start", "low": "Containment Fire", "mid": "Hold", "high": "Overcome"},
}
#: §12.6 the movement table's name of each behaviour
MOVE_NAME = {
    "variable": {"initial": "Secure Rows", "low": "Secure Rows", "mid": "Advance", "high": "Attack"},
    "offensive": {"initial": "Advance Rows", "low": "Advance", "mid": "Overcome", "high": "Attack"},
    "defensive": {"initial": "Reinforce Rows", "low": "Secure Rows", "mid": "Reinforce", "high": "Overcome"},
}
#: §12.6 the rulebook row the movement aims at (rows counted from the player's HQ: 6 is the AI's
#: deployment line); the AI's own row is 7 minus it.
MOVE_ROW = {
    "variable": {"initial": 5, "low": 5, "mid": 3, "high": 1},
    "offensive": {"initial": 4, "low": 4, "mid": 3, "high": 2},
    "defensive": {"initial": 5, "low": 5, "mid": 4, "high": 3},
}
#: §12.4 deployment priorities: (card kind, upgrade) per table and band. Kinds: a unit type,
#: ``transport-shooting`` (a transport with a main weapon), ``transport-mobile`` (and Mobility),
#: ``transport-infantry`` (Transport ability, deployed with an infantry card of the hand on board),
#: ``transport-tow`` (Tow, with an artillery card), ``transport-infantry-or-tow`` (infantry if it
#: can, else towed artillery), ``aircraft``, ``support-attack``, ``support-defence``,
#: ``support-damage``, ``support`` (any). Upgrades: ``""`` none,
#: ``offensive``/``defensive``/``either``/``two-offensive`` compulsory (bought with the unit; on a
#: transport line, with its infantry), the same with ``?`` potential ("if possible": bought at the
#: end of the phase with spare AP).
PRIORITIES: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    "variable": {
        "initial": (("infantry", "offensive?"), ("artillery", ""), ("tank", "")),
        "low": (("artillery", ""), ("infantry", "defensive"), ("tank", ""), ("support-defence", "")),
        "mid": (("infantry", "offensive"), ("tank", "offensive?"), ("artillery", ""), ("transport-shooting", ""),
                ("support-attack", "")),
        "high": (("tank", "offensive?"), ("transport-infantry-or-tow", "offensive?"), ("transport-shooting", "any?"),
                 ("aircraft", ""), ("support-attack", "")),
    },
    "offensive": {
        "initial": (("tank", ""), ("infantry", "offensive?"), ("transport-mobile", "")),
        "low": (("infantry", "offensive?"), ("tank", ""), ("artillery", "any?"), ("support-attack", "")),
        "mid": (("tank", ""), ("transport-infantry", "offensive"), ("infantry", "offensive"), ("aircraft", ""),
                ("support-damage", "")),
        "high": (("tank", "two-offensive"), ("transport-infantry", "offensive?"), ("support-damage", ""),
                 ("transport-shooting", "any?"), ("aircraft", "")),
    },
    "defensive": {
        "initial": (("artillery", ""), ("infantry", "defensive"), ("tank", "")),
        "low": (("infantry", "defensive?"), ("artillery", "any?"), ("tank", ""), ("support-defence", "")),
        "mid": (("artillery", "defensive"), ("infantry", "either"), ("support-defence", ""), ("tank", "defensive?"),
                ("aircraft", "")),
        "high": (("transport-tow", ""), ("transport-shooting", ""), ("tank", "defensive?"),
                 ("support-attack", ""), ("aircraft", "")),
    },
}  # fmt: skip
#: support effects by the rulebook's kinds (§12.4 "boosts attack" / "boosts defence" / damage)
ATTACK_EFFECTS = {"accuracy-turn", "extra-attack-turn", "extra-attack-perm", "damage-bonus-turn", "assault-bonus",
                  "promotion", "mp-turn", "mp-infantry-turn", "drain-ap"}  # fmt: skip
DEFENCE_EFFECTS = {"evasion-perm", "evasion-guard", "hp-perm", "hero", "suppress", "immobilize"}
DAMAGE_EFFECTS = {"attack"}


def resolve_table(st: PacificState, table: str | None = None) -> str:
    """The AI table: the argument, else a benchmark's override, else the scenario's, else Variable."""
    t = table or TABLE_OVERRIDE or _scenario_field(st, "ai_table") or "variable"
    if t not in TABLES:
        raise ValueError(f"unknown AI table {t!r} (tables: {', '.join(TABLES)})")
    return str(t)


def _scenario_field(st: PacificState, name: str) -> Any:
    """A field of the historical scenario (object or mapping); None in a pitched battle."""
    sc = getattr(st, "scenario", None)
    if sc is None:
        return None
    if isinstance(sc, dict):
        return sc.get(name)
    return getattr(sc, name, None)


#: §11.7: the stand-in cards the AI reads for a face-down card of the player, by (army, aircraft)
_STAND_INS: dict[tuple[str, bool], UnitCard] = {}


def hidden_foe(st: PacificState, e: Unit) -> bool:
    """A face-down card of the player: the solo AI sees its space, wounds, markers and attached
    cards, never what it is (§11.7.2)."""
    return e.face_down and st.solo and not st.is_ai_side(e.side)


def known(st: PacificState, e: Unit) -> Unit:
    """What the solo AI may know of unit ``e`` (rules §12.12): ``e`` itself, or for a face-down
    card of the player a copy whose card is a stand-in and whose printed tokens are hidden. The
    stand-in fears the worst (the longest Range, the most MP and Armour-piercing of its army's
    cards of its kind, aircraft or ground units), is taken to be one the AI's weapons can damage
    (Armour 0; every shot at it is offered, §11.7.3), is never "destroyed by a standard hit" (its
    Hit Points are unknown) and has no cost (it comes after every unit the AI can see in an order
    by cost; ties go by space, never by what the card is)."""
    if not hidden_foe(st, e):
        return e
    aircraft = e.space == HQ_SPACE
    stand_in = _STAND_INS.get((e.card.army, aircraft))
    if stand_in is None:
        kind = [u for u in st.db.units.values() if u.army == e.card.army and (u.type == "aircraft") == aircraft]
        stand_in = UnitCard.model_construct(
            id="face-down",
            name="a face-down unit",
            army=e.card.army,
            type="aircraft" if aircraft else "unknown",
            cost=0,
            move=max(u.move for u in kind),
            range=max(u.range for u in kind),
            hit=10,
            crit=10,
            pierce=max(u.pierce for u in kind),
            damage=max(u.damage for u in kind),
            armour=0,
            hp=10,
            tags=(),
            upgrades=(),
            free=(),
            second_gun=None,
        )
        _STAND_INS[(e.card.army, aircraft)] = stand_in
    v = e.copy()
    v.card = stand_in
    v.tokens = [t for t in v.tokens if t.up.id not in e.card.free]
    v.cargo = None
    return v


def side_table(st: PacificState, side: int) -> str | None:
    """The scenario's AI table for a side (§14.1: each side the AI may play has its own; a side
    without AI data plays Variable); the scenario's side-1 table for a scenario given as fields."""
    sc = getattr(st, "scenario", None)
    ai_for = getattr(sc, "ai_for", None)
    if ai_for is None:
        return cast("str | None", _scenario_field(st, "ai_table"))
    entry = ai_for(side)
    return None if entry is None else str(entry.ai_table)


def card_type(st: PacificState, cid: str) -> str:
    u = st.db.units.get(cid)
    if u is None or u.type == "aircraft":
        return "support"
    return u.type


# ---------------------------------------------------------------- §12.1 deck
def build_ai_deck(st: PacificState, counts: dict[str, int] | None = None) -> list[str]:
    """§12.1: cards of each type drawn from the AI army's shuffled type piles.

    ``counts`` (card type -> number) are a historical scenario's AI deck: taken as they are. Without
    them the scenario's ``ai_deck`` is used, and in a pitched battle the player's deck gives them
    (2 support cards per aircraft) plus the d10 extra cards.
    """
    db = st.db
    wanted = dict.fromkeys(TYPE_ORDER, 0)
    given = counts if counts is not None else _scenario_field(st, "ai_deck")
    if given is not None:
        for t, n in dict(given).items():
            key = "support" if t == "aircraft" else t
            if key not in wanted or int(n) < 0:
                raise ValueError(f"AI deck: bad card type or count {t!r}: {n!r} (types: {', '.join(TYPE_ORDER)})")
            wanted[key] += int(n)
    else:
        for cid in (st.cards[i] for i in st.decks[0]):
            u = db.units.get(cid)
            if u is not None and u.type == "aircraft":
                wanted["support"] += 2
            else:
                wanted[card_type(st, cid)] += 1
        for t in EXTRA[st.roll(10)]:
            wanted[t] += 1
    army = st.armies[1]
    pool_ids = [c for c in sorted(db.army_pool(army)) if not any(c.endswith(r) for r in REMOVED)]
    base = db.decks["us-120" if army == "us" else "japan-120"]
    piles: dict[str, list[str]] = {t: [] for t in TYPE_ORDER}
    for cid in pool_ids:
        for _ in range(base.cards.get(cid, 1)):
            piles[card_type(st, cid)].append(cid)
    for t in TYPE_ORDER:
        st.shuffle(piles[t])
    out: list[str] = []
    for t in TYPE_ORDER:
        pile = piles[t]
        n = wanted[t]
        while n > 0:
            if not pile:  # a pile runs out: a fresh shuffled copy of the same type
                pile.extend(c for c in pool_ids if card_type(st, c) == t)
                if not pile:
                    break
                st.shuffle(pile)
            out.append(pile.pop())
            n -= 1
    st.ai_keep = [len(out)]
    return out


# ---------------------------------------------------------------- start of battle
def ai_bid(st: PacificState, events: list[Event]) -> int:
    """§12 Pitched Battles: 1-3 none, 4-5 two less, 6-7 one less, 8-9 the same, 10 one more."""
    yours = max(0, st.bids[0])
    r = st.roll(10)
    n = 0 if r <= 3 else yours - 2 if r <= 5 else yours - 1 if r <= 7 else yours if r <= 9 else yours + 1
    n = max(0, min(n, st.ap[1]))
    st.log_ai(f"12.1 Initiative: d10 {r}, the AI spends {n} AP", events)
    return n


def ai_terrain(st: PacificState, side: int, events: list[Event]) -> None:
    """§12.1: shuffle the terrain, draw until the AP are spent, place on rows 5/4 by d10."""
    budget = st.terrain_budget[side]
    pile = list(st.terrain_piles[side])
    st.shuffle(pile)
    for iid in pile:
        if budget <= 0:
            break
        t = st.db.terrain[st.cards[iid]]
        if t.cost > budget:
            continue
        for _ in range(30):
            row = 2 if st.roll(10) <= 5 else 3  # the AI's rows: 1-5 fifth, 6-10 fourth (ours: 2 and 3)
            c = grid.D10_COLUMN[st.roll(10) - 1]
            s = grid.space(grid.row_index(side, row), c)
            if st.terrain[s] < 0:
                st.terrain_piles[side].remove(iid)
                st.terrain[s] = iid
                st.terrain_hp[iid] = t.hp
                budget -= t.cost
                st.log_ai(f"12.1 Terrain: {t.name} on {grid.name(s)}", events)
                if st._options["starting_deployment"]:
                    sd_units(st, side, s, t.cost, events)
                break


def sd_units(st: PacificState, side: int, s: int, budget: int, events: list[Event]) -> None:
    """§3.5 Starting Deployment with the solo AI (the project's design, since the AI tables say
    nothing of it): on the terrain card it has just placed, the costliest unit of its hand that the
    card's AP pay for (no aircraft, no boat; ties by a die roll), then upgrades chosen by a die
    with the AP left on that card, at most two, as in §12.11."""
    from hulldown.games.pacific.rules import deploy, slots_of

    slot = slots_of(st, side)[0]
    tags = st.terrain_tags(s)
    fits = [
        iid
        for iid in sorted(st.hands[slot])
        if (uc := st.db.units.get(st.cards[iid])) is not None
        and uc.type != "aircraft"
        and "embark-disembark" not in uc.tags
        and uc.cost <= budget
        and not ("extra-heavy" in uc.tags and "difficult" in tags)
        and not ("river" in tags and "amphibious" not in uc.tags and "sappers" not in uc.tags)
    ]
    if not fits or st.board[s] >= 0:
        return
    top = max(st.db.units[st.cards[i]].cost for i in fits)
    iid = _die(st, [i for i in fits if st.db.units[st.cards[i]].cost == top])
    uc = st.db.units[st.cards[iid]]
    deploy(st, slot, iid, grid.name(s), events, pay=False)
    if iid in st.para_drops:
        st.para_drops.remove(iid)  # placed before the battle: not a drop the player's AA answers
    u = st.units[iid]
    u.deployed_turn = -1
    left = budget - uc.cost
    st.log_ai(f"3.5 Starting Deployment: {uc.name} on {grid.name(s)} ({uc.cost} of the card's {budget} AP)", events)
    while _bought(u) < 2:
        have = {t.up.id for t in u.tokens}
        opts = [o for o in _upgrade_options(st, u.card.upgrades, "any", have) if st.db.upgrades[o].cost <= left]
        if not opts:
            break
        tok = st.new_token(_die_str(st, opts))
        left -= tok.up.cost
        u.tokens.append(tok)
        events.append(public("upgrade", unit=u.iid, token=tok.up.name))
        st.log_ai(f"3.5 Starting Deployment: {tok.up.name} for {uc.name} with the card's AP left (die roll)", events)


# ---------------------------------------------------------------- §12.11 before a scenario's battle
def pre_battle(st: PacificState, events: list[Event]) -> None:
    """§12.11: in a historical scenario the AI places its half-price artificial terrain, then
    deploys the scenario's cards (``ai_setup``) from its deck, then upgrades with the AP left.
    The scenario's extra cards for the AI's side (a landing force's boats) start in its hand: the
    AI tables plan no landing, and a unit of a sea deployment line waits for its boat (§14.6)."""
    sc = st.scenario
    if sc is None:
        return
    extra = sorted(sc.extra_cards[1].items())
    for cid, k in extra:
        for _ in range(k):
            st.hands[1].put_top(st._new_card(cid))
    if extra:
        names = ", ".join(f"{k} {st.db.name(cid)}" for cid, k in extra)
        st.log_ai(f"12.11 Extra cards: {names} in hand", events)
    if sc.ai_terrain:
        scenario_terrain(st, list(sc.ai_terrain), events)
    if sc.ai_setup:
        starting_deployment(st, {str(k): n for k, n in sc.ai_setup.items()}, events)


def scenario_terrain(st: PacificState, names: list[str], events: list[Event]) -> None:
    """§12.11: half the available cards rounded up, each at half its AP cost (rounded up), drawn
    from the shuffled cards (one it cannot pay is put aside), placed at random on rows 5/4 by d10
    as in a pitched battle (an occupied or sea space: roll again)."""
    cards = [st._new_card(n) for n in names]
    st.shuffle(cards)
    want = (len(cards) + 1) // 2
    placed = 0
    for iid in cards:
        if placed >= want:
            break
        t = st.db.terrain[st.cards[iid]]
        cost = (t.cost + 1) // 2
        if cost > st.ap[1]:
            st.log_ai(f"12.11 Terrain: {t.name} costs {cost} AP, more than the AI has: put aside", events)
            continue
        for _ in range(30):
            row = 2 if st.roll(10) <= 5 else 3
            s = grid.space(grid.row_index(1, row), grid.D10_COLUMN[st.roll(10) - 1])
            if st.terrain[s] < 0 and not st.sea[s] and st.board[s] < 0:
                st.terrain[s] = iid
                st.terrain_hp[iid] = t.hp
                st.ap[1] -= cost
                placed += 1
                st.log_ai(f"12.11 Terrain: {t.name} on {grid.name(s)} for {cost} AP (half price)", events)
                break


def starting_deployment(st: PacificState, counts: dict[str, int], events: list[Event]) -> None:
    """§12.11 "If the AI can or must deploy units before the battle starts": the scenario's cards
    are taken from the AI deck; as many units as the AI's initial AP are deployed, costliest first,
    on the positions to defend (the objectives, when the AI defends), then on the terrain cards with
    the most Hit Points and Armour, then on the rows its Supply Line needs, then next to its units
    (or at random), on its own half; ties by a die roll. The AP then buy upgrades, cheapest units
    first, a die choosing among the options. Cards not deployed go back into the deck, shuffled."""
    deck = st.decks[1]
    taken: list[int] = []
    for pile, n in counts.items():
        for iid in list(deck):
            if n <= 0:
                break
            if pile == "any" or card_type(st, st.cards[iid]) == pile:
                deck.remove(iid)
                taken.append(iid)
                n -= 1
    units = [i for i in taken if st.cards[i] in st.db.units and st.db.units[st.cards[i]].type != "aircraft"]
    picks = _ordered(st, [_Pick(i, 0, st.db.units[st.cards[i]].cost, [], "") for i in units])
    start = _scenario_field(st, "start_ap")
    limit = int(start[1]) if start is not None else st.ap[1]  # "the initial points of its HQ"
    defend = objective_spaces(st) if sc_attacker(st) == 0 else []
    placed: list[Unit] = []
    for p in picks:
        if len(placed) >= limit:
            break
        uc = st.db.units[st.cards[p.iid]]
        s, why = _starting_space(st, defend, uc.tags)
        if s < 0:
            break
        u = Unit(p.iid, uc, 1, 1, s, -1)
        for up in uc.free:
            u.tokens.append(st.new_token(up))
        st.units[p.iid] = u
        st.board[s] = p.iid
        placed.append(u)
        taken.remove(p.iid)
        events.append(public("deployed", unit=p.iid, name=uc.name, space=grid.name(s)))
        st.log_ai(f"12.11 Starting Deployment: {uc.name} on {grid.name(s)} ({why})", events)
    for iid in taken:
        deck.put_top(iid)
    st.shuffle(deck)
    bought = True
    while bought:  # spare AP: upgrades, cheapest units first
        bought = False
        for u in sorted(placed, key=lambda x: (x.card.cost, x.iid)):
            if _buy_random_upgrade(st, u, events):
                bought = True


def sc_attacker(st: PacificState) -> int:
    """The attacking side of the scenario (-1 in a pitched battle)."""
    a = _scenario_field(st, "attacker")
    return -1 if a is None else int(a)


def _starting_space(st: PacificState, defend: list[int], tags: tuple[str, ...]) -> tuple[int, str]:
    """The §12.11 order of places for one unit of the Starting Deployment (-1: no room)."""
    half = [
        s
        for s in range(grid.SPACES)
        if grid.own_row(1, s) <= 3 and st.board[s] < 0 and not st.sea[s]
        and not ("extra-heavy" in tags and "difficult" in st.terrain_tags(s))
        and not ("river" in st.terrain_tags(s) and "amphibious" not in tags and "sappers" not in tags)  # §14.4
    ]  # fmt: skip
    if not half:
        return -1, ""
    free = [s for s in defend if s in half]
    if free:
        return _die(st, sorted(free)), "a position to defend"
    cards = [s for s in half if st.terrain[s] >= 0]
    if cards:

        def strength(s: int) -> tuple[int, int]:
            t = st.terrain_card(s)
            return (st.terrain_hp.get(st.terrain[s], 0) or t.hp, t.armour)

        top = max(strength(s) for s in cards)
        return _die(st, sorted(s for s in cards if strength(s) == top)), "the terrain card with the most HP and Armour"
    held = _held_rows(st, 1)
    far = max((r for r in range(1, grid.ROWS + 1) if held[r]), default=1)
    for r in range(1, far + 1):
        if not held[r]:
            row = [s for s in half if grid.own_row(1, s) == r]
            if row:
                return _die(st, sorted(row)), f"row {7 - r}, to keep the Supply Line"
    near = [s for s in half if any(st.board[n] >= 0 and st.units[st.board[n]].side == 1 for n in grid.NEIGH[s])]
    if near:
        return _die(st, sorted(near)), "next to its units"
    line = [s for s in half if grid.own_row(1, s) == 1]
    return _die(st, sorted(line or half)), "the deployment line" if line else "at random"


def _buy_random_upgrade(st: PacificState, u: Unit, events: list[Event]) -> bool:
    """§12.11: one affordable upgrade the unit does not carry, chosen by a die roll."""
    if _bought(u) >= 2:
        return False
    have = {t.up.id for t in u.tokens}
    opts = [o for o in _upgrade_options(st, u.card.upgrades, "any", have) if st.db.upgrades[o].cost <= st.ap[1]]
    if not opts:
        return False
    _buy(st, u, _die_str(st, opts), "12.11 Starting Deployment: spare AP, ", " (die roll)", events)
    return True


def _buy(st: PacificState, u: Unit, up: str, prefix: str, note: str, events: list[Event]) -> None:
    """The AI pays for upgrade token ``up`` on ``u`` and logs the clause that chose it."""
    tok = st.new_token(up)
    st.ap[1] -= tok.up.cost
    u.tokens.append(tok)
    events.append(public("upgrade", unit=u.iid, token=tok.up.name))
    st.log_ai(f"{prefix}{tok.up.name} for {u.card.name}{note}", events)


def _die_str(st: PacificState, options: list[str]) -> str:
    return options[st.roll(len(options)) - 1] if len(options) > 1 else options[0]


# ---------------------------------------------------------------- §12.2 behaviour
def objective_spaces(st: PacificState) -> list[int]:
    """The AI's battle objective on the battlefield (a scenario's ``ai_objectives``: spaces or
    ``"R,C"`` names); empty in a pitched battle, where the objective is the enemy HQ."""
    raw = _scenario_field(st, "ai_objectives")
    out: list[int] = []
    for x in raw or ():
        out.append(grid.parse(x) if isinstance(x, str) else int(x))
    return out


def behaviour_value(st: PacificState, side: int, table: str = "variable") -> int:
    """§12.2 behaviour modifiers: +3/+4 per row holding AI units, +1 per unit with the enemy HQ
    (scenario: the objective) in range, -1/-2 per row held only by the enemy, -3 when the enemy
    broke the Supply Line."""
    bm = 0
    enemy = 1 - side
    mine = [0] * grid.ROWS
    theirs = [0] * grid.ROWS
    for u in st.units.values():
        if u.space >= 0:
            (mine if u.side == side else theirs)[u.space // grid.COLS] += 1
    for r in range(grid.ROWS):
        if mine[r]:
            bm += 4 if mine[r] > 1 else 3
        elif theirs[r]:
            bm -= 2 if theirs[r] > 1 else 1
    objectives = objective_spaces(st)
    ground = [u for u in st.units.values() if u.side == side and u.space >= 0]
    if not objectives or table == "variable":
        bm += sum(1 for u in ground if grid.hq_distance(enemy, u.space) <= u.card.range)
    elif table == "defensive":
        bm += 2 if any(u.space in objectives for u in ground) else 0
    elif any(grid.distance(u.space, o) <= u.card.range for u in ground for o in objectives):
        bm += 1
    if st.supply_broken[side]:
        bm -= 3
    return bm


def first_turns(st: PacificState, side: int) -> bool:
    """The AI's first two turns (the turn counter counts both sides' turns)."""
    return st.turn <= (3 if st.first_side == side else 4)


def current_band(st: PacificState, side: int, table: str = "variable") -> tuple[str, str]:
    """§12.2 without side effects: the behaviour band and why (the agent reads it every decision)."""
    names = BEHAVIOUR[table]
    if first_turns(st, side):
        return "initial", f"12.2 Behaviour: {names['initial']} (turns 1-2)"
    if st.ap_generated(side) <= 1:
        return "low", f"12.2 Behaviour: {names['low']} (only 1 AP generated: the minimum row)"
    v = behaviour_value(st, side, table)
    b = "low" if v <= 3 else "mid" if v <= 7 else "high"
    return b, f"12.2 Behaviour: {names[b]} (modifiers {v})"


def band(st: PacificState, side: int, events: list[Event], table: str = "variable") -> str:
    """§12.2: the initial behaviour in turns 1-2, then the modifiers' band (<= 3, 4-7, >= 8)."""
    b, why = current_band(st, side, table)
    if b != "initial" and "only 1 AP" not in why:
        st.behaviour = behaviour_value(st, side, table)
    st.log_ai(why, events)
    return b


# ---------------------------------------------------------------- the AI's turn
def ai_turn(st: PacificState, events: list[Event], table: str | None = None) -> None:
    side = 1
    t = resolve_table(st, table)
    b = band(st, side, events, t)
    card_phase(st, events)
    if st.over:
        return
    deployment(st, b, events, t)
    if st.para_drops or st.ai_card_attacks:
        # §16.3, §11.13: the player's AA answers the drops and its Smoke Grenades the attack
        # cards first; rules.advance then resumes the turn
        st.ai_resume = (b, t)
        return
    ai_turn_rest(st, b, t, events)


def ai_turn_rest(st: PacificState, b: str, t: str, events: list[Event]) -> None:
    """The AI's turn after its Deployment phase (§12.6-12.8). When its Shooting phase waits for
    the player (a Smoke Grenade, §11.13; an interception, escort or AA fire, §16.1) ``ai_resume``
    is set and rules.advance calls this again once the player has answered: the phase goes on
    from ``ai_shots``."""
    side = 1
    if st.ai_shots is None:
        movement(st, b, events, t)
        heal_and_repair(st, events)
    if shooting(st, events):
        st.ai_resume = (b, t)
        return
    for w in st.units.values():  # §12 Flip Over: untilt the tokens (carried units' too)
        if w.side == side:
            for u in w.each():
                for tok in u.tokens:
                    tok.used = False
    discard(st, b, events, t)


def card_phase(st: PacificState, events: list[Event]) -> None:
    """§12.3: reveal the hand, draw by its size; no unit able to shoot: replace the hand."""
    hand = st.hands[1]
    n = DRAWS.get(len(hand), 2)
    st._draw(1, n)
    st.ai_revealed = True
    st.log_ai(f"12.3 Card phase: {len(hand) - n} in hand, draw {n}", events)
    if not any((u := st.unit_card(i)) is not None and u.damage > 0 for i in hand):
        k = len(hand)
        st.discards[1].extend(hand.take_all())
        st._draw(1, k)
        st.log_ai(f"12.3 Card phase: no unit can shoot, discard and draw {k}", events)


# ---------------------------------------------------------------- §12.4 deployment
def _support_kind(effect: str) -> str:
    if effect in ATTACK_EFFECTS:
        return "support-attack"
    if effect in DEFENCE_EFFECTS:
        return "support-defence"
    if effect in DAMAGE_EFFECTS:
        return "support-damage"
    return "support"


def _matches(st: PacificState, kind: str, upgrade: str, cid: str) -> bool:
    """Does the card fit a line of the deployment table (a compulsory upgrade must exist)?"""
    s = st.db.support.get(cid)
    if s is not None:
        return kind == "support" or (kind.startswith("support") and _support_kind(s.effect) == kind)
    u = st.db.units[cid]
    if kind == "aircraft" or u.type == "aircraft":
        return kind == "aircraft" and u.type == "aircraft"
    if kind == "transport-shooting":
        ok = u.type == "transport" and u.damage > 0
    elif kind == "transport-mobile":
        ok = u.type == "transport" and u.damage > 0 and "mobility" in u.tags
    elif kind == "transport-infantry":
        return u.type == "transport" and "transport" in u.tags
    elif kind == "transport-tow":
        return u.type == "transport" and "tow" in u.tags
    elif kind == "transport-infantry-or-tow":
        return u.type == "transport" and ("transport" in u.tags or "tow" in u.tags)
    else:
        ok = u.type == kind
    if ok and upgrade and not upgrade.endswith("?"):
        need = 2 if upgrade == "two-offensive" else 1
        ok = len(_upgrade_options(st, u.upgrades, upgrade, set())) >= need
    return ok


def _upgrade_options(st: PacificState, options: tuple[str, ...], wish: str, have: set[str]) -> list[str]:
    """The upgrades of the wished kind (offensive, defensive, either, any) not yet carried."""
    w = wish.rstrip("?")
    out = []
    for up in options:
        tok = st.db.upgrades[up]
        if up in have or tok.optional_rule:
            continue
        if (
            w == "any"
            or (w in ("offensive", "two-offensive") and tok.offensive)
            or (w == "defensive" and tok.defensive)
            or (w == "either" and (tok.offensive or tok.defensive))
        ):
            out.append(up)
    return out


def priority(st: PacificState, table: str, b: str, cid: str) -> int:
    """Priority of a card under the behaviour (0: generates AP or an HQ bonus; 9: not wanted)."""
    u = st.db.units.get(cid)
    if u is not None and ("generates-ap" in u.tags or "synergy" in u.tags):
        return 0
    s = st.db.support.get(cid)
    if s is not None and s.effect in ("ap-per-turn", "hq-armour", "gain-ap"):
        return 0
    for i, (kind, up) in enumerate(PRIORITIES[table][b]):
        if _matches(st, kind, up, cid):
            return i + 1
    return 9


def _compulsory(st: PacificState, cid: str, wish: str) -> list[str]:
    """§12.4: compulsory upgrades, the costliest (equal costs: a die roll)."""
    if not wish or wish.endswith("?") or cid not in st.db.units:
        return []
    opts = _upgrade_options(st, st.db.units[cid].upgrades, wish, set())
    out: list[str] = []
    for _ in range(2 if wish == "two-offensive" else 1):
        rest = [o for o in opts if o not in out]
        if not rest:
            break
        top = max(st.db.upgrades[o].cost for o in rest)
        best = [o for o in rest if st.db.upgrades[o].cost == top]
        out.append(best[st.roll(len(best)) - 1] if len(best) > 1 else best[0])
    return out


class _Pick:
    """A card in a priority pile with its full cost (the card and its compulsory upgrades; on a
    transport line also the cargo card of the hand and the cargo's compulsory upgrades)."""

    __slots__ = ("cargo", "cargo_ups", "cost", "field", "iid", "pri", "ups", "wish")

    def __init__(self, iid: int, pri: int, cost: int, ups: list[str], wish: str) -> None:
        self.iid, self.pri, self.cost, self.ups, self.wish = iid, pri, cost, ups, wish
        self.cargo = -1
        self.cargo_ups: list[str] = []
        #: a transport line with no cargo in hand: the unit of the battlefield it takes on board
        self.field = -1


CARRIER_KINDS = ("transport-infantry", "transport-tow", "transport-infantry-or-tow")


def _cargo_for(st: PacificState, kind: str, wish: str, carrier: str, free: list[int]) -> tuple[int, list[str]]:
    """§12.4 transport lines: the costliest card of the hand the carrier can take on board
    (infantry with the wished upgrade when it is compulsory; towed artillery for Tow, or when the
    Variable Attack line finds no infantry); -1 when there is none (the line does not fit)."""
    from hulldown.games.pacific.rules import carries_card

    tags = st.db.units[carrier].tags
    wants: list[str] = []
    if kind in ("transport-infantry", "transport-infantry-or-tow") and "transport" in tags:
        wants.append("infantry")
    if kind in ("transport-tow", "transport-infantry-or-tow") and "tow" in tags:
        wants.append("artillery")
    probe = Unit(-1, st.db.units[carrier], 1, 1, -1, st.turn)
    for want in wants:
        cands = []
        for i in free:
            uc = st.db.units.get(st.cards[i])
            if uc is None or uc.type != want or not carries_card(probe, uc):
                continue
            ups = _compulsory(st, st.cards[i], wish) if want == "infantry" else []
            if want == "infantry" and wish and not wish.endswith("?") and not ups:
                continue  # "infantry with an offensive upgrade": it must have one
            cands.append(_Pick(i, 0, uc.cost + sum(st.db.upgrades[x].cost for x in ups), ups, ""))
        if cands:
            top = _ordered(st, cands)[0]
            return top.iid, top.ups
    return -1, []


def _cargo_wants(st: PacificState, kind: str, carrier: str) -> list[str]:
    """The cargo types a transport line asks of this carrier, in order (§12.4)."""
    tags = st.db.units[carrier].tags
    wants: list[str] = []
    if kind in ("transport-infantry", "transport-infantry-or-tow") and "transport" in tags:
        wants.append("infantry")
    if kind in ("transport-tow", "transport-infantry-or-tow") and "tow" in tags:
        wants.append("artillery")
    return wants


def _field_cargo(st: PacificState, kind: str, wish: str, carrier: str, taken: set[int], side: int = 1) -> list[Unit]:
    """§12.4 transport line with no cargo in hand: the AI units of the battlefield the carrier
    may take on board instead (deployed in an earlier turn, §15.2 cases 1-2), by the same choice
    as from the hand: infantry holding the compulsory upgrade, else towed artillery."""
    probe = Unit(-1, st.db.units[carrier], 1, side, -1, st.turn)
    for want in _cargo_wants(st, kind, carrier):
        need = 0
        if want == "infantry" and wish and not wish.endswith("?"):
            need = 2 if wish == "two-offensive" else 1
        out = [
            u
            for u in sorted(st.side_units(side), key=lambda x: x.iid)
            if u.space >= 0
            and u.iid not in taken
            and u.deployed_turn < st.turn
            and u.card.type == want
            and probe.can_carry(u)
            and len(_upgrade_options(st, tuple(t.up.id for t in u.tokens), wish, set())) >= need
        ]
        if out:
            return out
    return []


def _pickup_space(
    st: PacificState, uc: Any, cands: list[Unit], spaces: list[int], side: int = 1
) -> tuple[int, Unit] | None:
    """§15.2 for a transport line whose cargo is on the battlefield: the costliest unit (equal
    costs: die roll) that can be taken on board this turn, and the deployment-line space for the
    carrier nearest it (die roll): with *Mobility* the carrier's MP must reach the unit from there
    (it fetches it in the Deployment phase, case 2), without it the unit's MP must reach the
    carrier (it boards in the Movement phase, case 1)."""
    from hulldown.games.pacific.rules import can_move, movement_points, reachable, terrain_flags, water_ok

    flags = terrain_flags(st)
    mobile = "mobility" in uc.tags
    by_cost = _ordered(st, [_Pick(c.iid, 0, c.card.cost, [], "") for c in cands])
    for p in by_cost:
        c = st.units[p.iid]
        if mobile:
            ok = []
            for s in spaces:
                probe = Unit(-1, uc, 1, side, s, st.turn)
                if c.space in reachable(st, probe, movement_points(st, probe), flags) and water_ok(st, probe, c.space):
                    ok.append(s)
        else:
            if not can_move(st, c):
                continue
            reach = reachable(st, c, movement_points(st, c), flags)
            ok = [s for s in spaces if s in reach]
        if ok:
            near = min(grid.DIST[c.space][s] for s in ok)
            return _die(st, sorted(s for s in ok if grid.DIST[c.space][s] == near)), c
    return None


def _field_plan(
    st: PacificState, kind: str, wish: str, carrier: str, taken: set[int], side: int = 1
) -> tuple[int, Unit] | None:
    """The unit of the battlefield a transport line with no cargo in hand takes on board, and
    where its carrier is deployed (None: the line does not fit)."""
    from hulldown.games.pacific.rules import deploy_spaces

    uc = st.db.units[carrier]
    spaces = [s for s in deploy_spaces(st, st.side_slots[side][0], uc.tags) if grid.own_row(side, s) == 1]
    cands = _field_cargo(st, kind, wish, carrier, taken, side)
    return _pickup_space(st, uc, cands, spaces, side) if cands and spaces else None


def _ordered(st: PacificState, items: list[_Pick]) -> list[_Pick]:
    """Highest cost first; equal costs in an order given by die rolls (§12: ties by a die)."""
    items.sort(key=lambda p: -p.cost)
    out: list[_Pick] = []
    i = 0
    while i < len(items):
        j = i
        while j < len(items) and items[j].cost == items[i].cost:
            j += 1
        group = items[i:j]
        if len(group) > 1:
            st.shuffle(group)
        out += group
        i = j
    return out


def choose_cards(piles: list[list[_Pick]], ap: int) -> tuple[list[_Pick], str]:
    """§12.4 "Number of cards to deploy", one card from each pile in priority order."""

    def one_per_pile(budget: int, mincost: int, most: int) -> list[_Pick]:
        out: list[_Pick] = []
        for pile in piles:
            if len(out) >= most:
                break
            for p in pile:  # the costliest it can pay, else the next of the same pile
                if mincost <= p.cost <= budget:
                    out.append(p)
                    budget -= p.cost
                    break
        return out

    if ap <= 3:
        return one_per_pile(ap, 0, 1), "2-3 AP: 1 card"
    if ap <= 5:
        two = one_per_pile(ap, 0, 2)
        if len(two) == 2:
            return two, "4-5 AP: 2 cards"
        cands = [p for pile in piles for p in pile if p.cost <= ap]
        if not cands:
            return [], "4-5 AP: nothing affordable"
        top = max(p.cost for p in cands)
        return [next(p for p in cands if p.cost == top)], "4-5 AP: the costliest card"
    big = one_per_pile(ap, 5, 1)
    if big:
        return big, "6+ AP: 1 card of cost 5+"
    two = one_per_pile(ap, 3, 2)
    if len(two) == 2:
        return two, "6+ AP: 2 cards of cost 3+"
    return one_per_pile(ap, 0, 3), "6+ AP: 2-3 cards of any cost"


def deployment(st: PacificState, b: str, events: list[Event], table: str = "variable") -> None:
    """§12.4: priority 0 first, then the behaviour's piles by the AP available; support cards
    when no unit fits or more than 3 AP are left; then potential and spare-AP upgrades."""
    hand = st.hands[1]
    dname = DEPLOY_NAME[table][b]
    entries = PRIORITIES[table][b]
    # priority 0: cards that generate AP or give the HQ a bonus, costliest first
    zero = _ordered(
        st, [_Pick(i, 0, st.db.cost(st.cards[i]), [], "") for i in hand if priority(st, table, b, st.cards[i]) == 0]
    )
    for p in zero:
        _deploy_card(st, p, b, table, f"12.4 Deployment: priority 0 ({dname})", events)
    piles: list[list[_Pick]] = [[] for _ in entries]
    # transport lines first: each carrier claims its cargo from the hand (costliest carriers first)
    claimed: set[int] = set()
    claimed_field: set[int] = set()
    carriers = sorted(
        (i for i in hand if 1 <= (pr := priority(st, table, b, st.cards[i])) <= len(entries)
         and entries[pr - 1][0] in CARRIER_KINDS),
        key=lambda i: (priority(st, table, b, st.cards[i]), -st.db.cost(st.cards[i]), i),
    )  # fmt: skip
    for iid in carriers:
        pr = priority(st, table, b, st.cards[iid])
        kind, wish = entries[pr - 1]
        free = [i for i in hand if i not in claimed and i != iid and i not in carriers]
        cargo, cups = _cargo_for(st, kind, wish, st.cards[iid], free)
        if cargo < 0:
            plan = _field_plan(st, kind, wish, st.cards[iid], claimed_field)
            if plan is not None:  # §15.2: its cargo is a unit of the battlefield
                pick = _Pick(iid, pr, st.db.units[st.cards[iid]].cost, [], wish)
                pick.field = plan[1].iid
                claimed_field.add(pick.field)
                piles[pr - 1].append(pick)
                continue
            st.log_ai(f"12.4 Deployment: {st.db.name(st.cards[iid])} has no cargo in hand for '{kind}'", events)
            continue
        claimed.add(cargo)
        pick = _Pick(iid, pr, st.db.units[st.cards[iid]].cost, [], wish)
        pick.cargo, pick.cargo_ups = cargo, cups
        pick.cost += st.db.units[st.cards[cargo]].cost + sum(st.db.upgrades[x].cost for x in cups)
        piles[pr - 1].append(pick)
    for iid in list(hand):
        cid = st.cards[iid]
        pr = priority(st, table, b, cid)
        if iid in claimed or iid in carriers:
            continue
        if 1 <= pr <= len(entries):
            wish = entries[pr - 1][1]
            ups = _compulsory(st, cid, wish)
            cost = st.db.cost(cid) if cid in st.db.support else st.db.units[cid].cost
            sc = st.db.support.get(cid)
            if sc is not None:
                cost = sc.play_cost
            cost += sum(st.db.upgrades[x].cost for x in ups)
            piles[pr - 1].append(_Pick(iid, pr, cost, ups, wish))
    piles = [_ordered(st, pile) for pile in piles]
    st.ai_keep = [p.iid for pile in piles[:3] for p in pile]  # §12.8: priorities 1-3 set aside
    chosen, why = choose_cards(piles, st.ap[1])
    deployed_units = 0
    for p in sorted(chosen, key=lambda p: (-p.cost, p.pri)):  # §12.5 highest to lowest cost
        label = f"12.4 Deployment: {dname} priority {p.pri} ({why})"
        if _deploy_card(st, p, b, table, label, events) and p.iid in st.units:
            deployed_units += 1
    if deployed_units == 0 or st.ap[1] > 3:  # §12.4: support cards, highest to lowest cost
        supports = _ordered(st, [_Pick(i, 0, st.db.support[st.cards[i]].play_cost, [], "")
                                 for i in hand if st.cards[i] in st.db.support])  # fmt: skip
        for p in supports:
            if p.iid in hand and p.cost <= st.ap[1]:
                why2 = "no unit to deploy" if deployed_units == 0 else "more than 3 AP left"
                _deploy_card(st, p, b, table, f"12.4 Deployment: support cards ({why2})", events)
    # potential upgrades ("if possible") of the units deployed this turn, then spare AP (§12.5)
    for p in sorted(chosen, key=lambda p: (-p.cost, p.pri)):
        u = st.units.get(p.iid)
        if u is not None and (p.cargo >= 0 or p.field >= 0):
            want = p.cargo if p.cargo >= 0 else p.field
            u = u.cargo if u.cargo is not None and u.cargo.iid == want else None  # the wish is the cargo's
        if u is not None and p.wish.endswith("?"):
            _buy_upgrade(st, u, p.wish, f"12.4 Deployment: potential {p.wish.rstrip('?')} upgrade", events)
    for u in sorted(st.side_units(1), key=lambda x: (-x.card.cost, x.iid)):
        if u.space >= 0:
            _buy_upgrade(st, u, "any", "12.5 Placement: spare AP, upgrade", events)


def _bought(u: Unit) -> int:
    return sum(1 for t in u.tokens if t.up.id not in u.card.free)


def _buy_upgrade(st: PacificState, u: Unit, wish: str, label: str, events: list[Event], pick: str = "") -> bool:
    """Buy one affordable upgrade of the wished kind (the costliest; equal costs by a die roll)."""
    if _bought(u) >= 2:
        return False
    have = {t.up.id for t in u.tokens}
    opts = [pick] if pick else _upgrade_options(st, u.card.upgrades, wish, have)
    opts = [o for o in opts if st.db.upgrades[o].cost <= st.ap[1]]
    if not opts:
        return False
    top = max(st.db.upgrades[o].cost for o in opts)
    best = [o for o in opts if st.db.upgrades[o].cost == top]
    _buy(st, u, best[st.roll(len(best)) - 1] if len(best) > 1 else best[0], f"{label}: ", "", events)
    return True


def _deploy_card(st: PacificState, p: _Pick, b: str, table: str, label: str, events: list[Event]) -> bool:
    """Put one chosen card into play (§12.5 placement, §12.4 support targets)."""
    from hulldown.games.pacific.rules import (
        board,
        board_cost,
        deploy,
        deploy_spaces,
        free_bay,
        play_support,
        unit_deploy_cost,
    )

    if p.iid not in st.hands[1]:
        return False
    cid = st.cards[p.iid]
    uc = st.db.units.get(cid)
    if uc is not None:
        if uc.type == "aircraft":
            if uc.cost > st.ap[1] or free_bay(st, 1) <= 0:
                return False
            deploy(st, 1, p.iid, "hq", events)
            st.log_ai(f"{label}, {uc.name} beside the HQ", events)
            return True
        extra = p.cost - uc.cost  # compulsory upgrades, and on a transport line its cargo
        spaces = [
            s
            for s in deploy_spaces(st, 1, uc.tags)
            if grid.own_row(1, s) == 1 and unit_deploy_cost(st, 1, uc.cost, uc.tags, s) + extra <= st.ap[1]
        ]
        if not spaces:
            return _deploy_landing(st, p, uc, extra, b, label, events)  # §14.6: a sea deployment line
        if p.field >= 0:
            return _deploy_for_field_cargo(st, p, uc, spaces, label, events)  # §15.2 cases 1-2
        cargo_card = st.db.units[st.cards[p.cargo]] if p.cargo >= 0 else None
        pierce = max(uc.pierce, cargo_card.pierce if cargo_card is not None else 0)
        s, why = placement(st, pierce, spaces, b)
        deploy(st, 1, p.iid, grid.name(s), events)
        st.log_ai(f"{label}, {uc.name}; 12.5 {why}", events)
        u = st.units[p.iid]
        for up in p.ups:
            _buy_upgrade(st, u, p.wish, "12.4 Deployment: compulsory upgrade", events, pick=up)
        if cargo_card is not None and p.cargo in st.hands[1] and board_cost(st, 1, cargo_card, u) <= st.ap[1]:
            c = board(st, 1, p.cargo, u, events)  # §15.2: deployed on board its carrier
            st.log_ai(f"12.4 Deployment: transport line, {cargo_card.name} on board {uc.name} (15.2)", events)
            for up in p.cargo_ups:
                _buy_upgrade(st, c, p.wish, "12.4 Deployment: compulsory upgrade", events, pick=up)
        return True
    sc = st.db.support[cid]
    if sc.play_cost > st.ap[1]:
        return False
    target, why = support_target(st, sc, b)
    if target == -2:
        return False
    play_support(st, 1, p.iid, None if target < 0 else target, events)
    st.log_ai(f"{label}, {sc.name} ({why})", events)
    return True


def _deploy_landing(st: PacificState, p: _Pick, uc: Any, extra: int, b: str, label: str, events: list[Event]) -> bool:
    """§14.6 (the project's reading, the AI tables being silent on landings): when the AI's
    deployment line is sea and a ground unit it chose cannot stand there, the unit goes on board
    a carrier of its hand that may both stand at sea and take it (a landing craft, an Amphibious
    transport for infantry), deployed with it on the §12.5 space and paid with it (*Embarked*
    discount); the cheapest such carrier, equal costs by a die roll. Without one it waits."""
    from hulldown.games.pacific.rules import board, board_cost, carries_card, deploy, deploy_spaces, unit_deploy_cost

    if p.cargo >= 0 or p.field >= 0 or not any(st.sea[s] for s in deploy_spaces(st, 1, ("amphibious",))):
        return False
    options: list[tuple[int, int, int]] = []  # (total cost, carrier card, space)
    for iid in sorted(st.hands[1]):
        cc = st.db.units.get(st.cards[iid])
        if iid == p.iid or cc is None or cc.type != "transport":
            continue
        probe = Unit(-1, cc, 1, 1, -1, st.turn)
        if not carries_card(probe, uc):
            continue
        for s in deploy_spaces(st, 1, cc.tags):
            if grid.own_row(1, s) != 1:
                continue
            cost = unit_deploy_cost(st, 1, cc.cost, cc.tags, s) + board_cost(st, 1, uc, probe) + extra
            if cost <= st.ap[1]:
                options.append((cost, iid, s))
    if not options:
        return False
    low = min(o[0] for o in options)
    carrier = _die(st, sorted({o[1] for o in options if o[0] == low}))
    spaces = [o[2] for o in options if o[1] == carrier and o[0] == low]
    s, why = placement(st, uc.pierce, spaces, b)
    deploy(st, 1, carrier, grid.name(s), events)
    tr = st.units[carrier]
    c = board(st, 1, p.iid, tr, events)
    st.log_ai(f"{label}, {uc.name} on board {tr.card.name} (landing from the sea, 14.6); 12.5 {why}", events)
    for up in p.ups:
        _buy_upgrade(st, c, p.wish, "12.4 Deployment: compulsory upgrade", events, pick=up)
    return True


def _deploy_for_field_cargo(
    st: PacificState, p: _Pick, uc: Any, spaces: list[int], label: str, events: list[Event]
) -> bool:
    """§12.4 transport line, its cargo on the battlefield (§15.2): the carrier is deployed next to
    the unit; with Mobility it fetches it at once (case 2), else the unit boards it in the
    Movement phase (case 1, ``board_waiting_carriers``)."""
    from hulldown.games.pacific.rules import deploy, fetch

    cands = [st.units[p.field]] if p.field in st.units and st.units[p.field].space >= 0 else []
    plan = _pickup_space(st, uc, cands, spaces) if cands else None
    if plan is None:
        st.log_ai(f"{label}, {uc.name}: its cargo on the battlefield cannot be reached this turn (15.2)", events)
        return False
    s, c = plan
    deploy(st, 1, p.iid, grid.name(s), events)
    t = st.units[p.iid]
    if "mobility" in uc.tags:
        fetch(st, t, c, events)
        st.log_ai(
            f"{label}, {uc.name} next to {c.card.name}; transport line with no cargo in hand: "
            f"it drives to {c.card.name} and takes it on board (15.2 case 2)",
            events,
        )
    else:
        st.log_ai(
            f"{label}, {uc.name} next to {c.card.name}; transport line with no cargo in hand: "
            f"{c.card.name} boards it in the Movement phase (15.2 case 1)",
            events,
        )
    return True


def board_waiting_carriers(st: PacificState, b: str, table: str, events: list[Event], side: int = 1) -> None:
    """§12.6 before the moves, with §12.4/§15.2 case 1: an empty carrier a transport line deployed
    this turn takes on board the costliest unit of its line that can reach it (equal costs: die)."""
    from hulldown.games.pacific.rules import can_move, is_carrier, load, movement_points, reachable, terrain_flags

    entries = PRIORITIES[table][b]
    flags = terrain_flags(st)
    carriers = sorted(
        (t for t in st.side_units(side) if t.space >= 0 and t.cargo is None and t.deployed_turn == st.turn
         and is_carrier(t)),
        key=lambda t: (-t.card.cost, t.iid),
    )  # fmt: skip
    taken: set[int] = set()
    for t in carriers:
        pr = priority(st, table, b, st.cards[t.iid])
        if not 1 <= pr <= len(entries) or entries[pr - 1][0] not in CARRIER_KINDS:
            continue
        kind, wish = entries[pr - 1]
        cands = [
            c
            for c in _field_cargo(st, kind, wish, st.cards[t.iid], taken, side)
            if can_move(st, c) and t.space in reachable(st, c, movement_points(st, c), flags)
        ]
        if not cands:
            continue
        c = st.units[_ordered(st, [_Pick(c.iid, 0, c.card.cost, [], "") for c in cands])[0].iid]
        taken.add(c.iid)
        load(st, c, t, events)
        st.log_ai(f"12.6 Movement: {c.card.name} boards {t.card.name} (12.4 transport line, 15.2 case 1)", events)


def _may_leave(held: list[int], chain: int, row: int) -> bool:
    """May one AI unit leave own row ``row`` without leaving a row of its Supply Line empty?"""
    return held[row] > 1 or row > chain


def fetch_with_empty_carriers(st: PacificState, b: str, table: str, events: list[Event], side: int = 1) -> None:
    """§12.6 before the moves, after :func:`board_waiting_carriers` (reconstructed, rules §12.6):
    an empty carrier on the battlefield from an earlier turn (Transport, Tow or landing craft, its
    cargo unloaded or never taken; not a Supplies transport) goes back for a unit, as a transport
    line's carrier would. The
    cargo: the costliest unit of its side it can carry (equal costs: die roll) that stands behind
    the behaviour's row, was deployed in an earlier turn, can still move and is not a special
    mover (Heal and Repair, units that generate AP, Supplies); neither it nor the carrier may leave
    a row of the Supply Line empty. The unit boards the carrier when its MP reach it (§15.2
    case 1: the carrier may then move on and unload it, §12.6), else the carrier spends all its MP
    driving to the unit (``fetch``) and moves on next turn, when the carrier's MP are more than
    twice the unit's (the ride must beat the unit's own two moves)."""
    from hulldown.games.pacific.rules import (
        boards_again,
        can_move,
        fetch,
        fetch_targets,
        is_carrier,
        load,
        movement_points,
        reachable,
        terrain_flags,
        walks_aboard,
    )  # fmt: skip

    carriers = sorted(
        (t for t in st.side_units(side) if t.space >= 0 and t.cargo is None and t.deployed_turn < st.turn
         and is_carrier(t) and can_move(st, t) and not _has_supplies(t)),
        key=lambda t: (-t.card.cost, t.iid),
    )  # fmt: skip
    if not carriers:
        return
    flags = terrain_flags(st)
    for t in carriers:
        if t.iid not in st.units or t.cargo is not None or not can_move(st, t):
            continue
        held = _held_rows(st, side)
        chain = _chain(st, side)
        aim = _target_row(st, b, table, held, side)
        if not _may_leave(held, chain, grid.own_row(side, t.space)):
            continue  # it could not drive its cargo on (§12.6)
        cands = [
            c
            for c in sorted(st.side_units(side), key=lambda x: x.iid)
            if c is not t and c.space >= 0 and c.deployed_turn < st.turn and t.can_carry(c) and can_move(st, c)
            and boards_again(st, c)
            and grid.own_row(side, c.space) < aim and _may_leave(held, chain, grid.own_row(side, c.space))
            and not _treats(c) and not c.has("generates-ap") and not _has_supplies(c)
        ]  # fmt: skip
        if not cands:
            continue
        # driving back costs the carrier its move and the unit its own: worth it only when next
        # turn's ride beats the unit's own two moves
        tmp = movement_points(st, t)
        fetchable = {c.iid for c in fetch_targets(st, t, flags, cands) if tmp > 2 * movement_points(st, c)}
        plans: dict[int, str] = {}
        for c in cands:
            if walks_aboard(st, c, t, reachable(st, c, movement_points(st, c), flags)):
                plans[c.iid] = "load"
            elif c.iid in fetchable:
                plans[c.iid] = "fetch"
        if not plans:
            continue
        top = _ordered(st, [_Pick(i, 0, st.units[i].card.cost, [], "") for i in sorted(plans)])[0]
        c = st.units[top.iid]
        if plans[c.iid] == "load":
            load(st, c, t, events)
            st.log_ai(f"12.6 Movement: {c.card.name} boards the empty {t.card.name} (15.2 case 1)", events)
        else:
            fetch(st, t, c, events)
            st.log_ai(f"12.6 Movement: the empty {t.card.name} drives back for {c.card.name} (15.2)", events)


def _in_range_of_enemy(st: PacificState, u: Unit) -> bool:
    return any(
        e.side != u.side and e.space >= 0 and grid.DIST[e.space][u.space] <= known(st, e).card.range
        for e in st.units.values()
    )


def _can_fire(st: PacificState, u: Unit) -> bool:
    """Has the unit an enemy unit or the enemy HQ in range this turn?"""
    if u.space < 0 or u.card.damage == 0:
        return False
    if grid.hq_distance(1 - u.side, u.space) <= u.card.range:
        return True
    return any(
        e.side != u.side and e.space >= 0 and grid.DIST[e.space][u.space] <= u.card.range for e in st.units.values()
    )


def support_target(st: PacificState, sc: Any, b: str, phase: str = "deploy") -> tuple[int, str]:
    """§12.4 support placement (-1: no unit target, -2: no fitting target: the card waits).

    Attack boosts go on the AI's costliest unit that can fire this turn; Promotion and the
    Fortunate-like accuracy cards wait for the Shooting phase (§12.7, ``phase="shoot"``): Promotion
    on an undamaged tank, else an undamaged artillery or armed transport (the third choice, the
    first undamaged infantry that destroys an enemy unit, and Fortunate, on the attacker of the
    battle objective or of a unit whose loss breaks the Supply Line, are made in :func:`shooting`);
    defence boosts on the AI's costliest unit in an enemy's range; cards played on enemy units on
    the player's costliest unit that has an AI unit in range.
    """
    from hulldown.games.pacific.rules import support_targets

    targets = support_targets(st, 1, sc)
    if not targets:
        return -2, "no target"
    if targets[0] is None:
        return -1, "no target needed"
    units = [known(st, st.units[t]) for t in targets if t is not None]
    units.sort(key=lambda u: (-u.card.cost, u.space if hidden_foe(st, u) else -1, u.iid))
    if b == "initial" and sc.target == "own-unit":  # §12.5 turns 1-2: troops near cover first
        units.sort(key=lambda u: (0 if u.space >= 0 and st.terrain[u.space] >= 0 else 1, -u.card.cost, u.iid))
    e = sc.effect
    if sc.target == "enemy-unit":
        for u in units:
            if any(
                f.side == 1 and f.space >= 0 and grid.DIST[u.space][f.space] <= u.card.range for f in st.units.values()
            ):
                return u.iid, f"on the player's costliest unit with an AI unit in range: {u.card.name}"
        return -2, "no enemy unit threatens an AI unit"
    if e in ("promotion", "accuracy-turn") and phase != "shoot":
        return -2, "12.7 kept for the Shooting phase"
    if e == "promotion":
        fresh = [u for u in units if u.wounds == 0 and u.space >= 0]
        for u in fresh:
            if u.card.type == "tank":
                return u.iid, f"12.7 Promotion: undamaged tank {u.card.name}"
        for u in fresh:
            if u.card.type == "artillery" or (u.card.type == "transport" and u.card.damage > 0):
                return u.iid, f"12.7 Promotion: undamaged artillery or armed transport {u.card.name}"
        return -2, "12.7 Promotion: no undamaged tank, artillery or armed transport"
    if e == "accuracy-turn":
        return -2, "12.7 Fortunate: played on the attacker when it attacks (see shooting)"
    if e in DEFENCE_EFFECTS:
        for u in units:
            if u.space >= 0 and _in_range_of_enemy(st, u):
                return u.iid, f"defence on the costliest unit in an enemy's range: {u.card.name}"
        return -2, "no AI unit in an enemy's range"
    for u in units:
        if u.space < 0 or _can_fire(st, u):
            return u.iid, f"attack on the costliest unit that can fire: {u.card.name}"
    return -2, "no AI unit can fire"


def _breaks_supply(st: PacificState, e: Unit) -> bool:
    """Would the loss of the player's unit ``e`` break the player's Supply Line (§12.7)? It is the
    only unit of a row of that line."""
    if e.space < 0:
        return False
    row = e.space // grid.COLS
    alone = sum(1 for f in st.units.values() if f.side == e.side and f.space >= 0 and f.space // grid.COLS == row) == 1
    return alone and grid.own_row(e.side, e.space) <= st.supply_line(e.side)


def placement(st: PacificState, pierce: int, spaces: list[int], b: str, side: int = 1) -> tuple[int, str]:
    """§12.5: turns 1-2 nearest to cover; later Confronted Units, else an empty terrain card in the
    AI's rows, else nearest the battle objective."""
    cover = [s for s in range(grid.SPACES) if _cover(st, s) and st.board[s] < 0]
    if b != "initial":
        foes = sorted(
            (v for u in st.side_units(1 - side) if u.space >= 0 and pierce >= st.effective_armour(v := known(st, u))),
            key=lambda u: (-u.card.cost, grid.hq_distance(side, u.space), u.space),
        )
        if foes:
            f = foes[0]
            col = f.space % grid.COLS
            near = min(abs(s % grid.COLS - col) for s in spaces)
            best = [s for s in spaces if abs(s % grid.COLS - col) == near]
            return _die(st, best), f"Confronted Units, column of {f.card.name}"
        mine = [s for s in cover if grid.own_row(side, s) <= 3]
        if mine:
            d = min(grid.DIST[s][c] for s in spaces for c in mine)
            best = [s for s in spaces if min(grid.DIST[s][c] for c in mine) == d]
            return _die(st, best), "no enemy it can damage: nearest an empty terrain card in rows 4-6"
        d = min(grid.hq_distance(1 - side, s) for s in spaces)
        return _die(st, [s for s in spaces if grid.hq_distance(1 - side, s) == d]), "nearest the battle objective"
    if cover:
        d = min(grid.DIST[s][c] for s in spaces for c in cover)
        best = [s for s in spaces if min(grid.DIST[s][c] for c in cover) == d]
        return _die(st, best), "turns 1-2: nearest to cover"
    return _die(st, spaces), "at random (die roll)"


def _die(st: PacificState, options: list[int]) -> int:
    return options[st.roll(len(options)) - 1] if len(options) > 1 else options[0]


def _cover(st: PacificState, s: int) -> bool:
    """Terrain that gives cover and Evasion."""
    t = st.terrain_card(s)
    return t is not None and (t.evasion[0] > 0 or t.evasion[1] > 0 or t.armour > 0)


# ---------------------------------------------------------------- §12.6 movement
def _held_rows(st: PacificState, side: int) -> list[int]:
    """AI units per own row 1..6 (index 0 unused)."""
    n = [0] * (grid.ROWS + 1)
    for u in st.units.values():
        if u.side == side and u.space >= 0:
            n[grid.own_row(side, u.space)] += 1
    return n


def _chain(st: PacificState, side: int) -> int:
    """How many rows, from the deployment line on, hold an AI unit (the Supply Line's reach)."""
    n = _held_rows(st, side)
    k = 0
    while k < grid.ROWS and n[k + 1] > 0:
        k += 1
    return k


def movement(st: PacificState, b: str, events: list[Event], table: str = "variable") -> None:
    """§12.6: from row 6 (the AI's deployment line) forward, each unit towards the behaviour's
    row, filling the first empty row of its Supply Line on the way and never leaving a row of that
    line empty; advanced units pull back; wounded units roll; units without a gun seek cover;
    Heal and Repair units go to the wounded; units that generate AP and Supplies transports keep
    safe; a loaded transport drives its cargo to the behaviour's row and unloads it there."""
    from hulldown.games.pacific.rules import can_move, move_destinations, move_unit

    side = 1
    board_waiting_carriers(st, b, table, events)
    fetch_with_empty_carriers(st, b, table, events)
    units = sorted(
        (u for u in st.side_units(side) if u.space >= 0),
        key=lambda u: (grid.own_row(side, u.space), -u.card.cost, u.iid),
    )
    for u in units:
        if u.iid not in st.units or u.space < 0:
            continue
        if u.cargo is not None and _unload_here(st, u, b, table, events):
            continue  # §12.6/§15.3: already at its row: the cargo steps off, the transport stays
        if not can_move(st, u):
            continue
        dests, _ = move_destinations(st, u)
        dests = [s for s in dests if st.board[s] < 0]
        picked = _destination(st, u, dests, b, table, events) if dests else None
        if picked is None:
            if u.cargo is not None:  # the transport stays this turn: its cargo goes on by itself
                _unload_here(st, u, b, table, events, staying=True)
            continue
        s, why = picked
        move_unit(st, u, s, events)
        st.log_ai(f"12.6 Movement: {u.card.name} to {grid.name(s)} ({why})", events)
        if u.cargo is not None:
            _unload_here(st, u, b, table, events)


def _threats(st: PacificState, u: Unit) -> list[Unit]:
    """Enemy units that have ``u`` in range and can damage it (§12.6 "within range of enemy units
    that might cause damage")."""
    return [
        k for e in st.units.values()
        if e.side != u.side and e.space >= 0 and grid.distance(e.space, u.space) <= (k := known(st, e)).card.range
        and k.card.damage > 0 and k.card.pierce >= st.effective_armour(u)
    ]  # fmt: skip


def _treats(u: Unit) -> tuple[str, ...]:
    """The unit types a Heal (infantry, artillery) or Repair (artillery, tank, transport) unit assists."""
    heal = u.has("heal") or any(t.up.effect == "heal" for t in u.tokens)
    repair = u.has("repair") or any(t.up.effect == "repair" for t in u.tokens)
    return (("infantry", "artillery") if heal else ()) + (("artillery", "tank", "transport") if repair else ())


def _has_supplies(u: Unit) -> bool:
    return any(t.up.id == "supplies" or t.up.effect == "supplies" for t in u.tokens)


def _target_row(st: PacificState, b: str, table: str, held: list[int], side: int = 1) -> int:
    """The own row the behaviour's movement aims at (§12.6; a scenario objective replaces it)."""
    objectives = objective_spaces(st)
    if objectives and not (table == "defensive" and b == "initial" and held[1] + held[2] < 2):
        return max(grid.own_row(side, o) for o in objectives)
    return 7 - MOVE_ROW[table][b]


def _back(st: PacificState, u: Unit, dests: list[int]) -> int:
    """§12.6 moving back: towards the HQ as far as the MP allow (cover first); -1 if it cannot."""
    here = grid.own_row(u.side, u.space)
    back = [s for s in dests if grid.own_row(u.side, s) < here]
    if not back:
        return -1
    return min(back, key=lambda s: (grid.own_row(u.side, s), 0 if _cover(st, s) else 1, s))


def _sideways(st: PacificState, u: Unit, dests: list[int], foes: list[Unit]) -> int:
    """§12.6 "move sideways, away from the enemy unit": the same row, farthest from the foes."""
    if not foes:
        return -1
    row = u.space // grid.COLS
    side = [s for s in dests if s // grid.COLS == row]
    now = min(grid.distance(e.space, u.space) for e in foes)
    side = [s for s in side if min(grid.distance(e.space, s) for e in foes) > now]
    if not side:
        return -1
    return max(side, key=lambda s: (min(grid.distance(e.space, s) for e in foes), -s))


def _destination(
    st: PacificState, u: Unit, dests: list[int], b: str, table: str, events: list[Event]
) -> tuple[int, str] | None:
    """Where §12.6 sends one unit this turn (None: it stays), with the reason."""
    side = u.side
    here = grid.own_row(side, u.space)
    held = _held_rows(st, side)
    chain = _chain(st, side)
    last_of_line = held[here] == 1 and here <= chain
    threats = _threats(st, u)
    mode = "normal"
    if u.wounds and threats:
        r = st.roll(10)
        if u.wounds == 1:
            mode = "back" if r <= 2 else "cover" if r <= 6 else "normal"
        else:
            mode = "back" if r <= 5 else "cover" if r <= 8 else "normal"
        st.log_ai(f"12.6 Wounded unit {u.card.name}: d10 {r}, {mode}", events)
    elif "generates-ap" in u.card.tags and "command-group" in u.card.tags:
        if not threats:  # forward only out of the enemy's range, at most to row 4 (own row 3)
            fwd = [s for s in dests if here < grid.own_row(side, s) <= 3]
            fwd = [
                s
                for s in fwd
                if not [
                    e
                    for e in st.units.values()
                    if e.side != side
                    and e.space >= 0
                    and grid.distance(e.space, s) <= known(st, e).card.range
                    and known(st, e).card.damage > 0
                ]
            ]
            if fwd and not last_of_line:
                top = max(grid.own_row(side, s) for s in fwd)
                return _die(
                    st, sorted(s for s in fwd if grid.own_row(side, s) == top)
                ), "Command Group: forward, out of range"
            return None
        s = _back(st, u, dests)
        if s >= 0:
            return s, "Command Group in range: back"
        s = _sideways(st, u, dests, threats)
        return (s, "Command Group in range: sideways, away from the enemy") if s >= 0 else None
    elif "generates-ap" in u.card.tags:  # Radio Operator (and Radio Link)
        if _cover(st, u.space):
            return None
        near = [s for s in dests if grid.distance(s, u.space) == 1 and _cover(st, s)]
        if near:
            return _die(st, sorted(near)), "Radio Operator: 1 space to adjacent cover"
        s = _back(st, u, dests)
        if s >= 0 and (threats or not last_of_line):
            return s, "Radio Operator, no adjacent cover: back"
        s = _sideways(st, u, dests, threats)
        return (s, "Radio Operator, no adjacent cover: sideways, away from the enemy") if s >= 0 else None
    elif u.card.type == "transport" and _has_supplies(u):
        why = "Supplies: towards row 6 with all its MP, to cover if it can"
        if here == 1:  # already on row 6: only onto cover there
            cov = [s for s in dests if grid.own_row(side, s) == 1 and _cover(st, s)]
            return (_die(st, sorted(cov)), why) if cov and not _cover(st, u.space) else None
        low = min(grid.own_row(side, s) for s in dests)
        if low >= here:
            return None
        best = [s for s in dests if grid.own_row(side, s) == low]
        cov = [s for s in best if _cover(st, s)]
        return _die(st, sorted(cov or best)), why
    else:
        kinds = _treats(u)
        wounded = [f for f in st.units.values() if f.side == side and f.space >= 0 and f is not u
                   and f.wounds and f.card.type in kinds]  # fmt: skip
        if wounded:  # §12.6: Heal and Repair units go to the wounded units they can assist
            if any(grid.distance(f.space, u.space) <= 1 for f in wounded):
                return None
            d = {s: min(grid.distance(s, f.space) for f in wounded) for s in dests}
            now = min(grid.distance(u.space, f.space) for f in wounded)
            best_d = min(d.values())
            if best_d < now and not last_of_line:
                return _die(st, sorted(s for s in dests if d[s] == best_d)), "Heal and Repair: towards a wounded unit"
        if u.card.damage == 0 and u.cargo is None:
            mode = "cover"
        else:
            danger = _unanswered_threats(st, u)
            if danger:  # §12.6: out of the range of an enemy no AI unit can damage
                safe = [s for s in dests if all(grid.distance(e.space, s) > e.card.range for e in danger)]
                if safe:
                    s = min(safe, key=lambda s: (0 if _cover(st, s) else 1, grid.distance(s, u.space), s))
                    return s, "out of an unanswered enemy's range"
    if mode == "back":
        s = _back(st, u, dests)
        if s >= 0:
            return s, "wounded: back towards the HQ"
        healers = [f for f in st.units.values() if f.side == side and f.space >= 0 and u.card.type in _treats(f)]
        if healers:  # §12.6: cannot go back: towards a Heal or Repair unit
            d = {s: min(grid.distance(s, f.space) for f in healers) for s in dests}
            now = min(grid.distance(u.space, f.space) for f in healers)
            nearest = min(d.values())
            if nearest < now:
                return _die(st, sorted(s for s in dests if d[s] == nearest)), "wounded: towards a Heal/Repair unit"
        return None
    if mode == "cover":
        cov = [s for s in dests if _cover(st, s) and grid.distance(s, u.space) <= (1 if u.card.damage == 0 else 9)]
        cov = [s for s in cov if not (last_of_line and grid.own_row(side, s) != here)]
        if not cov or _cover(st, u.space):
            return None
        return min(cov, key=lambda s: (grid.distance(s, u.space), s)), "to cover"
    target_row = _target_row(st, b, table, held, side)
    if here > target_row:  # advanced units pull back
        want = target_row
    elif here < target_row:
        gap = chain + 1
        want = gap if here < gap <= target_row else target_row
        if last_of_line and not (table == "offensive" and b == "high" and here == chain):
            return None  # §12.6: never leave a row of the Supply Line empty
    else:
        return None
    cur = abs(here - want)
    opts = [s for s in dests if abs(grid.own_row(side, s) - want) < cur]
    if here < want:
        opts = [s for s in opts if grid.own_row(side, s) <= want]
    if not opts:
        return None
    best_d = min(abs(grid.own_row(side, s) - want) for s in opts)
    opts = [s for s in opts if abs(grid.own_row(side, s) - want) == best_d]
    if any(_cover(st, s) for s in opts):  # §12.6: several options: towards Evasion
        opts = [s for s in opts if _cover(st, s)]
    if b == "high" and len(opts) > 1:  # Attack: towards the enemy HQ
        dh = min(grid.hq_distance(1 - side, s) for s in opts)
        opts = [s for s in opts if grid.hq_distance(1 - side, s) == dh]
    return _die(st, sorted(opts)), f"{MOVE_NAME[table][b]}, towards row {7 - want}"


def heal_and_repair(st: PacificState, events: list[Event]) -> None:
    """§12.6: the Heal and Repair units, having sought out the wounded, assist them (once a turn
    each, on its own or a neighbouring space): the costliest wounded unit first, ties by a die."""
    for u in sorted(st.side_units(1), key=lambda x: (-x.card.cost, x.iid)):
        kinds = _treats(u)
        if not kinds or u.space < 0 or u.healed:
            continue
        near = [
            f
            for n in [u.space, *grid.NEIGH[u.space]]
            if (f := st.unit_at(n)) is not None and f.side == u.side and f.wounds and f.card.type in kinds
            and not (f is u and f.card.type not in ("infantry", "artillery"))
        ]  # fmt: skip
        if not near:
            continue
        top = max(f.card.cost for f in near)
        best = [f for f in near if f.card.cost == top]
        f = best[st.roll(len(best)) - 1] if len(best) > 1 else best[0]
        f.wounds -= 1
        u.healed = True
        events.append(public("healed", unit=f.iid))
        st.log_ai(f"12.6 Heal and Repair: {u.card.name} assists {f.card.name}", events)


def _unload_here(st: PacificState, t: Unit, b: str, table: str, events: list[Event], staying: bool = False) -> bool:
    """§12.6 with §15.3: a loaded transport unloads when it stands at (or beyond) the behaviour's
    row, when its cargo would have an enemy unit or the HQ in range from the unloading space, or
    (``staying``) when the movement rules keep the transport where it is this turn. The space:
    cover first, then nearest the enemy HQ, then a die roll."""
    from hulldown.games.pacific.rules import may_unload, unload, unload_spaces

    c = t.cargo
    if c is None or not may_unload(st, t):
        return False
    spaces = unload_spaces(st, t)
    if not spaces:
        return False
    row = grid.own_row(t.side, t.space)
    at_row = row >= _target_row(st, b, table, _held_rows(st, t.side), t.side)
    in_reach = [s for s in spaces if _has_target_from(st, c, s)]
    if not at_row and not in_reach and not staying:
        return False
    opts = in_reach or spaces
    if any(_cover(st, s) for s in opts):
        opts = [s for s in opts if _cover(st, s)]
    dh = min(grid.hq_distance(1 - t.side, s) for s in opts)
    s = _die(st, sorted(x for x in opts if grid.hq_distance(1 - t.side, x) == dh))
    unload(st, t, s, events)
    why = "at the behaviour's row" if at_row else "an enemy in its range" if in_reach else "the transport stays"
    st.log_ai(f"12.6 Movement: {t.card.name} unloads {c.card.name} on {grid.name(s)} ({why}; 15.3)", events)
    return True


def _has_target_from(st: PacificState, c: Unit, s: int) -> bool:
    """Would unit ``c`` standing on ``s`` have an enemy unit it can damage, or the enemy HQ, in range?"""
    if c.card.damage == 0:
        return False
    if grid.hq_distance(1 - c.side, s) <= c.card.range and c.card.pierce >= st.hq_armour(1 - c.side):
        return True
    return any(
        e.side != c.side and e.space >= 0 and grid.distance(e.space, s) <= c.card.range
        and c.card.pierce >= st.effective_armour(known(st, e))
        for e in st.units.values()
    )  # fmt: skip


def _unanswered_threats(st: PacificState, u: Unit) -> list[Unit]:
    """Enemy units that have ``u`` in range and that no AI unit's main weapon can damage (§12.6)."""
    out = []
    for e in st.units.values():
        if e.side == u.side or e.space < 0:
            continue
        e = known(st, e)
        if grid.distance(e.space, u.space) > e.card.range:
            continue
        if e.card.pierce < st.effective_armour(u) or e.card.damage == 0:
            continue
        armour = st.effective_armour(e)
        if not any(f.side == u.side and f.card.damage > 0 and f.card.pierce >= armour for f in st.units.values()):
            out.append(e)
    return out


def target_priority(st: PacificState, shooter: Unit, options: list[tuple[str, Any]]) -> tuple[str, str]:
    """§12.7: costly unit a standard hit destroys, the HQ, wounded units, units nearest the AI HQ, terrain."""
    best: tuple[Any, ...] | None = None
    choice = ("", "")
    for tid, atk in options:
        if tid == "hq":
            key: tuple[Any, ...] = (1, 0, 0)
            why = "HQ (priority 2)"
        elif tid.startswith("t"):
            key = (4, 0, 0)
            why = "terrain (priority 5)"
        else:
            e = known(st, st.units[int(tid[1:])])
            if hidden_foe(st, e):  # §12.12: its Hit Points unknown, never priority 1
                if e.wounds:
                    key = (2, atk.hit, 0, e.space)
                    why = "a face-down unit: wounded (priority 3)"
                else:
                    d = grid.hq_distance(shooter.side, e.space) if e.space >= 0 else 99
                    key = (3, d, atk.hit, 0 if e.attacked_by else 1, e.space)
                    why = "a face-down unit: nearest the AI HQ (priority 4)"
            elif atk.damage >= e.hp - e.wounds:
                key = (0, -e.card.cost, atk.hit)
                why = f"{e.card.name}: destroyed by a standard hit (priority 1)"
            elif e.wounds:
                key = (2, atk.hit, 0)
                why = f"{e.card.name}: wounded (priority 3)"
            else:
                d = grid.hq_distance(shooter.side, e.space) if e.space >= 0 else 99
                key = (3, d, atk.hit, 0 if e.attacked_by else 1)
                why = f"{e.card.name}: nearest the AI HQ (priority 4)"
        if best is None or key < best:
            best, choice = key, (tid, why)
    return choice


def shooting(st: PacificState, events: list[Event]) -> bool:
    """§12.7: farthest forward first, costliest first on ties; all main weapons, then the tokens. Promotion
    cards are played first (undamaged tank, else artillery or armed transport, else the first
    undamaged infantry that destroys an enemy unit); Fortunate when attacking the battle objective
    or a unit whose loss breaks the player's Supply Line.

    The phase is a queue in the state (``ai_shots``) so that it can wait for the player: a shot
    at a unit holding a Smoke Grenade is declared (logged, Fortunate played) and kept in
    ``ai_shot`` while the player decides (§11.13); an air attack waits for the player's
    interception, escort and AA (§16.1). True when the phase now waits; called again, it goes
    on where it stopped."""
    from hulldown.games.pacific.rules import fire_targets, shots_left, smoke_answers, smoke_window

    if st.ai_shots is None:
        _promote(st, None, events)
        order = sorted(
            (u for u in st.side_units(1) if u.space >= 0),
            key=lambda u: (-grid.own_row(1, u.space), -u.card.cost, u.iid),
        )
        order += [u for u in st.side_units(1) if u.space == HQ_SPACE and u.card.damage > 0]
        # §12.7: every unit's main weapon first, then the upgrades in the same order
        st.ai_shots = [(u.iid, -1) for u in order] + [(u.iid, k) for u in order for k in range(len(u.tokens))]
    queue = st.ai_shots
    while queue and not st.over:
        uid, k = queue[0]
        u = st.units.get(uid)
        if u is None or k >= len(u.tokens):  # gone, or a resampled guess without that token
            st.ai_shot = None
            queue.pop(0)
            continue
        if st.ai_shot is not None:  # the player has answered the declared shot: it is made now
            tid, fresh = st.ai_shot
            st.ai_shot = None
            if _ai_fire(st, u, k, tid, fresh, events):
                return True
            if k >= 0:
                queue.pop(0)
            continue
        if k < 0:
            if u.card.damage == 0 or shots_left(u) <= 0 or u.no_fire:
                queue.pop(0)
                continue
        else:
            tk = u.tokens[k]
            if tk.used or tk.spent or not tk.up.is_weapon or u.space == HQ_SPACE:
                queue.pop(0)
                continue
            if tk.up.mount and not tk.mounted:
                tk.mounted = True
                tk.mounted_turn = st.turn
        opts = []
        for tid, _ in fire_targets(st, u, k):
            up = None if k < 0 else u.tokens[k].up
            e = st.units.get(int(tid[1:])) if tid.startswith("u") else None
            if e is not None:
                e = known(st, e)  # §12.12: the numbers as the AI can work them out
            opts.append((tid, combat.numbers(st, u, up, e, shot_index=u.main_shots if k < 0 else 0)))
        if not opts:
            queue.pop(0)
            continue
        tid, why = target_priority(st, u, opts)
        _fortunate(st, u, tid, events)
        st.log_ai(f"12.7 Shooting: {u.card.name} fires at {why}", events)
        fresh = u.wounds == 0
        victim = st.units.get(int(tid[1:])) if tid.startswith("u") else None
        if victim is not None and smoke_answers(st, victim):
            aid = f"fire:{'main' if k < 0 else k}:{tid}"
            st.ai_shot = (tid, fresh)
            smoke_window(st, u, victim, aid, "ai-fire", events)
            return True
        if _ai_fire(st, u, k, tid, fresh, events):
            return True
        if k >= 0:
            queue.pop(0)
    st.ai_shots = None
    return False


def _ai_fire(st: PacificState, u: Unit, k: int, tid: str, fresh: bool, events: list[Event]) -> bool:
    """One AI attack (§12.7), then the Promotion of an undamaged infantry that destroyed an enemy
    unit. True when an air attack now waits for the player's reactions (§16.1)."""
    from hulldown.games.pacific.rules import fire

    victim = st.units.get(int(tid[1:])) if tid.startswith("u") else None
    fire(st, u, "main" if k < 0 else str(k), tid, events)
    if victim is not None and victim.iid not in st.units and fresh and u.card.type == "infantry":
        _promote(st, u, events)
    return st.pending_air is not None


def _hand_support(st: PacificState, effect: str) -> list[int]:
    """The AI's support cards of one effect that it can pay now, costliest first."""
    out = [
        i
        for i in st.hands[1]
        if (sc := st.db.support.get(st.cards[i])) is not None and sc.effect == effect and sc.play_cost <= st.ap[1]
    ]
    return sorted(out, key=lambda i: (-st.db.support[st.cards[i]].play_cost, i))


def _promote(st: PacificState, killer: Unit | None, events: list[Event]) -> None:
    """§12.7 Promotion: at the start of shooting on undamaged tanks, else undamaged artillery or
    armed transports; ``killer``: the undamaged infantry that has just destroyed an enemy unit."""
    from hulldown.games.pacific.rules import play_support

    while cards := _hand_support(st, "promotion"):
        sc = st.db.support[st.cards[cards[0]]]
        if killer is None:
            target, why = support_target(st, sc, "mid", phase="shoot")
            if target < 0:
                return
        else:
            if killer.iid not in st.units or killer.wounds:
                return
            target, why = (
                killer.iid,
                f"12.7 Promotion: {killer.card.name}, the first undamaged infantry to destroy an enemy unit",
            )
        play_support(st, 1, cards[0], target, events)
        st.log_ai(why, events)
        if killer is not None:
            return


def _fortunate(st: PacificState, u: Unit, tid: str, events: list[Event]) -> None:
    """§12.7: Fortunate (accuracy for the turn) on the attacker when it attacks the battle
    objective (the HQ, or a unit on a scenario objective) or a unit whose loss breaks the player's
    Supply Line; once a unit."""
    from hulldown.games.pacific.rules import play_support

    if u.acc_turn or u.space == HQ_SPACE:
        return
    cards = _hand_support(st, "accuracy-turn")
    if not cards:
        return
    if tid == "hq":
        why = "attacking the HQ"
    elif tid.startswith("u") and (e := st.units.get(int(tid[1:]))) is not None:
        e = known(st, e)
        if e.space in objective_spaces(st):
            why = f"attacking the battle objective ({e.card.name})"
        elif _breaks_supply(st, e):
            why = f"attacking {e.card.name}, whose loss breaks the Supply Line"
        else:
            return
    else:
        return
    sc = st.db.support[st.cards[cards[0]]]
    play_support(st, 1, cards[0], u.iid, events)
    st.log_ai(f"12.7 {sc.name}: on {u.card.name}, {why}", events)


#: §12.8 Discard table: (priority 1, priority 2, priority 3 cards kept, costliest first?)
_EACH_HIGH, _EACH_LOW = (1, 1, 1, True), (1, 1, 1, False)
KEEP = {
    "variable": {"initial": _EACH_HIGH, "low": (2, 1, 0, False), "mid": _EACH_HIGH, "high": (2, 1, 0, True)},
    "offensive": {"initial": _EACH_HIGH, "low": _EACH_LOW, "mid": (2, 1, 0, False), "high": _EACH_HIGH},
    "defensive": {"initial": _EACH_HIGH, "low": _EACH_LOW, "mid": (2, 1, 0, False), "high": _EACH_HIGH},
}


def discard(st: PacificState, b: str, events: list[Event], table: str = "variable") -> None:
    """§12.8: keep one or two unit cards per priority by the table, then up to 3 more, discard the rest."""
    hand = st.hands[1]
    keep: list[int] = []
    pri = {i: priority(st, table, b, st.cards[i]) for i in hand}
    per = KEEP[table][b]
    for level in (1, 2, 3):
        cands = [i for i in hand if pri[i] == level and st.unit_card(i) is not None]
        picks = _ordered(st, [_Pick(i, level, st.db.cost(st.cards[i]), [], "") for i in cands])
        if not per[3]:
            picks = _ordered_low(st, picks)
        keep += [p.iid for p in picks[: per[level - 1]]]
    rest_units = sorted(
        (i for i in hand if i not in keep and not 1 <= pri[i] <= 3 and st.unit_card(i) is not None),
        key=lambda i: (st.db.cost(st.cards[i]), i),
    )
    rest_support = sorted(
        (i for i in hand if i not in keep and not 1 <= pri[i] <= 3 and st.unit_card(i) is None),
        key=lambda i: (st.db.cost(st.cards[i]), i),
    )
    keep += (rest_units + rest_support)[:3]
    for iid in list(hand):
        if iid not in keep:
            hand.remove(iid)
            st.discards[1].put_top(iid)
    st.log_ai(f"12.8 Discard: keep {len(keep)} cards", events)


def _ordered_low(st: PacificState, picks: list[_Pick]) -> list[_Pick]:
    """Lowest cost first, keeping the die-rolled order among equal costs."""
    return sorted(picks, key=lambda p: p.cost)


def ai_air_reaction(st: PacificState, phase: str, events: list[Event]) -> None:
    """The obvious choice from the AI's side: intercept, escort and fire AA whenever it can."""
    from hulldown.games.pacific.rules import aa_units, air_fighters, air_step

    air = st.pending_air
    assert air is not None
    if phase == "intercept":
        f = air_fighters(st, air["def"])
        st.log_ai("12 Air: the AI intercepts" if f else "12 Air: no interceptor", events)
        air_step(st, "intercept" if f else "no-intercept", f[0] if f else -1, events)
    elif phase == "escort":
        f = air_fighters(st, 1 - air["def"], exclude=air["plane"])
        air_step(st, "escort" if f else "no-escort", f[0] if f else -1, events)
    else:
        a = aa_units(st)
        air_step(st, "aa" if a else "aa-done", a[0] if a else -1, events)


# ---------------------------------------------------------------- the agent
class SoloAIAgent:
    """The rulebook AI's priorities applied to a seat of an ordinary game (rules §12.10).

    It reads a resampled state (what the seat knows), works out the behaviour in force for its
    side (§12.2: the table given by the ``table`` parameter, else the scenario's ``ai_table``,
    else Variable; the band from the turn and the behaviour modifiers) and scores each legal action
    by that row of the deployment, movement and shooting tables. ``last_reason`` names the clause
    of each choice; ties are broken by its own seeded generator.
    """

    name = "solo-ai"

    def __init__(self, seat: int, seed: int = 0, table: str = "", **params: str) -> None:
        if params:
            raise TypeError(f"solo-ai takes only the parameter table (got {', '.join(params)})")
        if table and table not in TABLES:
            raise ValueError(f"unknown AI table {table!r} (tables: {', '.join(TABLES)})")
        self.seat = seat
        self.table = table
        self.rng = SplitMix64(seed)
        self.last_reason = ""
        self.last_band = ""
        self._spots: dict[str, int] = {}  # §12.5 placement of each hand card, per decision
        self._move_plan: tuple[str, str] | None = None  # §12.6 this decision's move, if computed
        self._stays: set[tuple[int, int]] = set()  # (turn, unit) that §12.6 keeps in place
        self._bid = 0  # §12.1 this decision's bid
        self._bid_why = ""
        self._terrain = ""  # §12.1 this decision's terrain card and space (an action id)

    def act(self, view: SeatView) -> Action:
        from hulldown.games.pacific.state import PacificState as PacificStateT

        legal = view.legal_actions()
        st = view.resample(self.rng.next64())
        assert isinstance(st, PacificStateT)
        side = st.side_of(self.seat)
        table = self.table or side_table(st, side) or "variable"
        b, bwhy = current_band(st, side, table)
        self.last_band = b
        self._spots = {}
        self._move_plan = None
        if st.phase == "bid":
            self._plan_bid(st, side)
        elif st.phase == "terrain":
            self._plan_terrain(st, side, {a.id for a in legal})
        best: Action | None = None
        best_key: tuple[Any, ...] = ()
        for a in legal:
            key, why = self._score(st, a, table, b)
            key = (*key, self.rng.below(1000))  # ties by a die roll
            if best is None or key < best_key:
                best, best_key, self.last_reason = a, key, f"{bwhy}; {why}"
        assert best is not None
        return best

    def _score(self, st: Any, a: Action, table: str, b: str) -> tuple[tuple[int, ...], str]:
        from hulldown.games.pacific.rules import target_internal

        p = a.id.split(":")
        k = p[0]
        side = st.side_of(self.seat)
        if k == "keep":
            return (0,), "3.2 keep"
        if k == "bid":
            return (abs(int(p[1]) - self._bid),), self._bid_why
        if k == "terrain":
            if a.id == self._terrain:
                return (0,), f"12.1 Terrain: {a.id.split(':')[1]} on {p[2]} (d10 row and column)"
            return (5,), "12.1 Terrain: not the card or space of the table"
        if k == "play" and st.phase == "deploy":
            sc = st.db.support.get(st.cards[hand_card(st, self.seat, p[1])])
            if sc is not None and sc.effect in ("promotion", "accuracy-turn"):
                return self._shooting_card(st, sc, find_unit(st, p[2], side) if len(p) > 2 else None, side)
        if k in ("deploy", "play"):
            iid = hand_card(st, self.seat, p[1])
            cid = st.cards[iid]
            cost = st.db.cost(cid)
            pr = priority(st, table, b, cid)
            name = DEPLOY_NAME[table][b]
            if pr == 9:
                if cid in st.db.support and st.ap[self.seat] > 3:  # §12.4: support cards with > 3 AP
                    return (1, -cost), "12.4 support cards (more than 3 AP left)"
                return (4,), f"12.4 {name}: not in the table"
            spot = 0
            if k == "deploy" and p[2] != "hq":  # §12.5 the table's placement for this card
                if p[1] not in self._spots:
                    spaces = [grid.parse(x.id.split(":")[2]) for x in self._legal_deploys(st, p[1])]
                    pierce = st.db.units[cid].pierce
                    self._spots[p[1]] = self._line_spot(st, cid, pr, table, b, side, spaces)
                    if self._spots[p[1]] < 0 and spaces:
                        self._spots[p[1]] = placement(st, pierce, spaces, b, side)[0]
                spot = 0 if grid.parse(p[2]) == self._spots[p[1]] else 1
            return (0, pr, -cost, spot), f"12.4 {name} priority {pr}; 12.5 placement"
        if k == "board":  # §12.4 transport lines: the cargo goes on board its carrier
            return (0, 0), "12.4 transport vehicle with its cargo"
        if k == "upgrade":
            return (1,), "12.4 spare AP upgrade"
        if k == "fetch" and st.phase == "deploy":
            return self._line_fetch(st, p, table, b, side)
        if k in ("move", "unload", "load", "fetch"):
            plan = self._plan(st, side, table, b)
            if plan is not None and plan[0] == a.id:
                return (0,), plan[1]
            return (5,), "12.6 not the table's move"
        if k in ("ride", "cover", "assault"):
            return (5,), "12.6 the AI never assaults, rides or uses Covered Movement"
        if k == "heal":
            return (0, 0), "12.6 Heal and Repair: assist the wounded unit"
        if k == "fire":
            u = find_unit(st, p[1], side)
            tid = target_internal(st, u, p[2], p[3])
            if tid == "hq":
                return (0, 1), "12.7 priority 2: HQ"
            if tid.startswith("u"):
                e = st.units[int(tid[1:])]
                dmg = u.card.damage
                if dmg >= e.hp - e.wounds:
                    return (0, 0, -e.card.cost), "12.7 priority 1"
                return (0, 2 if e.wounds else 3, -e.card.cost), "12.7 priority 3/4"
            return (0, 5), "12.7 priority 5: terrain"
        if k == "discard":
            return (3,), "12.8 Discard"
        if k.endswith("done") or k in ("ta-pass", "no-escort", "no-intercept"):
            return (2,), "phase over"
        if k in ("intercept", "escort", "aa"):
            return (0,), "12 Air: the obvious choice"
        return (3,), "not used by the AI"

    def _plan(self, st: PacificState, side: int, table: str, b: str) -> tuple[str, str] | None:
        """§12.6 on a copy of the resampled state: the first unit, from the deployment line
        forward, that the movement rules move or unload this decision (once per decision; a unit
        that chose to stay keeps its choice for the turn, so a wounded unit rolls once)."""
        if self._move_plan is not None:
            return self._move_plan if self._move_plan[0] else None
        from hulldown.games.pacific.rules import can_move, move_destinations
        from hulldown.games.pacific.state import PacificState as PacificStateT

        sim = st.clone()
        assert isinstance(sim, PacificStateT)
        out = self._pickup(sim, side, table, b)
        if out is not None:
            self._move_plan = out
            return out
        for u in sorted(
            (x for x in sim.side_units(side) if x.space >= 0),
            key=lambda x: (grid.own_row(side, x.space), -x.card.cost, x.iid),
        ):
            if (sim.turn, u.iid) in self._stays:
                continue
            if u.cargo is not None:
                c, here = u.cargo, u.space
                if _unload_here(sim, u, b, table, []):
                    out = (f"unload:{grid.name(here)}:{grid.name(c.space)}", sim.ai_log[-1])
                    break
            if can_move(sim, u):
                dests = [x for x in move_destinations(sim, u)[0] if sim.board[x] < 0]
                picked = _destination(sim, u, dests, b, table, []) if dests else None
                if picked is not None:
                    out = (f"move:{grid.name(u.space)}:{grid.name(picked[0])}", f"12.6 Movement: {picked[1]}")
                    break
                if u.cargo is not None:
                    c, here = u.cargo, u.space
                    if _unload_here(sim, u, b, table, [], staying=True):
                        out = (f"unload:{grid.name(here)}:{grid.name(c.space)}", sim.ai_log[-1])
                        break
            self._stays.add((sim.turn, u.iid))
        self._move_plan = (out[0], out[1]) if out else ("", "")
        return out

    def _pickup(self, sim: PacificState, side: int, table: str, b: str) -> tuple[str, str] | None:
        """§12.6 before the moves: the boarding of a transport line's carrier deployed this turn
        (§12.4, 15.2 case 1), else an empty carrier's pickup (§12.6), as ``load:`` / ``fetch:``."""
        before = {u.iid: u.space for u in sim.side_units(side) if u.space >= 0}
        empty = {u.iid for u in sim.side_units(side) if u.space >= 0 and u.cargo is None}
        for step in (board_waiting_carriers, fetch_with_empty_carriers):
            n = len(sim.ai_log)
            step(sim, b, table, [], side)
            for t in sorted(sim.side_units(side), key=lambda x: x.iid):
                if t.iid in empty and t.cargo is not None and t.cargo.iid in before:
                    c = t.cargo
                    if t.space == before[t.iid]:
                        aid = f"load:{grid.name(before[c.iid])}:{grid.name(t.space)}"
                    else:
                        aid = f"fetch:{grid.name(before[t.iid])}:{grid.name(before[c.iid])}"
                    return aid, sim.ai_log[n] if len(sim.ai_log) > n else "12.6 Movement: pickup"
        return None

    def _line_spot(self, st: PacificState, cid: str, pr: int, table: str, b: str, side: int, spaces: list[int]) -> int:
        """§12.4: a transport line's carrier with no fitting cargo in hand is deployed where it can
        take a unit of the battlefield on board (-1: not such a carrier, or no such unit)."""
        entries = PRIORITIES[table][b]
        if not 1 <= pr <= len(entries) or entries[pr - 1][0] not in CARRIER_KINDS:
            return -1
        kind, wish = entries[pr - 1]
        free = [i for i in st.hands[self.seat] if st.cards[i] != cid]
        if _cargo_for(st, kind, wish, cid, free)[0] >= 0:
            return -1  # its cargo comes from the hand (board:)
        plan = _field_plan(st, kind, wish, cid, set(), side)
        return plan[0] if plan is not None and plan[0] in spaces else -1

    def _line_fetch(self, st: PacificState, p: list[str], table: str, b: str, side: int) -> tuple[tuple[int, ...], str]:
        """§12.4 with §15.2 case 2: a transport line's carrier deployed this turn with *Mobility*
        drives to the costliest unit of the battlefield its line takes on board."""
        t = find_unit(st, p[1], side)
        c = find_unit(st, p[2], side)
        entries = PRIORITIES[table][b]
        pr = priority(st, table, b, st.cards[t.iid])
        if t.deployed_turn == st.turn and 1 <= pr <= len(entries) and entries[pr - 1][0] in CARRIER_KINDS:
            kind, wish = entries[pr - 1]
            if c in _field_cargo(st, kind, wish, st.cards[t.iid], set(), side):
                return (0, 0, -c.card.cost), f"12.4 transport line: {t.card.name} fetches {c.card.name} (15.2 case 2)"
        return (5,), "12.4 not a transport line's cargo"

    def _shooting_card(self, st: PacificState, sc: Any, u: Unit | None, side: int) -> tuple[tuple[int, ...], str]:
        """§12.7 Promotion and Fortunate with the ordinary actions, which play support cards in the
        Deployment phase only (§5.3): Promotion on the costliest undamaged tank, else undamaged
        artillery or armed transport (its third choice, the first infantry to destroy an enemy
        unit, falls in the Shooting phase: the card is kept); Fortunate on the costliest unit that
        can attack the battle objective this turn (the HQ in range, a weapon that damages it) or
        a unit whose loss breaks the enemy's Supply Line; else the card is kept."""
        if u is None or u.side != side or u.space < 0:
            return (4,), "12.7 kept for its target"
        mine = [f for f in st.side_units(side) if f.space >= 0]
        if sc.effect == "promotion":
            fresh = [f for f in mine if f.wounds == 0 and f.promotions == 0]
            tanks = [f for f in fresh if f.card.type == "tank"]
            others = [
                f for f in fresh if f.card.type == "artillery" or (f.card.type == "transport" and f.card.damage > 0)
            ]
            pool = tanks or others
            if pool and u in pool and u.card.cost == max(f.card.cost for f in pool):
                return (0, 0, -u.card.cost), f"12.7 Promotion: undamaged {u.card.type} {u.card.name}"
            return (4,), "12.7 Promotion: kept (no undamaged tank, artillery or armed transport here)"
        enemy = 1 - side

        def objective(f: Unit) -> bool:
            if f.card.damage == 0 or f.acc_turn:
                return False
            if grid.hq_distance(enemy, f.space) <= f.card.range and f.card.pierce >= st.hq_armour(enemy):
                return True
            return any(
                e.side == enemy and e.space >= 0 and grid.distance(e.space, f.space) <= f.card.range
                and f.card.pierce >= st.effective_armour(e) and _breaks_supply(st, e)
                for e in st.units.values()
            )  # fmt: skip

        pool = [f for f in mine if objective(f)]
        if pool and u in pool and u.card.cost == max(f.card.cost for f in pool):
            return (0, 0, -u.card.cost), f"12.7 {sc.name}: on {u.card.name}, which can attack the battle objective"
        return (4,), f"12.7 {sc.name}: kept (no attack on the battle objective here)"

    def _plan_bid(self, st: PacificState, side: int) -> None:
        """§12.1 Initiative with the seat's knowledge: the d10 table applied to the enemy's bid as
        the seat can guess it (the resampled guess once it is in, else none), within its AP."""
        yours = max(0, st.bids[1 - side])
        r = 1 + self.rng.below(10)
        n = 0 if r <= 3 else yours - 2 if r <= 5 else yours - 1 if r <= 7 else yours if r <= 9 else yours + 1
        slot = st.side_slots[side][0]
        self._bid = max(0, min(n, st.ap[slot]))
        self._bid_why = f"12.1 Initiative: d10 {r}, bid {self._bid}"

    def _plan_terrain(self, st: PacificState, side: int, legal: set[str]) -> None:
        """§12.1 Terrain, one card a decision: the pile shuffled, the first card the AP left pay
        for, on the AI's row 5 (d10 1-5) or 4 (6-10) of a d10 column, an occupied space rolled
        again (30 tries, then the next card); one space wide."""
        self._terrain = ""
        budget = st.terrain_budget[side]
        pile = sorted(st.terrain_piles[side])
        for k in self.rng.permutation(len(pile)):
            t = st.db.terrain[st.cards[pile[k]]]
            if t.cost > budget:
                continue
            for _ in range(30):
                row = 2 if 1 + self.rng.below(10) <= 5 else 3
                s = grid.space(grid.row_index(side, row), grid.D10_COLUMN[self.rng.below(10)])
                aid = f"terrain:{t.id}:{grid.name(s)}"
                if st.terrain[s] < 0 and aid in legal:
                    self._terrain = aid
                    return

    def _legal_deploys(self, st: Any, ref: str) -> list[Action]:
        from hulldown.games.pacific.rules import deploy_actions

        pre = f"deploy:{ref}:"
        return [x for x in deploy_actions(st, self.seat) if x.id.startswith(pre) and not x.id.endswith(":hq")]
