"""Event cards (§8): colours, after-effects, windows and every designed effect."""

from __future__ import annotations

from pathlib import Path

from hulldown.games.tank_hunter.cards import load_cards
from tests.games.tank_hunter.helpers import ids, play, table, types, unit


def test_gray_only_on_own_turn_gold_in_others_window_smoke_cancels() -> None:
    s = table(
        front={0: ["Panther", "Cromwell"], 1: ["M4 Sherman", "Sherman Firefly"]},
        hands={1: ["Smoke Screen", "Stuka Attack"]},
    )
    play(s, "attack:f:0:1:f:0:aa")
    assert s.current_player == 1 and ids(s) == ["pass", "play:0"]  # the gray Stuka is not offered
    ev = play(s, "play:0")  # nothing left it may play: the seat is not asked again
    assert "attack-cancelled" in types(ev) and s.points(0) == 0
    assert s.turn == 1  # seat 0 had nothing left to do and seat 1 nothing to play: the turn passed


def test_red_card_is_played_when_drawn() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]})
    drop = next(c for c in s.event_deck if s.ev(c).name == "Supply Drop")
    s.event_deck.remove(drop)
    s.event_deck.append(drop)
    s.ooa[unit(s, 0, "Panther")] = True
    ev = play(s, "wait")
    assert "drew-red" in types(ev) and not s.ooa[unit(s, 0, "Panther")] and drop in s.discard


def test_third_carpet_bombing_ends_the_game() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]})
    s.cb_count = 2
    cb = next(c for c in s.event_deck if s.ev(c).name == "Carpet Bombing")
    s.event_deck.remove(cb)
    s.event_deck.append(cb)
    play(s, "wait")
    assert s.is_over and s.end_reason == "third Carpet Bombing" and cb in s.removed


def test_hand_limit_discard_first_and_deployed_field_depot() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, hands={0: ["Resupply", "Rally", "Ambush", "Field Depot"]})
    play(s, "play:3", "tgtp:0")
    assert s.hand_limit(0) == 4 and s.ev(s.deployed[0][0]).name == "Field Depot"
    s.hand[0].append(s.event_deck.pop(0))  # four in hand now
    top = s.event_deck[-1]
    play(s, "wait")
    assert s.current_player == 0 and ids(s)[0] == "discard:0"
    play(s, "discard:0")
    assert len(s.hand[0]) == 4 and (top in s.hand[0] or top in s.discard or top in s.removed or s.deployed[0])


def test_trench_attaches_and_raises_agility() -> None:
    s = table(front={0: ["Pak 40"], 1: ["M4 Sherman"]}, hands={0: ["Trench"]})
    pak = unit(s, 0, "Pak 40")
    d0 = s.defence(pak)
    play(s, "play:0", "tgt:0:f:0")
    assert s.defence(pak) == d0 + 1
    assert any(h == pak for h in s.attach_of)


def test_attached_cards_are_discarded_with_their_unit() -> None:
    s = table(front={0: ["Panther"], 1: ["Pak 40", "Cromwell"]}, hands={1: ["Trench"]})
    s.turn = 1
    s._legal_cache = None
    play(s, "play:0", "tgt:1:f:0")
    trench = next(i + s.nu for i, h in enumerate(s.attach_of) if h >= 0)
    s._destroy(unit(s, 1, "Pak 40"), 0, [])
    assert trench in s.discard and s.n_att == 0


def test_heavy_guns_and_veteran_crew_raise_attack_values() -> None:
    s = table(front={0: ["Pak 40", "Panther"], 1: ["M4 Sherman"]}, hands={0: ["Heavy Guns", "Veteran Crew"]})
    pak, panther = unit(s, 0, "Pak 40"), unit(s, 0, "Panther")
    play(s, "play:0", "tgt:0:f:0", "play:0", "tgt:0:f:1")
    assert s.salvo(pak, "aa")[0] == 5 and s.salvo(panther, "aa")[0] == 7


def test_heavy_artillery_support_one_die_per_front_unit_errata() -> None:
    s = table(
        front={0: ["Panther"], 1: ["M4 Sherman", "Cromwell", "Sherman Firefly"]},
        hands={0: ["Heavy Artillery Support"]},
        hidden=("Cromwell",),
    )
    s.script_chance(1, 6, 1)
    ev = play(s, "play:0", "tgtp:1")
    assert types(ev).count("barrage") == 3 and s.points(0) == 3 + 4


