"""§12.1 Start of a pitched battle: the AI's initiative bid and its terrain cards (with §3.5
Starting Deployment on the cards it places).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine import Event, public
from hulldown.games.pacific import grid
from hulldown.games.pacific.rules.s05_deployment import deploy
from hulldown.games.pacific.rules.s10_multiplayer import slots_of
from hulldown.games.pacific.solo.s12_00_common import by_die, by_die_str
from hulldown.games.pacific.solo.s12_04_priorities import bought_tokens, upgrade_options
from hulldown.games.pacific.solo.words import Said, note

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def ai_bid(st: PacificFields, events: list[Event]) -> int:
    """§12.1 Initiative (§12 Pitched Battles): 1-3 none, 4-5 two less, 6-7 one less, 8-9 the same, 10 one more."""
    yours = max(0, st.bids[0])
    r = st.roll(10)
    n = 0 if r <= 3 else yours - 2 if r <= 5 else yours - 1 if r <= 7 else yours if r <= 9 else yours + 1
    n = max(0, min(n, st.ap[1]))
    note(st, Said.of("ai.initiative", roll=r, n=n), events)
    return n


def ai_terrain(st: PacificFields, side: int, events: list[Event]) -> None:
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
                note(st, Said.of("ai.terrain-placed", terrain=t.name, space=grid.name(s)), events)
                if st._options["starting_deployment"]:
                    sd_units(st, side, s, t.cost, events)
                break


def sd_units(st: PacificFields, side: int, s: int, budget: int, events: list[Event]) -> None:
    """§3.5 Starting Deployment with the solo AI (the project's design, since the AI tables say
    nothing of it): on the terrain card it has just placed, the costliest unit of its hand that the
    card's AP pay for (no aircraft, no boat; ties by a die roll), then upgrades chosen by a die
    with the AP left on that card, at most two, as in §12.11."""
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
    iid = by_die(st, [i for i in fits if st.db.units[st.cards[i]].cost == top])
    uc = st.db.units[st.cards[iid]]
    deploy(st, slot, iid, grid.name(s), events, pay=False)
    if iid in st.para_drops:
        st.para_drops.remove(iid)  # placed before the battle: not a drop the player's AA answers
    u = st.units[iid]
    u.deployed_turn = -1
    left = budget - uc.cost
    note(st, Said.of("ai.start-deploy", unit=uc.name, space=grid.name(s), cost=uc.cost, budget=budget), events)
    while bought_tokens(u) < 2:
        have = {t.up.id for t in u.tokens}
        opts = [o for o in upgrade_options(st, u.card.upgrades, "any", have) if st.db.upgrades[o].cost <= left]
        if not opts:
            break
        tok = st.new_token(by_die_str(st, opts))
        left -= tok.up.cost
        u.tokens.append(tok)
        events.append(public("upgrade", unit=u.iid, token=tok.up.name))
        note(st, Said.of("ai.start-upgrade", token=tok.up.name, unit=uc.name), events)
