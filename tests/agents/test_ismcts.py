"""Information-set MCTS: sees only its seat's information, reproducible, parameters checked."""

from __future__ import annotations

from typing import Any

import pytest

import hulldown
from hulldown.agents.ismcts import ISMCTSAgent
from hulldown.agents.ismcts_spec import LEVEL_WORLDS, LEVELS, WORLDS, make_ismcts
from hulldown.agents.registry import agent_names, make_agent
from hulldown.engine import AgentSpecError, Game, GameState, derive_seed
from hulldown.engine.agent import SeatView
from hulldown.engine.rng import SplitMix64
from tests.engine.toygame import TOY, HighCard


class CanonicalHighCard(HighCard):
    """The toy game with a resample that depends on the seat's information alone.

    The toy game redraws hidden cards from a pool gathered in the true state's
    order, so two states a seat cannot tell apart resample differently even
    with the same generator. Sorting the pool first makes ``resample(seat,
    rng)`` a function of the information set, which is what lets this test
    compare choices exactly rather than statistically.
    """

    __slots__ = ()

    def _resample(self, seat: int, rng: SplitMix64) -> GameState:
        new = self.clone()
        assert isinstance(new, HighCard)
        unseen = sorted([*new.deck.cards, *(c for i, h in enumerate(new.hands) if i != seat for c in h.cards)])
        perm = rng.permutation(len(unseen))
        unseen = [unseen[i] for i in perm]
        new.deck.cards = unseen[: len(new.deck)]
        rest = unseen[len(new.deck) :]
        for i, h in enumerate(new.hands):
            if i != seat:
                h.cards = [rest.pop() for _ in range(len(h))]
        return new


CANON = Game(info=TOY.info, state_class=CanonicalHighCard)


def _tricks_and_hands(state: Any) -> list[float]:
    """A cut-off evaluation of the toy game that reads the (determinized) hands."""
    n = state.players
    values = [state.tricks[p] + 0.1 * max(state.hands[p].cards, default=0) for p in range(n)]
    lo, hi = min(values), max(values)
    return [0.5] * n if hi <= lo else [(v - lo) / (hi - lo) for v in values]


class _HighestCard:
    """A heuristic that sees only its view: play the highest card."""

    name = "highest"

    def act(self, view: SeatView) -> Any:
        return view.legal_actions()[-1]


def _lowest_card_policy(game: Game, seed: int) -> Any:
    """A playout policy that reads the (determinized) state: play the lowest card."""

    def policy(state: Any) -> Any:
        return state.legal_actions()[0]

    return policy


CANON_EVAL = Game(
    info=TOY.info,
    state_class=CanonicalHighCard,
    evaluate=_tricks_and_hands,
    rollout=_lowest_card_policy,
    heuristic=lambda g, seat, seed, **kw: _HighestCard(),
)


def _twin_states(seed: int) -> tuple[HighCard, HighCard]:
    """Two states equal for seat 1 except for seat 0's hand and the deck's order and content."""
    a = CANON.new(seed=seed)
    assert isinstance(a, HighCard)
    a.apply(a.legal_actions()[0])  # seat 0 leads; seat 1 decides next
    b = a.clone()
    assert isinstance(b, HighCard)
    # Swap one of seat 0's hidden cards with a deck card, then reorder the deck.
    held, spare = b.hands[0].cards[0], b.deck.cards[0]
    b.hands[0].cards[0], b.deck.cards[0] = spare, held
    b.deck.cards.reverse()
    return a, b


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
@pytest.mark.parametrize(
    "extra",
    [
        {},
        {"worlds": 6, "depth": 1},
        {"worlds": 6, "depth": 1, "rollout": "heuristic", "bias": 1.0},
        {"worlds": 6, "depth": 1, "rollout": "heuristic", "bias": 1.0, "tree": 1, "paired": True},
        {"worlds": 6, "depth": 1, "rollout": "policy", "bias": 1.0, "tree": 1, "paired": True},
        {"worlds": 6, "depth": 1, "rollout": "policy", "bias": 1.0, "tree": 1, "paired": True, "hint": "policy"},
        {"worlds": 6, "depth": 1, "bias": 1.0, "paired": True, "confidence": 2.0, "hint": "policy"},
        {"worlds": 6, "depth": 1, "bias": 1.0, "paired": True, "halving": True},
    ],
)
def test_choice_ignores_information_the_seat_cannot_see(seed: int, extra: dict[str, Any]) -> None:
    """Also with reused worlds, cut-off playouts scored by an evaluation that reads hands, and bias."""
    a, b = _twin_states(seed)
    assert a.snapshot() != b.snapshot()
    assert a.observation(1) == b.observation(1)
    choices = []
    for state in (a, b):
        agent = ISMCTSAgent(CANON_EVAL, 1, seed=99, iterations=150, **extra)
        choices.append((agent.act(SeatView(state, 1)).id, agent.last_visits))
    assert choices[0] == choices[1]
    # Halving's rounds divide the budget in whole visits per action, leaving a remainder unspent.
    spent = sum(choices[0][1].values())
    assert spent == 150 if not extra.get("halving") else 150 - len(a.legal_actions()) < spent <= 150


