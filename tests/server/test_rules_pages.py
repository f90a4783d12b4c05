"""The rules pages: /rules/{game}, an anchor per clause, /api/rules/{game}/clauses.

A request names a registered game and nothing else: no path a client writes, and no
``rules_doc`` a game declares outside ``docs/rules``, reaches a file.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hulldown.engine import registry
from hulldown.server.rules import EXCERPT, RULES, document, render
from tests.engine.toygame import TOY

ROOT = Path(__file__).resolve().parents[2]
GAMES = {
    "tank-hunter": "tank-hunter.md",
    "tank-killers": "tank-killers.md",
    "tank-clash": "tank-clash.md",
    "2gm-pacific": "2gm-pacific.md",
}


class _Ids(HTMLParser):
    """The ids of a page, and whether any script element came from its text."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.scripts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if tag == "script":
            self.scripts.append(str(found.get("src")))


def ids(page: str) -> _Ids:
    parser = _Ids()
    parser.feed(page)
    return parser


def numbered(markdown: str) -> set[str]:
    """The clause numbers a document gives, read from its text: the first number of each
    paragraph, list item or line that starts with one, and each ``## N.`` heading."""
    text = re.sub(r"^(```|~~~).*?^\1", "", markdown, flags=re.M | re.S)
    found = set(re.findall(r"^##\s+(\d+)\.\s", text, re.M))
    found |= set(re.findall(r"^\s*(?:- )?(?:\*\*)?(\d+(?:\.\d+)+)(?:\*\*)?(?:-[\d.]+)?\s", text, re.M))
    return found


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    from hulldown.server.app import create_app
    from hulldown.server.limits import Limits

    with TestClient(create_app(db_url=db_url, bot_delay=0, limits=Limits.off())) as c:
        yield c


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_has_a_page_with_an_anchor_for_every_clause_of_its_document(client: TestClient, game: str) -> None:
    r = client.get(f"/rules/{game}")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    page = ids(r.text)
    assert page.scripts == ["/static/rules.js"]
    assert "rules-search" in page.ids
    markdown = (ROOT / "docs" / "rules" / GAMES[game]).read_text(encoding="utf-8")
    want = numbered(markdown)
    assert len(want) > 30
    missing = {n for n in want if f"clause-{n}" not in page.ids}
    assert not missing, sorted(missing)
    assert len(page.ids) == len(set(page.ids)), "an id given twice"


def test_the_documented_examples_of_anchors() -> None:
    killers = document("tank-killers")
    assert killers is not None
    by_anchor = {c.anchor: c for c in killers.clauses}
    assert by_anchor["clause-5"].title == "Attack phase: attacker and target"
    assert by_anchor["clause-5.2"].title == "Target subphase"
    assert by_anchor["clause-5.2"].text.startswith("Target subphase. The attacker picks any opposing unit")
    assert 'id="clause-5.2"' in killers.body and '<h2 id="clause-5">' in killers.body


def test_a_number_written_twice_gets_a_second_anchor_of_its_own() -> None:
    doc = render("# T\n\n## 1. One\n\n- **1.1** first\n- **1.1** again\n\n1.2 next\n1.3 same paragraph in markdown\n")
    assert [c.anchor for c in doc.clauses] == ["clause-1", "clause-1.1", "clause-1.1-2", "clause-1.2", "clause-1.3"]


def test_the_clauses_api_lists_number_title_excerpt_and_anchor(client: TestClient) -> None:
    for game in GAMES:
        r = client.get(f"/api/rules/{game}/clauses")
        assert r.status_code == 200
        clauses = r.json()
        assert len(clauses) > 30
        for c in clauses:
            assert set(c) == {"clause", "title", "text", "anchor"}
            assert c["anchor"].startswith("clause-") and c["anchor"][7:].startswith(c["clause"].split("-")[0])
            assert c["title"] and len(c["text"]) <= EXCERPT
            assert "](" not in c["text"] and "**" not in c["text"], "an excerpt is plain text"
        page = ids(client.get(f"/rules/{game}").text).ids
        assert all(c["anchor"] in page for c in clauses)
    two = client.get("/api/rules/2gm-pacific/clauses").json()
    assert {"clause": "7.1", "anchor": "clause-7.1"}.items() <= next(c for c in two if c["clause"] == "7.1").items()