def test_escape_moves_gun_to_rear_face_down_and_cancels_the_attack() -> None:
    s = table(front={0: ["Panther", "Cromwell"], 1: ["Pak 40", "Sherman Firefly"]}, hands={1: ["Escape"]})
    play(s, "attack:f:0:1:f:0:gr")
    ev = play(s, "play:0", "tgt:1:f:0")
    pak = unit(s, 1, "Pak 40")
    assert pak in s.rear[1] and not s.revealed[pak]
    assert "attack-cancelled" in types(ev) and s.points(0) == 0


def test_camouflage_conceals_and_engineers_remove_a_deployed_card() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, hands={0: ["Camouflage", "Combat Engineers", "Flooded River"]})
    play(s, "play:2", "tgtp:1")
    assert s.deployed[1]
    play(s, "play:1", "tgte:0")
    assert not s.deployed[1]
    play(s, "play:0", "tgt:0:f:0")
    assert not s.revealed[unit(s, 0, "Panther")]


def test_recon_flight_and_mortar_and_sabotage_and_forced_march() -> None:
    s = table(
        front={0: ["Panther"], 1: ["M4 Sherman", "Grenadiers", "Cromwell"]},
        rear={0: ["Pak 40"]},
        hands={0: ["Recon Flight", "Mortar Fire", "Forced March"]},
        hidden=("M4 Sherman", "Cromwell"),
    )
    play(s, "play:0", "tgtp:1")
    assert ids(s) == ["spot:0", "spot:2"]
    play(s, "spot:0", "spot:2")
    s.script_chance(1)
    play(s, "play:0", "tgt:1:f:1")
    assert s.pinned[unit(s, 1, "Grenadiers")]
    play(s, "play:0", "tgt:0:r:0")
    assert unit(s, 0, "Pak 40") in s.front[0]


def test_ambush_raises_counters_and_resupply_rally_remove_markers() -> None:
    s = table(
        front={0: ["Panther", "Cromwell"], 1: ["M4 Sherman", "Sherman Firefly"]}, hands={1: ["Ambush", "Resupply"]}
    )
    sherman = unit(s, 1, "M4 Sherman")
    s.ooa[sherman] = True
    s.script_chance(6)
    play(s, "attack:f:0:1:f:1:aa")
    play(s, "play:1", "tgt:1:f:0")
    assert not s.ooa[sherman]
    play(s, "play:0")
    assert s.ambush[1] == 2


def test_reinforcements_are_removed_from_the_game_after_use() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, hands={0: ["Reinforcements"]})
    card = s.hand[0][0]
    play(s, "play:0")
    play(s, ids(s)[0])
    assert card in s.removed and len(s.front[0]) + len(s.rear[0]) == 2


def test_radio_jamming_lowers_anothers_hand_limit() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, hands={0: ["Radio Jamming"]})
    play(s, "play:0", "tgtp:1")
    assert s.hand_limit(1) == 2


def test_typhoon_only_targets_afvs_and_extra_ammo_and_forward_observer_attach() -> None:
    s = table(
        front={0: ["Wespe", "Grenadiers"], 1: ["M4 Sherman", "Tank Desant"]},
        hands={0: ["Typhoon Rockets", "Extra Ammunition", "Forward Observer"]},
    )
    play(s, "play:0")
    assert ids(s) == ["tgt:1:f:0"]
    s.script_chance(6)
    play(s, "tgt:1:f:0")
    wespe = unit(s, 0, "Wespe")
    play(s, "play:0", "tgt:0:f:0")
    assert s.supply(wespe) == 5
    assert not s.has_spying(0)
    play(s, "play:0", "tgt:0:f:1")
    assert s.has_spying(0)


def test_heavy_rain_is_red_water_deployed_before_the_drawer() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]})
    rain = next(c for c in s.event_deck if s.ev(c).name == "Heavy Rain")
    s.event_deck.remove(rain)
    s.event_deck.append(rain)
    play(s, "wait")
    assert rain in s.deployed[0]
    assert s.water_penalty(unit(s, 1, "M4 Sherman"), unit(s, 0, "Panther")) == 1