def test_search_never_reads_the_true_state() -> None:
    """Every full state the search plays comes from ``resample``; the true one is never stepped."""
    state = CANON.new(seed=11)
    before = state.fingerprint()
    calls: list[int] = []

    class CountingView(SeatView):
        __slots__ = ()

        def resample(self, rng: Any) -> GameState:
            calls.append(1)
            return super().resample(rng)

    agent = ISMCTSAgent(CANON, 0, seed=1, iterations=40)
    agent.act(CountingView(state, 0))
    assert len(calls) == 40
    assert state.fingerprint() == before


def test_worlds_are_drawn_once_per_decision_and_reused() -> None:
    state = CANON.new(seed=11)
    before = state.fingerprint()
    calls: list[int] = []

    class CountingView(SeatView):
        __slots__ = ()

        def resample(self, rng: Any) -> GameState:
            calls.append(1)
            return super().resample(rng)

    agent = ISMCTSAgent(CANON, 0, seed=1, iterations=40, worlds=5)
    agent.act(CountingView(state, 0))
    assert len(calls) == 5
    assert agent.last_iterations == 40
    assert state.fingerprint() == before


def test_depth_cuts_playouts_and_scores_them_with_the_games_evaluation() -> None:
    seen: list[int] = []

    def evaluate(state: Any) -> list[float]:
        seen.append(state.steps)
        return _tricks_and_hands(state)

    game = Game(info=TOY.info, state_class=CanonicalHighCard, evaluate=evaluate)
    state = game.new(seed=3, options={"hand": 4})
    agent = make_agent("ismcts:iterations=30,depth=1,worlds=4", game, 0, 0)
    assert agent.act(SeatView(state, 0)) in state.legal_actions()
    assert len(seen) == 30  # no playout of a 4-trick game ends within one step past the tree
    assert max(seen) < 10


def test_bias_draws_the_search_towards_the_heuristics_choice() -> None:
    """With a heavy bias the heuristic's pick gets the most visits; without it the search decides."""
    hinted: list[int] = []

    class LowestCard:
        name = "lowest"

        def act(self, view: SeatView) -> Any:
            hinted.append(view.seat)
            return view.legal_actions()[0]  # the lowest card: rarely what wins

    game = Game(info=TOY.info, state_class=HighCard, heuristic=lambda g, seat, seed, **kw: LowestCard())
    state = game.new(seed=8)
    lowest = state.legal_actions()[0].id
    plain = make_agent("ismcts:iterations=200,bias=0,rollout=random", game, 0, 0)
    biased = make_agent("ismcts:iterations=200,bias=50,rollout=random", game, 0, 0)
    assert isinstance(plain, ISMCTSAgent) and isinstance(biased, ISMCTSAgent)
    plain.act(SeatView(state, 0))
    biased.act(SeatView(state, 0))
    assert hinted == [0]
    assert biased.last_visits[lowest] > plain.last_visits[lowest]
    assert biased.last_visits[lowest] == max(biased.last_visits.values())


