"""The solo AI at night reads only what its side may see of the player's face-down cards (§12.12)."""

from __future__ import annotations

from typing import Any

from hulldown.engine.state import Event
from hulldown.games.pacific import combat, grid, solo
from hulldown.games.pacific.rules import fire_targets
from hulldown.games.pacific.state import PacificState

from .test_rules import new, put, to_deploy

#: the player's face-down cards, two looks-alike sets (ground units without Infiltration)
SET_A = ("us-m26-pershing", "us-light-infantry", "us-m1-howitzer", "us-radio-operator")
SET_B = ("us-heavy-infantry", "us-m4a2", "us-m1-37mm", "us-m3-howitzer")
PLAYER_SPACES = ((1, 2), (1, 5), (0, 6), (2, 0))


def night_scene(cards: tuple[str, ...], turn: int = 9) -> PacificState:
    """The AI's turn at night (turn ``turn``), the player's units face down, wounded or not."""
    st = new(players=1, night=True)
    to_deploy(st)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    put(st, "jp-light-infantry", 1, grid.space(4, 2))
    put(st, "jp-type95-hago", 1, grid.space(5, 5))
    put(st, "jp-heavy-infantry", 1, grid.space(4, 6)).wounds = 1
    for k, (cid, (r, c)) in enumerate(zip(cards, PLAYER_SPACES, strict=True)):
        u = put(st, cid, 0, grid.space(r, c))
        u.tokens = [st.new_token(f) for f in u.card.free]
        u.face_down = True
        u.wounds = 1 if k == 1 else 0
    st.active, st.phase, st.turn = 1, "hq", turn
    st.ap[1] = 8
    return st


def ai_decisions(st: PacificState) -> tuple[list[str], list[tuple[int, int]], list[tuple[str, str]]]:
    """The AI's Card, Deployment and Movement phases, then the target each of its weapons would
    pick (no die rolled for an attack): its log, its units' spaces and the targets."""
    events: list[Event] = []
    b = solo.band(st, 1, events, "variable")
    solo.card_phase(st, events)
    solo.deployment(st, b, events, "variable")
    solo.movement(st, b, events, "variable")
    spaces = sorted((u.iid, u.space) for u in st.side_units(1))
    picks = []
    for u in sorted(st.side_units(1), key=lambda x: x.iid):
        if u.space < 0 or u.card.damage == 0:
            continue
        opts: list[tuple[str, Any]] = []
        for tid, _ in fire_targets(st, u, -1):
            e = st.units.get(int(tid[1:])) if tid.startswith("u") else None
            opts.append((tid, combat.numbers(st, u, None, None if e is None else solo.known(st, e))))
        if opts:
            picks.append(solo.target_priority(st, u, opts))
    return list(st.ai_log), spaces, picks


def test_ai_choices_do_not_depend_on_what_a_face_down_card_is() -> None:
    for turn in (1, 9):
        a = ai_decisions(night_scene(SET_A, turn))
        b = ai_decisions(night_scene(SET_B, turn))
        assert a == b
    assert any("face-down" in why for _, why in a[2])  # it did aim at the unknown units
    assert any("Confronted Units, column of a face-down unit" in line for line in a[0])


def test_ai_full_turn_is_the_same_until_a_die_falls_on_a_face_down_card() -> None:
    """The whole turn through the rules' entry point, every attack missing: the same decisions."""
    logs = []
    for cards in (SET_A, SET_B):
        st = night_scene(cards)
        events: list[Event] = []
        st.script_chance(*([1] * 400))  # ties take the first option, every attack misses
        solo.ai_turn(st, events, "variable")
        logs.append(list(st.ai_log))
    assert logs[0] == logs[1]
    assert any(line.startswith("12.7 Shooting") for line in logs[0])


def test_unknown_unit_reading() -> None:
    """§12.12: the stand-in: never destroyed by a standard hit, damageable, the worst reach."""
    st = night_scene(SET_A)
    light = next(u for u in st.side_units(0) if u.card.id == "us-light-infantry")
    seen = solo.known(st, light)
    assert seen is not light and seen.space == light.space and seen.wounds == light.wounds
    assert seen.card.name == "a face-down unit" and seen.card.cost == 0 and seen.card.armour == 0
    longest = max(u.range for u in st.db.units.values() if u.army == "us" and u.type != "aircraft")
    assert seen.card.range == longest
    light.face_down = False
    assert solo.known(st, light) is light  # face up: the AI reads the card
    shooter = next(u for u in st.side_units(1) if u.card.id == "jp-light-infantry")
    light.face_down = True
    light.wounds = light.hp - 1  # one wound from destruction: a player would not know it
    tid, why = solo.target_priority(st, shooter, [(f"u{light.iid}", combat.numbers(st, shooter, None, seen))])
    assert tid == f"u{light.iid}" and "priority 1" not in why and "face-down" in why
