"""The heuristic bot, the tensors, the terminal view and the data files."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from hulldown.agents.registry import make_agent
from hulldown.engine import DataFileError
from hulldown.engine.agent import SeatView
from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_clash import GAME
from hulldown.games.tank_clash.data import load_boards, load_cards
from hulldown.games.tank_clash.render import render_text


def _play(seed: int, heuristic_seat: int) -> float:
    s = GAME.new(seed=seed)
    bot = make_agent("heuristic", GAME, heuristic_seat, seed)
    rng = SplitMix64(seed)
    while not s.is_over:
        seat = s.current_player
        assert seat is not None
        if seat == heuristic_seat:
            s.apply(bot.act(SeatView(s, seat)))
        else:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
    return s.returns()[heuristic_seat]


def test_heuristic_beats_random() -> None:
    results = [_play(seed, seed % 2) for seed in range(16)]
    assert sum(results) >= 8  # wins clearly more than it loses


def test_heuristic_plays_cards_captures_and_pursues_its_mission() -> None:
    """Across a few games against random play the bot uses tactical and morale cards, takes
    checkpoints, and wins some games through its secret mission."""
    used: set[str] = set()
    captures = missions = 0
    for seed in range(10):
        s = GAME.new(seed=seed)
        me = seed % 2
        bot = make_agent("heuristic", GAME, me, seed)
        rng = SplitMix64(seed)
        while not s.is_over:
            seat = s.current_player
            if seat == me:
                action = bot.act(SeatView(s, me))
                used.add(action.id.split(":")[0])
            else:
                legal = s.legal_actions()
                action = legal[rng.below(len(legal))]
            events = s.apply(action)
            captures += sum(1 for e in events if e["type"] == "checkpoint_captured" and e["seat"] == me)
        missions += s.winner == me and s.reason.startswith("fulfilled the secret mission")
    assert {"tactical", "morale", "attack", "move"} <= used
    assert captures >= 5 and missions >= 3


def test_tensors_cover_every_offered_action_and_encode_from_observations() -> None:
    spec = GAME.tensors
    assert spec is not None
    ids = spec.action_ids(2, {})
    assert len(ids) == len(set(ids))
    known = set(ids)
    shape = spec.observation_shape(2, {})
    for seed in range(4):
        s = GAME.new(seed=seed, options={"fog_of_war": seed % 2 == 0})
        rng = SplitMix64(seed)
        n = 0
        while not s.is_over and n < 400:
            legal = s.legal_actions()
            assert {a.id for a in legal} <= known
            for seat in (0, 1):
                x = spec.encode(s.observation(seat), seat, 2, {})
                assert x.shape == shape and x.dtype == np.float32
            s.apply(legal[rng.below(len(legal))])
            n += 1


def test_render_text_shows_the_board() -> None:
    s = GAME.new(seed=2)
    while s.phase < 3:  # type: ignore[attr-defined]
        s.apply(s.legal_actions()[0])
    text = render_text(s.observation(0), 0)
    assert "a1" in text and "b1" in text and " 14" in text and "legend" in text


def test_card_database_lists_every_card() -> None:
    cards = GAME.cards()
    kinds = [c["category"] for c in cards]
    assert kinds.count("mission") == 6 and kinds.count("tactical") == 6 and kinds.count("morale") == 12
    designed = {c["name"] for c in cards if c["category"] == "morale" and c["designed"]}
    assert "Experience" not in designed and "Sniper" in designed


def test_bad_board_file_names_file_entry_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "boards.toml"
    bad.write_text('[[board]]\nid = 1\nname = "x"\nrows = ["......", "......"]\n')
    with pytest.raises(DataFileError) as err:
        load_boards(str(bad))
    assert "boards.toml" in str(err.value) and "board 1" in str(err.value) and "rows" in str(err.value)
    bad.write_text(
        '[[board]]\nid = 1\nname = "x"\nrows = ["..X...", "......", "......", "......", "......", "......", "......"]\n'
    )
    with pytest.raises(DataFileError, match="unknown terrain"):
        load_boards(str(bad))


def test_bad_card_file(tmp_path: Path) -> None:
    bad = tmp_path / "cards.toml"
    bad.write_text('[[mission]]\nid = "m"\nkind = "fly"\ntext = "t"\n')
    with pytest.raises(DataFileError) as err:
        load_cards(str(bad))
    assert "mission m" in str(err.value) and "kind" in str(err.value)


def test_bad_options_are_rejected() -> None:
    from hulldown.engine import OptionError

    with pytest.raises(OptionError):
        GAME.new(seed=0, options={"board_placement": "sideways"})
    with pytest.raises(OptionError):
        GAME.new(seed=0, options={"round_limit": 0})


@pytest.mark.parametrize("placement", ["default", "crossed", "swapped", "reversed"])
def test_every_arrangement_gives_each_seat_two_boards(placement: str) -> None:
    s = GAME.new(seed=0, options={"board_placement": placement})
    obs = s.observation(None)
    assert len(obs["boards"]) == 4 and len(set(obs["boards"])) == 4
    assert len(obs["terrain"]) == 14 and all(len(r) == 12 for r in obs["terrain"])


def test_rules_doc_links_point_at_existing_tests() -> None:
    import re

    root = Path(__file__).resolve().parents[3]
    doc = (root / "docs" / "rules" / "tank-clash.md").read_text()
    links = re.findall(r"\(\.\./\.\./(tests/[^):]+)(?:::([A-Za-z_0-9]+))?\)", doc)
    assert len(links) > 40
    for path, fn in links:
        text = (root / path).read_text()
        assert not fn or f"def {fn}(" in text, f"{path}::{fn}"
