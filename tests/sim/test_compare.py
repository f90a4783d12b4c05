"""A/B comparisons on common seeds: ``hulldown balance GAME --compare A B``."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from hulldown.engine import Game, registry
from hulldown.sim.commands import register
from hulldown.sim.compare import compare, paired_difference, parse_variant
from tests.sim.factiongame import DUEL


@pytest.fixture
def duel() -> Iterator[Game]:
    registry.register(DUEL)
    yield DUEL
    registry.unregister(DUEL.info.id)


def test_a_stronger_deck_shows_as_a_difference_with_its_interval(duel: Game, tmp_path: Path) -> None:
    report = compare(DUEL, ["random"], 400, {}, {"extra0": "9 9 9"}, seed=4, out=tmp_path)
    assert report["a"] == {"extra0": ""} and report["b"] == {"extra0": "9 9 9"}
    assert report["pairs"] == 400
    seat0, seat1 = report["difference"]["by_seat"]
    assert seat0["high"] < 0 < seat1["low"]  # B's nines won seat 0 games that A's deck lost
    assert seat0["mean"] == pytest.approx(-seat1["mean"])  # two seats, a draw counting one half to each
    assert set(report["difference"]["by_faction"]) == {"low", "high"}
    assert report["variant_b"]["seat_scores"][0]["rate"] > report["variant_a"]["seat_scores"][0]["rate"]
    nines = [d for d in report["cards"] if d["card"] == "9"]
    assert nines and all(d["impact_a"] is None for d in nines)  # no nine is dealt under A
    assert (tmp_path / "difference.png").stat().st_size > 1000
    page = (tmp_path / "index.html").read_text()
    assert "A/B comparison" in page and "seat 0" in page and "difference.png" in page
    assert json.loads((tmp_path / "report.json").read_text())["pairs"] == 400


def test_the_two_variants_share_their_seeds_game_by_game(duel: Game, tmp_path: Path) -> None:
    compare(DUEL, ["random", "ismcts:iterations=5"], 16, {"extra1": "1"}, {"extra1": "2"}, seed=1, out=tmp_path)
    with (tmp_path / "games.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    by_variant: dict[str, dict[tuple[str, str, str], str]] = {"A": {}, "B": {}}
    for r in rows:
        key = (r["tag_set"], r["tag_rotation"], r["index"])
        by_variant[r["tag_variant"]][key] = r["seed"]
    assert by_variant["A"] == by_variant["B"] and len(by_variant["A"]) == 16
    assert len(set(by_variant["A"].values())) == 16  # common between variants, distinct between games


def test_paired_difference_and_variants() -> None:
    d = paired_difference([1.0, 0.0, 1.0, 0.0])
    assert d["mean"] == 0.5 and d["n"] == 4
    assert d["low"] == pytest.approx(0.5 - 1.959963984540054 * (1 / 3) ** 0.5 / 2)
    assert paired_difference([]) == {"mean": 0.0, "low": -1.0, "high": 1.0, "n": 0}
    assert paired_difference([0.5])["low"] == -1.0  # one pair: no spread to know, the widest interval
    assert parse_variant("tactics_file=my deck.toml, random_factor=true") == {
        "tactics_file": "my deck.toml",
        "random_factor": "true",
    }
    with pytest.raises(ValueError, match="key=value"):
        parse_variant("random_factor")


def test_the_same_options_twice_are_refused(duel: Game, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="nothing to compare"):
        compare(DUEL, ["random"], 10, {"extra0": ""}, {}, out=tmp_path)
    with pytest.raises(ValueError, match="has no option 'nonsense'"):
        compare(DUEL, ["random"], 10, {"nonsense": "1"}, {}, out=tmp_path)


@pytest.fixture
def cli(duel: Game) -> Iterator[Any]:
    app = typer.Typer()
    register(app)
    runner = CliRunner()
    yield lambda *args: runner.invoke(app, list(args))


def test_the_command_prints_each_difference(cli: Any, tmp_path: Path) -> None:
    out = str(tmp_path / "ab")
    r = cli("balance", "duel", "--games", "40", "--compare", "extra0=", "extra0=9 9", "--out", out)
    assert r.exit_code == 0, r.output
    assert "seat 0: A - B" in r.stdout and "over 40 pairs" in r.stdout
    assert (tmp_path / "ab" / "index.html").exists()
    r = cli("balance", "duel", "--compare", "extra0", "extra0=9", "--out", out)
    assert r.exit_code == 2 and "key=value" in r.stderr and "Traceback" not in r.output


def test_barring_a_card_is_a_controlled_test_of_it(tmp_path: Path) -> None:
    from hulldown.sim.compare import bar_card

    report = bar_card("tank-killers", ["random"], 9, "Ambush", seed=2, out=tmp_path)
    assert report["card"] == "Ambush" and report["a"] == {"bar_tactics": ""}
    assert report["b"] == {"bar_tactics": "Ambush"} and report["pairs"] == 9
    with (tmp_path / "games.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    without = [json.loads(r[f"played_{s}"]) for r in rows if r["tag_variant"] == "B" for s in (0, 1)]
    assert without and not any("Ambush" in cards for cards in without)  # B never saw the card
    with pytest.raises(ValueError, match="no tactics card 'Ambsh'"):
        bar_card("tank-killers", ["random"], 9, "Ambsh", out=tmp_path)


def test_barring_needs_the_game_to_declare_how(duel: Game, tmp_path: Path) -> None:
    from hulldown.sim.compare import bar_card

    with pytest.raises(ValueError, match="does not declare how to leave a card out"):
        bar_card(DUEL, ["random"], 4, "9", out=tmp_path)


def test_the_command_bars_a_card(cli: Any, tmp_path: Path) -> None:
    r = cli("balance", "tank-killers", "--games", "9", "--bar", "Ambush", "--out", str(tmp_path / "b"), "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["card"] == "Ambush"
    r = cli("balance", "duel", "--compare", "extra0=", "extra0=9", "--bar", "9")
    assert r.exit_code == 2 and "not both" in r.stderr
