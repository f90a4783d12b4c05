"""Worker processes for searching bots: one search each at a time, each move under a deadline.

A search holds a core for up to its time cap, so it runs outside the server
process. Every search in flight has a worker of its own, up to
``max_workers``; past that, searches wait in one first-come first-served
queue, so a game's bot waits at most for searches that were asked for before
it, each bounded by its own deadline. A worker that overruns its deadline
(the search's time cap plus ``grace``) is killed and replaced; the caller gets
:class:`BotFailure` and plays a fallback move.

Workers die with their server however it ends: the server kills them when it
stops; on Linux the kernel kills them if the server dies (``PR_SET_PDEATHSIG``,
armed by each worker for the thread that started it, the event loop's); and
everywhere a watchdog thread in each worker exits when its parent changes, and
the worker exits when its job pipe closes.

Jobs travel as length-prefixed pickles over the worker's stdin and stdout; only
the server writes to a worker, so unpickling there trusts nothing from a client.
The worker's own loop is ``hulldown.agents.worker``, outside this package, so a
worker never imports the web framework or the database layer.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import os
import pickle
import sys
from typing import Any

from hulldown.agents.worker import HEAD

log = logging.getLogger("hulldown.server")

#: Seconds a search may run past its own time cap before its worker is killed.
GRACE = 2.0
#: Seconds a new worker has to import the games and say it is ready.
START_TIMEOUT = 60.0
#: Seconds a worker is kept without a search before it exits (its memory goes back).
IDLE_SECONDS = 600.0
#: Default for the most worker processes at once: searches are capped in time and the
#: operating system shares the cores, so a few more workers than cores costs little.
DEFAULT_WORKERS = 4
#: The worker's command line: the server's import path first (a worktree or test
#: package must resolve as it does in the server), then the worker's loop.
_BOOT = (
    "import sys, json; sys.path[:] = json.loads(sys.argv[1]); "
    "from hulldown.agents.worker import worker_main; worker_main(int(sys.argv[2]), sys.argv[3] == '1')"
)


class BotFailure(Exception):
    """A search gave no move; ``reason`` is short and fit for every seat to read."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


