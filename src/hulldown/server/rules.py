"""The rules documents in the browser: ``/rules/{game}`` and its clause index.

A request names a game, never a file: the document is the registered game's own
``rules_doc``, looked up by its file name in the package's ``rules`` folder (a link to
``docs/rules``, so a wheel carries the same files as the source checkout). Nothing a
client sends reaches a path on the disk.

Every numbered clause gets an anchor (``#clause-5.2``; a section ``## 5. Attacks`` gets
``#clause-5``) so that hints, log lines and tutorials can point at the clause that
governs them. The markdown is rendered with markdown-it's ``js-default`` preset, which
escapes raw HTML: the documents are the project's own, but a page built from text should
never run text as markup.
"""

from __future__ import annotations

import html
import itertools
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt
from markdown_it.token import Token
from pydantic import BaseModel, Field

from hulldown.engine.registry import game_ids, load
from hulldown.server.answers import answers
from hulldown.server.room import ApiError

#: the package folder holding the rules documents (``docs/rules`` in the source tree)
RULES = resources.files("hulldown") / "rules"
#: the same documents in a source checkout, for one whose link to them is not a link (Windows)
_CHECKOUT: Traversable = Path(__file__).resolve().parents[3] / "docs" / "rules"
_PAGE = resources.files("hulldown") / "web" / "rules.html"
_MD = MarkdownIt("js-default")
#: a clause's number opens its paragraph, bold or not; a range (``10.6-10.8``) is anchored at its first
_CLAUSE = re.compile(r"^(?:\*\*)?((\d+(?:\.\d+)+)(?:-\d+(?:\.\d+)+)?)(?:\*\*)?(?=\s|$)")
_CLAUSE_LINE = re.compile(r"^\d+(?:\.\d+)+(?:-\d+(?:\.\d+)+)?\s")
#: a reference to a clause in running text: ``§7.3``, ``§12``, ``(5.2)``
_REFERENCE = re.compile(r"(§\d+(?:\.\d+)*|\(\d+(?:\.\d+)+\))")
_SECTION = re.compile(r"^(\d+)\.\s+(.*)$")
_LEAD = re.compile(r"^\*\*([^*]+?)[.:]?\*\*")
#: bold leads that say how a clause came about, not what it is about
_NOT_TITLES = {"Interpretation", "Designed"}
_SLOT = re.compile(r"\{\{(\w+)\}\}")
EXCERPT = 240


class Clause(BaseModel):
    """One numbered clause (or section) of a rules document, as another page links to it."""

    clause: str = Field(description="the clause's number, as the document writes it: '5.2', or '5' for a section")
    title: str = Field(description="the clause's lead phrase, else its section's title")
    text: str = Field(description=f"the clause's opening text, plain, at most {EXCERPT} characters")
    anchor: str = Field(description="the id of the clause on the rules page: /rules/<game>#<anchor>")


@dataclass(frozen=True)
class RulesDoc:
    """A rendered rules document: its title, its HTML body and table of contents, its clauses."""

    title: str
    body: str
    toc: str
    clauses: tuple[Clause, ...]


def rules_url(game: str) -> str | None:
    """Where the game's rules page is, or None when no document of it is installed."""
    return f"/rules/{game}" if _source(game) is not None else None


def _source(game: str) -> Traversable | None:
    """The document of a registered game: its ``rules_doc``'s file name, in :data:`RULES` only."""
    if game not in game_ids():
        return None
    doc = PurePosixPath(load(game).info.rules_doc)
    if doc.suffix != ".md" or doc.parent != PurePosixPath("docs/rules"):
        return None
    for folder in (RULES, _CHECKOUT):
        found = folder / doc.name
        if found.is_file():
            return found
    return None


@lru_cache(maxsize=32)
def document(game: str) -> RulesDoc | None:
    """The game's rules, rendered once per process (the documents change only with a release)."""
    source = _source(game)
    return None if source is None else render(source.read_text(encoding="utf-8"))


# -- rendering --------------------------------------------------------------------
def _plain(inline: Token) -> str:
    """An inline's words without markup, the links to tests left out (they read as 'test')."""
    words: list[str] = []
    skipping = 0
    for child in inline.children or []:
        if child.type == "link_open":
            skipping += "tests/" in str(child.attrGet("href") or "")
        elif child.type == "link_close":
            skipping = max(0, skipping - 1)
        elif not skipping and child.type in ("text", "code_inline"):
            words.append(child.content)
        elif not skipping and child.type in ("softbreak", "hardbreak"):
            words.append(" ")
    return " ".join("".join(words).split())


