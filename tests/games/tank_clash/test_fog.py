"""Fog of war (clause 13.2): no observation or event tells a seat what a concealed enemy tank is."""

from __future__ import annotations

import json

from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import visible_to
from hulldown.games.tank_clash import GAME
from hulldown.games.tank_clash.data import KINDS, load_tanks
from hulldown.games.tank_clash.state import TankClashState
from tests.games.tank_clash.helpers import far_tanks, put, start_game

NAMES = {m.name for m in load_tanks().values()}


def _leaks(state: TankClashState, seat: int, obs: dict[str, object]) -> list[str]:
    """Concealed enemy tanks whose type, armour or ace shows in ``obs``."""
    bad = []
    for t in obs["tanks"]:  # type: ignore[attr-defined]
        idx = int(t["id"][1]) - 1 + (5 if t["id"][0] == "b" else 0)
        shown = t["kind"] is not None or t["armour"] is not None or t["ace"] is not None or "name" in t
        if t["seat"] != seat and state.concealed[idx] and shown:
            bad.append(t["id"])
    return bad


def test_no_observation_or_event_reveals_a_concealed_enemy_type() -> None:
    for seed in range(25):
        s = GAME.new(seed=seed, options={"fog_of_war": True})
        assert isinstance(s, TankClashState)
        rng = SplitMix64(seed)
        while not s.is_over:
            legal = s.legal_actions()
            events = s.apply(legal[rng.below(len(legal))])
            for seat in (0, 1, None):
                obs = s.observation(seat)
                if seat is not None:
                    assert not _leaks(s, seat, obs)
                for e in events:
                    if not visible_to(e, seat):
                        continue
                    tank = e.get("tank")
                    if tank is None or e["type"] in ("revealed", "destroyed"):
                        continue
                    idx = int(tank[1]) - 1 + (5 if tank[0] == "b" else 0)
                    if (seat is None or idx // 5 != seat) and s.concealed[idx]:
                        text = json.dumps(e)
                        assert not any(k in text for k in KINDS), e
                        assert not any(n in text for n in NAMES), e
            # a spectator sees no concealed type at all
            spec = s.observation(None)
            assert all(t["kind"] is None for t in spec["tanks"] if t["concealed"])


def test_placement_hides_type_and_reveal_needs_mutual_range() -> None:
    seat0 = far_tanks(0)
    seat0[4] = ("destroyer", "I6")  # a5: Hellcat, range 4
    seat1 = far_tanks(1)
    seat1[0] = ("medium", "I10")  # b1: Panzer, range 2; distance 4
    s = start_game(seat0, seat1, options={"fog_of_war": True})
    assert all(s.concealed)
    obs1 = s.observation(1)
    a5 = next(t for t in obs1["tanks"] if t["id"] == "a5")
    assert a5["kind"] is None and a5["armour"] is None and a5["ace"] is None
    own = next(t for t in obs1["tanks"] if t["id"] == "b1")
    assert own["kind"] == "medium" and own["concealed"]
    # the Hellcat could shoot the Panzer, the Panzer not the Hellcat: both stay concealed
    assert s.concealed[4] and s.concealed[5]
    # closing to distance 2 puts each in the other's range: both are revealed, armour restored
    s.apply("move:a5:I8")
    assert not s.concealed[4] and not s.concealed[5]
    assert s.observation(1)["tanks"][4]["kind"] == "destroyer"
    assert s.armour[4] == 1 and s.armour[5] == 2


def test_attacking_reveals_attacker_and_target() -> None:
    seat0 = far_tanks(0)
    seat0[4] = ("destroyer", "I6")
    seat1 = far_tanks(1)
    seat1[0] = ("medium", "I10")
    s = start_game(seat0, seat1, options={"fog_of_war": True})
    s.script_chance(1, 1, 1, 1)
    events = s.apply("attack:a5:b1")
    revealed = {e["tank"] for e in events if e["type"] == "revealed"}
    assert revealed == {"a5", "b1"}


def test_resample_keeps_what_play_has_shown() -> None:
    s = start_game(far_tanks(0), far_tanks(1), options={"fog_of_war": True})
    put(s, 8, "I11")  # b4 (the heavy tank) far from everyone
    s.fast[5] = True  # b1 was seen moving 3 hexes: it cannot be the heavy tank
    for k in range(30):
        r = s.resample(0, SplitMix64(k))
        assert isinstance(r, TankClashState)
        assert r.kind[5] != 1
        assert sorted(r.kind[5:]) == [0, 0, 0, 1, 2]
        assert r.observation(0) == s.observation(0)


def test_no_pair_in_mutual_range_stays_concealed() -> None:
    """After every step no two enemy tanks that face each other stay hidden (13.2), though a
    move checks only the pairs with the tank that moved (tanks never block sight)."""
    for seed in range(20):
        s = GAME.new(seed=seed, options={"fog_of_war": True, "board_placement": "random"})
        assert isinstance(s, TankClashState)
        rng = SplitMix64(seed)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            if s.phase >= 3:  # after set-up
                assert not s._reveal_pending(), (seed, s.steps)
