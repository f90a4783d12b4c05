"""Every tactics card: its effect and every restriction its text states."""

from __future__ import annotations

import pytest

from hulldown.games.tank_killers.cards import slug
from hulldown.games.tank_killers.state import P_FREE, P_LOST, P_MANEUVER, P_MOD, P_NEGATE, P_OOA, P_SAME, P_TARGET
from tests.games.tank_killers.helpers import attack, give, ids, new, play, put, to_modifiers

COVERED: set[str] = set()


def cover(*names: str) -> tuple[str, ...]:
    COVERED.update(names)
    return names


# -- Range (clause 7.3, 7.4) -------------------------------------------------------
RANGES = cover("Point Blank", "500 yards", "750 yards", "1000 yards", "1500 yards", "2000 yards")


@pytest.mark.parametrize(
    ("card", "pen", "ends"), list(zip(RANGES, (2, -1, -2, -3, -4, -5), (0, 0, 0, 0, 1, 1), strict=True))
)
def test_range_cards_modify_or_end_the_phase_beyond_the_attackers_range(card: str, pen: int, ends: int) -> None:
    st = new(deck0="american", deck1="german")
    give(st, 1, card)
    give(st, 0)
    to_modifiers(st, "M5", "PzIVh")  # M5: pen 4, range 1000 yards
    st.apply("pass")
    play(st, card)
    if ends:
        assert st.phase == P_FREE or st.active == 1
        assert st.att == -1
    else:
        assert st.phase == P_MOD and st.pmod == pen


def test_only_one_range_card_per_attack() -> None:
    st = new()
    give(st, 0, "Point Blank")
    give(st, 1, "500 yards", "Entrenched")
    to_modifiers(st, "Panther", "M4 Sherman")
    play(st, "Point Blank")
    assert "play:500-yards" not in ids(st) and "play:entrenched" in ids(st)


def test_no_range_cards_by_or_against_support_attacks() -> None:
    st = new()
    give(st, 0, "Point Blank", "Topside Hit")
    give(st, 1, "2000 yards")
    to_modifiers(st, "150mm s FH 18", "M4 Sherman")
    assert ids(st) == ["pass", "play:topside-hit"]
    st.apply("pass")
    assert ids(st) == ["pass"]


# -- Hit ------------------------------------------------------------------------------
HITS = cover("Underside Hit", "Topside Hit", "Rear Hit", "Flank Hit", "Shot Trap")


@pytest.mark.parametrize(("card", "pen"), list(zip(HITS, (10, 8, 6, 4, 8), strict=True)))
def test_hit_cards_add_to_penetration(card: str, pen: int) -> None:
    st = new()
    give(st, 0, card)
    give(st, 1)
    to_modifiers(st, "Panzergrenadiers", "M4 Sherman")
    play(st, card)
    assert st.phase == P_NEGATE  # Repairs may negate a Hit card
    st.apply("pass")
    assert st.pmod == pen and st.attack_factor() == 1 + pen


def test_only_one_hit_card_and_underside_hit_not_by_support() -> None:
    st = new()
    give(st, 0, "Rear Hit", "Flank Hit")
    give(st, 1)
    to_modifiers(st, "Panther", "M4 Sherman")
    play(st, "Rear Hit")
    st.apply("pass")  # no Repairs
    st.apply("pass")  # defender passes
    assert "play:flank-hit" not in ids(st)
    st2 = new()
    give(st2, 0, "Underside Hit", "Topside Hit")
    to_modifiers(st2, "150mm s IG 33", "M4 Sherman")
    assert "play:underside-hit" not in ids(st2) and "play:topside-hit" in ids(st2)


# -- Ammo ------------------------------------------------------------------------------
cover("HEAT Round", "AP Round", "Flame Thrower", "Panzerschrek/faust", "Bazooka/PIAT", "Satchel Charge", "Machine Gun")


@pytest.mark.parametrize(("card", "pen"), [("HEAT Round", 2), ("AP Round", 3)])
def test_plain_ammo_cards(card: str, pen: int) -> None:
    st = new()
    give(st, 0, card, "Flame Thrower")
    give(st, 1)
    to_modifiers(st, "StgIIIf", "M4 Sherman")
    assert "play:flame-thrower" not in ids(st)  # an SP is neither tank nor infantry
    play(st, card)
    assert st.pmod == pen


