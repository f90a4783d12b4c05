"""Night combat (§11.7), Starting Deployment (§3.5), Large Field (§11.11), heroes (§11.12),
Smoke Grenades as a reaction (§11.13), token trading (§11.10) and AA against the AI's drops (§16.3)."""

from __future__ import annotations

import json
from typing import Any

from hulldown.engine.rng import SplitMix64
from hulldown.games.pacific import grid
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import Unit
from tests.games.pacific.test_rules import GAME, new, put, to_deploy


def clear_terrain(st: PacificState) -> None:
    for s in range(grid.SPACES):
        st.terrain[s] = -1


def in_hand(st: PacificState, slot: int, cid: str) -> str:
    """Give ``slot`` a fresh card; its hand reference."""
    iid = st._new_card(cid)
    st.hands[slot].put_top(iid)
    st._legal_cache = None
    return f"h{sorted(st.hands[slot]).index(iid) + 1}"


def unit_card(st: PacificState, side: int, want: str = "infantry", tag: str = "") -> str:
    """A plain unit card of the side's army (no free token, some upgrade allowed)."""
    return next(
        u.id
        for u in st.db.units.values()
        if u.army == st.armies[side]
        and u.type == want
        and (not tag or tag in u.tags)
        and not u.free
        and u.upgrades
        and "infiltration" not in u.tags
    )


def seen(obs: dict[str, Any], space: int) -> dict[str, Any]:
    return next(u for u in obs["units"] if u["space"] == grid.name(space))


def night_deploy(st: PacificState) -> tuple[int, int, Unit]:
    """Night battle, first Deployment phase: the acting side deploys an infantry unit."""
    to_deploy(st)
    clear_terrain(st)
    slot = st.actor
    side = st.side_of(slot)
    st.ap[slot] = 10
    h = in_hand(st, slot, unit_card(st, side))
    s = grid.space(grid.deployment_row(side), 0)
    events = st.apply(f"deploy:{h}:{grid.name(s)}")
    u = st.unit_at(s)
    assert u is not None
    for e in events:
        if e["to"] == "all" or 1 - side in e["to"]:
            assert u.card.name not in json.dumps(e)  # the enemy is never told what it is
    return slot, side, u


# ---------------------------------------------------------------------- §11.7 night combat
def test_night_units_are_deployed_face_down() -> None:
    st = new(night=True)
    slot, side, u = night_deploy(st)
    assert u.face_down
    enemy_seat = st.side_slots[1 - side][0]
    theirs = seen(st.observation(enemy_seat), u.space)
    assert theirs["face_down"] and theirs["name"] == "Face-down unit" and theirs["id"] == -1
    assert theirs["hp"] == 0 and theirs["type"] == "face-down"
    assert u.card.name not in json.dumps(st.observation(enemy_seat)["units"])
    assert u.card.name not in json.dumps(st.observation(None)["units"])  # spectators neither
    mine = seen(st.observation(slot), u.space)
    assert mine["name"] == u.card.name and mine["face_down"]


def test_night_unit_deployed_with_an_upgrade_is_face_up() -> None:
    st = new(night=True)
    _slot, side, u = night_deploy(st)
    up = next(x for x in u.card.upgrades)
    st.apply(f"upgrade:{grid.name(u.space)}:{up}")
    assert not u.face_down
    assert seen(st.observation(st.side_slots[1 - side][0]), u.space)["name"] == u.card.name


def test_night_unit_within_two_spaces_of_an_enemy_turns_face_up() -> None:
    st = new(night=True)
    _slot, side, u = night_deploy(st)
    far = put(st, unit_card(st, 1 - side), 1 - side, grid.space(grid.row_index(side, 4), 0))
    near = put(st, unit_card(st, 1 - side), 1 - side, grid.space(grid.row_index(side, 3), 0))
    near.face_down = far.face_down = True
    assert grid.distance(u.space, near.space) == 2 and grid.distance(u.space, far.space) == 3
    st._legal_cache = None
    st.apply("deploy-done")  # any decision: the positions are checked after it
    assert not u.face_down and not near.face_down  # both see each other
    assert far.face_down


