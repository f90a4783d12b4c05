"""The card data against the rulebook's lists, and the validation of card files."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from hulldown.engine.errors import DataFileError
from hulldown.games.tank_killers import GAME
from hulldown.games.tank_killers.cards import DATA
from tests.games.tank_killers.helpers import new

# The rulebook's formation lists: name, type, pen, inf, def, rng, count.
GERMAN = """PzIVh MT 9 4 6 2000 6|Panther MT 12 4 8 2000 6|JpzIV TD 12 3 8 2000 2|JpzV TD 15 3 8 2000 2|
StgIIIf SP 9 3 5 2000 4|Hetzer SP 9 3 7 2000 2|Tiger HT 10 4 9 2000 2|Tiger II HT 15 4 12 2000 1|
Panzergrenadiers Inf 1 3 3 PB 2|Fallschirmjaeger Inf 4 5 4 PB 2|Panzerschrek Team Inf 7 1 2 PB 2|
50mmPaK AT 7 2 2 2000 2|75mmPak AT 12 2 1 2000 2|88mmPak43 AT 15 3 1 2000 1|150mm s IG 33 Art 2 8 -- 2000 2|
150mm s FH 18 Art 4 16 -- 2000 2"""
AMERICAN = """M4 Sherman MT 7 4 6 2000 6|M4-76 MT 12 4 6 2000 8|M4-105 MT 6 5 6 2000 2|M5 LT 4 3 4 1000 2|
M24 Chaffe LT 7 4 5 2000 2|M10 MT 9 3 5 2000 6|M36 MT 13 3 5 2000 2|M8 AC 4 2 3 1000 2|M7 SP 2 6 2 2000 2|
Infantry Platoon Inf 3 3 3 PB 4|M-Gun Platoon Inf 2 6 2 PB 2|M1 81mm Mortar M 1 7 2 2000 1|57mm AT 6 2 2 2000 2|
M8 Rocket Salvo Art 3 10 -- 2000 1|155mm Howitzers Art 4 10 -- 2000 2|240mm Howitzers Art 6 16 -- 2000 2|
B-25 Mitchells Air 10 12 -- 2000 2|P-51 Mustangs Air 12 4 -- 2000 2"""
BRITISH = """M4 Sherman MT 7 4 6 2000 6|M4 Firefly MT 11 2 6 2000 4|Comet MT 9 3 9 2000 2|M3 Stuart LT 4 3 4 1000 4|
Archer SP 11 3 5 2000 4|Achilles TD 12 3 6 2000 2|Humber AC 4 3 2 1000 2|6 Pounder AT 8 1 1 2000 4|
British Infantry Inf 2 3 3 PB 4|Bren Gun Platoon Inf 1 5 2 PB 2|155mm Howitzers Art 4 10 -- 2000 2|
240mm Howitzers Art 6 16 -- 2000 2|Hawker Typhoons Air 10 10 -- 2000 2|Spitfire V Air 12 4 -- 2000 2"""
ROW = re.compile(r"^(.+?)\s+(MT|LT|HT|TD|SP|AC|AT|Inf|Art|Air|M)\s+(\d+)\s+(\d+)\s+(\d+|--)\s+(PB|\d+)\s+(\d+)$")


def _rows(text: str) -> list[tuple[str, ...]]:
    out = []
    for part in text.replace("\n", "").split("|"):
        m = ROW.match(part.strip())
        assert m, part
        out.append(m.groups())
    return out


def _db_rows(deck: str) -> list[tuple[str, ...]]:
    out = []
    for c in GAME.cards({}):
        if c["deck"] == deck:
            f = c["fields"]
            rng = "PB" if f["rng"] == "PB" else f["rng"].split()[0]
            out.append((c["name"], c["type"], str(f["pen"]), str(f["inf"]), str(f["def"]), rng, str(c["count"])))
    return out


@pytest.mark.parametrize(
    ("deck", "text", "total"), [("german", GERMAN, 40), ("american", AMERICAN, 50), ("british", BRITISH, 42)]
)
def test_formation_decks_match_the_rulebook(deck: str, text: str, total: int) -> None:
    assert _db_rows(deck) == _rows(text)
    assert sum(int(r[-1]) for r in _db_rows(deck)) == total


def test_british_deck_keeps_the_printed_list_of_42_not_50() -> None:
    st = new(deck0="british", deck1="american")
    assert st.R.fsize == [42, 50]


SEEDS = Path("/work/shared/seeds/tank-killers.txt")


@pytest.mark.skipif(not SEEDS.exists(), reason="the rulebook text is not on this machine")
def test_database_matches_the_rulebook_text_itself() -> None:
    text = SEEDS.read_text()
    tactics_part = text.split("TACTICS DECK\t")[1].split("INTERPRETATION OF CARDS")[0]
    names = []
    for line in tactics_part.splitlines()[2:]:
        if line.strip():
            names.append(re.split(r"\t+| {2,}", line.strip())[0].strip())
    db = [c for c in GAME.cards({}) if c["deck"] == "tactics"]
    assert [c["name"] for c in db] == names
    for deck, title in (("german", "GERMAN 1944"), ("american", "AMERICAN 1944"), ("british", "BRITISH 1944")):
        block = text.split(title)[1].split("\n\n")[0].splitlines()[2:]
        rows = []
        for line in block:
            if line.strip():
                m = ROW.match(re.sub(r"\s+", " ", line.strip()))
                assert m, line
                rows.append(m.groups())
        assert _db_rows(deck) == rows


def test_tactics_deck_has_92_entries_one_copy_each() -> None:
    db = [c for c in GAME.cards({}) if c["deck"] == "tactics"]
    assert len(db) == 92 and all(c["count"] == 1 for c in db)
    assert all(c["source"] == "rulebook" for c in GAME.cards({}))
    types = Counter(c["type"] for c in db)
    assert types == {
        "Range": 6, "Hit": 5, "Ammo": 7, "Damage": 5, "Morale": 9, "Armor": 3, "Logistics": 8,
        "Mine": 1, "Command": 25, "Maneuver": 7, "Terrain": 16,
    }  # fmt: skip
    every = {c["name"]: c for c in GAME.cards({})}
    assert every["Panther"]["fields"] == {"pen": 12, "inf": 4, "def": 8, "rng": "2000 yards", "nation": "german"}
    assert every["Fast Turret Traverse"]["fields"]["same_unit"] is True


def _write(tmp: Path, name: str, text: str) -> str:
    p = tmp / name
    p.write_text(text)
    return str(p)


def test_counts_are_changeable_in_a_users_tactics_file(tmp_path: Path) -> None:
    text = (
        (DATA / "tactics.toml")
        .read_text()
        .replace('name = "Rally"\ntype = "Morale"', 'name = "Rally"\ntype = "Morale"', 1)
    )
    text = text.replace('negates_types = ["Morale"]\ncount = 1', 'negates_types = ["Morale"]\ncount = 3', 1)
    path = _write(tmp_path, "mine.toml", text)
    st = new(tactics_file=path)
    assert st.R.n_tactics == 94
    assert sum(1 for c in range(st.R.n_tactics) if st.R.tname[st.R.ttype[c]] == "Rally") == 3
    db = GAME.cards({"tactics_file": path})
    assert next(c for c in db if c["name"] == "Rally")["count"] == 3


@pytest.mark.parametrize(
    ("old", "new_text", "entry", "field"),
    [
        ('name = "Point Blank"\ntype = "Range"', 'name = "Point Blank"\ntype = "Rnage"', "card Point Blank", "type"),
        ('name = "Rear Hit"\ntype = "Hit"\ntext = "P +6"\neffect = "modifier"\npen = 6',
         'name = "Rear Hit"\ntype = "Hit"\ntext = "P +6"\neffect = "modifier"\npen = "six"', "card Rear Hit", "pen"),
        ('name = "Radio"\ntype = "Command"\ntext = "FA"\neffect = "free_action"',
         'name = "Radio"\ntype = "Command"\ntext = "FA"\neffect = "free_action"\ncolour = 1', "card Radio", "colour"),
    ],
)  # fmt: skip
def test_bad_tactics_file_names_file_entry_and_field(
    tmp_path: Path, old: str, new_text: str, entry: str, field: str
) -> None:
    text = (DATA / "tactics.toml").read_text()
    assert old in text
    path = _write(tmp_path, "bad.toml", text.replace(old, new_text, 1))
    with pytest.raises(DataFileError) as err:
        new(tactics_file=path)
    assert err.value.path == path and err.value.entry == entry and err.value.field == field
    with pytest.raises(ValueError):
        GAME.cards({"tactics_file": path})


def test_bad_formation_file(tmp_path: Path) -> None:
    text = (DATA / "german.toml").read_text()
    path = _write(tmp_path, "g.toml", text.replace('def = "--"', "def = 3", 1))
    with pytest.raises(DataFileError) as err:
        new(german_file=path)
    assert err.value.entry == "card 150mm s IG 33" and err.value.field == "def"
    path = _write(tmp_path, "g2.toml", text.replace('type = "HT"', 'type = "XX"', 1))
    with pytest.raises(DataFileError) as err:
        new(german_file=path)
    assert err.value.entry == "card Tiger" and err.value.field == "type"
    path = _write(tmp_path, "g3.toml", text.replace("rng = 2000", "rng = 1234", 1))
    with pytest.raises(DataFileError) as err:
        new(german_file=path)
    assert err.value.entry == "card PzIVh" and err.value.field == "rng"
    with pytest.raises(DataFileError) as err:
        new(german_file=str(tmp_path / "missing.toml"))
    assert "file not found" in str(err.value)


def test_users_formation_file_is_used(tmp_path: Path) -> None:
    text = (DATA / "german.toml").read_text().replace("count = 6", "count = 7", 1)
    path = _write(tmp_path, "g.toml", text)
    assert new(german_file=path).R.fsize[0] == 41
    assert next(c for c in GAME.cards({"german_file": path}) if c["name"] == "PzIVh")["source"] == "user file"


def test_bad_options_raise_value_error() -> None:
    for opts in ({"deck0": "soviet"}, {"random_factor": "maybe"}, {"turn_limit": 1}, {"colour": 1}):
        with pytest.raises(ValueError):
            GAME.new(seed=0, options=opts)


def test_every_rules_clause_links_to_existing_tests() -> None:
    root = Path(__file__).resolve().parents[3]
    doc = (root / "docs/rules/tank-killers.md").read_text()
    links = re.findall(r"\]\(\.\./\.\./(tests/[^)]+\.py)::(\w+)\)", doc)
    assert len(links) > 60
    for path, name in links:
        assert re.search(rf"^def {name}\(", (root / path).read_text(), re.M), f"{path}::{name}"
    clauses = re.findall(r"^(\d+\.\d+) ", doc, re.M)
    for clause in clauses:
        body = doc.split(f"\n{clause} ", 1)[1].split("\n\n", 1)[0]
        assert "[test](" in body, clause
