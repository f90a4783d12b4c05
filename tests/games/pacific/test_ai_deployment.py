"""The solo AI's deployment (rules §12.4-§12.5): piles, card counts, upgrades, support placement."""

from __future__ import annotations

from hulldown.engine import Event
from hulldown.games.pacific import grid, solo
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import Unit

from .test_rules import new, put


def hand_of(st: PacificState, *cids: str) -> None:
    st.hands[1].cards.clear()
    for cid in cids:
        st.hands[1].put_top(st._new_card(cid))


def in_hand(st: PacificState) -> list[str]:
    return sorted(st.cards[i] for i in st.hands[1])


def on_board(st: PacificState) -> dict[str, Unit]:
    return {u.card.id: u for u in st.side_units(1)}


SECURE_HAND = (
    "jp-light-infantry",
    "jp-heavy-infantry",
    "jp-type95-hago",
    "jp-type96-25mm",
    "jp-type94-37mm",
    "camouflage",
    "fortunate",
    "traps",
)


def test_secure_example_seven_ap() -> None:
    """The rulebook's example: Secure, 7 AP; the Heavy Infantry with a random offensive upgrade
    (2 + 1 AP) and the Type 95 HA-GO with its free MG (4 AP) are deployed, all AP spent."""
    st = new(players=1)
    hand_of(st, *SECURE_HAND)
    st.ap[1] = 7
    assert [solo.priority(st, "variable", "mid", c) for c in SECURE_HAND[:5]] == [1, 1, 2, 3, 3]
    events: list[Event] = []
    solo.deployment(st, "mid", events)
    units = on_board(st)
    assert set(units) == {"jp-heavy-infantry", "jp-type95-hago"}
    heavy = units["jp-heavy-infantry"]
    assert [t.up.id for t in heavy.tokens] in (["hmg"], ["grenades"])  # offensive, 1 AP, die roll
    assert [t.up.id for t in units["jp-type95-hago"].tokens] == ["tank-mg"]  # free upgrade
    assert st.ap[1] == 0
    assert all(grid.own_row(1, u.space) == 1 for u in units.values())
    assert in_hand(st) == sorted(
        ["jp-light-infantry", "jp-type96-25mm", "jp-type94-37mm", "camouflage", "fortunate", "traps"]
    )
    assert any("6+ AP: 2 cards of cost 3+" in line for line in st.ai_log)
    assert any("compulsory upgrade" in line for line in st.ai_log)
    # the rulebook continues with the Discard phase of the same hand (§12.8)
    solo.discard(st, "mid", events)
    assert in_hand(st) == sorted(["jp-light-infantry", "jp-type96-25mm", "camouflage", "fortunate", "traps"])


def test_card_counts_by_ap() -> None:
    """§12.4 Number of cards: 2-3 AP one card; 4-5 two, else the costliest; 6+ one of 5+, else
    two of 3+, else 2-3 of any cost; one card from each pile in priority order."""

    def piles(*costs: tuple[int, ...]) -> list[list[solo.Pick]]:
        out, n = [], 0
        for k, pile in enumerate(costs):
            out.append([solo.Pick(n + j, k + 1, c, [], "") for j, c in enumerate(pile)])
            n += len(pile)
        return out

    def costs(chosen: tuple[list[solo.Pick], object]) -> list[int]:
        return [p.cost for p in chosen[0]]

    assert costs(solo.choose_cards(piles((3, 1), (2,)), 3)) == [3]
    assert costs(solo.choose_cards(piles((3, 1), (2,)), 2)) == [1]  # the next card of the same pile
    assert costs(solo.choose_cards(piles((3, 1), (2,)), 5)) == [3, 2]
    two = solo.choose_cards(piles((4,), (4,)), 5)
    assert costs(two) == [4] and "costliest" in str(two[1])
    assert costs(solo.choose_cards(piles((3,), (6,), (4,)), 7)) == [6]
    assert costs(solo.choose_cards(piles((3,), (2,), (4,)), 7)) == [3, 4]
    assert costs(solo.choose_cards(piles((2,), (2,), (1,), (1,)), 6)) == [2, 2, 1]


