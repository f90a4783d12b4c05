"""Odds shown before an attack: exact from each rulebook's dice, and only from what the seat may know."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hulldown.engine import registry
from hulldown.engine.odds import at_least
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import GameState
from hulldown.games.pacific.fields import HIT_TABLE, Attack
from hulldown.games.pacific.odds import flame_outcomes, outcomes, summary
from hulldown.games.tank_clash.odds import destroy_chance as clash_destroy
from hulldown.games.tank_clash.odds import results
from hulldown.games.tank_hunter.odds import shot_chance
from hulldown.games.tank_killers.odds import destroy_chance as killers_destroy


def test_tank_killers_factor_against_defense_with_and_without_the_random_factor() -> None:
    """8.1: factor 9 destroys Def 8 for sure; 8.3: 9 + (a - b) >= 8 needs a - b >= -1, on 26 of the 36 rolls."""
    assert killers_destroy(9, 8, False) == 1 and killers_destroy(7, 8, False) == 0
    assert killers_destroy(9, 8, True) == Fraction(26, 36)
    assert killers_destroy(4, 8, True) == Fraction(3, 36)  # a - b >= 4: (5,1) (6,1) (6,2)
    assert killers_destroy(2, 8, True) == 0  # 1d6 - 1d6 never reaches 6


def test_tank_clash_highest_die_with_modifiers() -> None:
    """5.4: three dice, a hit (5+) unless all three show 4 or less: 1 - (4/6)^3 = 19/27."""
    r = results(3, 0)
    assert r[5] + r[6] == Fraction(19, 27)
    assert sum(r.values()) == 1
    ace = results(3, 1)  # 7.2: +1, so a 4 on the highest die is a hit already
    assert ace[5] + ace[6] == 1 - Fraction(3, 6) ** 3
    held = results(2, -1)  # 6.3: on its checkpoint only a 6 hits; two 1s still give 1 (held), not 0
    assert held[5] == Fraction(11, 36) and held[6] == 0 and held[1] == Fraction(4, 36)


def test_tank_clash_destroy_needs_no_armour_left() -> None:
    """5.5, 5.7, 5.8: no armour and 2 damage tokens: any result from 3 up destroys it."""
    r = results(2, 0)
    assert clash_destroy(r, 1, 2) == 0
    assert clash_destroy(r, 0, 2) == 1 - Fraction(4, 36)
    assert clash_destroy(r, 0, 0) == r[5] + r[6]


def test_pacific_d10_shot_and_shielding_roll() -> None:
    """7.1, 7.4: Accuracy 6+/9+, Damage 2: 5 misses, 6-8 hit for 2, 9-10 critical for 3."""
    a = Attack(6, 9, 3, 2)
    dist = outcomes(a, 2, shield=False, table=False)
    assert sum(p for p, w in dist if w == 0) == Fraction(5, 10)
    assert sum(p for p, w in dist if w == 2) == Fraction(3, 10)
    assert sum(p for p, w in dist if w == 3) == Fraction(2, 10)
    e = summary("7.1", dist, 3)  # a unit with 3 hit points left: only the critical destroys
    assert e["hit"] == 0.5 and e["destroy"] == 0.2 and e["damage"] == round(0.3 * 2 + 0.2 * 3, 2)
    # 11.2 Armour 2: a roll of 1-2 avoids a standard hit and turns a critical into 1 wound
    shielded = outcomes(a, 2, shield=True, table=False)
    assert sum(p for p, w in shielded if w == 1) == Fraction(2, 10) * Fraction(2, 10)
    assert sum(p for p, w in shielded if w == 0) == Fraction(5, 10) + Fraction(3, 10) * Fraction(2, 10)
    assert outcomes(Attack(6, 9, 1, 2), 2, shield=False, table=False) == [(Fraction(1), 0)]  # 7.3 blocked


def test_pacific_successful_hit_table_lookup() -> None:
    """11.3: row 10 - 6 = 4, column 10 - 9 + (3 - 2) = 2 of Table 2; past the table destroys."""
    assert outcomes(Attack(6, 9, 3, 2), 2, shield=False, table=True) == [(Fraction(1), HIT_TABLE[4][2])]
    assert HIT_TABLE[4][2] == 1
    assert outcomes(Attack(6, 2, 12, 2), 0, shield=False, table=True)[0][1] >= 99


def test_pacific_flamethrower_always_hits_and_rolls_for_the_critical() -> None:
    """7.9: Damage 1 for sure, a critical (Damage + 1) on 8+: 3 of the 10 faces."""
    assert flame_outcomes(Attack(5, 8, 0, 1), table=False) == [(Fraction(3, 10), 2), (Fraction(7, 10), 1)]


def test_tank_hunter_shots_and_salvos() -> None:
    """5.3: a d6 at or below 3 hits half the time; 10.11 Leadership's lower of two: 3/4;
    6.1 two shots hit at least once 3/4 of the time; 6.4 a grenade needs both to destroy: 1/4."""
    assert shot_chance(3, False) == Fraction(1, 2)
    assert shot_chance(3, True) == Fraction(3, 4)
    assert shot_chance(-1, False) == 0 and shot_chance(8, False) == 1
    assert at_least(2, Fraction(1, 2)) == Fraction(3, 4)
    assert at_least(2, Fraction(1, 2), 2) == Fraction(1, 4)


def _positions(game_id: str, options: dict[str, object], seeds: int, players: int | None = None) -> list[GameState]:
    """Decisions of random games where the seat to move has attack odds."""
    game = registry.load(game_id)
    assert game.odds is not None
    out = []
    for seed in range(seeds):
        s = game.new(seed=seed, players=players, options=options)
        rng = SplitMix64(seed)
        while not s.is_over and s.steps < 2000:
            seat = s.current_player
            assert seat is not None
            if game.odds(s, seat):
                out.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[rng.next64() % len(legal)])
    return out


CASES = [
    ("tank-killers", {"random_factor": True}, None),
    ("tank-clash", {"fog_of_war": True}, None),
    ("tank-hunter", {}, 3),
    ("2gm-pacific", {"night": True, "shielding_roll": True}, None),
]


@pytest.mark.parametrize(("game_id", "options", "players"), CASES)
def test_odds_are_the_same_in_every_state_the_seat_cannot_tell_apart(
    game_id: str, options: dict[str, object], players: int | None
) -> None:
    """Hidden cards dealt again (resample) leave every number unchanged: the odds never peek."""
    game = registry.load(game_id)
    assert game.odds is not None
    positions = _positions(game_id, options, 2, players)
    assert len(positions) > 10
    unseen = 0
    for s in positions[::3]:
        seat = s.current_player
        assert seat is not None
        odds = game.odds(s, seat)
        assert set(odds) <= {a.id for a in s.legal_actions()}
        unseen += sum(1 for o in odds.values() if o.get("unseen"))
        for k in range(3):
            other = s.resample(seat, 1000 * s.steps + k)
            assert game.odds(other, seat) == odds
    if game_id in ("tank-killers", "tank-clash"):
        assert unseen  # a face-down top card, a concealed tank: said, not computed


def test_odds_match_the_rules_numbers_in_play() -> None:
    """A Tank Killers target's entry is the 8.3 chance of its factor against its Def; a pass, as the factor stands."""
    from hulldown.games.tank_killers.actions import TARGET, TankKillersAction
    from hulldown.games.tank_killers.fields import INFANTRY, P_MOD, StateFields

    checked = passes = 0
    for s in _positions("tank-killers", {"random_factor": True}, 2):
        assert isinstance(s, StateFields)
        game = registry.load("tank-killers")
        assert game.odds is not None and s.current_player is not None
        odds = game.odds(s, s.current_player)
        for a in s.legal_actions():
            if isinstance(a, TankKillersAction) and a.KIND == TARGET and not a.on_deck:
                card = next(c for c in s.in_play[1 - s.active] if s.R.fnameid[c] == a.index)
                inf = s.R.fcls[card] & INFANTRY
                factor = (s.R.finf[s.att] + s.imod) if inf else (s.R.fpen[s.att] + s.pmod)
                want = killers_destroy(factor, s.R.fdef[card], True)
                assert odds[a.id] == {"clause": "8.3", "destroy": round(float(want), 4), "before": "reaction"}
                checked += 1
        if s.phase == P_MOD:  # 7.1: a pass as the factor stands, public by then
            want = killers_destroy(s.attack_factor(), s.R.fdef[s.tgt], True)
            assert odds == {s.R.PASS.id: {"clause": "8.3", "destroy": round(float(want), 4), "before": "reaction"}}
            passes += 1
    assert checked and passes