def test_only_one_ammo_card() -> None:
    st = new()
    give(st, 0, "HEAT Round")
    give(st, 1, "AP Round")
    to_modifiers(st, "Panther", "M4 Sherman")
    play(st, "HEAT Round")
    assert "play:ap-round" not in ids(st)


def test_flame_thrower_adds_to_both_factors_and_limits_range_to_point_blank() -> None:
    st = new()
    give(st, 0, "Flame Thrower")
    give(st, 1, "500 yards")
    to_modifiers(st, "Panther", "Infantry Platoon")
    play(st, "Flame Thrower")
    assert st.pmod == 3 and st.imod == 3 and st.attack_factor() == 4 + 3
    assert st.range_text() == "PB"
    play(st, "500 yards")  # farther than point blank: the phase ends
    assert st.att == -1


def test_flame_thrower_not_after_a_range_beyond_point_blank() -> None:
    st = new()
    give(st, 0, "Flame Thrower")
    give(st, 1, "1000 yards")
    to_modifiers(st, "Panther", "M4 Sherman")
    st.apply("pass")
    play(st, "1000 yards")
    assert "play:flame-thrower" not in ids(st)


def test_panzerschrek_german_infantry_against_vehicles_only() -> None:
    st = new()
    give(st, 0, "Panzerschrek/faust", "Bazooka/PIAT", "Satchel Charge")
    to_modifiers(st, "Panzerschrek Team", "M10")  # M10 listed as MT: a tank and a vehicle
    assert {"play:panzerschrek-faust", "play:satchel-charge"} <= set(ids(st))
    assert "play:bazooka-piat" not in ids(st)
    play(st, "Panzerschrek/faust")
    assert st.pmod == 5
    st2 = new()
    give(st2, 0, "Panzerschrek/faust")
    to_modifiers(st2, "Panzergrenadiers", "Infantry Platoon")
    assert "play:panzerschrek-faust" not in ids(st2)


def test_bazooka_anglo_infantry_and_satchel_only_against_tanks() -> None:
    st = new(deck0="british", deck1="german")
    give(st, 0, "Bazooka/PIAT", "Panzerschrek/faust", "Satchel Charge")
    to_modifiers(st, "British Infantry", "JpzIV")  # a tank destroyer: vehicle, not tank
    assert "play:bazooka-piat" in ids(st)
    assert "play:panzerschrek-faust" not in ids(st) and "play:satchel-charge" not in ids(st)
    play(st, "Bazooka/PIAT")
    assert st.pmod == 5


def test_satchel_charge_infantry_against_tanks() -> None:
    st = new(deck0="american", deck1="german")
    give(st, 0, "Satchel Charge")
    to_modifiers(st, "Infantry Platoon", "Tiger")
    play(st, "Satchel Charge")
    assert st.pmod == 6
    st2 = new(deck0="american", deck1="german")
    give(st2, 0, "Satchel Charge")
    to_modifiers(st2, "M4 Sherman", "Tiger")
    assert "play:satchel-charge" not in ids(st2)


def test_machine_gun_adds_to_the_infantry_factor_of_tanks_and_infantry() -> None:
    st = new()
    give(st, 0, "Machine Gun")
    to_modifiers(st, "PzIVh", "Infantry Platoon")
    play(st, "Machine Gun")
    assert st.imod == 3 and st.pmod == 0 and st.attack_factor() == 7
    st2 = new()
    give(st2, 0, "Machine Gun")
    to_modifiers(st2, "50mmPaK", "Infantry Platoon")
    assert "play:machine-gun" not in ids(st2)


# -- Armor, Command and Terrain modifiers ------------------------------------------------
cover("Entrenched", "Sloping Armor", "Skirt Armor", "Tracers", "Rugged Defense", "Hilltop Vantage")


@pytest.mark.parametrize(
    ("card", "pen"), [("Entrenched", -3), ("Tracers", 1), ("Rugged Defense", -8), ("Hilltop Vantage", 2)]
)
def test_unrestricted_modifiers_either_side(card: str, pen: int) -> None:
    st = new()
    give(st, 0)
    give(st, 1, card)
    to_modifiers(st, "Panther", "57mm")
    st.apply("pass")
    play(st, card)
    assert st.pmod == pen


