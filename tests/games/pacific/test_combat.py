from hulldown.engine import Event
from hulldown.games.pacific import combat, grid
from hulldown.games.pacific.state import HIT_TABLE, Attack

from .test_rules import new, put


def test_standard_and_critical_hit() -> None:
    st = new()
    a = put(st, "us-m4a2", 0, grid.space(2, 0))
    e = put(st, "jp-type97-chiha", 1, grid.space(3, 0))
    atk = combat.numbers(st, a, None, e)
    st.terrain[e.space] = -1
    st.script_chance(atk.hit)
    assert combat.roll_result(st, atk, 4) == ("hit", 2)
    st.script_chance(10)  # a 0 counts as 10
    assert combat.roll_result(st, atk, 4) == ("critical", 3)
    st.script_chance(atk.hit - 1)
    assert combat.roll_result(st, atk, 4)[0] == "miss"


def test_armour_piercing() -> None:
    st = new()
    assert combat.roll_result(st, Attack(2, 9, 3, 1), 4) == ("blocked", 0)


def test_critical_hit_damage() -> None:
    st = new()
    e = put(st, "jp-light-infantry", 1, grid.space(3, 0))
    st.script_chance(10)
    combat.resolve_on_unit(st, None, Attack(5, 9, 2, 1), e, [], "test")
    assert e.iid not in st.units  # 2 wounds on 2 HP


def test_multiple_attacks_panzer_i() -> None:
    st = new()
    a = put(st, "us-m2-light-tank", 0, grid.space(2, 0))
    e = put(st, "jp-light-infantry", 1, grid.space(3, 0))
    st.terrain[e.space] = -1
    first = combat.numbers(st, a, None, e, shot_index=0)
    second = combat.numbers(st, a, None, e, shot_index=1)
    assert (second.hit, second.crit) == (first.hit + 1, min(10, first.crit + 1))


def test_under_suppressive_fire() -> None:
    st = new()
    st.phase = "shoot"
    st.active = 0
    a = put(st, "us-m4a2", 0, grid.space(2, 0))
    b = put(st, "us-m4a2", 0, grid.space(2, 1))
    e = put(st, "jp-type97-chiha", 1, grid.space(3, 0))
    st.script_chance(1, 1)
    combat.resolve_on_unit(st, a, Attack(5, 9, 5, 1), e, [], "a")
    assert not e.usf
    combat.resolve_on_unit(st, b, Attack(5, 9, 5, 1), e, [], "b")
    assert e.usf


def test_building_flips() -> None:
    st = new()
    cabin = next(i for i, c in enumerate(st.cards) if c == "cabin")
    st.terrain_piles[0].remove(cabin)
    st.terrain[grid.space(2, 2)] = cabin
    st.terrain_hp[cabin] = 1
    combat.attack_terrain(st, grid.space(2, 2), Attack(5, 9, 3, 2), True, False, [])
    assert cabin in st.ruins and st.terrain[grid.space(2, 2)] == cabin


def test_hq_destroyed_wins() -> None:
    st = new()
    combat.damage_hq(st, 1, 12, [])
    assert st.over and st.winner == 0
    assert st.observation(0)["end_reason"] == "hq"


def test_tactical_artillery_table() -> None:
    for n in range(1, 10):
        a = combat.tactical_artillery(n)
        assert (a.pierce, a.hit, a.crit) == (n, 11 - n, 11 - n)


def test_shielding_roll() -> None:
    st = new(shielding_roll=True)
    st.script_chance(10, 3)  # a critical hit, then the defence roll 3 <= Armour 4
    assert combat.roll_result(st, Attack(5, 9, 5, 2), 4) == ("shielded", 1)


def test_shielding_roll_is_not_the_hqs() -> None:
    """§11.2: units shield, the HQ does not: a hit on it wounds with no second die."""
    st = new(shielding_roll=True)
    tank = put(st, "us-m4a2", 0, grid.space(4, 3))
    st.script_chance(10, 1)  # a critical hit; a shielding die of 1 would be at or below any Armour
    events: list[Event] = []
    combat.attack_hq(st, tank, Attack(5, 9, 5, 2), 1, events, "test")
    assert st.hq_wounds[1] == 3
    assert [e["result"] for e in events if e["type"] == "attack-hq"] == ["critical"]


def test_successful_hit_table_tiger_sherman() -> None:
    st = new(successful_hit_table=True)
    # Tiger 4+/8+, Armour-piercing 8 against the Sherman's Armour 5 -> 3
    assert combat.roll_result(st, Attack(4, 8, 8, 2), 5) == ("hit", 3)
    assert HIT_TABLE[6][2] == 2


def test_brumbar_self_propelled() -> None:
    st = new(self_propelled=True)
    p = put(st, "us-m7-priest", 0, grid.space(0, 0))
    e = put(st, "jp-type97-chiha", 1, grid.space(5, 2))
    st.terrain[e.space] = -1
    atk = combat.numbers(st, p, None, e, dist=7)
    assert atk.hit == p.card.hit + 2 and atk.crit_as_standard
