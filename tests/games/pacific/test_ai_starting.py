"""§3.5 Starting Deployment with the solo AI: units on the terrain it places, within each card's AP."""

from __future__ import annotations

from typing import Any

from hulldown.games.pacific import grid
from hulldown.games.pacific.solo import ai_terrain
from hulldown.games.pacific.state import PacificState
from tests.games.pacific.test_night_and_options import clear_terrain
from tests.games.pacific.test_rules import GAME, new


def _setup(**opts: Any) -> PacificState:
    st = new(players=1, armies="us-japan", **opts)
    clear_terrain(st)
    for side in (0, 1):
        for iid in list(st.hands[side]):
            st.hands[side].remove(iid)
    return st


def _hand(st: PacificState, *cids: str) -> list[int]:
    out = []
    for cid in cids:
        iid = st._new_card(cid)
        st.hands[1].put_top(iid)
        out.append(iid)
    return out


def test_ai_deploys_the_costliest_unit_its_terrain_card_pays_for_with_upgrades() -> None:
    st = _setup(starting_deployment=True)
    pile = [i for i in st.terrain_piles[1] if st.db.terrain[st.cards[i]].cost == 3]
    for iid in list(st.terrain_piles[1]):
        if iid != pile[0]:
            st.terrain_piles[1].remove(iid)
    light, heavy, big = _hand(st, "jp-light-infantry", "jp-heavy-infantry", "jp-type97-chiha")
    assert st.db.units[st.cards[big]].cost > 3
    st.terrain_budget[1] = 3
    ap, events = st.ap[1], []
    ai_terrain(st, 1, events)
    s = next(s for s in range(grid.SPACES) if st.terrain[s] >= 0)
    u = st.unit_at(s)
    assert u is not None and u.iid == heavy and u.side == 1 and u.deployed_turn == -1  # 2 AP of the card's 3
    assert light in st.hands[1] and big in st.hands[1] and st.ap[1] == ap  # the side's AP untouched
    spent = u.card.cost + sum(t.up.cost for t in u.tokens if t.up.id not in u.card.free)
    assert spent <= 3
    logs = [e["decision"] for e in events if e["type"] == "ai"]
    assert logs[0].startswith("12.1 Terrain") and logs[1].startswith("3.5 Starting Deployment")


def test_ai_deploys_nothing_without_the_option_or_without_a_unit_it_can_pay() -> None:
    for opts, cards in (({}, ("jp-light-infantry",)), ({"starting_deployment": True}, ("jp-type97-chiha",))):
        st = _setup(**opts)
        _hand(st, *cards)
        st.terrain_budget[1] = 2
        for iid in list(st.terrain_piles[1]):
            if st.db.terrain[st.cards[iid]].cost != 2:
                st.terrain_piles[1].remove(iid)
        events: list[Any] = []
        ai_terrain(st, 1, events)
        assert any(t >= 0 for t in st.terrain)
        assert not any(u.side == 1 for u in st.units.values())
        assert not any("3.5" in e["decision"] for e in events if e["type"] == "ai")


def test_solo_starting_deployment_plays_to_the_battle() -> None:
    """Whole set-up: the AI's bid buys terrain and units; the game then runs as usual."""
    placed = 0
    for seed in range(12):
        st = GAME.new(seed=seed, players=1, options={"starting_deployment": True})
        assert isinstance(st, PacificState)
        while st.phase not in ("deploy", "move", "shoot") and not st.over:
            ids = [a.id for a in st.legal_actions()]
            pick = next((p for p in ("keep", "bid:3", "terrain-done", "ta-pass") if p in ids), ids[0])
            st.apply(pick)
        for u in st.units.values():
            if u.side == 1 and u.deployed_turn == -1:  # placed before the battle (§3.5)
                assert st.terrain[u.space] >= 0 and grid.own_row(1, u.space) in (2, 3)
                placed += 1
        assert placed == sum(1 for d in st.ai_log if d.startswith("3.5 Starting Deployment: ") and " on " in d)
        if placed:
            break
    assert placed
