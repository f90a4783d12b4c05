"""The player's Smoke Grenade and air reactions answer the solo AI's attacks (§11.13, §16.1)."""

from __future__ import annotations

import random

from hulldown.engine.state import Event
from hulldown.games.pacific import combat, grid, solo
from hulldown.games.pacific.rules import advance, play_support
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import Unit

from .test_rules import GAME, new, put, to_deploy
from .test_smoke_more import put_aircraft


def ai_shooting(st: PacificState, *shooters: Unit) -> list[Event]:
    """The AI's turn from its Shooting phase, its queue holding ``shooters``' main weapons
    (what its movement leaves behind); runs until the player must decide or the turn ends."""
    st.active, st.phase = 1, "hq"
    st.ai_resume = (solo.band(st, 1, [], "variable"), "variable")
    st.ai_shots = [(u.iid, -1) for u in shooters]
    events: list[Event] = []
    advance(st, events)
    return events


def smoke_holder(st: PacificState, s: int) -> Unit:
    foe = put(st, "us-light-infantry", 0, s)
    foe.tokens.append(st.new_token("smoke-grenade"))
    return foe


def bare_solo() -> PacificState:
    st = new(players=1)
    to_deploy(st)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    return st


def test_ai_shot_waits_for_the_players_smoke_grenade() -> None:
    st = bare_solo()
    shooter = put(st, "jp-light-infantry", 1, grid.space(3, 3))
    foe = smoke_holder(st, grid.space(2, 3))
    here = grid.name(foe.space)
    events = ai_shooting(st, shooter)
    # the shot is declared and logged by its clause, no die is rolled yet
    assert any(e["type"] == "ai" and e["decision"].startswith("12.7 Shooting:") for e in events)
    assert not any(e["type"] == "attack" for e in events)
    assert st.phase == "smoke" and st.current_player == 0
    assert {a.id for a in st.legal_actions()} == {f"smoke:{here}:0", "no-smoke"}
    assert st.observation(0)["smoke_reaction"] == {
        "shooter": grid.name(shooter.space),
        "target": here,
        "assault": False,
        "card": None,
    }
    hit = combat.numbers(st, shooter, None, foe, dist=1).hit
    st.script_chance(1)
    events = st.apply(f"smoke:{here}:0")
    attack = next(e for e in events if e["type"] == "attack")
    assert attack["hit"] == min(10, hit + 1)  # into the smoke
    assert foe.tokens[0].used and any(e["type"] == "smoke-grenade" for e in events)
    # the AI's turn went on where it stopped and ran to its end: the player's next turn
    assert st.ai_resume is None and st.ai_shots is None and st.ai_shot is None
    assert st.active == 0 and st.phase == "deploy" and st.pending_smoke is None
    assert any(e["type"] == "ai" and e["decision"].startswith("12.8 Discard") for e in events)


def test_declining_lets_the_ai_shot_come_and_the_phase_go_on() -> None:
    st = bare_solo()
    first = put(st, "jp-light-infantry", 1, grid.space(3, 3))
    second = put(st, "jp-light-infantry", 1, grid.space(3, 4))
    foe = smoke_holder(st, grid.space(2, 3))
    hit = combat.numbers(st, first, None, foe, dist=1).hit
    ai_shooting(st, first, second)
    assert st.phase == "smoke" and st.ai_shot == (f"u{foe.iid}", True)
    st.script_chance(10, 10, 10, 10, 10, 10)
    events = st.apply("no-smoke")
    attacks = [e for e in events if e["type"] == "attack"]
    assert attacks[0]["hit"] == hit and not foe.smoke  # no smoke: the numbers as declared
    assert foe.iid not in st.units  # destroyed; the second unit then chose another target or none
    assert st.active == 0 and st.ai_shots is None


def test_ai_attack_card_waits_for_the_smoke_grenade_after_its_deployment() -> None:
    """§11.13: an attack card the AI plays on a unit holding a Smoke Grenade is made once its
    Deployment phase is done, after the player's answer (the paratroopers' timing, §16.3)."""
    st = bare_solo()
    foe = smoke_holder(st, grid.space(2, 3))
    here = grid.name(foe.space)
    iid = st._new_card("traps")
    st.hands[1].put_top(iid)
    st.active, st.phase = 1, "hq"
    events: list[Event] = []
    play_support(st, 1, iid, foe.iid, events)  # as the AI's deployment plays it
    assert not any(e["type"] == "attack" for e in events)
    assert st.ai_card_attacks == [("traps", foe.iid)] and iid in st.discards[1]
    st.ai_resume = (solo.band(st, 1, [], "variable"), "variable")  # what ai_turn leaves behind
    advance(st, events)
    assert st.phase == "smoke" and st.current_player == 0
    assert st.observation(0)["smoke_reaction"]["card"] == "traps"
    sc = st.db.support["traps"]
    st.script_chance(1)
    events = st.apply(f"smoke:{here}:0")
    attack = next(e for e in events if e["type"] == "attack")
    assert (attack["hit"], attack["crit"]) == (min(10, sc.hit + 1), min(10, sc.crit + 1))
    assert st.ai_card_attacks == [] and st.active == 0  # then the rest of the AI's turn


