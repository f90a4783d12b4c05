"""Strength of the 2GM Pacific rulebook AI (solo mode) against a bot, the random one by default.

Run: ``PYTHONPATH=src:. python benchmarks/pacific_ai_strength.py [--games N] [--first S]
[--table variable|offensive|defensive] [--opponent SPEC] [--option KEY=VALUE ...] [--log FILE]``.

Game ``i`` is ``players=1`` with seed ``first + i``; the opponent (``--opponent``, an agent spec
such as ``ismcts:level=normal``; default ``random``) plays seat 0 (side 0) with agent seed
``first + i`` and the rulebook AI plays side 1 inside the rules. The report gives the
AI's wins, draws (time limit with equal HQ wounds) and losses, the win rate with a 95% Wilson
interval, how the games ended, how often each behaviour was chosen, and the time taken.
``--option`` sets a game option, e.g. ``--option scenario=island-landing --option ai_side=attacker``
(the AI on a scenario's side of choice, rules §14.1) or ``--option armies=japan-us`` (the AI's army
in a pitched battle); values are converted by the option's type.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import time

from hulldown.agents.registry import make_agent
from hulldown.engine import registry
from hulldown.engine.agent import SeatView
from hulldown.games.pacific import solo
from hulldown.sim.stats import fmt_rate


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--table", default="")
    p.add_argument("--opponent", default="random", help="the agent spec that plays against the AI")
    p.add_argument("--log", default="")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    a = p.parse_args()
    game = registry.load("2gm-pacific")
    options = dict(o.split("=", 1) for o in a.option)
    game.validate_options(options)
    w = d = lo = 0
    ends: collections.Counter[str] = collections.Counter()
    bands: collections.Counter[str] = collections.Counter()
    rounds = 0
    moves: list[float] = []  # the opponent's seconds per decision
    t0 = time.perf_counter()
    log = open(a.log, "w") if a.log else None  # noqa: SIM115
    procedure = solo.RulebookProcedure(table=a.table)  # "": the scenario's table, else Variable
    for i in range(a.games):
        seed = a.first + i
        with solo.installed(procedure):
            st = game.new(seed=seed, players=1, options=options)
            bot = make_agent(a.opponent, game, 0, seed)
            while not st.is_over:
                t = time.perf_counter()
                choice = bot.act(SeatView(st, 0))
                moves.append(time.perf_counter() - t)
                for ev in st.apply(choice):
                    text = str(ev.get("decision", "")) if ev.get("type") == "ai" else ""
                    if text.startswith("12.2 Behaviour:"):
                        bands[text.split(": ", 1)[1].split(" (", 1)[0]] += 1
        winner = st.winner  # type: ignore[attr-defined]
        rounds += st.round  # type: ignore[attr-defined]
        hq = st.hq_wounds  # type: ignore[attr-defined]
        limit = st.max_rounds  # type: ignore[attr-defined]
        end = "time" if st.round > limit else ("hq" if max(hq) >= 12 else "other")  # type: ignore[attr-defined]
        ends[end] += 1
        if winner == 1:
            w += 1
        elif winner == 0:
            lo += 1
        else:
            d += 1
        if log is not None:
            log.write(json.dumps({"seed": seed, "winner": winner, "end": end, "hq": hq, "round": st.round}) + "\n")  # type: ignore[attr-defined]
            log.flush()
    dt = time.perf_counter() - t0
    n = a.games
    where = " ".join(a.option) or "pitched battle"
    print(f"2gm-pacific solo AI vs {a.opponent} ({where}), seeds {a.first}-{a.first + n - 1}: W {w} / D {d} / L {lo}")
    print(f"  win rate {fmt_rate(w, n)} (95% Wilson)")
    print(f"  ends: {dict(ends)}; mean rounds {rounds / n:.1f}; time {dt:.1f}s ({dt / n:.2f}s/game)")
    if len(moves) >= 20:
        cuts = statistics.quantiles(moves, n=20)
        print(f"  {a.opponent}: {len(moves)} decisions, median {cuts[9]:.3f}s, slowest 5% from {cuts[18]:.3f}s")
    tot = sum(bands.values()) or 1
    print("  behaviour: " + ", ".join(f"{k} {100 * v / tot:.0f}%" for k, v in bands.most_common()))


if __name__ == "__main__":
    main()