def test_confidence_keeps_the_heuristics_choice_unless_another_is_shown_better() -> None:
    """A paired test at the root: leave the rule of thumb only where the playouts prove it wrong."""

    class LowestCard:
        name = "lowest"

        def act(self, view: SeatView) -> Any:
            return view.legal_actions()[0]  # the lowest card: rarely what wins

    game = Game(info=TOY.info, state_class=HighCard, heuristic=lambda g, seat, seed, **kw: LowestCard())
    state = game.new(seed=5)
    state.apply(state.legal_actions()[-1])  # seat 0 leads its highest card; seat 1 answers it
    lowest = state.legal_actions()[0].id
    spec = "ismcts:iterations=400,bias=1,rollout=random,worlds=8,tree=1,paired=1,depth=end"
    sure = make_agent(spec + ",confidence=2", game, 1, 0)
    stubborn = make_agent(spec + ",confidence=1000", game, 1, 0)
    assert isinstance(sure, ISMCTSAgent) and isinstance(stubborn, ISMCTSAgent)
    bold = sure.act(SeatView(state, 1))
    kept = stubborn.act(SeatView(state, 1))
    assert kept.id == lowest
    assert bold.id != lowest
    # The card chosen beats the lowest one on the same worlds and dice, by the paired samples.
    assert sure.last_values[bold.id] > sure.last_values[lowest]
    assert len(sure._samples[bold.id]) == sure.last_visits[bold.id]
    # A test held at some player counts only (a game's default, ``COUNT_DEFAULTS``) is off at the
    # others: at two players, held at three, the most visited card stands.
    common: dict[str, Any] = {"iterations": 400, "bias": 1.0, "rollout": "random", "worlds": 8, "paired": True}
    here = ISMCTSAgent(game, 1, 0, tree=1, confidence=1000, confidence_players=frozenset({2}), **common)
    elsewhere = ISMCTSAgent(game, 1, 0, tree=1, confidence=1000, confidence_players=frozenset({3}), **common)
    assert here.act(SeatView(state, 1)).id == lowest
    assert elsewhere.act(SeatView(state, 1)).id != lowest


def test_policy_hint_is_the_rule_of_thumb_the_search_keeps() -> None:
    """``hint=policy``: the playout policy's choice in a determinized world is what the search starts from.

    The policy plays the lowest card and the heuristic the highest; with a
    confidence no playout can meet, each search returns its own rule of thumb,
    and the heuristic bot is never asked for a policy-hinted one.
    """
    asked: list[int] = []

    class Highest:
        name = "highest"

        def act(self, view: SeatView) -> Any:
            asked.append(view.seat)
            return view.legal_actions()[-1]

    game = Game(
        info=TOY.info,
        state_class=HighCard,
        heuristic=lambda g, seat, seed, **kw: Highest(),
        rollout=_lowest_card_policy,
    )
    state = game.new(seed=5)
    legal = state.legal_actions()
    assert len(legal) > 2
    spec = "ismcts:iterations=60,rollout=random,worlds=4,depth=end,confidence=1000"
    by_policy = make_agent(spec + ",hint=policy", game, 0, 0)
    assert by_policy.act(SeatView(state, 0)).id == legal[0].id
    assert asked == []
    by_heuristic = make_agent(spec, game, 0, 0)
    assert by_heuristic.act(SeatView(state, 0)).id == legal[-1].id
    assert asked == [0]


def test_same_seed_same_choices_and_statistics() -> None:
    state = TOY.new(seed=5)
    runs = []
    for _ in range(2):
        agent = make_agent("ismcts:iterations=120", TOY, 0, 42)
        action = agent.act(SeatView(state, 0))
        assert isinstance(agent, ISMCTSAgent)
        runs.append((action.id, agent.last_visits))
    assert runs[0] == runs[1]
    assert sum(runs[0][1].values()) == 120


def test_beats_random_in_the_seat_where_choices_matter() -> None:
    """Seat 1 answers a card it has seen: searching must win more than random does there."""
    wins = {"random": 0, "ismcts:iterations=150": 0}
    for spec in wins:
        for i in range(120):
            s = TOY.new(seed=derive_seed(3, i))
            agents = [make_agent("random", TOY, 0, i), make_agent(spec, TOY, 1, i)]
            while not s.is_over:
                seat = s.current_player
                assert seat is not None
                s.apply(agents[seat].act(SeatView(s, seat)))
            wins[spec] += s.returns()[1] > 0
    assert wins["ismcts:iterations=150"] > wins["random"] + 10, wins


