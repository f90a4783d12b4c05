"""Every section of every rulebook is covered by the game's rules document.

Each ``docs/rules/<game>.md`` ends with a table, "Rulebook sections", naming every heading of the
rulebook (in the book's order) and the clauses that cover it, or ``flavour:`` and why the section
holds no rule. A section still without its clauses is ``pending:``, and only those listed in
:data:`PENDING`, so that the list can only shrink. The headings are the lists kept in
``tests/fixtures/rulebooks``; where the rulebook texts are at hand (``HULLDOWN_RULEBOOKS``, or a
``shared/seeds`` folder beside the checkout) the lists are extracted again and must not have
changed.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from hulldown.server.rules import render
from tests.fixtures.rulebooks.extract import BOOKS, headings, listed

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(BOOKS)
_TABLE = "## Rulebook sections"
_REF = re.compile(r"§(\d+(?:\.\d+)*)")
_ROW = re.compile(r"^\|(.+)\|(.+)\|\s*$")
#: sections whose clauses are not written yet, each named as such in its document
PENDING: dict[str, set[str]] = {}


def _seeds() -> Path | None:
    """Where the rulebook texts are, if anywhere: they are not part of the repository."""
    named = os.environ.get("HULLDOWN_RULEBOOKS")
    if named:
        return Path(named)
    for folder in ROOT.parents:
        if (folder / "shared" / "seeds").is_dir():
            return folder / "shared" / "seeds"
    return None


def _doc(game: str) -> str:
    return (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")


def mapping(doc: str) -> list[tuple[str, str]]:
    """The rows of the document's "Rulebook sections" table: (heading, what covers it)."""
    _, found, rest = doc.partition(f"\n{_TABLE}\n")
    assert found, f"the document has no '{_TABLE}' section"
    rows: list[tuple[str, str]] = []
    for line in rest.splitlines():
        if line.startswith("## "):
            break
        m = _ROW.match(line)
        if m and not set(m.group(1).strip()) <= set("-: "):
            rows.append((m.group(1).strip(), m.group(2).strip()))
    return rows[1:]  # the header row


def clause_numbers(doc: str) -> set[str]:
    """The numbers of the document's clauses and sections, as the rules page anchors them."""
    return {c.clause.partition("-")[0] for c in render(doc).clauses}


def problems(doc: str, expected: list[str], pending: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """What is wrong with the document's table against the rulebook's headings (nothing: [])."""
    rows = mapping(doc)
    named = [h for h, _ in rows]
    known = clause_numbers(doc)
    out = [f"not a heading of the rulebook: {h!r}" for h in named if h not in expected]
    out += [f"heading not mapped: {h!r}" for h in expected if h not in named]
    out += [f"heading mapped twice: {h!r}" for h in set(named) if named.count(h) > 1]
    if not out and named != expected:
        out.append("the table does not follow the rulebook's order")
    marked = {h for h, cover in rows if cover.startswith("pending")}
    out += [f"{h!r} may not be pending" for h in sorted(marked - pending)]
    out += [f"{h!r} is no longer pending: take it off the list" for h in sorted(pending - marked)]
    for heading, cover in rows:
        if cover.startswith("pending"):
            continue
        if cover.startswith("flavour"):
            reason = cover.removeprefix("flavour").lstrip(":").strip()
            if len(reason.split()) < 2:
                out.append(f"{heading!r}: flavour needs a reason")
            continue
        refs = _REF.findall(cover)
        if not refs:
            out.append(f"{heading!r}: names no clause and is not flavour")
        out += [f"{heading!r}: §{r} is not a clause of the document" for r in refs if r not in known]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_rulebook_heading_is_mapped_to_a_clause_or_flavour(game: str) -> None:
    assert problems(_doc(game), listed(game), PENDING.get(game, set())) == []


@pytest.mark.parametrize("game", GAMES)
def test_heading_lists_match_the_rulebook_texts(game: str) -> None:
    seeds = _seeds()
    book = BOOKS[game]
    if seeds is None or not (seeds / book.source).is_file():
        pytest.skip(f"the rulebook text {book.source} is not at hand (set HULLDOWN_RULEBOOKS)")
    assert headings(book, (seeds / book.source).read_text(encoding="utf-8")) == listed(game)


def test_the_check_finds_each_kind_of_fault() -> None:
    doc = (
        "# Game\n\n## 1. Play\n\n1.1 A clause.\n\n1.2 Another.\n\n"
        f"{_TABLE}\n\n| rulebook | covered by |\n|---|---|\n"
        "| SETUP | §1.1, §1.3 |\n| INTRO | flavour |\n| NOTES | see the designer |\n| EXTRA | §1 |\n"
    )
    assert problems(doc, ["INTRO", "SETUP", "NOTES", "MISSING"]) == [
        "not a heading of the rulebook: 'EXTRA'",
        "heading not mapped: 'MISSING'",
        "'SETUP': §1.3 is not a clause of the document",
        "'INTRO': flavour needs a reason",
        "'NOTES': names no clause and is not flavour",
    ]
    good = doc.replace(", §1.3", "").replace("| flavour |", "| flavour: the book's preface |")
    good = good.replace("see the designer", "§1.2").replace("| EXTRA | §1 |\n", "")
    assert problems(good, ["SETUP", "INTRO", "NOTES"]) == []
    assert problems(good, ["INTRO", "SETUP", "NOTES"]) == ["the table does not follow the rulebook's order"]
    waiting = good.replace("| §1.2 |", "| pending: the notes' clause |")
    assert problems(waiting, ["SETUP", "INTRO", "NOTES"]) == ["'NOTES' may not be pending"]
    assert problems(waiting, ["SETUP", "INTRO", "NOTES"], {"NOTES"}) == []
    assert problems(good, ["SETUP", "INTRO", "NOTES"], {"NOTES"}) == [
        "'NOTES' is no longer pending: take it off the list"
    ]


@pytest.mark.parametrize("game", GAMES)
def test_the_table_renders_on_the_rules_page_with_links_to_its_clauses(game: str) -> None:
    body = render(_doc(game)).body
    table = body[body.index("Rulebook sections") :]
    assert "<table>" in table and 'class="xref"' in table
