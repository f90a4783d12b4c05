"""Options that name files: local callers may set them, remote callers are refused them unread."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hulldown.cli import app
from hulldown.engine.errors import OptionError
from hulldown.engine.game import Game, OptionSpec
from hulldown.games.tank_killers.cards import DATA as KILLERS_DATA
from tests.engine.toygame import TOY

DECK = OptionSpec("deck_file", str, "", "path of your own deck", file="deck.toml")
GAME = Game(info=dataclasses.replace(TOY.info, options=(*TOY.info.options, DECK)), state_class=TOY.state_class)


def test_local_callers_may_name_a_file() -> None:
    assert GAME.validate_options({"deck_file": "/some/where.toml"})["deck_file"] == "/some/where.toml"
    assert GAME.validate_options({})["deck_file"] == ""


@pytest.mark.parametrize("value", ["/etc/passwd", "/dev/zero", "", "deck.toml"])
def test_remote_callers_are_refused_any_file_option(value: str) -> None:
    with pytest.raises(OptionError, match="'deck_file'"):
        GAME.validate_options({"hand": 2, "deck_file": value}, remote=True)
    assert GAME.validate_options({"hand": 2}, remote=True) == {"hand": 2, "deck_file": ""}


def test_remote_errors_do_not_offer_file_options() -> None:
    with pytest.raises(OptionError) as err:
        GAME.validate_options({"colour": "red"}, remote=True)
    assert "hand" in str(err.value) and "deck_file" not in str(err.value)


def test_remote_description_leaves_file_options_out() -> None:
    assert [o["name"] for o in GAME.info.describe(remote=True)["options"]] == ["hand"]
    local = GAME.info.describe()["options"]
    assert [o["name"] for o in local] == ["hand", "deck_file"] and local[1]["file"] == "deck.toml"
    assert GAME.info.file_options == (DECK,)


def test_the_command_line_still_reads_a_card_file(tmp_path: Path) -> None:
    german = (KILLERS_DATA / "german.toml").read_text(encoding="utf-8")
    path = tmp_path / "german.toml"
    path.write_text(german.replace('name = "Panther"', 'name = "Panther Local"'), "utf-8")
    result = CliRunner().invoke(app, ["cards", "tank-killers", "--json", "--option", f"german_file={path}"])
    assert result.exit_code == 0, result.output
    assert "Panther Local" in {c["name"] for c in json.loads(result.stdout)}
    played = CliRunner().invoke(app, ["play", "tank-killers", "--option", f"german_file={path}"], input="q\n")
    assert "error" not in played.output and "abandoned" in played.stdout
