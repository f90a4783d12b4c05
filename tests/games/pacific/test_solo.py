from hulldown.games.pacific import ai

from .test_rules import new


def test_ai_deck_counts() -> None:
    st = new(players=1)
    n_ai = len(st.decks[1]) + len(st.hands[1])
    mine = len(st.decks[0]) + len(st.hands[0])
    aircraft = sum(1 for i in [*st.decks[0], *st.hands[0]] if (u := st.unit_card(i)) and u.type == "aircraft")
    assert mine + aircraft <= n_ai <= mine + aircraft + 2
    assert not any(st.cards[i].endswith(("general", "shrapnel", "lost")) for i in [*st.decks[1], *st.hands[1]])


def test_ai_card_phase_draws() -> None:
    assert ai.DRAWS == {0: 7, 1: 6, 2: 5, 3: 4, 4: 3}


def test_ai_target_priority() -> None:
    from hulldown.games.pacific import grid
    from hulldown.games.pacific.state import Attack

    from .test_rules import put

    st = new(players=1)
    s = put(st, "jp-type97-chiha", 1, grid.space(3, 0))
    weak = put(st, "us-light-infantry", 0, grid.space(2, 0))
    big = put(st, "us-m4a2", 0, grid.space(2, 1))
    opts = [(f"u{weak.iid}", Attack(5, 9, 4, 2)), (f"u{big.iid}", Attack(5, 9, 4, 2)), ("hq", Attack(5, 9, 4, 2))]
    tid, why = ai.target_priority(st, s, opts)
    assert tid == f"u{weak.iid}" and "priority 1" in why


def test_ai_discard_example() -> None:
    st = new(players=1)
    st.hands[1].cards.clear()
    for cid in ("jp-light-infantry", "jp-type96-25mm", "jp-type94-37mm", "camouflage", "fortunate", "traps"):
        st.hands[1].put_top(st._new_card(cid))
    ai.discard(st, "secure", [])
    kept = sorted(st.cards[i] for i in st.hands[1])
    assert "jp-type94-37mm" not in kept  # the rulebook example discards it
    assert {"jp-light-infantry", "jp-type96-25mm"} <= set(kept)
    assert {"camouflage", "fortunate", "traps"} <= set(kept)