def test_support_cards_when_more_than_3_ap_left() -> None:
    """§12.4: with more than 3 AP left after the units, support cards from highest to lowest cost."""
    st = new(players=1)
    put(st, "jp-light-infantry", 1, grid.space(4, 3))
    put(st, "us-light-infantry", 0, grid.space(3, 3))  # in range of each other
    hand_of(st, "jp-light-infantry", "counterattack", "fortunate", "camouflage")
    st.ap[1] = 9
    solo.deployment(st, "mid", [])
    assert "jp-light-infantry" not in in_hand(st)
    played = [line for line in st.ai_log if "support cards (more than 3 AP left)" in line]
    assert played and "Camouflage" in played[0]  # the costliest (3 AP) first
    assert "camouflage" not in in_hand(st) and "counterattack" not in in_hand(st)


def test_no_more_cards_with_3_ap_or_less_left() -> None:
    st = new(players=1)
    hand_of(st, "jp-heavy-infantry", "counterattack")
    st.ap[1] = 4
    solo.deployment(st, "mid", [])
    assert "counterattack" in in_hand(st)
    assert "jp-heavy-infantry" not in in_hand(st)


def test_defensive_upgrade_is_compulsory_in_defense() -> None:
    """§12.4 Defense: "Infantry with a defensive upgrade": the upgrade's cost is added to the unit's."""
    st = new(players=1)
    hand_of(st, "jp-heavy-infantry")
    st.ap[1] = 3  # 2 AP + the Mortar's 2: cannot be paid
    solo.deployment(st, "low", [])
    assert "jp-heavy-infantry" in in_hand(st)
    st.ap[1] = 4
    solo.deployment(st, "low", [])
    heavy = on_board(st)["jp-heavy-infantry"]
    assert [t.up.id for t in heavy.tokens] == ["mortar"]  # the costliest defensive upgrade
    assert st.ap[1] == 0


def test_promotion_goes_to_an_undamaged_tank() -> None:
    """§12.7: Promotion waits for the Shooting phase; there, first on an undamaged tank, else an
    undamaged artillery or armed transport."""
    st = new(players=1)
    gun = put(st, "jp-type94-37mm", 1, grid.space(5, 2))
    tank = put(st, "jp-type95-hago", 1, grid.space(5, 3))
    sc = st.db.support["promotion"]
    assert solo.support_target(st, sc, "mid") == (-2, "12.7 kept for the Shooting phase")
    assert solo.support_target(st, sc, "mid", phase="shoot")[0] == tank.iid
    tank.wounds = 1
    assert solo.support_target(st, sc, "mid", phase="shoot")[0] == gun.iid
    gun.wounds = 1
    assert solo.support_target(st, sc, "mid", phase="shoot")[0] == -2


def test_first_turns_deploy_near_cover() -> None:
    """§12.5: in turns 1-2 troops are placed as close as possible to terrain with cover."""
    st = new(players=1)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    trench = next(i for i, c in enumerate(st.cards) if c in st.db.terrain and st.db.terrain[c].evasion[0] > 0)
    st.terrain[grid.space(4, 6)] = trench
    spaces = [grid.space(5, c) for c in range(grid.COLS)]
    s, why = solo.placement(st, 2, spaces, "initial")
    assert s == grid.space(5, 6) and "cover" in why


def test_support_near_cover_in_first_turns() -> None:
    """§12.5 turns 1-2: a support card for an own unit goes first to a unit on cover."""
    st = new(players=1)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    trench = next(i for i, c in enumerate(st.cards) if c in st.db.terrain and st.db.terrain[c].evasion[0] > 0)
    big = put(st, "jp-type97-chiha", 1, grid.space(5, 2))
    small = put(st, "jp-light-infantry", 1, grid.space(4, 2))
    st.terrain[small.space] = trench
    put(st, "us-light-infantry", 0, grid.space(3, 2))
    sc = st.db.support["counterattack"]
    assert solo.support_target(st, sc, "initial")[0] == small.iid
    assert solo.support_target(st, sc, "mid")[0] == big.iid


def test_confronted_units_column() -> None:
    """§12.5 Confronted Units: the column of the player's costliest unit the weapon can damage."""
    st = new(players=1)
    put(st, "us-m4a2", 0, grid.space(2, 1))  # Armour 5
    put(st, "us-light-infantry", 0, grid.space(2, 6))
    spaces = [grid.space(5, c) for c in range(grid.COLS)]
    s, why = solo.placement(st, 6, spaces, "mid")
    assert s == grid.space(5, 1) and "Confronted Units" in why
    s, why = solo.placement(st, 2, spaces, "mid")  # cannot hurt the tank: the infantry's column
    assert s == grid.space(5, 6)
