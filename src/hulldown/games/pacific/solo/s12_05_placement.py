"""§12.5 Placement: where a deployed unit goes and which unit a support card boosts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hulldown.games.pacific import grid
from hulldown.games.pacific.rules.s05_deployment import support_targets
from hulldown.games.pacific.solo.s12_00_common import by_die, gives_cover
from hulldown.games.pacific.solo.s12_04_priorities import DEFENCE_EFFECTS
from hulldown.games.pacific.solo.s12_12_night import hidden_foe, known
from hulldown.games.pacific.solo.words import Said
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def _in_range_of_enemy(st: PacificFields, u: Unit) -> bool:
    """§12.5 Is the unit in range of an enemy unit (as the AI may know it, §12.12)?"""
    return any(
        e.side != u.side and e.space >= 0 and grid.DIST[e.space][u.space] <= known(st, e).card.range
        for e in st.units.values()
    )


def _can_fire(st: PacificFields, u: Unit) -> bool:
    """§12.5 Has the unit an enemy unit or the enemy HQ in range this turn?"""
    if u.space < 0 or u.card.damage == 0:
        return False
    if grid.hq_distance(1 - u.side, u.space) <= u.card.range:
        return True
    return any(
        e.side != u.side and e.space >= 0 and grid.DIST[e.space][u.space] <= u.card.range for e in st.units.values()
    )


def support_target(st: PacificFields, sc: Any, b: str, phase: str = "deploy") -> tuple[int, str]:
    """§12.4 :func:`support_choice` with its reason in English."""
    target, why = support_choice(st, sc, b, phase)
    return target, why.render()


def support_choice(st: PacificFields, sc: Any, b: str, phase: str = "deploy") -> tuple[int, Said]:
    """§12.4 support placement (-1: no unit target, -2: no fitting target: the card waits).

    Attack boosts go on the AI's costliest unit that can fire this turn; Promotion and the
    Fortunate-like accuracy cards wait for the Shooting phase (§12.7, ``phase="shoot"``): Promotion
    on an undamaged tank, else an undamaged artillery or armed transport (the third choice, the
    first undamaged infantry that destroys an enemy unit, and Fortunate, on the attacker of the
    battle objective or of a unit whose loss breaks the Supply Line, are made in :func:`shooting`);
    defence boosts on the AI's costliest unit in an enemy's range; cards played on enemy units on
    the player's costliest unit that has an AI unit in range.
    """
    targets = support_targets(st, 1, sc)
    if not targets:
        return -2, Said("ai.sup.no-target")
    if targets[0] is None:
        return -1, Said("ai.sup.no-target-needed")
    units = [known(st, st.units[t]) for t in targets if t is not None]
    units.sort(key=lambda u: (-u.card.cost, u.space if hidden_foe(st, u) else -1, u.iid))
    if b == "initial" and sc.target == "own-unit":  # §12.5 turns 1-2: troops near cover first
        units.sort(key=lambda u: (0 if u.space >= 0 and st.terrain[u.space] >= 0 else 1, -u.card.cost, u.iid))
    e = sc.effect
    if sc.target == "enemy-unit":
        for u in units:
            if any(
                f.side == 1 and f.space >= 0 and grid.DIST[u.space][f.space] <= u.card.range for f in st.units.values()
            ):
                return u.iid, Said.of("ai.sup.enemy", unit=u.card.name)
        return -2, Said("ai.sup.no-threat")
    if e in ("promotion", "accuracy-turn") and phase != "shoot":
        return -2, Said("ai.sup.kept")
    if e == "promotion":
        fresh = [u for u in units if u.wounds == 0 and u.space >= 0]
        for u in fresh:
            if u.card.type == "tank":
                return u.iid, Said.of("ai.sup.promo-tank", unit=u.card.name)
        for u in fresh:
            if u.card.type == "artillery" or (u.card.type == "transport" and u.card.damage > 0):
                return u.iid, Said.of("ai.sup.promo-other", unit=u.card.name)
        return -2, Said("ai.sup.promo-none")
    if e == "accuracy-turn":
        return -2, Said("ai.sup.fortunate")
    if e in DEFENCE_EFFECTS:
        for u in units:
            if u.space >= 0 and _in_range_of_enemy(st, u):
                return u.iid, Said.of("ai.sup.defence", unit=u.card.name)
        return -2, Said("ai.sup.no-defence")
    for u in units:
        if u.space < 0 or _can_fire(st, u):
            return u.iid, Said.of("ai.sup.attack", unit=u.card.name)
    return -2, Said("ai.sup.no-attack")


def placement(st: PacificFields, pierce: int, spaces: list[int], b: str, side: int = 1) -> tuple[int, str]:
    """§12.5 :func:`placement_choice` with its reason in English."""
    s, why = placement_choice(st, pierce, spaces, b, side)
    return s, why.render()


def placement_choice(st: PacificFields, pierce: int, spaces: list[int], b: str, side: int = 1) -> tuple[int, Said]:
    """§12.5: turns 1-2 nearest to cover; later Confronted Units, else an empty terrain card in the
    AI's rows, else nearest the battle objective."""
    cover = [s for s in range(grid.SPACES) if gives_cover(st, s) and st.board[s] < 0]
    if b != "initial":
        foes = sorted(
            (v for u in st.side_units(1 - side) if u.space >= 0 and pierce >= st.effective_armour(v := known(st, u))),
            key=lambda u: (-u.card.cost, grid.hq_distance(side, u.space), u.space),
        )
        if foes:
            f = foes[0]
            col = f.space % grid.COLS
            near = min(abs(s % grid.COLS - col) for s in spaces)
            best = [s for s in spaces if abs(s % grid.COLS - col) == near]
            return by_die(st, best), Said.of("ai.place.confronted", unit=f.card.name)
        mine = [s for s in cover if grid.own_row(side, s) <= 3]
        if mine:
            d = min(grid.DIST[s][c] for s in spaces for c in mine)
            best = [s for s in spaces if min(grid.DIST[s][c] for c in mine) == d]
            return by_die(st, best), Said("ai.place.terrain")
        d = min(grid.hq_distance(1 - side, s) for s in spaces)
        return by_die(st, [s for s in spaces if grid.hq_distance(1 - side, s) == d]), Said("ai.place.objective")
    if cover:
        d = min(grid.DIST[s][c] for s in spaces for c in cover)
        best = [s for s in spaces if min(grid.DIST[s][c] for c in cover) == d]
        return by_die(st, best), Said("ai.place.cover")
    return by_die(st, spaces), Said("ai.place.random")
