"""Every label names the unit its action really uses, by card and space, and no face-down enemy."""

from __future__ import annotations

from typing import Any

from hulldown.engine import registry
from hulldown.engine.rng import SplitMix64
from hulldown.games.pacific.ids import find_unit
from hulldown.games.pacific.state import PacificState

GAME = registry.load("2gm-pacific")
#: id kinds whose second part names the acting unit (a space, or a bay beside the HQ)
SOURCE_KINDS = frozenset(
    {"move", "ride", "cover", "fire", "upgrade", "load", "fetch", "heal", "advance", "pickup", "assault", "sap"}
    | {"trade", "mount", "dismount", "unload", "aa", "intercept", "escort"}
)


def _check_labels(st: PacificState) -> int:
    """Check the labels of the legal actions now; how many named a unit."""
    side = st.side_of(st.actor)
    checked = 0
    for a in st.legal_actions():
        parts = a.id.split(":")
        if parts[0] not in SOURCE_KINDS or len(parts) < 2:
            continue
        owner = st.pending_air["def"] if parts[0] == "aa" else side  # anti-aircraft answers the enemy's plane
        u = find_unit(st, parts[1], owner)
        # a landing craft's shots and skills are those of the unit it carries (§15.5)
        assert any(
            f"{x.card.name} ({parts[1]})" in a.label or f"{x.card.name} from {parts[1]} " in a.label for x in u.each()
        ), (a.id, a.label)
        if parts[0] == "move":
            assert a.label == f"Move {u.card.name} from {parts[1]} to {parts[2]}", a.label
        if parts[0] in ("fire", "assault") and parts[-1][0].isdigit():
            target = parts[-1]
            assert a.label.endswith((f"({target})", f"Smoke Screen on {target}")), a.label
            e = find_unit(st, target, side) if st.board[_space(target)] >= 0 else None
            if e is not None and e.side != side and e.face_down:
                assert e.card.name not in a.label.replace(f"{u.card.name} (", ""), a.label
        checked += 1
    return checked


def _space(ref: str) -> int:
    from hulldown.games.pacific import grid

    return grid.parse(ref)


def _play(seed: int, players: int, options: dict[str, Any]) -> int:
    st = GAME.new(seed=seed, players=players, options=options)
    assert isinstance(st, PacificState)
    rng = SplitMix64(seed)
    checked = 0
    while not st.is_over:
        checked += _check_labels(st)
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    return checked


def test_labels_name_the_acting_unit_and_hide_face_down_enemies() -> None:
    night = {"night": True, "deck": "random", "points": 100, "starting_deployment": True}
    assert _play(0, 2, {}) > 0
    assert _play(1, 2, night) > 0
    assert _play(2, 4, {"scenario": "island-landing", "heroes": True}) > 0
