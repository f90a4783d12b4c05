"""Every label names the card its action really plays, discards or attacks with."""

from __future__ import annotations

from hulldown.engine.rng import SplitMix64
from tests.games.tank_killers.helpers import new


def test_labels_name_the_card_of_the_action() -> None:
    named = 0
    for seed in range(3):
        st = new(seed=seed, deck1="american" if seed else "german")
        R = st.R
        rng = SplitMix64(seed)
        while not st.is_over:
            seat = st.current_player
            assert seat is not None
            legal = st.legal_actions()
            for a in legal:
                kind, arg = R.actions.parse(a.id).KIND, R.actions.parse(a.id).index
                if kind in (1, 2):  # play, discard: a card of that type in the deciding seat's hand
                    assert a.label.endswith(R.tname[arg]), a.label
                    assert any(R.ttype[c] == arg for c in st.hands[seat]), a.id
                elif kind in (3, 4) and arg >= 0:  # an enemy unit in play to attack, or an own one to attack with
                    side = 1 - st.active if kind == 3 else st.active
                    units = [R.fname[c] for c in st.in_play[side] if R.fnameid[c] == arg]
                    assert units and a.label.endswith(units[0]), (a.label, units)
                else:
                    continue
                named += 1
            st.apply(legal[rng.below(len(legal))])
    assert named > 0
