"""2GM Pacific card files (§18): option ``cards_file``, records, RL layouts, simulation and web card sets."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from hulldown.engine.errors import DataFileError
from hulldown.engine.registry import load, replay
from hulldown.games.pacific.cards import DATA
from hulldown.rl.layout import Layout
from hulldown.server.cardsets import CardSets
from hulldown.sim.commands import register
from hulldown.sim.compare import compare

GAME = load("2gm-pacific")
UNITS = (DATA / "units.toml").read_text(encoding="utf-8")
SUPPORT = (DATA / "support.toml").read_text(encoding="utf-8")
DECKS = (DATA / "decks.toml").read_text(encoding="utf-8")


def _unit_field(text: str, unit: str, field: str, value: str) -> str:
    """``text`` with ``field`` of unit ``unit`` set to ``value`` (the line as TOML writes it)."""
    at = text.index(f'id = "{unit}"')
    start = text.index(f"\n{field} = ", at) + 1
    end = text.index("\n", start)
    return text[:start] + f"{field} = {value}" + text[end:]


def _write(tmp_path: Path, text: str, name: str = "cards.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _play_out(options: dict[str, str], seed: int, players: int = 2) -> str:
    """A random game to its end; its record as JSON."""
    state = GAME.new(seed=seed, players=players, options=options)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state.record().to_json()


def test_a_file_changes_a_units_numbers_and_a_support_cards_count(tmp_path: Path) -> None:
    units = _unit_field(_unit_field(UNITS, "us-m4a2", "armour", "6"), "us-m4a2", "name", '"M4A2 Up-armoured"')
    decks = DECKS.replace('"promotion" = 2', '"promotion" = 4', 1)
    path = _write(tmp_path, units + "\n" + decks)
    state = GAME.new(seed=3, options={"cards_file": path})
    assert state.db.units["us-m4a2"].armour == 6 and state.db.units["us-m4a2"].name == "M4A2 Up-armoured"
    us_cards = [state.cards[i] for d in (state.decks[0], state.hands[0]) for i in d.cards]
    assert us_cards.count("promotion") == 4  # the US deck of side 0, dealt from the file's counts
    assert GAME.new(seed=3).db.units["us-m4a2"].armour != 6  # the built-in data is untouched
    listed = {c["id"]: c for c in GAME.cards({"cards_file": path})}
    assert listed["us-m4a2"]["armour"] == 6 and listed["us-m4a2"]["name"] == "M4A2 Up-armoured"
    record = _play_out({"cards_file": path}, 3)
    again = replay(record)  # the record carries the option, so it replays with the same cards
    assert again.db.units["us-m4a2"].armour == 6 and again.record().to_json() == record


def test_a_file_with_only_support_cards_keeps_the_built_in_units(tmp_path: Path) -> None:
    support = SUPPORT.replace(
        'id = "veteran"\nname = "Veteran"\ncost = 2', 'id = "veteran"\nname = "Veteran"\ncost = 1'
    )
    extra = '\n[[support]]\nid = "rations"\nname = "Rations"\ncost = 1\ntarget = "none"\neffect = "draw"\nvalue = 1\n'
    path = _write(tmp_path, support + extra)
    state = GAME.new(seed=1, options={"cards_file": path, "deck": "random", "points": 100})
    assert state.db.support["veteran"].cost == 1 and "rations" in state.db.support
    assert state.db.units == GAME.new(seed=1).db.units
    _play_out({"cards_file": path, "deck": "random", "points": 100}, 1, players=4)


def _marines(field: str, value: str) -> str:
    return _unit_field(UNITS, "us-marines", field, value)


MARINES = "entry 'unit us-marines', field "
US_DECK = "entry 'deck us-120', field "


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (_marines("hit", '"4"'), MARINES + "'hit': Input should be a valid integer"),
        (_marines("cost", "-1"), MARINES + "'cost': Input should be greater than or equal to 0"),
        (_marines("hp", "2\nsight = 3"), MARINES + "'sight': Extra inputs are not permitted"),
        (UNITS.replace("hp = 2\n", "", 1), "field 'hp': Field required"),
        (UNITS.replace('id = "us-marines"', 'id = "us-marine"'), "field 'id': not a unit of the game"),
        (_marines("type", '"tank"'), MARINES + "'type': is 'infantry' in the game"),
        (UNITS[: UNITS.index('[[unit]]\nid = "us-marines"')], "field 'unit': no unit"),
        (DECKS.replace('"promotion" = 2', '"promotion" = -2', 1), US_DECK + "'cards.promotion': Input should be"),
        (DECKS.replace('"promotion" = 2', '"promotoin" = 2', 1), US_DECK + "'cards': no card 'promotoin'"),
        (
            DECKS.replace('"promotion" = 2', '"jp-radio-operator" = 2', 1),
            "'cards.jp-radio-operator': not a card of army 'us'",
        ),
        (SUPPORT.replace('id = "flares"', 'id = "flare"'), "field 'support': no support card 'flares'"),
        (SUPPORT.replace('effect = "reveal"', 'effect = "win"', 1), "entry 'support flares', field 'effect'"),
        ("[[units]]\nid = 'x'\n", "field 'units': unknown table (expected unit, support, deck)"),
        ("# nothing\n", "no table"),
        ("[unit]\nid = 'x'\n", "field 'unit': expected an array of tables ([[unit]])"),
    ],
    ids=[
        "string-for-number",
        "negative",
        "unknown-field",
        "missing-field",
        "unknown-unit",
        "retyped-unit",
        "missing-unit",
        "negative-count",
        "unknown-card",
        "other-army",
        "missing-support",
        "unknown-effect",
        "unknown-table",
        "empty",
        "not-an-array",
    ],
)
def test_a_bad_file_is_refused_naming_file_entry_and_field(tmp_path: Path, text: str, error: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(DataFileError, match=re.escape(error)) as err:
        GAME.new(seed=0, options={"cards_file": path})
    assert str(err.value).startswith(path)


def test_a_path_that_is_no_small_regular_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="not a regular file"):
        GAME.new(seed=0, options={"cards_file": str(tmp_path)})
    big = _write(tmp_path, DECKS + "#" * (1024 * 1024), "big.toml")
    with pytest.raises(DataFileError, match="larger than 1048576 bytes"):
        GAME.new(seed=0, options={"cards_file": big})
    with pytest.raises(DataFileError, match="file not found"):
        GAME.new(seed=0, options={"cards_file": str(tmp_path / "missing.toml")})


def test_the_rl_layout_is_the_same_with_any_file(tmp_path: Path) -> None:
    units = _unit_field(UNITS, "us-m4a2", "cost", "9")
    path = _write(tmp_path, units + "\n" + DECKS.replace('"promotion" = 2', '"promotion" = 3', 1))
    plain, custom = Layout("2gm-pacific", 2, {}), Layout("2gm-pacific", 2, {"cards_file": path})
    assert plain.action_ids == custom.action_ids and plain.shape == custom.shape
    assert (plain.low == custom.low).all() and (plain.high == custom.high).all()
    state = custom.new_state(5)
    rng = random.Random(5)
    for _ in range(200):  # the state encoder and the reference encoding agree under the file's cards
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        assert (custom.encode(state, seat) == custom.encode_observation(state, seat)).all()
        state.apply(rng.choice(state.legal_actions()))


def test_web_games_reach_card_files_only_as_installed_card_sets(tmp_path: Path) -> None:
    heavy = tmp_path / "sets" / "2gm-pacific" / "heavy-shermans"
    heavy.mkdir(parents=True)
    (heavy / "cards.toml").write_text(_unit_field(UNITS, "us-m4a2", "armour", "6"), encoding="utf-8")
    broken = tmp_path / "sets" / "2gm-pacific" / "broken"
    broken.mkdir()
    (broken / "cards.toml").write_text(_unit_field(UNITS, "us-m4a2", "armour", "-1"), encoding="utf-8")
    sets = CardSets.scan(tmp_path / "sets")
    assert sets.names("2gm-pacific") == ["heavy-shermans"]
    config, options = sets.prepare(GAME, {"points": 120}, {"card_set": "heavy-shermans"})
    assert GAME.new(seed=0, options=options).db.units["us-m4a2"].armour == 6 and "card_set_digest" in config
    with pytest.raises(Exception, match="names a file on the server"):
        GAME.validate_options({"cards_file": str(heavy / "cards.toml")}, remote=True)


def test_balance_compares_a_card_file_with_the_built_in_cards(tmp_path: Path) -> None:
    path = _write(tmp_path, _unit_field(UNITS, "us-m4a2", "armour", "6"))
    report = compare(GAME, ["random"], 2, {"cards_file": ""}, {"cards_file": path}, seed=1, out=tmp_path / "ab")
    assert report["pairs"] == 2 and report["b"] == {"cards_file": path}
    assert len(report["difference"]["by_seat"]) == 2 and (tmp_path / "ab" / "index.html").exists()
    app = typer.Typer()
    register(app)
    out = str(tmp_path / "cli")
    variants = ("--compare", "cards_file=", f"cards_file={path}")
    r = CliRunner().invoke(app, ["balance", "2gm-pacific", "--games", "2", *variants, "--out", out, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["pairs"] == 2
    r = CliRunner().invoke(app, ["simulate", "2gm-pacific", "--games", "2", "--option", f"cards_file={path}"])
    assert r.exit_code == 0, r.output
    bad = _write(tmp_path, "[[units]]\n", "bad.toml")
    r = CliRunner().invoke(app, ["simulate", "2gm-pacific", "--games", "1", "--option", f"cards_file={bad}"])
    assert r.exit_code == 2 and "unknown table" in r.output and "Traceback" not in r.output
