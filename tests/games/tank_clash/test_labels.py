"""Every label names the tank and the card its action really uses."""

from __future__ import annotations

from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_clash import GAME
from hulldown.games.tank_clash.actions import ATTACK, DISCARD, HEX_NAMES, MORALE, MOVE, TANK_IDS, TankClashAction
from hulldown.games.tank_clash.state import TankClashState


def test_labels_name_the_tank_and_card_of_the_action() -> None:
    named = 0
    for seed, options in enumerate(({}, {"fog_of_war": True, "morale_on_crossing": True})):
        st = GAME.new(seed=seed, options=options)
        assert isinstance(st, TankClashState)
        rng = SplitMix64(seed)
        while not st.is_over:
            seat = st.current_player
            assert seat is not None
            legal = st.legal_actions()
            for a in legal:
                assert isinstance(a, TankClashAction)
                if a.KIND in (MOVE, ATTACK):  # the moving or attacking tank is the deciding seat's
                    other = HEX_NAMES[a.hex] if a.KIND == MOVE else TANK_IDS[a.target]
                    assert a.tank // 5 == seat and TANK_IDS[a.tank] in a.label and other in a.label, a
                elif a.KIND in (MORALE, DISCARD):  # a morale card the deciding seat holds
                    assert a.card in st.hands[seat] and a.card in a.label, a
                else:
                    continue
                named += 1
            st.apply(legal[rng.below(len(legal))])
    assert named > 0
