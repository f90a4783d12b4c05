"""Scripted Tank Clash positions: fixed first player, deck orders, checkpoints and tanks."""

from __future__ import annotations

from typing import Any

from hulldown.games.tank_clash import GAME
from hulldown.games.tank_clash.data import MORALE_NAMES
from hulldown.games.tank_clash.state import TankClashState

# With identity shuffles seat 0 holds mission "ace-2", seat 1 "ace-1"; the morale deck's top
# card is the last of cards.toml ("Ambush"), then "Demolish", "Sabotage", "Airdrop", ...
MORALE_ORDER = MORALE_NAMES


DEFAULT_CHECKPOINTS = (["G1", "H4", "I7"], ["F14", "G11", "H8"])


def start_game(
    seat0: list[tuple[str, str]],
    seat1: list[tuple[str, str]],
    *,
    options: dict[str, Any] | None = None,
    first: int = 0,
    aces: tuple[str, str] = ("a5", "b5"),
    checkpoints: tuple[list[str], list[str]] | None = None,
    missions: tuple[int, ...] = (0, 1, 2, 3, 4, 5),
) -> TankClashState:
    """A game after set-up: ``seat0``/``seat1`` list (kind, hex) in placing order (a1.., b1..)."""
    opts = {"side": "american", **(options or {})}
    script: list[tuple[Any, ...]] = []
    if not opts.get("victory_points"):
        script.append(("shuffle", 6, missions))
    script.append(("choice", 2, first))
    script.append(("shuffle", 12, tuple(range(12))))
    s = GAME.new(seed=1, options=opts, script=script)
    assert isinstance(s, TankClashState)
    for step in range(6):
        seat = first if step % 2 == 0 else 1 - first
        cps = checkpoints or DEFAULT_CHECKPOINTS
        s.apply(f"checkpoint:{cps[seat][step // 2]}")
    # place the roster on the deployment rows (2.6), then move every tank to its test hex
    order = [(first, [seat0, seat1][first]), (1 - first, [seat0, seat1][1 - first])]
    for i in range(5):
        for _seat, lst in order:
            kind = lst[i][0]
            spot = next(a.id for a in s.legal_actions() if a.id.startswith(f"place:{kind}:"))
            s.apply(spot)
    ace = {0: aces[0], 1: aces[1]}
    s.apply(f"ace:{ace[first]}")
    s.apply(f"ace:{ace[1 - first]}")
    for t in range(10):
        s.relocate(t, -1)
    for seat, lst in ((0, seat0), (1, seat1)):
        for i, (_kind, hex_) in enumerate(lst):
            h = s.field.grid.parse(hex_)
            assert s.occupant[h] < 0, f"{hex_} given twice"
            s.relocate(seat * 5 + i, h)
    if s.options["fog_of_war"]:
        s._check_reveals([])
    s._legal_cache = None
    return s


def far_tanks(seat: int) -> list[tuple[str, str]]:
    """Five tanks on their own back row corners, out of everyone's way."""
    if seat == 0:
        return [("medium", "A1"), ("medium", "B1"), ("medium", "C1"), ("heavy", "D1"), ("destroyer", "L1")]
    return [("medium", "L14"), ("medium", "K14"), ("medium", "J14"), ("heavy", "I14"), ("destroyer", "A14")]


def ids(state: TankClashState) -> set[str]:
    return {a.id for a in state.legal_actions()}


def put(state: TankClashState, t: int, hex_: str | None) -> None:
    """Move tank ``t`` by hand (``None``: destroyed) to build a position for a test."""
    if hex_ is None:
        state.relocate(t, -1)
        state.destroyed[t] = True
    else:
        h = state.field.grid.parse(hex_)
        assert state.occupant[h] in (-1, t), f"{hex_} is occupied"
        state.relocate(t, h)
    state._legal_cache = None


def give(state: TankClashState, seat: int, *cards: str) -> None:
    """Move morale cards from the deck to a hand."""
    for c in cards:
        state.morale_deck.remove(c)
        state.hands[seat].put_top(c)
    state._legal_cache = None
