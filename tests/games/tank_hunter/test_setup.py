"""Setup (§2), hidden information (§1.3, §13), game end (§12) and card files (§14)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hulldown.engine.errors import DataFileError, OptionError
from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_hunter.cards import load_cards
from hulldown.games.tank_hunter.state import DRAFT, PLACE, TankHunterState
from tests.games.tank_hunter.helpers import GAME, ids, play, table, unit


def test_tanks_only_setup_removes_non_tanks_and_their_events() -> None:
    s = GAME.new(seed=3, players=4, options={"setup": "tanks-only"})
    assert {d.kind for d in s.udefs} == {"AFV"}
    names = {e.name for e in s.edefs}
    assert not names & {"Trench", "Heavy Guns", "Escape"}


def test_commanders_only_with_the_option_and_deck_filters() -> None:
    assert all(d.kind != "COMMANDER" for d in GAME.new(seed=1, players=2).udefs)
    s = GAME.new(seed=1, players=2, options={"commanders": True, "nations": "British", "single_copies": True})
    assert {d.nation for d in s.udefs} == {"British"}
    assert any(d.kind == "COMMANDER" for d in s.udefs)
    assert len({d.name for d in s.udefs}) == len(s.udefs)
    with pytest.raises(OptionError):
        GAME.new(seed=1, players=6, options={"nations": "British", "single_copies": True})


def test_deal_five_units_one_event_and_carpet_bombing_in_each_third() -> None:
    s = GAME.new(seed=5, players=3)
    for p in range(3):
        assert sorted(c >= s.nu for c in s.packet[p]) == [False] * 5 + [True]
    deck = list(reversed(s.event_deck))  # top first
    start = 0
    for size in s.cb_piles:
        pile = deck[start : start + size]
        assert sum(s.ev(c).effect == "carpet_bombing" for c in pile) == 1
        start += size
    assert max(s.cb_piles) - min(s.cb_piles) <= 1


def test_draft_picks_hidden_until_everyone_chose_then_passed_clockwise() -> None:
    s = GAME.new(seed=2, players=3)
    before = s.observation(1)
    pack0 = list(s.packet[0])
    s.apply("pick:0")
    after = s.observation(1)
    assert after["players"][0]["picked"] and before["packet"] == after["packet"]
    assert "kept" in after and after["kept"] == []
    s.apply("pick:0")
    s.apply("pick:0")
    assert s.packet[1] == pack0[1:]  # seat 0's packet went to its left
    for _ in range(3 * 4):
        s.apply("pick:0")
    assert s.phase == PLACE and all(len(k) == 6 for k in s.kept)


def test_highest_points_first_player_ties_rolled() -> None:
    s = GAME.new(seed=4, players=2, options={"setup": "tanks-only"})
    while s.phase != PLACE:
        s.apply("pick:0")
    high = [max((s.udefs[u].points for u in s.kept[p] if u < s.nu), default=0) for p in range(2)]
    if high[0] == high[1]:
        s.script_chance(2, 5)
    ev = s.apply("rear:0")
    ev += s.apply("rear:0")
    expected = 1 if high[0] == high[1] else high.index(max(high))
    assert s.turn == expected and any(e["type"] == "announced" for e in ev)


def test_other_seats_see_hidden_units_only_as_face_down_cards() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman", "Cromwell"]}, hidden=("Cromwell",), hands={1: ["Rally"]})
    cromwell = s.front[1][1]
    s.pinned[cromwell] = True
    s.exhausted[cromwell] = True
    trench = next(c for c in s.event_deck if s.ev(c).name == "Trench")
    s.event_deck.remove(trench)
    s.attach_of[trench - s.nu] = cromwell
    s._rebuild_bonus()
    o0, o1 = s.observation(0), s.observation(1)
    for view in (o0["players"][1]["front"][1], s.observation(None)["players"][1]["front"][1]):
        # a face-down card with its markers, exhaustion and attached cards, nothing more
        assert view["hidden"] and "unit" not in view and view["pinned"] and view["exhausted"]
        assert view["attached"] == ["Trench"]
        assert "Cromwell" not in str(view)
    assert o1["players"][1]["front"][1]["unit"] == "Cromwell"
    assert "hand" not in o0["players"][1] and o0["players"][1]["hand_size"] == 1 and o1["hand"] == ["Rally"]
    assert "hand" not in s.observation(None)


def test_resample_keeps_the_seats_view() -> None:
    s = GAME.new(seed=9, players=4)
    rng = SplitMix64(1)
    for _ in range(120):
        la = s.legal_actions()
        s.apply(la[rng.below(len(la))])
        for seat in range(4):
            assert s.resample(seat, SplitMix64(7)).observation(seat) == s.observation(seat)


def test_most_points_wins_even_if_eliminated_ties_by_units_left() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"], 2: ["Cromwell"]}, players=3)
    s.score[0] = [s.unit_deck.pop() for _ in range(0)]
    big = next(u for u in s.unit_deck if s.udefs[u].points == 5)
    s.unit_deck.remove(big)
    s.score[1].append(big)
    s.script_chance(1)
    play(s, "attack:f:0:1:f:0:aa")
    assert s.out[1] and not s.is_over
    s.out[2] = True
    s._game_over("one player left", [])
    assert s.returns() == [-1.0, 1.0, -1.0]  # 5 points beat 3, although seat 1 is out


def test_unit_deck_running_out_ends_the_game() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, hands={0: ["Reinforcements"]})
    s.removed.extend(s.unit_deck)
    s.unit_deck = []
    play(s, "play:0")
    assert s.is_over and s.end_reason == "unit deck ran out"


def test_unit_deck_running_out_by_default_only_when_a_draw_finds_it_empty() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]}, hands={0: ["Reinforcements", "Reinforcements"]})
    last = next(u for u in s.unit_deck if s.udefs[u].name == "Cromwell")
    s.removed.extend(u for u in s.unit_deck if u != last)
    s.unit_deck = [last]
    play(s, "play:0", "put:front")
    assert not s.is_over and last in s.front[0]
    play(s, "play:0")
    assert s.is_over and s.end_reason == "unit deck ran out"


def test_unit_deck_running_out_when_its_last_unit_is_drawn_as_an_option() -> None:
    s = table(
        front={0: ["Panther"], 1: ["M4 Sherman"]},
        hands={0: ["Reinforcements"]},
        options={"deck_end": "last-card"},
    )
    last = next(u for u in s.unit_deck if s.udefs[u].name == "Cromwell")
    s.removed.extend(u for u in s.unit_deck if u != last)
    s.unit_deck = [last]
    play(s, "play:0", "put:front")
    assert s.is_over and s.end_reason == "unit deck ran out" and last in s.front[0]


def test_bad_actions_change_nothing() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman"]})
    fp = s.fingerprint()
    with pytest.raises(Exception, match="not legal"):
        s.apply("attack:f:0:1:f:5:aa")
    assert s.fingerprint() == fp and "wait" in ids(s)


def test_user_card_file_loads_and_errors_name_file_entry_field(tmp_path: Path) -> None:
    good = tmp_path / "mine.toml"
    text = Path(load_cards().path).read_text(encoding="utf-8")
    good.write_text(text.replace('source = "project design"', 'source = "my cards"'), encoding="utf-8")
    s = GAME.new(seed=1, players=2, options={"cards": str(good)})
    assert s.cs.source == "my cards"
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('name = "Tiger I", kind = "AFV"', 'name = "Tiger I", kind = "TANK"'), encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        GAME.new(seed=1, players=2, options={"cards": str(bad)})
    msg = str(err.value)
    assert "bad.toml" in msg and "Tiger I" in msg and "kind" in msg


def test_card_database_lists_the_designed_set() -> None:
    db = GAME.cards()
    units = [c for c in db if c["type"] == "unit"]
    events = {c["name"]: c for c in db if c["type"] == "event"}
    assert all(c["source"] == "project design" for c in db)
    assert events["Carpet Bombing"]["count"] == 3
    assert all(events[n]["count"] == 2 for n in ("Trench", "Heavy Guns", "Escape"))
    assert next(u for u in units if u["name"] == "Daimler Armoured Car")["evading"] == 3
    assert sum(u["count"] for u in units if u["kind"] != "COMMANDER") >= 70
    assert {c["colour"] for c in events.values()} == {"gray", "gold", "red"}
    assert {c["after"] for c in events.values()} == {"discard", "remove", "attach", "deploy"}


def test_heuristic_plays_whole_games() -> None:
    from hulldown.engine.agent import SeatView

    for n in (2, 4):
        s = GAME.new(seed=n, players=n)
        bots = [GAME.heuristic(GAME, p, p) for p in range(n)] if GAME.heuristic else []
        while not s.is_over:
            p = s.current_player
            assert p is not None
            a = bots[p].act(SeatView(s, p))
            s.apply(a)
        assert len(s.returns()) == n


def test_tensor_spec_covers_every_offered_action() -> None:
    spec = GAME.tensors
    assert spec is not None
    for n in (2, 6):
        space = set(spec.action_ids(n, {}))
        s = GAME.new(seed=n, players=n)
        rng = SplitMix64(n)
        while not s.is_over:
            la = s.legal_actions()
            assert all(a.id in space for a in la)
            p = s.current_player
            assert p is not None
            x = spec.encode(s.observation(p), p, n, {})
            assert x.shape == spec.observation_shape(n, {})
            s.apply(la[rng.below(len(la))])


def test_resample_keeps_a_seen_unit_concealed_again_in_its_place() -> None:
    s = table(front={0: ["Panther"], 1: ["M4 Sherman", "Cromwell", "T-34/76"]}, hidden=("Cromwell", "T-34/76"))
    s.reshuffled = True  # the table is built by hand: no Carpet Bombing thirds to keep
    sherman = unit(s, 1, "M4 Sherman")
    s.seen[sherman] = True
    s._conceal(sherman)  # e.g. Camouflage: face down, but everyone saw it
    for k in range(20):
        r = s.resample(0, SplitMix64(k))
        assert isinstance(r, TankHunterState)
        assert r.front[1][0] == sherman


def test_resample_moves_a_seen_unit_only_among_the_places_it_was_swapped_with() -> None:
    s = table(
        front={0: ["Panther"], 1: ["M4 Sherman", "Cromwell", "T-34/76"]},
        hidden=("Cromwell", "T-34/76"),
    )
    s.reshuffled = True  # the table is built by hand: no Carpet Bombing thirds to keep
    sherman = unit(s, 1, "M4 Sherman")
    s.seen[sherman] = True
    s._conceal(sherman)
    s.front[1][0], s.front[1][1] = s.front[1][1], s.front[1][0]
    s._merge_groups(s.front[1][0], s.front[1][1])  # §3 b): its owner swapped it with a face-down card
    places = set()
    for k in range(40):
        r = s.resample(0, SplitMix64(k))
        assert isinstance(r, TankHunterState)
        assert sherman in r.front[1][:2]
        places.add(r.front[1].index(sherman))
    assert places == {0, 1}


def test_resample_keeps_cards_seen_in_the_draft_with_the_other_player() -> None:
    s = GAME.new(seed=5, players=2)
    assert isinstance(s, TankHunterState)
    rng = SplitMix64(3)
    while s.phase in (DRAFT, PLACE):
        la = s.legal_actions()
        s.apply(la[rng.below(len(la))])
    mine = set(s.front[0] + s.rear[0] + s.hand[0] + s.command[0])
    passed = {c for c in s.drafted[0] if c not in mine}
    assert passed  # seat 0 saw cards it let go to seat 1
    for k in range(20):
        r = s.resample(0, SplitMix64(k))
        assert isinstance(r, TankHunterState)
        theirs = set(r.front[1] + r.rear[1] + r.hand[1] + r.command[1])
        assert passed <= theirs
        assert r.drafted[1] == []  # the other seat's memory of the draft is not guessed


def test_a_card_that_would_pin_an_afv_is_refused(tmp_path: Path) -> None:
    text = Path(load_cards().path).read_text(encoding="utf-8")
    start = text.index('{ name = "Mortar Fire"')
    line = text[start : text.index("\n", start)]
    assert 'result = "pin"' in line and "kinds = [" in line
    pins_tanks = line.replace('kinds = ["GUN", "INF"]', 'kinds = ["AFV"]')
    assert pins_tanks != line
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(line, pins_tanks), encoding="utf-8")
    with pytest.raises(DataFileError, match="AFVs can never be pinned"):
        GAME.new(seed=1, players=2, options={"cards": str(bad)})


def test_placement_one_decision_per_seat_events_to_hand_units_face_down() -> None:
    for seed in range(40):
        s = GAME.new(seed=seed, players=2, options={})
        while s.phase != PLACE:
            s.apply("pick:0")
        assert isinstance(s, TankHunterState)
        capable = s._rear_candidates(0)
        if capable:
            break
    else:
        pytest.fail("no deal gave seat 0 a unit that may stand in the rear line")
    kept = list(s.kept[0])
    assert s.current_player == 0 and ids(s) == [f"rear:{m}" for m in range(2 ** len(capable))]
    play(s, "rear:1")  # the first rear-capable unit goes to the rear line
    assert s.current_player == 1 and all(a.startswith("rear:") for a in ids(s))
    play(s, "rear:0")
    assert sorted(s.hand[0]) == sorted(c for c in kept if c >= s.nu)
    assert s.rear[0] == [capable[0]]
    assert sorted(s.front[0]) == sorted(c for c in kept if c < s.nu and c != capable[0])
    assert not any(s.revealed[u] for u in s.front[0] + s.rear[0] + s.front[1])
