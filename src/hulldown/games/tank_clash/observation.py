"""What one seat (or a spectator, ``seat=None``) sees of a Tank Clash game.

Hidden: the opponent's secret mission and morale hand, the order of both decks,
and under fog of war the type, armour and ace of every concealed enemy tank
(a concealed stack shows only its hex and that it is concealed; stacks are the
same height, clause 13.2). Everything else lies face up on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hulldown.games.tank_clash.data import KINDS, load_cards

if TYPE_CHECKING:
    from hulldown.games.tank_clash.state import TankClashState


def _terrain_rows(state: TankClashState) -> list[str]:
    """Terrain letters per row, row 1 of seat 0 first (boards.toml legend; R = ruins)."""
    key = (state.field.arrangement, state.demolished)
    rows = _ROWS.get(key)
    if rows is None:
        from hulldown.games.tank_clash.data import TERRAIN

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


def observe(state: TankClashState, seat: int | None) -> dict[str, Any]:
    from hulldown.games.tank_clash.actions import TANK_IDS
    from hulldown.games.tank_clash.state import PHASE_NAMES, RESULTS

    name = state.hex_name
    tanks: list[dict[str, Any]] = []
    for t in range(10):
        if state.kind[t] < 0:
            continue
        owner = t // 5
        d: dict[str, Any] = {
            "id": TANK_IDS[t],
            "seat": owner,
            "hex": name(state.hex[t]) if state.hex[t] >= 0 else None,
            "destroyed": state.destroyed[t],
            "damage": state.damage[t],
            "moved": state.moved[t],
            "attacked": state.attacked[t],
            "crossed": state.crossed[t],
        }
        hidden = state.concealed[t] and seat != owner
        d["concealed"] = state.concealed[t]
        if hidden:
            d["kind"] = None
            d["armour"] = None
            d["ace"] = None
        else:
            d["kind"] = KINDS[state.kind[t]]
            d["name"] = state.tank_name(t)
            fp, ar, sp = state.stats(t)
            d["firepower"], d["max_armour"], d["speed"] = fp, ar, sp
            d["armour"] = state.armour[t]
            d["ace"] = state.ace[owner] == t
            if state.concealed[t]:
                d["fast"] = state.fast[t]
        tanks.append(d)
    checkpoints = [
        {
            "owner": i // 3,
            "row": (1, 4, 7)[i % 3],
            "hex": name(state.cp_hex[i]),
            "holder": state.cp_holder[i],
            "base_camp": i % 3 == 0,
        }
        for i in range(6)
        if state.cp_hex[i] >= 0
    ]
    missions = {m.id: m for m in load_cards()[0]}
    own_mission = None
    if seat is not None and state.mission[seat] is not None:
        m = missions[str(state.mission[seat])]
        own_mission = {"id": m.id, "kind": m.kind, "text": m.text}
    attack = None
    if state.at_a >= 0:
        attack = {
            "attacker": TANK_IDS[state.at_a],
            "target": TANK_IDS[state.at_t],
            "dice": list(state.at_dice),
            "modifier": state.at_mod,
            "extra_dice": state.at_extra,
            "rerolls": state.at_rerolls,
            "result": RESULTS[state.result()] if state.at_dice else None,
        }
    cp = state.current_player
    obs: dict[str, Any] = {
        "seat": seat,
        "arrangement": state.field.arrangement,
        "boards": list(state.field.boards),
        "terrain": _terrain_rows(state),
        "sides": list(state.side),
        "first_player": state.first,
        "phase": PHASE_NAMES[state.phase],
        "to_move": cp,
        "active": state.active,
        "turn": state.turn_no + 1,
        "actions_taken": state.actions_taken,
        "tanks": tanks,
        "aces_killed": list(state.ace_dead),
        "checkpoints": checkpoints,
        "tactical_used": [list(u) for u in state.tac_used],
        "tactical_played_this_turn": state.tac_turn,
        "smoke": list(state.smoke),
        "infantry_support": state.infantry,
        "morale_used": list(state.morale_used),
        "hand": sorted(state.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "morale_deck_size": len(state.morale_deck),
        "morale_discard": list(state.morale_discard),
        "mission": own_mission,
        "victory_points": list(state.vp),
        "demolished": [name(h) for h in state.demolished],
        "attack": attack,
        "moving": TANK_IDS[state.pm_tank] if state.pm_tank >= 0 else None,
        "winner": state.winner,
        "reason": state.reason,
    }
    if state.is_over and state.reason.startswith("fulfilled"):
        obs["winning_mission"] = state.reason
    return obs
