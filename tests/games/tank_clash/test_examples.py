"""The rulebook's worked examples, replayed move by move with scripted dice (docs/rules/tank-clash.md 5, 4.5)."""

from __future__ import annotations

from hulldown.games.tank_clash.state import TankClashState
from tests.games.tank_clash.helpers import far_tanks, ids, start_game


def _exchange_position() -> TankClashState:
    # seat 0 is American: its heavy tank (a4) is the Pershing; seat 1's b1 is a Panzer IV
    seat0 = far_tanks(0)
    seat0[3] = ("heavy", "I6")
    seat1 = far_tanks(1)
    seat1[0] = ("medium", "I8")
    return start_game(seat0, seat1, aces=("a1", "b5"))


def test_pershing_and_panzer_exchange_of_fire() -> None:
    s = _exchange_position()
    pershing, panzer = 3, 5
    assert s.tank_name(pershing) == "M26 Pershing" and s.tank_name(panzer) == "Panzer IV"
    assert s.armour[pershing] == 3 and s.armour[panzer] == 2
    # The Pershing attacks with 3 dice and keeps the 5: a hit, the Panzer loses an armour token.
    s.script_chance(5, 2, 1)
    s.apply("attack:a4:b1")
    assert s.at_dice == [] and s.armour[panzer] == 1
    s.apply("end")
    # The Panzer answers with 2 dice, keeps the 4: heavy damage, two damage tokens.
    s.script_chance(4, 1)
    s.apply("attack:b1:a4")
    assert s.damage[pershing] == 2 and s.armour[pershing] == 3
    s.apply("end")
    # The damaged Pershing still rolls 3 dice; a 3 is light damage: one token on the Panzer.
    s.script_chance(3, 1, 2)
    s.apply("attack:a4:b1")
    assert s.damage[panzer] == 1 and s.armour[panzer] == 1
    s.apply("end")
    # The Panzer rolls a double 6: only one die counts, a critical hit, and a morale card.
    s.script_chance(6, 6)
    s.apply("attack:b1:a4")
    assert s.armour[pershing] == 2
    assert s.damage[pershing] == 0  # losing an armour token ends the damaged state (5.8)
    assert len(s.hands[1]) == 1 and len(s.hands[0]) == 0


def test_tiger_in_the_forest_sees_the_pershing_first() -> None:
    seat0 = far_tanks(0)
    seat0[3] = ("heavy", "E6")  # a4: Pershing in the open
    seat1 = far_tanks(1)
    seat1[3] = ("heavy", "C8")  # b4: Tiger in the forest
    s = start_game(seat0, seat1, first=1, aces=("a1", "b1"))
    tiger, pershing = 8, 3
    assert s.tank_name(tiger) == "Tiger I" and s.field.forest[s.hex[tiger]]
    assert s.field.grid.distance(s.hex[tiger], s.hex[pershing]) == 3
    # The Tiger, concealed in the trees, can spot and shoot the Pershing 3 hexes away ...
    assert "attack:b4:a4" in ids(s)
    s.apply("end")
    # ... but the Pershing cannot shoot back at 3 hexes: it must close to 2.
    assert "attack:a4:b4" not in ids(s)
    s.apply("move:a4:D6")
    assert s.field.grid.distance(s.hex[tiger], s.hex[pershing]) == 2
    assert "attack:a4:b4" in ids(s)
