"""Odds shown before an attack (docs/rules/tank-hunter.md, "Odds shown before an attack").

Each shot of a salvo hits on a d6 at or below the attack value minus the
defence, plus modifiers (§5.3, §6.2); with Leadership the lower of two dice
decides (§10.11) and a Charge adds 2 (§11.2). The shots of a salvo are
independent, the salvo stops once its target is gone (§6.1), and a grenade's
first hit pins, its second destroys (§6.4): so the chances follow exactly from
the number of shots. Both units are face up when they fight (§5.2), so nothing
hidden enters. A counter, an evasion (§11.1) or an event card may still answer
the attack: the odds are "before any reaction". When the attack is declared its
salvo is not chosen yet, so the odds are for the full salvo without Leadership.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from hulldown.engine.odds import OddsEntry, at_least, entry
from hulldown.engine.state import JSON, ActionId, GameState, Seat
from hulldown.games.tank_hunter.actions import Attack, Counter, Fire
from hulldown.games.tank_hunter.fields import GR
from hulldown.games.tank_hunter.rules.s06_salvos import Sec6Salvos


def shot_chance(need: int, lead: bool) -> Fraction:
    """§5.3 one shot hits on a d6 at or below ``need``; §10.11 with Leadership the lower of two dice."""
    miss = Fraction(6 - max(0, min(6, need)), 6)
    return 1 - miss * miss if lead else 1 - miss


@lru_cache(maxsize=4096)
def _salvo(need: int, lead: bool, shots: int, hits_to_destroy: int) -> tuple[tuple[str, JSON], ...]:
    """§6.1 the entry of a salvo, by what decides it: exact fractions cost, and few salvos differ."""
    p = shot_chance(need, lead)
    made = entry("5.3", hit=at_least(shots, p), destroy=at_least(shots, p, hits_to_destroy), before_reaction=True)
    return tuple(made.items())


def salvo_entry(st: Sec6Salvos, shooter: int, target: int, atype: str, shots: int, lead: bool, bonus: int) -> OddsEntry:
    """§6.1, §6.4 a salvo of ``shots``: the chance of a hit, and of destroying (a grenade pins first)."""
    need = st.target_number(shooter, target, atype, bonus)
    return dict(_salvo(need, lead, shots, 1 if atype != GR or st.pinned[target] else 2))


def odds(state: GameState, seat: Seat) -> dict[ActionId, OddsEntry]:
    """§5.2, §6.1, §6.3 each attack ``seat`` may declare, each salvo size and each counter it may choose."""
    assert isinstance(state, Sec6Salvos)
    st = state
    if st.current_player != seat:
        return {}
    out: dict[ActionId, OddsEntry] = {}
    c = st.stack[-1] if st.stack else None
    for a in st.legal_actions():
        if isinstance(a, Attack):
            u = st.line(seat, a.line)[a.pos]
            t = st.line(a.seat, a.tline)[a.tpos]
            out[a.id] = salvo_entry(st, u, t, a.atype, st.salvo(u, a.atype)[1], False, 0)
        elif isinstance(a, Fire) and c is not None and c.kind == "attack":
            bonus = 2 if a.charge else 0
            out[a.id] = salvo_entry(st, c.attacker, c.target, c.atype, a.shots, a.lead, bonus)
        elif isinstance(a, Counter) and a.shots > 0 and c is not None and c.kind == "attack":
            bonus = st.ambush[c.tseat] + (1 if c.charge and c.stage == "pre_ask" else 0)
            out[a.id] = salvo_entry(st, c.counter, c.attacker, st._ctype(c), a.shots, a.lead, bonus)
    return out
