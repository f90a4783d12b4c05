"""Turn sequence: maneuver, attacker, target, lost attack, modifier, resolution, free attack."""

from __future__ import annotations

import pytest

from hulldown.engine.errors import IllegalActionError
from hulldown.games.tank_killers.state import P_FREE, P_LOST, P_MANEUVER, P_MOD, P_OOA, P_OVER, P_TARGET
from tests.games.tank_killers.helpers import attack, finish_turn, give, ids, new, on_top, play, put, to_modifiers


def test_setup_three_cards_each_then_first_player_draws_three() -> None:
    st = new()
    assert st.phase == P_MANEUVER and st.active == 0
    assert len(st.hands[0]) == 6 and len(st.hands[1]) == 3
    assert len(st.tdeck) == 92 - 9
    assert len(st.fdeck[0]) == 40 and len(st.fdeck[1]) == 50


def test_maneuver_draws_three_for_the_next_player() -> None:
    st = new()
    finish_turn(st)
    assert st.active == 1 and st.phase == P_MANEUVER
    assert len(st.hands[1]) == 6


def test_turns_alternate_each_running_maneuver_attack_then_free_attack() -> None:
    st = new()
    order = [P_MANEUVER, P_TARGET, P_LOST, P_MOD, P_OOA, P_FREE]
    for active in (0, 1, 0, 1):
        assert st.active == active and st.phase == P_MANEUVER
        turn, seen = st.turn, []
        while st.turn == turn:
            seen.append(st.phase)
            if st.phase == P_LOST:
                assert st.current_player == 1 - active  # the defender reacts
            legal = ids(st)
            st.apply("pass" if "pass" in legal else legal[0])
        phases = [p for i, p in enumerate(seen) if i == 0 or seen[i - 1] != p]
        assert phases[0] == P_MANEUVER and phases[-1] == P_FREE
        assert phases == sorted(phases, key=order.index) and P_TARGET in phases


def test_hand_limit_nine_player_chooses_discards() -> None:
    st = new()
    give(st, 0, *st.R.tname[:11])
    st.phase = P_MANEUVER
    legal = ids(st)
    assert "pass" not in legal  # 11 cards: must discard first
    assert "discard:underside-hit" in legal
    st.apply("discard:underside-hit")
    assert "pass" not in ids(st)
    st.apply("discard:point-blank")
    assert len(st.hands[0]) == 9
    assert "pass" in ids(st) and not any(a.startswith("discard:") for a in ids(st))
    names = [st.R.tname[st.R.ttype[c]] for c in st.tdiscard]
    assert names == ["Underside Hit", "Point Blank"]


def test_tactics_discard_is_reshuffled_when_the_deck_runs_out() -> None:
    st = new()
    give(st, 1)  # seat 1 holds nothing
    keep = st.tdeck[-1:]
    st.tdiscard.extend(st.tdeck[:-1])
    st.tdeck[:] = keep
    n_discard = len(st.tdiscard)
    st.script_chance(list(range(n_discard)))  # the reshuffle keeps the order
    finish_turn(st)
    assert st.active == 1
    assert len(st.hands[1]) == 3
    assert len(st.tdeck) + len(st.tdiscard) + sum(len(h) for h in st.hands) == 92


def test_attacker_subphase_moves_last_turns_attackers_to_reserve_and_reveals_top() -> None:
    st = new()
    veteran = put(st, 0, "Panther", st.in_play[0])
    on_top(st, 0, "Tiger")
    st.apply("pass")
    assert st.phase == P_TARGET
    assert veteran in st.reserve[0]
    assert [st.R.fname[c] for c in st.in_play[0]] == ["Tiger"]
    assert st.R.fname[st.att] == "Tiger"


def test_target_any_unit_in_play_or_the_top_of_the_deck() -> None:
    st = new()
    put(st, 1, "M10", st.in_play[1])
    put(st, 1, "M5", st.in_play[1])
    on_top(st, 0, "Panther")
    st.apply("pass")
    assert sorted(ids(st)) == ["target:deck", "target:m10", "target:m5"]


def test_deck_target_is_turned_face_up_and_stays_on_the_deck_if_it_survives() -> None:
    st = new()
    give(st, 0)
    give(st, 1)
    attack(st, "Panzergrenadiers", "M4 Sherman")  # pen 1 vs def 6
    top = st.fdeck[1][-1]
    assert st.top_up[1] and st.observation(0)["sides"][1]["top"] == "M4 Sherman"
    st.apply("pass")
    st.apply("pass")
    st.apply("pass")
    assert st.phase == P_OOA
    st.apply("pass")
    assert st.fdeck[1][-1] == top and st.top_up[1]
    assert st.phase == P_FREE


