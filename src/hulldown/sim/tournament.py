"""Round robin between agents, both seat orders, with ratings and their intervals.

Ratings use OpenSkill's Plackett-Luce model (a Bayesian rating with an
explicit uncertainty ``sigma``), updated game by game in a fixed order, so the
same seed gives the same table whatever the backend. Each agent's interval is
``mu +- 1.96 sigma``. Pairwise score rates (a draw counts one half) come with
Wilson intervals.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hulldown.agents.registry import validate_spec
from hulldown.engine.game import Game
from hulldown.engine.rng import derive_seed
from hulldown.sim.backends import run_jobs
from hulldown.sim.runner import GameResult, Job, game_locator, resolve_game
from hulldown.sim.simulate import progress_bar
from hulldown.sim.stats import Z95, rate


@dataclass(slots=True)
class TournamentResult:
    game: str
    agents: list[str]
    players: int
    #: (agent a, agent b, a's seat, results) for every seat order of every pair.
    matches: list[tuple[int, int, list[GameResult]]]
    seconds: float
    interrupted: bool

    def table(self) -> dict[str, Any]:
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        ratings = [model.rating(name=a) for a in self.agents]
        score = [[0.0] * len(self.agents) for _ in self.agents]
        played = [[0] * len(self.agents) for _ in self.agents]
        for a, b, results in self.matches:
            for r in results:
                seats_a = [s for s in range(r.players) if r.tags["seat_agent"][s] == a]
                seats_b = [s for s in range(r.players) if r.tags["seat_agent"][s] == b]
                ra = max(r.returns[s] for s in seats_a)
                rb = max(r.returns[s] for s in seats_b)
                pts = 1.0 if ra > rb else 0.0 if ra < rb else 0.5
                score[a][b] += pts
                score[b][a] += 1.0 - pts
                played[a][b] += 1
                played[b][a] += 1
                ranks = [1.0, 2.0] if pts == 1.0 else [2.0, 1.0] if pts == 0.0 else [1.0, 1.0]
                [[na], [nb]] = model.rate([[ratings[a]], [ratings[b]]], ranks=ranks)
                ratings[a], ratings[b] = na, nb
        rows: list[dict[str, Any]] = []
        for i, name in enumerate(self.agents):
            total = sum(score[i])
            games = sum(played[i])
            rt = ratings[i]
            rows.append(
                {
                    "agent": name,
                    "mu": rt.mu,
                    "sigma": rt.sigma,
                    "low": rt.mu - Z95 * rt.sigma,
                    "high": rt.mu + Z95 * rt.sigma,
                    "games": games,
                    "score": rate(total, games),
                }
            )
        order = sorted(range(len(rows)), key=lambda i: -float(rows[i]["mu"]))
        pairs = {
            f"{self.agents[i]} v {self.agents[j]}": rate(score[i][j], played[i][j])
            for i, j in itertools.permutations(range(len(self.agents)), 2)
            if played[i][j]
        }
        return {
            "game": self.game,
            "agents": self.agents,
            "ratings": [rows[i] for i in order],
            "pairs": pairs,
            "seconds": self.seconds,
            "interrupted": self.interrupted,
        }


def tournament(
    game: Game | str,
    agents: Sequence[str],
    games_per_pair: int,
    seed: int = 0,
    *,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
) -> TournamentResult:
    """Every pair plays ``games_per_pair`` games, half with each agent in the first seat.

    In games of more than two seats the pair alternates around the table
    (a, b, a, b, ...), and the other order (b, a, b, a, ...) for the other half.
    """
    g = resolve_game(game)
    specs = [a.strip() for a in agents if a.strip()]
    if len(specs) < 2:
        raise ValueError("a tournament needs at least two agents")
    if len(set(specs)) != len(specs):
        raise ValueError("each agent may enter the tournament once")
    if games_per_pair < 2:
        raise ValueError("games-per-pair must be at least 2 (one in each seat order)")
    n = g.validate_players(players)
    opts = g.validate_options(options)
    for spec in specs:
        validate_spec(spec, g)
    locator = game_locator(g)
    jobs: list[tuple[Job, int]] = []
    meta: list[tuple[int, int]] = []
    for a, b in itertools.combinations(range(len(specs)), 2):
        for order, (first, second) in enumerate(((a, b), (b, a))):
            seat_agent = [first if s % 2 == 0 else second for s in range(n)]
            count = games_per_pair // 2 + (games_per_pair % 2 if order == 0 else 0)
            job = Job(
                locator,
                tuple(specs[i] for i in seat_agent),
                derive_seed(seed, "pair", a, b, order),
                n,
                tuple(sorted(opts.items())),
                tags=(("seat_agent", tuple(seat_agent)),),
            )
            jobs.append((job, count))
            meta.append((a, b))
    total = sum(c for _, c in jobs)
    with progress_bar(total, f"{g.id}: tournament of {len(specs)}", progress) as tick:
        outcome = run_jobs(jobs, backend=backend, workers=workers, address=address, progress=tick)
    matches = [(a, b, rs) for (a, b), rs in zip(meta, outcome.results, strict=True)]
    return TournamentResult(g.id, specs, n, matches, outcome.seconds, outcome.interrupted)
