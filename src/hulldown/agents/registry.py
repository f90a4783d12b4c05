"""Agents by name: ``NAME`` or ``NAME:key=value,...`` (e.g. ``ismcts:iterations=200``).

Generic agents register here; ``heuristic`` resolves to the heuristic the game
itself declares, so each game keeps its bot next to its rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hulldown.agents.random_agent import make_random
from hulldown.engine.agent import Agent
from hulldown.engine.errors import AgentSpecError
from hulldown.engine.game import Game
from hulldown.engine.rng import derive_seed

AgentFactory = Callable[..., Agent]
_FACTORIES: dict[str, AgentFactory] = {}
_HELP: dict[str, str] = {}


def register_agent(name: str, factory: AgentFactory, help: str = "") -> None:
    _FACTORIES[name] = factory
    _HELP[name] = help


def agent_names() -> list[str]:
    _load_builtin()
    return sorted(_FACTORIES)


def agent_help() -> dict[str, str]:
    _load_builtin()
    return dict(_HELP)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``NAME:key=value,...`` into the name and its parameters."""
    if not isinstance(spec, str) or not spec.strip():
        raise AgentSpecError("an agent needs a name (e.g. random, heuristic, ismcts:iterations=200)")
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key.strip() or not value.strip():
                raise AgentSpecError(f"agent {spec!r}: parameters are key=value pairs separated by commas")
            params[key.strip()] = value.strip()
    return name.strip(), params


def _heuristic(game: Game, seat: int, seed: int, **params: str) -> Agent:
    if game.heuristic is None:
        raise AgentSpecError(f"{game.id} has no heuristic bot")
    return game.heuristic(game, seat, seed, **params)


_LOADED = False


def _load_builtin() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    register_agent("random", make_random, "uniform over the legal actions")
    register_agent("heuristic", _heuristic, "the game's rule-of-thumb bot")
    # Agents that live in their own modules register themselves on import.
    import importlib

    for mod in ("hulldown.agents.ismcts_spec", "hulldown.agents.policy"):
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name is None or not mod.startswith(exc.name):
                raise


def make_agent(spec: str, game: Game, seat: int, seed: int) -> Agent:
    """Build the agent named by ``spec`` for ``seat``; bad specs raise AgentSpecError."""
    _load_builtin()
    name, params = parse_spec(spec)
    factory = _FACTORIES.get(name) or game.agents.get(name)
    if factory is None:
        names = ", ".join(sorted({*_FACTORIES, *game.agents}))
        raise AgentSpecError(f"no agent {name!r} for {game.id} (agents: {names})")
    try:
        return factory(game, seat, derive_seed(seed, "agent", seat, name), **params)
    except AgentSpecError:
        raise
    except (TypeError, ValueError) as exc:
        raise AgentSpecError(f"agent {spec!r}: {exc}") from None


def validate_spec(spec: str, game: Game) -> None:
    make_agent(spec, game, 0, 0)


def describe() -> list[dict[str, Any]]:
    return [{"name": n, "help": _HELP.get(n, "")} for n in agent_names()]
