from hulldown.games.pacific.cards import ABILITY_TAGS, load_cards


def test_preconstructed_decks_are_120_points() -> None:
    db = load_cards()
    for deck in db.decks.values():
        assert sum(db.cost(c) * n for c, n in deck.cards.items()) == 120
    assert sum(db.decks["us-120"].cards.values()) == 46
    assert db.decks["japan-120"].cards["jp-light-infantry"] == 3


def test_every_tag_is_used() -> None:
    db = load_cards()
    used = {t.split(":")[0] for u in db.units.values() for t in u.tags}
    used |= {tag for terrain in db.terrain.values() for tag in terrain.tags}
    used |= {"permanent"} if any(s.permanent for s in db.support.values()) else set()
    used |= {"playing-cost"} if any(s.playing_cost is not None for s in db.support.values()) else set()
    used |= {"heal", "repair"} & {u.effect for u in db.upgrades.values()}
    used |= {"mount"} if any(u.mount for u in db.upgrades.values()) else set()
    assert set(ABILITY_TAGS) - used == set()
