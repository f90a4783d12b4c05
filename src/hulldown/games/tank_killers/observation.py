"""What each seat (and a spectator) sees of a Tank Killers game.

Public: every face-up card (units in play, reserve and casualty piles, the
tactics discard pile, a formation deck's top card once turned face up), deck
and hand sizes, and the attack under way. Private: a seat's own hand. Hidden
from everybody: the order of every deck, including one's own formation deck.
"""

from __future__ import annotations

from collections.abc import Mapping

from hulldown.games.tank_killers.cards import range_label
from hulldown.games.tank_killers.fields import DRAWN, P_NEGATE, P_OVER, PHASE_NAMES, StateFields
from hulldown.games.tank_killers.views import (
    AttackView,
    LastAttackView,
    PendingView,
    SideView,
    TankKillersObservation,
)


def observe(st: StateFields, seat: int | None) -> TankKillersObservation:
    R = st.R
    name = R.name_of
    pending: PendingView | None = None
    if st.phase == P_NEGATE:
        pending = {
            "card": R.tname[st.neg_t],
            "by": st.neg_player,
            "last": R.tname[st.neg_last],
            "negations": st.neg_count,
        }
    last: LastAttackView | None = None
    if st.last_att >= 0:
        last = {"attacker": name[st.last_att], "target": name[st.last_tgt] if st.last_tgt >= 0 else None}
    over = st.phase == P_OVER
    return {
        "seat": seat,
        "turn": st.turn,
        "turn_limit": st.turn_limit,
        "active": st.active,
        "phase": PHASE_NAMES[st.phase],
        "to_act": None if over else st._current_player(),
        "hand": sorted(R.tname[R.ttype[c]] for c in st.hands[seat]) if seat is not None else None,
        "tactics_deck": len(st.tdeck),
        "tactics_discard": [R.tname[R.ttype[c]] for c in st.tdiscard],
        "sides": [_side(st, 0), _side(st, 1)],
        "full_exchanges": st.exchanges,
        "attack": _attack(st),
        "pending": pending,
        "last_attack": last,
        "revealed": [name[c] for c in st.shown],
        "random_factor": st.random_factor,
        "last_roll": list(st.last_roll) if st.last_roll else None,
        "winner": (None if st.winner == DRAWN else st.winner) if over else None,
        "draw": over and st.winner == DRAWN,
        "end_reason": ("turn-limit" if st.winner == DRAWN else "broken") if over else None,
    }


def observe_part(st: StateFields, seat: int | None, key: str) -> object:
    """``observe(st, seat)[key]``, the entries the heuristic reads built alone (the same code builds both)."""
    if key == "phase":
        return PHASE_NAMES[st.phase]
    if key == "attack":
        return _attack(st)
    if key == "sides":
        return [_side(st, 0), _side(st, 1)]
    whole: Mapping[str, object] = observe(st, seat)
    return whole[key]


def _side(st: StateFields, s: int) -> SideView:
    R = st.R
    name = R.name_of
    deck = st.fdeck[s]
    return {
        "deck": R.deck_names[s],
        "nation": R.nation[s],
        "formation_deck": len(deck),
        "top": name[deck[-1]] if deck and st.top_up[s] else None,
        "in_play": [name[c] for c in st.in_play[s]],
        "reserve": [name[c] for c in st.reserve[s]],
        "casualties": [name[c] for c in st.casualty[s]],
        "formation_size": R.fsize[s],
        "waiting": st.waiting[s],
        "hand_size": len(st.hands[s]),
    }


def _attack(st: StateFields) -> AttackView | None:
    """The attack under way, all public."""
    if st.att < 0:
        return None
    R = st.R
    name = R.name_of
    tgt = st.tgt
    return {
        "seat": st.active,
        "attacker": name[st.att],
        "target": name[tgt] if tgt >= 0 else None,
        "target_on_deck": st.tgt_on_deck,
        "played": [(p, R.tname[t]) for p, t in st.played],
        "pen_mod": st.pmod,
        "inf_mod": st.imod,
        "range": range_label(st.attack_range()),
        "range_played": st.used_range >= 0,
        "hit_played": st.used_hit,
        "ammo_played": st.used_ammo,
        "factor": st.attack_factor() if tgt >= 0 else None,
        "defense": R.fdef[tgt] if tgt >= 0 else None,
        "passes": st.passes,
    }