def test_night_unit_near_the_enemy_hq_turns_face_up() -> None:
    st = new(night=True)
    to_deploy(st)
    side = st.side_of(st.actor)
    col = 3  # a central column: the enemy HQ is one space beyond its row 1 (§1.2)
    three = grid.space(grid.row_index(side, 4), col)
    two = grid.space(grid.row_index(side, 5), col)
    assert grid.hq_distance(1 - side, three) == 3 and grid.hq_distance(1 - side, two) == 2
    u = put(st, unit_card(st, side), side, three)
    u.face_down = True
    st._legal_cache = None
    st.apply("deploy-done")
    assert u.face_down
    st.board[three], st.board[two], u.space = -1, u.iid, two
    st._legal_cache = None
    st.apply("move-done")
    assert not u.face_down


def test_night_unit_that_fires_turns_face_up_and_face_down_targets_are_offered() -> None:
    st = new(night=True)
    to_deploy(st)
    clear_terrain(st)
    slot = st.actor
    side = st.side_of(slot)
    gun = next(u for u in st.db.units.values() if u.army == st.armies[side] and u.range >= 3 and u.type != "aircraft")
    heavy = next(u.id for u in st.db.units.values() if u.army == st.armies[1 - side] and u.armour > gun.pierce)
    # three spaces apart: within range, not close enough to turn either face up
    shooter = put(st, gun.id, side, grid.space(grid.row_index(side, 2), 2))
    target = put(st, heavy, 1 - side, grid.space(grid.row_index(side, 5), 2))
    assert shooter.card.pierce < target.card.armour
    shooter.face_down = True
    target.face_down = True
    st.phase = "shoot"
    st._legal_cache = None
    # the shooter cannot know the card cannot be pierced: the shot is offered (§7.5, §11.7)
    fire = f"fire:{grid.name(shooter.space)}:main:{grid.name(target.space)}"
    assert fire in {a.id for a in st.legal_actions()}
    target.face_down = False
    st._legal_cache = None
    assert fire not in {a.id for a in st.legal_actions()}
    target.face_down = True
    st._legal_cache = None
    events = st.apply(fire)
    assert not shooter.face_down
    assert any(e["type"] == "attack" and e["result"] == "blocked" and e["target"] == -1 for e in events)
    assert target.face_down


def test_flares_turn_every_unit_face_up() -> None:
    st = new(night=True)
    slot, side, u = night_deploy(st)
    e = put(st, unit_card(st, 1 - side), 1 - side, grid.space(grid.row_index(side, 6), 7))
    e.face_down = True
    h = in_hand(st, slot, "flares")
    st.apply(f"play:{h}")
    assert not u.face_down and not e.face_down


def hidden_pair() -> tuple[PacificState, PacificState, int, int]:
    """Two night states alike but for the identity of one face-down card of the acting side."""
    out = []
    for k in (0, 1):
        st = new(night=True)
        slot, side, _ = night_deploy(st)
        s = grid.space(grid.deployment_row(side), 5)
        cands = [
            u.id
            for u in st.db.units.values()
            if u.army == st.armies[side] and u.type != "aircraft" and not u.free and "infiltration" not in u.tags
        ]
        u = put(st, sorted(cands)[k], side, s)
        u.face_down = True
        st._legal_cache = None
        out.append(st)
    return out[0], out[1], slot, side


def test_hidden_identity_gives_identical_observations_to_the_other_seat() -> None:
    a, b, slot, side = hidden_pair()
    enemy = a.side_slots[1 - side][0]
    assert (
        a.cards[a.board[grid.space(grid.deployment_row(side), 5)]]
        != b.cards[b.board[grid.space(grid.deployment_row(side), 5)]]
    )
    assert a.observation(enemy) == b.observation(enemy)
    assert a.observation(None) == b.observation(None)
    assert a.observation(slot) != b.observation(slot)


def test_resample_reshuffles_face_down_identities_among_unseen_cards() -> None:
    st = new(night=True)
    slot, side, u = night_deploy(st)
    st.apply("deploy-done")
    enemy = st.side_slots[1 - side][0]
    obs = st.observation(enemy)
    names = set()
    for k in range(30):
        r = st.resample(enemy, SplitMix64(k))
        assert isinstance(r, PacificState)
        assert r.observation(enemy) == obs
        v = r.unit_at(u.space)
        assert v is not None and v.face_down and v.side == side
        assert r.board[u.space] == v.iid and r.cards[v.iid] in r.db.units
        names.add(v.card.name)
        # the card it replaced went to the hand or deck: nothing is lost or doubled
        assert sorted(r.card_zones()["units"] + r.decks[slot].cards + r.hands[slot].cards) == sorted(
            st.card_zones()["units"] + st.decks[slot].cards + st.hands[slot].cards
        )
    assert len(names) > 3
    # its own side is never guessed at
    mine = st.resample(slot, SplitMix64(1)).unit_at(u.space)
    assert mine is not None and mine.card is u.card


