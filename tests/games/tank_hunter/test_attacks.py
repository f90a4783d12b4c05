"""The attack chart (§5), salvos (§6.1), ammunition and pins (§6.4), long range and paratroops (§9)."""

from __future__ import annotations

from hulldown.games.tank_hunter.state import MAIN
from tests.games.tank_hunter.helpers import ids, play, table, types, unit


def test_afv_vs_afv_anti_armour_destroys_and_scores() -> None:
    s = table(front={0: ["Panzer IV Ausf. H"], 1: ["M4 Sherman"]})
    s.script_chance(2)  # need 4 - 2 = 2
    ev = play(s, "attack:f:0:1:f:0:aa")
    assert "destroyed" in types(ev)
    assert s.points(0) == 3 and not s.front[1]
    assert s.is_over and s.returns() == [1.0, -1.0]


def test_afv_vs_afv_miss_then_counter_after() -> None:
    s = table(front={0: ["Panzer IV Ausf. H", "Panther"], 1: ["M4 Sherman", "Cromwell"]})
    s.script_chance(3)
    play(s, "attack:f:0:1:f:0:aa")
    assert s.current_player == 1 and "counter:1" in ids(s)
    s.script_chance(1)
    ev = play(s, "counter:1")
    assert any(e["type"] == "counter" and e["attack"] == "anti-armour" for e in ev)
    assert s.points(1) == 3


def test_gun_target_counters_first_and_can_stop_the_attack() -> None:
    s = table(front={0: ["Panzer IV Ausf. H", "Panther"], 1: ["Pak 40", "Cromwell"]})
    play(s, "attack:f:0:1:f:0:gr")
    assert s.stack[-1].stage == "pre_ask" and s.current_player == 1
    s.script_chance(1)  # Pak 40: anti-armour 4 - armour 2
    ev = play(s, "counter:1")
    assert types(ev).count("shot") == 1  # the tank never fires
    assert s.points(1) == 3


def test_afv_trample_after_failed_gun_counter_destroys() -> None:
    s = table(front={0: ["T-34/76", "Panther"], 1: ["Flakvierling 38", "Cromwell"]})
    play(s, "attack:f:0:1:f:0:tr")
    s.script_chance(6, 1)  # counter misses (and runs out of ammo), trample 3 - 2 = 1 hits
    ev = play(s, "counter:1")
    assert "out-of-ammo" in types(ev) and "destroyed" in types(ev)
    assert s.points(0) == 2


def test_grenade_pins_and_second_pin_destroys_no_inf_counter() -> None:
    s = table(front={0: ["SU-152", "Panther"], 1: ["Tank Desant", "Cromwell"]})
    desant = unit(s, 1, "Tank Desant")
    s.script_chance(1)
    ev = play(s, "attack:f:0:1:f:0:gr")
    assert s.pinned[desant] and "counter" not in types(ev)
    assert s.current_player == 1  # nothing left to do: the turn ended by itself
    s.turn, s.phase, s.acted, s._legal_cache = 0, MAIN, False, None
    s.script_chance(1)
    play(s, "attack:f:0:1:f:0:gr")
    assert s.points(0) == 1


def test_trample_on_inf_is_countered_after_by_suicide() -> None:
    s = table(front={0: ["T-34/76", "Panther"], 1: ["Tank Desant", "Cromwell"]})
    s.script_chance(2)
    play(s, "attack:f:0:1:f:0:tr")
    assert s.stack[-1].stage == "post_ask"
    s.script_chance(3)
    ev = play(s, "counter:1")
    assert any(e.get("attack") == "suicide" for e in ev if e["type"] == "counter")
    assert s.points(1) == 3


def test_gun_vs_afv_is_countered_by_grenade_never_trample() -> None:
    s = table(front={0: ["Pak 40", "Panther"], 1: ["M4 Sherman", "Cromwell"]})
    pak = unit(s, 0, "Pak 40")
    s.script_chance(5)  # miss (need 2) and out of ammo (supply 5)
    play(s, "attack:f:0:1:f:0:aa")
    assert s.ooa[pak]
    s.script_chance(1)
    ev = play(s, "counter:1")
    assert [e["attack"] for e in ev if e["type"] == "counter"] == ["grenade"]


def test_gun_vs_gun_counter_first_with_grenade() -> None:
    s = table(front={0: ["ZiS-3", "Panther"], 1: ["Pak 40", "Cromwell"]})
    play(s, "attack:f:0:1:f:0:gr")
    assert s.stack[-1].stage == "pre_ask"
    s.script_chance(6, 6)
    ev = play(s, "counter:1")
    assert [e["attack"] for e in ev if e["type"] == "counter"] == ["grenade"]
    assert types(ev).count("shot") == 2


def test_gun_vs_inf_grenade_has_no_counter() -> None:
    s = table(front={0: ["8.8 cm Flak", "Panther"], 1: ["Tank Desant", "Cromwell"]})
    s.script_chance(6)
    ev = play(s, "attack:f:0:1:f:0:gr")
    assert "counter" not in types(ev) and not s.stack


def test_inf_suicide_no_defence_open_top_plus_one_no_counter() -> None:
    s = table(front={0: ["Panzerschreck Team", "Panther"], 1: ["Marder III", "Cromwell"]})
    s.script_chance(5)  # suicide 4 + 1 against an open top
    ev = play(s, "attack:f:0:1:f:0:su")
    assert "destroyed" in types(ev) and "counter" not in types(ev)


