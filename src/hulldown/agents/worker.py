"""The loop of a search worker process (started by ``hulldown.server.workers``).

It lives outside ``hulldown.server`` so that a worker imports the games and the
agents but not the web framework or the database layer: a worker starts in a
fraction of the time. It reads jobs (length-prefixed pickles) on stdin, answers
on stdout, and dies with its server: on Linux by ``PR_SET_PDEATHSIG``, and
everywhere by a watchdog thread that exits when the parent changes, and by
exiting when the job pipe closes.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import pickle
import signal
import struct
import sys
import threading
import time
import traceback
from typing import Any, BinaryIO

#: Each message: its length as four bytes (network order), then its pickle.
HEAD = struct.Struct("!I")


#: How much lower than the server a worker runs (``os.nice``): the lowest priority there is, so
#: that with every core searching the server and its players still get the CPU the moment they
#: want it (at 10 a soak of a hundred games still found the server waiting behind searches).
NICE = 19


def _die_with_parent(parent: int) -> None:
    """Ask Linux to SIGKILL this process when the thread that started it ends."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the server died before the request above
        os._exit(1)


def _watchdog(parent: int) -> None:
    """Exit when the server is gone, on systems without a parent-death signal too."""
    while True:
        time.sleep(0.25)
        if os.getppid() != parent:
            os._exit(1)


def _warm_up() -> None:
    """Import every installed game and the agents before the first deadline starts."""
    from hulldown.agents.registry import agent_names
    from hulldown.engine.registry import games, load

    agent_names()
    for info in games():
        with contextlib.suppress(Exception):
            load(info.id).new(seed=0)


def _send(out: BinaryIO, message: object) -> None:
    blob = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    out.write(HEAD.pack(len(blob)) + blob)
    out.flush()


#: Alternatives an explanation lists, most visited first.
TOP = 3


def search_move(game: Any, state: Any, seat: int, spec: str, seed: int) -> str:
    """One bot decision; ``state`` is a clone of the live game, received pickled."""
    return search_explained(game, state, seat, spec, seed)[0]


def rule_of_thumb(agent: Any, spec: str, view: Any = None, action: Any = None) -> dict[str, Any]:
    """The explanation of a bot that weighs no alternatives: its name, and the rule it followed.

    A bot that can say why (``explain(view, action)``: the heuristics, the 2GM solo AI) gives
    a message of its game's catalog, so a page shows it in its own language (``message``);
    ``rule`` is its English text for readers without the catalog. It is asked only here,
    after the move, so a bot's own play never pays for words nobody reads. ``view`` is the
    seat's view the move was chosen from: the reason is worked out from it alone.
    """
    from hulldown.agents.registry import parse_spec

    why: dict[str, Any] = {"kind": "rule", "agent": str(getattr(agent, "name", parse_spec(spec)[0]))}
    explain = getattr(agent, "explain", None)
    if callable(explain) and view is not None and action is not None:
        from hulldown.engine.registry import load

        message = explain(view, action).to_json()
        why["rule"] = english(load(view.game_id).messages, message)[:400]
        why["message"] = message
        return why
    reason = getattr(agent, "last_reason", None)
    if isinstance(reason, str) and reason:
        why["rule"] = reason[:400]
    return why


def english(catalog: Any, message: dict[str, Any]) -> str:
    """A message as JSON (``{"key", "args"}``) in English; an argument may be a message itself
    (the 2GM solo AI names a row of its tables that way), rendered first."""
    from hulldown.engine.messages import Message

    args = {k: english(catalog, v) if isinstance(v, dict) else v for k, v in message["args"].items()}
    return str(catalog.render(Message(message["key"], tuple(args.items()))))


def search_explained(
    game: Any, state: Any, seat: int, spec: str, seed: int, keep: str | None = None
) -> tuple[str, dict[str, Any]]:
    """One bot decision and why: the search's top alternatives, or that a rule of thumb chose.

    Everything in the explanation comes from the seat's view (its legal actions and
    the search's own statistics over resampled worlds), so it tells nothing the seat
    could not know; ``win`` is the mean normalised return (win 1, draw 0.5, loss 0).
    ``keep``: a legal action whose statistics a review of a finished game compares with
    the choice even when it is not among the top ones (``kept``; ``win`` None if unvisited).
    """
    from hulldown.agents.registry import make_agent
    from hulldown.engine.agent import SeatView

    view = SeatView(state, seat)
    agent = make_agent(spec, game, seat, seed)
    action = agent.act(view)
    action_id = action.id
    visits: dict[str, int] | None = getattr(agent, "last_visits", None)
    if not isinstance(visits, dict):
        return action_id, rule_of_thumb(agent, spec, view, action)
    values: dict[str, float] = getattr(agent, "last_values", {})
    legal = {a.id: a for a in view.legal_actions()}
    ranked = sorted((aid for aid in visits if aid in legal), key=lambda aid: (aid != action_id, -visits[aid]))
    alternatives = [
        {"action": legal[aid].to_json(), "visits": visits[aid], "win": round(values.get(aid, 0.5), 4)}
        for aid in ranked[:TOP]
    ]
    why: dict[str, Any] = {
        "kind": "search",
        "agent": getattr(agent, "name", "search"),
        "iterations": int(getattr(agent, "last_iterations", 0)),
        "alternatives": alternatives,
    }
    if keep is not None and keep in legal:
        tried = visits.get(keep, 0)
        win = round(values[keep], 4) if tried and keep in values else None
        why["kept"] = {"action": legal[keep].to_json(), "visits": tried, "win": win}
    return action_id, why


def worker_main(parent: int, warm: bool = True) -> None:
    """The loop of one worker: read a job, search, answer; exit when the server goes.

    ``warm``: load every installed game before saying it is ready, so that no
    deadline pays for an import.
    """
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    # Below the server in the scheduler: a person's request preempts any search,
    # whose time cap only costs it iterations on a busy machine.
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICE)
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # anything printed goes to the log, not into the answers
    sys.stdout = sys.stderr
    jobs = os.fdopen(0, "rb")
    threading.Thread(target=_watchdog, args=(parent,), name="watchdog", daemon=True).start()
    if warm:
        _warm_up()
    _send(out, ("ready", os.getpid()))
    while True:
        head = jobs.read(HEAD.size)
        if len(head) < HEAD.size:
            os._exit(0)  # the job pipe closed: the server is gone
        blob = jobs.read(HEAD.unpack(head)[0])
        try:
            job = pickle.loads(blob)
            # five fields: the move alone; a sixth (True): the move and its explanation,
            # a seventh: the action whose statistics the explanation keeps (a review)
            game, state, seat, spec, seed = job[:5]
            reply: tuple[Any, ...]
            if len(job) > 5 and job[5]:
                keep = job[6] if len(job) > 6 else None
                reply = ("ok", *search_explained(game, state, seat, spec, seed, keep))
            else:
                reply = ("ok", search_move(game, state, seat, spec, seed))
        except Exception as exc:
            traceback.print_exc()
            reply = ("error", f"{type(exc).__name__}: {exc}"[:500])
        _send(out, reply)