# ---------------------------------------------------------------------- §11.11 / §3.5 set-up options
def to_terrain(**opts: Any) -> PacificState:
    """US side 0 bids 5 and wins the roll; the Terrain placement with 5 AP to spend."""
    st = new(armies="us-japan", **opts)
    st.apply("keep")
    st.apply("keep")
    st.apply("bid:5")
    st.script_chance(10, 1)
    st.apply("bid:0")
    assert st.phase == "terrain" and st.actor == 0 and st.terrain_budget[0] == 5
    clear_terrain(st)
    st._legal_cache = None
    return st


def test_large_field_terrain_spans_two_or_three_spaces_for_one_ap_more() -> None:
    st = to_terrain(large_field=True)
    ids = {a.id for a in st.legal_actions()}
    assert {"terrain:trenches:2,1:2", "terrain:trenches:2,1:3", "terrain:trenches:2,6:3"} <= ids
    assert "terrain:trenches:2,7:3" not in ids  # off the battlefield
    assert not any(i.startswith("terrain:cabin:") and i.count(":") == 3 for i in ids)  # a Building never
    st.apply("terrain:trenches:2,1:3")
    iid = st.terrain[grid.parse("2,1")]
    assert [st.terrain[grid.parse(f"2,{c}")] for c in (1, 2, 3)] == [iid] * 3
    assert st.terrain_budget[0] == 5 - 3 and st.terrain_hp[iid] == 4  # cost 2 + 1, the card's own HP
    assert st.card_zones()["terrain"].count(iid) == 1
    assert [t["width"] for t in st.observation(1)["terrain"] if t["space"] == "2,2"] == [3]
    ids = {a.id for a in st.legal_actions()}
    assert "terrain:sandbags:2,3" not in ids and "terrain:sandbags:2,4" in ids
    assert "terrain:trenches:2,4" in ids and "terrain:trenches:2,4:2" not in ids  # 2 AP left: no room for +1
    assert "terrain:sandbags:2,4:2" in ids
    # destroyed: removed from every space it covers
    from hulldown.games.pacific import combat
    from hulldown.games.pacific.state import Attack

    st.script_chance(10)
    combat.attack_terrain(st, grid.parse("2,2"), Attack(1, 1, 5, 6), False, False, [])
    assert all(st.terrain[grid.parse(f"2,{c}")] < 0 for c in (1, 2, 3)) and iid in st.terrain_out


def test_without_large_field_terrain_takes_one_space() -> None:
    st = to_terrain()
    assert not any(a.id.count(":") == 3 for a in st.legal_actions())


def test_starting_deployment_units_on_the_new_terrain_within_its_cost() -> None:
    st = to_terrain(starting_deployment=True)
    hi = in_hand(st, 0, "us-heavy-infantry")
    li = in_hand(st, 0, "us-light-infantry")
    hi_iid = sorted(st.hands[0])[int(hi[1:]) - 1]
    li_iid = sorted(st.hands[0])[int(li[1:]) - 1]
    mar = in_hand(st, 0, "us-marines")
    assert not any(a.id.startswith("deploy:") for a in st.legal_actions())  # only on new terrain
    st.apply("terrain:cabin:2,4")  # 3 AP: a House-like card
    st.apply("terrain:trenches:3,2")  # 2 AP
    ids = {a.id for a in st.legal_actions()}
    assert f"deploy:{hi}:2,4" in ids and f"deploy:{hi}:3,2" in ids
    assert f"deploy:{mar}:2,4" in ids and f"deploy:{mar}:3,2" not in ids  # cost 3 > 2
    assert not any(a.startswith("deploy:") and a.endswith(":2,5") for a in ids)
    ap = st.ap[0]
    st.apply(f"deploy:{hi}:2,4")  # Heavy Infantry 2 AP on the 3-AP cabin...
    u = st.units[hi_iid]
    assert st.ap[0] == ap and u.deployed_turn == -1 and st.hands[0].cards.count(hi_iid) == 0
    ids = {a.id for a in st.legal_actions()}
    assert "upgrade:2,4:hmg" in ids and "upgrade:2,4:mortar" not in ids  # ...with 1 AP left for an HMG
    st.apply("upgrade:2,4:hmg")
    assert not any(a.id.startswith("upgrade:2,4") for a in st.legal_actions())
    li = f"h{sorted(st.hands[0]).index(li_iid) + 1}"
    st.apply(f"deploy:{li}:3,2")  # Light Infantry 1 AP on the 2-AP trenches, Grenades 1 AP
    st.apply("upgrade:3,2:grenades")
    # nothing left to spend: side 0 is done, side 1 bid nothing, and the battle begins
    assert st.sd_budget == {} and st.phase == "deploy" and st.active == 0  # the bid's winner goes first
    assert st.ap[0] == ap + 1  # only the Headquarters phase's AP came in (§4.3)
    assert u.tokens[0].up.id == "hmg" and st.unit_at(grid.parse("3,2")) is not None


