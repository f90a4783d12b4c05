"""A Gymnasium vector environment whose worker processes each step a batch of environments.

A step of these games costs tens of microseconds, less than one round trip
through a pipe, so ``gymnasium.vector.AsyncVectorEnv`` (one process per
environment, a round trip per environment per step) runs slower than a single
environment. :func:`make_vector_env` splits ``num_envs`` environments into
groups; each worker process steps its group as ``SyncVectorEnv`` would and
answers with one message of stacked arrays, so a step pays one round trip per
worker, whatever the number of environments (and, with ``local=True``, the
calling process steps a group of its own meanwhile). Observations and masks travel through shared
memory, the rest (rewards, ends, two small info fields) through the pipe.

It behaves as ``SyncVectorEnv`` over the same environments: the same seeds
(``reset(seed=s)`` seeds environment ``i`` with ``s + i``), next-step
autoreset, and infos in Gymnasium's vector layout (``info["action_mask"]``
stacked, with its ``_action_mask`` flags), so the observations, rewards and
masks are equal step for step (``tests/rl/test_vector.py``).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from hulldown.rl.gymnasium import HulldownEnv

Batch = npt.NDArray[Any]
#: What a worker answers: a step's five batched values or a reset's two, or an attribute's values.
_Reply = Any


def make_vector_env(
    game_id: str,
    num_envs: int,
    *,
    workers: int | None = None,
    local: bool = False,
    context: str | None = None,
    **env_kwargs: Any,
) -> BatchedVectorEnv:
    """``num_envs`` copies of :class:`~hulldown.rl.gymnasium.HulldownEnv` in groups, one per process.

    ``workers`` worker processes each step a group (default: one per CPU, at most one per
    environment); with ``local`` the calling process steps one more group while it waits
    for them, which pays when the learner's own work per step is small. ``context`` is a
    :mod:`multiprocessing` start method. Every other keyword goes to each environment
    (``opponents``, ``seat``, ``players``, game options...).
    """
    return BatchedVectorEnv(game_id, num_envs, workers=workers, local=local, context=context, **env_kwargs)


def _groups(num_envs: int, workers: int) -> list[tuple[int, int]]:
    """Contiguous, nearly equal ranges of environment indices, one per worker."""
    base, extra = divmod(num_envs, workers)
    out, start = [], 0
    for w in range(workers):
        size = base + (1 if w < extra else 0)
        out.append((start, start + size))
        start += size
    return out


class _Shared:
    """Observation and mask arrays of every environment, in memory the workers share."""

    def __init__(self, ctx: Any, num_envs: int, obs_shape: tuple[int, ...], num_actions: int) -> None:
        self.shape = (num_envs, *obs_shape)
        self.num_actions = num_actions
        self.obs = ctx.RawArray("b", 4 * int(np.prod(self.shape)))
        self.mask = ctx.RawArray("b", num_envs * num_actions)

    def views(self) -> tuple[Batch, Batch]:
        obs = np.frombuffer(self.obs, dtype=np.float32).reshape(self.shape)
        return obs, np.frombuffer(self.mask, dtype=np.int8).reshape(self.shape[0], self.num_actions)


class _Group:
    """The environments of one group, stepped as SyncVectorEnv steps them.

    Observations and masks, the bulk of a step's answer, are written into arrays shared
    with the main process (``obs`` and ``mask``: this group's rows), so the message back
    holds only rewards, ends and the small info fields: a pipe carries about 64 KiB per
    context switch, and a batch of Tank Clash observations is several times that.
    """

    def __init__(self, game_id: str, env_kwargs: dict[str, Any], obs: Batch, mask: Batch) -> None:
        self.envs = [HulldownEnv(game_id, **env_kwargs) for _ in range(len(obs))]
        self.obs, self.mask = obs, mask
        self.done = np.zeros(len(obs), dtype=bool)

    def reset(self, seeds: list[int | None], options: dict[str, Any] | None) -> tuple[Batch, Batch]:
        infos = []
        for i, (env, seed) in enumerate(zip(self.envs, seeds, strict=True)):
            self.obs[i], info = env.reset(seed=seed, options=options)
            self.mask[i] = info["action_mask"]
            infos.append(info)
        self.done[:] = False
        return self._small(infos)

    def step(self, actions: Batch) -> tuple[Batch, Batch, Batch, Batch, Batch]:
        """Next-step autoreset: an environment that ended on the previous step resets instead of stepping."""
        n = len(self.envs)
        infos = []
        rewards = np.zeros(n, dtype=np.float64)
        terminated = np.zeros(n, dtype=bool)
        truncated = np.zeros(n, dtype=bool)
        for i, env in enumerate(self.envs):
            if self.done[i]:
                self.obs[i], info = env.reset()
            else:
                self.obs[i], rewards[i], terminated[i], truncated[i], info = env.step(actions[i])
            self.mask[i] = info["action_mask"]
            infos.append(info)
        self.done = terminated | truncated
        return (rewards, terminated, truncated, *self._small(infos))

    def handle(self, command: str, data: Any) -> _Reply:
        """One command of the vector env: ``step``, ``reset``, ``call`` or ``close``."""
        if command == "step":
            return self.step(data)
        if command == "reset":
            return self.reset(*data)
        if command == "call":
            name, args, kwargs = data
            values = [getattr(env, name) for env in self.envs]
            return tuple(v(*args, **kwargs) if callable(v) else v for v in values)
        for env in self.envs:  # "close"
            env.close()
        return None

    @staticmethod
    def _small(infos: list[dict[str, Any]]) -> tuple[Batch, Batch]:
        """The info fields besides the mask, as the arrays SyncVectorEnv would make of them."""
        illegal = np.array([i["illegal_action"] for i in infos], dtype=bool)
        return illegal, np.array([i["seat"] for i in infos], dtype=np.int_)


def _worker(conn: Connection, game_id: str, env_kwargs: dict[str, Any], shared: _Shared, rows: tuple[int, int]) -> None:
    """One worker: the group of environments ``rows`` of ``shared``, driven by commands on ``conn``."""
    try:
        obs, mask = shared.views()
        group = _Group(game_id, env_kwargs, obs[rows[0] : rows[1]], mask[rows[0] : rows[1]])
    except Exception as exc:
        _send_error(conn, exc)
        return
    conn.send(("ok", None))
    while True:
        command, data = conn.recv()
        try:
            reply = group.handle(command, data)
        except Exception as exc:
            _send_error(conn, exc)
            continue
        conn.send(("ok", reply))
        if command == "close":
            return


def _send_error(conn: Connection, exc: Exception) -> None:
    """Send the exception itself, or a RuntimeError with its text when it cannot be pickled."""
    try:
        conn.send(("error", exc))
    except Exception:
        conn.send(("error", RuntimeError(f"{type(exc).__name__}: {exc}")))


class BatchedVectorEnv(VectorEnv[Batch, Batch, Batch]):
    """``num_envs`` hulldown environments in groups, one message per worker process per step.

    With ``local=True`` the main process steps the first group itself while the
    workers step theirs, so ``workers=1`` already uses two cores; by default it only
    waits, leaving its core to the learner's own work between steps.
    """

    def __init__(
        self,
        game_id: str,
        num_envs: int,
        *,
        workers: int | None = None,
        local: bool = False,
        context: str | None = None,
        **env_kwargs: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        most = num_envs - 1 if local else num_envs
        if workers is None:
            workers = max(0 if local else 1, min(most, (os.cpu_count() or 1) - (1 if local else 0)))
        if isinstance(workers, bool) or not isinstance(workers, int) or not (0 if local else 1) <= workers <= most:
            raise ValueError(f"workers must be {0 if local else 1}..{most} for {num_envs} envs, not {workers!r}")
        probe = HulldownEnv(game_id, **env_kwargs)  # checks the arguments here, before any process starts
        self.single_observation_space = probe.observation_space
        self.single_action_space = probe.action_space
        probe.close()
        self.num_envs = num_envs
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}
        self.render_mode = None
        self._bounds = _groups(num_envs, workers + (1 if local else 0))
        remote = self._bounds[1:] if local else self._bounds
        # typeshed's BaseContext lacks the start-method contexts' Process and RawArray
        ctx: Any = multiprocessing.get_context(context)
        shape = self.single_observation_space.shape
        assert shape is not None
        self._shared = _Shared(ctx, num_envs, shape, probe.layout.num_actions)
        self._obs, self._mask = self._shared.views()
        first = self._bounds[0][1]
        self._local = _Group(game_id, env_kwargs, self._obs[:first], self._mask[:first]) if local else None
        self._conns: list[Connection] = []
        self._processes: list[Any] = []
        for rows in remote:
            parent, child = ctx.Pipe()
            args = (child, game_id, env_kwargs, self._shared, rows)
            process = ctx.Process(target=_worker, args=args, daemon=True)
            process.start()
            child.close()
            self._conns.append(parent)
            self._processes.append(process)
        self._gather()

    # -- the Gymnasium vector API ------------------------------------------------
    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Batch, dict[str, Any]]:
        """As ``SyncVectorEnv.reset``: an int seeds environment ``i`` with ``seed + i``."""
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"give one seed per environment ({self.num_envs}), not {len(seeds)}")
        replies = self._run("reset", [(seeds[lo:hi], options) for lo, hi in self._bounds])
        return self._obs.copy(), self._infos([r[0] for r in replies], [r[1] for r in replies])

    def step(self, actions: Batch) -> tuple[Batch, Batch, Batch, Batch, dict[str, Any]]:
        """Each group steps its environments; a finished one resets on its next step (next-step autoreset)."""
        acts = np.asarray(actions)
        if acts.shape[:1] != (self.num_envs,):
            raise ValueError(f"give one action per environment ({self.num_envs}), not shape {acts.shape}")
        replies = self._run("step", [acts[lo:hi] for lo, hi in self._bounds])
        rewards, terminated, truncated = (np.concatenate([r[k] for r in replies]) for k in range(3))
        infos = self._infos([r[3] for r in replies], [r[4] for r in replies])
        return self._obs.copy(), rewards, terminated, truncated, infos

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """Call a method (or read an attribute) of every environment, in environment order."""
        replies = self._run("call", [(name, args, kwargs)] * len(self._bounds))
        return tuple(value for reply in replies for value in reply)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        return self.call(name)

    @property
    def worker_pids(self) -> list[int]:
        """The worker processes' ids (to watch their CPU time, as benchmarks/bench_vector_env.py does)."""
        return [int(p.pid) for p in self._processes]

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the workers: ask each to close, then end any that does not within a few seconds."""
        if self._local is not None:
            self._local.handle("close", None)
        for conn in self._conns:
            with contextlib.suppress(OSError):  # a worker that is gone already
                conn.send(("close", None))
        for conn, process in zip(self._conns, self._processes, strict=True):
            try:
                if conn.poll(5):
                    conn.recv()
            except (EOFError, OSError):
                pass
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()
            conn.close()

    # -- plumbing ----------------------------------------------------------------
    def _infos(self, illegal: list[Batch], seats: list[Batch]) -> dict[str, Any]:
        """Infos in Gymnasium's vector layout: each HulldownEnv info field stacked, with its flags."""
        present = np.ones(self.num_envs, dtype=bool)
        return {
            "action_mask": self._mask.copy(),
            "_action_mask": present,
            "illegal_action": np.concatenate(illegal),
            "_illegal_action": present.copy(),
            "seat": np.concatenate(seats),
            "_seat": present.copy(),
        }

    def _run(self, command: str, data: list[Any]) -> list[_Reply]:
        """One command to every group with its data: the workers first, then the local group meanwhile."""
        remote = data[1:] if self._local is not None else data
        for conn, part in zip(self._conns, remote, strict=True):
            conn.send((command, part))
        if self._local is None:
            return self._gather()
        try:
            mine = self._local.handle(command, data[0])
        except Exception:
            self._gather(raise_error=False)  # the workers' replies, so the next command meets none
            raise
        return [mine, *self._gather()]

    def _gather(self, raise_error: bool = True) -> list[_Reply]:
        """Every worker's reply, in worker order; the first error is raised after all have answered."""
        replies, error = [], None
        for conn in self._conns:
            try:
                status, value = conn.recv()
            except EOFError:
                status, value = "error", RuntimeError("a vector env worker process ended unexpectedly")
            if status == "error" and error is None:
                error = value
            replies.append(value)
        if error is not None and raise_error:
            raise error
        return replies
