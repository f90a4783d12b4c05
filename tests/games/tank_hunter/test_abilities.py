"""Abilities (§10), optional rules (§11) and exhaustion (§7)."""

from __future__ import annotations

from pathlib import Path

from hulldown.games.tank_hunter.cards import load_cards
from hulldown.games.tank_hunter.state import ADVANCE, MAIN, TankHunterState
from tests.games.tank_hunter.helpers import ids, play, table, types, unit


def test_scouting_reveals_as_many_as_the_roll_chosen_by_the_scout() -> None:
    s = table(
        front={0: ["Puma"], 1: ["M4 Sherman", "Cromwell", "Panther"]}, hidden=("M4 Sherman", "Cromwell", "Panther")
    )
    s.script_chance(2)
    play(s, "scout:0:1")
    assert ids(s) == ["spot:0", "spot:1", "spot:2"]
    play(s, "spot:2", "spot:0")
    assert [s.revealed[u] for u in s.front[1]] == [True, False, True]


def test_failed_scouting_allows_a_counter_but_not_by_turretless_tanks() -> None:
    s = table(front={0: ["Puma"], 1: ["StuG III", "Cromwell"]}, hidden=("StuG III", "Cromwell"))
    s.script_chance(6)
    play(s, "scout:0:1")
    assert s.current_player == 1 and ids(s) == ["scounter:none", "scounter:1"]
    s.script_chance(1)
    ev = play(s, "scounter:1")
    assert "revealed" in types(ev) and s.points(1) == 2


def test_anti_air_counter_before_the_strike_discards_it() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, rear={1: ["61-K"]}, hands={0: ["Stuka Attack"]})
    play(s, "play:0", "tgt:1:f:0")
    assert s.current_player == 1 and "aa:r:0" in ids(s)
    s.script_chance(4)
    ev = play(s, "aa:r:0")
    assert "strike-cancelled" in types(ev) and s.front[1]
    assert s.ev(s.discard[-1]).name == "Stuka Attack"


def test_each_anti_air_unit_counters_a_strike_once() -> None:
    s = table(
        front={0: ["Panther"], 1: ["M4 Sherman"]},
        rear={1: ["M45 Quadmount", "Bofors 40 mm"]},
        hands={0: ["Stuka Attack"]},
    )
    play(s, "play:0", "tgt:1:f:0")
    assert {"aa:r:0", "aa:r:1"} <= set(ids(s))
    s.script_chance(5)  # a miss that leaves the quadmount its ammunition
    play(s, "aa:r:0")
    assert not s.ooa[unit(s, 1, "M45 Quadmount")]
    assert s.current_player == 1 and "aa:r:0" not in ids(s) and "aa:r:1" in ids(s)
    s.script_chance(5, 1)
    play(s, "aa:r:1")
    # both guns have countered: the strike goes ahead without asking again
    assert not [a for a in ids(s) if a.startswith("aa:")]
    assert s.front[1] == [] and s.points(0) == 3


def test_face_down_anti_air_may_be_revealed_to_counter_the_strike() -> None:
    s = table(
        front={0: ["Panther"], 1: ["M4 Sherman"]},
        rear={1: ["M45 Quadmount", "Cromwell"]},
        hands={0: ["Stuka Attack"]},
        hidden=("M45 Quadmount", "Cromwell"),
    )
    play(s, "play:0", "tgt:1:f:0")
    # only the anti-air unit is offered to be turned up; the decision itself is declared a reveal
    assert s.current_player == 1 and ids(s) == ["aa:done", "reveal:r:0"]
    assert s.last_decision_revealed
    play(s, "reveal:r:0")
    assert s.current_player == 1 and ids(s) == ["aa:done", "aa:r:0"]
    s.script_chance(2)
    ev = play(s, "aa:r:0")
    assert "strike-cancelled" in types(ev) and s.front[1] and s.points(0) == 0


def test_a_revealed_anti_air_unit_counters_once_like_the_others() -> None:
    s = table(
        front={0: ["Panther"], 1: ["M4 Sherman"]},
        rear={1: ["M45 Quadmount"]},
        hands={0: ["Stuka Attack"]},
        hidden=("M45 Quadmount",),
    )
    play(s, "play:0", "tgt:1:f:0", "reveal:r:0")
    s.script_chance(5, 1)  # a miss with ammunition left, then the strike's die
    play(s, "aa:r:0")
    assert s.front[1] == [] and s.points(0) == 3  # asked once, then the strike hit


