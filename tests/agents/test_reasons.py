"""The heuristics' and the 2GM solo AI's reasons in words: every one a sentence of its game's
catalog in English and German, the one that matches the move, and none changing a choice."""

from __future__ import annotations

import string
from typing import Any

import pytest

from hulldown.agents.registry import make_agent
from hulldown.agents.worker import english
from hulldown.engine import registry
from hulldown.engine.agent import SeatView
from hulldown.engine.messages import Catalog
from hulldown.engine.rng import SplitMix64
from hulldown.games.pacific import grid

GAMES = [("tank-killers", 2, "heuristic"), ("tank-hunter", 3, "heuristic"), ("tank-clash", 2, "heuristic")]


def _placeholders(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def _german(catalog: Catalog, m: dict[str, Any]) -> str:
    from hulldown.engine.messages import Message

    args = {k: _german(catalog, v) if isinstance(v, dict) else v for k, v in m["args"].items()}
    return catalog.render(Message(m["key"], tuple(args.items())), "de")


def _reasons(
    game_id: str, players: int, spec: str, seeds: int, options: dict[str, Any] | None = None
) -> list[tuple[str, dict[str, Any], str]]:
    """(action label, reason as JSON, its English) for every decision of a few bot games."""
    game = registry.load(game_id)
    out = []
    for seed in range(seeds):
        state = game.new(seed=seed, players=players, options=options)
        bots = [make_agent(spec, game, s, seed) for s in range(players)]
        steps = 0
        while not state.is_over and steps < 600:
            seat = state.current_player
            view = SeatView(state, seat)
            action = bots[seat].act(view)
            said = bots[seat].explain(view, action).to_json()
            out.append((action.label, said, english(game.messages, said)))
            state.apply(action.id)
            steps += 1
    return out


PACIFIC = [("2gm-pacific", 2, "heuristic"), ("2gm-pacific", 1, "heuristic")]


@pytest.mark.parametrize(("game_id", "players", "spec"), [*GAMES, *PACIFIC, ("2gm-pacific", 2, "solo-ai")])
def test_every_reason_is_a_sentence_of_the_catalog_in_english_and_german(game_id: str, players: int, spec: str) -> None:
    catalog = registry.load(game_id).messages
    met = _reasons(game_id, players, spec, 2)
    assert met
    for _, said, text in met:
        german = _german(catalog, said)
        assert text and german and "{" not in text + german, said
    keys = {k for k in catalog.keys("en") if k.startswith(("why.", "ai."))}
    assert keys and keys <= catalog.keys("de")
    table = catalog.to_json()
    for k in keys:  # a German sentence names the same things as the English one
        assert _placeholders(table["de"][k]) == _placeholders(table["en"][k]), k


def test_the_reasons_name_the_move_and_its_numbers() -> None:
    """Tank Killers: a target's reason names the card attacked and the factors the heuristic compared."""
    targets = [
        (label, said)
        for label, said, _ in _reasons("tank-killers", 2, "heuristic", 3)
        if said["key"].startswith("why.target") and said["key"] != "why.target-unseen"
    ]
    assert targets
    for label, said in targets:
        args = said["args"]
        on_deck = said["key"].startswith("why.target-top")
        assert label == (
            "Attack the top card of the opponent's formation deck" if on_deck else f"Attack {args['card']}"
        )
        assert (args["factor"] >= args["defense"]) == (not said["key"].endswith("closest"))


def test_with_the_random_factor_a_target_names_its_odds_on_the_dice() -> None:
    """8.3: 1d6 - 1d6 joins the attack factor, so the reason gives the chance to destroy the target."""
    met = _reasons("tank-killers", 2, "heuristic", 3, {"random_factor": True})
    dice = [said["args"] for _, said, _ in met if said["key"] in ("why.target-dice", "why.target-top-dice")]
    assert dice
    # 1d6 - 1d6 makes up `short` points or more on this many of the 36 rolls
    rolls = {-6: 36, -5: 36, -4: 35, -3: 33, -2: 30, -1: 26, 0: 21, 1: 15, 2: 10, 3: 6, 4: 3, 5: 1, 6: 0}
    for args in dice:
        short = max(-6, min(6, args["defense"] - args["factor"]))
        assert args["chance"] == round(100 * rolls[short] / 36), args
    assert not [s for _, s, _ in met if s["key"] in ("why.target", "why.target-closest")]


def test_a_tank_hunter_attack_names_both_units() -> None:
    attacks = [said for _, said, _ in _reasons("tank-hunter", 3, "heuristic", 6) if said["key"] == "why.attack"]
    assert attacks and all(a["args"]["card"] != "?" and a["args"]["target"] != "?" for a in attacks)


def test_the_solo_ais_table_rows_match_the_rulebooks_names() -> None:
    from hulldown.games.pacific.solo.s12_02_behaviour import BEHAVIOUR
    from hulldown.games.pacific.solo.s12_04_priorities import DEPLOY_NAME
    from hulldown.games.pacific.solo.s12_06_destination import MOVE_NAME

    en = registry.load("2gm-pacific").messages.to_json()["en"]
    for kind, names in (("behaviour", BEHAVIOUR), ("deploy", DEPLOY_NAME), ("move", MOVE_NAME)):
        for table, rows in names.items():
            for band, name in rows.items():
                assert en[f"ai.{kind}.{table}.{band}"] == name


def test_a_2gm_heuristic_shot_or_move_names_its_unit_and_target() -> None:
    """The reason names what the move's label names: the shooter and its target, the unit moved
    and both spaces, and a forward move counts the rows it gains."""
    met = _reasons("2gm-pacific", 2, "heuristic", 2)
    fire = [(label, said) for label, said, _ in met if said["key"].startswith("why.fire-") and "target" in said["args"]]
    moves = [(label, said) for label, said, _ in met if said["key"] in ("why.advance", "why.hang-back", "why.move-any")]
    assert fire and moves
    for label, said in fire:
        shooter, target = said["args"]["unit"], said["args"]["target"]
        assert isinstance(shooter, str) and label.startswith(shooter), (label, said)
        assert isinstance(target, dict) or f"at {target}" in label, (label, said)
    for label, said in moves:
        args = said["args"]
        assert label.endswith(f"{args['unit']} from {args['frm']} to {args['to']}"), (label, said)
        if said["key"] != "why.move-any":
            rows = grid.rc(grid.parse(args["to"]))[0] - grid.rc(grid.parse(args["frm"]))[0]
            assert args["rows"] == abs(rows) > 0, (label, said)
    keys = {said["key"] for _, said, _ in met}
    assert {"why.deploy", "why.fire-hq", "why.none", "why.only"} <= keys, keys


def test_a_2gm_heuristic_reason_gives_the_numbers_that_won() -> None:
    """A shot's wounds are the most among the enemy units any legal shot could hit, and a
    deployment's cost the most among the units it could deploy: the numbers the heuristic compared."""
    from hulldown.games.pacific import actions as acts
    from hulldown.games.pacific.views import part

    game = registry.load("2gm-pacific")
    checked = 0
    for seed in range(2):
        state = game.new(seed=seed, players=2)
        bots = [make_agent("heuristic", game, s, seed) for s in range(2)]
        for _ in range(600):
            if state.is_over:
                break
            seat = state.current_player
            view = SeatView(state, seat)
            action = bots[seat].act(view)
            said = bots[seat].explain(view, action).to_json()
            legal = view.legal_actions()
            side = part(view, "your_side")
            units = {  # as the actions name them: by space, or by bay beside an HQ
                u["space"] if u["space"] != "hq" else f"{'a' if u['side'] == side else 'e'}{u['bay']}": u
                for u in part(view, "units")
            }
            if said["key"] in ("why.fire-finish", "why.fire-wounded", "why.fire-unit"):
                wounds = [
                    units[a.target]["wounds"]
                    for a in legal
                    if isinstance(a, acts.Fire) and a.target in units and units[a.target]["side"] != side
                ]
                assert said["args"].get("wounds", 0) == max(wounds), said
                checked += 1
            elif said["key"] == "why.deploy":
                hand = part(view, "hands")[seat]
                costs = [hand[a.hand]["cost"] for a in legal if isinstance(a, acts.Deploy)]
                assert said["args"]["cost"] == max(costs), said
                checked += 1
            state.apply(action.id)
    assert checked


@pytest.mark.parametrize(("game_id", "players", "spec"), [*GAMES, *PACIFIC])
def test_explaining_changes_no_choice(game_id: str, players: int, spec: str) -> None:
    """A bot asked why after every move plays the same game as one never asked."""
    game = registry.load(game_id)

    def play(explain: bool) -> list[str]:
        state = game.new(seed=11, players=players)
        bots = [make_agent(spec, game, s, 11) for s in range(players)]
        rng = SplitMix64(3)
        moves = []
        while not state.is_over and len(moves) < 400:
            seat = state.current_player
            view = SeatView(state, seat)
            action = bots[seat].act(view)
            if explain and rng.below(2):
                bots[seat].explain(view, action)
            moves.append(action.id)
            state.apply(action.id)
        return moves

    assert play(True) == play(False)
