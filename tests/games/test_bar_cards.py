"""Leaving a card out of a game (option ``bar_cards``), the lever of ``hulldown balance GAME --bar CARD``.

The same checks for Tank Hunter (docs/rules/tank-hunter.md 2.6), Tank Clash
(docs/rules/tank-clash.md 2.9) and 2GM Pacific (docs/rules/2gm-pacific.md 3.6):
a barred card never turns up in a played game, a name the game lacks is refused
naming the ones it has, a bar that leaves no game is refused, records keep the
option and records made before it replay, and ``balance --bar`` runs end to end.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from hulldown.engine.errors import OptionError
from hulldown.engine.record import GameRecord
from hulldown.engine.registry import load
from hulldown.engine.state import Event, GameState
from hulldown.sim.commands import register

RECORDS = Path(__file__).parents[1] / "fixtures" / "records"


def _hunter_cards(s: Any) -> set[str]:
    return {u.name for u in s.udefs} | {e.name for e in s.edefs}


def _clash_cards(s: Any) -> set[str]:
    morale = {*s.morale_deck, *s.morale_discard, *s.hands[0], *s.hands[1]}
    return morale | {c for c in ("artillery", "air", "infantry", "smoke", "repair", "mines") if c not in s.tac_barred}


def _pacific_cards(s: Any) -> set[str]:
    return set(s.cards)  # every card instance the game made, by card id


#: game, the cards barred (as a user types them), the names the game uses for them, what the game holds
CASES: list[tuple[str, str, set[str], Callable[[Any], set[str]]]] = [
    (
        "tank-hunter",
        "stuka attack, Tiger I, Carpet Bombing",
        {"Stuka Attack", "Tiger I", "Carpet Bombing"},
        _hunter_cards,
    ),
    ("tank-clash", "Air support, smoke, Sniper, Ambush", {"air", "smoke", "Sniper", "Ambush"}, _clash_cards),
    (
        "2gm-pacific",
        "Promotion, General, us-m4a2",
        {"promotion", "us-general", "jp-general", "us-m4a2"},
        _pacific_cards,
    ),
]
IDS = [c[0] for c in CASES]


def _play(state: GameState, rng: random.Random, seen: Callable[[list[Event], GameState], None]) -> None:
    """Random decisions to the end, every step's events and legal actions handed to ``seen``."""
    while not state.is_over:
        legal = state.legal_actions()
        seen([], state)
        seen(state.apply(rng.choice(legal)), state)


@pytest.mark.parametrize(("gid", "bar", "names", "holds"), CASES, ids=IDS)
def test_a_barred_card_never_appears_in_a_played_game(
    gid: str, bar: str, names: set[str], holds: Callable[[Any], set[str]]
) -> None:
    game = load(gid)
    kinds = set(game.card_events)
    plain = holds(game.new(seed=0, players=2))
    assert names <= plain  # each barred card is in the game as it is ...
    for seed in range(6):
        players = game.info.min_players + seed % (game.info.max_players - game.info.min_players + 1)
        state = game.new(seed=seed, players=players, options={"bar_cards": bar})
        assert not names & holds(state)  # ... and out of it from the set-up

        def seen(events: list[Event], st: GameState) -> None:
            played = {str(e.get("card")) for e in events if e.get("type") in kinds}
            assert not names & played
            for a in [] if events else st.legal_actions():
                assert not any(a.id.startswith(f"tactical:{n}") or a.id.startswith(f"morale:{n}") for n in names)

        _play(state, random.Random(seed), seen)
        assert not names & holds(state)


@pytest.mark.parametrize("gid", IDS)
def test_an_unknown_card_is_refused_naming_the_cards_there_are(gid: str) -> None:
    game = load(gid)
    known = {"tank-hunter": "Tiger I", "tank-clash": "Sniper", "2gm-pacific": "promotion"}[gid]
    with pytest.raises(OptionError, match=r"option 'bar_cards': .* no card 'Tigre Royal'.*cards: .*") as err:
        game.new(seed=1, options={"bar_cards": f"{known}, Tigre Royal"})
    assert known in str(err.value)
    with pytest.raises(OptionError, match="at most 4000 characters"):
        game.new(seed=1, options={"bar_cards": "x" * 4001})