def test_three_players_and_a_time_budget() -> None:
    state = TOY.new(seed=2, players=3)
    agent = make_agent("ismcts:seconds=0.05", TOY, 0, 1)
    assert isinstance(agent, ISMCTSAgent)
    action = agent.act(SeatView(state, 0))
    assert action in state.legal_actions()
    assert agent.last_iterations > 0
    assert agent.last_seconds < 1.0


def test_single_legal_action_is_taken_without_search() -> None:
    state = TOY.new(seed=2, options={"hand": 1})
    agent = ISMCTSAgent(TOY, 0, iterations=10)
    assert agent.act(SeatView(state, 0)) == state.legal_actions()[0]
    assert agent.last_iterations == 0


def test_levels_and_registry() -> None:
    assert "ismcts" in agent_names()
    for level, (iterations, seconds) in LEVELS.items():
        agent = make_ismcts(TOY, 0, 0, level=level)
        assert (agent.iterations, agent.seconds) == (iterations, seconds)
    timed = make_ismcts(TOY, 0, 0, seconds="0.5")
    assert timed.iterations is None and timed.seconds == 0.5


def test_hard_draws_more_worlds_unless_the_spec_says() -> None:
    assert make_ismcts(TOY, 0, 0, level="hard").worlds == LEVEL_WORLDS["hard"] > WORLDS
    assert make_ismcts(TOY, 0, 0, level="hard", worlds="20").worlds == 20
    assert make_ismcts(TOY, 0, 0, level="normal").worlds == WORLDS
    assert make_ismcts(TOY, 0, 0, iterations="4000").worlds == WORLDS
    assert make_ismcts(TOY, 0, 0).worlds == WORLDS


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=0", "at least 1"),
        ("ismcts:iterations=many", "whole number"),
        ("ismcts:seconds=-1", "positive"),
        ("ismcts:level=brutal", "level must be one of"),
        ("ismcts:level=easy,iterations=5", "either level"),
        ("ismcts:depth=-1", "depth must not be negative"),
        ("ismcts:worlds=-2", "worlds must not be negative"),
        ("ismcts:worlds=some", "whole number"),
        ("ismcts:bias=-1", "bias must not be negative"),
        ("ismcts:bias=1", "no heuristic bot to bias"),
        ("ismcts:rollout=heuristic", "no heuristic"),
        ("ismcts:rollout=policy", "no playout policy"),
        ("ismcts:rollout=smart", "random, heuristic or policy"),
        ("ismcts:deep=3", "unknown parameter"),
        ("ismcts:tree=0", "tree must be at least 1"),
        ("ismcts:tree=deep", "whole number"),
        ("ismcts:paired=2", "paired must be 0 or 1"),
        ("ismcts:paired=1,worlds=0", "paired needs reused worlds"),
        ("ismcts:confidence=-1", "confidence must not be negative"),
        ("ismcts:confidence=2,paired=0", "confidence needs paired root visits"),
        ("ismcts:hint=oracle", "hint must be heuristic or policy"),
        ("ismcts:hint=policy", "no playout policy"),
        ("ismcts:value=oracle", "value must be hand or learned"),
        ("ismcts:value=learned,depth=3", "no learned value model"),
        ("ismcts:value=learned,depth=end", "needs depth=N"),
        ("ismcts:widen=-1,tree=2", "widen must be a number from 0"),
        ("ismcts:widen=nan,tree=2", "widen must be a number from 0"),
        ("ismcts:widen=inf,tree=2", "widen must be a number from 0"),
        ("ismcts:widen=1,tree=2", "ranks its actions"),
        ("ismcts:widen=wide,tree=2", "must be a number"),
    ],
)
def test_bad_parameters_are_refused(spec: str, message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec, TOY, 0, 0)


def test_heuristic_rollouts_use_the_games_bot() -> None:
    used: list[int] = []

    class FirstLegal:
        name = "first"

        def act(self, view: SeatView) -> Any:
            used.append(view.seat)
            return view.legal_actions()[0]

    game = Game(info=TOY.info, state_class=HighCard, heuristic=lambda g, seat, seed, **kw: FirstLegal())
    agent = make_agent("ismcts:iterations=20,rollout=heuristic", game, 0, 0)
    state = game.new(seed=4)
    assert agent.act(SeatView(state, 0)) in state.legal_actions()
    assert used


