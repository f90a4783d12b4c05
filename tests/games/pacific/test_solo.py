from hulldown.games.pacific import solo

from .test_rules import new


def test_ai_deck_counts() -> None:
    st = new(players=1)
    n_ai = len(st.decks[1]) + len(st.hands[1])
    mine = len(st.decks[0]) + len(st.hands[0])
    aircraft = sum(1 for i in [*st.decks[0], *st.hands[0]] if (u := st.unit_card(i)) and u.type == "aircraft")
    assert mine + aircraft <= n_ai <= mine + aircraft + 2
    assert not any(st.cards[i].endswith(("general", "shrapnel", "lost")) for i in [*st.decks[1], *st.hands[1]])


def test_ai_card_phase_draws() -> None:
    assert solo.DRAWS == {0: 7, 1: 6, 2: 5, 3: 4, 4: 3}


def test_ai_target_priority() -> None:
    from hulldown.games.pacific import grid
    from hulldown.games.pacific.state import Attack

    from .test_rules import put

    st = new(players=1)
    s = put(st, "jp-type97-chiha", 1, grid.space(3, 0))
    weak = put(st, "us-light-infantry", 0, grid.space(2, 0))
    big = put(st, "us-m4a2", 0, grid.space(2, 1))
    opts = [(f"u{weak.iid}", Attack(5, 9, 4, 2)), (f"u{big.iid}", Attack(5, 9, 4, 2)), ("hq", Attack(5, 9, 4, 2))]
    tid, why = solo.target_priority(st, s, opts)
    assert tid == f"u{weak.iid}" and "priority 1" in why


def test_ai_discard_example() -> None:
    st = new(players=1)
    st.hands[1].cards.clear()
    for cid in ("jp-light-infantry", "jp-type96-25mm", "jp-type94-37mm", "camouflage", "fortunate", "traps"):
        st.hands[1].put_top(st._new_card(cid))
    solo.discard(st, "mid", [])
    kept = sorted(st.cards[i] for i in st.hands[1])
    assert "jp-type94-37mm" not in kept  # the rulebook example discards it
    assert {"jp-light-infantry", "jp-type96-25mm"} <= set(kept)
    assert {"camouflage", "fortunate", "traps"} <= set(kept)


def test_ai_never_fires_at_an_hq_it_cannot_damage() -> None:
    """§12.7: units fire only at targets their Armour-piercing can damage (the HQ has Armour 3)."""
    from hulldown.games.pacific import grid
    from hulldown.games.pacific.rules import fire_targets

    from .test_rules import put

    st = new(players=1)
    rifle = put(st, "jp-light-infantry", 1, grid.space(0, 3))  # pierce 2, next to side 0's HQ
    tank = put(st, "jp-type97-chiha", 1, grid.space(0, 4))
    assert "hq" not in [t for t, _ in fire_targets(st, rifle, -1)]
    assert st.unit_card(tank.iid) is not None and tank.card.pierce >= st.hq_armour(0)
    assert "hq" in [t for t, _ in fire_targets(st, tank, -1)]


def test_ai_moves_out_of_range_of_an_unanswered_enemy() -> None:
    """§12.6: a unit no AI unit can damage makes AI units move out of its range."""
    from hulldown.games.pacific import grid

    from .test_rules import put

    st = new(players=1)
    st.turn = 9
    rifle = put(st, "jp-light-infantry", 1, grid.space(4, 3))
    tank = put(st, "us-m4a2", 0, grid.space(1, 3))  # range 4, Armour 5: the rifle cannot hurt it
    assert solo.unanswered_threats(st, rifle) == [tank]
    solo.movement(st, "mid", [])
    assert grid.distance(rifle.space, tank.space) > tank.card.range
