"""What one seat (or a spectator, ``seat=None``) sees of a Tank Clash game.

Hidden: the opponent's secret mission and morale hand, the order of both decks,
and under fog of war the type, armour and ace of every concealed enemy tank
(a concealed stack shows only its hex and that it is concealed; stacks are the
same height, clause 13.2). Everything else lies face up on the table.
"""

from __future__ import annotations

from collections.abc import Mapping

from hulldown.games.tank_clash.actions import TANK_IDS
from hulldown.games.tank_clash.data import KINDS, TERRAIN
from hulldown.games.tank_clash.fields import PHASE_NAMES, RESULTS, StateFields
from hulldown.games.tank_clash.views import (
    AttackView,
    CheckpointView,
    MissionView,
    TankClashObservation,
    TankView,
)


def _terrain_rows(state: StateFields) -> list[str]:
    """Terrain letters per row, row 1 of seat 0 first (boards.toml legend; R = ruins)."""
    key = (state.field.arrangement, state.demolished)
    rows = _ROWS.get(key)
    if rows is None:
        letter = {v: k for k, v in TERRAIN.items()}
        g = state.field.grid
        terrain = list(state.field.terrain)
        for h in state.demolished:
            terrain[h] = "ruins"
        rows = tuple("".join(letter[terrain[r * g.width + c]] for c in range(g.width)) for r in range(g.height))
        if len(_ROWS) > 1000:
            _ROWS.clear()
        _ROWS[key] = rows
    return list(rows)


#: terrain rows per arrangement and demolished houses (in the order they fell), built once
_ROWS: dict[tuple[str, tuple[int, ...]], tuple[str, ...]] = {}


def _tank(state: StateFields, t: int, seat: int | None) -> TankView:
    """11.1/13.2 one tank as ``seat`` sees it: a concealed enemy shows its hex, never its type, armour or ace."""
    owner = t // 5
    h = state.hex[t]
    concealed = state.concealed[t]
    d: TankView = {
        "id": TANK_IDS[t],
        "seat": owner,
        "hex": state.hex_name(h) if h >= 0 else None,
        "destroyed": state.destroyed[t],
        "damage": state.damage[t],
        "moved": state.moved[t],
        "attacked": state.attacked[t],
        "crossed": state.crossed[t],
        "concealed": concealed,
        "kind": None,
        "armour": None,
        "ace": None,
    }
    if concealed and seat != owner:
        return d
    d["kind"] = KINDS[state.kind[t]]
    d["name"] = state.tank_name(t)
    fp, ar, sp = state.stats(t)
    d["firepower"], d["max_armour"], d["speed"] = fp, ar, sp
    d["armour"] = state.armour[t]
    d["ace"] = state.ace[owner] == t
    if concealed:
        d["fast"] = state.fast[t]
    return d


def _checkpoints(state: StateFields) -> list[CheckpointView]:
    """Every checkpoint placed so far, with its owner and who holds it now (all public)."""
    return [
        {
            "owner": i // 3,
            "row": (1, 4, 7)[i % 3],
            "hex": state.hex_name(state.cp_hex[i]),
            "holder": state.cp_holder[i],
            "base_camp": i % 3 == 0,
        }
        for i in range(6)
        if state.cp_hex[i] >= 0
    ]


def _own_mission(state: StateFields, seat: int | None) -> MissionView | None:
    """11.1 a seat sees its own secret mission, and no other."""
    if seat is None or state.mission[seat] is None:
        return None
    m = {x.id: x for x in state.card_data()[0]}[str(state.mission[seat])]
    return {"id": m.id, "kind": m.kind, "text": m.text}


def _attack(state: StateFields) -> AttackView | None:
    """The attack under way, if any: its dice lie on the table."""
    if state.at_a < 0:
        return None
    return {
        "attacker": TANK_IDS[state.at_a],
        "target": TANK_IDS[state.at_t],
        "dice": list(state.at_dice),
        "modifier": state.at_mod,
        "extra_dice": state.at_extra,
        "rerolls": state.at_rerolls,
        "result": RESULTS[state.result()] if state.at_dice else None,
    }


def observe(state: StateFields, seat: int | None) -> TankClashObservation:
    """What ``seat`` sees (a spectator with ``None``): everything but what 11.1 keeps secret."""
    name = state.hex_name
    obs: TankClashObservation = {
        "seat": seat,
        "arrangement": state.field.arrangement,
        "boards": list(state.field.boards),
        "terrain": _terrain_rows(state),
        "sides": list(state.side),
        "first_player": state.first,
        "phase": PHASE_NAMES[state.phase],
        "to_move": state.current_player,
        "active": state.active,
        "turn": state.turn_no + 1,
        "actions_taken": state.actions_taken,
        "tanks": [_tank(state, t, seat) for t in range(10) if state.kind[t] >= 0],
        "aces_killed": list(state.ace_dead),
        "checkpoints": _checkpoints(state),
        "tactical_used": [list(u) for u in state.tac_used],
        "tactical_barred": list(state.tac_barred),
        "tactical_played_this_turn": state.tac_turn,
        "smoke": list(state.smoke),
        "infantry_support": state.infantry,
        "morale_used": list(state.morale_used),
        "hand": sorted(state.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "morale_deck_size": len(state.morale_deck),
        "morale_discard": list(state.morale_discard),
        "mission": _own_mission(state, seat),
        "victory_points": list(state.vp),
        "demolished": [name(h) for h in state.demolished],
        "attack": _attack(state),
        "moving": TANK_IDS[state.pm_tank] if state.pm_tank >= 0 else None,
        "winner": state.winner,
        "reason": state.reason,
    }
    if state.is_over and state.reason.startswith("fulfilled"):
        obs["winning_mission"] = state.reason
        # the card's id, so that a page names the mission in its own language
        won = state.mission[state.winner] if state.winner is not None and state.winner >= 0 else None
        if won is not None:
            obs["winning_mission_id"] = won
    return obs


def observe_part(state: StateFields, seat: int | None, key: str) -> object:
    """``observe(state, seat)[key]``, the entries the heuristic reads built alone (the same code builds both)."""
    if key == "terrain":
        return _terrain_rows(state)
    if key == "tanks":
        return [_tank(state, t, seat) for t in range(10) if state.kind[t] >= 0]
    if key == "checkpoints":
        return _checkpoints(state)
    if key == "mission":
        return _own_mission(state, seat)
    whole: Mapping[str, object] = observe(state, seat)
    return whole[key]
