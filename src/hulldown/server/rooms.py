"""Rooms: the live games of the server, their seats, bots, clocks and listeners.

Every change to a game happens under its room's lock, is written to the
database before anyone is told, and bumps the room's ``version``: a client
that acts on an older version gets 409 instead of acting on a board it has
not seen. Bots move in ``hulldown.server.bots``: cheap ones on the event
loop, searching ones in worker processes under a deadline
(``hulldown.server.workers``).

Undo (docs/web.md, "Undo"): a seat may take back its own latest decision if
no other seat decided since and the game says the decision revealed nothing
(``GameState.last_decision_revealed``: no chance outcome, no private event, no
declared reveal). The game is then rebuilt from the stored moves without the
last one; repeated undo walks further back under the same rule.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from hulldown.agents.limits import web_spec
from hulldown.engine.errors import AgentSpecError, HulldownError, IllegalActionError, OptionError
from hulldown.engine.game import Game
from hulldown.engine.record import LogEntry
from hulldown.engine.registry import load
from hulldown.engine.state import Event, GameState, visible_to
from hulldown.server import bots
from hulldown.server.cardsets import CardSetError, CardSets, client_options, public_record, refuse_file_params
from hulldown.server.db import Checkpointer, GameRow, MoveRow, SeatRow, Store
from hulldown.server.hints import explained
from hulldown.server.room import HUMAN, ApiError, Move, Room, SeatInfo, _entry, _step, hash_token
from hulldown.server.workers import DEFAULT_WORKERS, Supervisor

log = logging.getLogger("hulldown.server")


def log_mark(state: GameState) -> Any:
    """Where the state's log ends now, for :func:`entries_since`."""
    return state.log_mark()


def entries_since(state: GameState, mark: Any) -> list[LogEntry]:
    """The log entries added since ``mark``, oldest first (only the new ones are walked)."""
    try:
        return state.log_entries_since(mark)
    except ValueError:
        raise HulldownError("the game's log does not continue from the mark") from None


def rebuild(
    game: Game, row: GameRow, moves: list[Move], card_sets: CardSets | None = None
) -> tuple[GameState, list[Event]]:
    """The game after ``moves``, with every stored chance outcome fed back (and its card set's files)."""
    options = (card_sets or CardSets()).live_options(game, row.options, row.config)
    script = [_entry(s) for s in row.setup_chance]
    for m in moves:
        script.extend(_entry(s) for s in m.chance)
    state = game.new(seed=row.seed, players=row.players, options=options, script=script)
    setup_events: list[Event] = []
    for m in moves:
        if state.current_player != m.seat:
            raise HulldownError(f"stored move {m.action!r} of seat {m.seat} is out of turn")
        m.events = state.apply(m.action)
    if state.pending_scripted():
        raise HulldownError("stored chance outcomes were never drawn")
    return state, setup_events


def _checked_seats(game: Game, seats: list[str], config: dict[str, Any]) -> tuple[list[str], dict[str, Any]]:
    """Each seat's kind and the takeover bot, as the web may ask for them (bounded bot specs, no files)."""
    kinds: list[str] = []
    for i, kind in enumerate(seats):
        if kind == HUMAN:
            kinds.append(HUMAN)
            continue
        if not kind.startswith("bot:"):
            raise ApiError(422, f"seats[{i}]: {kind!r:.60} is neither 'human' nor 'bot:<agent>'")
        try:
            refuse_file_params(kind[4:])
            kind = "bot:" + web_spec(kind[4:], game)
        except AgentSpecError as exc:
            raise ApiError(422, f"seats[{i}]: {exc}") from None
        kinds.append(kind)
    takeover = config.get("takeover", "bot:random")
    try:
        if not takeover.startswith("bot:"):
            raise AgentSpecError(f"{takeover!r:.60} is not 'bot:<agent>'")
        refuse_file_params(takeover[4:])
        config = {**config, "takeover": "bot:" + web_spec(takeover[4:], game)}
    except AgentSpecError as exc:
        raise ApiError(422, f"takeover: {exc}") from None
    return kinds, config