def test_the_catalog_gives_each_game_its_rules_url(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    for game in GAMES:
        assert games[game]["rules_url"] == f"/rules/{game}"
        assert client.get(games[game]["rules_url"]).status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/rules/no-such-game",
        "/rules/tank-killers.md",
        "/rules/TANK-KILLERS",
        "/rules/..%2F..%2Fpyproject.toml",
        "/rules/%2e%2e%2fREADME.md",
        "/rules/%2e%2e",
        "/rules/docs%2Frules%2Ftank-clash.md",
        "/rules/%2Fetc%2Fpasswd",
        "/rules/tank-clash%00",
        "/api/rules/no-such-game/clauses",
        "/api/rules/..%2F..%2Fpyproject.toml/clauses",
        "/api/rules/%2e%2e/clauses",
    ],
)
def test_no_game_no_page_and_no_path_reaches_a_file(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404, path
    assert "[project]" not in r.text and "root:" not in r.text
    if path.startswith("/api/"):
        assert set(r.json()) == {"detail"}


def test_a_game_without_a_document_or_with_one_outside_docs_rules_has_no_page(client: TestClient) -> None:
    odd = [
        ("toy-none", ""),
        ("toy-outside", "docs/web.md"),
        ("toy-up", "docs/rules/../../README.md"),
        ("toy-absolute", "/etc/passwd"),
        ("toy-missing", "docs/rules/no-such-game.md"),
    ]
    for game_id, doc in odd:
        registry.register(dataclasses.replace(TOY, info=dataclasses.replace(TOY.info, id=game_id, rules_doc=doc)))
    try:
        catalog = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
        for game_id, _ in odd:
            assert catalog[game_id]["rules_url"] is None
            assert client.get(f"/rules/{game_id}").status_code == 404
            assert client.get(f"/api/rules/{game_id}/clauses").status_code == 404
    finally:
        for game_id, _ in odd:
            registry.unregister(game_id)
            document.cache_clear()


def test_html_in_the_markdown_is_shown_as_text_never_run() -> None:
    doc = render(
        "# Rules <script>alert(1)</script>\n\n## 1. <img src=x onerror=alert(2)>\n\n"
        '1.1 <b onclick="x()">bold</b> [click](javascript:alert(3))\n\n<div>raw block</div>\n'
    )
    assert "<script" not in doc.body and "<img" not in doc.body and "<b " not in doc.body and "<div>" not in doc.body
    assert "&lt;script&gt;" in doc.body and "&lt;img src=x" in doc.body
    assert "javascript:" not in doc.body.replace("[click](javascript:alert(3))", "")
    assert "&lt;img" in doc.toc and "<img" not in doc.toc
    assert doc.clauses[1].text == '<b onclick="x()">bold</b> [click](javascript:alert(3))'


def test_links_into_the_source_tree_become_labelled_text() -> None:
    doc = render(
        "## 1. A\n\n1.1 Text [test](../../tests/x.py::test_y) [code](../../src/a.py) [web](https://example.org)\n"
    )
    assert '<span class="ref" title="tests/x.py::test_y">test</span>' in doc.body
    assert '<span class="ref" title="src/a.py">code</span>' in doc.body
    assert '<a href="https://example.org">web</a>' in doc.body
    assert doc.clauses[1].text == "Text code web", "a link to a test is left out of the excerpt"


def test_the_documents_are_package_data_the_same_as_docs_rules() -> None:
    """``pip install .`` carries them: the package's ``rules`` folder is what the server reads."""
    for name in GAMES.values():
        assert (RULES / name).read_text(encoding="utf-8") == (ROOT / "docs" / "rules" / name).read_text(
            encoding="utf-8"
        )
    for game in GAMES:
        assert registry.load(game).info.rules_doc == f"docs/rules/{GAMES[game]}"


def test_references_to_clauses_the_document_has_become_links() -> None:
    doc = render("## 1. A\n\n1.1 see §1.2 and (1.2), not (9.9) or §9; [a §1.2](https://x.org)\n\n1.2 back to §1\n")
    assert doc.body.count('<a href="#clause-1.2" class="xref">') == 2
    assert '<a href="#clause-1" class="xref">§1</a>' in doc.body
    assert "(9.9)" in doc.body and "#clause-9" not in doc.body, "no link to a clause that is not there"
    assert '<a href="https://x.org">a §1.2</a>' in doc.body, "no link inside a link"