def test_set_up_option_errors() -> None:
    import pytest

    from tests.games.pacific.test_rules import GAME

    with pytest.raises(ValueError, match="starting_deployment"):
        GAME.new(seed=1, players=2, options={"starting_deployment": True, "scenario": "island-landing"})
    with pytest.raises(ValueError, match="large_field"):
        GAME.new(seed=1, players=2, options={"large_field": "wide"})
    with pytest.raises(ValueError, match="starting_deployment"):
        GAME.new(seed=1, players=2, options={"starting_deployment": 2})


# ---------------------------------------------------------------------- §11.12 WW2 heroes
def test_heroes_option_puts_the_army_heroes_in_the_deck() -> None:
    st = new(heroes=True)
    cards = [st.cards[i] for z in (*st.decks, *st.hands) for i in z]
    assert cards.count("us-hero-basilone") == 1 and cards.count("jp-hero-nishi") == 1
    assert "us-hero-basilone" not in [st.cards[i] for z in (st.decks[1], st.hands[1]) for i in z]
    plain = new()
    assert len(st.decks[0]) + len(st.hands[0]) == len(plain.decks[0]) + len(plain.hands[0]) + 1
    # a deck built by points pays for its hero out of the points
    for seed in range(5):
        r = GAME_NEW(seed, heroes=True, deck="random", points=80)
        ids = [r.cards[i] for i in (*r.decks[0], *r.hands[0])]
        assert "us-hero-basilone" in ids and sum(r.db.cost(c) for c in ids) <= 80


def GAME_NEW(seed: int, **opts: Any) -> PacificState:
    from tests.games.pacific.test_rules import GAME

    st = GAME.new(seed=seed, players=2, options={"armies": "us-japan", **opts})
    assert isinstance(st, PacificState)
    return st


def hero_setup(hero: str, side_army: str) -> tuple[PacificState, int, str]:
    st = new(armies=side_army)
    to_deploy(st)
    clear_terrain(st)
    slot = st.actor
    st.ap[slot] = 10
    return st, slot, in_hand(st, slot, hero)


def test_hero_goes_under_an_own_unit_anywhere_and_gives_its_ability() -> None:
    st, slot, h = hero_setup("us-hero-basilone", "us-japan")
    side = st.side_of(slot)
    if st.armies[side] != "us":
        st, slot, h = hero_setup("us-hero-basilone", "japan-us")
        side = st.side_of(slot)
    inf = put(st, "us-heavy-infantry", side, grid.space(grid.row_index(side, 4), 2))  # far from row 1
    tank = put(st, "us-m4a2", side, grid.space(grid.row_index(side, 2), 2))
    enemy = put(st, unit_card(st, 1 - side), 1 - side, grid.space(grid.row_index(side, 6), 2))
    st._legal_cache = None
    ids = {a.id for a in st.legal_actions()}
    ref = grid.name(inf.space)
    assert f"play:{h}:{ref}" in ids  # not only on the deployment line
    assert f"play:{h}:{grid.name(tank.space)}" not in ids  # the card names infantry
    assert not any(i.startswith(f"play:{h}:") and i.endswith(grid.name(enemy.space)) for i in ids)
    hp, shots = inf.hp, 1 + inf.extra_perm
    ap = st.ap[slot]
    st.apply(f"play:{h}:{ref}")
    card = st.support_card(inf.attached[0])
    assert card is not None and card.hero and st.ap[slot] == ap - card.cost
    assert inf.hp == hp + 1 and 1 + inf.extra_perm == shots + 1  # Basilone: +1 HP, one more attack
    h2 = in_hand(st, slot, "us-hero-basilone")
    assert not any(a.id == f"play:{h2}:{ref}" for a in st.legal_actions())  # one hero a unit
    # destroyed: unit and hero go to the discard pile together (the hero is never a target itself)
    from hulldown.games.pacific import combat

    combat.wound_unit(st, inf, inf.hp, [])
    assert inf.iid in st.discards[slot] and card.id in [st.cards[i] for i in st.discards[slot]]


