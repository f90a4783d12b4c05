"""The rulebook's solo AI (rules §12): the AI's deck, behaviour, card phase, deployment,
movement, shooting and discard, each decision logged with the clause that chose it.

In a 1-player game the rules call :func:`ai_turn` for side 1. :class:`SoloAIAgent` applies the
same priorities to the ordinary actions of any seat of a normal game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hulldown.engine import Event, public
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action
from hulldown.games.pacific import combat, grid
from hulldown.games.pacific.ids import find_unit, hand_card
from hulldown.games.pacific.units import HQ_SPACE, Unit

if TYPE_CHECKING:
    from hulldown.agents.base import SeatView
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
#: ``transport-carrier`` (Transport or Tow ability), ``aircraft``, ``support-attack``,
#: ``support-defence``, ``support-damage``, ``support`` (any). Upgrades: ``""`` none,
#: ``offensive``/``defensive``/``either``/``two-offensive`` compulsory (bought with the unit),
#: the same with ``?`` potential ("if possible": bought at the end of the phase with spare AP).
PRIORITIES: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    "variable": {
        "initial": (("infantry", "offensive?"), ("artillery", ""), ("tank", "")),
        "low": (("artillery", ""), ("infantry", "defensive"), ("tank", ""), ("support-defence", "")),
        "mid": (("infantry", "offensive"), ("tank", "offensive?"), ("artillery", ""), ("transport-shooting", ""),
                ("support-attack", "")),
        "high": (("tank", "offensive?"), ("transport-carrier", ""), ("transport-shooting", "any?"), ("aircraft", ""),
                 ("support-attack", "")),
    },
    "offensive": {
        "initial": (("tank", ""), ("infantry", "offensive?"), ("transport-mobile", "")),
        "low": (("infantry", "offensive?"), ("tank", ""), ("artillery", "any?"), ("support-attack", "")),
        "mid": (("tank", ""), ("transport-carrier", ""), ("infantry", "offensive"), ("aircraft", ""),
                ("support-damage", "")),
        "high": (("tank", "two-offensive"), ("transport-carrier", ""), ("support-damage", ""),
                 ("transport-shooting", "any?"), ("aircraft", "")),
    },
    "defensive": {
        "initial": (("artillery", ""), ("infantry", "defensive"), ("tank", "")),
        "low": (("infantry", "defensive?"), ("artillery", "any?"), ("tank", ""), ("support-defence", "")),
        "mid": (("artillery", "defensive"), ("infantry", "either"), ("support-defence", ""), ("tank", "defensive?"),
                ("aircraft", "")),
        "high": (("transport-carrier", ""), ("transport-shooting", ""), ("tank", "defensive?"),
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
                break


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


def band(st: PacificState, side: int, events: list[Event], table: str = "variable") -> str:
    """§12.2: the initial behaviour in turns 1-2, then the modifiers' band (<= 3, 4-7, >= 8)."""
    names = BEHAVIOUR[table]
    if first_turns(st, side):
        st.log_ai(f"12.2 Behaviour: {names['initial']} (turns 1-2)", events)
        return "initial"
    if st.ap_generated(side) <= 1:
        st.log_ai(f"12.2 Behaviour: {names['low']} (only 1 AP generated: the minimum row)", events)
        return "low"
    v = behaviour_value(st, side, table)
    st.behaviour = v
    b = "low" if v <= 3 else "mid" if v <= 7 else "high"
    st.log_ai(f"12.2 Behaviour: {names[b]} (modifiers {v})", events)
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
    if st.para_drops:  # §16.3: the player's AA answers the drops first; rules.advance resumes
        st.ai_resume = (b, t)
        return
    ai_turn_rest(st, b, t, events)


def ai_turn_rest(st: PacificState, b: str, t: str, events: list[Event]) -> None:
    """The AI's turn after its Deployment phase (§12.6-12.8)."""
    side = 1
    movement(st, b, events, t)
    shooting(st, events)
    for u in st.units.values():  # §12 Flip Over: untilt the tokens
        if u.side == side:
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
    elif kind == "transport-carrier":
        ok = u.type == "transport" and ("transport" in u.tags or "tow" in u.tags)
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
    """A card in a priority pile with its full cost (the card and its compulsory upgrades)."""

    __slots__ = ("cost", "iid", "pri", "ups", "wish")

    def __init__(self, iid: int, pri: int, cost: int, ups: list[str], wish: str) -> None:
        self.iid, self.pri, self.cost, self.ups, self.wish = iid, pri, cost, ups, wish


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
    for iid in list(hand):
        cid = st.cards[iid]
        pr = priority(st, table, b, cid)
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
    up = best[st.roll(len(best)) - 1] if len(best) > 1 else best[0]
    tok = st.new_token(up)
    st.ap[1] -= tok.up.cost
    u.tokens.append(tok)
    events.append(public("upgrade", unit=u.iid, token=tok.up.name))
    st.log_ai(f"{label}: {tok.up.name} for {u.card.name}", events)
    return True


