"""§12.11 Before a historical scenario's battle: the AI's half-price artificial terrain, its
Starting Deployment and the upgrades its AP buy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine import Event, public
from hulldown.games.pacific import grid
from hulldown.games.pacific.solo.s12_00_common import (
    Pick,
    by_die,
    by_die_str,
    held_rows,
    objective_spaces,
    ordered,
    scenario_field,
)
from hulldown.games.pacific.solo.s12_01_deck import card_type
from hulldown.games.pacific.solo.s12_04_priorities import bought_tokens, buy_token, upgrade_options
from hulldown.games.pacific.solo.words import Said, note
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def pre_battle(st: PacificFields, events: list[Event]) -> None:
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
        note(st, Said.of("ai.extra-cards", cards=names), events)
    if sc.ai_terrain:
        scenario_terrain(st, list(sc.ai_terrain), events)
    if sc.ai_setup:
        starting_deployment(st, {str(k): n for k, n in sc.ai_setup.items()}, events)


def scenario_terrain(st: PacificFields, names: list[str], events: list[Event]) -> None:
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
            note(st, Said.of("ai.terrain-aside", terrain=t.name, cost=cost), events)
            continue
        for _ in range(30):
            row = 2 if st.roll(10) <= 5 else 3
            s = grid.space(grid.row_index(1, row), grid.D10_COLUMN[st.roll(10) - 1])
            if st.terrain[s] < 0 and not st.sea[s] and st.board[s] < 0:
                st.terrain[s] = iid
                st.terrain_hp[iid] = t.hp
                st.ap[1] -= cost
                placed += 1
                note(st, Said.of("ai.terrain-half", terrain=t.name, space=grid.name(s), cost=cost), events)
                break


def starting_deployment(st: PacificFields, counts: dict[str, int], events: list[Event]) -> None:
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
    picks = ordered(st, [Pick(i, 0, st.db.units[st.cards[i]].cost, [], "") for i in units])
    start = scenario_field(st, "start_ap")
    limit = int(start[1]) if start is not None else st.ap[1]  # "the initial points of its HQ"
    defend = objective_spaces(st) if sc_attacker(st) == 0 else []
    placed: list[Unit] = []
    for p in picks:
        if len(placed) >= limit:
            break
        uc = st.db.units[st.cards[p.iid]]
        s, why = starting_space(st, defend, uc.tags)
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
        note(st, Said.of("ai.pre.deploy", unit=uc.name, space=grid.name(s), why=why), events)
    for iid in taken:
        deck.put_top(iid)
    st.shuffle(deck)
    bought = True
    while bought:  # spare AP: upgrades, cheapest units first
        bought = False
        for u in sorted(placed, key=lambda x: (x.card.cost, x.iid)):
            if _buy_random_upgrade(st, u, events):
                bought = True


def sc_attacker(st: PacificFields) -> int:
    """§12.11 The attacking side of the scenario (-1 in a pitched battle)."""
    a = scenario_field(st, "attacker")
    return -1 if a is None else int(a)


def starting_space(st: PacificFields, defend: list[int], tags: tuple[str, ...]) -> tuple[int, Said]:
    """§12.11 The §12.11 order of places for one unit of the Starting Deployment (-1: no room)."""
    half = [
        s
        for s in range(grid.SPACES)
        if grid.own_row(1, s) <= 3 and st.board[s] < 0 and not st.sea[s]
        and not ("extra-heavy" in tags and "difficult" in st.terrain_tags(s))
        and not ("river" in st.terrain_tags(s) and "amphibious" not in tags and "sappers" not in tags)  # §14.4
    ]  # fmt: skip
    if not half:
        return -1, Said("ai.why.none")
    free = [s for s in defend if s in half]
    if free:
        return by_die(st, sorted(free)), Said("ai.pre.defend")
    cards = [s for s in half if st.terrain[s] >= 0]
    if cards:

        def strength(s: int) -> tuple[int, int]:
            """§12.11 A terrain card's Hit Points, then Armour."""
            t = st.terrain_card(s)
            return (st.terrain_hp.get(st.terrain[s], 0) or t.hp, t.armour)

        top = max(strength(s) for s in cards)
        return by_die(st, sorted(s for s in cards if strength(s) == top)), Said("ai.pre.terrain")
    held = held_rows(st, 1)
    far = max((r for r in range(1, grid.ROWS + 1) if held[r]), default=1)
    for r in range(1, far + 1):
        if not held[r]:
            row = [s for s in half if grid.own_row(1, s) == r]
            if row:
                return by_die(st, sorted(row)), Said.of("ai.pre.supply", row=7 - r)
    near = [s for s in half if any(st.board[n] >= 0 and st.units[st.board[n]].side == 1 for n in grid.NEIGH[s])]
    if near:
        return by_die(st, sorted(near)), Said("ai.pre.near")
    line = [s for s in half if grid.own_row(1, s) == 1]
    return by_die(st, sorted(line or half)), Said("ai.pre.line") if line else Said("ai.pre.random")


def _buy_random_upgrade(st: PacificFields, u: Unit, events: list[Event]) -> bool:
    """§12.11: one affordable upgrade the unit does not carry, chosen by a die roll."""
    if bought_tokens(u) >= 2:
        return False
    have = {t.up.id for t in u.tokens}
    opts = [o for o in upgrade_options(st, u.card.upgrades, "any", have) if st.db.upgrades[o].cost <= st.ap[1]]
    if not opts:
        return False
    up = by_die_str(st, opts)
    buy_token(st, u, up, lambda token, unit: Said.of("ai.upgrade.start", token=token, unit=unit), events)
    return True
