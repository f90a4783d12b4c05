"""Typed actions: one definition gives the id, the label, the message and the payload; ids parse back."""

from __future__ import annotations

import pytest

from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_killers import GAME
from hulldown.games.tank_killers.actions import DECK, Attacker, Discard, Pass, Play, TankKillersAction, Target
from tests.games.tank_killers.helpers import new


def test_every_legal_action_agrees_with_itself() -> None:
    kinds: set[str] = set()
    for seed in range(4):
        st = new(seed=seed, deck1="british" if seed % 2 else "american")
        table = st.R.actions
        rng = SplitMix64(seed)
        while not st.is_over:
            legal = st.legal_actions()
            for a in legal:
                assert isinstance(a, TankKillersAction)
                assert table.parse(a.id) is a  # the very object the rules hand out
                assert a.label == GAME.messages.render(a.message())
                assert GAME.messages.render(a.message(), "de")  # German for every key
                payload = a.payload()
                kinds.add(str(payload["kind"]))
                if a.on_deck:
                    assert payload.get("deck") is True and a.index == DECK
                elif not isinstance(a, Pass):
                    assert payload["card"] == a.name and a.name in a.label
            st.apply(legal[rng.below(len(legal))])
    assert kinds == {"pass", "play", "discard", "target", "attacker"}


def test_ids_are_what_records_have_always_held() -> None:
    table = new(seed=0).R.actions
    assert table.PASS.id == "pass" and isinstance(table.PASS, Pass)
    assert table.TARGET_DECK.id == "target:deck" and table.ATTACKER_DECK.id == "attacker:deck"
    assert all(isinstance(a, Play) and a.id.startswith("play:") for a in table.PLAY)
    assert all(isinstance(a, Discard) for a in table.DISCARD)
    assert all(isinstance(a, Target) and a.index >= 0 for a in table.TARGET)
    assert all(isinstance(a, Attacker) for a in table.ATTACKER)


@pytest.mark.parametrize("bad", ["", "pass:x", "play", "play:", "play:no-such-card", "target:", "fire:deck", ":"])
def test_malformed_ids_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        new(seed=0).R.actions.parse(bad)