def test_support_target_goes_to_reserve_and_ends_the_phase() -> None:
    st = new()
    give(st, 0)
    on_top(st, 0, "Panther")
    on_top(st, 1, "P-51 Mustangs")
    st.apply("pass")
    st.apply("target:deck")
    assert [st.R.fname[c] for c in st.reserve[1]] == ["P-51 Mustangs"]
    assert st.phase == P_FREE or st.active == 1  # phase over: straight to the free attack


def test_lost_action_ends_the_phase_and_leaves_the_free_attack() -> None:
    st = new()
    give(st, 1, "Smoke")
    give(st, 0, "Radio")
    attack(st, "Panther", "M4 Sherman")
    assert st.phase == P_LOST and st.current_player == 1
    play(st, "Smoke")
    assert st.phase == P_FREE and st.current_player == 0
    assert "play:radio" in ids(st)


def test_end_turn_card_ends_the_active_players_turn() -> None:
    st = new()
    give(st, 1, "Ambush")
    give(st, 0, "Radio")
    attack(st, "Panther", "M4 Sherman")
    play(st, "Ambush")
    assert st.active == 1 and st.phase == P_MANEUVER


def test_breakdown_puts_the_attacker_out_of_action() -> None:
    st = new()
    give(st, 1, "Breakdown")
    attack(st, "Panther", "M4 Sherman")
    play(st, "Breakdown")
    assert st.phase == 7  # Repairs could negate it: the attacker's reaction window
    st.apply("pass")
    assert [st.R.fname[c] for c in st.casualty[0]] == ["Panther"]
    assert not st.in_play[0]


def test_modifier_subphase_alternates_attacker_first_and_ends_after_two_passes() -> None:
    st = new()
    give(st, 0, "Tracers")
    give(st, 1, "Entrenched")
    to_modifiers(st, "PzIVh", "M4 Sherman")
    assert st.current_player == 0
    play(st, "Tracers")
    assert st.current_player == 1
    play(st, "Entrenched")
    assert st.current_player == 0
    st.apply("pass")
    assert st.phase == P_MOD and st.current_player == 1
    st.apply("pass")
    # 9 + 1 - 3 = 7 >= 6: destroyed
    assert [st.R.fname[c] for c in st.casualty[1]] == ["M4 Sherman"]


def test_a_play_resets_the_pass_count() -> None:
    st = new()
    give(st, 1, "Entrenched")
    to_modifiers(st, "PzIVh", "M4 Sherman")
    st.apply("pass")
    play(st, "Entrenched")
    assert st.phase == P_MOD and st.passes == 0 and st.current_player == 0


def test_resolution_equal_factor_destroys() -> None:
    st = new()
    to_modifiers(st, "PzIVh", "M4 Sherman")  # 9 vs 6
    give(st, 0)
    give(st, 1, "Entrenched")
    st.apply("pass")
    play(st, "Entrenched")  # 6 vs 6: still destroyed
    st.apply("pass")
    st.apply("pass")
    assert st.R.fname[st.casualty[1][-1]] == "M4 Sherman"


def test_failed_attack_leaves_the_target_in_play() -> None:
    st = new()
    give(st, 0)
    give(st, 1)
    attack(st, "Panzergrenadiers", "M10", on_deck=False)
    for _ in range(3):
        st.apply("pass")
    assert st.phase == P_OOA
    st.apply("pass")
    assert [st.R.fname[c] for c in st.in_play[1]] == ["M10"]


def test_infantry_factor_against_infantry_and_penetration_modifiers_do_not_count() -> None:
    st = new()
    give(st, 0, "Topside Hit")
    give(st, 1)
    to_modifiers(st, "Panzergrenadiers", "Infantry Platoon")  # inf 3 vs def 3
    assert st.attack_factor() == 3
    play(st, "Topside Hit")
    assert st.attack_factor() == 3


def test_random_factor_adds_one_die_minus_another() -> None:
    st = new(random_factor=True, deck1="german")
    give(st, 0)
    give(st, 1)
    to_modifiers(st, "PzIVh", "Panther")  # 9 vs 8
    st.apply("pass")
    st.script_chance(1, 3)  # 9 + 1 - 3 = 7 < 8
    st.apply("pass")
    assert st.phase == P_OOA and st.last_roll == (1, 3)
    st2 = new(random_factor=True, deck1="german")
    give(st2, 0)
    give(st2, 1)
    to_modifiers(st2, "PzIVh", "Tiger")  # 9 vs 9
    st2.apply("pass")
    st2.script_chance(6, 5)
    st2.apply("pass")
    assert st2.R.fname[st2.casualty[1][-1]] == "Tiger"


