"""§12 The AI's turn: its phases in order (§12.2-§12.8) and its reactions to air attacks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine import Event
from hulldown.games.pacific.rules.s16_air import aa_units, air_fighters, air_step
from hulldown.games.pacific.solo.s12_02_behaviour import band, resolve_table
from hulldown.games.pacific.solo.s12_03_cards import card_phase
from hulldown.games.pacific.solo.s12_04_deployment import deployment
from hulldown.games.pacific.solo.s12_06_movement import heal_and_repair, movement
from hulldown.games.pacific.solo.s12_07_shooting import shooting
from hulldown.games.pacific.solo.s12_08_discard import discard
from hulldown.games.pacific.solo.words import Said, note

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def ai_turn(st: PacificFields, events: list[Event], table: str | None = None) -> None:
    """§12.2-§12.8 The AI's turn under ``table`` (None: the scenario's, else Variable): behaviour,
    cards, deployment, then the rest of the turn unless the player must answer first."""
    side = 1
    t = resolve_table(st, table)
    b = band(st, side, events, t)
    card_phase(st, events)
    if st.over:
        return
    deployment(st, b, events, t)
    if st.para_drops or st.ai_card_attacks:
        # §16.3, §11.13: the player's AA answers the drops and its Smoke Grenades the attack
        # cards first; rules.advance then resumes the turn
        st.ai_resume = (b, t)
        return
    ai_turn_rest(st, b, t, events)


def ai_turn_rest(st: PacificFields, b: str, t: str, events: list[Event]) -> None:
    """§12.6-§12.8 The AI's turn after its Deployment phase. When its Shooting phase waits for the
    player (a Smoke Grenade, §11.13; an interception, escort or AA fire, §16.1) ``ai_resume``
    is set and rules.advance calls this again once the player has answered: the phase goes on
    from ``ai_shots``."""
    side = 1
    if st.ai_shots is None:
        movement(st, b, events, t)
        heal_and_repair(st, events)
    if shooting(st, events):
        st.ai_resume = (b, t)
        return
    for w in st.units.values():  # §12 Flip Over: untilt the tokens (carried units' too)
        if w.side == side:
            for u in w.each():
                for tok in u.tokens:
                    tok.used = False
    discard(st, b, events, t)


def ai_air_reaction(st: PacificFields, phase: str, events: list[Event]) -> None:
    """§12 Air: The obvious choice from the AI's side: intercept, escort and fire AA whenever it can."""
    air = st.pending_air
    assert air is not None
    if phase == "intercept":
        f = air_fighters(st, air["def"])
        note(st, Said("ai.air-intercept" if f else "ai.air-no-intercept"), events)
        air_step(st, "intercept" if f else "no-intercept", f[0] if f else -1, events)
    elif phase == "escort":
        f = air_fighters(st, 1 - air["def"], exclude=air["plane"])
        air_step(st, "escort" if f else "no-escort", f[0] if f else -1, events)
    else:
        a = aa_units(st)
        air_step(st, "aa" if a else "aa-done", a[0] if a else -1, events)