def test_policy_rollouts_use_the_games_playout_policy() -> None:
    """``rollout=policy`` plays the game's ``Game.rollout`` on the determinized states, never its bot."""
    seen: list[int] = []

    def factory(game: Game, seed: int) -> Any:
        def policy(state: Any) -> Any:
            seen.append(state.current_player)
            return state.legal_actions()[-1]

        return policy

    def no_bot(g: Game, seat: int, seed: int, **kw: Any) -> Any:
        raise AssertionError("the heuristic bot must not play policy playouts")

    game = Game(info=TOY.info, state_class=HighCard, heuristic=no_bot, rollout=factory)
    agent = make_agent("ismcts:iterations=20,rollout=policy,bias=0", game, 0, 0)
    state = game.new(seed=4)
    assert agent.act(SeatView(state, 0)) in state.legal_actions()
    assert set(seen) == {0, 1}


def test_factory_defaults_follow_what_the_game_offers() -> None:
    import hulldown

    tk = hulldown.load("tank-killers")
    strong = make_agent("ismcts", tk, 0, 0)
    assert isinstance(strong, ISMCTSAgent)
    assert (strong.rollout, strong.max_rollout_steps, strong.worlds, strong.bias) == ("policy", 10, 10, 1.0)
    assert (strong.tree, strong.paired) == (1, True)
    assert strong.evaluate is not None
    deep = make_agent("ismcts:tree=all,paired=0", tk, 0, 0)
    assert isinstance(deep, ISMCTSAgent) and (deep.tree, deep.paired) == (None, False)
    clash = make_agent("ismcts", hulldown.load("tank-clash"), 0, 0)
    assert isinstance(clash, ISMCTSAgent) and clash.rollout == "policy" and clash.evaluate is not None
    full = make_agent("ismcts:depth=end,rollout=random,bias=0,worlds=0", tk, 0, 0)
    assert isinstance(full, ISMCTSAgent)
    assert full.evaluate is None and full.max_rollout_steps == tk.info.max_steps
    plain = make_agent("ismcts", TOY, 0, 0)
    assert isinstance(plain, ISMCTSAgent)
    assert (plain.rollout, plain.evaluate, plain.bias) == ("random", None, 0.0)
    # Tank Hunter keeps the paired test by default at two to four players; a spec that names it, everywhere.
    th = hulldown.load("tank-hunter")
    hunter = make_agent("ismcts:level=hard", th, 0, 0)
    assert isinstance(hunter, ISMCTSAgent)
    assert (hunter.confidence, hunter.confidence_players, hunter.value) == (2.0, frozenset({2, 3, 4}), "learned")
    named = make_agent("ismcts:confidence=2", th, 0, 0)
    assert isinstance(named, ISMCTSAgent) and (named.confidence, named.confidence_players) == (2.0, None)
    unpaired = make_agent("ismcts:paired=0", th, 0, 0)
    assert isinstance(unpaired, ISMCTSAgent) and unpaired.confidence == 0.0


def test_a_game_cuts_its_playouts_deeper_at_some_player_counts() -> None:
    """Tank Hunter cuts playouts at 20 steps at three and four players, 10 at others; a spec's depth holds at all."""
    th = hulldown.load("tank-hunter")
    search = make_agent("ismcts:iterations=12", th, 0, 0)
    named = make_agent("ismcts:iterations=12,depth=10", th, 0, 0)
    assert isinstance(search, ISMCTSAgent) and isinstance(named, ISMCTSAgent)
    assert search.depth_players == {3: 20, 4: 20} and named.depth_players == {}
    for players, depth in ((3, 20), (2, 10), (4, 20), (5, 10), (3, 20)):
        state = th.new(seed=players, players=players)
        seat = state.current_player
        assert seat is not None
        search.act(SeatView(state, seat))
        named.act(SeatView(state, seat))
        assert (search.max_rollout_steps, named.max_rollout_steps) == (depth, 10)
    with pytest.raises(ValueError, match="cut depth"):
        ISMCTSAgent(th, 0, 0, iterations=5, depth=10, depth_players={3: 0})


