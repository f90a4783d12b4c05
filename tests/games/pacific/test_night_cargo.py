"""Night combat (§11.7) and carriers (§15): a face-down unit on board stays hidden, even in a
face-up carrier, and the guesses a search draws for it fit the carrier."""

from __future__ import annotations

from hulldown.engine.rng import SplitMix64
from hulldown.games.pacific import grid
from hulldown.games.pacific.state import PacificState
from tests.games.pacific.test_transport import put, sp, to_phase


def loaded_truck(cargo: str = "us-light-infantry", truck_face_down: bool = False) -> tuple[PacificState, int]:
    """A night game's Movement phase: a US transport far from the enemy carrying a face-down infantry."""
    st = to_phase("move", night=True, armies="us-japan")
    side = st.active
    inf = put(st, cargo, sp(side, 1, 3))
    truck = put(st, "us-m3-scout", sp(side, 1, 4))
    inf.face_down = True
    truck.face_down = truck_face_down
    st.apply(f"load:{grid.name(inf.space)}:{grid.name(truck.space)}")
    assert truck.cargo is inf and inf.face_down and truck.face_down is truck_face_down
    return st, side


def test_face_down_cargo_of_a_face_up_carrier_stays_hidden_from_the_enemy() -> None:
    a, side = loaded_truck("us-light-infantry")
    b, _ = loaded_truck("us-marines")
    enemy = a.side_slots[1 - side][0]
    own = a.side_slots[side][0]
    assert a.observation(enemy) == b.observation(enemy)
    assert a.observation(None) == b.observation(None)
    assert a.observation(own) != b.observation(own)
    seen = [u for u in a.observation(enemy)["units"] if u["cargo"] is not None]
    assert len(seen) == 1 and seen[0]["name"] != "Face-down unit"  # the carrier is face up
    assert seen[0]["cargo"]["name"] == "Face-down unit" and seen[0]["cargo"]["id"] == -1


def test_resample_guesses_face_down_cargo_among_unseen_cards_that_fit_the_carrier() -> None:
    for truck_face_down in (False, True):
        st, side = loaded_truck(truck_face_down=truck_face_down)
        enemy = st.side_slots[1 - side][0]
        slot = st.side_slots[side][0]
        obs = st.observation(enemy)
        names = set()
        before = sorted(st.card_zones()["units"] + st.decks[slot].cards + st.hands[slot].cards)
        for k in range(40):
            r = st.resample(enemy, SplitMix64(k))
            assert isinstance(r, PacificState)
            assert r.observation(enemy) == obs
            truck = r.unit_at(sp(side, 1, 4))
            assert truck is not None and truck.cargo is not None
            if "transport" in truck.card.tags and "tow" not in truck.card.tags:
                assert truck.cargo.card.type == "infantry"
            if "tow" in truck.card.tags and "transport" not in truck.card.tags:
                assert truck.cargo.card.type == "artillery"
            names.add(truck.cargo.card.name)
            after = sorted(r.card_zones()["units"] + r.decks[slot].cards + r.hands[slot].cards)
            assert after == before  # nothing lost or doubled
        assert len(names) > 1