def _excerpt(text: str) -> str:
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1].rstrip() + "…"


def _local_links(inline: Token) -> None:
    """Links into the source tree mean nothing on the site: they become labelled text."""
    opened: list[bool] = []
    for child in inline.children or []:
        if child.type == "link_open":
            href = str(child.attrGet("href") or "")
            local = not href.startswith(("#", "http://", "https://", "mailto:"))
            opened.append(local)
            if local:
                child.tag = "span"
                child.attrs = {"class": "ref", "title": re.sub(r"^(\.\./)+", "", href)}
        elif child.type == "link_close" and opened and opened.pop():
            child.tag = "span"


class _Numbering:
    """The anchors handed out so far: a number written twice gets ``-2`` on its second anchor."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def anchor(self, clause: str) -> str:
        number = clause.partition("-")[0]
        n = self.seen.get(number, 0) + 1
        self.seen[number] = n
        return f"clause-{number}" if n == 1 else f"clause-{number}-{n}"


def _mark(tokens: list[Token]) -> tuple[str, list[Clause], dict[int, Clause]]:
    """Finds the title, the sections and clauses; returns them with the token each one's id goes on."""
    title, section, numbering = "", "", _Numbering()
    clauses: list[Clause] = []
    marks: dict[int, Clause] = {}
    for i, tok in enumerate(tokens):
        if tok.type == "inline":
            _local_links(tok)
        if tok.type == "heading_open" and tok.tag == "h1" and not title:
            title = _plain(tokens[i + 1])
        elif tok.type == "heading_open" and tok.tag == "h2":
            text = _plain(tokens[i + 1])
            found = _SECTION.match(text)
            section = found.group(2) if found else text
            if found:
                marks[i] = Clause(clause=found.group(1), title=section, text=section, anchor="")
        elif tok.type == "paragraph_open":
            inline = tokens[i + 1]
            found = _CLAUSE.match(inline.content)
            if found:
                rest = inline.content[found.end() :].strip()
                lead = _LEAD.match(rest)
                if lead and lead.group(1) in _NOT_TITLES:
                    lead = None
                text = _CLAUSE.sub("", _plain(inline), count=1).strip()
                at = i - 1 if i and tokens[i - 1].type == "list_item_open" else i
                marks[at] = Clause(
                    clause=found.group(1), title=lead.group(1) if lead else section, text=_excerpt(text), anchor=""
                )
    for at in sorted(marks):
        marks[at] = marks[at].model_copy(update={"anchor": numbering.anchor(marks[at].clause)})
        clauses.append(marks[at])
    return title, clauses, marks


def _blocks(tokens: list[Token], start: int, end: int) -> list[tuple[int, int]]:
    """The top-level blocks of ``tokens[start:end]`` as (first, past-the-last) index pairs."""
    out = []
    i = start
    while i < end:
        j = i
        if tokens[i].nesting == 1:
            while not (tokens[j].level == tokens[i].level and tokens[j].nesting == -1):
                j += 1
        out.append((i, j + 1))
        i = j + 1
    return out


def _attrs(mark: Clause, cls: str) -> str:
    return f' class="{cls}" id="{html.escape(mark.anchor)}" data-clause="{html.escape(mark.clause)}"'


def _section(tokens: list[Token], start: int, end: int, marks: dict[int, Clause], env: dict[str, Any]) -> str:
    """One section's HTML: each clause with the blocks that follow it in a ``div.clause``, the
    blocks before any clause in a ``div.rules-note`` (hidden while searching)."""
    parts: list[str] = []
    group: str | None = None
    for first, past in _blocks(tokens, start, end):
        tok = tokens[first]
        nested = any(k in marks for k in range(first + 1, past))
        if tok.type == "heading_open" and tok.tag in ("h1", "h2"):
            if first in marks:
                tok.attrSet("id", marks[first].anchor)
            parts.append(_MD.renderer.render(tokens[first:past], _MD.options, env))
            continue
        if first in marks or nested or group is None:
            if group is not None:
                parts.append("</div>")
            if first in marks:
                group = _attrs(marks[first], "clause")
            else:
                group = ' class="clause-list"' if nested else ' class="rules-note"'
            parts.append(f"<div{group}>")
        for k in range(first, past):
            if k in marks and tokens[k].type == "list_item_open":
                tokens[k].attrSet("id", marks[k].anchor)
                tokens[k].attrSet("class", "clause")
                tokens[k].attrSet("data-clause", marks[k].clause)
        parts.append(_MD.renderer.render(tokens[first:past], _MD.options, env))
        if nested:
            group = ""  # what follows a list of clauses is a note of its own
            parts.append('</div><div class="rules-note">')
    if group is not None:
        parts.append("</div>")
    return "".join(parts)


