"""§7 Shooting: the targets a weapon may take (§7.3: a shot that cannot damage is never offered),
the Shooting phase's choices, and a shot's effect (the dice are in ``combat.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hulldown.engine import Action, Event, public
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import combat, grid
from hulldown.games.pacific.actions import MAIN, WORDS
from hulldown.games.pacific.ids import SPACE_NAMES, unit_ref
from hulldown.games.pacific.labels import enemy_name, named, token_name
from hulldown.games.pacific.offers import make
from hulldown.games.pacific.rules.s01_battlefield import by_iid
from hulldown.games.pacific.rules.s11_07_night import reveal
from hulldown.games.pacific.rules.s11_optional import token_actions
from hulldown.games.pacific.rules.s16_air import start_air_attack
from hulldown.games.pacific.units import HQ_SPACE, Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields

SHOOT_DONE: Final = WORDS["shoot-done"]


def shots_left(u: Unit) -> int:
    """§7.5 Main-weapon shots the unit has left this turn (*Multiple*, extra attacks)."""
    return 1 + u.multiple() + u.extra_turn + u.extra_perm - u.main_shots


def screen_reach(st: PacificFields, u: Unit, token_range: int) -> int:
    """§17.7 How far a Smoke Screen shot reaches: "within their attack range", the unit's main
    weapon's (weather and *Long Range* included); games recorded before use the token's Range."""
    if st._options["smoke_screen"] == "token":
        return token_range
    return st.weapon_range(u, u.card.range, True)


def screen_actions(st: PacificFields) -> list[Action]:
    """§17.7 The optional side tokens of the Smoke Screen just fired: none, either or both of the
    spaces beside its target in the row, where the battlefield has them."""
    _, c = grid.rc(st.smoke[0])
    out: list[Action] = []
    for sides, cols in acts.SCREEN_SIDES.items():
        spaces = [SPACE_NAMES[st.smoke[0] + d] for d in cols if 0 <= c + d < grid.COLS]
        if len(spaces) == len(cols):
            key = "act.screen" if spaces else "act.screen.none"
            out.append(make(acts.Screen, sides, key=key, spaces=", ".join(spaces)))
    return out


def place_screen(st: PacificFields, sides: str, events: list[Event]) -> None:
    """§17.7 Lay the chosen side tokens of a Smoke Screen; the Shooting phase goes on."""
    centre = st.smoke[0]
    for d in acts.SCREEN_SIDES[sides]:
        st.smoke.append(centre + d)
        events.append(public("smoke-screen", space=grid.name(centre + d)))
    st.phase = "shoot"


#: The terrain layout :func:`terrain_targets` last read: (terrain card instance on each space,
#: the spaces holding one). One tuple, read and replaced whole, so games stepped in other threads
#: never mix two answers.
_PLACED: Final[list[tuple[tuple[int, ...], tuple[int, ...]]]] = [((), ())]


def terrain_targets(st: PacificFields) -> list[int]:
    """§8.1 Spaces holding unoccupied terrain with Hit Points left (§8.1)."""
    hp = st.terrain_hp
    board = st.board
    terrain = st.terrain
    layout = tuple(terrain)
    last = _PLACED[0]
    if last[0] != layout:
        last = _PLACED[0] = (layout, tuple([s for s, iid in enumerate(layout) if iid >= 0]))
    return [s for s in last[1] if board[s] < 0 and hp.get(terrain[s], 0) > 0]


def fire_targets(
    st: PacificFields,
    u: Unit,
    weapon_k: int,
    ordered: list[Unit] | None = None,
    terrain: list[int] | None = None,
    armour: dict[int, int] | None = None,
) -> list[tuple[str, str]]:
    """§7.3 (target id, label) for one weapon: units it can damage, the HQ, unoccupied terrain.

    ``ordered`` (the units by card instance; those of the shooter's side may be left out),
    ``terrain`` (terrain_targets) and ``armour`` (each
    unit's effective Armour, filled in as asked) may be passed in by a caller that asks for many
    weapons at once.
    """
    return _targets(st, u, weapon_k, ordered, terrain, armour, -1)


def _targets(
    st: PacificFields,
    u: Unit,
    weapon_k: int,
    ordered: list[Unit] | None,
    terrain: list[int] | None,
    armour: dict[int, int] | None,
    side: int,
) -> list[tuple[str, str]]:
    """§7.3 :func:`fire_targets`, each target by its internal id (``side`` -1) or as the acting
    ``side`` names it in a Fire action (:func:`~hulldown.games.pacific.ids.target_ref`)."""
    out: list[tuple[str, str]] = []
    if ordered is None:
        ordered = sorted(st.units.values(), key=by_iid)
    if armour is None:
        armour = {}
    weapon = None if weapon_k < 0 else u.tokens[weapon_k].up
    rng, _, _, pierce, _ = combat.weapon_stats(u, weapon)
    if weapon is None and u.main_shots == 1 and u.card.second_gun is not None:
        pierce = u.card.second_gun[0]  # §7.8
    enemy = 1 - u.side
    if u.space == HQ_SPACE:  # aircraft: any space, the HQ, aircraft beside it (§16)
        if st.weather in ("winds", "storm"):
            return out
        for e in ordered:
            if e.side == enemy and (e.face_down or pierce >= _armour(st, e, armour)):
                out.append((f"u{e.iid}" if side < 0 else unit_ref(e, side), enemy_name(e)))
        if pierce >= st.hq_armour(enemy):
            out.append(("hq", "the HQ"))
        return out
    main = weapon is None
    reach = st.weapon_range(u, rng, main)
    extended = reach
    if main and st._options["self_propelled"] and u.has("self-propelled"):
        extended = 12
    dist = grid.DIST[u.space]
    to_hq = grid.HQ_DIST[enemy][u.space]
    for e in ordered:
        if e.side != enemy:
            continue
        if e.space == HQ_SPACE:
            if u.has("anti-aircraft") and to_hq <= reach:
                out.append((f"u{e.iid}" if side < 0 else unit_ref(e, side), enemy_name(e)))
            continue
        d = dist[e.space]
        # §7.5 offers only shots that can damage; a face-down card's Armour is unknown (§11.7); a
        # flamethrower ignores the Armour of a unit inside a Building (§7.9)
        if d > extended or (pierce < _armour(st, e, armour) and not e.face_down and not combat.flames(st, weapon, e)):
            continue
        if d > reach and not any(
            f.side == u.side and f.space >= 0 and f.iid != u.iid and grid.distance(f.space, e.space) <= f.card.range
            for f in st.units.values()
        ):
            continue  # §11.4: beyond range only when another friendly ground unit has it in range
        out.append((f"u{e.iid}" if side < 0 else unit_ref(e, side), enemy_name(e)))
    if to_hq <= reach and pierce >= st.hq_armour(enemy):
        out.append(("hq", "the HQ"))  # only a weapon that can damage it (§7.3)
    for s in terrain_targets(st) if terrain is None else terrain:
        if dist[s] <= reach:
            ref = f"t{SPACE_NAMES[s]}" if side < 0 else SPACE_NAMES[s]
            out.append((ref, st.db.terrain[st.cards[st.terrain[s]]].name))
    return out


#: Smoke Screen shots by (unit's space name, token, label name, reach): nearly half of all the
#: shooting choices in random games, and the same whenever the same unit stands on the same space.
_SCREEN_SHOTS: Final[dict[tuple[str, int, str, int], tuple[Action, ...]]] = {}


def _screen_shots(ref: str, k: int, who: str, space: int, reach: int) -> tuple[Action, ...]:
    """§17.7 A Smoke Screen token's shots: at every space within reach of the unit on ``space``
    (``ref``), made once per unit, token and reach."""
    key = (ref, k, who, reach)
    shots = _SCREEN_SHOTS.get(key)
    if shots is None:
        if len(_SCREEN_SHOTS) > 50_000:  # bounded like every action cache
            _SCREEN_SHOTS.clear()
        near = grid.DIST[space]
        shots = tuple(
            make(acts.Fire, ref, k, SPACE_NAMES[s], key="act.fire.smoke", who=who)
            for s in range(grid.SPACES)
            if near[s] <= reach
        )
        _SCREEN_SHOTS[key] = shots
    return shots


def _armour(st: PacificFields, e: Unit, known: dict[int, int]) -> int:
    """§7.3 The unit's effective Armour, worked out once per list of shooting choices."""
    a = known.get(e.iid)
    if a is None:
        a = known[e.iid] = st.effective_armour(e)
    return a


#: The fire label's key, by whether the target is the HQ (which names itself, no space after it).
_FIRE_KEY: Final = ("act.fire", "act.fire.hq")

#: Main-weapon shots by (unit, target, unit's name, target's name), the commonest shooting choice:
#: one flat look-up where :func:`make` would build its key from keywords.
_FIRES: Final[dict[tuple[str, str, str, str], Action]] = {}


def _fire(ref: str, tref: str, who: str, what: str) -> Action:
    """§7.5 The main weapon's shot of the unit ``ref`` at ``tref``, made once (:data:`_FIRES`)."""
    if len(_FIRES) > 200_000:  # bounded like every action cache
        _FIRES.clear()
    a = _FIRES[ref, tref, who, what] = make(acts.Fire, ref, MAIN, tref, key=_FIRE_KEY[tref == "hq"], who=who, what=what)
    return a


_TOKEN_FIRE_KEY: Final = ("act.fire.token", "act.fire.token.hq")


def shoot_actions(st: PacificFields, slot: int) -> list[Action]:
    """§7.5 The Shooting phase's choices: each weapon at each target it can damage, tokens used,
    aircraft attacks (§16.1)."""
    out: list[Action] = []
    ordered = sorted(st.units.values(), key=by_iid)
    side = st.side_of(slot)
    enemies = [e for e in ordered if e.side != side]  # the only targets (fire_targets)
    terrain = terrain_targets(st)
    armour: dict[int, int] = {}
    fires = _FIRES
    shooters = []
    for u in ordered:
        shooters.append(u)
        if u.cargo is not None and u.space >= 0 and u.has("embark-disembark"):
            shooters.append(u.cargo)  # §15.5: units fire from inside a landing craft
    for u in shooters:
        if u.owner != slot or u.no_fire:
            continue
        ref = unit_ref(u, u.side)
        who = named(u, u.side)
        exchanged = u.has("exchange") and any(t.up.id == "tank-flamethrower" for t in u.tokens)
        if (
            u.card.damage > 0
            and u.card.range + (1 if u.space == HQ_SPACE else 0) > 0
            and shots_left(u) > 0
            and not exchanged
        ):
            for tref, name in _targets(st, u, -1, enemies, terrain, armour, u.side):
                out.append(fires.get((ref, tref, who, name)) or _fire(ref, tref, who, name))
        for k, t in enumerate(u.tokens):
            if t.used or t.spent:
                continue
            if t.up.effect == "smoke-screen" and u.space >= 0:
                out.extend(_screen_shots(ref, k, who, u.space, screen_reach(st, u, t.up.range)))
                continue
            if not t.up.is_weapon or (t.up.mount and not t.mounted):
                continue
            if u.space == HQ_SPACE:
                continue  # a bomber's HMG only fires at interceptors (§16)
            tok = ""
            for tref, name in _targets(st, u, k, enemies, terrain, armour, u.side):
                tok = tok or token_name(u, k)
                key = _TOKEN_FIRE_KEY[tref == "hq"]
                out.append(make(acts.Fire, ref, k, tref, key=key, who=who, tok=tok, what=name))
        if u.space >= 0 and not u.healed and (u.tokens or "heal" in u.card.tags or "repair" in u.card.tags):
            _heal_actions(st, u, who, out)  # nothing to do without the ability on card or token
        if u.tokens:
            out.extend(token_actions(st, u))  # §15.7: from inside a landing craft too
    out.append(SHOOT_DONE)
    return out


def _heal_actions(st: PacificFields, u: Unit, who: str, out: list[Action]) -> None:
    """§9 The abilities Heal and Repair (once a turn): a wound off the unit itself or an adjacent
    friendly one; a unit with neither ability, nearly every one, is done at once."""
    heal = u.has("heal") or u.token_effect("heal")
    repair = u.has("repair") or u.token_effect("repair")
    if not (heal or repair):
        return
    inside = u.iid not in st.units  # §15.5: skills are used from inside a landing craft too
    for n in [u.space, *grid.NEIGH[u.space]]:
        f = u if inside and n == u.space else st.unit_at(n)
        if f is None or f.side != u.side or f.wounds == 0:
            continue
        if (heal and f.card.type in ("infantry", "artillery")) or (
            repair and f.card.type in ("artillery", "tank", "transport") and f is not u
        ):
            out.append(make(acts.Heal, u.space, n, who=who, what=named(f, u.side)))


def fire(st: PacificFields, u: Unit, weapon: str, target: str, events: list[Event]) -> None:
    """§7.5: one attack with the main gun or a weapon token."""
    reveal(st, u, events)  # §11.7: a unit that fires is turned face up
    k = -1 if weapon == "main" else int(weapon)
    tok = None if k < 0 else u.tokens[k]
    if tok is not None:
        tok.used = True
        if tok.up.single_use:
            tok.spent = True
        if tok.up.effect == "smoke-screen":  # automatic hit: up to 3 Smoke tokens
            s = grid.parse(target[1:])
            r, c = grid.rc(s)
            if st._options["smoke_screen"] == "token":  # as games recorded before were played
                st.smoke = [grid.space(r, cc) for cc in (c - 1, c, c + 1) if 0 <= cc < grid.COLS]
            else:  # the target's token now; the shooter chooses the optional side tokens next
                st.smoke = [s]
                st.phase = "screen"
            events.append(public("smoke-screen", space=grid.name(s)))
            return
    shot = 0
    if k < 0:
        shot = u.main_shots
        u.main_shots += 1
    if u.space == HQ_SPACE:
        start_air_attack(st, u, target, events)
        return
    up = None if tok is None else tok.up
    if target == "hq":
        atk = combat.numbers(st, u, up, None, shot_index=shot, target_hq=True)
        combat.attack_hq(st, u, atk, 1 - u.side, events, u.card.name)
    elif target.startswith("t"):
        s = grid.parse(target[1:])
        atk = combat.numbers(st, u, up, None, shot_index=shot)
        flame = up is not None and up.effect == "flamethrower"
        combat.attack_terrain(st, s, atk, flame, k < 0 and u.has("ordnance"), events)
    else:
        e = st.units[int(target[1:])]
        d = grid.distance(u.space, e.space) if e.space >= 0 else grid.hq_distance(e.side, u.space)
        atk = combat.numbers(st, u, up, e, shot_index=shot, dist=d)
        combat.resolve_on_unit(st, u, atk, e, events, u.card.name, combat.flames(st, up, e))