@pytest.mark.parametrize(("card", "pen"), [("Sloping Armor", -1), ("Skirt Armor", -2)])
def test_armor_cards_only_for_a_tank_target(card: str, pen: int) -> None:
    st = new()
    give(st, 1, card)
    to_modifiers(st, "Panther", "M4 Sherman")
    st.apply("pass")
    play(st, card)
    assert st.pmod == pen
    st2 = new()
    give(st2, 1, card)
    to_modifiers(st2, "Panther", "M8")  # armored car
    st2.apply("pass")
    assert ids(st2) == ["pass"]


# -- Lost attack subphase cards (clause 6) ------------------------------------------------
PLAIN_LOST = cover(
    "Suppressed", "Green Unit", "Pinned Down", "Shaken", "Out of Fuel", "Out of Ammo", "Unit Separated", "Fog of War",
    "Awaiting Orders", "Formation Disorder", "Burning Wreck", "Road Block", "Mud", "Tank Traps", "Smoke",
    "Broken Ground", "Trees", "Buildings", "Bocage",
)  # fmt: skip
VS_SUPPORT = cover("Missed by a Mile", "Take Cover", "Camouflage", "Poor Visibility")
END_TURN = cover("Counter Attack", "Surprise Contact", "Ambush")


@pytest.mark.parametrize("card", PLAIN_LOST + VS_SUPPORT)
def test_lost_action_cards_end_the_phase(card: str) -> None:
    st = new()
    give(st, 1, card)
    give(st, 0)
    attack(st, "Panther", "M4 Sherman")
    assert f"play:{slug(card)}" in ids(st)
    play(st, card)
    if st.phase == P_NEGATE:  # a Morale card: Rally could negate it
        st.apply("pass")
    assert st.att == -1 and st.casualty == [[], []]
    assert [st.R.fname[c] for c in st.in_play[0]] == ["Panther"]


@pytest.mark.parametrize("card", END_TURN)
def test_end_turn_cards(card: str) -> None:
    st = new()
    give(st, 1, card)
    give(st, 0, "Radio")
    attack(st, "Panther", "M4 Sherman")
    play(st, card)
    assert st.active == 1 and st.phase == P_MANEUVER


def test_only_vs_support_cards_against_a_support_attack() -> None:
    st = new()
    every = [*PLAIN_LOST, *VS_SUPPORT, *END_TURN, "Breakdown", "Anti-Tank Mine"]
    give(st, 1, *every[:12])
    attack(st, "150mm s FH 18", "M4 Sherman")
    assert ids(st) == ["pass"]
    give(st, 1, *VS_SUPPORT, "Breakdown", "Anti-Tank Mine", "Ambush", "Smoke")
    assert sorted(ids(st)) == sorted(["pass"] + [f"play:{slug(c)}" for c in VS_SUPPORT])
    play(st, "Camouflage")
    assert [st.R.fname[c] for c in st.casualty[0]] == ["150mm s FH 18"]  # support: casualty at phase end


cover("Buttoned Down")


def test_buttoned_down_only_against_an_attacking_tank() -> None:
    st = new()
    give(st, 1, "Buttoned Down")
    attack(st, "Panther", "M4 Sherman")
    assert "play:buttoned-down" in ids(st)
    st2 = new()
    give(st2, 1, "Buttoned Down")
    attack(st2, "StgIIIf", "M4 Sherman")
    assert ids(st2) == ["pass"]


cover("Soft Ground")


def test_soft_ground_only_against_a_heavy_tank() -> None:
    st = new()
    give(st, 1, "Soft Ground")
    attack(st, "Tiger", "M4 Sherman")
    assert "play:soft-ground" in ids(st)
    st2 = new()
    give(st2, 1, "Soft Ground")
    attack(st2, "Panther", "M4 Sherman")
    assert ids(st2) == ["pass"]


cover("Tanks vs Infantry")


