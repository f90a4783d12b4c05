"""The solo AI's support cards of the Shooting phase (rules §12.7): Promotion and Fortunate."""

from __future__ import annotations

from hulldown.engine import Event
from hulldown.games.pacific import grid, solo

from .test_ai_deployment import hand_of, in_hand
from .test_rules import new, put


def test_promotion_and_fortunate_wait_for_the_shooting_phase() -> None:
    """§12.7: not played in the Deployment phase, even with AP to spare."""
    st = new(players=1)
    put(st, "jp-type95-hago", 1, grid.space(1, 3))  # the HQ in range
    hand_of(st, "promotion", "fortunate")
    st.ap[1] = 9
    solo.deployment(st, "mid", [])
    assert in_hand(st) == ["fortunate", "promotion"]


def test_promotion_first_on_an_undamaged_tank_at_the_start_of_shooting() -> None:
    st = new(players=1)
    tank = put(st, "jp-type95-hago", 1, grid.space(4, 3))
    put(st, "jp-light-infantry", 1, grid.space(4, 4))
    hand_of(st, "promotion")
    st.ap[1] = 3
    solo.shooting(st, [])
    assert tank.promotions == 1 and in_hand(st) == []
    assert any("12.7 Promotion: undamaged tank" in line for line in st.ai_log)


def test_promotion_third_choice_the_first_infantry_that_destroys_an_enemy_unit() -> None:
    """§12.7: no undamaged tank, artillery or armed transport: the Promotion goes to the first
    undamaged infantry that destroys an enemy unit, right after that attack."""
    st = new(players=1)
    inf = put(st, "jp-light-infantry", 1, grid.space(3, 3))
    foe = put(st, "us-light-infantry", 0, grid.space(2, 3))
    foe.wounds = foe.hp - 1
    hand_of(st, "promotion")
    st.ap[1] = 3
    st.script_chance(10)  # the infantry hits
    events: list[Event] = []
    solo.shooting(st, events)
    assert foe.iid not in st.units
    assert inf.promotions == 1 and in_hand(st) == []
    lines = st.ai_log
    shot = next(i for i, x in enumerate(lines) if x.startswith("12.7 Shooting: Light Infantry"))
    promo = next(i for i, x in enumerate(lines) if "first undamaged infantry to destroy" in x)
    assert promo > shot


def test_no_promotion_for_a_wounded_infantry() -> None:
    st = new(players=1)
    inf = put(st, "jp-light-infantry", 1, grid.space(3, 3))
    inf.wounds = 1
    foe = put(st, "us-light-infantry", 0, grid.space(2, 3))
    foe.wounds = foe.hp - 1
    hand_of(st, "promotion")
    st.ap[1] = 3
    st.script_chance(10)
    solo.shooting(st, [])
    assert foe.iid not in st.units and inf.promotions == 0 and in_hand(st) == ["promotion"]


def test_fortunate_when_attacking_the_hq() -> None:
    """§12.7: Fortunate on the attacker of the battle objective (the HQ in a pitched battle)."""
    st = new(players=1)
    tank = put(st, "jp-type97-chiha", 1, grid.space(1, 3))
    hand_of(st, "fortunate")
    st.ap[1] = 3
    solo.shooting(st, [])
    assert in_hand(st) == []
    assert any("Fortunate: on" in x and "attacking the HQ" in x for x in st.ai_log)
    assert tank.acc_turn > 0


def test_fortunate_against_a_unit_whose_loss_breaks_the_supply_line() -> None:
    st = new(players=1)
    tank = put(st, "jp-type97-chiha", 1, grid.space(3, 0))  # the HQ out of range
    lone = put(st, "us-light-infantry", 0, grid.space(0, 0))  # alone in the player's row 1
    hand_of(st, "fortunate")
    st.ap[1] = 3
    assert solo.breaks_supply(st, lone)
    solo.shooting(st, [])
    assert tank.acc_turn > 0 and any("breaks the Supply Line" in x for x in st.ai_log)


def test_no_fortunate_against_an_ordinary_target() -> None:
    st = new(players=1)
    put(st, "jp-type97-chiha", 1, grid.space(3, 0))
    put(st, "us-light-infantry", 0, grid.space(0, 0))
    put(st, "us-light-infantry", 0, grid.space(0, 1))  # two in the row: its loss breaks nothing
    hand_of(st, "fortunate")
    st.ap[1] = 3
    solo.shooting(st, [])
    assert in_hand(st) == ["fortunate"]


def test_all_main_weapons_fire_before_any_upgrade() -> None:
    """§12.7: the main weapons of all AI units first (farthest forward first), then the upgrades in
    the same order: not each unit's main weapon and its upgrade in turn."""
    st = new(players=1)
    st.turn = 9
    front = put(st, "jp-heavy-infantry", 1, grid.space(3, 2))
    front.tokens.append(st.new_token("hmg"))
    back = put(st, "jp-type95-hago", 1, grid.space(4, 3))
    back.tokens.append(st.new_token("tank-mg"))
    hand_of(st)
    put(st, "us-light-infantry", 0, grid.space(2, 3))
    st.active, st.phase = 1, "shoot"
    st.script_chance(*([1] * 40))  # every attack misses
    events: list[Event] = []
    solo.shooting(st, events)
    shots = [(e["source"], e["hit"]) for e in events if e["type"] == "attack"]
    # the infantry's main weapon hits on 5+, its HMG on 4+; the tank's gun and its MG both on 5+
    assert shots == [("Heavy Infantry", 5), ("Type 95 HA-GO", 5), ("Heavy Infantry", 4), ("Type 95 HA-GO", 5)]
