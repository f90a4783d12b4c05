"""Hidden information: hands, deck orders and face-down formation cards stay hidden."""

from __future__ import annotations

import json

from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import events_for
from hulldown.games.tank_killers.state import P_TARGET
from tests.games.tank_killers.helpers import finish_turn, give, new, on_top


def test_opponents_hand_is_not_in_the_observation() -> None:
    st = new()
    give(st, 0, "Radio", "Smoke")
    give(st, 1, "Ambush", "Rally", "Mud")
    obs0 = json.dumps(st.observation(0))
    for name in ("Ambush", "Rally", "Mud"):
        assert name not in obs0
    assert st.observation(0)["hand"] == ["Radio", "Smoke"]
    assert st.observation(0)["sides"][1]["hand_size"] == 3
    spectator = json.dumps(st.observation(None))
    assert st.observation(None)["hand"] is None
    for name in ("Ambush", "Radio", "Smoke"):
        assert name not in spectator


def test_formation_deck_order_and_top_are_hidden_until_turned() -> None:
    st = new()
    on_top(st, 1, "M36")
    before = st.observation(0)
    st.fdeck[1].reverse()
    st.fdeck[1].reverse()
    st.fdeck[0][:-1] = st.fdeck[0][:-1][::-1]
    assert st.observation(0) == before and st.observation(1) == before | {"seat": 1, "hand": st.observation(1)["hand"]}
    assert before["sides"][1]["top"] is None
    st.apply("pass")
    assert st.phase == P_TARGET
    st.apply("target:deck")
    assert st.observation(0)["sides"][1]["top"] == "M36"


def test_draw_events_are_private() -> None:
    st = new()
    give(st, 1)
    events: list[dict[str, object]] = []
    while st.active == 0:
        legal = [a.id for a in st.legal_actions()]
        events += st.apply("pass" if "pass" in legal else legal[0])
    named = [e for e in events if e["type"] == "drew_cards"]
    assert named and named[0]["to"] == [1]
    assert not [e for e in events_for(events, 0) if e["type"] == "drew_cards"]
    assert [e for e in events_for(events, None) if e["type"] == "drew"]


def test_resample_redraws_the_opponents_hand_but_keeps_the_seats_view() -> None:
    st = new(seed=5)
    finish_turn(st)
    obs = st.observation(0)
    hands = set()
    for i in range(8):
        r = st.resample(0, SplitMix64(i))
        assert r.observation(0) == obs
        assert r.hands[0] == st.hands[0]  # type: ignore[attr-defined]
        assert len(r.hands[1]) == len(st.hands[1])  # type: ignore[attr-defined]
        hands.add(tuple(sorted(r.hands[1])))  # type: ignore[attr-defined]
        zones = r.card_zones()
        cards = sorted(c for z in zones.values() for c in z)
        assert cards == list(range(st.R.n_cards))
    assert len(hands) > 1


def test_resample_keeps_a_face_up_top_card() -> None:
    st = new()
    give(st, 0)
    give(st, 1)
    on_top(st, 0, "Panzergrenadiers")
    on_top(st, 1, "M4 Sherman")
    st.apply("pass")
    st.apply("target:deck")
    top = st.fdeck[1][-1]
    for i in range(5):
        r = st.resample(0, SplitMix64(i))
        assert r.fdeck[1][-1] == top  # type: ignore[attr-defined]
        r = st.resample(1, SplitMix64(i))
        assert r.fdeck[1][-1] == top  # type: ignore[attr-defined]