def _deploy_card(st: PacificState, p: _Pick, b: str, table: str, label: str, events: list[Event]) -> bool:
    """Put one chosen card into play (§12.5 placement, §12.4 support targets)."""
    from hulldown.games.pacific.rules import deploy, deploy_spaces, free_bay, play_support, unit_deploy_cost

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
        extra = sum(st.db.upgrades[x].cost for x in p.ups)
        spaces = [
            s
            for s in deploy_spaces(st, 1, uc.tags)
            if grid.own_row(1, s) == 1 and unit_deploy_cost(st, 1, uc.cost, uc.tags, s) + extra <= st.ap[1]
        ]
        if not spaces:
            return False
        s, why = placement(st, uc.pierce, spaces, b)
        deploy(st, 1, p.iid, grid.name(s), events)
        st.log_ai(f"{label}, {uc.name}; 12.5 {why}", events)
        u = st.units[p.iid]
        for up in p.ups:
            _buy_upgrade(st, u, p.wish, "12.4 Deployment: compulsory upgrade", events, pick=up)
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


def _in_range_of_enemy(st: PacificState, u: Unit) -> bool:
    return any(
        e.side != u.side and e.space >= 0 and grid.DIST[e.space][u.space] <= e.card.range for e in st.units.values()
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


def support_target(st: PacificState, sc: Any, b: str) -> tuple[int, str]:
    """§12.4 support placement (-1: no unit target, -2: no fitting target: the card waits).

    Attack boosts go on the AI's costliest unit that can fire this turn; Promotion on an undamaged
    tank, else an undamaged artillery or armed transport (§12.7); Fortunate-like accuracy cards
    only on a unit that has the enemy HQ (the battle objective) in range, or a unit whose loss
    breaks the enemy's Supply Line (§12.7); defence boosts on the AI's costliest unit in an enemy's
    range; cards played on enemy units on the player's costliest unit that has an AI unit in range.
    """
    from hulldown.games.pacific.rules import support_targets

    targets = support_targets(st, 1, sc)
    if not targets:
        return -2, "no target"
    if targets[0] is None:
        return -1, "no target needed"
    units = [st.units[t] for t in targets if t is not None]
    units.sort(key=lambda u: (-u.card.cost, u.iid))
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
        for u in units:
            if (
                u.space >= 0
                and u.card.damage > 0
                and u.card.pierce >= st.hq_armour(0)
                and grid.hq_distance(0, u.space) <= u.card.range
            ):
                return u.iid, f"12.7 Fortunate: {u.card.name} has the HQ in range"
        for u in units:
            if u.space >= 0 and _supply_target_in_range(st, u):
                return u.iid, f"12.7 Fortunate: {u.card.name} can break the Supply Line"
        return -2, "12.7 Fortunate: kept for the HQ or the Supply Line"
    if e in DEFENCE_EFFECTS:
        for u in units:
            if u.space >= 0 and _in_range_of_enemy(st, u):
                return u.iid, f"defence on the costliest unit in an enemy's range: {u.card.name}"
        return -2, "no AI unit in an enemy's range"
    for u in units:
        if u.space < 0 or _can_fire(st, u):
            return u.iid, f"attack on the costliest unit that can fire: {u.card.name}"
    return -2, "no AI unit can fire"


def _supply_target_in_range(st: PacificState, u: Unit) -> bool:
    """An enemy unit in range whose loss would break the enemy's Supply Line (§12.7)."""
    line = st.supply_line(0)
    for e in st.units.values():
        if e.side != 0 or e.space < 0 or grid.DIST[u.space][e.space] > u.card.range:
            continue
        if u.card.pierce < st.effective_armour(e):
            continue
        k = grid.own_row(0, e.space)
        alone = (
            sum(
                1
                for f in st.units.values()
                if f.side == 0 and f.space >= 0 and f.space // grid.COLS == e.space // grid.COLS
            )
            == 1
        )
        if alone and k <= line:
            return True
    return False


def placement(st: PacificState, pierce: int, spaces: list[int], b: str) -> tuple[int, str]:
    """§12.5: turns 1-2 nearest to cover; later Confronted Units, else an empty terrain card in the
    AI's rows, else nearest the battle objective."""
    cover = [s for s in range(grid.SPACES) if _cover(st, s) and st.board[s] < 0]
    if b != "initial":
        foes = sorted(
            (u for u in st.side_units(0) if u.space >= 0 and pierce >= st.effective_armour(u)),
            key=lambda u: (-u.card.cost, grid.hq_distance(1, u.space), u.iid),
        )
        if foes:
            f = foes[0]
            col = f.space % grid.COLS
            near = min(abs(s % grid.COLS - col) for s in spaces)
            best = [s for s in spaces if abs(s % grid.COLS - col) == near]
            return _die(st, best), f"Confronted Units, column of {f.card.name}"
        mine = [s for s in cover if grid.own_row(1, s) <= 3]
        if mine:
            d = min(grid.DIST[s][c] for s in spaces for c in mine)
            best = [s for s in spaces if min(grid.DIST[s][c] for c in mine) == d]
            return _die(st, best), "no enemy it can damage: nearest an empty terrain card in rows 4-6"
        d = min(grid.hq_distance(0, s) for s in spaces)
        return _die(st, [s for s in spaces if grid.hq_distance(0, s) == d]), "nearest the battle objective"
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
    line empty; advanced units pull back; wounded units roll; units without a gun seek cover."""
    from hulldown.games.pacific.rules import can_move, move_destinations, move_unit

    side = 1
    goal = 7 - MOVE_ROW[table][b]  # own row
    objectives = objective_spaces(st)
    mname = MOVE_NAME[table][b]
    units = sorted(
        (u for u in st.side_units(side) if u.space >= 0),
        key=lambda u: (grid.own_row(side, u.space), -u.card.cost, u.iid),
    )
    for u in units:
        if u.iid not in st.units or not can_move(st, u):
            continue
        dests, _ = move_destinations(st, u)
        dests = [s for s in dests if st.board[s] < 0]
        if not dests:
            continue
        mode = "normal"
        threatened = any(
            e.side != side and e.space >= 0 and grid.distance(e.space, u.space) <= e.card.range
            and e.card.damage > 0 and e.card.pierce >= st.effective_armour(u)
            for e in st.units.values()
        )  # fmt: skip
        if u.wounds and threatened:
            r = st.roll(10)
            if u.wounds == 1:
                mode = "back" if r <= 2 else "cover" if r <= 6 else "normal"
            else:
                mode = "back" if r <= 5 else "cover" if r <= 8 else "normal"
            st.log_ai(f"12.6 Wounded unit {u.card.name}: d10 {r}, {mode}", events)
        elif u.card.damage == 0 or "generates-ap" in u.card.tags:
            mode = "cover"
        else:
            danger = _unanswered_threats(st, u)
            if danger:  # §12.6: out of the range of an enemy no AI unit can damage
                safe = [s for s in dests if all(grid.distance(e.space, s) > e.card.range for e in danger)]
                if safe:
                    s = min(safe, key=lambda s: (0 if _cover(st, s) else 1, grid.distance(s, u.space), s))
                    move_unit(st, u, s, events)
                    st.log_ai(
                        f"12.6 Movement: {u.card.name} to {grid.name(s)} (out of an unanswered enemy's range)", events
                    )
                    continue
        here = grid.own_row(side, u.space)
        held = _held_rows(st, side)
        chain = _chain(st, side)
        last_of_line = held[here] == 1 and here <= chain
        if mode == "back":
            s = min(dests, key=lambda s: (grid.own_row(side, s), 0 if _cover(st, s) else 1, s))
            if grid.own_row(side, s) >= here:
                continue
            why = "wounded: back towards the HQ"
        elif mode == "cover":
            cov = [s for s in dests if _cover(st, s) and grid.distance(s, u.space) <= (1 if u.card.damage == 0 else 9)]
            cov = [s for s in cov if not (last_of_line and grid.own_row(side, s) != here)]
            if not cov or _cover(st, u.space):
                continue
            s = min(cov, key=lambda s: (grid.distance(s, u.space), s))
            why = "to cover"
        else:
            if objectives and not (table == "defensive" and b == "initial" and held[1] + held[2] < 2):
                target_row = max(grid.own_row(side, o) for o in objectives)
            else:
                target_row = goal
            if here > target_row:  # advanced units pull back
                want = target_row
            elif here < target_row:
                gap = chain + 1
                want = gap if here < gap <= target_row else target_row
                if last_of_line and not (table == "offensive" and b == "high" and here == chain):
                    continue  # §12.6: never leave a row of the Supply Line empty
            else:
                continue
            cur = abs(here - want)
            opts = [s for s in dests if abs(grid.own_row(side, s) - want) < cur]
            if here < want:
                opts = [s for s in opts if grid.own_row(side, s) <= want]
            if not opts:
                continue
            best_d = min(abs(grid.own_row(side, s) - want) for s in opts)
            opts = [s for s in opts if abs(grid.own_row(side, s) - want) == best_d]
            if any(_cover(st, s) for s in opts):  # §12.6: several options: towards Evasion
                opts = [s for s in opts if _cover(st, s)]
            if b == "high" and len(opts) > 1:  # Attack: towards the enemy HQ
                dh = min(grid.hq_distance(0, s) for s in opts)
                opts = [s for s in opts if grid.hq_distance(0, s) == dh]
            s = _die(st, sorted(opts))
            why = f"{mname}, towards row {7 - want}"
        move_unit(st, u, s, events)
        st.log_ai(f"12.6 Movement: {u.card.name} to {grid.name(s)} ({why})", events)


def _unanswered_threats(st: PacificState, u: Unit) -> list[Unit]:
    """Enemy units that have ``u`` in range and that no AI unit's main weapon can damage (§12.6)."""
    out = []
    for e in st.units.values():
        if e.side == u.side or e.space < 0 or grid.distance(e.space, u.space) > e.card.range:
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
            e = st.units[int(tid[1:])]
            if atk.damage >= e.hp - e.wounds:
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


def shooting(st: PacificState, events: list[Event]) -> None:
    """§12.7: farthest forward first, costliest first on ties; main weapon, then tokens."""
    from hulldown.games.pacific.rules import fire, fire_targets, shots_left

    order = sorted(
        (u for u in st.side_units(1) if u.space >= 0),
        key=lambda u: (-grid.own_row(1, u.space), -u.card.cost, u.iid),
    )
    order += [u for u in st.side_units(1) if u.space == HQ_SPACE and u.card.damage > 0]
    for u in order:
        for k in [-1, *range(len(u.tokens))]:
            while u.iid in st.units and not st.over:
                if k < 0:
                    if u.card.damage == 0 or shots_left(u) <= 0 or u.no_fire:
                        break
                else:
                    t = u.tokens[k]
                    if t.used or t.spent or not t.up.is_weapon or u.space == HQ_SPACE:
                        break
                    if t.up.mount and not t.mounted:
                        t.mounted = True
                        t.mounted_turn = st.turn
                opts = []
                for tid, _ in fire_targets(st, u, k):
                    up = None if k < 0 else u.tokens[k].up
                    e = st.units.get(int(tid[1:])) if tid.startswith("u") else None
                    opts.append((tid, combat.numbers(st, u, up, e, shot_index=u.main_shots if k < 0 else 0)))
                if not opts:
                    break
                tid, why = target_priority(st, u, opts)
                st.log_ai(f"12.7 Shooting: {u.card.name} fires at {why}", events)
                fire(st, u, "main" if k < 0 else str(k), tid, events)
                if k >= 0:
                    break
            if st.pending_air is not None or st.over:
                return


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
    """The rulebook AI's priorities applied to a seat of an ordinary game (rules §12).

    It reads a resampled state (what the seat knows) and names the clause of each choice in
    ``last_reason``; ties are broken by its own seeded generator.
    """

    name = "solo-ai"

    def __init__(self, seat: int, seed: int = 0, **params: str) -> None:
        if params:
            raise TypeError(f"solo-ai takes no parameters (got {', '.join(params)})")
        self.seat = seat
        self.rng = SplitMix64(seed)
        self.last_reason = ""

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        st = view.resample(self.rng.next64())
        best: Action | None = None
        best_key: tuple[Any, ...] = ()
        for a in legal:
            key, why = self._score(st, a)
            key = (*key, self.rng.below(1000))  # ties by a die roll
            if best is None or key < best_key:
                best, best_key, self.last_reason = a, key, why
        assert best is not None
        return best

    def _score(self, st: Any, a: Action) -> tuple[tuple[int, ...], str]:
        from hulldown.games.pacific.rules import target_internal

        p = a.id.split(":")
        k = p[0]
        side = st.side_of(self.seat)
        if k == "keep":
            return (0,), "3.2 keep"
        if k == "bid":
            return (abs(int(p[1]) - 2),), "12.1 Initiative"
        if k == "terrain":
            return (0,), "12.1 Terrain"
        if k in ("deploy", "play"):
            cid = st.cards[hand_card(st, self.seat, p[1])]
            cost = st.db.cost(cid)
            pr = priority(st, "variable", "mid", cid)
            return (0, pr, -cost), f"12.4 Deployment priority {pr}"
        if k == "upgrade":
            return (1,), "12.4 spare AP upgrade"
        if k == "move":
            s = grid.parse(p[2])
            return (0, -grid.own_row(side, s), s), "12.6 Movement towards the front rows"
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