_TAG_LOG: list[tuple[int, str, tuple[int, ...]]] = []


class _Tagged(CanonicalHighCard):
    """Records, for the first action applied after a reseed, the seed, the action and the hidden cards."""

    __slots__ = ("tag",)

    def reseed(self, seed: int) -> None:
        super().reseed(seed)
        self.tag: int | None = seed

    def _copy_into(self, new: Any) -> None:
        super()._copy_into(new)
        new.tag = None

    def _apply(self, action: Any, events: Any) -> None:
        tag = getattr(self, "tag", None)
        if tag is not None:
            hidden = tuple(c for i, h in enumerate(self.hands) if i != self.turn for c in h.cards)
            _TAG_LOG.append((tag, action.id, hidden + tuple(self.deck.cards)))
            self.tag = None
        super()._apply(action, events)


def test_paired_root_visits_share_worlds_and_dice() -> None:
    """The k-th visit of every root action plays the same world with the same dice stream."""
    game = Game(info=TOY.info, state_class=_Tagged, evaluate=_tricks_and_hands)
    state = game.new(seed=6, options={"hand": 4})
    _TAG_LOG.clear()
    agent = ISMCTSAgent(game, 0, seed=3, iterations=60, worlds=5, depth=2, tree=1, paired=True)
    agent.act(SeatView(state, 0))
    by_action: dict[str, list[tuple[int, tuple[int, ...]]]] = {}
    for seed, aid, hidden in _TAG_LOG:
        by_action.setdefault(aid, []).append((seed, hidden))
    assert set(by_action) == {a.id for a in state.legal_actions()}
    longest = max(by_action.values(), key=len)
    assert len(longest) > 5
    for visits in by_action.values():
        assert visits == longest[: len(visits)]
    worlds = {hidden for _, hidden in longest}
    assert len(worlds) == 5  # five worlds, cycled
    assert len({seed for seed, _ in longest}) == len(longest)  # every visit index has dice of its own


def test_tree_depth_limits_the_search_tree() -> None:
    """tree=1, depth=0: every iteration applies one root action, then the evaluation scores the position."""
    seen: list[int] = []

    def evaluate(state: Any) -> list[float]:
        seen.append(state.steps)
        return _tricks_and_hands(state)

    game = Game(info=TOY.info, state_class=CanonicalHighCard, evaluate=evaluate)
    state = game.new(seed=3, options={"hand": 4})
    for paired in (False, True):
        seen.clear()
        agent = ISMCTSAgent(game, 0, seed=1, iterations=40, worlds=4, depth=0, tree=1, paired=paired)
        agent.act(SeatView(state, 0))
        assert seen == [state.steps + 1] * 40
    seen.clear()
    ISMCTSAgent(game, 0, seed=1, iterations=40, worlds=4, depth=0).act(SeatView(state, 0))
    assert max(seen) > state.steps + 1  # an unlimited tree grows past the root


def _tank_killers_twins(seed: int) -> tuple[GameState, GameState, int]:
    """Two Tank Killers states the seat to act cannot tell apart (other hand, deck orders differ)."""
    import hulldown
    from hulldown.games.tank_killers.state import TankKillersState

    game = hulldown.load("tank-killers")
    a = game.new(seed=seed)
    heuristic = [make_agent("heuristic", game, s, seed) for s in (0, 1)]
    # Play on to a decision with a real choice, some turns into the game.
    while True:
        p = a.current_player
        assert p is not None
        if a.turn >= 4 and len(a.legal_actions()) > 2:
            break
        a.apply(heuristic[p].act(SeatView(a, p)))
    seat = a.current_player
    assert seat is not None and isinstance(a, TankKillersState)
    b = a.clone()
    assert isinstance(b, TankKillersState)
    opp = 1 - seat
    b.hands[opp][0], b.tdeck[0] = b.tdeck[0], b.hands[opp][0]
    b.tdeck.reverse()
    for s in (0, 1):
        hidden = len(b.fdeck[s]) - (1 if b.top_up[s] else 0)
        b.fdeck[s][:hidden] = b.fdeck[s][:hidden][::-1]
    return a, b, seat


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(
    "spec",
    ["ismcts:iterations=60", "ismcts:iterations=60,rollout=heuristic", "ismcts:iterations=60,value=learned"],
)
def test_tank_killers_choice_ignores_what_the_seat_cannot_see(seed: int, spec: str) -> None:
    """The game's own defaults (its playout policy and evaluation) read only determinized states."""
    import hulldown

    game = hulldown.load("tank-killers")
    a, b, seat = _tank_killers_twins(seed)
    assert a.snapshot() != b.snapshot()
    assert a.observation(seat) == b.observation(seat)
    choices = []
    for state in (a, b):
        agent = make_agent(spec, game, seat, 99)
        assert isinstance(agent, ISMCTSAgent)
        choices.append((agent.act(SeatView(state, seat)).id, agent.last_visits, agent.last_values))
    assert choices[0] == choices[1]
    assert sum(choices[0][1].values()) == 60