def test_a_bar_that_leaves_no_game_is_refused() -> None:
    hunter, pacific = load("tank-hunter"), load("2gm-pacific")
    afvs = [u.name for u in hunter.new(seed=0).udefs if u.kind == "AFV"]
    with pytest.raises(OptionError, match="these options leave 0 units; 3 players need at least 15"):
        hunter.new(seed=0, options={"setup": "tanks-only", "bar_cards": ", ".join(afvs)})
    units = ", ".join(load_pacific_units())
    with pytest.raises(OptionError, match=r"leaves side 0's deck \(us\) with \d+ cards, 0 of them units"):
        pacific.new(seed=0, options={"bar_cards": units})
    # Tank Clash keeps its tanks whatever is barred: with every card out it is still a game to the end
    clash = load("tank-clash")
    every = "artillery, air, infantry, smoke, repair, mines, " + ", ".join(c.name for c in load_clash_morale())
    state = clash.new(seed=2, options={"bar_cards": every})
    assert not state.morale_deck and state.tac_barred == ("artillery", "air", "infantry", "smoke", "repair", "mines")
    _play(state, random.Random(2), lambda events, st: None)
    assert state.is_over and state.observation(0)["tactical_barred"] == list(state.tac_barred)


def load_pacific_units() -> list[str]:
    from hulldown.games.pacific.cards import load_cards

    return list(load_cards().units)


def load_clash_morale() -> list[Any]:
    from hulldown.games.tank_clash.data import load_cards

    return list(load_cards()[2])


@pytest.mark.parametrize(("gid", "bar", "names", "holds"), CASES, ids=IDS)
def test_records_keep_the_bar_and_records_made_before_it_replay(
    gid: str, bar: str, names: set[str], holds: Callable[[Any], set[str]]
) -> None:
    game = load(gid)
    state = game.new(seed=3, players=2, options={"bar_cards": bar})
    _play(state, random.Random(3), lambda events, st: None)
    record = GameRecord.from_json(state.record().to_json())
    assert record.options["bar_cards"] == bar
    again = game.replay(record)
    assert again.fingerprint() == state.fingerprint() and again.is_over
    assert not names & holds(again)
    # the stored records predate the option: they replay as the game without a bar
    for path in sorted(RECORDS.glob(f"{gid}-*.json")):
        old = GameRecord.from_json(path.read_text(encoding="utf-8"))
        assert "bar_cards" not in old.options
        replayed = game.replay(old)
        assert replayed.fingerprint() == old.final and replayed.options["bar_cards"] == ""


@pytest.fixture
def cli() -> Callable[..., Any]:
    app = typer.Typer()
    register(app)
    runner = CliRunner()
    return lambda *args: runner.invoke(app, list(args))


@pytest.mark.parametrize(
    ("gid", "card"), [("tank-hunter", "Stuka Attack"), ("tank-clash", "Sniper"), ("2gm-pacific", "promotion")]
)
def test_balance_bar_runs_end_to_end(gid: str, card: str, cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "bar"
    r = cli("balance", gid, "--agents", "random", "--games", "4", "--bar", card, "--out", str(out), "--json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert report["card"] == card and report["pairs"] == 4
    assert report["a"] == {"bar_cards": ""} and report["b"] == {"bar_cards": card}
    assert (out / "index.html").is_file() and (out / "games.csv").is_file()
    r = cli("balance", gid, "--agents", "random", "--games", "4", "--bar", "No Such Card", "--out", str(out))
    assert r.exit_code == 2 and "no card 'No Such Card'" in r.stderr and "Traceback" not in r.output