def test_nishi_moves_and_aims_better() -> None:
    from hulldown.games.pacific import combat
    from hulldown.games.pacific.rules import movement_points

    st = new(armies="japan-us")
    to_deploy(st)
    side = st.armies.index("japan")
    slot = st.side_slots[side][0]
    tank = put(st, "jp-type95-hago", side, grid.space(grid.row_index(side, 2), 2))
    target = put(st, unit_card(st, 1 - side), 1 - side, grid.space(grid.row_index(side, 4), 2))
    before = movement_points(st, tank), combat.numbers(st, tank, None, target).hit
    iid = st._new_card("jp-hero-nishi")
    from hulldown.games.pacific.rules import play_support

    st.hands[slot].put_top(iid)
    st.ap[slot] = 5
    play_support(st, slot, iid, tank.iid, [])
    assert movement_points(st, tank) == before[0] + 1
    assert combat.numbers(st, tank, None, target).hit == before[1] - 1


def test_hero_on_a_face_down_unit_turns_it_face_up() -> None:
    st = new(night=True)
    to_deploy(st)
    slot = st.actor
    side = st.side_of(slot)
    hero, unit = ("us-hero-basilone", "us-heavy-infantry")
    if st.armies[side] == "japan":
        hero, unit = ("jp-hero-nishi", "jp-type95-hago")
    u = put(st, unit, side, grid.space(grid.row_index(side, 1), 0))
    u.face_down = True
    st.ap[slot] = 10
    h = in_hand(st, slot, hero)
    st.apply(f"play:{h}:{grid.name(u.space)}")
    assert not u.face_down


# ---------------------------------------------------------------------- §11.13 Smoke Grenade reaction
def smoke_setup() -> tuple[PacificState, Unit, Unit, str]:
    """The acting side's gun has an enemy infantry unit holding a Smoke Grenade in range."""
    st = new()
    to_deploy(st)
    clear_terrain(st)
    side = st.side_of(st.actor)
    gun = next(u for u in st.db.units.values() if u.army == st.armies[side] and u.range >= 3 and u.type != "aircraft")
    foe_card = "us-light-infantry" if st.armies[1 - side] == "us" else "jp-light-infantry"
    shooter = put(st, gun.id, side, grid.space(grid.row_index(side, 2), 2))
    target = put(st, foe_card, 1 - side, grid.space(grid.row_index(side, 5), 2))
    target.tokens.append(st.new_token("smoke-grenade"))
    st.phase = "shoot"
    st._legal_cache = None
    return st, shooter, target, f"fire:{grid.name(shooter.space)}:main:{grid.name(target.space)}"


def test_smoke_grenade_is_thrown_as_a_reaction_before_the_dice() -> None:
    st, shooter, target, fire = smoke_setup()
    attacker = st.actor
    before = target.wounds
    events = st.apply(fire)
    assert not any(e["type"] == "attack" for e in events)  # no die rolled yet
    assert st.phase == "smoke" and st.actor == target.owner  # the defender's decision
    ref = grid.name(target.space)
    assert {a.id for a in st.legal_actions()} == {f"smoke:{ref}:0", "no-smoke"}
    assert st.observation(target.owner)["smoke_reaction"] == {
        "shooter": grid.name(shooter.space),
        "target": ref,
        "assault": False,
        "card": None,
    }
    st.script_chance(10)
    events = st.apply(f"smoke:{ref}:0")
    assert target.smoke and target.tokens[0].used
    attack = next(e for e in events if e["type"] == "attack")
    from hulldown.games.pacific import combat

    target.smoke = False
    hit = combat.numbers(st, shooter, None, target).hit
    assert attack["hit"] == min(10, hit + 1)  # +1/+1 Evasion from the smoke
    assert st.phase == "shoot" and st.actor == attacker and st.pending_smoke is None
    assert target.wounds > before or target.iid not in st.units  # a natural 10 always hits (§7.2)
    # thrown: no further window on the next attack
    target.smoke = True
    assert not any(a.id == "no-smoke" for a in st.legal_actions())


def test_declining_the_smoke_grenade_lets_the_attack_come() -> None:
    st, _shooter, target, fire = smoke_setup()
    st.apply(fire)
    st.script_chance(1)  # a miss
    events = st.apply("no-smoke")
    assert [e["result"] for e in events if e["type"] == "attack"] == ["miss"]
    assert not target.smoke and not target.tokens[0].used and st.phase == "shoot"


