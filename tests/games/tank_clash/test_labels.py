"""Every label names the tank and the card its action really uses."""

from __future__ import annotations

from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_clash import GAME
from hulldown.games.tank_clash.actions import TANK_INDEX
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
                p = a.id.split(":")
                if p[0] in ("move", "attack"):  # the moving or attacking tank is the deciding seat's
                    assert TANK_INDEX[p[1]] // 5 == seat and p[1] in a.label and p[2] in a.label, a
                elif p[0] in ("morale", "discard"):  # a morale card the deciding seat holds
                    assert p[1] in st.hands[seat] and p[1] in a.label, a
                else:
                    continue
                named += 1
            st.apply(legal[rng.below(len(legal))])
    assert named > 0
