"""Log lines written by a thread of their own, so a slow terminal or disk never stalls the event loop.

uvicorn writes its access log from the event loop, a line per request. When the
output is a file on a busy disk, or a pipe that is drained slowly, one write can
block for tens of milliseconds, and every game of the server waits with it (a
soak of a hundred games found such writes behind a third of its event-loop
stalls). Here each configured logger's handlers move behind a queue: the loop
only enqueues the record, and one listener thread per logger formats and writes
the lines, in their order.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import signal
import threading
from collections.abc import Iterable, Iterator
from logging.handlers import QueueHandler, QueueListener
from types import FrameType
from typing import Any


class _AsIs(QueueHandler):
    """Hands the record over untouched: the real handlers format it with their own formatters.

    The standard ``QueueHandler`` formats the message early and drops its
    arguments (so that a record can cross to another process); uvicorn's access
    formatter needs those arguments, and this queue never leaves the process.
    """

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        return record


@contextlib.contextmanager
def logs_off_the_loop(names: Iterable[str]) -> Iterator[None]:
    """While inside, the handlers of the loggers ``names`` write from a thread; on leaving, all is written.

    uvicorn ends a server stopped by SIGTERM or SIGINT by raising the signal again
    once it has shut down; the queued lines are written before that signal's own
    handler runs, so the last lines of a stopping server are not lost.
    """
    listeners: list[QueueListener] = []
    moved: list[tuple[logging.Logger, list[logging.Handler]]] = []
    for name in names:
        logger = logging.getLogger(name)
        if not logger.handlers or any(isinstance(h, QueueHandler) for h in logger.handlers):
            continue
        pending: queue.SimpleQueue[logging.LogRecord] = queue.SimpleQueue()
        listener = QueueListener(pending, *logger.handlers, respect_handler_level=True)
        moved.append((logger, list(logger.handlers)))
        logger.handlers = [_AsIs(pending)]
        listener.start()
        listeners.append(listener)

    def drain() -> None:
        while listeners:
            listeners.pop().stop()  # writes what is still queued, then ends the thread
        for logger, handlers in moved:
            logger.handlers = handlers

    previous: dict[int, Any] = {}

    def drain_then(signum: int, frame: FrameType | None) -> None:
        drain()
        signal.signal(signum, previous[signum])
        signal.raise_signal(signum)

    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGTERM, signal.SIGINT):
            previous[signum] = signal.signal(signum, drain_then)
    try:
        yield
    finally:
        drain()
        for number, handler in previous.items():
            signal.signal(number, handler)
