"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Cowling, Powley and Whitehouse (2012): one tree over the searching seat's
information set; every iteration draws a *determinization* with
``SeatView.resample`` (a full state the seat cannot tell apart from the real
one) and descends the tree restricted to the actions legal in that
determinization. The bot never sees the true state: it holds a ``SeatView``,
whose only way to a full state is ``resample``.

Two details make it sound with hidden information:

* An action may be legal in some determinizations and not in others (an
  opponent's card that may or may not be in their hand). UCB therefore uses
  the *availability* count of a child (how often it could have been chosen)
  in place of the parent's visit count, so rarely available actions are not
  starved nor over-explored.
* Rewards are vectors, one per seat, and each node is scored from the view
  of the seat that chose its action, so the same search plays any number of
  seats. Returns are rescaled per playout to ``[0, 1]`` (best seat 1, worst
  0, all equal 0.5), which makes the exploration constant independent of a
  game's scoring scale.

Budgets: ``iterations=N``, ``seconds=T`` or ``level=easy|normal|hard``. An
iteration budget with a fixed seed gives the same choices on every machine;
a time budget depends on the machine's speed.

Three options make the search stronger per second in long, noisy games:

* ``depth=N`` stops a playout after ``N`` steps and scores the position with
  the game's evaluation (``hulldown.agents.evaluators``), instead of playing
  hundreds of steps whose dice drown the effect of the choice searched.
  The ``N`` steps are every seat's, so a game may cut deeper where it has
  more seats (``depth_players``, a game's default at some player counts).
* ``rollout=heuristic`` plays the playout with the game's own bot, so the
  positions scored are ones a sensible player reaches. ``rollout=policy``
  plays it with the game's playout policy where the bot is too slow for
  playouts: a game may declare ``Game.rollout``, a factory
  ``(game, seed) -> (state -> action)`` that chooses for whichever seat is to
  act by reading the (determinized) state directly.
* ``worlds=D`` draws ``D`` determinizations per decision and cycles through
  them (each iteration clones one and gives the clone a fresh random stream),
  because drawing a determinization costs far more than cloning one. Dice and
  shuffles still differ on every iteration; only the guess at the hidden
  cards repeats.

Two more keep the root's comparison sharp at a few hundred iterations:

* ``tree=N`` limits the tree to ``N`` edges per iteration; past them the
  playout policy plays. A new node below the root is expanded with a random
  action, so in a deep tree most early visits follow random moves; with
  ``tree=1`` every visit of a root action is followed by sensible play.
* ``paired=1`` chooses the root action first and plays its k-th visit in
  world ``k mod D`` with the k-th dice stream, the same for every root action
  (common random numbers): two actions' means then differ mostly by what the
  actions do, not by the luck of their worlds and dice.

And ``bias=B`` (progressive bias at the root): the action the game's heuristic
would choose from the seat's own view gets ``B / visits`` added to its score,
so the search starts from the rule of thumb and leaves it only when the
playouts show a better action.

``confidence=Z`` makes "only when the playouts show it" a test: with paired
root visits, the search keeps the heuristic's choice unless another action
beats it on the same worlds and dice by more than ``Z`` standard errors of
the paired differences. Most decisions of a dice game differ by less than
the playouts can measure; the most visited action then is the luck of a few
playouts, and following it loses a little on average wherever the
evaluation is slightly off. The test lets the search depart from the rule
of thumb only where it has found something. A default in 2GM Pacific and in
two-player Tank Hunter only: in Tank Killers and Tank Clash it did not score
higher than the most visited action (docs/agents.md).

``hint=policy`` takes the rule of thumb from the game's playout policy
(applied to the first determinized world) instead of the heuristic bot: where
the policy plays better than the heuristic (2GM Pacific's values shots by
their expected effect), the search starts from the better player.

``root=halving`` spends the root's budget by sequential halving instead of
UCB: every action gets the same paired visits in rounds, and the worse half
is dropped after each. UCB keeps the playouts' rewards high; at the root only
the final choice counts, which is what halving's budget is spent on.

``top=K`` spends the root's budget on the rule of thumb's choice and the ``K`` actions the
game ranks best (``Game.rank``: its playout policy's scores, read in the first world). Where a
decision has dozens of moves, a few hundred iterations give each a handful of visits, too few
to tell them apart, and some of so many look better by luck; ``K`` candidates get many times
the visits each, and the paired test of ``confidence`` makes ``K`` comparisons, not dozens.

``value=learned`` scores cut playouts with the game's learned value model
(``hulldown.agents.value``: a logistic model, or one with a hidden layer, over
each seat's observation tensor, fitted to self-played outcomes) instead of its hand-written
evaluation (``value=hand``); a game without a shipped model refuses it.
"""

from __future__ import annotations

import math
import time
from typing import Any

from hulldown.agents.evaluators import Evaluator, evaluator_for, has_learned_model
from hulldown.engine.agent import SeatView
from hulldown.engine.game import Game
from hulldown.engine.rng import SplitMix64, derive_seed
from hulldown.engine.state import Action, GameState


class _Node:
    """One action edge of the tree: statistics for the seat that took it."""

    __slots__ = ("avail", "children", "order", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.children: dict[str, _Node] = {}
        #: The next decision's actions by the game's ranking, best first (``widen`` only).
        self.order: dict[str, int] | None = None


def _normalise(returns: list[float]) -> list[float]:
    lo = min(returns)
    hi = max(returns)
    if hi <= lo:
        return [0.5] * len(returns)
    span = hi - lo
    return [(r - lo) / span for r in returns]


def _first_try(untried: list[Action], hint: str | None, rng: SplitMix64) -> Action:
    """The action to expand: the heuristic's choice first (it is the likeliest best), else one at random."""
    if hint is not None:
        for a in untried:
            if a.id == hint:
                return a
    return untried[rng.below(len(untried))]


class ISMCTSAgent:
    """Single-observer ISMCTS with availability-aware UCB and random or heuristic rollouts."""

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int = 0,
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: str = "random",
        max_rollout_steps: int | None = None,
        depth: int | None = None,
        worlds: int = 0,
        bias: float = 0.0,
        tree: int | None = None,
        paired: bool = False,
        confidence: float = 0.0,
        confidence_players: frozenset[int] | None = None,
        depth_players: dict[int, int] | None = None,
        hint: str = "heuristic",
        value: str = "hand",
        halving: bool = False,
        settle: int = 0,
        top: int = 0,
        widen: float = 0.0,
    ) -> None:
        _check_parameters(
            game, iterations, seconds, exploration, rollout, depth, worlds, bias, tree, paired, confidence, hint
        )
        _check_value(game, value, depth)
        _check_root(game, paired, iterations, halving, top)
        _check_shape(game, tree, widen, settle)
        self.game = game
        self.seat = seat
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.max_rollout_steps = max_rollout_steps if max_rollout_steps is not None else game.info.max_steps
        self._rng = SplitMix64(seed)
        self._seed = seed
        self._rollout_agents: dict[int, Any] = {}
        #: The game's playout policy (``rollout=policy``): state -> action for the seat to act.
        self._policy: Any = (
            game.rollout(game, derive_seed(seed, "rollout")) if rollout == "policy" and game.rollout else None
        )
        self.worlds = worlds
        self.bias = bias
        self._hint_agent: Any = None
        #: Where the rule of thumb comes from: the heuristic bot on the seat's view, or
        #: the playout policy on the first determinized world.
        self.hint_from = hint
        self._hint_policy: Any = None
        #: Tree edges per iteration (None: grow without limit); past them the playout policy plays.
        self.tree = tree
        self.paired = paired
        #: Standard errors by which an action must beat the heuristic's choice (0: most visited wins),
        #: at the player counts in ``confidence_players`` (None: every count); ``_z``: this decision's.
        self.confidence = confidence
        self.confidence_players = confidence_players
        self._z = confidence
        #: Sequential halving at the root (``root=halving``) in place of UCB.
        self.halving = halving
        #: Steps a cut playout may play on to reach a quiet position (``settle=N``; 0: cut at ``depth``).
        self.settle = settle
        #: Root candidates: the rule of thumb's choice and the ``top`` the game ranks best (0: all).
        self.top = top
        #: Below the root, a node visited n times searches the 1 + widen * sqrt(n) actions the game ranks best.
        self.widen = widen
        #: Reward of each visit of each root action, in visit order (paired search only).
        self._samples: dict[str, list[float]] = {}
        self.value = value
        self._cut_playouts(depth, depth_players)
        #: Statistics of the last decision (benchmarks, the web app's "thinking" display): its
        #: iterations, seconds, visits, each root action's mean reward for this seat (in [0, 1]),
        #: and the rule of thumb's choice (None: no bias, or a forced move).
        self.last_iterations, self.last_seconds = 0, 0.0
        self.last_visits: dict[str, int] = {}
        self.last_values: dict[str, float] = {}
        self.last_hint: str | None = None

    def _cut_playouts(self, depth: int | None, depth_players: dict[int, int] | None) -> None:
        """Playouts stop after ``depth`` steps and are scored by the evaluation (without one, as a draw).

        ``depth_players`` gives other depths at some player counts (a game's default): a playout cut
        after ``depth`` steps of every seat holds fewer of the searching seat's own the more seats
        there are. Only a search that cuts its playouts uses them.
        """
        self.evaluate: Evaluator | None = evaluator_for(self.game, self.value) if depth is not None else None
        if depth is not None:
            self.max_rollout_steps = depth
        self.depth = depth
        self.depth_players = dict(depth_players or {}) if depth is not None else {}
        if any(d < 1 for d in self.depth_players.values()):
            raise ValueError("a cut depth must be at least 1")

    # -- the search --------------------------------------------------------
    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if not legal:
            raise ValueError("ismcts asked to act when its seat has no decision")
        if len(legal) == 1:
            self.last_iterations, self.last_seconds, self.last_visits = 0, 0.0, {legal[0].id: 0}
            self.last_values = {}
            self.last_hint = None
            return legal[0]
        root = _Node(-1)
        rng = self._rng
        start = time.perf_counter()
        counts = self.confidence_players
        self._z = self.confidence if counts is None or view.players in counts else 0.0
        if self.depth_players:
            self.max_rollout_steps = self.depth_players.get(view.players, self.depth or 0)
        hint: str | None = None
        deadline = start + self.seconds if self.seconds is not None else math.inf
        limit = self.iterations if self.iterations is not None else 1 << 62
        done = 0
        pool: list[GameState] = []
        if self.worlds:
            pool = [view.resample(rng) for _ in range(min(self.worlds, limit))]
        if self.bias > 0:
            hint = self._rule_of_thumb(view, pool, rng)
        self.last_hint = hint
        roots = self._candidates(legal, pool, hint) if self.top and pool else legal
        #: Paired root: the k-th visit of every root action plays world ``k % len(pool)``
        #: with dice stream ``seeds[k]``, so root actions are compared on common worlds and dice.
        seeds: list[int] = []
        self._samples = {}
        if self.halving:
            return self._halve(root, roots, pool, seeds, rng, hint, limit, deadline, start)
        while done < limit:
            if self.paired and pool:
                self._iterate_paired(root, roots, pool, seeds, rng, hint)
            else:
                if pool:
                    state = pool[done % len(pool)].clone()
                    # A fresh random stream: the world's hidden cards repeat, its dice do not.
                    state.reseed(rng.next64())
                else:
                    state = view.resample(rng)
                self._iterate(root, state, rng, hint)
            done += 1
            # An iteration costs far more than reading the clock: check every time,
            # so a time budget is kept even in slow games.
            if deadline != math.inf and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        self.last_visits = {aid: node.visits for aid, node in root.children.items()}
        self.last_values = {aid: node.reward / node.visits for aid, node in root.children.items() if node.visits}
        # Most visited of the actions actually legal now. Ties go to the heuristic's
        # choice, then to legal order: when the budget is too small to tell the
        # actions apart (fewer iterations than actions, say) the rule of thumb stands.
        best = legal[0]
        best_visits = -1
        if hint is not None:
            for action in legal:
                if action.id == hint:
                    node = root.children.get(hint)
                    best, best_visits = action, node.visits if node is not None else 0
        if self._z > 0 and hint is not None:
            return self._confident_choice(legal, hint)
        for action in legal:
            node = root.children.get(action.id)
            visits = node.visits if node is not None else 0
            if visits > best_visits:
                best, best_visits = action, visits
        return best

    def _rule_of_thumb(self, view: SeatView, pool: list[GameState], rng: SplitMix64) -> str:
        """The action the search starts from and keeps unless the playouts show better.

        ``hint=policy`` asks the game's playout policy, which reads a full
        state, in the first determinized world: a guess drawn from the seat's
        information set, so the hint knows nothing the seat does not. Its
        choice is the seat's own action, legal in every world the seat cannot
        tell apart, so it names a root action whatever the world.
        """
        if self.hint_from == "policy":
            if self._hint_policy is None:
                factory = self.game.rollout
                assert factory is not None  # checked when the agent was made
                self._hint_policy = factory(self.game, derive_seed(self._seed, "hint"))
            world = pool[0].clone() if pool else view.resample(rng)
            return str(self._hint_policy(world).id)
        if self._hint_agent is None:
            assert self.game.heuristic is not None
            self._hint_agent = self.game.heuristic(self.game, self.seat, derive_seed(self._seed, "hint"))
        return str(self._hint_agent.act(view).id)

    def _candidates(self, legal: list[Action], pool: list[GameState], hint: str | None) -> list[Action]:
        """The root actions worth the budget: the rule of thumb's choice and the ``top`` the game ranks best.

        With dozens of moves and a few hundred iterations, every action gets a handful of
        visits, too few to tell two apart, and among so many some look better by luck alone.
        The game's ranking (``Game.rank``, its playout policy's scores) is read in the first
        determinized world, a guess drawn from the seat's information; the actions it ranks
        are the seat's own, legal in every world the seat cannot tell apart.
        """
        assert self.game.rank is not None  # checked when the agent was made
        ranked = self.game.rank(pool[0].clone())
        keep = {a.id for a in ranked[: self.top]}
        if hint is not None:
            keep.add(hint)
        return [a for a in legal if a.id in keep]

    def _confident_choice(self, legal: list[Action], hint: str) -> Action:
        """The rule of thumb's choice, unless another action beats it on common worlds and dice beyond doubt.

        The k-th visits of two root actions share world and dice, so their
        differences are paired samples; an action replaces the heuristic's
        choice when the mean difference exceeds ``confidence`` standard errors
        (at least 4 pairs). Among such actions the one with the largest lower
        bound wins.
        """
        base = self._samples.get(hint, [])
        chosen = next((a for a in legal if a.id == hint), legal[0])
        best_low = 0.0
        for action in legal:
            other = self._samples.get(action.id, [])
            n = min(len(base), len(other))
            if action.id == hint or n < 4:
                continue
            diffs = [other[k] - base[k] for k in range(n)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            low = mean - self._z * math.sqrt(var / n)
            if low > best_low:
                best_low, chosen = low, action
        return chosen

    def _iterate_paired(
        self,
        root: _Node,
        legal: list[Action],
        pool: list[GameState],
        seeds: list[int],
        rng: SplitMix64,
        hint: str | None,
    ) -> None:
        """One iteration whose root action is chosen first, then played in the world its visit count names.

        Root actions are the seat's own and legal in every world it cannot tell
        apart, so the choice can precede the world. Giving the k-th visit of
        each action the same world and dice (common random numbers) makes the
        difference of two actions' means mostly the actions' doing, not luck.
        """
        children = root.children
        untried = [a for a in legal if a.id not in children]
        if untried:
            action = _first_try(untried, hint, rng)
            child = children[action.id] = _Node(self.seat)
            child.avail = 0
        else:
            action, child = self._ucb(root, legal, hint, root=True)
        for a in legal:
            ch = children.get(a.id)
            if ch is not None:
                ch.avail += 1
        self._visit(root, action, pool, seeds, rng)

    def _halve(
        self,
        root: _Node,
        legal: list[Action],
        pool: list[GameState],
        seeds: list[int],
        rng: SplitMix64,
        hint: str | None,
        limit: int,
        deadline: float,
        start: float,
    ) -> Action:
        """Sequential halving (Karnin, Koren and Somekh, 2013) over paired root visits.

        UCB spends its visits to keep the *playouts'* rewards high, which is not
        the question at the root: there only the choice counts. Halving gives
        every action the same visits in rounds and drops the worse half after
        each, so the budget goes to telling the best few apart. Every survivor
        has had as many visits as every other, so its k-th visit shares world
        and dice with theirs: each round compares the actions on common random
        numbers. Ties keep the rule of thumb, then legal order.
        """
        live = sorted(legal, key=lambda a: a.id != hint)
        rounds = max(1, math.ceil(math.log2(len(live))))
        done = 0
        for r in range(rounds):
            per = max(1, (limit - done) // ((rounds - r) * len(live)))
            for _ in range(per):
                for action in live:
                    self._visit(root, action, pool, seeds, rng)
                    done += 1
                if time.perf_counter() >= deadline:
                    break
            live.sort(key=lambda a: -root.children[a.id].reward / root.children[a.id].visits)
            if time.perf_counter() >= deadline or done >= limit:
                break
            live = live[: (len(live) + 1) // 2]
            if len(live) == 1:
                break
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        self.last_visits = {aid: node.visits for aid, node in root.children.items()}
        self.last_values = {aid: node.reward / node.visits for aid, node in root.children.items()}
        if self._z > 0 and hint is not None:
            return self._confident_choice(legal, hint)
        return live[0]

    def _visit(self, root: _Node, action: Action, pool: list[GameState], seeds: list[int], rng: SplitMix64) -> None:
        """One paired visit of a root action: its k-th visit plays world ``k % len(pool)`` with dice ``seeds[k]``."""
        child = root.children.get(action.id)
        if child is None:
            child = root.children[action.id] = _Node(self.seat)
        k = child.visits
        while len(seeds) <= k:
            seeds.append(rng.next64())
        state = pool[k % len(pool)].clone()
        state.reseed(seeds[k])
        state.apply(action.id)
        before = child.reward
        self._iterate(child, state, rng, None, [child])
        self._samples.setdefault(action.id, []).append(child.reward - before)

    def _ucb(self, node: _Node, legal: list[Action], hint: str | None, root: bool) -> tuple[Action, _Node]:
        c = self.exploration
        children = node.children
        best_score = -math.inf
        best_action = legal[0]
        best_child: _Node | None = None
        for a in legal:
            ch = children[a.id]
            score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if hint is not None and root and a.id == hint:
                score += self.bias / ch.visits
            if score > best_score:
                best_score, best_action, best_child = score, a, ch
        assert best_child is not None
        return best_action, best_child

    def _iterate(
        self,
        root: _Node,
        state: GameState,
        rng: SplitMix64,
        hint: str | None = None,
        path: list[_Node] | None = None,
    ) -> None:
        """Select and expand from ``root`` within this determinization, play out, back up along ``path``."""
        if path is None:
            path = []
        node = root
        limit = self.tree if self.tree is not None else 1 << 30
        # Selection and expansion, within this determinization's legal actions.
        while not state.is_over and len(path) < limit:
            legal = state.legal_actions()
            seat = state.current_player
            assert seat is not None
            widened = bool(path) and self.widen > 0
            if widened:
                legal = self._widened(node, state, legal)
            children = node.children
            untried: list[Action] = []
            for a in legal:
                child = children.get(a.id)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[0] if widened else _first_try(untried, hint if node is root else None, rng)
                child = _Node(seat)
                children[action.id] = child
                state.apply(action)
                path.append(child)
                break
            best_action, best_child = self._ucb(node, legal, hint, node is root)
            state.apply(best_action)
            path.append(best_child)
            node = best_child
        # Rollout.
        if not state.is_over:
            self._rollout(state, rng)
        if state.is_over:
            rewards = _normalise(state.returns())
        elif self.evaluate is not None:
            rewards = self.evaluate(state)
        else:
            rewards = [0.5] * state.players
        for n in path:
            n.visits += 1
            n.reward += rewards[n.seat]

    def _widened(self, node: _Node, state: GameState, legal: list[Action]) -> list[Action]:
        """The actions a node below the root may search now: the game's best-ranked, more as its visits grow.

        Below the root, expansion that tries every one of dozens of moves once spends a
        few hundred visits on moves no player would make, and the root's values then
        average over them. Progressive widening (Coulom, 2007; Chaslot et al., 2008) lets
        a node search the 1 + ``widen`` * sqrt(n) moves its game ranks best (``Game.rank``,
        the playout policy's own scores) after n visits: a young node continues as the
        playout would, and an old one has searched the alternatives worth searching. The
        order is read once, in the world where the node is first passed through; a move
        legal in another world only is ranked last.
        """
        order = node.order
        if order is None:
            rank = self.game.rank
            assert rank is not None  # checked when the agent was made
            order = node.order = {a.id: i for i, a in enumerate(rank(state))}
        k = 1 + int(self.widen * math.sqrt(node.visits))
        last = len(order)
        ranked = sorted(legal, key=lambda a: order.get(a.id, last))
        return ranked[:k]

    def _settle(self, state: GameState, policy: Any) -> None:
        """Play a cut playout on to a quiet position (``Game.quiet``), at most ``settle`` steps.

        An evaluation reads what has happened, not what is under way: a playout cut
        between a target's choice and the attack's dice scores the position as if
        the attack were not coming, whichever root action led to it.
        """
        quiet = self.game.quiet
        left = self.settle
        if quiet is None or self.evaluate is None:
            return
        while left > 0 and not state.is_over and not quiet(state):
            state.apply(policy(state))
            left -= 1

    def _rollout(self, state: GameState, rng: SplitMix64) -> None:
        budget = self.max_rollout_steps
        step: Any = self._policy
        if step is None and self.rollout == "heuristic":
            step = self._heuristic_choice
        if step is not None:
            while not state.is_over and budget > 0:
                state.apply(step(state))
                budget -= 1
            self._settle(state, step)
            return
        while budget > 0:
            legal = state.legal_actions()
            if not legal:
                return
            state.apply(legal[rng.below(len(legal))])
            budget -= 1

    def _heuristic_choice(self, state: GameState) -> Action:
        """The game's heuristic bot's move for the seat to act, from that seat's view of the playout."""
        seat = state.current_player
        assert seat is not None
        agent = self._rollout_agents.get(seat)
        if agent is None:
            assert self.game.heuristic is not None
            agent = self.game.heuristic(self.game, seat, derive_seed(self._seed, "rollout", seat))
            self._rollout_agents[seat] = agent
        action: Action = agent.act(SeatView(state, seat))
        return action


def _check_parameters(
    game: Game,
    iterations: int | None,
    seconds: float | None,
    exploration: float,
    rollout: str,
    depth: int | None,
    worlds: int,
    bias: float,
    tree: int | None,
    paired: bool,
    confidence: float,
    hint: str,
) -> None:
    """Refuse a parameter set before any search runs: each message names the parameter at fault."""
    if iterations is None and seconds is None:
        raise ValueError("ismcts needs iterations=N, seconds=T or level=easy|normal|hard")
    if iterations is not None and iterations < 1:
        raise ValueError("iterations must be at least 1")
    if seconds is not None and seconds <= 0:
        raise ValueError("seconds must be positive")
    if exploration < 0:
        raise ValueError("exploration must not be negative")
    if rollout not in ("random", "heuristic", "policy"):
        raise ValueError("rollout must be random, heuristic or policy")
    if rollout == "heuristic" and game.heuristic is None:
        raise ValueError(f"{game.id} has no heuristic bot for rollouts")
    if rollout == "policy" and game.rollout is None:
        raise ValueError(f"{game.id} declares no playout policy (Game.rollout)")
    if depth is not None and depth < 0:
        raise ValueError("depth must not be negative")
    if worlds < 0:
        raise ValueError("worlds must not be negative")
    if bias < 0:
        raise ValueError("bias must not be negative")
    if bias > 0 and hint == "heuristic" and game.heuristic is None:
        raise ValueError(f"{game.id} has no heuristic bot to bias the search")
    if tree is not None and tree < 1:
        raise ValueError("tree must be at least 1")
    if paired and not worlds:
        raise ValueError("paired needs reused worlds (worlds=N)")
    if confidence < 0:
        raise ValueError("confidence must not be negative")
    if hint not in ("heuristic", "policy"):
        raise ValueError("hint must be heuristic or policy")
    if hint == "policy" and game.rollout is None:
        raise ValueError(f"{game.id} declares no playout policy (Game.rollout) to take hints from")
    if confidence > 0 and not (paired and bias > 0):
        raise ValueError("confidence needs paired root visits and a rule of thumb to keep (paired=1, bias>0)")


def _check_root(game: Game, paired: bool, iterations: int | None, halving: bool, top: int) -> None:
    """The root's options (``top``, ``root=halving``) choose among paired visits."""
    if top < 0:
        raise ValueError("top must not be negative")
    if top and game.rank is None:
        raise ValueError(f"top=K needs a game that ranks its actions ({game.id} does not)")
    if top and not paired:
        raise ValueError("top=K needs paired root visits (paired=1)")
    if halving and not (paired and iterations is not None):
        raise ValueError("root=halving needs paired root visits and an iteration budget (paired=1, iterations=N)")


def _check_shape(game: Game, tree: int | None, widen: float, settle: int) -> None:
    """How far the tree and the playouts reach. ``widen`` shapes the tree below the root, so it
    needs one, and a game that ranks its actions."""
    if settle < 0:
        raise ValueError("settle must not be negative")
    if not 0 <= widen < math.inf:
        raise ValueError("widen must be a number from 0, not negative or infinite")
    if widen and game.rank is None:
        raise ValueError(f"widen=W needs a game that ranks its actions ({game.id} does not)")
    if widen and tree == 1:
        raise ValueError("widen=W shapes the tree below the root: it needs tree=2 or more (or tree=all)")


def _check_value(game: Game, value: str, depth: int | None) -> None:
    if value not in ("hand", "learned"):
        raise ValueError("value must be hand or learned")
    if value == "learned":
        if depth is None:
            raise ValueError("value=learned scores cut playouts: it needs depth=N")
        if not has_learned_model(game):
            raise ValueError(f"{game.id} has no learned value model (value=hand)")
