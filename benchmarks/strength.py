"""Playing strength: ISMCTS against the random bot and against the game's heuristic.

Run: ``PYTHONPATH=src:. python benchmarks/strength.py [GAME ...] [--games N] [--ismcts SPEC]
[--opponents random,heuristic] [--players P] [--log FILE] [--first I] [--sees-all | --sees-hands]``.

Each pairing plays ``N`` games, one ISMCTS seat against opponents in every
other seat; ISMCTS's seat rotates game by game (seat ``i % P``), so every seat
order is played equally often. The report gives ISMCTS's win rate (a shared
first place counts as half a win) with a 95% Wilson interval and whether the
interval lies above an even share (50% at two players, 25% at four), its score in each seat,
and the CPU time of ISMCTS's decisions (mean, 95th
percentile, maximum). Games run one at a time in this process, so the
figures say nothing about parallel speed; ``--log`` writes one line per game
(progress for long runs, and the games already played survive an interrupt);
``--first I`` plays games ``I`` to ``I + N - 1`` of the seed's sequence, so a stopped run
resumes where it stopped and one run can be split over processes.
``benchmarks/strength_logs.py`` reads logs back, and compares two runs of the same
seed game by game. A log line also holds the game's wall seconds, the CPU seconds of each of the
search's decisions (``cpu``), so a stopped run still has its decision times, and, at more than two
players, ``ahead``: the share of the opponents the search finished ahead of (a tie counts half).
The report gives the same measure over the run (``ahead``, with its interval): at more than two
players first places are worth ``1 / players`` to an equal, finishing ahead of one opponent a half.

``--sees-all`` is a yardstick, never a bot: the searching seat's worlds are
copies of the true state (every hand and the order of every deck; the dice
and any later reshuffle still unknown), so the run measures what a search of that budget could do if
nothing were hidden from it, an upper reference for a fair search's strength.
``--sees-hands`` is a narrower yardstick: every world holds the opponents' true hands, and the
decks (and anything else hidden, such as a Tank Clash mission) are drawn afresh as a fair
world's are. Set beside ``--sees-all``, it tells whether the hands or the order of the decks is
what a fair search misses (every game here keeps its hands as card zones).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import IO, Any

from _common import games_from

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.game import Game
from hulldown.engine.rng import derive_seed
from hulldown.engine.state import GameState
from hulldown.sim.stats import ahead, first_share, rate


class _SeesAll(SeatView):
    """A seat's view whose every determinization is the true state: the ``--sees-all`` yardstick."""

    __slots__ = ()

    def resample(self, rng: object) -> GameState:
        return self._state.clone()


def _hand_zone(zones: dict[str, list[Any]] | Any, seat: int) -> list[Any]:
    for name in (f"hand{seat}", f"hand {seat}"):
        if name in zones:
            hand: list[Any] = zones[name]
            return hand
    raise SystemExit(f"error: --sees-hands needs a game whose hands are card zones (no hand of seat {seat})")


class _SeesHands(SeatView):
    """A seat's view whose worlds hold every opponent's true hand, the decks drawn afresh: ``--sees-hands``.

    A fair world is drawn first; each true card an opponent holds that the world put elsewhere
    changes place with one of the world's guesses for that hand. The guess lands where the true
    card had been drawn to, a place as random as any, so the decks stay a fair draw of what is left.
    """

    __slots__ = ()

    def resample(self, rng: Any) -> GameState:
        world = self._state.resample(self.seat, rng)
        truth = self._state._card_zones()
        zones = world._card_zones()  # the world's own lists: changed in place
        for opp in range(world.players):
            if opp == self.seat:
                continue
            want, hand = list(_hand_zone(truth, opp)), _hand_zone(zones, opp)
            guesses = [c for c in hand if c not in want]
            for card in (c for c in want if c not in hand):
                guess = guesses.pop()
                for cards in zones.values():
                    if isinstance(cards, list) and card in cards and cards is not hand:
                        cards[cards.index(card)] = guess
                        break
                hand[hand.index(guess)] = card
            hand[:] = want  # the same cards, in the true order
        return world