# ---------------------------------------------------------------------- §11.10 trading a token
def test_infantry_trades_a_held_token_for_a_dropped_one() -> None:
    from hulldown.games.pacific import combat

    st = new(upgrade_drop=True)
    to_deploy(st)
    clear_terrain(st)
    side = st.active
    army = st.armies
    foe = put(st, f"{'us' if army[1 - side] == 'us' else 'jp'}-heavy-infantry", 1 - side, grid.space(2, 3))
    foe.tokens.append(st.new_token("hmg"))
    combat.destroy(st, foe, [])
    st.apply("deploy-done")
    mine = put(st, f"{'us' if army[side] == 'us' else 'jp'}-heavy-infantry", side, grid.space(2, 2))
    mine.tokens.append(st.new_token("mortar"))
    st._legal_cache = None
    st.apply("move:3,3:3,4")
    ids = {a.id for a in st.legal_actions()}
    assert "trade:3,4:0:hmg" in ids and "pickup:3,4" in ids
    st.apply("trade:3,4:0:hmg")
    assert [t.up.id for t in mine.tokens] == ["hmg"] and not st.drops  # the mortar is discarded
    assert not any(a.id.startswith("trade:") for a in st.legal_actions())


# ---------------------------------------------------------------------- §16.3 AA against the AI's drops
def test_player_aa_fires_at_paratroopers_the_ai_drops_before_the_ai_moves_on() -> None:
    from hulldown.games.pacific.rules import advance, deploy
    from hulldown.games.pacific.solo import band

    st = new(players=1)
    to_deploy(st)
    clear_terrain(st)
    assert st.active == 0 and st.is_ai_side(1)
    aa_id = next(u.id for u in st.db.units.values() if "anti-aircraft" in u.tags and u.army == st.armies[0])
    para_id = next(u.id for u in st.db.units.values() if "paratroopers" in u.tags and u.army == st.armies[1])
    aa = put(st, aa_id, 0, grid.space(1, 3))
    drop = grid.space(2, 3)
    assert grid.distance(aa.space, drop) <= aa.card.range
    # the AI's turn, in its Deployment phase: it drops paratroopers in range of the player's AA
    st.active, st.phase = 1, "hq"
    iid = st._new_card(para_id)
    st.hands[1].put_top(iid)
    events: list[dict[str, Any]] = []
    deploy(st, 1, iid, grid.name(drop), events)
    assert st.para_drops == [iid]
    st.ai_resume = (band(st, 1, [], "variable"), "variable")  # what ai_turn leaves after its deployment
    advance(st, events)
    assert st.phase == "aa" and st.current_player == 0  # the player decides, mid-way through the AI's turn
    assert {a.id for a in st.legal_actions()} == {f"aa:{grid.name(aa.space)}", "aa-done"}
    assert st.observation(0)["air"]["paratroopers"]
    st.script_chance(10)  # the AA hits
    events = st.apply(f"aa:{grid.name(aa.space)}")
    shot = next(e for e in events if e["type"] == "attack")
    assert shot["source"] == aa.card.name and shot["space"] == grid.name(drop) and shot["result"] != "miss"
    # then the AI's movement, shooting and discard: its own decisions follow in the same step
    assert events.index(shot) < max(i for i, e in enumerate(events) if e["type"] == "ai")
    # the AI's turn then ran to its end: the player's next turn
    assert st.ai_resume is None and st.para_drops == [] and st.active == 0 and st.current_player == 0


def test_ai_drop_out_of_aa_range_waits_for_nobody() -> None:
    from hulldown.games.pacific.rules import deploy

    st = new(players=1)
    to_deploy(st)
    clear_terrain(st)
    para_id = next(u.id for u in st.db.units.values() if "paratroopers" in u.tags and u.army == st.armies[1])
    iid = st._new_card(para_id)
    st.hands[1].put_top(iid)
    deploy(st, 1, iid, grid.name(grid.space(2, 3)), [])
    assert st.para_drops == []  # no AA of the player in range


def test_recruits_option_gives_the_named_side_one_more_ap() -> None:
    """§10.3: the option is ``recruits`` (none, side0 or side1); only the named side gets +1 AP."""
    plain = GAME.new(seed=3, players=2, options={})
    helped = GAME.new(seed=3, players=2, options={"recruits": "side1"})
    assert isinstance(plain, PacificState) and isinstance(helped, PacificState)
    assert helped.ap_generated(1) == plain.ap_generated(1) + 1
    assert helped.ap_generated(0) == plain.ap_generated(0)