def test_random_factor_off_rolls_no_dice() -> None:
    st = new(deck1="german")
    give(st, 0)
    give(st, 1)
    to_modifiers(st, "PzIVh", "Panther")
    st.apply("pass")
    st.apply("pass")
    assert not any(e[0] == "die" for e in st.log_entries())


def test_attacking_support_goes_to_its_casualty_pile_when_the_phase_ends() -> None:
    st = new()
    give(st, 0)
    give(st, 1)
    to_modifiers(st, "150mm s FH 18", "M4 Sherman")  # pen 4 vs 6: fails
    st.apply("pass")
    st.apply("pass")
    st.apply("pass")  # no out-of-action card
    assert [st.R.fname[c] for c in st.casualty[0]] == ["150mm s FH 18"]
    assert not st.in_play[0]


def test_non_support_attackers_stay_in_play() -> None:
    st = new()
    give(st, 0)
    give(st, 1)
    to_modifiers(st, "Panther", "M4 Sherman")
    st.apply("pass")
    st.apply("pass")
    assert [st.R.fname[c] for c in st.in_play[0]] == ["Panther"]


def test_free_action_card_gives_a_new_attack_with_the_top_card() -> None:
    st = new()
    give(st, 0, "Radio")
    give(st, 1)
    to_modifiers(st, "Panther", "M4 Sherman")
    st.apply("pass")
    st.apply("pass")
    assert st.phase == P_FREE
    on_top(st, 0, "Tiger")
    play(st, "Radio")
    assert st.phase == P_TARGET and st.R.fname[st.att] == "Tiger"
    assert sorted(st.R.fname[c] for c in st.in_play[0]) == ["Panther", "Tiger"]


def test_passing_the_free_attack_ends_the_turn() -> None:
    st = new()
    give(st, 0, "Radio")
    give(st, 1)
    to_modifiers(st, "Panther", "M4 Sherman")
    st.apply("pass")
    st.apply("pass")
    st.apply("pass")
    assert st.active == 1 and st.turn == 1


def test_illegal_actions_change_nothing() -> None:
    st = new()
    fp = st.fingerprint()
    for bad in ("play:radio", "target:deck", "discard:smoke", "nonsense", "attacker:deck"):
        with pytest.raises(IllegalActionError):
            st.apply(bad)
    assert st.fingerprint() == fp
    give(st, 1, "Smoke")
    attack(st, "Panther", "M4 Sherman")
    fp = st.fingerprint()
    with pytest.raises(IllegalActionError):
        st.apply("play:radio")  # not in the defender's hand
    with pytest.raises(IllegalActionError):
        st.apply("target:deck")  # not this decision
    assert st.fingerprint() == fp


def test_turn_limit_ends_the_game_in_a_draw() -> None:
    st = new(turn_limit=2)
    finish_turn(st)
    finish_turn(st)
    assert st.phase == P_OVER and st.is_over
    assert st.returns() == [0.0, 0.0]
    assert st.observation(None)["draw"] is True
    assert st.observation(None)["end_reason"] == "turn-limit"


def test_maneuver_decision_is_offered_every_turn() -> None:
    st = new()
    give(st, 0)
    assert st.phase == P_MANEUVER and st.current_player == 0 and ids(st) == ["pass"]


def test_no_target_ends_the_phase() -> None:
    st = new()
    give(st, 0, "Radio")
    st.reserve[1].extend(st.fdeck[1])
    st.fdeck[1].clear()
    on_top(st, 0, "Panther")
    st.apply("pass")
    assert st.att == -1 and st.phase == P_FREE


def test_every_played_tactics_card_goes_to_the_common_discard_pile() -> None:
    """§1 and §7 ("played tactics cards are discarded"): whatever its effect, negated or not."""
    import random

    seen: set[str] = set()
    for seed in range(6):
        st = new(seed=seed)
        rng = random.Random(seed)
        while not st.is_over:
            action = rng.choice(st.legal_actions())
            before = len(st.tdiscard)
            st.apply(action)
            reshuffled = len(st.tdiscard) < before  # the turn ended and the next draw emptied the deck
            if action.id.startswith("play:") and not reshuffled:
                top = st.R.tname[st.R.ttype[st.tdiscard[-1]]]
                assert top == action.name and len(st.tdiscard) >= before + 1  # face up on the pile
                seen.add(top)
            in_hands = sum(len(h) for h in st.hands)
            assert len(st.tdeck) + len(st.tdiscard) + in_hands == st.R.n_tactics  # none lost or set aside
    assert len(seen) > 20  # modifiers, lost actions, end turn, out of action, free actions, negations
