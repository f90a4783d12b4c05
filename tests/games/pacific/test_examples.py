"""The advanced rulebook's worked examples, replayed with scripted dice (rules §7.8, §16).

The example units (Mosquito, PAK40, StuG III, B-25 with HMG, FW 190, P-51, Panzer I, MAUS) are
not in the Pacific armies: they are defined here, test-only, with the numbers the examples print.
"""

from dataclasses import replace
from typing import Any

from hulldown.engine import registry
from hulldown.games.pacific import combat, grid
from hulldown.games.pacific.cards import TerrainCard, UnitCard, UpgradeToken
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import HQ_SPACE, Token, Unit

GAME = registry.load("2gm-pacific")


def unit(
    id: str, type: str, hit: int, crit: int, pierce: int, damage: int, armour: int, hp: int, **kw: Any
) -> UnitCard:
    return UnitCard(
        id=id, name=id, army="us", type=type, cost=5, move=3, range=kw.pop("range", 0), hit=hit, crit=crit,
        pierce=pierce, damage=damage, armour=armour, hp=hp, **kw,
    )  # fmt: skip


EXAMPLE_UNITS = {
    u.id: u
    for u in (
        unit("mosquito", "aircraft", 4, 7, 7, 2, 4, 3, tags=("bomber",)),
        unit("pak40", "artillery", 5, 9, 6, 2, 3, 2, range=4),
        unit("stug3", "tank", 5, 9, 6, 2, 5, 4, range=4),
        unit("heavy-infantry", "infantry", 5, 9, 2, 1, 2, 2, range=2),
        unit("b25", "aircraft", 4, 8, 6, 2, 5, 3, tags=("bomber",)),
        unit("fw190", "aircraft", 4, 8, 5, 3, 4, 3, tags=("fighter",)),
        unit("p51", "aircraft", 3, 8, 5, 3, 4, 3, tags=("fighter",)),
        unit("panzer1", "tank", 8, 10, 3, 1, 2, 3, range=3, tags=("multiple:1",)),
        unit("maus", "tank", 4, 7, 10, 3, 8, 8, range=4, tags=("multiple:1",), second_gun=(6, 2)),
        unit("target-tank", "tank", 5, 9, 3, 1, 2, 9, range=1),
    )
}
HMG = UpgradeToken(id="b25-hmg", name="HMG", for_=("aircraft",), cost=1, range=3, hit=4, crit=9, pierce=4, damage=3)
HOUSE = TerrainCard(id="house", name="House", kind="artificial", copies=0, evasion=(2, 2), armour=2, hp=6,
                    tags=("building",))  # fmt: skip
FOREST = TerrainCard(id="forest", name="Forest", kind="natural", copies=0, evasion=(1, 1), tags=("difficult",))


def example_state() -> PacificState:
    """A 2-player game at side 0's Shooting phase on a bare battlefield, with the example cards."""
    st = GAME.new(seed=1, players=2, options={})
    assert isinstance(st, PacificState)
    db = st.db
    st.db = replace(
        db,
        units={**db.units, **EXAMPLE_UNITS},
        terrain={**db.terrain, "house": HOUSE, "forest": FOREST},
        upgrades={**db.upgrades, "b25-hmg": HMG},
    )
    st.terrain = [-1] * grid.SPACES
    st.phase = "shoot"
    st.active = 0
    st.actor = 0
    st.mulligan_done = [True, True]
    return st


def put(st: PacificState, cid: str, side: int, s: int, bay: int = 0) -> Unit:
    iid = st._new_card(cid)
    u = Unit(iid, st.db.units[cid], side, side, s, -5)
    st.units[iid] = u
    if s >= 0:
        st.board[s] = iid
    u.bay = bay
    st._legal_cache = None
    return u


def on_terrain(st: PacificState, tid: str, s: int) -> None:
    iid = st._new_card(tid)
    st.terrain[s] = iid
    st.terrain_hp[iid] = st.db.terrain[tid].hp


def test_mosquito_bombing_run() -> None:
    """PAK40 in a house (Armour 5, 6+/9+), StuG III (4+/7+), Heavy Infantry in a forest (5+/8+)."""
    st = example_state()
    mosquito = put(st, "mosquito", 0, HQ_SPACE, bay=1)
    row = 3
    pak = put(st, "pak40", 1, grid.space(row, 2))
    stug = put(st, "stug3", 1, grid.space(row, 3))
    inf = put(st, "heavy-infantry", 1, grid.space(row, 4))
    on_terrain(st, "house", pak.space)
    on_terrain(st, "forest", inf.space)
    assert st.effective_armour(pak) == 5
    for target, numbers in ((pak, (6, 9)), (stug, (4, 7)), (inf, (5, 8))):
        atk = combat.numbers(st, mosquito, None, target)
        assert (atk.hit, atk.crit) == numbers and atk.pierce >= st.effective_armour(target)
    # the attack on the StuG covers the row's neighbours, resolved one after another along the row
    st.script_chance(6, 3, 8)  # PAK40 hit, StuG missed, Heavy Infantry critical
    st.apply(f"fire:a1:main:{grid.name(stug.space)}")
    assert pak.wounds == 2 and pak.iid not in st.units  # 2 wounds destroy the PAK40
    assert stug.wounds == 0
    assert inf.iid not in st.units  # a critical: 3 wounds
    assert mosquito.iid not in st.units and mosquito.iid in st.discards[0]  # a bomber is discarded