def test_no_face_down_anti_air_means_no_anti_air_decision() -> None:
    s = table(
        front={0: ["Panther"], 1: ["M4 Sherman"]},
        rear={1: ["Cromwell"]},
        hands={0: ["Stuka Attack"]},
        hidden=("Cromwell",),
    )
    s.script_chance(1)
    play(s, "play:0", "tgt:1:f:0")
    assert s.points(0) == 3


def test_air_strike_without_anti_air_hits() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman", "Cromwell"]}, hands={0: ["Stuka Attack"]})
    s.script_chance(3)
    play(s, "play:0", "tgt:1:f:0")
    assert s.points(0) == 3


def test_rear_line_units_cannot_attack_or_be_attacked_normally() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, rear={0: ["Pak 40"], 1: ["ZiS-3"]})
    attacks = [a for a in ids(s) if a.startswith("attack")]
    assert attacks == ["attack:f:0:1:f:0:aa"]


def test_leadership_two_dice_lowest_both_checked_for_ammo() -> None:
    s = table(front={0: ["Tiger I", "Panther"], 1: ["M4 Sherman", "Cromwell"]})
    play(s, "attack:f:1:1:f:0:aa")
    assert "fire:1:lead" in ids(s)
    s.script_chance(6, 2)
    ev = play(s, "fire:1:lead")
    shot = next(e for e in ev if e["type"] == "shot")
    assert shot["rolls"] == [6, 2] and shot["hit"]
    assert s.ooa[unit(s, 0, "Panther")] and s.exhausted[unit(s, 0, "Tiger I")]


def test_leadership_unit_untargetable_behind_other_units() -> None:
    s = table(front={0: ["Panther"], 1: ["Tiger I", "Cromwell"]})
    assert "attack:f:0:1:f:0:aa" not in ids(s) and "attack:f:0:1:f:1:aa" in ids(s)


def test_evading_optional_rule() -> None:
    s = table(
        front={0: ["Panther", "Cromwell", "KV-1"], 1: ["M18 Hellcat", "M4 Sherman"]},
        options={"evading": True},
        hidden=("KV-1",),
    )
    s.script_chance(1)
    play(s, "attack:f:0:1:f:0:aa")
    assert s.current_player == 1 and ids(s) == ["evade:yes", "evade:no"]
    s.script_chance(3)
    ev = play(s, "evade:yes")
    hell = unit(s, 1, "M18 Hellcat")
    assert hell in s.front[1] and s.evaded[hell]
    assert not s.can_fight(hell)  # no counter after evading
    assert "post_ask" not in [c.stage for c in s.stack] and "evade" in types(ev)


def test_successful_evade_ends_the_whole_salvo(tmp_path: Path) -> None:
    text = Path(load_cards().path).read_text(encoding="utf-8")
    printed = 'name = "Panther", kind = "AFV", nation = "German", points = 5, defence = 3, supply = 5, '
    printed += 'anti_armour = "6"'
    assert printed in text
    cards = tmp_path / "cards.toml"
    cards.write_text(text.replace(printed, printed.replace('"6"', '"6x3"')), "utf-8")  # three shots a salvo
    s = table(
        front={0: ["Panther", "Cromwell"], 1: ["M18 Hellcat", "M4 Sherman"]},
        options={"evading": True, "cards": str(cards)},
    )
    play(s, "attack:f:0:1:f:0:aa")
    s.script_chance(1)
    play(s, "fire:3")
    assert ids(s) == ["evade:yes", "evade:no"]
    s.script_chance(1, 1, 1)
    ev = play(s, "evade:yes")
    assert types(ev).count("shot") == 0
    assert "evade:yes" not in ids(s) and unit(s, 1, "M18 Hellcat") in s.front[1]


def test_evading_off_means_no_decision() -> None:
    s = table(front={0: ["Panther", "Cromwell"], 1: ["M18 Hellcat", "M4 Sherman"]})
    s.script_chance(1)
    play(s, "attack:f:0:1:f:0:aa")
    assert s.points(0) == 3


