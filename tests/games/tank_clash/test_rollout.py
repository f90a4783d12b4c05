"""The playout policy that searches use in place of the (slow) heuristic bot."""

from __future__ import annotations

from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_clash import GAME
from hulldown.games.tank_clash.actions import HEX_INDEX, HEX_NAMES, TACTICAL, TankClashAction
from hulldown.games.tank_clash.fields import MAIN
from hulldown.games.tank_clash.rollout import choose, make_rollout
from hulldown.games.tank_clash.state import TankClashState
from tests.games.tank_clash.helpers import far_tanks, give, put, start_game


def _play(seed: int, policy_seat: int) -> tuple[float, int, int]:
    """A game of the policy against random play: its return, its shots, and the decisions it had a shot in."""
    s = GAME.new(seed=seed)
    assert isinstance(s, TankClashState)
    rng = SplitMix64(seed)
    shots = chances = 0
    while not s.is_over:
        seat = s.current_player
        assert seat is not None
        legal = s.legal_actions()
        if seat != policy_seat:
            s.apply(legal[rng.below(len(legal))])
            continue
        action = choose(s)
        assert action in legal
        head = action.id.split(":")[0]
        # a tactical card costs no action: the shot is still there at the next decision
        if s.phase == MAIN and head != "tactical" and any(a.id.startswith("attack:") for a in legal):
            chances += 1
            # a shot unless something worth more: the base camp, a checkpoint, a card that costs no action
            if head == "attack":
                shots += 1
            else:
                assert head == "morale" or (head == "move" and HEX_INDEX[action.id.split(":")[2]] in s.cp_at)
        s.apply(action)
    return s.returns()[policy_seat], shots, chances


def test_policy_beats_random_and_shoots_when_it_can() -> None:
    results = [_play(seed, seed % 2) for seed in range(12)]
    assert sum(r > 0 for r, _, _ in results) >= 9  # it wins clearly more than it loses
    shots = sum(s for _, s, _ in results)
    chances = sum(c for _, _, c in results)
    assert chances > 0 and shots >= 0.8 * chances


def test_factory_plays_for_whichever_seat_is_to_act() -> None:
    policy = make_rollout(GAME, 0)
    s = GAME.new(seed=3)
    seats = set()
    for _ in range(60):
        if s.is_over:
            break
        seats.add(s.current_player)
        action = policy(s)
        assert action in s.legal_actions()
        s.apply(action)
    assert seats == {0, 1}


def test_ismcts_defaults_to_the_policy_in_tank_clash() -> None:
    from hulldown.agents.ismcts import ISMCTSAgent
    from hulldown.agents.registry import make_agent

    agent = make_agent("ismcts", GAME, 0, 0)
    assert isinstance(agent, ISMCTSAgent) and agent.rollout == "policy"


# -- the heuristic's rules of thumb, in positions where each must decide -----------------------

NO_TACTICAL = ("artillery", "air", "infantry", "smoke", "repair", "mines")


def _position(*spots: tuple[int, str | None], tactical: tuple[str, ...] = (), quiet: bool = False) -> TankClashState:
    """Every tank on its back row but those in ``spots`` (``None``: destroyed); seat 0 to act with only
    ``tactical`` cards left. ``quiet``: the enemy's other mediums and heavy destroyed, so that only
    the tanks a test places (and the ace b5, far off in a corner) count."""
    s = start_game(far_tanks(0), far_tanks(1))
    placed = {t for t, _ in spots}
    for t, hex_ in (*spots, *((t, None) for t in range(5, 9) if quiet and t not in placed)):
        put(s, t, hex_)
    s.tac_used[0] = tuple(c for c in NO_TACTICAL if c not in tactical)
    s._legal_cache = None
    assert s.current_player == 0 and s.phase == MAIN
    return s


def _scored(s: TankClashState) -> dict[str, float]:
    scores: list[float] = []
    choose(s, scores)
    return {a.id: v for a, v in zip(s.legal_actions(), scores, strict=True)}


def test_a_raider_near_the_base_camp_is_blocked() -> None:
    # b1 three hexes from our base camp G1 could end its next move there; a1 stands it off
    assert choose(_position((0, "E1"), (5, "F4"))).id == "move:a1:G1"
    assert choose(_position((0, "E1"), (5, "F10"))).id != "move:a1:G1"
    # a tank already on the base camp stays there while the raider is near
    s = _position((0, "G1"), (5, "F4"))
    scores = _scored(s)
    assert max(v for i, v in scores.items() if i.startswith("move:a1:")) < max(scores.values())


def test_a_raider_is_the_first_target() -> None:
    # the destroyer a5 has two medium tanks in range: b1 two hexes from our base camp, b2 six
    s = _position((4, "G4"), (5, "G2"), (6, "G7"))
    scores = _scored(s)
    assert scores["attack:a5:b1"] > scores["attack:a5:b2"]
    assert choose(s).id == "attack:a5:b1"


def test_a_threatened_checkpoint_is_held() -> None:
    # b1 five hexes from our checkpoints H4 and I7 could take one within two moves: a1 steps onto one
    assert choose(_position((0, "G5"), (5, "H9"), quiet=True)).id in ("move:a1:H4", "move:a1:I7")
    assert choose(_position((0, "G5"), (5, "B13"), quiet=True)).id not in ("move:a1:H4", "move:a1:I7")


def test_a_barrage_falls_where_it_catches_most() -> None:
    s = _position((5, "F10"), (6, "G10"), (9, None), tactical=("artillery", "air"), quiet=True)
    best = choose(s)
    assert isinstance(best, TankClashAction) and best.KIND == TACTICAL
    assert best.card in ("artillery", "air") and HEX_NAMES[best.hex] in ("F10", "G10")
    scores = _scored(s)
    assert scores["tactical:artillery:F11"] < scores["end"]  # an edge of one tank: not worth the card


def test_infantry_only_before_a_shot() -> None:
    assert choose(_position((0, "F5"), (5, "F6"), tactical=("infantry",))).id == "tactical:infantry"
    assert choose(_position((0, "F5"), (5, "F11"), tactical=("infantry",))).id != "tactical:infantry"


def test_smoke_when_two_tanks_are_in_sights_without_a_shot_back() -> None:
    # the destroyer b5 (firepower 4) has a1 and a2 in range; their guns (2) do not reach it
    exposed = _position((0, "F5"), (1, "G5"), (9, "F8"), tactical=("smoke",))
    assert choose(exposed).id == "tactical:smoke"
    alone = _position((0, "F5"), (9, "F8"), tactical=("smoke",))
    assert choose(alone).id != "tactical:smoke"


def test_transport_closes_a_long_way_but_not_away_from_a_shot() -> None:
    s = _position((0, "F2"))
    give(s, 0, "Transport")
    assert choose(s).id.startswith("morale:Transport:")
    s = _position((0, "F5"), (5, "F6"))
    give(s, 0, "Transport")
    assert _scored(s)["morale:Transport:a1"] < 0


def test_scores_name_the_choice() -> None:
    s = _position((0, "E1"), (5, "F4"), (6, "G10"), tactical=("artillery", "infantry"))
    give(s, 0, "Transport")
    scores: list[float] = []
    best = choose(s, scores)
    legal = s.legal_actions()
    assert len(scores) == len(legal)
    assert legal[scores.index(max(scores))] is best