def test_halving_spends_its_budget_in_rounds_on_the_better_half() -> None:
    """root=halving: equal visits in round one, survivors on shared worlds and dice, the best one stays."""
    game = Game(info=TOY.info, state_class=_Tagged, evaluate=_tricks_and_hands)
    state = game.new(seed=6, options={"hand": 4})
    legal = state.legal_actions()
    assert len(legal) >= 3
    _TAG_LOG.clear()
    agent = make_ismcts(game, 0, 3, iterations="64", worlds="5", depth="2", root="halving", rollout="random", bias="0")
    choice = agent.act(SeatView(state, 0))
    assert agent.last_iterations <= 64
    visits = agent.last_visits
    assert set(visits) == {a.id for a in legal}
    # The chosen action survived every round, so it had the most visits; the worst was dropped after round one.
    assert visits[choice.id] == max(visits.values())
    assert min(visits.values()) < visits[choice.id]
    values = agent.last_values
    finalists = [aid for aid, v in visits.items() if v == visits[choice.id]]
    assert values[choice.id] == max(values[aid] for aid in finalists)
    # Paired: the k-th visit of every action played the same world with the same dice.
    by_action: dict[str, list[tuple[int, tuple[int, ...]]]] = {}
    for seed, aid, hidden in _TAG_LOG:
        by_action.setdefault(aid, []).append((seed, hidden))
    longest = max(by_action.values(), key=len)
    for seen in by_action.values():
        assert seen == longest[: len(seen)]


def test_halving_is_refused_without_an_iteration_budget_or_pairing() -> None:
    game = Game(info=TOY.info, state_class=_Tagged, evaluate=_tricks_and_hands)
    with pytest.raises(ValueError, match="halving"):
        make_ismcts(game, 0, 0, seconds="0.1", root="halving")
    with pytest.raises(ValueError, match="halving"):
        make_ismcts(game, 0, 0, iterations="50", paired="0", root="halving")
    with pytest.raises(ValueError, match="root must be"):
        make_ismcts(game, 0, 0, iterations="50", root="best")


def test_settle_plays_a_cut_playout_on_to_a_quiet_position() -> None:
    """settle=N: past ``depth`` a playout goes on while an exchange is under way (``Game.quiet``), N steps at most."""
    seen: list[int] = []

    def evaluate(state: Any) -> list[float]:
        seen.append(state.steps)
        return _tricks_and_hands(state)

    def quiet(state: Any) -> bool:
        return bool(state.steps % 4 == 0)  # a toy "exchange" lasts until the step count is a multiple of 4

    game = Game(
        info=TOY.info,
        state_class=CanonicalHighCard,
        evaluate=evaluate,
        quiet=quiet,
        rollout=_lowest_card_policy,
        heuristic=lambda g, seat, seed, **kw: _HighestCard(),
    )
    state = game.new(seed=3, options={"hand": 4})
    start = state.steps
    for settle, expect in ((0, {start + 2}), (8, {s for s in range(start + 2, start + 6) if s % 4 == 0})):
        seen.clear()
        agent = make_ismcts(game, 0, 1, iterations="30", depth="1", settle=str(settle))
        agent.act(SeatView(state, 0))
        assert len(seen) == 30
        assert set(seen) == expect  # one root step, one playout step, then on to a multiple of 4
    seen.clear()
    make_ismcts(game, 0, 1, iterations="30", depth="1", settle="1").act(SeatView(state, 0))
    assert max(seen) <= start + 3  # never more than ``settle`` steps past the cut
    with pytest.raises(ValueError, match="settle"):
        make_ismcts(game, 0, 1, iterations="30", settle="-1")


