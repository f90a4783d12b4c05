"""Tank Clash card files (clause 14.1): options ``cards_file`` and ``tanks_file``, and card sets for the web."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from hulldown.engine.errors import DataFileError
from hulldown.engine.registry import load
from hulldown.games.tank_clash.data import DATA
from hulldown.server.cardsets import CardSets

GAME = load("tank-clash")
TANKS = (DATA / "tanks.toml").read_text(encoding="utf-8")
CARDS = (DATA / "cards.toml").read_text(encoding="utf-8")


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _play_out(options: dict[str, str], seed: int) -> None:
    state = GAME.new(seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))


def test_a_tank_file_changes_the_statistics_and_names_the_game_plays_with(tmp_path: Path) -> None:
    text = TANKS.replace('name = "Tiger I"\nfirepower = 3\narmour = 3', 'name = "Tiger II"\nfirepower = 4\narmour = 4')
    path = _write(tmp_path, "tanks.toml", text)
    state = GAME.new(seed=1, options={"tanks_file": path, "side": "german"})
    assert state.side_stats[0][1] == (4, 4, 2)  # the German heavy tank: firepower, armour, speed
    assert state.side_stats[1][1] == (3, 3, 2)  # the American one as printed
    assert state.tank_data()[("german", "heavy")].name == "Tiger II"
    names = {c["name"] for c in GAME.cards({"tanks_file": path}) if c["category"] == "tank"}
    assert "Tiger II" in names and "Tiger I" not in names
    _play_out({"tanks_file": path}, 1)


def test_a_card_file_sets_the_missions_and_the_morale_deck(tmp_path: Path) -> None:
    cut = CARDS.index('[[morale]]\nname = "Reinforce"')  # Sniper and Experience only
    text = CARDS[:cut].replace('text = "Kill the enemy ace."', 'text = "Hunt down the enemy ace."')
    path = _write(tmp_path, "cards.toml", text)
    state = GAME.new(seed=2, options={"cards_file": path})
    assert sorted(state.morale_deck) == ["Experience", "Sniper"]
    texts = {m.text for m in state.card_data()[0]}
    assert "Hunt down the enemy ace." in texts
    _play_out({"cards_file": path}, 2)


@pytest.mark.parametrize(
    ("name", "old", "new", "error"),
    [
        ("tanks.toml", "count = 3", "count = 4", "field 'count': a side fields 3 medium tank(s), not 4"),
        ("tanks.toml", 'kind = "heavy"', 'kind = "medium"', "a second german medium tank"),
        ("tanks.toml", "firepower = 2", "firepower = 9", "field 'firepower'"),
        ("tanks.toml", "[[tank]]", "[[tanks]]", "field 'tanks': unknown table"),
        ("cards.toml", 'id = "mines"', 'id = "mortar"', "field 'id'"),
        ("cards.toml", "[[mission]]", "[[missions]]", "unknown table (expected mission, tactical, morale)"),
        ("cards.toml", 'name = "Sniper"', 'name = "Spotter"', "entry 'morale Spotter', field 'name'"),
    ],
)
def test_a_bad_file_is_refused_naming_file_entry_and_field(
    tmp_path: Path, name: str, old: str, new: str, error: str
) -> None:
    text = (TANKS if name == "tanks.toml" else CARDS).replace(old, new, 1)
    path = _write(tmp_path, name, text)
    option = "tanks_file" if name == "tanks.toml" else "cards_file"
    with pytest.raises(DataFileError, match=re.escape(error)) as err:
        GAME.new(seed=0, options={option: path})
    assert path in str(err.value)


def test_missions_and_tactical_cards_must_make_a_game(tmp_path: Path) -> None:
    start, end = CARDS.index('[[tactical]]\nid = "mines"'), CARDS.index("[[morale]]")
    path = _write(tmp_path, "cards.toml", CARDS[:start] + CARDS[end:])
    with pytest.raises(DataFileError, match="no tactical card 'mines' \\(all six are played\\)"):
        GAME.new(seed=0, options={"cards_file": path})
    one = CARDS.index('[[mission]]\nid = "capture-2"'), CARDS.index("[[tactical]]")
    path = _write(tmp_path, "cards1.toml", CARDS[: one[0]] + CARDS[one[1] :])
    with pytest.raises(DataFileError, match="2 to 24 missions, not 1"):
        GAME.new(seed=0, options={"cards_file": path})


def test_a_path_that_is_no_small_regular_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="not a regular file"):
        GAME.new(seed=0, options={"tanks_file": str(tmp_path)})
    big = _write(tmp_path, "big.toml", TANKS + "#" * (1024 * 1024))
    with pytest.raises(DataFileError, match="larger than 1048576 bytes"):
        GAME.new(seed=0, options={"tanks_file": big})
    with pytest.raises(DataFileError, match="file not found"):
        GAME.new(seed=0, options={"cards_file": str(tmp_path / "missing.toml")})


def test_web_games_reach_tank_files_only_as_installed_card_sets(tmp_path: Path) -> None:
    heavy = tmp_path / "sets" / "tank-clash" / "heavy"
    heavy.mkdir(parents=True)
    (heavy / "tanks.toml").write_text(TANKS.replace("armour = 3", "armour = 5"), encoding="utf-8")
    broken = tmp_path / "sets" / "tank-clash" / "broken"
    broken.mkdir()
    (broken / "tanks.toml").write_text("[[tank]]\nside = 'german'\n", encoding="utf-8")
    sets = CardSets.scan(tmp_path / "sets")
    assert sets.names("tank-clash") == ["heavy"]
    config, options = sets.prepare(GAME, {"side": "american"}, {"card_set": "heavy"})
    state = GAME.new(seed=0, options=options)
    assert state.side_stats[0][1] == (3, 5, 2) and "card_set_digest" in config
    with pytest.raises(Exception, match="names a file on the server"):
        GAME.validate_options({"tanks_file": str(heavy / "tanks.toml")}, remote=True)
