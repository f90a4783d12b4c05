"""Upgrade tokens (rulebook, *Upgrade Tokens*), each checked through the ordinary actions."""

from __future__ import annotations

from hulldown.games.pacific import grid
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import Unit

from .test_rules import new, put, to_deploy


def _shoot_phase(st: PacificState) -> int:
    """The first turn's Shooting phase on an empty battlefield; the active side."""
    to_deploy(st)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    st.apply("deploy-done")
    st.apply("move-done")
    assert st.phase == "shoot"
    return st.active


def _cabin_at(st: PacificState, s: int) -> int:
    cabin = next(i for i, c in enumerate(st.cards) if c == "cabin")
    for pile in st.terrain_piles:
        if cabin in pile:
            pile.remove(cabin)
    st.terrain[s] = cabin
    st.terrain_hp[cabin] = st.db.terrain["cabin"].hp
    return cabin


def _flamer_and_tank(st: PacificState, side: int) -> tuple[Unit, Unit]:
    """A flamethrower infantry of ``side`` next to an enemy tank inside a Cabin."""
    mine, tank = (
        ("us-marines", "jp-type97-chiha") if st.armies[side] == "us" else ("jp-special-naval-forces", "us-m4a2")
    )
    u = put(st, mine, side, grid.space(2, 3))
    u.tokens.append(st.new_token("flamethrower"))
    e = put(st, tank, 1 - side, grid.space(3, 3))
    _cabin_at(st, e.space)
    st._legal_cache = None
    return u, e


def test_flamethrower_is_offered_against_a_tank_in_a_building_whatever_its_armour() -> None:
    st = new()
    side = _shoot_phase(st)
    u, e = _flamer_and_tank(st, side)
    assert st.effective_armour(e) > u.tokens[0].up.pierce  # the Cabin's Armour on top of the tank's
    ids = {a.id for a in st.legal_actions()}
    assert "fire:3,4:0:4,4" in ids  # the flamethrower (token 0) at the tank in the Cabin
    assert "fire:3,4:main:4,4" not in ids  # the main gun cannot pierce it (§7.3)


def test_flamethrower_on_a_unit_in_a_building_always_deals_damage() -> None:
    st = new()
    side = _shoot_phase(st)
    u, e = _flamer_and_tank(st, side)
    dmg = u.tokens[0].up.damage
    st.script_chance(1)  # a roll that would miss any attack
    events = st.apply("fire:3,4:0:4,4")
    attack = next(ev for ev in events if ev["type"] == "attack")
    assert (attack["result"], attack["wounds"]) == ("hit", dmg)
    assert e.wounds == dmg


def test_flamethrower_rolls_only_for_the_critical() -> None:
    st = new()
    side = _shoot_phase(st)
    u, e = _flamer_and_tank(st, side)
    st.script_chance(10)
    events = st.apply("fire:3,4:0:4,4")
    assert next(ev for ev in events if ev["type"] == "attack")["result"] == "critical"
    assert e.wounds == u.tokens[0].up.damage + 1


def test_tank_flamethrower_works_the_same_and_replaces_the_main_gun() -> None:
    st = new()
    side = _shoot_phase(st)
    if st.armies[side] != "us":
        st = new(armies="japan-us")
        side = _shoot_phase(st)
    assert st.armies[side] == "us"
    tank = put(st, "us-m4a3", side, grid.space(2, 3))  # Exchange: the flamethrower replaces its gun
    tank.tokens.append(st.new_token("tank-flamethrower"))
    e = put(st, "jp-type97-chiha", 1 - side, grid.space(3, 3))
    _cabin_at(st, e.space)
    st._legal_cache = None
    ids = {a.id for a in st.legal_actions() if a.id.startswith("fire:3,4:")}
    k = len(tank.tokens) - 1
    assert ids == {f"fire:3,4:{k}:4,4", *(i for i in ids if ":main:" not in i and not i.endswith(":4,4"))}
    st.script_chance(1)
    st.apply(f"fire:3,4:{k}:4,4")
    assert e.wounds == tank.tokens[k].up.damage


def test_flamethrower_with_the_successful_hit_table_counts_the_armour_as_zero() -> None:
    st = new(successful_hit_table=True)
    side = _shoot_phase(st)
    u, e = _flamer_and_tank(st, side)
    up = u.tokens[0].up
    assert (up.hit, up.crit, up.pierce) == (4, 8, 4)
    assert tuple(st.db.terrain["cabin"].evasion) == (2, 2)
    # no die: the Cabin's Evasion makes it 6+/10, Table 2's row 6+ column 10 moved right by the
    # whole Armour-piercing 4 (Armour counts as 0) is the cell of column 6+: 2 wounds
    st.apply("fire:3,4:0:4,4")
    assert e.wounds == 2