def _ranked_toy(rank: Any) -> Game:
    """The toy game with an evaluation, a playout policy, a heuristic and the given ranking."""
    return Game(
        info=TOY.info,
        state_class=CanonicalHighCard,
        evaluate=_tricks_and_hands,
        rollout=_lowest_card_policy,
        rank=rank,
        heuristic=lambda g, seat, seed, **kw: _HighestCard(),
    )


def test_top_spends_the_root_on_the_ranked_few_and_the_rule_of_thumb() -> None:
    """top=K: only the heuristic's choice and the K actions the game ranks best are visited."""
    game = _ranked_toy(lambda state: state.legal_actions())  # the lowest cards "best": never the heuristic's choice
    state = game.new(seed=3, options={"hand": 4})
    legal = state.legal_actions()
    assert len(legal) >= 4
    agent = make_ismcts(game, 0, 1, iterations="120", top="2", confidence="2")
    choice = agent.act(SeatView(state, 0))
    assert set(agent.last_visits) == {legal[0].id, legal[1].id, legal[-1].id}
    assert choice.id in agent.last_visits
    assert all(visits > 20 for visits in agent.last_visits.values())  # the budget went to the three
    everything = make_ismcts(game, 0, 1, iterations="120", confidence="2")
    everything.act(SeatView(state, 0))
    assert set(everything.last_visits) == {a.id for a in legal}


def test_top_is_refused_without_a_ranking_or_pairing() -> None:
    game = Game(info=TOY.info, state_class=CanonicalHighCard, evaluate=_tricks_and_hands)
    with pytest.raises(ValueError, match="ranks its actions"):
        make_ismcts(game, 0, 0, iterations="50", top="3", rollout="random", bias="0")
    ranked = Game(info=TOY.info, state_class=CanonicalHighCard, rank=lambda state: state.legal_actions())
    with pytest.raises(ValueError, match="paired"):
        make_ismcts(ranked, 0, 0, iterations="50", top="3", worlds="0", rollout="random", bias="0")
    with pytest.raises(ValueError, match="top must not be negative"):
        make_ismcts(ranked, 0, 0, iterations="50", top="-1", rollout="random", bias="0")


def test_widen_grows_each_node_below_the_root_from_the_games_ranking(monkeypatch: pytest.MonkeyPatch) -> None:
    """widen=W: a node below the root visited n times searches the 1 + W*sqrt(n) best-ranked actions."""
    game = _ranked_toy(lambda state: state.legal_actions()[::-1])  # the highest card "best": not legal order
    state = game.new(seed=3, options={"hand": 4})
    # One world, so every visit below a root action meets the same legal actions.
    agent = make_ismcts(game, 0, 1, iterations="300", worlds="1", tree="3", widen="1", depth="0")
    calls: list[tuple[int, list[str], list[str]]] = []
    widened = agent._widened

    def spy(node: Any, world: GameState, legal: list[Any]) -> list[Any]:
        searched = widened(node, world, legal)
        calls.append((node.visits, [a.id for a in legal], [a.id for a in searched]))
        return searched

    monkeypatch.setattr(agent, "_widened", spy)
    agent.act(SeatView(state, 0))
    assert calls
    for visits, legal, searched in calls:
        k = min(len(legal), 1 + int(visits**0.5))
        assert searched == legal[::-1][:k]
    assert any(len(searched) == 1 for _, _, searched in calls)  # a young node continues as ranked
    assert any(len(searched) >= 3 for _, _, searched in calls)  # an old one has widened


def test_widen_needs_a_tree_below_the_root() -> None:
    ranked = Game(info=TOY.info, state_class=CanonicalHighCard, rank=lambda state: state.legal_actions())
    with pytest.raises(ValueError, match="tree=2 or more"):
        make_ismcts(ranked, 0, 0, iterations="50", widen="1", rollout="random", bias="0")
    assert make_ismcts(ranked, 0, 0, iterations="50", widen="1", tree="all", rollout="random", bias="0").widen == 1
