"""`hulldown cards tank-killers --json` against the rulebook's card lists.

Two references, so the check never silently disappears: the checked-in
``data/cards_expected.json`` (always present) and the rulebook text itself
(``shared/seeds/tank-killers.txt`` beside the repository, when it is there).
The rulebook is compared after typographic normalisation only: runs of tabs
and spaces become one space, the en dash a hyphen, and "FA ," becomes "FA,".
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hulldown.cli import app

ROOT = Path(__file__).resolve().parents[3]
EXPECTED = Path(__file__).parent / "data" / "cards_expected.json"
TOTALS = {"german": 40, "american": 50, "british": 42, "tactics": 92}
DECK_TITLES = {"german": "GERMAN 1944", "american": "AMERICAN 1944", "british": "BRITISH 1944"}
ROW = re.compile(r"^(.+?) (MT|LT|HT|TD|SP|AC|AT|Inf|Art|Air|M) (\d+) (\d+) (\d+|--) (PB|\d+) (\d+)$")


def _seeds() -> Path | None:
    """The rulebook text in ``shared/seeds`` beside the clone (or beside a parent of a worktree)."""
    for base in ROOT.parents:
        path = base / "shared" / "seeds" / "tank-killers.txt"
        if path.is_file():
            return path
    return None


def _norm(text: str) -> str:
    text = " ".join(text.replace("\u2013", "-").split())
    return text.replace(" ,", ",")


def _cli_cards() -> list[dict[str, Any]]:
    result = CliRunner().invoke(app, ["cards", "tank-killers", "--json"])
    assert result.exit_code == 0, result.output
    cards: list[dict[str, Any]] = json.loads(result.stdout)
    return cards


def _formation_rows(cards: list[dict[str, Any]], deck: str) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for c in cards:
        if c["deck"] == deck:
            f = c["fields"]
            rng = f["rng"] if f["rng"] == "PB" else f["rng"].removesuffix(" yards")
            rows.append((c["name"], c["type"], str(f["pen"]), str(f["inf"]), str(f["def"]), rng, str(c["count"])))
    return rows


def _tactics_rows(cards: list[dict[str, Any]]) -> list[tuple[str, str, str, int]]:
    return [(c["name"], c["type"], _norm(c["fields"]["text"]), c["count"]) for c in cards if c["deck"] == "tactics"]


def _rulebook(text: str) -> tuple[dict[str, list[tuple[str, ...]]], list[tuple[str, str, str, int]]]:
    """The formation lists and the tactics list as printed (one copy of each tactic: rules 1.4)."""
    formations = {}
    for deck, title in DECK_TITLES.items():
        lines = text.split(title, 1)[1].split("\n\n", 1)[0].splitlines()[2:]
        rows = []
        for line in lines:
            if line.strip():
                m = ROW.match(_norm(line))
                assert m, f"unreadable {deck} row: {line!r}"
                rows.append(m.groups())
        formations[deck] = rows
    part = text.split("TACTICS DECK\t", 1)[1].split("INTERPRETATION OF CARDS", 1)[0]
    tactics = []
    for line in part.splitlines()[2:]:
        if line.strip():
            cells = [c.strip() for c in re.split(r"\t+| {2,}(?=\S)", line.strip(), maxsplit=2)]
            assert len(cells) == 3, f"unreadable tactics row: {line!r}"
            tactics.append((cells[0], cells[1], _norm(cells[2]), 1))
    return formations, tactics


def test_cli_cards_json_equals_the_checked_in_list() -> None:
    cards = _cli_cards()
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    assert cards == expected
    counts = Counter[str]()
    for c in cards:
        counts[c["deck"]] += c["count"]
        assert c["source"] == "rulebook"
    assert counts == TOTALS
    assert len(_tactics_rows(cards)) == 92
    assert all(c["fields"]["text"] for c in cards if c["deck"] == "tactics")


def test_cli_cards_json_equals_the_rulebook_lists() -> None:
    seeds = _seeds()
    if seeds is None:
        pytest.skip("shared/seeds/tank-killers.txt is not beside the repository; the checked-in list was compared")
    formations, tactics = _rulebook(seeds.read_text(encoding="utf-8"))
    cards = _cli_cards()
    for deck, rows in formations.items():
        assert _formation_rows(cards, deck) == rows, deck
        assert sum(int(r[-1]) for r in rows) == TOTALS[deck]
    assert len(tactics) == 92
    assert _tactics_rows(cards) == tactics
