"""Can a value model choose moves? A bot that plays the action whose outcome the model rates best.

Run: ``PYTHONPATH=src:. python benchmarks/value_greedy.py GAME [strength.py's options]
--ismcts value-greedy[:worlds=8][,value=learned|hand]``.

A search scores its cut playouts with a position evaluation (the game's hand-written one or its
learned model, ``hulldown.agents.value``). A model that predicts who wins better than the
hand-written evaluation can still be of little use in choosing a move, if the positions one
move apart differ in ways it was never fitted to tell apart. This yardstick asks the model
alone: for each legal action it applies the action in ``worlds`` determinizations drawn from
the seat's information set (so it knows no more than the seat), scores each result for the
seat (a finished game by its outcome, a shared first place by its share) and plays the action
with the best total. It never searches further. The games, seats, logs and report are
``benchmarks/strength.py``'s, which this script runs with the bot registered as
``value-greedy``. A yardstick, not a bot the server offers.
"""

from __future__ import annotations

from hulldown.agents.evaluators import Evaluator, evaluator_for
from hulldown.agents.registry import register_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.game import Game
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action, GameState
from hulldown.sim.stats import first_share


class ValueGreedy:
    """One step of lookahead, scored by a position evaluation."""

    name = "value-greedy"

    def __init__(self, evaluate: Evaluator, seat: int, seed: int, worlds: int) -> None:
        if worlds < 1:
            raise ValueError("worlds must be at least 1")
        self.evaluate = evaluate
        self.seat, self.worlds = seat, worlds
        self._rng = SplitMix64(seed)

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        pool = [view.resample(self._rng) for _ in range(self.worlds)]
        totals = [sum(self._after(world, action) for world in pool) for action in legal]
        return legal[totals.index(max(totals))]

    def _after(self, world: GameState, action: Action) -> float:
        state = world.clone()
        state.apply(next(a for a in state.legal_actions() if a.id == action.id))
        if not state.is_over:
            return self.evaluate(state)[self.seat]
        return first_share(state.returns(), self.seat)


def make_value_greedy(game: Game, seat: int, seed: int, worlds: str = "8", value: str = "learned") -> ValueGreedy:
    evaluate = evaluator_for(game, value)
    if evaluate is None:
        raise ValueError(f"{game.id} has no position evaluation")
    return ValueGreedy(evaluate, seat, seed, int(worlds))


if __name__ == "__main__":
    import strength

    register_agent("value-greedy", make_value_greedy, "one step of lookahead scored by a value model (a yardstick)")
    strength.main()