def test_other_players_may_play_events_when_the_turn_player_is_done() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, hands={1: ["Resupply", "Camouflage"]})
    s.ooa[unit(s, 1, "M4 Sherman")] = True
    s.acted = True
    s._legal_cache = None
    play(s, "end")
    assert s.turn == 0 and s.current_player == 1 and ids(s) == ["pass", "play:0", "play:1"]
    play(s, "play:0", "tgt:1:f:0")
    assert not s.ooa[unit(s, 1, "M4 Sherman")]
    assert s.turn == 0 and s.current_player == 1 and ids(s) == ["pass", "play:0"]  # may play more
    play(s, "pass")
    assert s.turn == 1


def test_an_event_may_be_answered_by_an_event_before_it_resolves() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, hands={0: ["Stuka Attack"], 1: ["Camouflage"]})
    sherman = unit(s, 1, "M4 Sherman")
    play(s, "play:0", "tgt:1:f:0")
    assert s.current_player == 1 and ids(s) == ["pass", "play:0"]
    s.script_chance(1)
    ev = play(s, "play:0", "tgt:1:f:0")
    assert "concealed" in types(ev) and "strike" not in types(ev)
    assert not s.revealed[sherman] and sherman in s.front[1] and s.points(0) == 0


def test_a_seat_with_nothing_playable_is_never_asked() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, hands={1: ["Stuka Attack"]})
    s.acted = True
    s._legal_cache = None
    play(s, "end")
    # the gray card cannot be played on another's turn: the turn passed without asking seat 1,
    # which told seat 0 something about seat 1's hand, so the decision is declared a reveal
    assert s.turn == 1 and s.last_decision_revealed


def test_a_gold_card_may_be_limited_to_other_players_turns(tmp_path: Path) -> None:
    text = Path(load_cards().path).read_text(encoding="utf-8")
    printed = '{ name = "Resupply", colour = "gold",'
    assert printed in text
    cards = tmp_path / "cards.toml"
    cards.write_text(text.replace(printed, printed + ' when = "others",'), "utf-8")
    s = table(
        front={0: ["Panther"], 1: ["M4 Sherman"]},
        hands={0: ["Resupply"], 1: ["Resupply"]},
        options={"cards": str(cards)},
    )
    s.ooa[unit(s, 0, "Panther")] = True
    s.ooa[unit(s, 1, "M4 Sherman")] = True
    s._legal_cache = None
    assert "play:0" not in ids(s)  # not on its owner's own turn
    s.acted = True
    s._legal_cache = None
    play(s, "end")
    assert s.current_player == 1 and "play:0" in ids(s)  # on another's turn


def test_declarations_only_timing_keeps_the_earlier_windows() -> None:
    s = table(
        front={0: ["Panther"], 1: ["M4 Sherman"]},
        hands={1: ["Resupply", "Camouflage"]},
        options={"event_timing": "declarations"},
    )
    s.ooa[unit(s, 1, "M4 Sherman")] = True
    s.acted = True
    s._legal_cache = None
    play(s, "end")
    assert s.turn == 1


def test_an_answer_that_takes_the_target_away_makes_the_card_fizzle() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, hands={0: ["Combat Engineers"], 1: ["Combat Engineers"]})
    depot = next(c for c in s.event_deck if s.ev(c).name == "Field Depot")
    s.event_deck.remove(depot)
    s.deployed[0].append(depot)
    play(s, "play:0", "tgte:0")
    assert s.current_player == 1
    ev = play(s, "play:0", "tgte:0")  # seat 1's answer discards the card before seat 0's resolves
    assert "event-fizzled" in types(ev) and s.discard.count(depot) == 1


def test_an_empty_event_deck_is_refilled_from_the_shuffled_discards() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]})
    s.discard = [c for c in s.event_deck if s.ev(c).colour != "red"]
    s.event_deck = [c for c in s.event_deck if s.ev(c).colour == "red"][:0]
    before = sorted(s.discard)
    ev = play(s, "wait")
    assert "event-deck-reshuffled" in types(ev) and not s.discard
    assert sorted(s.event_deck + s.hand[0]) == before and len(s.hand[0]) == 1