def test_tanks_vs_infantry_only_when_a_tank_attacks_infantry() -> None:
    st = new()
    give(st, 1, "Tanks vs Infantry")
    attack(st, "Panther", "Infantry Platoon")
    play(st, "Tanks vs Infantry")
    assert st.att == -1
    st2 = new()
    give(st2, 1, "Tanks vs Infantry")
    attack(st2, "Panther", "M10")
    assert ids(st2) == ["pass"]


cover("Air Superiority")


def test_air_superiority_only_anglos_against_germans() -> None:
    st = new()  # German attacks, American defends
    give(st, 1, "Air Superiority")
    attack(st, "Panther", "M4 Sherman")
    assert "play:air-superiority" in ids(st)
    st2 = new(deck0="british", deck1="american")
    give(st2, 1, "Air Superiority")
    attack(st2, "M4 Sherman", "M4 Sherman")
    assert ids(st2) == ["pass"]
    st3 = new(deck0="american", deck1="german")
    give(st3, 1, "Air Superiority")
    attack(st3, "M4 Sherman", "Panther")
    assert ids(st3) == ["pass"]


cover("Anti-Tank Mine")


def test_anti_tank_mine_only_against_vehicles() -> None:
    st = new()
    give(st, 1, "Anti-Tank Mine")
    attack(st, "StgIIIf", "M4 Sherman")
    play(st, "Anti-Tank Mine")
    assert [st.R.fname[c] for c in st.casualty[0]] == ["StgIIIf"]
    st2 = new()
    give(st2, 1, "Anti-Tank Mine")
    attack(st2, "Panzergrenadiers", "M4 Sherman")
    assert ids(st2) == ["pass"]


# -- After a failed attack (clause 8.5) -----------------------------------------------
DAMAGE = cover(
    "Grenade down the Hatch", "Barrel Damaged", "Treads Damaged", "Commander Killed", "Turret Jammed", "Abandon Tank"
)


def _failed(attacker: str, target: str, hand: tuple[str, ...], **opts: str) -> object:
    st = new(**opts)
    give(st, 0, *hand)
    give(st, 1)
    to_modifiers(st, attacker, target)
    st.apply("pass")
    st.apply("pass")
    assert st.phase == P_OOA
    return st


def test_out_of_action_cards_against_a_tank_by_infantry() -> None:
    st = _failed("Panzergrenadiers", "M4 Sherman", DAMAGE)
    assert sorted(ids(st)) == sorted(["pass"] + [f"play:{slug(c)}" for c in DAMAGE])
    play(st, "Turret Jammed")
    assert [st.R.fname[c] for c in st.casualty[1]] == ["M4 Sherman"]


def test_out_of_action_restrictions_by_target() -> None:
    st = new()
    give(st, 0, *DAMAGE)
    give(st, 1, "Rugged Defense")
    to_modifiers(st, "Panther", "57mm")  # pen 12 vs 2: the defender plays Rugged Defense (-8) -> 4 >= 2
    st.apply("pass")
    play(st, "Rugged Defense")
    assert st.attack_factor() == 4
    # a gun: barrel and commander only; an infantry attacker is needed for the grenade anyway
    st2 = new()
    give(st2, 0, *DAMAGE)
    give(st2, 1)
    to_modifiers(st2, "Panzerschrek Team", "Infantry Platoon")  # inf 1 vs 3
    st2.apply("pass")
    st2.apply("pass")
    assert ids(st2) == ["pass", "play:commander-killed"]
    st3 = new()
    give(st3, 0, *DAMAGE)
    give(st3, 1, "Rugged Defense")
    to_modifiers(st3, "Panzergrenadiers", "57mm")  # pen 1 vs 2
    st3.apply("pass")
    st3.apply("pass")
    assert sorted(ids(st3)) == ["pass", "play:barrel-damaged", "play:commander-killed"]
    st4 = new()
    give(st4, 0, *DAMAGE)
    give(st4, 1)
    to_modifiers(st4, "Panzergrenadiers", "M8")  # armored car: vehicle, not tank
    st4.apply("pass")
    st4.apply("pass")
    assert sorted(ids(st4)) == ["pass", "play:barrel-damaged", "play:commander-killed", "play:treads-damaged"]


cover("Rally")