def test_flamethrower_against_a_unit_in_the_open_is_an_ordinary_shot() -> None:
    st = new()
    side = _shoot_phase(st)
    _u, e = _flamer_and_tank(st, side)
    st.terrain[e.space] = -1  # no Building: the dice decide, and a 1 misses
    st._legal_cache = None
    st.script_chance(1)
    events = st.apply("fire:3,4:0:4,4")
    assert next(ev for ev in events if ev["type"] == "attack")["result"] == "miss"
    assert e.wounds == 0


def _card_on(st: PacificState, cid: str, u: Unit) -> None:
    """Play support card ``cid`` on ``u`` (its owner pays nothing: the test gives the AP)."""
    from hulldown.games.pacific.rules.s05_deployment import play_support

    iid = st._new_card(cid)
    st.hands[u.owner].put_top(iid)
    st.ap[u.owner] += st.db.support[cid].play_cost
    play_support(st, u.owner, iid, u.iid, [])


def _table_shot(st: PacificState, a: Unit, e: Unit) -> tuple[str, int]:
    from hulldown.games.pacific import combat

    return combat.roll_result(st, combat.numbers(st, a, None, e), st.effective_armour(e))


def test_successful_hit_table_fortunate_moves_one_cell_right_and_kamikaze_adds_one() -> None:
    """§11.3.1: Fortunate gives the cell to the right of the final one (not better Accuracy, which
    would also move a row down); Kamikaze adds 1 damage to the cell."""
    from hulldown.games.pacific.state import HIT_TABLE

    st = new(successful_hit_table=True)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    a = put(st, "us-m4a2", 0, grid.space(2, 0))
    e = put(st, "jp-type97-teke", 1, grid.space(3, 0))
    row, col = 10 - a.card.hit, 10 - a.card.crit + a.card.pierce - e.card.armour
    assert _table_shot(st, a, e) == ("hit", HIT_TABLE[row][col])
    _card_on(st, "fortunate", a)
    assert _table_shot(st, a, e) == ("hit", HIT_TABLE[row][col + 1])
    _card_on(st, "kamikaze", a)
    assert _table_shot(st, a, e) == ("hit", HIT_TABLE[row][col + 1] + 1)


def test_successful_hit_table_you_missed_spares_the_unit() -> None:
    """§11.3.1: the unit under You Missed suffers no damage (the card's Evasion does not count)."""
    st = new(successful_hit_table=True)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    a = put(st, "us-m4a2", 0, grid.space(2, 0))
    e = put(st, "jp-type97-teke", 1, grid.space(3, 0))
    assert _table_shot(st, a, e)[1] > 0
    _card_on(st, "you-missed", e)
    assert _table_shot(st, a, e) == ("miss", 0)


def test_hmg_is_mounted_to_fire_and_not_dismounted_in_the_turn_it_was_mounted() -> None:
    """Mount/Dismount (HMG and Mortar): deployed dismounted, mounted to fire, the unit then moves no
    more, and the Flip Over phase of the turn it was mounted offers no dismount."""
    st = new()
    side = _shoot_phase(st)
    u = put(st, "us-heavy-infantry" if st.armies[side] == "us" else "jp-heavy-infantry", side, grid.space(2, 3))
    u.tokens.append(st.new_token("hmg"))
    put(st, "jp-light-infantry" if st.armies[side] == "us" else "us-light-infantry", 1 - side, grid.space(4, 3))
    st._legal_cache = None
    ids = {a.id for a in st.legal_actions()}
    assert "mount:3,4:0" in ids and "fire:3,4:0:5,4" not in ids  # dismounted: it cannot fire
    st.apply("mount:3,4:0")
    assert "fire:3,4:0:5,4" in {a.id for a in st.legal_actions()}
    st.script_chance(1)
    st.apply("fire:3,4:0:5,4")
    assert u.tokens[0].used and "fire:3,4:0:5,4" not in {a.id for a in st.legal_actions()}  # flipped
    st.apply("shoot-done")
    assert not any(a.id.startswith("dismount:3,4") for a in st.legal_actions())


def test_hit_the_dirt_adds_one_to_the_standard_hit_number_only() -> None:
    from hulldown.games.pacific import combat

    st = new()
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    a = put(st, "us-m4a2", 0, grid.space(2, 0))
    e = put(st, "jp-light-infantry", 1, grid.space(3, 0))
    before = combat.numbers(st, a, None, e)
    e.tokens.append(st.new_token("hit-the-dirt"))
    after = combat.numbers(st, a, None, e)
    assert (after.hit, after.crit) == (before.hit + 1, before.crit)


def test_vehicle_mg_hmg_and_mrl_flip_after_use_and_are_restored_in_the_flip_over_phase() -> None:
    from hulldown.games.pacific.rules.s04_turn import flip_over

    st = new()
    side = _shoot_phase(st)
    if st.armies[side] != "us":
        st = new(armies="japan-us")
        side = _shoot_phase(st)
    tank = put(st, "us-m4a3", side, grid.space(2, 3))
    for up in ("tank-mg", "tank-hmg", "mrl"):
        tank.tokens.append(st.new_token(up))
    put(st, "jp-light-infantry", 1 - side, grid.space(3, 3))
    st._legal_cache = None
    for k in range(len(tank.tokens)):
        st.script_chance(1)
        st.apply(f"fire:3,4:{k}:4,4")
        assert tank.tokens[k].used
        assert not any(a.id.startswith(f"fire:3,4:{k}:") for a in st.legal_actions())
    flip_over(st)
    assert not any(t.used for t in tank.tokens)