def test_b25_intercepted_by_fw190() -> None:
    """The B-25's HMG (4+/9+) rolls 3 and misses; the FW 190 (4+/8+) rolls 6: 3 wounds, the bomber falls."""
    st = example_state()
    b25 = put(st, "b25", 0, HQ_SPACE, bay=1)
    b25.tokens.append(Token(HMG))
    fw = put(st, "fw190", 1, HQ_SPACE, bay=1)
    hmg = combat.numbers(st, b25, HMG, fw)
    assert (hmg.hit, hmg.crit, hmg.pierce) == (4, 9, 4)
    shot = combat.numbers(st, fw, None, b25)
    assert (shot.hit, shot.crit, shot.pierce) == (4, 8, 5) and st.effective_armour(b25) == 5
    st.apply("fire:a1:main:hq")
    assert st.phase == "intercept" and st.actor == 1
    st.script_chance(3, 6)
    st.apply("intercept:a1")
    assert b25.wounds == 3 and b25.iid not in st.units
    assert st.hq_wounds[1] == 0  # the bomber never reached the HQ
    assert fw.iid not in st.units and fw.iid in st.discards[1]  # the interceptor is discarded once used
    assert st.phase == "shoot" and st.actor == 0


def test_p51_escorts_b25_against_fw190() -> None:
    """The P-51 (3+/8+, AP 5 against Armour 4) rolls 7: 3 wounds, the FW 190 falls; the B-25 bombs the HQ."""
    st = example_state()
    b25 = put(st, "b25", 0, HQ_SPACE, bay=1)
    p51 = put(st, "p51", 0, HQ_SPACE, bay=2)
    fw = put(st, "fw190", 1, HQ_SPACE, bay=1)
    esc = combat.numbers(st, p51, None, fw)
    assert (esc.hit, esc.crit) == (3, 8) and esc.pierce > st.effective_armour(fw)
    st.apply("fire:a1:main:hq")
    st.apply("intercept:a1")
    assert st.phase == "escort" and st.actor == 0
    st.script_chance(7, 5)  # escort hits the FW 190; the bomber then hits the HQ (4+)
    st.apply("escort:a2")
    assert fw.iid not in st.units and fw.wounds == 3
    assert b25.wounds == 0
    assert st.hq_wounds[1] == 2  # the B-25's standard hit, Damage 2
    assert p51.iid in st.discards[0] and b25.iid in st.discards[0]  # the escort is discarded too


def test_panzer_i_multiple_attacks() -> None:
    """Multiple (1), no second gun: 8+/10 then 9+/10 (the critical number stays at 10)."""
    st = example_state()
    pz = put(st, "panzer1", 0, grid.space(2, 0))
    target = put(st, "target-tank", 1, grid.space(3, 0))
    first = combat.numbers(st, pz, None, target, shot_index=0)
    second = combat.numbers(st, pz, None, target, shot_index=1)
    assert (first.hit, first.crit) == (8, 10) and (second.hit, second.crit) == (9, 10)
    st.script_chance(8, 8)  # the first attack hits, the same roll misses the second
    st.apply(f"fire:{grid.name(pz.space)}:main:{grid.name(target.space)}")
    assert target.wounds == 1
    st.apply(f"fire:{grid.name(pz.space)}:main:{grid.name(target.space)}")
    assert target.wounds == 1 and pz.main_shots == 2
    assert not any(a.id.startswith(f"fire:{grid.name(pz.space)}:main:") for a in st.legal_actions())


def test_maus_second_gun() -> None:
    """Multiple (1) with a second gun: both attacks 4+/7+, the second with Armour-piercing 6, Damage 2."""
    st = example_state()
    maus = put(st, "maus", 0, grid.space(2, 0))
    target = put(st, "target-tank", 1, grid.space(3, 0))
    first = combat.numbers(st, maus, None, target, shot_index=0)
    second = combat.numbers(st, maus, None, target, shot_index=1)
    assert (first.hit, first.crit, first.pierce, first.damage) == (4, 7, 10, 3)
    assert (second.hit, second.crit, second.pierce, second.damage) == (4, 7, 6, 2)
    st.script_chance(5, 5)
    here, there = grid.name(maus.space), grid.name(target.space)
    st.apply(f"fire:{here}:main:{there}")
    st.apply(f"fire:{here}:main:{there}")
    assert target.wounds == 3 + 2
    # a second gun that cannot pierce is not offered: Armour 8 stops Armour-piercing 6
    st2 = example_state()
    m2 = put(st2, "maus", 0, grid.space(2, 0))
    heavy = put(st2, "maus", 1, grid.space(3, 0))
    st2.script_chance(1)
    st2.apply(f"fire:{grid.name(m2.space)}:main:{grid.name(heavy.space)}")
    assert not any(a.id.startswith(f"fire:{grid.name(m2.space)}:main:") for a in st2.legal_actions())