def test_abandon_tank_can_be_negated_by_rally() -> None:
    st = _failed("Panzergrenadiers", "M4 Sherman", ("Abandon Tank",))
    give(st, 1, "Rally")
    play(st, "Abandon Tank")
    assert st.phase == P_NEGATE and st.current_player == 1
    play(st, "Rally")
    assert st.phase == P_NEGATE and st.current_player == 0  # Rally is a Morale card too
    st.apply("pass")
    assert (st.casualty[1] == [] and st.phase == P_FREE) or st.active == 1


cover("Professionalism")


def test_professionalism_only_for_the_german_player() -> None:
    st = _failed("Infantry Platoon", "Panther", ("Abandon Tank",), deck0="american", deck1="german")
    give(st, 1, "Professionalism", "Rally")
    play(st, "Abandon Tank")
    assert sorted(ids(st)) == ["pass", "play:professionalism", "play:rally"]
    play(st, "Professionalism")
    st.apply("pass")
    assert st.casualty[1] == []
    st2 = _failed("Panzergrenadiers", "M4 Sherman", ("Abandon Tank",))
    give(st2, 1, "Professionalism")
    play(st2, "Abandon Tank")
    assert ids(st2) == ["pass"]


def test_a_negated_negation_restores_the_first_card() -> None:
    st = new()
    give(st, 1, "Suppressed", "Rally")
    give(st, 0, "Professionalism")
    attack(st, "Panther", "M4 Sherman")
    play(st, "Suppressed")
    play(st, "Professionalism")  # the German seat 0 negates Suppressed
    play(st, "Rally")  # seat 1 negates that negation
    assert st.current_player == 0 and ids(st) == ["pass"]
    st.apply("pass")
    assert st.att == -1  # Suppressed took effect: the phase ended


def test_negated_lost_action_lets_the_attack_go_on() -> None:
    st = new()
    give(st, 1, "Shaken")
    give(st, 0, "Rally")
    attack(st, "Panther", "M4 Sherman")
    play(st, "Shaken")
    play(st, "Rally")
    st.apply("pass")  # seat 1 has no answer
    assert st.phase == P_MOD and st.current_player == 0


cover("Repairs")


def test_repairs_negates_a_hit_card() -> None:
    st = new()
    give(st, 0, "Topside Hit", "Flank Hit")
    give(st, 1, "Repairs")
    to_modifiers(st, "Panzergrenadiers", "M4 Sherman")
    play(st, "Topside Hit")
    play(st, "Repairs")
    assert st.phase == P_MOD and st.pmod == 0 and st.current_player == 1
    st.apply("pass")
    assert "play:flank-hit" not in ids(st)  # the Hit card was still played


cover("Breakdown")


def test_repairs_negates_breakdown() -> None:
    st = new()
    give(st, 0, "Repairs")
    give(st, 1, "Breakdown")
    attack(st, "Panther", "M4 Sherman")
    play(st, "Breakdown")
    play(st, "Repairs")
    assert st.phase == P_MOD and st.casualty[0] == []


# -- Free attack phase (clause 10) ---------------------------------------------------
PLAIN_FA = cover(
    "Veteran Unit", "Air Drop Supplies", "Supply Depot", "Forward Observer", "Radio", "Crossfire",
    "Seasoned Commander", "Combat Engineers", "Indirect Fire", "Reconaissance", "Opportunity Fire",
    "Concentrate Force", "Trapped", "Roads", "Bridge Crossing",
)  # fmt: skip
LIGHT_MED = cover("Fast Tank", "Overrun", "Surrounded", "Breakthrough", "Blitzkrieg", "Outmaneuver")


def _after_attack(attacker: str, target: str, hand: tuple[str, ...], **opts: str) -> object:
    st = new(**opts)
    give(st, 0, *hand)
    give(st, 1)
    to_modifiers(st, attacker, target)
    st.apply("pass")
    st.apply("pass")
    if st.phase == P_OOA:
        st.apply("pass")
    assert st.phase == P_FREE
    return st