def _split_clauses(markdown: str) -> str:
    """Each clause a paragraph of its own: a document may start one on the next line of the
    last (GitHub joins them into one paragraph, and the second would get no anchor)."""
    lines: list[str] = []
    fenced = False
    for line in markdown.splitlines():
        if line.startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced and lines and lines[-1].strip() and _CLAUSE_LINE.match(line):
            lines.append("")
        lines.append(line)
    return "\n".join(lines) + "\n"


def _cross_links(inline: Token, anchors: set[str]) -> None:
    """A reference to another clause (``§7.3``, ``(5.2)``) becomes a link to it, where the
    document has that clause: a reader follows the rules as they refer to each other."""
    out: list[Token] = []
    in_link = 0
    for child in inline.children or []:
        in_link += child.nesting if child.type in ("link_open", "link_close") else 0
        pieces = _REFERENCE.split(child.content) if child.type == "text" and not in_link else [child.content]
        if len(pieces) == 1:
            out.append(child)
            continue
        for k, piece in enumerate(pieces):
            number = piece.strip("§()")
            if k % 2 and f"clause-{number}" in anchors:
                link = Token("link_open", "a", 1, attrs={"href": f"#clause-{number}", "class": "xref"})
                out += [link, Token("text", "", 0, content=piece), Token("link_close", "a", -1)]
            elif piece:
                out.append(Token("text", "", 0, content=piece))
    inline.children = out


def render(markdown: str) -> RulesDoc:
    """A rules document as HTML sections, one per ``##`` heading, with its clauses."""
    env: dict[str, Any] = {}
    tokens = _MD.parse(_split_clauses(markdown), env)
    title, clauses, marks = _mark(tokens)
    anchors = {c.anchor for c in clauses}
    for tok in tokens:
        if tok.type == "inline":
            _cross_links(tok, anchors)
    heads = [i for i, t in enumerate(tokens) if t.type == "heading_open" and t.tag == "h2"] + [len(tokens)]
    body = [f'<section class="rules-section rules-preamble">{_section(tokens, 0, heads[0], marks, env)}</section>']
    for start, end in itertools.pairwise(heads):
        number = f' data-clause="{html.escape(marks[start].clause)}"' if start in marks else ""
        body.append(f'<section class="rules-section"{number}>{_section(tokens, start, end, marks, env)}</section>')
    toc = "".join(
        f'<li><a href="#{html.escape(c.anchor)}">{html.escape(c.clause)}. {html.escape(c.title)}</a></li>'
        for c in clauses
        if "." not in c.clause
    )
    return RulesDoc(title=title, body="".join(body), toc=toc, clauses=tuple(clauses))


# -- routes -----------------------------------------------------------------------
def _page(game: str, doc: RulesDoc) -> str:
    values = {
        "game": html.escape(game),
        "title": html.escape(doc.title),
        "toc": doc.toc,
        "body": doc.body,
    }
    return _SLOT.sub(lambda m: values[m.group(1)], _PAGE.read_text(encoding="utf-8"))


_MISSING = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hulldown: no such rules</title>'
    '<link rel="stylesheet" href="/static/style.css"></head><body><header class="top">'
    '<a class="brand" href="/">hulldown</a></header><main class="rules"><p>No rules for that game here.</p>'
    "</main></body></html>"
)


def rules_routes(app: FastAPI) -> None:
    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> HTMLResponse:
        doc = document(game)
        if doc is None:
            return HTMLResponse(_MISSING, status_code=404)
        return HTMLResponse(_page(game, doc))

    @app.get("/api/rules/{game}/clauses", responses=answers(404, e404="no such game, or no rules document of it"))
    async def rules_clauses(game: str) -> list[Clause]:
        """The numbered clauses of a game's rules, in the document's order, each with its anchor
        on ``/rules/{game}``: what a hint or a log line links to."""
        doc = document(game)
        if doc is None:
            raise ApiError(404, f"no rules of a game {game!r:.40} here")
        return list(doc.clauses)
