"""Scenario building: put named cards where a test needs them and skip to a turn."""

from __future__ import annotations

from typing import Any

from hulldown.engine import registry
from hulldown.games.tank_hunter.state import MAIN, TankHunterState

GAME = registry.load("tank-hunter")


def table(
    front: dict[int, list[str]] | None = None,
    rear: dict[int, list[str]] | None = None,
    hands: dict[int, list[str]] | None = None,
    players: int = 2,
    options: dict[str, Any] | None = None,
    hidden: tuple[str, ...] = (),
    turn: int = 0,
) -> TankHunterState:
    """A game in seat ``turn``'s main decision with exactly these units and hands.

    Units are revealed unless named in ``hidden``; every other card goes back to
    the decks. The event deck keeps its order.
    """
    s = GAME.new(seed=1, players=players, options=options or {})
    assert isinstance(s, TankHunterState)
    for p in range(players):
        for c in s.packet[p] + s.kept[p]:
            (s.unit_deck if c < s.nu else s.event_deck).insert(0, c)
        s.packet[p] = []
        s.kept[p] = []
    s.picked = [-1] * players
    for p, names in (front or {}).items():
        for n in names:
            s.front[p].append(_take_unit(s, n, p, hidden))
    for p, names in (rear or {}).items():
        for n in names:
            s.rear[p].append(_take_unit(s, n, p, hidden))
    for p, names in (hands or {}).items():
        for n in names:
            s.hand[p].append(_take_event(s, n))
    s.turn = turn
    s.phase = MAIN
    s.acted = False
    s._legal_cache = None
    return s


def _take_unit(s: TankHunterState, name: str, p: int, hidden: tuple[str, ...]) -> int:
    for u in s.unit_deck:
        if s.udefs[u].name == name:
            s.unit_deck.remove(u)
            s.owner[u] = p
            s.revealed[u] = name not in hidden
            s.seen[u] = s.revealed[u]
            return u
    raise KeyError(name)


def _take_event(s: TankHunterState, name: str) -> int:
    for c in s.event_deck:
        if s.ev(c).name == name:
            s.event_deck.remove(c)
            return c
    raise KeyError(name)


def unit(s: TankHunterState, p: int, name: str) -> int:
    for u in s.units_of(p):
        if s.udefs[u].name == name:
            return u
    raise KeyError(name)


def ids(s: TankHunterState) -> list[str]:
    return [a.id for a in s.legal_actions()]


def play(s: TankHunterState, *actions: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for a in actions:
        out.extend(s.apply(a))
    return out


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]
