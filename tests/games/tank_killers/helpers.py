"""Direct setup of Tank Killers positions for scenario tests.

Cards are moved between zones by name, so every card stays in exactly one
zone; the state then continues through the real rules.
"""

from __future__ import annotations

from typing import Any

from hulldown.engine.state import Event
from hulldown.games.tank_killers import GAME
from hulldown.games.tank_killers.state import TankKillersState


def new(seed: int = 0, **options: Any) -> TankKillersState:
    st = GAME.new(seed=seed, options=options)
    assert isinstance(st, TankKillersState)
    return st


def _zones(st: TankKillersState) -> list[list[int]]:
    return list(st._card_zones().values())


def _pull(st: TankKillersState, card: int) -> None:
    for z in _zones(st):
        if card in z:
            z.remove(card)
            return
    raise AssertionError(f"card {card} in no zone")


def tactic(st: TankKillersState, name: str, skip: tuple[int, ...] = ()) -> int:
    t = st.R.tname.index(name)
    return next(c for c in range(st.R.n_tactics) if st.R.ttype[c] == t and c not in skip)


def give(st: TankKillersState, seat: int, *names: str) -> None:
    """Make ``seat``'s hand exactly these tactics cards (the old hand goes under the tactics deck)."""
    old = list(st.hands[seat])
    st.hands[seat].clear()
    st.tdeck[:0] = old
    taken: list[int] = []
    for n in names:
        c = tactic(st, n, tuple(taken))
        taken.append(c)
        _pull(st, c)
        st.hands[seat].append(c)
    st._legal_cache = None


def unit(st: TankKillersState, seat: int, name: str) -> int:
    """A card of that name from ``seat``'s formation deck (face down, not the top if avoidable)."""
    R = st.R
    for c in st.fdeck[seat]:
        if R.fname[c] == name:
            return c
    raise AssertionError(f"no {name} left in the formation deck of seat {seat}")


def put(st: TankKillersState, seat: int, name: str, zone: list[int]) -> int:
    c = unit(st, seat, name)
    _pull(st, c)
    zone.append(c)
    st._legal_cache = None
    return c


def on_top(st: TankKillersState, seat: int, *names: str) -> None:
    """Put these cards on top of the formation deck, the last name on the very top."""
    for n in names:
        put(st, seat, n, st.fdeck[seat])


def ids(st: TankKillersState) -> list[str]:
    return [a.id for a in st.legal_actions()]


def attack(
    st: TankKillersState, attacker: str, target: str, *, on_deck: bool = True, attacker_seat: int = 0
) -> list[Event]:
    """From the start of a turn of ``attacker_seat`` (maneuver), attack ``target`` and stop at the
    lost attack subphase. ``on_deck``: the target is the top of the defender's formation deck,
    otherwise it is put in play first."""
    assert st.phase == 0 and st.active == attacker_seat
    d = 1 - attacker_seat
    on_top(st, attacker_seat, attacker)
    if on_deck:
        on_top(st, d, target)
    else:
        put(st, d, target, st.in_play[d])
    ev = st.apply("pass")
    assert st.R.fname[st.att] == attacker
    ev += st.apply("target:deck" if on_deck else "target:" + st.R.uslug[st.R.unit_names.index(target)])
    return ev


def to_modifiers(st: TankKillersState, attacker: str, target: str, **kw: Any) -> None:
    attack(st, attacker, target, **kw)
    st.apply("pass")  # the defender plays no lost-attack card
    assert st.phase == 3


def play(st: TankKillersState, name: str) -> list[Event]:
    from hulldown.games.tank_killers.cards import slug

    return st.apply("play:" + slug(name))


def finish_turn(st: TankKillersState) -> None:
    """Play out the rest of the current turn choosing "pass" (or the first action) everywhere."""
    active, turn = st.active, st.turn
    while not st.is_over and st.turn == turn and st.active == active:
        legal = ids(st)
        st.apply("pass" if "pass" in legal else legal[0])
