"""Hex geometry against golden data (tests/engine/data/hexgrid_golden.json) and independent checks."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import pytest

from hulldown.engine.hexgrid import HexGrid

GOLDEN = json.loads((Path(__file__).parent / "data" / "hexgrid_golden.json").read_text())


@pytest.fixture(scope="module")
def g() -> HexGrid:
    return HexGrid(GOLDEN["width"], GOLDEN["height"])


@pytest.fixture(scope="module")
def blocks(g: HexGrid) -> list[bool]:
    b = [False] * g.size
    for name in GOLDEN["blockers"]:
        b[g.parse(name)] = True
    return b


def test_neighbours_of_even_and_odd_rows(g: HexGrid) -> None:
    # odd-r: the second row (index 1) is pushed half a hex right
    assert sorted(g.name(h) for h in g.neighbours(g.parse("B2"))) == ["A2", "B1", "B3", "C1", "C2", "C3"]
    assert sorted(g.name(h) for h in g.neighbours(g.parse("B3"))) == ["A2", "A3", "A4", "B2", "B4", "C3"]
    assert sorted(g.name(h) for h in g.neighbours(g.parse("A1"))) == ["A2", "B1"]


def test_neighbours_are_symmetric_and_at_distance_one(g: HexGrid) -> None:
    for a in range(g.size):
        for b in g.neighbours(a):
            assert a in g.neighbours(b)
            assert g.distance(a, b) == 1


def test_distance_equals_breadth_first_search(g: HexGrid) -> None:
    for a in range(g.size):
        seen = {a: 0}
        todo = deque([a])
        while todo:
            h = todo.popleft()
            for n in g.neighbours(h):
                if n not in seen:
                    seen[n] = seen[h] + 1
                    todo.append(n)
        assert all(g.distance(a, b) == seen[b] for b in range(g.size))


def test_distance_counts_golden(g: HexGrid) -> None:
    """Perft style: for every hex, how many hexes lie at each distance."""
    for name, counts in GOLDEN["distance_counts"].items():
        a = g.parse(name)
        got = [0] * len(counts)
        for b in range(g.size):
            got[g.distance(a, b)] += 1
        assert got == counts, name


def test_visible_counts_golden(g: HexGrid, blocks: list[bool]) -> None:
    for name, n in GOLDEN["visible"].items():
        a = g.parse(name)
        assert sum(1 for b in range(g.size) if b != a and g.line_of_sight(a, b, blocks)) == n, name


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=lambda c: f"{c['from']}-{c['to']}")
def test_line_cases_golden(g: HexGrid, blocks: list[bool], case: dict[str, object]) -> None:
    a, b = g.parse(str(case["from"])), g.parse(str(case["to"]))
    assert g.distance(a, b) == case["distance"]
    assert g.line_of_sight(a, b, blocks) == case["los"]
    line = [[g.name(x) if x >= 0 else None, g.name(y) if y >= 0 else None] for x, y in g.line(a, b)]
    assert line == case["line"]


def test_line_along_an_edge_needs_both_sides_blocked(g: HexGrid) -> None:
    a, b = g.parse("D5"), g.parse("D3")
    assert g.line(a, b) == ((g.parse("D4"), g.parse("C4")),)
    one = [False] * g.size
    one[g.parse("D4")] = True
    assert g.line_of_sight(a, b, one)
    one[g.parse("C4")] = True
    assert not g.line_of_sight(a, b, one)


def test_line_of_sight_is_symmetric(g: HexGrid, blocks: list[bool]) -> None:
    for a in range(g.size):
        for b in range(g.size):
            assert g.line_of_sight(a, b, blocks) == g.line_of_sight(b, a, blocks)


def test_end_hexes_never_block(g: HexGrid) -> None:
    every = [True] * g.size
    for a in range(g.size):
        for b in g.neighbours(a):
            assert g.line_of_sight(a, b, every)


def test_rows_from_each_edge_and_rotation() -> None:
    g = HexGrid(12, 14)
    a = g.parse("C1")
    assert g.row_from_edge(a, 0) == 1 and g.row_from_edge(a, 1) == 14
    assert g.row_from_edge(g.parse("C7"), 1) == 8
    for x in range(g.size):
        for y in range(0, g.size, 7):
            assert g.distance(g.rotate(x), g.rotate(y)) == g.distance(x, y)


def test_bad_names_are_rejected(g: HexGrid) -> None:
    for bad in ("", "Z1", "A0", "A99", "AA", "7"):
        with pytest.raises(ValueError):
            g.parse(bad)
    assert g.parse("c3") == g.parse("C3")