def test_inf_vs_gun_gunfight_gun_counters_first() -> None:
    s = table(front={0: ["Fallschirmjäger", "Panther"], 1: ["8.8 cm Flak", "Cromwell"]})
    play(s, "attack:f:0:1:f:0:gf")
    assert s.stack[-1].stage == "pre_ask"
    s.script_chance(6, 1)
    ev = play(s, "counter:1")
    assert "destroyed" in types(ev) and s.points(0) == 4


def test_inf_vs_inf_gunfight_counter_after() -> None:
    s = table(front={0: ["Snipers", "Panther"], 1: ["Tank Desant", "Cromwell"]})
    s.script_chance(2)
    play(s, "attack:f:0:1:f:0:gf")
    assert s.stack[-1].stage == "post_ask"
    s.script_chance(6)
    ev = play(s, "counter:1")
    assert [e["attack"] for e in ev if e["type"] == "counter"] == ["gunfight"]


def test_salvo_shots_chosen_before_rolling_one_counter() -> None:
    s = table(front={0: ["Sd.Kfz. 251", "Panther"], 1: ["Tank Desant", "Cromwell"]})
    play(s, "attack:f:0:1:f:0:gr")
    assert ids(s) == ["fire:1", "fire:2", "fire:3"]
    s.script_chance(6, 6)
    ev = play(s, "fire:2")
    assert types(ev).count("shot") == 2
    assert types(ev).count("out-of-ammo") == 1  # marked once, the salvo still finishes


def test_out_of_ammo_twice_removes_without_points() -> None:
    s = table(front={0: ["Tiger I", "Panther"], 1: ["M4 Sherman", "Cromwell"]}, hands={0: ["Sabotage"]})
    sherman = unit(s, 1, "M4 Sherman")
    s.ooa[sherman] = True
    play(s, "play:0", "tgt:1:f:0")
    assert sherman in s.removed and s.points(0) == 0


def test_no_value_below_zero() -> None:
    s = table(front={0: ["Sd.Kfz. 7", "Panther"], 1: ["M4 Sherman"]})
    att = unit(s, 0, "Sd.Kfz. 7")
    tgt = unit(s, 1, "M4 Sherman")
    s.deployed[0].append(next(c for c in s.event_deck if s.ev(c).name == "Swamp"))
    s.event_deck.remove(s.deployed[0][0])
    assert s.salvo(att, "aa")[0] == 0
    assert s.target_number(att, tgt, "aa", 0) == -2


def test_long_range_from_rear_no_defence_spying_once_no_counter() -> None:
    s = table(front={0: ["Snipers"], 1: ["Tiger I"]}, rear={0: ["Wespe", "Forward Observers"]})
    s.script_chance(4)  # long range 3 + 1 for spying (two spies, no stacking)
    ev = play(s, "attack:r:0:1:f:0:lr")
    assert "destroyed" in types(ev) and "counter" not in types(ev)


def test_paratroopers_attack_rear_line_and_are_countered() -> None:
    s = table(front={0: ["Tiger I"], 1: ["Panther"]}, rear={0: ["Fallschirmjäger"], 1: ["Katyusha"]})
    assert "attack:r:0:1:r:0:gf" in ids(s)
    play(s, "attack:r:0:1:r:0:gf")
    assert s.stack[-1].stage == "pre_ask" and s.current_player == 1


def test_pinned_or_out_of_ammo_units_cannot_attack() -> None:
    s = table(front={0: ["Tiger I", "Panther"], 1: ["M4 Sherman"]})
    s.pinned[unit(s, 0, "Tiger I")] = True
    s.ooa[unit(s, 0, "Panther")] = True
    s._legal_cache = None
    assert not [a for a in ids(s) if a.startswith("attack")]


def test_hidden_units_cannot_attack_or_be_attacked_but_may_be_revealed() -> None:
    s = table(front={0: ["Tiger I"], 1: ["M4 Sherman"]}, hidden=("M4 Sherman",))
    assert not [a for a in ids(s) if a.startswith("attack")]
    s2 = table(front={0: ["Tiger I"], 1: ["M4 Sherman"]}, hidden=("Tiger I",))
    assert "reveal:f:0" in ids(s2)
    play(s2, "reveal:f:0")
    assert "attack:f:0:1:f:0:aa" in ids(s2)


def test_a_counter_may_be_declined_and_is_never_countered() -> None:
    s = table(front={0: ["Panzer IV Ausf. H", "Panther"], 1: ["M4 Sherman", "Cromwell"]})
    s.script_chance(6)  # a miss: the target may counter
    play(s, "attack:f:0:1:f:0:aa")
    assert s.current_player == 1 and {"counter:no", "counter:1"} <= set(ids(s))
    declined = s.clone()
    assert "shot" not in types(play(declined, "counter:no"))
    assert not any(a.startswith("counter") for a in ids(declined))
    s.script_chance(6)  # the counter misses too: the attacker gets no counter of its own
    ev = play(s, "counter:1")
    assert types(ev).count("shot") == 1
    assert not any(a.startswith("counter") for a in ids(s))
    assert s.front[0] and s.front[1] and s.points(0) == s.points(1) == 0
