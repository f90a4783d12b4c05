"""The bots a web client may name, their parameters and the bounds on each.

The command line and the Python API build any agent spec (the person running
them owns the machine). A web server runs bots on behalf of strangers, so a
spec from a client must name an agent and parameters declared here, each
within its range: a search is bounded in time, nothing names a file, and the
cheap bots take no parameters. ``web_spec`` checks a client's spec;
``run_bounds`` gives any stored spec (also one accepted before these bounds
existed) the time cap the server enforces when it runs it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from hulldown.agents.ismcts_spec import LEVELS
from hulldown.agents.registry import make_agent, parse_spec
from hulldown.engine.errors import AgentSpecError
from hulldown.engine.game import Game

#: Bots cheap enough to decide on the server's event loop (well under a millisecond a move).
CHEAP_BOTS = frozenset({"random", "heuristic"})

#: The longest search a web bot may run, in seconds and iterations: those of the ``hard`` level.
MAX_ITERATIONS, MAX_SECONDS = LEVELS["hard"]

#: A parameter's check: ``None`` when the value is allowed, else what is allowed.
Check = Callable[[str], str | None]


def _whole(lo: int, hi: int, *words: str) -> Check:
    also = "".join(f" or {w}" for w in words)

    def check(value: str) -> str | None:
        if value in words:
            return None
        try:
            n = int(value)
        except ValueError:
            n = lo - 1
        return None if lo <= n <= hi else f"a whole number from {lo} to {hi}{also}"

    return check


def _number(lo: float, hi: float, above: bool = False) -> Check:
    def check(value: str) -> str | None:
        try:
            x = float(value)
        except ValueError:
            x = math.nan
        ok = (lo < x if above else lo <= x) and x <= hi
        return None if ok else f"a number {f'above {lo:g} and' if above else f'from {lo:g}'} up to {hi:g}"

    return check


def _one_of(*values: str) -> Check:
    return lambda value: None if value in values else f"one of {', '.join(values)}"


_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")


def _plain_name(value: str) -> str | None:
    return None if _NAME.fullmatch(value) else "a plain name (lower-case letters, digits, - and _)"


#: Agent -> its parameters and their checks. A name not here (nor among a game's own
#: agents) is refused; so is any parameter not listed, such as the Tank Hunter
#: heuristic's ``cards=``, which names a file.
WEB_AGENTS: dict[str, dict[str, Check]] = {
    "random": {},
    "heuristic": {},
    "ismcts": {
        "level": _one_of(*LEVELS),
        "iterations": _whole(1, MAX_ITERATIONS),
        "seconds": _number(0.0, MAX_SECONDS, above=True),
        "c": _number(0.0, 10.0),
        "rollout": _one_of("random", "heuristic", "policy"),
        "depth": _whole(0, 200, "end"),
        "worlds": _whole(0, 64),
        "bias": _number(0.0, 10.0),
        "tree": _whole(1, 64, "all"),
        "paired": _one_of("0", "1"),
        "confidence": _number(0.0, 10.0),
        "hint": _one_of("heuristic", "policy"),
        "root": _one_of("ucb", "halving"),
        "settle": _whole(0, 200),
        "top": _whole(0, 64),
        "widen": _number(0.0, 10.0),
        # A choice between two evaluations the game ships, never a file.
        "value": _one_of("hand", "learned"),
    },
}

#: Parameters of agents that games declare (``Game.agents``); such an agent takes no
#: other parameter. It runs in a worker process under ``MAX_SECONDS``.
GAME_AGENT_PARAMS: dict[str, dict[str, Check]] = {
    "solo-ai": {"table": _plain_name},
}


def _allowed(name: str, game: Game) -> dict[str, Check] | None:
    if name in WEB_AGENTS:
        if name == "heuristic" and game.heuristic is None:
            return None
        return WEB_AGENTS[name]
    if name in game.agents:
        return GAME_AGENT_PARAMS.get(name, {})
    return None


def web_agents(game: Game) -> list[str]:
    """The agent names a web client may give for ``game``."""
    return sorted(n for n in {*WEB_AGENTS, *game.agents} if _allowed(n, game) is not None)


def _format(name: str, params: dict[str, str]) -> str:
    return name + (":" + ",".join(f"{k}={v}" for k, v in params.items()) if params else "")


def web_spec(spec: str, game: Game) -> str:
    """The spec a web client gave, checked against the declared bounds; AgentSpecError if refused.

    The answer is the spec to store: an ISMCTS search given only an iteration count
    also gets the ``hard`` level's time cap, so no search from the web runs unbounded
    in time on a slow position or machine.
    """
    name, params = parse_spec(spec)
    allowed = _allowed(name, game)
    if allowed is None:
        raise AgentSpecError(
            f"no agent {name!r:.40} for {game.id} on this server (agents: {', '.join(web_agents(game))})"
        )
    for key, value in params.items():
        check = allowed.get(key)
        if check is None:
            what = f"{name} takes {', '.join(allowed)}" if allowed else f"{name} takes no parameters"
            raise AgentSpecError(f"parameter {key!r:.40} is not allowed ({what})")
        problem = check(value)
        if problem is not None:
            raise AgentSpecError(f"{key} must be {problem}, not {value!r:.40}")
    if name == "ismcts" and "iterations" in params and "seconds" not in params and "level" not in params:
        params["seconds"] = f"{MAX_SECONDS:g}"
    checked = _format(name, params)
    make_agent(checked, game, 0, 0)
    return checked


def is_searching(spec: str) -> bool:
    """Whether the bot runs in a worker process (anything but the cheap bots)."""
    try:
        return parse_spec(spec)[0] not in CHEAP_BOTS
    except AgentSpecError:
        return True


def run_bounds(spec: str) -> tuple[str, float]:
    """The spec a server runs for a searching bot and its time cap in seconds.

    Also applied to specs stored before the bounds existed: a longer time budget is
    cut to ``MAX_SECONDS``, and a search bounded only by iterations gets that cap.
    """
    try:
        name, params = parse_spec(spec)
    except AgentSpecError:
        return spec, MAX_SECONDS
    if name != "ismcts":
        return spec, MAX_SECONDS
    level = params.get("level")
    if "seconds" in params:
        try:
            seconds = float(params["seconds"])
        except ValueError:
            return spec, MAX_SECONDS
        if not 0 < seconds <= MAX_SECONDS:
            seconds = MAX_SECONDS
            params["seconds"] = f"{MAX_SECONDS:g}"
        return _format(name, params), seconds
    if level is not None:
        return spec, LEVELS[level][1] if level in LEVELS else MAX_SECONDS
    if "iterations" in params:
        params["seconds"] = f"{MAX_SECONDS:g}"
        return _format(name, params), MAX_SECONDS
    return spec, LEVELS["normal"][1]
