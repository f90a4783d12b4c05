"""What an ``ismcts`` spec means: its levels, each game's defaults, and the factory that reads it.

The search itself (``hulldown.agents.ismcts``) takes every parameter explicitly; this module
decides what a spec that is silent on one gets, by level, by game and by player count, so that
a reader finds every default in one place and the registry's ``ismcts`` name maps to one
function.
"""

from __future__ import annotations

from typing import Any

from hulldown.agents.evaluators import evaluator_for
from hulldown.agents.ismcts import ISMCTSAgent
from hulldown.agents.registry import register_agent
from hulldown.engine.game import Game

#: Level -> (iterations, seconds cap). ``normal`` is what the web app offers by
#: default: its cap keeps a decision under half a second, the pace a player will
#: wait for at every move, even in the slowest game's slowest positions, while
#: the iteration count binds in fast ones (reproducible).
LEVELS: dict[str, tuple[int, float]] = {
    "easy": (100, 0.25),
    "normal": (600, 0.45),
    "hard": (4000, 5.0),
}

#: Level -> determinizations drawn per decision, where the spec does not say
#: (``WORLDS`` for a level not named here). At ``hard``'s budget every root action
#: gets hundreds of paired visits: over ten worlds those repeat one small guess at
#: the hidden cards, whose error then outweighs the dice's, and the paired test of
#: ``confidence`` reads the repeats as evidence. Against a far longer search on the
#: same Tank Killers positions, ``hard`` over 400 worlds chose with a fifteenth of
#: the regret it had over 10, though it won no more games against ``normal``
#: (benchmarks/RESULTS.md, "Search regret").
LEVEL_WORLDS: dict[str, int] = {"hard": 400}


def _number(params: dict[str, str], key: str, kind: type) -> Any:
    raw = params.pop(key, None)
    if raw is None:
        return None
    try:
        return kind(raw)
    except ValueError:
        raise ValueError(f"{key} must be a {'whole ' if kind is int else ''}number, not {raw!r:.40}") from None


#: What a search uses when the spec does not say (``make_ismcts``): the game's
#: heuristic for playouts and as the root bias, playouts cut after ``DEPTH``
#: steps where the game has an evaluation, ``WORLDS`` determinizations reused.
#: Measured in benchmarks/RESULTS.md: with these the search beats random play in every
#: game and plays level with each game's heuristic.
DEPTH = 10
WORLDS = 10
BIAS = 1.0
#: A tree one edge deep (the root's actions; the playout policy plays the rest) with
#: paired root visits: at a few hundred iterations a deeper tree spends its visits
#: on moves chosen at random by expansion, which blurs the root's values.
TREE = 1
PAIRED = True
#: A game's own defaults, as if written in the spec where it is silent (measured in
#: docs/agents.md, "Parameters"). ``rollout=policy``: the game's playout policy
#: (``Game.rollout``) is many times faster than its heuristic bot. 2GM Pacific also
#: starts from its policy's choice, keeps it unless the paired test shows better, and
#: scores cut playouts with its learned model; Tank Hunter scores them with its learned
#: models and, at two to four players (``COUNT_DEFAULTS``), keeps the paired test.
GAME_DEFAULTS: dict[str, dict[str, str]] = {
    "tank-clash": {"rollout": "policy"},
    "tank-hunter": {"value": "learned", "confidence": "2"},
    "tank-killers": {"rollout": "policy"},
    "2gm-pacific": {"rollout": "policy", "confidence": "2", "hint": "policy", "value": "learned"},
}
#: Game defaults that hold at these player counts only; one written in a spec holds at every
#: count. Tank Hunter's paired test was measured stronger at two players, and at three and four
#: together with the deeper playouts of ``COUNT_DEPTHS`` (at four, neither alone had helped).
COUNT_DEFAULTS: dict[str, dict[str, frozenset[int]]] = {"tank-hunter": {"confidence": frozenset({2, 3, 4})}}
#: Where the spec names no depth: a game's cut depth at some player counts, in place of ``DEPTH``.
#: A playout cut after ``DEPTH`` steps of all the seats holds fewer of the searching seat's own
#: steps the more seats there are: at three Tank Hunter players, ten steps are about three of its
#: own, and the evaluation is then asked about a position its choice has barely touched (at four,
#: two and a half).
COUNT_DEPTHS: dict[str, dict[int, int]] = {"tank-hunter": {3: 20, 4: 20}}


def _is_zero(raw: str | None) -> bool:
    try:
        return raw is not None and float(raw) == 0
    except ValueError:
        return False