def test_charge_counter_first_plus_one_attack_plus_two() -> None:
    s = table(front={0: ["Cromwell", "Panther"], 1: ["M4 Sherman", "Churchill"]}, options={"charge": True})
    play(s, "attack:f:0:1:f:0:aa")
    assert "fire:1:charge" in ids(s)
    play(s, "fire:1:charge")
    assert s.stack[-1].stage == "pre_ask"
    s.script_chance(4, 4)  # counter needs 2 + 1 = 3: miss; attack needs 2 + 2 = 4: hit
    ev = play(s, "counter:1")
    needs = [e["need"] for e in ev if e["type"] == "shot"]
    assert needs == [3, 4] and s.points(0) == 3


def test_amphibian_ignores_one_water_card_and_checks_ammo() -> None:
    s = table(front={0: ["T-38", "Panther"], 1: ["M4 Sherman"]})
    swamp = next(c for c in s.event_deck if s.ev(c).name == "Swamp")
    s.event_deck.remove(swamp)
    s.deployed[1].append(swamp)
    s._legal_cache = None
    panther, sherman = unit(s, 0, "Panther"), unit(s, 1, "M4 Sherman")
    assert s.target_number(panther, sherman, "aa", 0) == 3
    s.script_chance(1)
    play(s, "amph:f:0:0")
    assert s.target_number(panther, sherman, "aa", 0) == 4
    assert s.exhausted[unit(s, 0, "T-38")]


def test_transportation_conceals_inf_and_pulling_moves_gun_to_rear() -> None:
    s = table(front={0: ["Universal Carrier", "Grenadiers", "Flakvierling 38"], 1: ["M4 Sherman"]})
    s.script_chance(1)
    play(s, "carry:f:0:conceal:f:1")
    assert not s.revealed[unit(s, 0, "Grenadiers")]
    assert not [a for a in ids(s) if a.startswith("carry")]  # exhausted
    s.exhausted[unit(s, 0, "Universal Carrier")] = False
    s._legal_cache = None
    s.script_chance(1)
    play(s, "carry:f:0:rear:f:2")
    assert unit(s, 0, "Flakvierling 38") in s.rear[0]


def test_exhausted_cards_refresh_before_their_owners_turn() -> None:
    s = table(front={0: ["Tiger I", "Panther"], 1: ["M4 Sherman"]})
    tiger = unit(s, 0, "Tiger I")
    s.exhausted[tiger] = True
    play(s, "wait")
    s.turn, s.phase, s.acted, s._legal_cache = 1, MAIN, True, None
    play(s, "end")
    assert s.turn == 0 and not s.exhausted[tiger]


def test_before_turn_advance_one_rear_unit() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, rear={0: ["Pak 40"]}, turn=1)
    s.acted = True
    s._legal_cache = None
    play(s, "end")
    assert s.phase == ADVANCE and ids(s) == ["advance:none", "advance:0"]
    play(s, "advance:0")
    assert unit(s, 0, "Pak 40") in s.front[0]


def test_rear_becomes_front_when_front_empty() -> None:
    s = table(front={1: ["M4 Sherman"]}, rear={0: ["Pak 40", "ZiS-3"]}, turn=1)
    s.acted = True
    s._legal_cache = None
    s.rear[0][0], s.rear[0][1] = s.rear[0][0], s.rear[0][1]
    s.ooa[unit(s, 0, "Pak 40")] = s.ooa[unit(s, 0, "ZiS-3")] = True  # cannot advance
    play(s, "end")
    assert s.phase == MAIN and len(s.front[0]) == 2 and not s.rear[0]


def test_commanders_rally_and_are_drawn_face_up_then_redraw() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, hands={0: ["Reinforcements"]}, options={"commanders": True})
    cmd = next(u for u in s.unit_deck if s.udefs[u].name == "Hauptmann")
    s.unit_deck.remove(cmd)
    s.unit_deck.append(cmd)  # on top
    ev = play(s, "play:0")
    assert cmd in s.command[0] and s.revealed[cmd] and "commander" in types(ev)
    assert ids(s)[0] == "put:front"
    play(s, "put:front")
    assert len(s.front[0]) == 2
    s.pinned[s.front[0][0]] = True
    s._legal_cache = None
    play(s, "cmd:0:f:0")
    assert not s.pinned[s.front[0][0]] and s.cmd_exhausted[cmd]


