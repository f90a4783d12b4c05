"""Options reinforce0/reinforce1 (the designer's note) and the balance levers built on them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from hulldown.engine.errors import OptionError
from hulldown.games.tank_killers import GAME, reinforce, reinforce_pool
from hulldown.sim.balance import balance
from hulldown.sim.runner import play_game
from tests.games.tank_killers.helpers import give, new, put, to_modifiers


def _deck_counts(options: dict[str, Any], seat: int) -> Counter[str]:
    st = new(**options)
    R = st.R
    return Counter(R.fname[c] for c in st.fdeck[seat])


def test_reinforce_adds_copies_to_that_seats_formation_deck() -> None:
    st = new(reinforce1="M4-76*2, M36")
    assert st.R.fsize == [40, 53]
    assert st.observation(0)["sides"][1]["formation_size"] == 53
    counts = _deck_counts({"reinforce1": "M4-76*2, M36"}, 1)
    assert counts["M4-76"] == 10 and counts["M36"] == 3 and counts.total() == 53
    assert _deck_counts({"reinforce1": "M4-76*2, M36"}, 0).total() == 40
    # Seat 0 reinforces its own deck, whatever the deck; names are matched ignoring case and spacing.
    st = new(deck0="british", reinforce0="m4  firefly * 3,Comet")
    assert st.R.fsize == [46, 50]
    assert _deck_counts({"deck0": "british", "reinforce0": "M4 Firefly*3"}, 0)["M4 Firefly"] == 7


def test_reinforced_copies_share_the_cards_rules() -> None:
    st = new(reinforce1="M36*2")
    R = st.R
    m36 = [c for c in range(R.fstart[1], R.fstart[1] + R.fsize[1]) if R.fname[c] == "M36"]
    assert len(m36) == 4
    assert {(R.fpen[c], R.finf[c], R.fdef[c], R.frng[c], R.ftype[c], R.fcls[c]) for c in m36} == {
        (R.fpen[m36[0]], R.finf[m36[0]], R.fdef[m36[0]], R.frng[m36[0]], R.ftype[m36[0]], R.fcls[m36[0]])
    }
    assert (R.fpen[m36[0]], R.fdef[m36[0]]) == (13, 5)


def test_victory_counts_the_enlarged_formation() -> None:
    # 54 American cards: defeat at 27 casualties, no longer at 25.
    st = new(reinforce1="M4 Sherman*4")
    give(st, 0)
    give(st, 1)
    for _ in range(25):
        put(st, 1, st.R.fname[st.fdeck[1][0]], st.casualty[1])
    to_modifiers(st, "Panther", "M4 Sherman")
    st.apply("pass")
    st.apply("pass")  # Panther (pen 12) destroys the Sherman (def 6): 26 casualties of 54
    assert len(st.casualty[1]) == 26 and not st.is_over
    st = new(reinforce1="M4 Sherman*4")
    give(st, 0)
    give(st, 1)
    for _ in range(26):
        put(st, 1, st.R.fname[st.fdeck[1][0]], st.casualty[1])
    to_modifiers(st, "Panther", "M4 Sherman")
    st.apply("pass")
    st.apply("pass")
    assert len(st.casualty[1]) == 27 and st.is_over and st.returns() == [1.0, -1.0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("M37", "no card 'M37' in the American"),
        ("Tiger", "no card 'Tiger' in the American"),
        ("M36*0", "at least 1"),
        ("M36*two", "whole number"),
        ("M36*-1", "whole number"),
        ("M36,", "empty entry"),
        (", M36", "empty entry"),
        ("M36*2*3", "NAME*COPIES"),
        ("*2", "NAME*COPIES"),
        ("M36*101", "at most 100"),
    ],
)
def test_bad_reinforcements_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(OptionError, match="reinforce1") as err:
        GAME.new(seed=0, options={"reinforce1": text})
    assert message in str(err.value)
    assert isinstance(err.value, ValueError)
    with pytest.raises(OptionError, match="reinforce1"):
        GAME.new(seed=0, options={"reinforce1": 3})  # text, not a number
    with pytest.raises(OptionError, match="German"):
        GAME.new(seed=0, options={"reinforce0": "M36"})  # seat 0 plays the German deck


def test_balance_levers_are_declared() -> None:
    levers = GAME.balance
    assert levers is not None and levers.reinforce is not None
    assert levers.factions == ("deck0", "deck1")
    assert reinforce_pool({}, 0)[:3] == ["PzIVh", "Panther", "JpzIV"]
    assert len(reinforce_pool({}, 1)) == 18 and reinforce_pool({}, 1)[-1] == "P-51 Mustangs"
    assert reinforce_pool({"deck1": "british"}, 1)[0] == "M4 Sherman"
    opts = levers.reinforce({}, 1, ["M36", "M4-76", "M36"])
    assert opts["reinforce1"] == "M36*2, M4-76" and opts["reinforce0"] == ""
    opts = reinforce(opts, 1, ["M36"])  # adds to what is there
    assert opts["reinforce1"] == "M36*3, M4-76"
    assert new(**opts).R.fsize == [40, 54]
    assert reinforce(opts, 1, [])["reinforce1"] == "M36*3, M4-76"
    with pytest.raises(ValueError, match="Tiger"):
        reinforce({}, 1, ["Tiger"])
    with pytest.raises(ValueError, match="seats 0 and 1"):
        reinforce({}, 2, ["M36"])
    with pytest.raises(ValueError, match="at most 100"):
        reinforce({}, 0, ["Tiger"] * 101)


def test_played_card_events_are_what_the_simulator_reads() -> None:
    st = new()
    seen = Counter[str]()
    names = set(st.R.tname) | set(st.R.unit_names)
    assert not set(st.R.tname) & set(st.R.unit_names)  # a played name says which kind of card it is
    step = 0
    while not st.is_over and step < 3000:
        for ev in st.apply(st.legal_actions()[step % len(st.legal_actions())].id):
            if ev["type"] in GAME.card_events:
                assert ev["seat"] in (0, 1) and ev["card"] in names
                seen[ev["type"]] += 1
        step += 1
    assert seen["played"] > 0 and seen["attacker"] > 0
    result = play_game(GAME, ["heuristic", "heuristic"], seed=3, collect_cards=True)
    tactics, formations = set(st.R.tname), set(st.R.unit_names)
    for seat in (0, 1):
        assert set(result.played[seat]) & tactics and set(result.played[seat]) & formations


def test_a_small_balance_study_reinforces_the_american_deck(tmp_path: Path) -> None:
    report = balance(
        GAME,
        ["heuristic"],
        games=12,
        seed=5,
        parity=("american", "german"),
        parity_games=12,
        max_add=2,
        out=tmp_path,
    )
    assert set(report["by_faction"]) == {"german", "american", "british"}
    par = report["parity"]
    assert (par["weaker"], par["stronger"]) == ("american", "german")
    assert par["best_cards"] and set(par["best_cards"]) <= set(reinforce_pool({}, 1))
    assert par["curve"][0]["added"] == 0 and par["curve"][0]["score"]["n"] == 12
    assert all(c["cards"] == [par["best_cards"][i % 3] for i in range(c["added"])] for c in par["curve"])
    assert any(d["card"] in reinforce_pool({}, 1) for d in report["card_impact"] if d["faction"] == "american")
    assert (tmp_path / "report.json").is_file() and (tmp_path / "parity.png").is_file()


def test_a_barred_tactics_card_has_no_copy_and_keeps_its_ids() -> None:
    from hulldown.engine.registry import load

    game = load("tank-killers")
    plain = game.new(seed=3)
    barred = game.new(seed=3, options={"bar_tactics": "Ambush,  Point Blank"})
    names = [barred.R.tname[t] for t in barred.R.ttype]
    assert "Ambush" not in names and "Point Blank" not in names
    assert barred.R.n_tactics == plain.R.n_tactics - 2
    assert barred.R.all_action_ids == plain.R.all_action_ids  # the RL action space does not move
    with pytest.raises(ValueError, match="bar_tactics: no tactics card 'Ambsh'"):
        game.new(seed=3, options={"bar_tactics": "Ambsh"})
