"""Kernel behaviour, exercised through the toy game (tests/engine/toygame.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import hulldown
from hulldown.agents.registry import make_agent, parse_spec
from hulldown.engine import (
    AgentSpecError,
    ChanceScriptError,
    GameOverError,
    GameRecord,
    IllegalActionError,
    OptionError,
    RecordError,
    SplitMix64,
    UnknownGameError,
    Zone,
    derive_seed,
    events_for,
    replay,
)
from hulldown.engine.agent import SeatView
from hulldown.engine.conformance import ConformanceError, check_events, check_game
from hulldown.engine.zones import EmptyZoneError
from tests.engine.toygame import TOY, HighCard


def play_out(state: Any, seed: int = 0) -> None:
    rng = SplitMix64(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


class TestRng:
    def test_same_seed_same_stream(self) -> None:
        a, b = SplitMix64(42), SplitMix64(42)
        assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]

    def test_known_first_output(self) -> None:
        # SplitMix64 reference value for seed 0 (Vigna's splitmix64.c)
        assert SplitMix64(0).next64() == 0xE220A8397B1DCDAF

    def test_below_is_in_range_and_covers(self) -> None:
        g = SplitMix64(1)
        seen = {g.below(6) for _ in range(500)}
        assert seen == set(range(6))
        with pytest.raises(ValueError):
            g.below(0)

    def test_below_is_rejection_sampling_on_next64(self) -> None:
        # the definition, spelled out: draw 64 bits, reject the top partial span, reduce
        def reference(g: SplitMix64, n: int) -> int:
            limit = (1 << 64) - 1 - ((1 << 64) % n)
            while True:
                z = g.next64()
                if z <= limit:
                    return z % n

        for n in (1, 2, 6, 7, 255, 256, 257, 1000, 3**30, (1 << 63) + 5):
            a, b = SplitMix64(n), SplitMix64(n)
            assert [a.below(n) for _ in range(300)] == [reference(b, n) for _ in range(300)]
            assert a.state == b.state
        with pytest.raises(ValueError):
            SplitMix64(1).below(-3)

    def test_permutation_is_a_permutation(self) -> None:
        p = SplitMix64(3).permutation(50)
        assert sorted(p) == list(range(50)) and p != list(range(50))

    def test_derived_seeds_differ(self) -> None:
        assert len({derive_seed(7, i) for i in range(100)}) == 100
        assert derive_seed(7, "a") != derive_seed(7, "b")


class TestZones:
    def test_draw_peek_put_under(self) -> None:
        z = Zone("deck", [1, 2, 3, 4])  # 4 is the top
        assert z.peek(2) == [4, 3]
        assert z.draw() == 4
        assert z.draw_many(2) == [3, 2]
        z.put_under(9)
        z.put_top(8)
        assert z.cards == [9, 1, 8] and z.top == 8
        with pytest.raises(EmptyZoneError):
            z.draw_many(4)
        c = z.copy()
        c.draw()
        assert len(z) == 3 and len(c) == 2

    def test_shuffle_goes_through_state_chance(self, toy: Any) -> None:
        s = TOY.new(seed=5)
        z = Zone("x", list(range(10)))
        s.script_chance([9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
        s.shuffle(z)
        assert z.cards == list(range(9, -1, -1))
        assert s.log_entries()[-1] == ("shuffle", 10, (9, 8, 7, 6, 5, 4, 3, 2, 1, 0))


class TestProtocol:
    def test_new_is_deterministic(self, toy: Any) -> None:
        assert TOY.new(seed=3).fingerprint() == TOY.new(seed=3).fingerprint()
        assert TOY.new(seed=3).fingerprint() != TOY.new(seed=4).fingerprint()

    def test_illegal_action_changes_nothing(self, toy: Any) -> None:
        s = TOY.new(seed=1)
        fp, log = s.fingerprint(), s.log_entries()
        for bad in ("play:99", "", "nonsense", 17):
            with pytest.raises(IllegalActionError):
                s.apply(bad)  # type: ignore[arg-type]
        assert s.fingerprint() == fp and s.log_entries() == log

    def test_error_message_names_only_what_was_sent(self, toy: Any) -> None:
        s = TOY.new(seed=1)
        hidden = {str(c) for c in s.hands[1]}  # type: ignore[attr-defined]
        with pytest.raises(IllegalActionError) as info:
            s.apply("play:99")
        assert not any(f"play:{h}" in str(info.value) for h in hidden)

    def test_apply_by_id_or_action(self, toy: Any) -> None:
        s = TOY.new(seed=1)
        a = s.legal_actions()[0]
        t = s.clone()
        s.apply(a)
        t.apply(a.id)
        assert s.fingerprint() == t.fingerprint()

    def test_game_over_rejects_actions(self, toy: Any) -> None:
        s = TOY.new(seed=2)
        play_out(s)
        assert s.current_player is None and s.legal_actions() == []
        with pytest.raises(GameOverError):
            s.apply("play:0")
        assert len(s.returns()) == 2

    def test_scripted_rolls_break_ties(self, toy: Any) -> None:
        s = TOY.new(seed=0, players=2, options={"hand": 1})
        assert isinstance(s, HighCard)
        s.hands[0].cards, s.hands[1].cards = [5], [6]
        s.script_chance(2)
        s.apply("play:5")
        events = s.apply("play:6")
        assert events[-1] == {"type": "trick", "to": "all", "winner": 1}

    def test_bad_script_is_caught(self, toy: Any) -> None:
        s = TOY.new(seed=0)
        s.script_chance([0, 0, 1])
        with pytest.raises(ChanceScriptError):
            s.shuffle([1, 2, 3])

    def test_clone_is_independent(self, toy: Any) -> None:
        s = TOY.new(seed=9)
        c = s.clone()
        fp = s.fingerprint()
        play_out(c)
        assert s.fingerprint() == fp and not s.is_over

    def test_resample_keeps_observation_and_hides_rng(self, toy: Any) -> None:
        s = TOY.new(seed=9)
        r = s.resample(0, SplitMix64(1))
        assert r.observation(0) == s.observation(0)
        assert r.snapshot()["_rng"] != s.snapshot()["_rng"]
        with pytest.raises(RecordError):
            r.record()
        with pytest.raises(ValueError):
            s.resample(5, 1)

    def test_observation_seat_checked(self, toy: Any) -> None:
        with pytest.raises(ValueError):
            TOY.new(seed=1).observation(2)

    def test_events_filtered_by_seat(self) -> None:
        evs = [{"type": "a", "to": "all"}, {"type": "b", "to": [1]}]
        assert [e["type"] for e in events_for(evs, 0)] == ["a"]
        assert [e["type"] for e in events_for(evs, 1)] == ["a", "b"]
        assert [e["type"] for e in events_for(evs, None)] == ["a"]


class TestOptions:
    def test_defaults_and_validation(self, toy: Any) -> None:
        assert TOY.validate_options(None) == {"hand": 3}
        assert TOY.validate_options({"hand": "2"}) == {"hand": 2}
        for bad in ({"hand": 9}, {"hand": "x"}, {"hand": True}, {"colour": 1}):
            with pytest.raises(OptionError):
                TOY.new(seed=1, options=bad)
        with pytest.raises(ValueError):
            TOY.new(seed=1, players=4)
        with pytest.raises(ValueError):
            TOY.new(seed="x")  # type: ignore[arg-type]


class TestRegistry:
    def test_load_and_list(self, toy: Any) -> None:
        assert hulldown.load("high-card") is TOY
        assert "high-card" in [g.id for g in hulldown.games()]
        with pytest.raises(UnknownGameError, match="no game 'chess'"):
            hulldown.load("chess")


class TestRecords:
    def test_roundtrip_and_replay(self, toy: Any) -> None:
        s = TOY.new(seed=11, players=3)
        play_out(s, 4)
        rec = s.record()
        text = rec.to_json()
        back = GameRecord.from_json(text)
        assert back.to_dict() == rec.to_dict()
        r = hulldown.replay(back)
        assert r.fingerprint() == s.fingerprint() and r.returns() == s.returns()
        steps = json.loads(text)["steps"]
        assert any(st[0] == "shuffle" for st in steps) and any(st[0] == "action" for st in steps)

    def test_replay_partial(self, toy: Any) -> None:
        s = TOY.new(seed=11)
        play_out(s)
        r = replay(s.record(), upto=2)
        assert r.steps == 2

    def test_tampering_is_refused(self, toy: Any) -> None:
        s = TOY.new(seed=12)
        play_out(s)
        data = s.record().to_dict()
        edited = json.loads(json.dumps(data))
        edited["steps"][1][2] = "play:11"
        with pytest.raises(RecordError, match="checksum"):
            GameRecord.from_dict(edited)
        with pytest.raises(RecordError, match="JSON"):
            GameRecord.from_json("{not json")
        with pytest.raises(RecordError, match="format"):
            GameRecord.from_dict({"format": "other"})

    def test_hand_edited_with_fixed_checksum_is_refused_by_rules(self, toy: Any) -> None:
        s = TOY.new(seed=12)
        play_out(s)
        rec = s.record()
        first = next(i for i, st in enumerate(rec.steps) if st[0] == "action")
        rec.steps[first][2] = "play:99"  # an action no one could take
        with pytest.raises(RecordError, match="not legal"):
            replay(GameRecord.from_dict(rec.to_dict()))
        rec2 = s.record()
        rec2.steps[0][2] = list(range(12))  # another deal: the final state no longer matches
        with pytest.raises(RecordError):
            replay(GameRecord.from_dict(rec2.to_dict()))

    def test_replay_uses_recorded_chance_not_the_generator(self, toy: Any) -> None:
        s = TOY.new(seed=12)
        play_out(s)
        rec = s.record()
        rec.seed = 999  # a different generator: outcomes still come from the record
        with pytest.raises(RecordError, match="recorded state"):
            # the rng state is part of the fingerprint, so the end differs only there
            replay(GameRecord.from_dict(rec.to_dict()))


class TestAgents:
    def test_parse_spec(self) -> None:
        assert parse_spec("ismcts:iterations=200,c=1.4") == ("ismcts", {"iterations": "200", "c": "1.4"})
        assert parse_spec("random") == ("random", {})
        for bad in ("", "x:y", "x:=3"):
            with pytest.raises(AgentSpecError):
                parse_spec(bad)

    def test_random_agent_is_seeded(self, toy: Any) -> None:
        from hulldown.engine.agent import SeatView

        s = TOY.new(seed=1)
        picks = [make_agent("random", TOY, 0, 5).act(SeatView(s, 0)).id for _ in range(3)]
        assert len(set(picks)) == 1
        with pytest.raises(AgentSpecError):
            make_agent("random:depth=3", TOY, 0, 5)
        with pytest.raises(AgentSpecError, match="no agent"):
            make_agent("alphazero", TOY, 0, 5)
        with pytest.raises(AgentSpecError, match="heuristic"):
            make_agent("heuristic", TOY, 0, 5)


class TestConformanceHarness:
    def test_toy_passes(self, toy: Any) -> None:
        for seed in range(30):
            check_game(TOY, seed, players=2 + seed % 2, deep=True)

    def test_leaky_event_is_caught(self) -> None:
        before = {0: {"hand": ["3"]}, 1: {"hand": ["7"]}}
        with pytest.raises(ConformanceError, match="tells seat 0"):
            check_events([{"type": "x", "to": "all", "card": "7"}], before, before, frozenset())
        check_events([{"type": "x", "to": [1], "card": "7"}], before, before, frozenset())


class _LeakyResample(HighCard):
    """Gathers hidden cards in their true order: the guess then depends on the truth."""

    __slots__ = ()

    def _resample(self, seat: int, rng: SplitMix64) -> Any:
        new = self.clone()
        unseen = list(new.deck.cards) + [c for i, h in enumerate(new.hands) if i != seat for c in h.cards]
        perm = rng.permutation(len(unseen))
        unseen = [unseen[i] for i in perm]
        new.deck.cards = unseen[: len(new.deck)]
        rest = unseen[len(new.deck) :]
        for i, h in enumerate(new.hands):
            if i != seat:
                h.cards = [rest.pop() for _ in range(len(h))]
        return new


def test_resample_that_depends_on_hidden_order_is_caught() -> None:
    from dataclasses import replace

    leaky = replace(TOY, state_class=_LeakyResample)
    with pytest.raises(ConformanceError, match="depends on more than"):
        for seed in range(20):
            check_game(leaky, seed)


def test_log_entries_since_a_mark(toy: Any) -> None:
    s = TOY.new(seed=4)
    mark = s.log_mark()
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    new = s.log_entries_since(mark)
    assert new == s.log_entries()[-len(new) :] and [e[0] for e in new].count("action") == 2
    other = TOY.new(seed=5)
    with pytest.raises(ValueError):
        other.log_entries_since(mark)


class _LeakyPart(HighCard):
    """Builds the "hand" entry alone from every hand: more than the seat's observation shows."""

    __slots__ = ()

    def _observation_part(self, seat: int | None, key: str) -> Any:
        if key == "hand":
            return [str(c) for h in self.hands for c in sorted(h)]
        return super()._observation_part(seat, key)


def test_an_observation_part_is_the_observations_entry() -> None:
    s = TOY.new(seed=2)
    for seat in (None, 0, 1):
        obs = s.observation(seat)
        assert {k: s.observation_part(seat, k) for k in obs} == obs
    with pytest.raises(KeyError):
        s.observation_part(0, "no-such-entry")
    with pytest.raises(ValueError, match="does not exist"):
        s.observation_part(5, "hand")
    assert SeatView(s, 1).observation_part("hand") == s.observation(1)["hand"]


def test_an_observation_part_that_shows_more_is_caught() -> None:
    from dataclasses import replace

    with pytest.raises(ConformanceError, match="observation_part"):
        check_game(replace(TOY, state_class=_LeakyPart), 1)