def _with_game_defaults(game_id: str, params: dict[str, str]) -> dict[str, str]:
    """The spec with the game's defaults where it is silent. A default that a given parameter
    rules out steps aside rather than fail a spec that never named it: the paired test without
    paired visits or a rule of thumb, a learned value without cut playouts."""
    merged = {**GAME_DEFAULTS.get(game_id, {}), **params}
    if "confidence" not in params and any(_is_zero(params.get(k)) for k in ("paired", "bias", "worlds")):
        merged.pop("confidence", None)
    if "value" not in params and params.get("depth") == "end":
        merged.pop("value", None)
    return merged


def _whole_or(params: dict[str, str], key: str, word: str, default: int | None) -> int | None:
    """A whole number, None for ``word`` (``depth=end``, ``tree=all``), ``default`` where the spec is silent."""
    raw = params.get(key)
    if raw == word:
        del params[key]
        return None
    value: int | None = _number(params, key, int)
    return default if raw is None else value


def make_ismcts(game: Game, seat: int, seed: int, **params: str) -> ISMCTSAgent:
    """Factory for the registry: ``ismcts[:iterations=N|seconds=T|level=L][,c=X][,rollout=R][,depth=N|end]...``.

    Parameters left out take the game-aware defaults above; the constructor
    itself defaults to plain ISMCTS (random playouts to the end, a fresh
    determinization per iteration, no bias).
    """
    confidence_players = None if "confidence" in params else COUNT_DEFAULTS.get(game.id, {}).get("confidence")
    depth_players = None if "depth" in params else COUNT_DEPTHS.get(game.id)
    params = _with_game_defaults(game.id, params)
    level = params.pop("level", None)
    iterations = _number(params, "iterations", int)
    seconds = _number(params, "seconds", float)
    exploration = _number(params, "c", float)
    has_heuristic = game.heuristic is not None
    rollout = params.pop("rollout", "heuristic" if has_heuristic else "random")
    depth = _whole_or(params, "depth", "end", DEPTH if evaluator_for(game) is not None else None)
    worlds = _number(params, "worlds", int)
    bias = _number(params, "bias", float)
    tree = _whole_or(params, "tree", "all", TREE)
    paired = _number(params, "paired", int)
    confidence = _number(params, "confidence", float)
    hint = params.pop("hint", "heuristic")
    value = params.pop("value", "hand")
    settle = _number(params, "settle", int)
    top = _number(params, "top", int)
    widen = _number(params, "widen", float)
    root = params.pop("root", "ucb")
    if root not in ("ucb", "halving"):
        raise ValueError("root must be ucb or halving")
    if paired not in (None, 0, 1):
        raise ValueError("paired must be 0 or 1")
    if params:
        raise ValueError(
            f"unknown parameter {sorted(params)[0]!r} "
            "(iterations, seconds, level, c, rollout, depth, worlds, bias, tree, paired, confidence, hint, value, "
            "root, settle, top, widen)"
        )
    if level is not None:
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r:.40}")
        if iterations is not None or seconds is not None:
            raise ValueError("give either level or iterations/seconds, not both")
        iterations, seconds = LEVELS[level]
    elif iterations is None and seconds is None:
        iterations, seconds = LEVELS["normal"]
    elif seconds is not None and iterations is None:
        iterations = None
    n_worlds = LEVEL_WORLDS.get(level or "", WORLDS) if worlds is None else worlds
    if paired is None:
        paired = int(PAIRED and n_worlds > 0)
    return ISMCTSAgent(
        game,
        seat,
        seed,
        iterations=iterations,
        seconds=seconds,
        exploration=0.7 if exploration is None else exploration,
        rollout=rollout,
        depth=depth,
        worlds=n_worlds,
        bias=(BIAS if has_heuristic else 0.0) if bias is None else bias,
        tree=tree,
        paired=bool(paired),
        confidence=0.0 if confidence is None else confidence,
        confidence_players=confidence_players,
        depth_players=depth_players,
        hint=hint,
        value=value,
        halving=root == "halving",
        settle=0 if settle is None else settle,
        top=0 if top is None else top,
        widen=0.0 if widen is None else widen,
    )


register_agent(
    "ismcts",
    make_ismcts,
    "information-set MCTS: level=easy|normal|hard, iterations=N or seconds=T, c=0.7, rollout=heuristic|random|policy, "
    "depth=10|N|end, worlds=10, bias=1, tree=1|N|all, paired=1|0, confidence=0|Z, hint=heuristic|policy, "
    "value=hand|learned, root=ucb|halving, settle=0|N, top=0|K, widen=0|W",
)
