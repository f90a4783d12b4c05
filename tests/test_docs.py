"""Links between the documents: moving a section must not leave a link pointing at nothing.

Checks every relative link in README.md, docs/**/*.md and benchmarks/*.md: the file must
exist, a ``#anchor`` into a markdown file must name one of its headings (GitHub's slugs),
and a ``file.py::test_name`` link (the rules documents' clause-to-test links) must name a
function or class defined in that file. Links inside code blocks and code spans are text,
not links, and web addresses are not fetched.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)
_SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:")


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "benchmarks").glob("*.md"))]


def anchors(markdown: str) -> set[str]:
    """The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces
    to hyphens, and a repeated heading numbered ``-1``, ``-2``, ..."""
    seen: dict[str, int] = {}
    out: set[str] = set()
    for heading in _HEADING.findall(_FENCE.sub("", markdown)):
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def links(markdown: str) -> list[str]:
    """Relative link targets, code blocks and code spans left out."""
    text = _CODE_SPAN.sub("", _FENCE.sub("", markdown))
    return [t for t in _LINK.findall(text) if not _SCHEME.match(t)]


def dead_links(doc: Path, text: str | None = None) -> list[str]:
    """What is wrong with each of ``doc``'s relative links (in ``text``, if given), one line each."""
    own = doc.read_text(encoding="utf-8") if text is None else text
    bad = []
    for target in links(own):
        path, _, anchor = target.partition("#")
        path, _, test = path.partition("::")
        where = f"{doc.relative_to(ROOT)}: {target}"
        if not path:
            if anchor not in anchors(own):
                bad.append(f"{where}: no heading with that anchor")
            continue
        resolved = (doc.parent / path).resolve()
        if not resolved.exists():
            bad.append(f"{where}: no such file")
        elif test:
            name = test.split("::")[-1].split("[")[0]
            if not re.search(rf"^\s*(?:async\s+)?(?:def|class)\s+{re.escape(name)}\b", resolved.read_text(), re.M):
                bad.append(f"{where}: no {name} there")
        elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved.read_text(encoding="utf-8")):
            bad.append(f"{where}: no heading with that anchor")
    return bad


def test_every_relative_link_in_the_docs_points_at_something_that_exists() -> None:
    docs = documents()
    assert len(docs) > 5
    assert sum(len(links(d.read_text(encoding="utf-8"))) for d in docs) > 300, "the link pattern finds the links"
    bad = [line for d in docs for line in dead_links(d)]
    assert not bad, "\n".join(bad)


def test_anchors_follow_github_slugs() -> None:
    text = "# 12. Solo mode (rulebook, the AI)\n## `hulldown bench`, per game\n## Notes\n## Notes\n"
    assert anchors(text) == {"12-solo-mode-rulebook-the-ai", "hulldown-bench-per-game", "notes", "notes-1"}


def test_dead_links_are_reported() -> None:
    text = (
        "[ok](agents.md#ismcts) [same file](#no-such-heading) [gone](nowhere.md) [other](agents.md#nowhere)\n"
        "[test](../tests/test_docs.py::test_no_such_test) `[code](nowhere.md)` [web](https://example.org/x)\n"
        "```\n[fenced](nowhere.md)\n```\n"
    )
    found = dead_links(ROOT / "docs" / "probe.md", text)
    assert [line.split(": ", 1)[1] for line in found] == [
        "#no-such-heading: no heading with that anchor",
        "nowhere.md: no such file",
        "agents.md#nowhere: no heading with that anchor",
        "../tests/test_docs.py::test_no_such_test: no test_no_such_test there",
    ]