def play(
    game: Game,
    ismcts: str,
    opponent: str,
    n: int,
    players: int,
    seed: int,
    log: IO[str] | None,
    first: int = 0,
    sees_all: bool = False,
    sees_hands: bool = False,
) -> dict[str, object]:
    score = 0.0
    by_seat = [0.0] * players  # ISMCTS's score in each seat it played, and its games there
    played = [0] * players
    pairwise = 0.0  # the other seats finished ahead of, summed (``ahead``)
    start = time.perf_counter()
    #: CPU seconds of each ISMCTS decision (CPU time: the machine may be shared).
    moves: list[float] = []
    for i in range(first, first + n):
        began, cpu = time.perf_counter(), len(moves)
        seat = i % players
        specs = [opponent] * players
        specs[seat] = ismcts
        state = game.new(seed=derive_seed(seed, "game", i), players=players)
        agents = [make_agent(spec, game, k, derive_seed(seed, "agents", i)) for k, spec in enumerate(specs)]
        while not state.is_over:
            p = state.current_player
            assert p is not None
            before = time.process_time()
            view_type = _SeesAll if sees_all else _SeesHands if sees_hands else SeatView
            action = agents[p].act(view_type(state, p) if p == seat else SeatView(state, p))
            if p == seat:
                moves.append(time.process_time() - before)
            state.apply(action)
            if state.steps > game.info.max_steps:
                # A game that never ends is a rules bug: say which one, do not hang.
                bound = game.info.max_steps
                raise RuntimeError(f"{game.id} game {i} (seed {seed}) exceeded its bound of {bound} steps")
        r = state.returns()
        share = first_share(r, seat)
        score += share
        by_seat[seat] += share
        played[seat] += 1
        beaten = ahead(r, seat)
        pairwise += beaten
        if log is not None:
            line = {"game": game.id, "opponent": opponent, "seed": seed, "players": players, "i": i, "seat": seat}
            extra: dict[str, object] = {"ahead": beaten} if players > 2 else {}
            extra["seconds"] = round(time.perf_counter() - began, 2)
            extra["cpu"] = [round(t, 4) for t in moves[cpu:]]
            log.write(json.dumps({**line, "score": share, **extra}) + "\n")
            log.flush()
    s = rate(score, n)
    return {
        "game": game.id,
        "players": players,
        "ismcts": ismcts,
        "sees_all": sees_all,
        "sees_hands": sees_hands,
        "opponent": opponent,
        "games": n,
        "win_rate": s,
        # An equal of the opponents takes 1/players of the first places: 50% only at two players.
        "even_share": round(1 / players, 4),
        "beats_opponent": s["low"] > 1 / players,
        # Pairwise: how often it finished ahead of one opponent; an equal takes a half at any count.
        "ahead": rate(pairwise, n),
        "by_seat": {str(k): [by_seat[k], played[k]] for k in range(players)},
        "seconds": round(time.perf_counter() - start, 1),
        "move_cpu_seconds": move_times(moves),
    }


def move_times(moves: list[float]) -> dict[str, float]:
    """Mean, 95th percentile and maximum CPU time of the ISMCTS seat's decisions (single-action ones included)."""
    if not moves:
        return {}
    ordered = sorted(moves)
    return {
        "mean": round(sum(ordered) / len(ordered), 4),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 4),
        "max": round(ordered[-1], 4),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("games", nargs="*")
    ap.add_argument("--games", dest="n", type=int, default=100)
    ap.add_argument("--ismcts", default="ismcts:level=normal")
    ap.add_argument("--opponents", default="random,heuristic")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--log", default=None)
    ap.add_argument("--first", type=int, default=0, help="index of the first game (resume a stopped run, or split one)")
    seen = ap.add_mutually_exclusive_group()
    seen.add_argument("--sees-all", action="store_true", help="the search's worlds are the true state (a yardstick)")
    seen.add_argument("--sees-hands", action="store_true", help="the search's worlds hold the true hands (a yardstick)")
    args = ap.parse_args()
    log = open(args.log, "a") if args.log else None  # noqa: SIM115 - kept open for the whole run
    try:
        for game in games_from(args.games):
            for opp in args.opponents.split(","):
                if opp == "heuristic" and game.heuristic is None:
                    continue
                result = play(
                    game, args.ismcts, opp, args.n, args.players, args.seed, log, args.first,
                    args.sees_all, args.sees_hands,
                )  # fmt: skip
                print(json.dumps(result), flush=True)
    finally:
        if log is not None:
            log.close()


if __name__ == "__main__":
    main()