@pytest.mark.parametrize("card", PLAIN_FA)
def test_free_action_cards(card: str) -> None:
    opts = {"deck0": "british", "deck1": "american"} if card == "Air Drop Supplies" else {}
    st = _after_attack("PzIVh" if not opts else "M4 Sherman", "M10", (card,), **opts)
    play(st, card)
    if st.phase == P_NEGATE:
        st.apply("pass")
    assert st.phase == P_TARGET and len(st.in_play[0]) == 2


def test_air_drop_supplies_only_for_anglos() -> None:
    st = _after_attack("PzIVh", "M10", ("Air Drop Supplies",))
    assert ids(st) == ["pass"]


def test_veteran_unit_negated_ends_the_turn() -> None:
    st = _after_attack("PzIVh", "M10", ("Veteran Unit",))
    give(st, 1, "Rally")
    play(st, "Veteran Unit")
    play(st, "Rally")
    st.apply("pass")
    assert st.active == 1 and st.phase == P_MANEUVER


@pytest.mark.parametrize("card", LIGHT_MED)
def test_light_medium_tank_free_actions(card: str) -> None:
    st = _after_attack("PzIVh", "M10", (card,))
    assert f"play:{slug(card)}" in ids(st)
    st2 = _after_attack("Tiger", "M10", (card,))
    assert ids(st2) == ["pass"]


def test_blitzkrieg_only_for_germans() -> None:
    st = _after_attack("M4 Sherman", "PzIVh", ("Blitzkrieg", "Fast Tank"), deck0="american", deck1="german")
    assert ids(st) == ["pass", "play:fast-tank"]


cover("Infantry vs Tanks")


def test_infantry_vs_tanks_free_action() -> None:
    st = _after_attack("Panzergrenadiers", "M4 Sherman", ("Infantry vs Tanks",))
    assert "play:infantry-vs-tanks" in ids(st)
    st2 = _after_attack("Panther", "M4 Sherman", ("Infantry vs Tanks",))
    assert ids(st2) == ["pass"]


@pytest.mark.parametrize("card", cover("Quick Kill", "High Rate of Fire"))
def test_same_unit_free_actions(card: str) -> None:
    st = _after_attack("Panzergrenadiers", "M4 Sherman", (card,))
    first = st.in_play[0][0]
    play(st, card)
    assert st.phase == P_SAME
    assert sorted(ids(st)) == ["attacker:deck", "attacker:panzergrenadiers"]
    st.apply("attacker:panzergrenadiers")
    assert st.att == first and st.phase == P_TARGET and len(st.in_play[0]) == 1


cover("Fast Turret Traverse")


def test_fast_turret_traverse_anglo_tank_same_unit_only() -> None:
    st = _after_attack("M4 Sherman", "PzIVh", ("Fast Turret Traverse",), deck0="british", deck1="german")
    play(st, "Fast Turret Traverse")
    assert ids(st) == ["attacker:m4-sherman"]
    st2 = _after_attack("Archer", "PzIVh", ("Fast Turret Traverse",), deck0="british", deck1="german")
    assert ids(st2) == ["pass"]
    st3 = _after_attack("Panther", "M10", ("Fast Turret Traverse",))
    assert ids(st3) == ["pass"]


# -- Reserves and Reinforcements (clause 14) ---------------------------------------------
@pytest.mark.parametrize("card", cover("Reserves", "Reinforcements"))
def test_reserves_put_the_top_casualty_under_the_reserve_pile(card: str) -> None:
    st = new()
    give(st, 0, card)
    assert ids(st) == ["pass"]  # empty casualty pile: no effect, not playable
    put(st, 0, "Tiger", st.casualty[0])
    last = put(st, 0, "Panther", st.casualty[0])
    put(st, 0, "PzIVh", st.reserve[0])
    play(st, card)
    assert st.reserve[0][0] == last and [st.R.fname[c] for c in st.casualty[0]] == ["Tiger"]
    assert st.phase == P_MANEUVER


def test_every_tactics_card_is_covered() -> None:
    st = new()
    missing = sorted(set(st.R.tname) - COVERED)
    assert not missing, missing
    assert len(COVERED) == 92


def test_lost_attack_window_always_offered() -> None:
    st = new()
    give(st, 1)
    attack(st, "Panther", "M4 Sherman")
    assert st.phase == P_LOST and ids(st) == ["pass"]  # even with an empty hand: hands stay hidden