def test_before_turn_discard_three_events_to_resupply() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, hands={0: ["Rally", "Ambush", "Resupply", "Sabotage"]}, turn=1)
    panther = unit(s, 0, "Panther")
    s.ooa[panther] = True
    s.acted = True
    s._legal_cache = None
    play(s, "end", "pass")  # the turn's end: seat 0 could still play Rally or Resupply
    assert ids(s) == ["supply:none", "supply:ammo:f:0"]
    play(s, "supply:ammo:f:0")
    assert ids(s) == ["discard:0", "discard:1", "discard:2", "discard:3"]
    play(s, "discard:0", "discard:0", "discard:0")
    assert not s.ooa[panther] and len(s.hand[0]) == 1 and s.phase == MAIN


def _give_commander(s: TankHunterState, name: str, p: int) -> int:
    cmd = next(u for u in s.unit_deck if s.udefs[u].name == name)
    s.unit_deck.remove(cmd)
    s.owner[cmd] = p
    s.revealed[cmd] = True
    s.command[p].append(cmd)
    s._legal_cache = None
    return cmd


def test_commanders_resupply_intel_and_logistics_exhaust_on_use() -> None:
    s = table(
        front={0: ["Panther"], 1: ["M4 Sherman", "Cromwell"]},
        hidden=("Cromwell",),
        options={"commanders": True},
    )
    panther = unit(s, 0, "Panther")
    s.ooa[panther] = True
    brigadier = _give_commander(s, "Brigadier", 0)
    polkovnik = _give_commander(s, "Polkovnik", 0)
    colonel = _give_commander(s, "Colonel", 0)
    legal = ids(s)
    assert "cmd:0:f:0" in legal and "cmd:1:1:1" in legal and "cmd:2" in legal
    play(s, "cmd:0:f:0")  # Brigadier: resupply
    assert not s.ooa[panther] and s.cmd_exhausted[brigadier]
    assert not any(a.startswith("cmd:0") for a in ids(s))
    ev = play(s, "cmd:1:1:1")  # Polkovnik: intel reveals a face-down enemy front unit
    assert s.revealed[unit(s, 1, "Cromwell")] and s.cmd_exhausted[polkovnik] and "revealed" in types(ev)
    hand = len(s.hand[0])
    play(s, "cmd:2")  # Colonel: logistics draws an event card
    assert s.cmd_exhausted[colonel] and (len(s.hand[0]) == hand + 1 or s.stack)
    assert not s.acted  # commanders do not use the turn's action


def test_a_player_left_with_only_commanders_is_out_when_his_last_unit_falls() -> None:
    s = table(front={0: ["Panther", "Cromwell"], 1: ["M4 Sherman"]}, players=3, options={"commanders": True})
    s.front[2].append(s.unit_deck.pop(next(i for i, u in enumerate(s.unit_deck) if s.udefs[u].kind != "COMMANDER")))
    s.owner[s.front[2][0]] = 2
    _give_commander(s, "Brigadier", 1)
    s._legal_cache = None
    s.script_chance(1)
    ev = play(s, "attack:f:0:1:f:0:aa")
    assert {"type": "eliminated", "to": "all", "seat": 1} in ev
    assert s.out[1] and s.command[1] and not s.is_over


def test_hidden_units_are_rearranged_only_when_another_seat_has_seen_one() -> None:
    for seen in (True, False):
        s = table(
            front={0: ["Panther"], 1: ["M4 Sherman", "Cromwell", "T-34/76"]},
            hidden=("M4 Sherman", "Cromwell", "T-34/76"),
        )
        sherman = unit(s, 1, "M4 Sherman")
        s.seen[sherman] = seen
        s.acted = True
        s._legal_cache = None
        play(s, "end")
        assert s.turn == 1 and s.current_player == 1
        if not seen:
            assert not any(a.startswith(("swap", "arrange")) for a in ids(s))
            continue
        assert ids(s) == ["arrange:done", "swap:f:0:1", "swap:f:0:2", "swap:f:1:2"]
        play(s, "swap:f:0:1", "swap:f:1:2")  # two swaps: one fewer than the three hidden units
        assert s.front[1][2] == sherman
        assert not any(a.startswith(("swap", "arrange")) for a in ids(s))
