"""Every observation of every game is exactly the type its game declares (``Game.observation_type``).

Random games of every game, at every player count and over the game's conformance
option sets: each seat's observation and the spectator's, at every step, must
validate strictly against the declared TypedDict (no key missing, none extra, no
value of another type: an ``int`` field refuses ``True``, a ``list`` refuses a
tuple), and so must every entry ``observation_part`` builds. The last tests show
the check is not vacuous: a wrong type or an extra key anywhere is refused.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Mapping
from typing import Any

import pytest
from pydantic import ValidationError

from hulldown.engine import registry
from hulldown.engine.game import Game
from hulldown.engine.observation import part_validator, validator
from hulldown.engine.rng import SplitMix64, derive_seed
from hulldown.engine.state import GameState

SCALE = float(os.environ.get("HULLDOWN_CONFORMANCE_SCALE", "1"))
#: option sets per game (the defaults first, then the game's conformance sets, spread evenly)
SETS = 4
#: every this many steps, every entry of every seat is also built alone and checked
PART_EVERY = 9


def _declared(game_id: str) -> Game:
    game = registry.load(game_id)
    assert game.observation_type is not None, f"{game_id} declares no observation type"
    return game


def _option_sets(game: Game) -> list[dict[str, Any]]:
    sets = [dict(o) for o in game.conformance_options]
    step = max(1, len(sets) // (SETS - 1))
    return [{}, *sets[::step][: SETS - 1]]


def _cases() -> list[Any]:
    cases = []
    for gid in registry.game_ids():
        game = registry.load(gid)
        for i, opts in enumerate(_option_sets(game)):
            players = opts.pop("players", None)
            counts = [players] if players is not None else range(game.info.min_players, game.info.max_players + 1)
            for n in counts:
                cases.append(pytest.param(gid, opts, n, id=f"{gid}-set{i}-{n}p"))
    return cases


def _check_all(game: Game, state: GameState, step: int) -> int:
    kind = game.observation_type
    assert kind is not None
    check = validator(kind)
    checked = 0
    for seat in [None, *range(state.players)]:
        obs = state.observation(seat)
        check(obs)
        checked += 1
        if step % PART_EVERY == 0:
            for key in obs:
                part_validator(kind, key)(state.observation_part(seat, key))
    return checked


@pytest.mark.parametrize(("game_id", "options", "players"), _cases())
def test_every_observation_is_its_declared_type(game_id: str, options: dict[str, Any], players: int) -> None:
    game = _declared(game_id)
    checked = 0
    for g in range(max(1, int(2 * SCALE))):
        seed = derive_seed(players, g, "observation types")
        state = game.new(seed=seed, players=players, options=options)
        rng = SplitMix64(seed)
        step = 0
        while not state.is_over and step < game.info.max_steps:
            checked += _check_all(game, state, step)
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            step += 1
        checked += _check_all(game, state, PART_EVERY)  # the finished game, every entry too
    assert checked > players + 1


def _mutations(obs: Mapping[str, object]) -> list[tuple[str, dict[str, Any]]]:
    """Copies of ``obs``, each broken in one way: an extra key at the top, one in the first nested
    record, and a field of each simple type given a value of another."""
    out: list[tuple[str, dict[str, Any]]] = []
    top = copy.deepcopy(dict(obs))
    top["surplus"] = 1
    out.append(("extra key", top))
    nested = copy.deepcopy(dict(obs))
    for value in nested.values():
        inner = value[0] if isinstance(value, list) and value and isinstance(value[0], dict) else value
        if isinstance(inner, dict) and inner:
            inner["surplus"] = 1
            out.append(("extra nested key", nested))
            break
    for key, value in obs.items():
        if isinstance(value, bool):
            wrong: object = "yes"
        elif isinstance(value, int):
            wrong = True
        elif isinstance(value, str):
            wrong = 7
        elif isinstance(value, list):
            wrong = tuple(value)
        else:
            continue
        broken = copy.deepcopy(dict(obs))
        broken[key] = wrong
        out.append((f"{key}: {type(wrong).__name__}", broken))
    return out


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_wrong_type_or_an_extra_key_is_refused(game_id: str) -> None:
    game = _declared(game_id)
    assert game.observation_type is not None
    check = validator(game.observation_type)
    state = game.new(seed=3)
    obs = state.observation(0)
    check(obs)
    broken = _mutations(obs)
    kinds = {what.split(":")[0] for what, _ in broken}
    assert {"extra key", "extra nested key"} <= kinds and len(broken) > 5
    for what, bad in broken:
        with pytest.raises(ValidationError):
            check(bad)
            pytest.fail(f"{game_id}: {what} passed")
    missing = dict(obs)
    missing.pop(next(iter(obs)))
    with pytest.raises(ValidationError):
        check(missing)


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_wrong_part_is_refused(game_id: str) -> None:
    game = _declared(game_id)
    assert game.observation_type is not None
    state = game.new(seed=3)
    obs = state.observation(0)
    for key, value in obs.items():
        check = part_validator(game.observation_type, key)
        check(state.observation_part(0, key))
        if isinstance(value, list):
            with pytest.raises(ValidationError):
                check(tuple(value))
    with pytest.raises(KeyError):
        part_validator(game.observation_type, "no such key")