def test_ai_attack_card_on_a_unit_without_smoke_is_made_at_once() -> None:
    st = bare_solo()
    foe = put(st, "us-light-infantry", 0, grid.space(2, 3))
    iid = st._new_card("traps")
    st.hands[1].put_top(iid)
    events: list[Event] = []
    st.script_chance(1)
    play_support(st, 1, iid, foe.iid, events)
    assert any(e["type"] == "attack" for e in events) and st.ai_card_attacks == []


def test_ai_air_attack_waits_for_the_players_interception() -> None:
    """§16.1: the AI's aircraft attacks; the player's fighter may intercept before it is resolved,
    and the AI's Shooting phase then goes on."""
    st = bare_solo()
    plane = put_aircraft(st, "jp-aichi-d3a", 1)
    fighter = put_aircraft(st, "us-p40-warhawk", 0)
    gun = put(st, "jp-light-infantry", 1, grid.space(3, 6))
    put(st, "us-light-infantry", 0, grid.space(2, 6))
    ai_shooting(st, gun, plane)
    # the infantry fired first (farther forward), then the aircraft: the player decides
    assert st.phase == "intercept" and st.current_player == 0
    assert {a.id for a in st.legal_actions()} == {f"intercept:a{fighter.bay}", "no-intercept"}
    assert st.ai_shots is not None and st.ai_shots[0] == (plane.iid, -1)
    events = st.apply(f"intercept:a{fighter.bay}")
    assert any(e["type"] == "attack" and e["source"] == fighter.card.name for e in events)
    assert plane.iid not in st.units and fighter.iid not in st.units  # both discarded after use
    assert st.pending_air is None and st.active == 0 and st.phase == "deploy"


def _play_solo(seed: int, actions: list[str] | None) -> tuple[PacificState, list[str], int]:
    """A solo game played by a seeded random player (or the given actions); the actions taken and
    how many times the AI's turn stopped for the player's Smoke Grenade."""
    st = GAME.new(seed=seed, players=1, options={})
    assert isinstance(st, PacificState)
    rng = random.Random(seed)
    taken: list[str] = []
    pauses = 0
    step = 0
    while not st.over and step < 3000:
        legal = [a.id for a in st.legal_actions()]
        if actions is not None:
            pick = actions[step]
        else:  # buy Smoke Grenades whenever offered, so that the AI meets them
            smokes = [x for x in legal if x.endswith(":smoke-grenade")]
            pick = smokes[0] if smokes else legal[rng.randrange(len(legal))]
        if st.phase == "smoke" and st.pending_smoke is not None and st.pending_smoke["kind"] == "ai-fire":
            pauses += 1
        st.apply(pick)
        taken.append(pick)
        step += 1
    return st, taken, pauses


def test_ai_smoke_pauses_replay_identically() -> None:
    """Same seed, same actions: the same game, the AI's pauses included."""
    st, taken, pauses = _play_solo(3, None)
    assert pauses > 0
    again, _, pauses2 = _play_solo(3, taken)
    assert pauses2 == pauses
    assert again._snapshot() == st._snapshot()


def test_the_players_search_resamples_a_paused_ai_turn_and_plays_it_on() -> None:
    """At night the player's search guesses the AI's face-down cards mid-way through its paused
    Shooting phase (§11.7.4): the guessed state goes on from the same queue to the AI's end."""
    st = GAME.new(seed=11, players=1, options={"night": True})
    assert isinstance(st, PacificState)
    to_deploy(st)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    shooter = put(st, "jp-light-infantry", 1, grid.space(3, 3))
    hidden = put(st, "jp-heavy-infantry", 1, grid.space(5, 6))
    hidden.face_down = True
    for _ in range(3):
        st.decks[1].put_top(st._new_card("jp-type95-hago"))  # unseen cards a guess may pick
    smoke_holder(st, grid.space(2, 3))
    st.active, st.phase = 1, "hq"
    st.ai_resume = (solo.band(st, 1, [], "variable"), "variable")
    st.ai_shots = [(shooter.iid, -1), (hidden.iid, -1), (hidden.iid, 0), (hidden.iid, 1)]
    advance(st, [])
    assert st.phase == "smoke" and st.current_player == 0
    for seed in range(8):
        guess = st.resample(0, seed)
        assert isinstance(guess, PacificState)
        assert guess.ai_shots is not None and len(guess.ai_shots) == 4
        guess.apply("no-smoke")
        assert guess.active == 0 and guess.ai_shots is None