# -- the server's side ----------------------------------------------------------------
class Worker:
    """One worker process and its pipes."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.pid = proc.pid

    async def receive(self) -> Any:
        assert self.proc.stdout is not None
        head = await self.proc.stdout.readexactly(HEAD.size)
        return pickle.loads(await self.proc.stdout.readexactly(HEAD.unpack(head)[0]))

    async def call(self, message: object, timeout: float) -> Any:
        """Send a job and wait for its answer, all within ``timeout`` seconds."""
        assert self.proc.stdin is not None
        blob = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        async with asyncio.timeout(timeout):
            self.proc.stdin.write(HEAD.pack(len(blob)) + blob)
            await self.proc.stdin.drain()
            return await self.receive()

    def kill(self) -> None:
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()


class Supervisor:
    """The worker processes of one server, handed to searches first come, first served."""

    def __init__(
        self,
        max_workers: int = DEFAULT_WORKERS,
        grace: float = GRACE,
        warm: bool = True,
        idle_seconds: float = IDLE_SECONDS,
    ) -> None:
        if max_workers < 1:
            raise ValueError("at least one bot worker is needed")
        self.max_workers = max_workers
        self.grace = grace
        self.idle_seconds = idle_seconds
        self._retire: dict[Worker, asyncio.TimerHandle] = {}
        #: whether new workers load every game before their first search (tests of toy games skip it)
        self.warm = warm
        self._idle: list[Worker] = []
        self._busy: set[Worker] = set()
        self._slots = 0  # workers running or starting
        self._waiting: collections.deque[asyncio.Future[Worker | None]] = collections.deque()
        self.closed = False
        #: Workers killed for overrunning their deadline (for operators and tests).
        self.overruns = 0
        #: Searches sent to a worker and not yet answered.
        self.in_flight = 0
        #: Killed workers not yet reaped (their pipes close once they are).
        self._dying: set[asyncio.Task[int]] = set()

    @property
    def pids(self) -> list[int]:
        return sorted(w.pid for w in (*self._idle, *self._busy))

    async def search(self, game: Any, state: Any, seat: int, spec: str, seed: int, cap: float) -> str:
        """The move of ``spec`` for ``seat``; BotFailure if it fails or overruns ``cap`` + grace."""
        return str((await self._run((game, state, seat, spec, seed), cap))[1])

    async def search_explained(
        self, game: Any, state: Any, seat: int, spec: str, seed: int, cap: float, keep: str | None = None
    ) -> tuple[str, dict[str, Any]]:
        """The move and why (``hulldown.agents.worker.search_explained``), under the same deadline."""
        job = (game, state, seat, spec, seed, True) if keep is None else (game, state, seat, spec, seed, True, keep)
        reply = await self._run(job, cap)
        return str(reply[1]), dict(reply[2])

    async def _run(self, job: tuple[Any, ...], cap: float) -> tuple[Any, ...]:
        """A job's ``("ok", ...)`` answer from a worker of its own; BotFailure otherwise."""
        worker = await self._acquire()
        self._busy.add(worker)
        ok = False
        self.in_flight += 1
        try:
            reply = await worker.call(job, cap + self.grace)
            ok = True
        except TimeoutError:
            self.overruns += 1
            raise BotFailure("the search overran its time limit", f"{cap:g} s cap, worker {worker.pid}") from None
        except (OSError, EOFError, asyncio.IncompleteReadError) as exc:
            raise BotFailure("the bot's worker process died", repr(exc)) from None
        finally:
            self.in_flight -= 1
            self._busy.discard(worker)
            if ok:
                self._free(worker)
            else:
                self._kill(worker)
                self._free(None)
        if reply[0] != "ok":
            raise BotFailure("the bot raised an error", str(reply[1]))
        return tuple(reply)

    async def _acquire(self) -> Worker:
        if self.closed:
            raise BotFailure("the server is stopping")
        if self._idle:
            worker = self._idle.pop()
            self._retire.pop(worker).cancel()
            return worker
        if self._slots < self.max_workers:
            self._slots += 1
            return await self._start()
        waiter: asyncio.Future[Worker | None] = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        try:
            got = await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._free(waiter.result())  # handed over just as we gave up: pass it on
            raise
        return got if got is not None else await self._start()

    def _free(self, worker: Worker | None) -> None:
        """Give a worker (or, for ``None``, the slot of one that is gone) to the longest waiter."""
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(worker)
                return
        if worker is None:
            self._slots -= 1
        elif self.closed:
            self._kill(worker)
        else:
            self._idle.append(worker)
            self._retire[worker] = asyncio.get_running_loop().call_later(self.idle_seconds, self._retire_idle, worker)

    def _retire_idle(self, worker: Worker) -> None:
        if worker in self._idle:
            self._idle.remove(worker)
            del self._retire[worker]
            self._kill(worker)
            self._slots -= 1

    async def _start(self) -> Worker:
        """A new worker, once it has loaded the games (the slot is already counted)."""
        worker: Worker | None = None
        try:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                _BOOT,
                json.dumps(sys.path),
                str(os.getpid()),
                "1" if self.warm else "0",
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
            )
            worker = Worker(proc)
            self._busy.add(worker)
            async with asyncio.timeout(START_TIMEOUT):
                ready = await worker.receive()
            if ready[0] != "ready":
                raise BotFailure("a bot worker process did not start", repr(ready)[:200])
        except BaseException as exc:
            if worker is not None:
                self._busy.discard(worker)
                self._kill(worker)
            self._free(None)
            if isinstance(exc, (OSError, EOFError, TimeoutError, asyncio.IncompleteReadError)):
                raise BotFailure("a bot worker process did not start", repr(exc)) from None
            raise
        self._busy.discard(worker)
        log.info("bot worker %s started (%s of at most %s)", worker.pid, self._slots, self.max_workers)
        return worker

    def _kill(self, worker: Worker) -> None:
        worker.kill()
        reap = asyncio.get_running_loop().create_task(worker.proc.wait())
        self._dying.add(reap)
        reap.add_done_callback(self._dying.discard)

    async def close(self, grace: float = 0.5) -> None:
        """Stop every worker without waiting for any search: terminate, then kill after ``grace``."""
        self.closed = True
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_exception(BotFailure("the server is stopping"))
        workers = [*self._idle, *self._busy]
        self._idle.clear()
        for handle in self._retire.values():
            handle.cancel()
        self._retire.clear()
        for w in workers:
            if w.proc.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    w.proc.terminate()
        for w in workers:
            try:
                await asyncio.wait_for(w.proc.wait(), grace)
            except TimeoutError:
                w.kill()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(w.proc.wait(), grace)
        if self._dying:
            await asyncio.wait(list(self._dying), timeout=grace)
        await asyncio.sleep(0)  # let the pipes of the exited workers report their closing