class Manager:
    """All rooms of one server process."""

    def __init__(
        self, store: Store, bot_delay: float = 0.6, bot_processes: int | None = None, card_sets: CardSets | None = None
    ) -> None:
        self.store = store
        self.card_sets = card_sets or CardSets()
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        #: the most worker processes searching at once (hulldown.server.workers)
        self.bot_processes = bot_processes if bot_processes is not None else DEFAULT_WORKERS
        self.supervisor = Supervisor(self.bot_processes)
        #: moves played for a failed bot, every game together, since the server started
        self.bot_fallbacks = 0
        self._load_lock = asyncio.Lock()
        self.clock: Callable[[], float] = time.time
        self.closed = False
        #: called once with each room whose game a decision has just ended (ratings)
        self.on_finish: list[Callable[[Room], None]] = []
        #: called after every change of a room (turn e-mails)
        self.on_change: list[Callable[[Room], None]] = []
        self.checkpointer = Checkpointer(store.engine)

    # -- lifecycle -----------------------------------------------------------
    async def start(self) -> None:
        """Resume every unfinished game: bots and clocks pick up where they were."""
        self.checkpointer.start()
        for gid in self.store.running_ids():
            try:
                room = await self.room(gid)
            except (HulldownError, ApiError) as exc:
                log.error("game %s cannot be resumed: %s", gid, exc)
                continue
            self._after_change(room)

    async def stop(self) -> None:
        """Stop without waiting for any search: bot tasks are cancelled and workers killed."""
        self.closed = True
        for room in self.rooms.values():
            for task in (room.bot_task, room.clock_task):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task
            for listener in room.listeners:
                listener.changed.set()
        await self.supervisor.close()
        self.checkpointer.stop()
        self.store.close()

    # -- creating ------------------------------------------------------------
    def create(
        self,
        game_id: str,
        options: dict[str, Any],
        seats: list[str],
        config: dict[str, Any],
        rematch_of: str | None = None,
        seed: int | None = None,
    ) -> tuple[Room, list[str]]:
        try:
            game = load(game_id)
        except HulldownError as exc:
            raise ApiError(422, str(exc)) from None
        try:
            players = game.validate_players(len(seats))
            opts = game.validate_options(options, remote=True)
            config, live = self.card_sets.prepare(game, opts, config)
        except OptionError as exc:
            raise ApiError(422, str(exc)) from None
        kinds, config = _checked_seats(game, seats, config)
        if seed is None:
            seed = secrets.randbelow(2**62)
        try:
            state = game.new(seed=seed, players=players, options=live)
        except (HulldownError, ValueError) as exc:
            raise ApiError(422, self.card_sets.redact(str(exc))) from None
        now = self.clock()
        gid = secrets.token_urlsafe(12)
        tokens = [secrets.token_urlsafe(24) for _ in kinds]
        row = GameRow(
            id=gid,
            game=game.id,
            players=players,
            seed=seed,
            options=opts,
            config=config,
            setup_chance=[_step(e) for e in state.log_entries()],
            version=1,
            steps=0,
            over=state.is_over,
            returns=state.returns() if state.is_over else None,
            rematch_of=rematch_of,
            rematch_id=None,
            created_at=now,
            updated_at=now,
        )
        seat_rows = [
            SeatRow(i, k, k, hash_token(t), k != HUMAN, None)
            for i, (k, t) in enumerate(zip(kinds, tokens, strict=True))
        ]
        self.store.insert_game(row, seat_rows)
        room = Room(
            id=gid,
            game=game,
            state=state,
            row=row,
            seats=[SeatInfo(s.seat, s.kind, s.controller, s.token_hash, s.joined, None) for s in seat_rows],
            moves=[],
        )
        self.rooms[gid] = room
        self._after_change(room)
        return room, tokens

    async def room(self, game_id: str) -> Room:
        room = self.rooms.get(game_id)
        if room is not None:
            room.touched = time.monotonic()
            return room
        async with self._load_lock:
            room = self.rooms.get(game_id)
            if room is not None:
                return room
            if len(game_id) > 32:
                raise ApiError(404, "no such game")
            loaded = self.store.load_game(game_id)
            if loaded is None:
                raise ApiError(404, "no such game")
            row, seat_rows, move_rows = loaded
            try:
                game = load(row.game)
            except HulldownError:
                raise ApiError(404, f"game {row.game!r} is not installed on this server") from None
            moves = [Move(m.seat, m.action, m.chance, [], m.explanation) for m in move_rows]
            try:
                state, setup_events = rebuild(game, row, moves, self.card_sets)
            except CardSetError as exc:
                log.error("game %s cannot be loaded: %s", game_id, exc)
                raise ApiError(409, f"this game cannot be loaded: {exc}") from None
            room = Room(
                id=row.id,
                game=game,
                state=state,
                row=row,
                seats=[
                    SeatInfo(s.seat, s.kind, s.controller, s.token_hash, s.joined, s.rematch_token) for s in seat_rows
                ],
                moves=moves,
                setup_events=setup_events,
            )
            self.rooms[game_id] = room
            return room

    # -- views ---------------------------------------------------------------
    def can_undo(self, room: Room, seat: int | None) -> bool:
        if seat is None or room.state.is_over or not room.moves or not room.row.config.get("undo", True):
            return False
        if room.seats[seat].controller != HUMAN:
            return False
        last = room.moves[-1]
        # what the game declares, never the events' names: those are not kept across a restart
        return last.seat == seat and not last.chance and not room.state.last_decision_revealed

    def view(
        self, room: Room, seat: int | None, log_from: int | None = None, log_epoch: int | None = None
    ) -> dict[str, Any]:
        """The seat's view. Its log is whole, or only the entries from ``log_from`` on.

        A client that holds the first ``log_from`` entries of epoch ``log_epoch``
        gets just the newer ones (``log_from`` in the answer says where they
        start); when its copy cannot be continued (another epoch after an undo,
        or a count the log does not have) it gets the whole log, ``log_from`` 0.
        Late in a long game the log is most of a view's bytes.
        """
        state = room.state
        over = state.is_over
        current = state.current_player
        legal: list[dict[str, Any]] = []
        if seat is not None and current == seat:
            # the answer to a move, the pushes and the polls of one version share one list
            cached = room.legal_json
            if cached is None or cached[0] != room.version:
                cached = room.legal_json = (room.version, legal_json(room.game, state, seat))
            legal = cached[1]
        # the log grows by the new moves only (undo clears the cache)
        done, log_ = room.log_cache.get(seat) or (
            0,
            [{"step": 0, **e} for e in room.setup_events if visible_to(e, seat)],
        )
        for n in range(done, len(room.moves)):
            for e in room.moves[n].events:
                if visible_to(e, seat):
                    log_.append({"step": n + 1, **e})
        room.log_cache[seat] = (len(room.moves), log_)
        start = 0
        if log_from is not None and log_epoch == room.log_epoch and 0 <= log_from <= len(log_):
            start = log_from
        me = room.seats[seat] if seat is not None else None
        clock = None
        if room.deadline is not None and current is not None:
            clock = {"seat": current, "remaining": max(0.0, room.deadline - self.clock())}
        return {
            "version": room.version,
            "observation": state.observation(seat),
            "legal_actions": legal,
            "over": over,
            "id": room.id,
            "game": room.game.id,
            "name": room.game.info.name,
            "card_set": room.row.config.get("card_set"),
            "players": state.players,
            "seat": seat,
            "current_player": current,
            "steps": state.steps,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "controller": s.controller,
                    "joined": s.joined,
                    "online": s.connections > 0,
                }
                for s in room.seats
            ],
            "returns": state.returns() if over else None,
            "log": log_[start:],
            "log_from": start,
            "log_epoch": room.log_epoch,
            "can_undo": self.can_undo(room, seat),
            "hints": bool(room.row.config.get("hints")),
            "explained": explained(room, seat),
            "bot_fallbacks": [
                {"seat": s.seat, "count": s.fallbacks, "reason": s.fallback_reason} for s in room.seats if s.fallbacks
            ],
            "clock": clock,
            "rematch": (
                {"id": room.row.rematch_id, "token": me.rematch_token}
                if me is not None and me.rematch_token
                else ({"id": room.row.rematch_id} if room.row.rematch_id else None)
            ),
        }

    def join(self, room: Room, seat: int | None) -> None:
        if seat is None:
            return
        s = room.seats[seat]
        if not s.joined:
            self.store.update_seat(room.id, seat, joined=True)
            s.joined = True
            self._notify(room)

    # -- changing the game ---------------------------------------------------
    def _bump(self, room: Room) -> int:
        room.row.version += 1
        room.row.updated_at = self.clock()
        return room.row.version

    def _apply(self, room: Room, seat: int, action_id: str, why: dict[str, Any] | None = None) -> None:
        """Apply, persist, announce; on any failure the room is exactly as before.

        ``why``: a bot's explanation of the move, stored with it."""
        state = room.state
        if state.current_player != seat:
            raise ApiError(422, f"seat {seat} has no decision now")
        backup = state.clone()
        before = state.steps
        mark = log_mark(state)
        try:
            events = state.apply(action_id)
        except IllegalActionError as exc:
            raise ApiError(422, str(exc)) from None
        try:
            entries = entries_since(state, mark)
            chance = [_step(e) for e in entries if e[0] != "action"]
            move = Move(seat, entries[0][2], chance, events, why)
            version = room.row.version + 1
            now = self.clock()
            over = state.is_over
            returns = state.returns() if over else None
            self.store.add_move(room.id, MoveRow(before, seat, move.action, chance, why), version, over, returns, now)
        except BaseException:
            room.state = backup
            raise
        room.moves.append(move)
        room.row.version = version
        room.row.updated_at = now
        room.row.steps = state.steps
        room.row.over = over
        room.row.returns = returns
        self._after_change(room)
        if over:
            for hook in self.on_finish:
                try:
                    hook(room)
                except Exception:  # the move stands whatever a follower of finished games does
                    log.exception("after game %s ended", room.id)

    async def act(self, room: Room, seat: int | None, action: str, version: int) -> None:
        if seat is None:
            raise ApiError(403, "a seat token is needed to act")
        async with room.lock:
            if version != room.version:
                raise ApiError(409, f"stale version {version}; the game is at version {room.version}")
            if room.seats[seat].controller != HUMAN:
                raise ApiError(409, "a bot plays this seat now; take it back first")
            self._apply(room, seat, action)

    async def undo(self, room: Room, seat: int | None, version: int) -> None:
        if seat is None:
            raise ApiError(403, "a seat token is needed to undo")
        async with room.lock:
            if version != room.version:
                raise ApiError(409, f"stale version {version}; the game is at version {room.version}")
            if not self.can_undo(room, seat):
                raise ApiError(409, "nothing to undo: only your own latest decision, before any chance or reveal")
            moves = room.moves[:-1]
            state, setup_events = rebuild(room.game, room.row, moves, self.card_sets)
            version = self._bump(room)
            self.store.remove_last_move(room.id, len(moves), version, room.row.updated_at)
            room.moves = moves
            room.state = state
            room.setup_events = setup_events
            room.log_cache.clear()
            room.log_epoch = (room.log_epoch + 1) % 2**30
            room.row.steps = state.steps
            self._after_change(room)

    async def set_controller(self, room: Room, seat: int | None, by_bot: bool) -> None:
        """A seat leaves (a bot takes it over) or comes back."""
        if seat is None:
            raise ApiError(403, "a seat token is needed")
        async with room.lock:
            self._set_controller(room, seat, by_bot)

    def _set_controller(self, room: Room, seat: int, by_bot: bool) -> None:
        s = room.seats[seat]
        if s.kind != HUMAN:
            raise ApiError(409, "this seat is a bot's seat")
        controller = str(room.row.config.get("takeover", "bot:random")) if by_bot else HUMAN
        if s.controller == controller:
            return
        version = self._bump(room)
        self.store.update_seat(room.id, seat, version=version, controller=controller)
        s.controller = controller
        s.agent = None
        self._after_change(room)

    async def rematch(self, room: Room, seat: int | None) -> tuple[str, str | None]:
        if seat is None:
            raise ApiError(403, "a seat token is needed to ask for a rematch")
        async with room.lock:
            if not room.row.over:
                raise ApiError(409, "the game is not over yet")
            if room.row.rematch_id is None:
                new, tokens = self.create(
                    room.game.id,
                    client_options(room.game, room.row.options),
                    [s.kind for s in room.seats],
                    room.row.config,
                    rematch_of=room.id,
                )
                mine = {s.seat: tokens[s.seat] for s in room.seats if s.kind == HUMAN}
                self.store.set_rematch(room.id, new.id, mine)
                room.row.rematch_id = new.id
                for s in room.seats:
                    s.rematch_token = mine.get(s.seat)
                self._bump(room)
                self._notify(room)
            return room.row.rematch_id, room.seats[seat].rematch_token

    # -- record and replay ---------------------------------------------------
    def record(self, room: Room) -> dict[str, Any]:
        """The record as published: a card set's files by set name, never by the server's paths."""
        return public_record(self.full_record(room), room.game, room.row.config)

    def full_record(self, room: Room) -> dict[str, Any]:
        """The record as this server replays it (its options name the card set's files)."""
        if not room.state.is_over:
            raise ApiError(409, "the record is published once the game is over")
        if room.record_cache is None:
            room.record_cache = room.state.record().to_dict()
        return room.record_cache

    # -- notification, bots, clocks --------------------------------------------
    def _notify(self, room: Room) -> None:
        for listener in room.listeners:
            listener.changed.set()

    def announce(self, room: Room) -> None:
        """Runs the ``on_change`` hooks (also after a change of who holds a seat)."""
        for hook in self.on_change:
            try:
                hook(room)
            except Exception:  # the change stands whatever a follower does
                log.exception("after a change of game %s", room.id)

    def _after_change(self, room: Room) -> None:
        self._notify(room)
        if self.closed:
            return
        self.announce(room)
        current = room.state.current_player
        config = room.row.config
        # the clock
        if room.clock_task is not None and room.clock_task is not asyncio.current_task():
            room.clock_task.cancel()
        room.clock_task = None
        room.deadline = None
        clock = config.get("clock")
        if clock and current is not None and room.seats[current].controller == HUMAN:
            room.deadline = self.clock() + float(clock)
            room.clock_task = asyncio.get_running_loop().create_task(self._clock(room, room.version, float(clock)))
        # the bots
        bot_to_move = current is not None and room.seats[current].bot_spec is not None
        if bot_to_move and (room.bot_task is None or room.bot_task.done()):
            room.bot_task = asyncio.get_running_loop().create_task(bots.play(self, room))

    async def _clock(self, room: Room, version: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with room.lock:
            current = room.state.current_player
            if room.version != version or current is None:
                return
            log.info("game %s: seat %s ran out of time; a bot takes over", room.id, current)
            room.clock_task = None
            self._set_controller(room, current, True)

    async def wait_idle(self, room: Room, timeout: float = 10.0) -> None:
        """Until no bot of this room has a move to make (tests, benchmarks)."""
        end = time.monotonic() + timeout
        while room.bot_task is not None and not room.bot_task.done():
            if time.monotonic() > end:
                raise TimeoutError("bots still playing")
            await asyncio.sleep(0.005)


def legal_json(game: Game, state: GameState, seat: int) -> list[dict[str, Any]]:
    """The legal actions of the seat to move, each attack's odds in its payload (engine/odds.py).

    Only the seat to move gets legal actions, so the odds, computed from what it may
    know, reach nobody else; they are built once per version with the list.
    """
    out = [a.to_json() for a in state.legal_actions()]
    if game.odds is None:
        return out
    table = game.odds(state, seat)
    for a in out:
        o = table.get(a["id"])
        if o is not None:
            a["payload"] = {**a["payload"], "odds": o}
    return out