def _extra_ammo_shots(**opts: object) -> tuple[list[int], list[bool]]:
    """Main-weapon shots a tank has in its owner's three turns after Extra Ammo is played on it,
    and whether the card still lies under it then."""
    from hulldown.games.pacific.rules.s07_shooting import shots_left

    st = new(**opts)
    to_deploy(st)
    side = st.active
    tank = "us-m4a2" if st.armies[side] == "us" else "jp-type97-chiha"
    u = put(st, tank, side, grid.space(1 if side == 0 else 4, 3))
    iid = st._new_card("extra-ammo")
    slot = st.actor
    st.hands[slot].put_top(iid)
    st.ap[slot] += st.db.support["extra-ammo"].play_cost
    st._legal_cache = None
    st.apply(f"play:h{sorted(st.hands[slot]).index(iid) + 1}:{grid.name(u.space)}")
    shots, under = [], []
    for turn in range(6):
        if turn % 2 == 0:
            shots.append(shots_left(u))
            under.append(iid in u.attached)
        while st.active == side ^ turn % 2 and not st.over:
            ids = [a.id for a in st.legal_actions()]
            st.apply(next((i for i in ids if i.endswith("-done") or i == "ta-pass"), ids[0]))
    assert (iid in st.discards[slot]) == (iid not in u.attached)  # a card done with goes to the discards
    return shots, under


def test_successful_hit_table_extra_ammo_lasts_until_the_end_of_the_next_turn() -> None:
    """§11.3.1: with the table, Extra Ammo's extra attack lasts this turn and its owner's next, not
    for good; dice games keep it Permanent, and so do games recorded before (``extra_ammo``)."""
    assert _extra_ammo_shots(successful_hit_table=True) == ([2, 2, 1], [True, True, False])
    assert _extra_ammo_shots(successful_hit_table=True, extra_ammo="permanent") == ([2, 2, 2], [True] * 3)
    assert _extra_ammo_shots() == ([2, 2, 2], [True] * 3)


def _screen_setup(**opts: object) -> tuple[PacificState, Unit, set[str]]:
    """A Sherman with a Smoke Screen token in its side's Shooting phase; the spaces its token may target."""
    st = new(**opts)
    side = _shoot_phase(st)
    u = put(st, "us-m4a2", side, grid.space(2, 3))
    u.tokens.append(st.new_token("smoke-screen"))
    st._legal_cache = None
    ref = grid.name(u.space)
    return st, u, {a.id.split(":")[3] for a in st.legal_actions() if a.id.startswith(f"fire:{ref}:0:")}


def test_smoke_screen_reaches_the_units_attack_range_and_its_side_tokens_are_optional() -> None:
    """§17.7: the shot goes "within their attack range" (the Sherman's 4, not the token's 5); the
    target's space gets a Smoke token, those left and right of it only if the shooter wants them."""
    st, u, targets = _screen_setup()
    assert targets == {grid.name(s) for s in range(grid.SPACES) if grid.distance(u.space, s) <= u.card.range}
    st.apply("fire:3,4:0:3,1")  # the first column: nothing to its left
    assert st.phase == "screen" and st.smoke == [grid.space(2, 0)]
    assert {a.id for a in st.legal_actions()} == {"screen:none", "screen:right"}
    st.apply("screen:none")
    assert st.phase == "shoot" and st.smoke == [grid.space(2, 0)]
    assert u.tokens[0].used and not any(a.id.startswith("fire:3,4:0:") for a in st.legal_actions())

    st, u, _ = _screen_setup()
    st.apply("fire:3,4:0:4,5")
    assert {a.id for a in st.legal_actions()} == {"screen:none", "screen:left", "screen:right", "screen:both"}
    st.apply("screen:left")
    assert st.smoke == [grid.space(3, 4), grid.space(3, 3)]

    st, u, _ = _screen_setup()
    st.apply("fire:3,4:0:4,5")
    st.apply("screen:both")
    assert sorted(st.smoke) == [grid.space(3, c) for c in (3, 4, 5)]


def test_smoke_screen_of_games_recorded_before_reaches_range_5_and_lays_three_tokens() -> None:
    """Option ``smoke_screen = "token"``: the token's Range 5 and all three tokens at once."""
    st, u, targets = _screen_setup(smoke_screen="token")
    assert targets == {grid.name(s) for s in range(grid.SPACES) if grid.distance(u.space, s) <= 5}
    assert any(grid.distance(u.space, grid.parse(t)) == 5 for t in targets)
    st.apply("fire:3,4:0:4,5")
    assert st.phase == "shoot" and sorted(st.smoke) == [grid.space(3, c) for c in (3, 4, 5)]
