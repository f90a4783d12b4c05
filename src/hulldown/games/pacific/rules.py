"""The turn sequence (§3, §4) and every decision: what is legal, what it does.

Actions are typed values (actions.py): the rules offer them with the names their labels need
and read their fields, never their ids.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hulldown.engine import Action, Event, mark_reveal, private, public
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import combat, grid
from hulldown.games.pacific.actions import HQ, MAIN, WORDS, make
from hulldown.games.pacific.fields import HAND_LIMIT, HQ_HP, WEATHER_ROLL
from hulldown.games.pacific.hook import active
from hulldown.games.pacific.ids import (
    BAYS,
    HAND_SLOTS,
    MAX_LENDLEASE,
    SPACE_NAMES,
    TOKENS,
    find_unit,
    hand_card_at,
    target_internal,
    target_ref,
    unit_on,
    unit_ref,
)
from hulldown.games.pacific.labels import enemy_name, hand_names, named, token_name
from hulldown.games.pacific.units import HQ_SPACE, Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.cards import UnitCard

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields

KEEP = WORDS["keep"]
REDRAW = WORDS["redraw"]
TERRAIN_DONE = WORDS["terrain-done"]
TA_PASS = WORDS["ta-pass"]
DEPLOY_DONE = WORDS["deploy-done"]
MOVE_DONE = WORDS["move-done"]
SHOOT_DONE = WORDS["shoot-done"]
FLIP_DONE = WORDS["flip-done"]
DISCARD_DONE = WORDS["discard-done"]
GIVE_AP = WORDS["give-ap"]
NO_INTERCEPT = WORDS["no-intercept"]
NO_ESCORT = WORDS["no-escort"]
AA_DONE = WORDS["aa-done"]
NO_SMOKE = WORDS["no-smoke"]


#: Moves and shots keyed by what makes them differ, so the hot loops of legal-action generation
#: format no strings once an action exists (DESIGN rule 6).
_KEYED: dict[tuple[str, str, int, int], Action] = {}
_MOVES: dict[str, type[acts.Move]] = {"move": acts.Move, "ride": acts.Ride, "cover": acts.Cover}


def _move(kind: str, name: str, a: int, b: int) -> Action:
    key = (kind, name, a, b)
    x = _KEYED.get(key)
    if x is None:
        x = _KEYED[key] = make(_MOVES[kind], a, b, who=name)
    return x


_DEPLOYS: dict[tuple[int, str, int, int], Action] = {}


def _deploy(k: int, name: str, s: int, cost: int) -> Action:
    key = (k, name, s, cost)
    x = _DEPLOYS.get(key)
    if x is None:
        if s == HQ_SPACE:
            x = make(acts.Deploy, k, HQ, key="act.deploy.hq", card=name, cost=cost)
        else:
            x = make(acts.Deploy, k, s, card=name)
        _DEPLOYS[key] = x
    return x


# ====================================================================== night combat (§11.7)
def ev_id(u: Unit) -> int:
    """How events name a unit: by card instance, or -1 while it lies face down (§11.7)."""
    return -1 if u.face_down else u.iid


def where(u: Unit) -> str:
    return "hq" if u.space < 0 else SPACE_NAMES[u.space]


def reveal(st: PacificFields, u: Unit, events: list[Event]) -> None:
    """§11.7: the card is turned face up and stays so."""
    if u.face_down:
        u.face_down = False
        events.append(mark_reveal(public("revealed", unit=u.iid, name=u.card.name, space=where(u))))


def shows_face_down(st: PacificFields, *units: Unit) -> None:
    """§11.7 a face-down unit that moves or carries shows the enemy something of what it is
    (how far it may go, what it may carry), even if it stays face down: declare a reveal."""
    for u in units:
        if any(v.face_down for v in u.each()):
            st.declare_reveal()
            return


def near_enemy(st: PacificFields, u: Unit) -> bool:
    """§11.7: two spaces or less from an enemy unit or the enemy HQ (an HQ and the aircraft
    beside it count one space beyond its deployment line, §1.2)."""
    enemy = 1 - u.side
    s = u.space
    if s >= 0 and grid.hq_distance(enemy, s) <= 2:
        return True
    for e in st.units.values():
        if e.side != enemy:
            continue
        if s >= 0 and e.space >= 0:
            if grid.DIST[s][e.space] <= 2:
                return True
        elif s >= 0:
            if grid.hq_distance(enemy, s) <= 2:
                return True
        elif e.space >= 0 and grid.hq_distance(u.side, e.space) <= 2:
            return True
    return False


def reveal_sweep(st: PacificFields, events: list[Event]) -> None:
    """§11.7 after every decision: face-down units near the enemy, or showing a bought upgrade
    token (a unit deployed with upgrades is deployed face up), are turned face up."""
    for w in list(st.units.values()):
        for u in w.each():
            if not u.face_down:
                continue
            # a carried unit stands where its carrier stands
            if near_enemy(st, w) or any(t.up.id not in u.card.free for t in u.tokens):
                reveal(st, u, events)


def announce_deployment(st: PacificFields, u: Unit, events: list[Event]) -> None:
    """A face-down deployment tells the enemy only where a card went (§11.7).

    Even that is a reveal: the card left a hidden hand, and the AP paid show its cost.
    """
    if not u.face_down:
        events.append(mark_reveal(public("deployed", unit=u.iid, name=u.card.name, space=where(u))))
        return
    events.append(mark_reveal(public("deployed", unit=-1, space=where(u), face_down=True)))
    own = [s for s in range(st._players) if st.slot_side[s] == u.side and not (st.solo and u.side == 1)]
    if own:
        events.append(private(own, "deployed-face-down", unit=u.iid, name=u.card.name, space=where(u)))


# ====================================================================== the phase machine
def slots_of(st: PacificFields, side: int) -> list[int]:
    return [1] if st.is_ai_side(side) else st.side_slots[side]


def advance(st: PacificFields, events: list[Event]) -> None:
    """Run automatic steps until a seat must decide or the game is over."""
    while not st.over:
        ph = st.phase
        if ph == "mulligan":
            pending = [s for s in range(st.nslots) if not st.mulligan_done[s]]
            if pending:
                st.actor = pending[0]
                return
            st.phase = "bid"
            continue
        if ph == "bid" and st.scenario is not None:  # §14.1: the scenario names the first side
            st.first_side = st.scenario.first
            st.bid_order = []
            st.phase = "terrain"
            continue
        if ph == "bid":
            fms = [slots_of(st, 0)[0], slots_of(st, 1)[0]]
            for side in (0, 1):
                if st.bids[side] < 0:
                    if st.is_ai_side(side):
                        st.bids[side] = active().bid(st, events)
                        continue
                    st.actor = fms[side]
                    return
            resolve_initiative(st, events)
            continue
        if ph == "terrain":
            side = st.bid_order[0] if st.bid_order else -1
            if side < 0:
                st.sd_budget = {}
                start_turn(st, st.first_side, events)
                continue
            if st.is_ai_side(side):
                active().terrain(st, side, events)
                st.bid_order.pop(0)
                continue
            choices = terrain_actions(st, side)
            if st.sd_budget and all(c.id.startswith(("deploy:", "upgrade:")) for c in choices):
                st.declare_reveal()  # §3.5 whether the side deploys on shows what its hand can afford
            if not choices:
                st.bid_order.pop(0)
                continue
            st.actor = slots_of(st, side)[0]
            return
        if ph in ("hq", "deploy", "move", "shoot", "flip", "discard"):
            if st.is_ai_side(st.active):
                if st.ai_resume is None:
                    active().turn(st, events)
                # §16.3: the player's AA answers each paratrooper the AI dropped, before it moves on
                while st.para_drops and not st.over:
                    para = st.units.get(st.para_drops.pop(0))
                    if para is not None and para.space >= 0 and paratroopers_aa(st, para, events):
                        return
                # §11.13: then the player's Smoke Grenade answers each attack card the AI played
                while st.ai_card_attacks and not st.over:
                    card, uid = st.ai_card_attacks.pop(0)
                    victim = st.units.get(uid)
                    if victim is None or victim.space < 0:
                        continue  # destroyed by an earlier card: this one has nothing to hit
                    if smoke_window(st, None, victim, card, "support", events, side=st.active):
                        return
                    support_attack(st, card, victim, events)
                # the rest of the AI's turn; its Shooting phase may stop for the player's Smoke
                # Grenade (§11.13) or air reactions (§16.1) and go on where it stopped
                while st.ai_resume is not None and not st.over:
                    if st.phase in REACTION_PHASES:
                        return
                    b, t = st.ai_resume
                    st.ai_resume = None
                    active().turn_rest(st, b, t, events)
                if st.over:
                    return
                if st.phase in REACTION_PHASES:
                    return
                end_turn(st, events)
                continue
            if ph == "flip" and not flip_actions(st, st.actor):
                next_actor(st, events)
                continue
            if ph == "hq" and not ta_actions(st):
                next_actor(st, events)
                continue
            return
        if ph in REACTION_PHASES:
            return
        raise AssertionError(ph)


#: phases in which a seat answers the other side's attack (§11.13, §16)
REACTION_PHASES = ("intercept", "escort", "aa", "smoke")


def resolve_initiative(st: PacificFields, events: list[Event]) -> None:
    """§3.3: bids are spent, each side rolls a d10 and adds its bid; ties roll again."""
    for side in (0, 1):
        slot = slots_of(st, side)[0]
        st.ap[slot] -= st.bids[side]
    events.append(public("bids", side0=st.bids[0], side1=st.bids[1]))
    while True:
        a = st.roll(10) + st.bids[0]
        b = st.roll(10) + st.bids[1]
        if a != b:
            break
    st.first_side = 0 if a > b else 1
    events.append(public("initiative", first=st.first_side, total0=a, total1=b))
    st.bid_order = [st.first_side, 1 - st.first_side]
    st.terrain_budget = [st.bids[0], st.bids[1]]
    st.phase = "terrain"


def start_turn(st: PacificFields, side: int, events: list[Event]) -> None:
    """§4.2 Initial, §4.3 Headquarters, §4.5 Card phases, then the first decision phase."""
    st.active = side
    if side == st.first_side:
        st.round += 1
        if st.round > st.max_rounds:  # §4.7 time limit
            st.over = True
            w0, w1 = st.hq_wounds
            st.winner = -1 if w0 == w1 else (0 if w0 < w1 else 1)
            if st.scenario is not None:  # §14.3: the defender held out
                st.winner = 1 - st.scenario.attacker
            events.append(public("time-limit", winner=st.winner))
            return
    st.turn += 1
    # Initial phase (§4.2)
    st.smoke = []
    for u in st.units.values():
        if u.side == side:
            u.cover = False
            u.guard = 0
            u.smoke = False
        u.attacked_by = []
    if st._options["weather"] == "rolled" and side == st.first_side:
        st.weather = WEATHER_ROLL[st.roll(10) - 1]
        st.muddy = []
        if st.weather in ("rain", "storm"):
            st._place_muddy()
        events.append(public("weather", weather=st.weather))
    # Headquarters phase (§4.3)
    gained = st.ap_generated(side)
    supply = st.supply_line(side)
    if st.is_ai_side(side):
        st.last_supply[side] = supply
        st.ap[1] += gained
    else:
        st._split_ap(side, gained)
    st.ta_used = False
    st.gave_ap = False
    st.lent = False
    events.append(public("headquarters", side=side, ap=gained, supply=supply))
    if st.is_ai_side(side):
        st.phase = "hq"
        return
    # Card phase (§4.5)
    for slot in slots_of(st, side):
        if not st._draw(slot, 1, events):
            st.over = True
            st.winner = 1 - side
            events.append(public("empty-deck", side=side))
            return
    st.phase = "hq"
    st.actor = slots_of(st, side)[0]


PHASES = ("hq", "deploy", "move", "shoot", "flip", "discard")


def next_actor(st: PacificFields, events: list[Event]) -> None:
    """Within a phase the Field Marshall acts first, then the General (§10.2)."""
    slots = slots_of(st, st.active)
    if st.phase == "hq":  # only the Field Marshall orders Tactical Artillery
        st.phase = "deploy"
        st.actor = slots[0]
        return
    i = slots.index(st.actor)
    if i + 1 < len(slots):
        st.actor = slots[i + 1]
        return
    k = PHASES.index(st.phase)
    if k + 1 < len(PHASES):
        st.phase = PHASES[k + 1]
        st.actor = slots[0]
        if st.phase == "flip":
            flip_over(st)
        return
    end_turn(st, events)


def flip_over(st: PacificFields) -> None:
    """Flip Over phase: used tokens are restored (mounted weapons stay mounted), carried units' too."""
    for w in st.units.values():
        if w.side == st.active:
            for u in w.each():
                for t in u.tokens:
                    t.used = False


def objectives_taken(st: PacificFields) -> bool:
    """§14.3: every objective space holds one of the attacker's units (not a carried one)."""
    sc = st.scenario
    if sc is None:
        return False
    for s in st.objectives:
        u = st.unit_at(s)
        if u is None or u.side != sc.attacker:
            return False
    return True


def end_turn(st: PacificFields, events: list[Event]) -> None:
    side = st.active
    if st.scenario is not None and side == st.scenario.attacker and objectives_taken(st):
        st.over = True
        st.winner = side
        events.append(public("objectives-taken", side=side))
        return
    for u in [v for w in st.units.values() for v in w.each()]:
        if u.side == side:
            u.usf = False  # §7.6: lasts until the end of its owner's next turn
            u.moved = False
            u.main_shots = 0
            u.no_fire = False
            u.acc_turn = 0
            u.mp_bonus = 0
            u.extra_turn = 0
            u.damage_bonus = 0
            u.assault_bonus = 0
            u.healed = False
        else:
            u.aa_used = False
    # §12.2: a cut made in the player's turn lasts until the AI has read it in its own turn
    st.supply_broken[side] = False
    events.append(public("end-turn", side=side))
    start_turn(st, 1 - side, events)


# ====================================================================== legal actions
def legal_actions(st: PacificFields) -> list[Action]:
    ph = st.phase
    slot = st.actor
    if ph == "mulligan":
        return [KEEP, REDRAW]
    if ph == "bid":
        return [make(acts.Bid, n) for n in range(st.ap[slot] + 1)]
    if ph == "terrain":
        return [*terrain_actions(st, st.bid_order[0]), TERRAIN_DONE]
    if ph == "hq":
        return [*ta_actions(st), TA_PASS]
    if ph == "deploy":
        return deploy_actions(st, slot)
    if ph == "move":
        return move_actions(st, slot)
    if ph == "shoot":
        return shoot_actions(st, slot)
    if ph == "flip":
        return [*flip_actions(st, slot), FLIP_DONE]
    if ph == "discard":
        names = hand_names(st, slot)
        out: list[Action] = [make(acts.Discard, k, card=names[k]) for k in range(min(len(names), HAND_SLOTS))]
        if len(st.hands[slot]) <= HAND_LIMIT:
            out.append(DISCARD_DONE)
        return out
    if ph in ("intercept", "escort", "aa"):
        return air_reactions(st)
    if ph == "smoke":
        ps = st.pending_smoke
        assert ps is not None
        u = st.units[ps["target"]]
        ref = unit_ref(u, u.side)
        user = skill_user(u)
        who = named(user, user.side)
        return [
            *(make(acts.Smoke, ref, k, tok=token_name(user, k), who=who) for k in smoke_tokens(user)),
            NO_SMOKE,
        ]
    raise AssertionError(ph)


def terrain_actions(st: PacificFields, side: int) -> list[Action]:
    """§3.4: artificial terrain on own rows 2-3 with the AP spent on the bid; §11.11 Large Field:
    a card without *Building* may lie across 2 or 3 spaces of a row (``terrain:T:R,C:W``, from
    R,C rightwards) for 1 AP more; §3.5 Starting Deployment: units on the new cards."""
    budget = st.terrain_budget[side]
    wide = st._options["large_field"]
    out: list[Action] = []
    seen: set[str] = set()
    rows = [grid.row_index(side, 2), grid.row_index(side, 3)]
    terrain = st.terrain
    for iid in st.terrain_piles[side]:
        t = st.db.terrain[st.cards[iid]]
        if t.cost > budget or t.id in seen:
            continue
        seen.add(t.id)
        spans = (2, 3) if wide and "building" not in t.tags and t.cost + 1 <= budget else ()
        for r in rows:
            for c in range(grid.COLS):
                s = grid.space(r, c)
                if terrain[s] >= 0:
                    continue
                out.append(make(acts.Terrain, t.id, s, name=t.name))
                for w in spans:
                    if c + w <= grid.COLS and all(terrain[s + i] < 0 for i in range(w)):
                        out.append(make(acts.WideTerrain, t.id, s, w, name=t.name, cost=t.cost + 1))
    if st.sd_budget:
        out.extend(starting_deployment_actions(st, side))
    return out


def starting_deployment_actions(st: PacificFields, side: int) -> list[Action]:
    """§3.5: units from hand on the terrain cards just placed, upgrades included, each card's
    units costing no more than the AP spent on that card (``deploy:`` and ``upgrade:`` ids)."""
    slot = slots_of(st, side)[0]
    out: list[Action] = []
    spaces = [s for s, t in enumerate(st.terrain) if t in st.sd_budget and st.board[s] < 0]
    mine = {t for t, left in st.sd_budget.items() if left > 0}
    names = hand_names(st, slot)
    for k, iid in enumerate(sorted(st.hands[slot])[:HAND_SLOTS]):
        uc = st.db.units.get(st.cards[iid])
        if uc is None or uc.type == "aircraft":
            continue
        for s in spaces:
            t = st.terrain[s]
            if t in mine and uc.cost <= st.sd_budget[t] and grid.own_row(side, s) in (2, 3):
                out.append(_deploy(k, names[k], s, uc.cost))
    for u in sorted(st.units.values(), key=lambda x: x.iid):
        if u.side != side or u.space < 0 or st.terrain[u.space] not in mine:
            continue
        left = st.sd_budget[st.terrain[u.space]]
        have = {t.up.id for t in u.tokens}
        if sum(1 for t in u.tokens if t.up.id not in u.card.free) >= 2:
            continue
        for up in upgrade_options(st, u):
            tok = st.db.upgrades[up]
            if up not in have and tok.cost <= left:
                out.append(make(acts.Upgrade, unit_ref(u, side), up, who=named(u, side), upgrade=tok.name))
    return out


def upgrade_options(st: PacificFields, u: Unit) -> list[str]:
    """The upgrade tokens a unit may buy (§5.2; §11.8 Smoke Canister for infantry)."""
    options = list(u.card.upgrades)
    if st._options["smoke_canister"] and u.card.type == "infantry":
        options.append("smoke-canister")
    return options


def ta_actions(st: PacificFields) -> list[Action]:
    """§11.1: once, after generating AP, on a space holding a unit or damageable terrain."""
    if not st._options["tactical_artillery"] or st.ta_used:
        return []
    slot = st.actor
    ap = min(9, st.ap[slot])
    if ap < 1:
        return []
    targets = [s for s in range(grid.SPACES) if st.board[s] >= 0]
    return [make(acts.TacticalArtillery, n, s) for n in range(1, ap + 1) for s in targets]


def unit_deploy_cost(st: PacificFields, slot: int, card_cost: int, tags: tuple[str, ...], s: int) -> int:
    side = st.side_of(slot)
    cost = card_cost
    if "reserve" in tags and any(u.side == side and u.space >= 0 for u in st.units.values()):
        cost -= 1
    if s >= 0 and "incursion" in tags:
        cost += grid.own_row(side, s) - 1
    return max(0, cost)


def deploy_spaces(st: PacificFields, slot: int, tags: tuple[str, ...]) -> list[int]:
    side = st.side_of(slot)
    sea = st.sea
    boat = "embark-disembark" in tags
    amphibious = "amphibious" in tags
    # §14.4: a river space takes only Amphibious vehicles and Sappers (never a boat: it is
    # deployed on the sea deployment line)
    river_ok = amphibious or "sappers" in tags
    heavy = "extra-heavy" in tags
    terrain = st.terrain
    db_terrain = st.db.terrain
    cards = st.cards

    def dry(s: int) -> bool:
        if terrain[s] < 0:
            return True
        here = db_terrain[cards[terrain[s]]].tags
        if "bridge" in here:  # §14.4: a Bridge carries every ground unit but the Extra Heavy
            return not heavy
        return river_ok or "river" not in here

    if "paratroopers" in tags or "incursion" in tags:
        out = []
        for s in range(grid.SPACES):
            if st.board[s] >= 0 or (sea[s] and not amphibious) or not dry(s):
                continue
            out.append(s)
        return out
    r = grid.deployment_row(side)
    # §14.2: a sea deployment line takes only boats and Amphibious vehicles; a boat never lands
    return [
        s
        for s in (grid.space(r, c) for c in range(grid.COLS))
        if st.board[s] < 0 and (amphibious if sea[s] else not boat and dry(s))
    ]


def deploy_actions(st: PacificFields, slot: int) -> list[Action]:
    out: list[Action] = []
    side = st.side_of(slot)
    ap = st.ap[slot]
    bay_free = free_bay(st, side) > 0
    names = hand_names(st, slot)
    for k, iid in enumerate(sorted(st.hands[slot])[:HAND_SLOTS]):
        cid = st.cards[iid]
        uc = st.db.units.get(cid)
        if uc is not None:
            if uc.type == "aircraft":
                if uc.cost <= ap and bay_free:
                    out.append(_deploy(k, names[k], HQ_SPACE, uc.cost))
                continue
            for s in deploy_spaces(st, slot, uc.tags):
                if unit_deploy_cost(st, slot, uc.cost, uc.tags, s) <= ap:
                    out.append(_deploy(k, names[k], s, uc.cost))
            continue
        sc = st.db.support[cid]
        if sc.play_cost > ap:
            continue
        for target in support_targets(st, side, sc):
            if target is None:
                out.append(make(acts.Play, k, card=names[k]))
            else:
                u = st.units[target]
                ref = unit_ref(u, side)
                name = u.card.name if u.side == side else enemy_name(u)
                out.append(make(acts.PlayOn, k, ref, card=names[k], what=name))
    for u in sorted(st.units.values(), key=lambda x: x.iid):
        if u.owner != slot:
            continue
        bought = [t.up.id for t in u.tokens if t.up.id not in u.card.free]
        if len(bought) >= 2:
            continue
        have = {t.up.id for t in u.tokens}
        for up in upgrade_options(st, u):
            tok = st.db.upgrades[up]
            if up not in have and tok.cost <= ap:
                out.append(make(acts.Upgrade, unit_ref(u, side), up, who=named(u, side), upgrade=tok.name))
    out.extend(board_actions(st, slot))
    out.extend(deploy_fetch_actions(st, slot))
    out.extend(lend_lease_actions(st, slot))
    slots = slots_of(st, side)
    if len(slots) == 2 and slot == slots[0] and not st.gave_ap and ap >= 1:
        out.append(GIVE_AP)
    out.append(DEPLOY_DONE)
    return out


def support_targets(st: PacificFields, side: int, sc: object) -> list[int | None]:
    from hulldown.games.pacific.cards import SupportCard

    assert isinstance(sc, SupportCard)
    if sc.target in ("none", "hq"):
        return [None]
    out: list[int | None] = []
    for u in sorted(st.units.values(), key=lambda x: x.iid):
        if sc.types and (u.card.type not in sc.types or (u.face_down and u.side != side)):
            continue  # §11.7: a card for certain unit types needs to see its enemy target
        if sc.target == "own-unit" and u.side == side:
            # §11.12: a hero goes under a unit on the battlefield, one hero a unit (reconstructed)
            if sc.hero and (u.space < 0 or any((s := st.support_card(i)) is not None and s.hero for i in u.attached)):
                continue
            out.append(u.iid)
        elif (sc.target == "own-aircraft" and u.side == side and u.card.type == "aircraft") or (
            sc.target == "enemy-unit" and u.side != side and u.space >= 0
        ):
            out.append(u.iid)
    return out


def can_move(st: PacificFields, u: Unit) -> bool:
    if u.space < 0 or u.moved or u.immobile_until >= st.turn:
        return False
    if u.deployed_turn == st.turn and not u.has("mobility"):
        return False  # §5.4
    if any(t.mounted for t in u.tokens):
        return False
    if u.has("extra-heavy") and "difficult" in st.terrain_tags(u.space):
        return False  # immobilised
    return u.card.move > 0


def movement_points(st: PacificFields, u: Unit) -> int:
    if st.weather == "storm":
        return 1
    mp = u.card.move + u.mp_bonus + u.mp_perm
    if u.usf:
        mp = max(1, mp - 1)  # §6.3
    return mp


Flags = tuple[list[bool], list[bool], list[bool]]


def terrain_flags(st: PacificFields) -> Flags:
    """Per space: difficult terrain (a card's tag or mud, §6.2), mountain and river (water,
    §14.4), computed once per call."""
    diff = [False] * grid.SPACES
    mountain = [False] * grid.SPACES
    river = [False] * grid.SPACES
    db_terrain = st.db.terrain
    cards = st.cards
    for s, iid in enumerate(st.terrain):
        if iid >= 0:
            tags = db_terrain[cards[iid]].tags
            diff[s] = "difficult" in tags
            mountain[s] = "mountain" in tags
            river[s] = "river" in tags
    for s in st.muddy:
        diff[s] = True
    return diff, mountain, river


def sapper(u: Unit) -> bool:
    """*Sappers* (the card's tag or a Sappers token): they cross rivers anywhere (§14.4)."""
    return u.has("sappers") or any(t.up.effect == "sappers" for t in u.tokens)


def bridged(st: PacificFields, s: int) -> bool:
    """§14.4: a Bridge card stands on the space (a river crossed by a bridge)."""
    iid = st.terrain[s]
    return iid >= 0 and "bridge" in st.db.terrain[st.cards[iid]].tags


def reachable(st: PacificFields, u: Unit, mp: int, flags: Flags | None = None) -> dict[int, int]:
    """Spaces reachable with ``mp`` (§6.1-6.2): destination -> MP left. A River space a unit
    crosses only on a Sappers' bridge (§14.4) is in the answer for the way through, though the
    unit may not stop there: ``water_ok`` tells. A Bridge card is open ground for every ground
    unit but the Extra Heavy, which never moves over a bridge (rulebook)."""
    tags = u.card.tags
    neigh = grid.NEIGH_D if "motorized" in tags else grid.NEIGH
    scout = "scout" in tags
    heavy = "extra-heavy" in tags
    climbers = "climbers" in tags
    difficult, mountain, river = flags if flags is not None else terrain_flags(st)
    storm = st.weather == "storm" and u.card.type != "infantry"
    muddy = st.muddy
    sea = st.sea
    boat = "embark-disembark" in tags
    land_only = not boat and "amphibious" not in tags
    wader = not land_only or sapper(u)  # §14.4: on a river as on any space
    board = st.board
    units = st.units
    side = u.side
    start = u.space
    best = {start: mp}
    frontier = [start]
    while frontier:
        nxt = []
        for s in frontier:
            left = best[s]
            if left <= 0:
                continue
            here_diff = not scout and difficult[s]
            for n in neigh[s]:
                occ = board[n]
                if occ >= 0 and units[occ].side != side:
                    continue
                if (land_only and sea[n]) or (boat and not sea[n] and not river[n]):
                    continue  # §14.2: boats stay at sea, only Amphibious vehicles cross the shore
                if river[n] and (land_only or heavy) and bridged(st, n):
                    if heavy:
                        continue  # §14.4: Extra Heavy units never move over bridges
                elif river[n] and not wader and (heavy or occ < 0 or not sapper(units[occ])):
                    continue  # §14.4: a river is crossed only on a friendly Sappers' bridge
                d = difficult[n]
                if heavy and d:
                    continue
                if storm and n in muddy:
                    continue  # storm: only infantry crosses Muddy spaces
                diff = d and not scout and not (climbers and mountain[n])
                rem = 0 if (diff or here_diff) else left - 1
                if rem > best.get(n, -1):
                    best[n] = rem
                    nxt.append(n)
        frontier = nxt
    del best[start]
    return best


def storm_blocked(st: PacificFields, u: Unit, s: int) -> bool:
    return st.weather == "storm" and s in st.muddy and u.card.type != "infantry"


def move_destinations(st: PacificFields, u: Unit, flags: Flags | None = None) -> tuple[list[int], list[int]]:
    """Normal destinations and those only Riders' extra space reaches."""
    mp = movement_points(st, u)
    if flags is None:
        flags = terrain_flags(st)
    normal = reachable(st, u, mp, flags)
    river = flags[2]
    dests = []
    for s in sorted(normal):
        if river[s] and not water_ok(st, u, s):
            continue  # §14.4: the way over a Sappers' bridge, not a place to stop
        occ = st.unit_at(s)
        if occ is None or swap_ok(st, occ, u.space):
            dests.append(s)
    ride: list[int] = []
    if u.has("riders"):
        for s in sorted(reachable(st, u, mp + 1, flags)):
            if s not in normal and st.board[s] < 0 and not (river[s] and not water_ok(st, u, s)):
                ride.append(s)
    return dests, ride


def swap_ok(st: PacificFields, other: Unit, to: int) -> bool:
    """Simultaneous movement (§6.1): a friendly unit that could still move may take our place."""
    return can_move(st, other) and grid.DIST[other.space][to] <= movement_points(st, other) and water_ok(st, other, to)


def water_ok(st: PacificFields, u: Unit, s: int) -> bool:
    """§14.2/§14.4: boats (Embark & Disembark) stay on water (sea or river, under a Bridge too);
    other units stay ashore unless Amphibious, and only Amphibious vehicles and Sappers stand on a
    river; a Bridge carries every ground unit but the Extra Heavy."""
    tags = st.db.terrain[st.cards[st.terrain[s]]].tags if st.terrain[s] >= 0 else ()
    river = "river" in tags
    if u.has("embark-disembark"):
        return st.sea[s] or river
    if "bridge" in tags and u.has("extra-heavy"):
        return False  # §14.4: Extra Heavy units never move over bridges
    if u.has("amphibious"):
        return True
    return not st.sea[s] and (not river or "bridge" in tags or sapper(u))


def skill_user(u: Unit) -> Unit:
    """§15.5: a landing craft has no gun, skill or token of its own, so the id naming its space
    names the unit it carries when it fires or uses a skill."""
    return u.cargo if u.cargo is not None and u.has("embark-disembark") else u


def place(u: Unit, s: int) -> None:
    """Put a unit, and everything it carries, on space ``s`` (§15: cargo rides on its transport)."""
    for v in u.each():
        v.space = s


def move_actions(st: PacificFields, slot: int) -> list[Action]:
    out: list[Action] = []
    flags = terrain_flags(st)
    for u in sorted(st.units.values(), key=lambda x: x.iid):
        if u.owner != slot or u.space < 0:
            continue
        if can_move(st, u):
            dests, ride = move_destinations(st, u, flags)
            name = u.card.name
            for s in dests:
                out.append(_move("move", name, u.space, s))
            for s in ride:
                out.append(_move("ride", name, u.space, s))
            if u.card.type == "infantry":
                near = grid.DIST[u.space]
                for s in dests:
                    if near[s] == 1 and st.board[s] < 0:
                        out.append(_move("cover", name, u.space, s))
                for n in grid.NEIGH[u.space]:
                    e = st.unit_at(n)
                    if e is not None and e.side != u.side and (e.face_down or u.card.pierce >= st.effective_armour(e)):
                        out.append(make(acts.Assault, u.space, n, who=named(u, u.side), what=enemy_name(e)))
            if u.has("advance") and u.mp_bonus == 0 and st.ap[slot] >= 1:
                out.append(make(acts.Advance, u.space, who=named(u, u.side)))
        if u.has("sappers") or any(t.up.effect == "sappers" for t in u.tokens):
            for n in grid.NEIGH[u.space]:
                if "obstacle" in st.terrain_tags(n) and st.terrain[n] >= 0:
                    out.append(make(acts.Sap, u.space, n, who=named(u, u.side)))
        out.extend(token_actions(st, u))
        if st.drops and u.space in st.drops:
            if pickable(st, u):
                out.append(make(acts.Pickup, u.space, who=named(u, u.side)))
            for k, up in tradeable(st, u):
                name = st.db.upgrades[up].name
                old = u.tokens[k].up.name
                out.append(make(acts.Trade, u.space, k, up, who=named(u, u.side), old=old, n=k + 1, upgrade=name))
    out.extend(transport_actions(st, slot, flags))
    out.append(MOVE_DONE)
    return out


# ---------------------------------------------------------------------- transport (§15)
def front(side: int, s: int) -> int:
    """The space in front of ``s`` as ``side`` faces the enemy, -1 off the battlefield."""
    n = s + grid.COLS if side == 0 else s - grid.COLS
    return n if 0 <= n < grid.SPACES else -1


def boards_again(st: PacificFields, u: Unit) -> bool:
    """Whether ``u`` may still go on board a carrier this turn (§15.2-15.3, our reading): not once
    it has stepped off one. *Mechanize* lets an unloaded unit move and assault on the ground; were
    boarding again allowed too, a mechanized unit could board and leave a transport without end."""
    return u.unloaded_turn != st.turn


def walks_aboard(st: PacificFields, u: Unit, t: Unit, reach: dict[int, int]) -> bool:
    """§15.2: unit ``u``, which reaches ``reach`` this phase, can walk on board carrier ``t``: to
    its space, or for a landing craft to the free space in front of it."""
    if t.has("embark-disembark"):
        f = front(t.side, t.space)
        return f >= 0 and (f == u.space or (f in reach and st.board[f] < 0))
    return t.space in reach


def carries_card(t: Unit, uc: UnitCard) -> bool:
    """§15.1 for a card in hand: what an empty carrier ``t`` may take on board."""
    if t.cargo is not None:
        return False
    if t.has("embark-disembark"):
        return uc.type != "aircraft" and "embark-disembark" not in uc.tags
    return (uc.type == "infantry" and t.has("transport")) or (uc.type == "artillery" and t.has("tow"))


CARRIER_TAGS = ("transport", "tow", "embark-disembark")


def is_carrier(u: Unit) -> bool:
    tags = u.card.tags
    return "transport" in tags or "tow" in tags or "embark-disembark" in tags


def may_unload(st: PacificFields, t: Unit) -> bool:
    """§15.3: a carrier just deployed unloads only with Mobility; an immobilised one never."""
    if t.cargo is None or t.space < 0 or t.immobile_until >= st.turn:
        return False
    return t.deployed_turn != st.turn or t.has("mobility")


def unload_spaces(st: PacificFields, t: Unit) -> list[int]:
    """§15.3: left or right of a transport, in front of a landing craft; empty, and ground the cargo can stand on."""
    assert t.cargo is not None
    if t.has("embark-disembark"):
        f = front(t.side, t.space)
        cands = [f] if f >= 0 else []
    else:
        r, c = grid.rc(t.space)
        cands = [grid.space(r, cc) for cc in (c - 1, c + 1) if 0 <= cc < grid.COLS]
    return [s for s in cands if st.board[s] < 0 and water_ok(st, t.cargo, s)]


def transport_actions(st: PacificFields, slot: int, flags: Flags) -> list[Action]:
    """§15.2-15.3: load (the unit drives in), fetch (the carrier drives to it), unload."""
    side = st.side_of(slot)
    carriers = [u for u in st.units.values() if u.side == side and u.space >= 0 and is_carrier(u)]
    if not carriers:
        return []
    carriers.sort(key=lambda x: x.iid)
    out: list[Action] = []
    for t in carriers:
        if t.owner == slot and may_unload(st, t):
            for s in unload_spaces(st, t):
                assert t.cargo is not None
                out.append(make(acts.Unload, t.space, s, who=named(t, t.side), what=t.cargo.card.name))
    units = sorted((u for u in st.units.values() if u.owner == slot and u.space >= 0), key=lambda x: x.iid)
    for u in units:
        if not can_move(st, u):
            continue
        reach: dict[int, int] | None = None
        for t in carriers:
            if t is u or not t.can_carry(u) or not boards_again(st, u):
                continue
            if reach is None:
                reach = reachable(st, u, movement_points(st, u), flags)
            if walks_aboard(st, u, t, reach):
                out.append(make(acts.Load, u.space, t.space, who=named(u, u.side), what=named(t, u.side)))
        if is_carrier(u) and u.cargo is None:
            for c in fetch_targets(st, u, flags, units):
                out.append(make(acts.Fetch, u.space, c.space, who=named(u, u.side), what=named(c, u.side)))
    return out


def new_empty_carriers(st: PacificFields, slot: int) -> list[Unit]:
    """§15.2 cases 2 and 3: the seat's empty carriers on the battlefield deployed this turn."""
    return [
        u
        for u in st.units.values()
        if u.owner == slot and u.space >= 0 and u.deployed_turn == st.turn and u.cargo is None and is_carrier(u)
    ]


def board_actions(st: PacificFields, slot: int) -> list[Action]:
    """§15.2 case 3: a unit from hand goes on board a carrier deployed this turn, paying its own cost."""
    carriers = new_empty_carriers(st, slot)
    if not carriers:
        return []
    out: list[Action] = []
    ap = st.ap[slot]
    names = hand_names(st, slot)
    for k, iid in enumerate(sorted(st.hands[slot])[:HAND_SLOTS]):
        uc = st.db.units.get(st.cards[iid])
        if uc is None:
            continue
        for t in carriers:
            if carries_card(t, uc) and board_cost(st, slot, uc, t) <= ap:
                out.append(make(acts.Board, k, t.space, card=names[k], what=named(t, t.side)))
    return out


def fetch_targets(st: PacificFields, t: Unit, flags: Flags, units: list[Unit]) -> list[Unit]:
    """The units of ``units`` empty carrier ``t`` can drive to with its MP and take on board
    (§15.2): their space (a landing craft: the water space behind it) within its reach."""
    treach = reachable(st, t, movement_points(st, t), flags)
    out = []
    for c in units:
        if c is t or not t.can_carry(c) or not boards_again(st, c):
            continue
        if t.has("embark-disembark"):
            b = front(1 - t.side, c.space)
            ok = b >= 0 and b in treach and st.board[b] < 0
        else:
            ok = c.space in treach and water_ok(st, t, c.space)
        if ok:
            out.append(c)
    return out


def deploy_fetch_actions(st: PacificFields, slot: int) -> list[Action]:
    """§15.2 case 2: in the Deployment phase a carrier with *Mobility* deployed this turn drives
    to a unit deployed in an earlier turn and takes it on board (`fetch:`); it moves no more."""
    carriers = new_empty_carriers(st, slot)
    if not carriers:
        return []
    out: list[Action] = []
    flags = terrain_flags(st)
    units = sorted(
        (u for u in st.units.values() if u.owner == slot and u.space >= 0 and u.deployed_turn < st.turn),
        key=lambda x: x.iid,
    )
    for t in sorted(carriers, key=lambda x: x.iid):
        if not t.has("mobility") or not can_move(st, t):
            continue
        for c in fetch_targets(st, t, flags, units):
            out.append(make(acts.Fetch, t.space, c.space, who=named(t, t.side), what=named(c, t.side)))
    return out


def hq_under_fire(st: PacificFields, side: int) -> bool:
    """§11.5: the side's HQ is within range of an enemy ground unit's main weapon."""
    for u in st.units.values():
        if (
            u.side != side
            and u.space >= 0
            and not u.face_down  # §11.7: only a threat the player can see
            and u.card.damage > 0
            and grid.hq_distance(side, u.space) <= st.weapon_range(u, u.card.range, True)
        ):
            return True
    return False


def lend_lease_actions(st: PacificFields, slot: int) -> list[Action]:
    """§11.5: once a turn, N wounds on one's own HQ for N AP, short of destroying it."""
    if not st._options["lend_lease"] or st.lent:
        return []
    side = st.side_of(slot)
    room = min(MAX_LENDLEASE, HQ_HP - 1 - st.hq_wounds[side])
    if room < 1 or not hq_under_fire(st, side):
        return []
    return [make(acts.LendLease, n) for n in range(1, room + 1)]


def board_cost(st: PacificFields, slot: int, uc: UnitCard, t: Unit) -> int:
    """The unit's cost; *Embarked* units cost 1 AP less from a landing craft or Amphibious vehicle."""
    cost = unit_deploy_cost(st, slot, uc.cost, uc.tags, -1)
    if "embarked" in uc.tags and (t.has("embark-disembark") or t.has("amphibious")):
        cost = max(0, cost - 1)
    return cost


def pickable(st: PacificFields, u: Unit) -> list[str]:
    """§11.10: dropped tokens an infantry unit ending its move here can take (it has room, and not one it holds)."""
    if u.card.type != "infantry" or not u.moved:
        return []
    have = {t.up.id for t in u.tokens}
    out: list[str] = []
    for up in st.drops.get(u.space, ()):
        if up not in have and "infantry" in st.db.upgrades[up].for_ and len(u.tokens) + len(out) < TOKENS:
            have.add(up)
            out.append(up)
    return out


def tradeable(st: PacificFields, u: Unit) -> list[tuple[int, str]]:
    """§11.10: (held token position, dropped token) pairs an infantry unit that moved here may
    swap: it takes a dropped token it does not hold and discards one it holds."""
    if u.card.type != "infantry" or not u.moved:
        return []
    have = {t.up.id for t in u.tokens}
    out: list[tuple[int, str]] = []
    for up in dict.fromkeys(st.drops.get(u.space, ())):
        if up in have or "infantry" not in st.db.upgrades[up].for_:
            continue
        out.extend((k, up) for k in range(len(u.tokens)))
    return out


def token_actions(st: PacificFields, u: Unit) -> list[Action]:
    """Mount a weapon (§9 Mount/Dismount) or throw a Smoke Grenade, any time in one's own turn."""
    out: list[Action] = []
    ref = unit_ref(u, u.side)
    for k, t in enumerate(u.tokens):
        if t.up.mount and not t.mounted and u.space >= 0 and u.card.type != "aircraft":
            out.append(make(acts.Mount, ref, k, tok=token_name(u, k), who=named(u, u.side)))
        if t.up.effect == "smoke-grenade" and not t.used and not t.spent:
            out.append(make(acts.Smoke, ref, k, tok=token_name(u, k), who=named(u, u.side)))
    return out


def shots_left(u: Unit) -> int:
    return 1 + u.multiple() + u.extra_turn + u.extra_perm - u.main_shots


def terrain_targets(st: PacificFields) -> list[int]:
    """Spaces holding unoccupied terrain with Hit Points left (§8.1)."""
    hp = st.terrain_hp
    board = st.board
    return [s for s, iid in enumerate(st.terrain) if iid >= 0 and board[s] < 0 and hp.get(iid, 0) > 0]


def fire_targets(
    st: PacificFields,
    u: Unit,
    weapon_k: int,
    ordered: list[Unit] | None = None,
    terrain: list[int] | None = None,
) -> list[tuple[str, str]]:
    """(target id, label) for one weapon: units it can damage, the HQ, unoccupied terrain.

    ``ordered`` (the units by card instance) and ``terrain`` (terrain_targets) may be passed in
    by a caller that asks for many weapons at once.
    """
    out: list[tuple[str, str]] = []
    if ordered is None:
        ordered = sorted(st.units.values(), key=lambda x: x.iid)
    weapon = None if weapon_k < 0 else u.tokens[weapon_k].up
    rng, _, _, pierce, _ = combat.weapon_stats(u, weapon)
    if weapon is None and u.main_shots == 1 and u.card.second_gun is not None:
        pierce = u.card.second_gun[0]  # §7.8
    enemy = 1 - u.side
    if u.space == HQ_SPACE:  # aircraft: any space, the HQ, aircraft beside it (§16)
        if st.weather in ("winds", "storm"):
            return out
        for e in ordered:
            if e.side == enemy and (e.face_down or pierce >= st.effective_armour(e)):
                out.append((f"u{e.iid}", enemy_name(e)))
        if pierce >= st.hq_armour(enemy):
            out.append(("hq", "the HQ"))
        return out
    main = weapon is None
    reach = st.weapon_range(u, rng, main)
    extended = reach
    if main and st._options["self_propelled"] and u.has("self-propelled"):
        extended = 12
    dist = grid.DIST[u.space]
    for e in ordered:
        if e.side != enemy:
            continue
        if e.space == HQ_SPACE:
            if u.has("anti-aircraft") and grid.hq_distance(enemy, u.space) <= reach:
                out.append((f"u{e.iid}", enemy_name(e)))
            continue
        d = dist[e.space]
        # §7.5 offers only shots that can damage; a face-down card's Armour is unknown (§11.7)
        if d > extended or (pierce < st.effective_armour(e) and not e.face_down):
            continue
        if d > reach and not any(
            f.side == u.side and f.space >= 0 and f.iid != u.iid and grid.distance(f.space, e.space) <= f.card.range
            for f in st.units.values()
        ):
            continue  # §11.4: beyond range only when another friendly ground unit has it in range
        out.append((f"u{e.iid}", enemy_name(e)))
    if grid.hq_distance(enemy, u.space) <= reach and pierce >= st.hq_armour(enemy):
        out.append(("hq", "the HQ"))  # only a weapon that can damage it (§7.3)
    for s in terrain_targets(st) if terrain is None else terrain:
        if dist[s] <= reach:
            out.append((f"t{SPACE_NAMES[s]}", st.db.terrain[st.cards[st.terrain[s]]].name))
    return out


#: The fire label's key, by whether the target is the HQ (which names itself, no space after it).
_FIRE_KEY = ("act.fire", "act.fire.hq")
_TOKEN_FIRE_KEY = ("act.fire.token", "act.fire.token.hq")


def shoot_actions(st: PacificFields, slot: int) -> list[Action]:
    out: list[Action] = []
    ordered = sorted(st.units.values(), key=lambda x: x.iid)
    terrain = terrain_targets(st)
    shooters = []
    for u in ordered:
        shooters.append(u)
        if u.cargo is not None and u.space >= 0 and u.has("embark-disembark"):
            shooters.append(u.cargo)  # §15.5: units fire from inside a landing craft
    for u in shooters:
        if u.owner != slot or u.no_fire:
            continue
        ref = unit_ref(u, u.side)
        who = named(u, u.side)
        exchanged = u.has("exchange") and any(t.up.id == "tank-flamethrower" for t in u.tokens)
        if (
            u.card.damage > 0
            and u.card.range + (1 if u.space == HQ_SPACE else 0) > 0
            and shots_left(u) > 0
            and not exchanged
        ):
            for tid, name in fire_targets(st, u, -1, ordered, terrain):
                tref = target_ref(st, tid, u.side)
                out.append(make(acts.Fire, ref, MAIN, tref, key=_FIRE_KEY[tref == "hq"], who=who, what=name))
        for k, t in enumerate(u.tokens):
            if t.used or t.spent:
                continue
            if t.up.effect == "smoke-screen" and u.space >= 0:
                for s in range(grid.SPACES):
                    if grid.distance(u.space, s) <= t.up.range:
                        sname = SPACE_NAMES[s]
                        out.append(make(acts.Fire, ref, k, sname, key="act.fire.smoke", who=who))
                continue
            if not t.up.is_weapon or (t.up.mount and not t.mounted):
                continue
            if u.space == HQ_SPACE:
                continue  # a bomber's HMG only fires at interceptors (§16)
            tok = ""
            for tid, name in fire_targets(st, u, k, ordered, terrain):
                tok = tok or token_name(u, k)
                tref = target_ref(st, tid, u.side)
                key = _TOKEN_FIRE_KEY[tref == "hq"]
                out.append(make(acts.Fire, ref, k, tref, key=key, who=who, tok=tok, what=name))
        inside = u.iid not in st.units  # §15.5: skills are used from inside a landing craft too
        if u.space >= 0 and not u.healed:
            heal = u.has("heal") or any(t.up.effect == "heal" for t in u.tokens)
            repair = u.has("repair") or any(t.up.effect == "repair" for t in u.tokens)
            for n in [u.space, *grid.NEIGH[u.space]]:
                f = u if inside and n == u.space else st.unit_at(n)
                if f is None or f.side != u.side or f.wounds == 0:
                    continue
                if (heal and f.card.type in ("infantry", "artillery")) or (
                    repair and f.card.type in ("artillery", "tank", "transport") and f is not u
                ):
                    out.append(make(acts.Heal, u.space, n, who=who, what=named(f, u.side)))
        out.extend(token_actions(st, u))  # §15.7: from inside a landing craft too
    out.append(SHOOT_DONE)
    return out


def free_bay(st: PacificFields, side: int) -> int:
    """The lowest free bay beside ``side``'s HQ (1..BAYS), 0 when all are taken."""
    taken = {u.bay for u in st.units.values() if u.space == HQ_SPACE and u.side == side}
    for b in range(1, BAYS + 1):
        if b not in taken:
            return b
    return 0


def flip_actions(st: PacificFields, slot: int) -> list[Action]:
    out: list[Action] = []
    for w in sorted(st.units.values(), key=lambda x: x.iid):
        u = skill_user(w)  # §15.5: a unit in a landing craft dismounts from inside
        if u.owner != slot:
            continue
        for k, t in enumerate(u.tokens):
            if t.mounted and t.mounted_turn < st.turn:
                out.append(make(acts.Dismount, u.space, k, tok=token_name(u, k), who=named(u, u.side)))
    return out


def air_reactions(st: PacificFields) -> list[Action]:
    air = st.pending_air
    assert air is not None
    ph = st.phase
    if ph == "intercept":
        return [
            *(
                make(acts.Intercept, st.units[f].bay, who=named(st.units[f], air["def"]))
                for f in air_fighters(st, air["def"])
            ),
            NO_INTERCEPT,
        ]
    if ph == "escort":
        return [
            *(
                make(acts.Escort, st.units[f].bay, who=named(st.units[f], 1 - air["def"]))
                for f in air_fighters(st, 1 - air["def"], exclude=air["plane"])
            ),
            NO_ESCORT,
        ]
    return [
        *(make(acts.AntiAircraft, st.units[a].space, who=named(st.units[a], air["def"])) for a in aa_units(st)),
        AA_DONE,
    ]


def air_fighters(st: PacificFields, side: int, exclude: int = -1) -> list[int]:
    return [
        u.iid
        for u in sorted(st.units.values(), key=lambda x: x.iid)
        if u.side == side and u.space == HQ_SPACE and u.has("fighter") and u.iid != exclude
    ]


def aa_units(st: PacificFields) -> list[int]:
    """§16: AA units of the defender that have the attacked target within range, once per turn."""
    air = st.pending_air
    assert air is not None
    out = []
    for u in sorted(st.units.values(), key=lambda x: x.iid):
        if u.side != air["def"] or u.space < 0 or not u.has("anti-aircraft") or u.aa_used:
            continue
        tgt = air["target"]
        if tgt == "hq" or (
            tgt.startswith("u") and st.units.get(int(tgt[1:]), None) is not None and st.units[int(tgt[1:])].space < 0
        ):
            d = grid.hq_distance(air["def"], u.space)
        else:
            d = grid.distance(u.space, st.units[int(tgt[1:])].space) if int(tgt[1:]) in st.units else 99
        if d <= st.weapon_range(u, u.card.range, True):
            out.append(u.iid)
    return out


# ====================================================================== applying decisions
def apply_action(st: PacificFields, a: Action, events: list[Event]) -> None:
    """Make the decision's effect; the rules read its fields (actions.py), never its id."""
    slot = st.actor
    side = st.side_of(slot)
    _BY_PHASE.get(type(a), _apply_shoot)(st, a, slot, side, events)
    if not st.over:
        advance(st, events)
    if st._options["night"]:
        reveal_sweep(st, events)


def _apply_setup(st: PacificFields, a: Action, slot: int, side: int, events: list[Event]) -> bool:
    """Set-up, headquarters and deployment decisions (§3, §5, §11.1, §11.5); False for others."""
    match a:
        case acts.Keep() | acts.Redraw():
            if isinstance(a, acts.Redraw):  # §3.2: the one redraw
                hand = st.hands[slot]
                st.decks[slot].extend(hand.take_all())
                st.shuffle(st.decks[slot])
                st._draw(slot, 5, events)
            st.mulligan_done[slot] = True
        case acts.Bid():
            st.bids[side] = a.ap
            events.append(private([slot], "bid", ap=a.ap))
        case acts.Terrain() | acts.WideTerrain():
            place_terrain(st, side, a.terrain, a.space, a.width if isinstance(a, acts.WideTerrain) else 1, events)
        case acts.TerrainDone():
            st.bid_order.pop(0)
            if not st.bid_order:
                st.sd_budget = {}
        case acts.TacticalArtillery():
            st.ap[slot] -= a.ap
            st.ta_used = True
            atk = combat.tactical_artillery(a.ap)
            u = st.unit_at(a.space)
            if u is not None:
                combat.resolve_on_unit(st, None, atk, u, events, "tactical-artillery")
        case acts.Deploy() if st.phase == "terrain":  # §3.5 Starting Deployment
            iid = hand_card_at(st, slot, a.hand)
            st.sd_budget[st.terrain[a.space]] -= st.db.units[st.cards[iid]].cost
            deploy(st, slot, iid, SPACE_NAMES[a.space], events, pay=False)
            st.units[iid].deployed_turn = -1  # on the battlefield before the battle begins
        case acts.Deploy():
            iid = hand_card_at(st, slot, a.hand)
            deploy(st, slot, iid, "hq" if a.space == HQ else SPACE_NAMES[a.space], events)
            if iid in st.units and st.units[iid].has("paratroopers") and st.units[iid].space >= 0:
                paratroopers_aa(st, st.units[iid], events)
        case acts.Play() | acts.PlayOn():
            target = find_unit(st, a.unit, side).iid if isinstance(a, acts.PlayOn) else None
            play_support(st, slot, hand_card_at(st, slot, a.hand), target, events)
        case acts.Upgrade():
            u = find_unit(st, a.unit, side)
            reveal(st, u, events)  # §11.7: an upgraded unit is face up
            tok = st.new_token(a.token)
            if st.phase == "terrain":  # §3.5: paid from the terrain card's AP
                st.sd_budget[st.terrain[u.space]] -= tok.up.cost
            else:
                st.ap[slot] -= tok.up.cost
            u.tokens.append(tok)
            events.append(public("upgrade", unit=u.iid, token=tok.up.name))
        case acts.GiveAp():
            st.ap[slot] -= 1
            st.ap[slots_of(st, side)[1]] += 1
            st.gave_ap = True
        case acts.LendLease():
            st.hq_wounds[side] += a.wounds
            st.ap[slot] += a.wounds
            st.lent = True
            events.append(public("lend-lease", side=side, wounds=a.wounds))
        case acts.Board():
            carrier = unit_on(st, a.carrier)
            shows_face_down(st, carrier)
            board(st, slot, hand_card_at(st, slot, a.hand), carrier, events)
        case acts.TaPass() | acts.DeployDone() | acts.MoveDone() | acts.ShootDone() | acts.FlipDone():
            next_actor(st, events)
        case acts.DiscardDone():
            next_actor(st, events)
        case _:
            return False
    return True


def place_terrain(st: PacificFields, side: int, tid: str, s: int, w: int, events: list[Event]) -> None:
    """§3.4 artificial terrain on ``s`` (§11.11: across ``w`` spaces), paid from the bid's AP."""
    iid = next(i for i in st.terrain_piles[side] if st.cards[i] == tid)
    t = st.db.terrain[st.cards[iid]]
    st.terrain_piles[side].remove(iid)
    for i in range(w):  # §11.11: one card, one pool of Hit Points, over every space it covers
        st.terrain[s + i] = iid
    st.terrain_hp[iid] = t.hp
    cost = t.cost + (1 if w > 1 else 0)
    st.terrain_budget[side] -= cost
    if st._options["starting_deployment"]:
        st.sd_budget[iid] = cost  # §3.5: the same AP deploy units on this card
    events.append(public("terrain", side=side, name=t.name, space=grid.name(s), width=w))


def _apply_move(st: PacificFields, a: Action, slot: int, side: int, events: list[Event]) -> bool:
    """Movement-phase decisions (§6, §11.10, §15); False for others."""
    match a:
        case acts.Move():  # and Ride, Cover
            u = unit_on(st, a.frm)
            shows_face_down(st, u)
            if type(a) is not acts.Move:
                reveal(st, u, events)  # Riders and Covered Movement show what the unit is
            move_unit(st, u, a.to, events)
            if isinstance(a, acts.Ride):
                u.no_fire = True  # Riders: the extra space costs the next shot
            elif isinstance(a, acts.Cover):
                u.cover = True
                u.no_fire = True
        case acts.Pickup():
            pickup(st, unit_on(st, a.space), events)
        case acts.Trade():  # §11.10: the traded token is discarded, the dropped one taken up
            u = unit_on(st, a.space)
            reveal(st, u, events)
            old = u.tokens[a.slot].up.name
            left = st.drops.pop(u.space)
            left.remove(a.token)
            if left:
                st.drops[u.space] = left
            u.tokens[a.slot] = st.new_token(a.token)
            events.append(public("trade", unit=u.iid, discarded=old, token=u.tokens[a.slot].up.name))
        case acts.Load():
            u, carrier = unit_on(st, a.frm), unit_on(st, a.carrier)
            shows_face_down(st, u, carrier)
            load(st, u, carrier, events)
        case acts.Fetch():
            carrier, u = unit_on(st, a.carrier), unit_on(st, a.unit)
            shows_face_down(st, carrier, u)
            fetch(st, carrier, u, events)
        case acts.Unload():
            carrier = unit_on(st, a.carrier)
            shows_face_down(st, carrier)
            unload(st, carrier, a.to, events)
        case acts.Assault():
            declare_assault(st, a, side, events)
        case acts.Advance():
            u = unit_on(st, a.space)
            reveal(st, u, events)
            st.ap[slot] -= 1
            u.mp_bonus += 1
        case acts.Sap():
            reveal(st, unit_on(st, a.frm), events)
            st.remove_terrain(st.terrain[a.target])
            events.append(public("sappers", space=grid.name(a.target)))
        case acts.Mount():
            u = skill_user(find_unit(st, a.unit, side))
            reveal(st, u, events)
            tk = u.tokens[a.slot]
            tk.mounted = True
            tk.mounted_turn = st.turn
            u.moved = True
        case _:
            return False
    return True


def pickup(st: PacificFields, u: Unit, events: list[Event]) -> None:
    """§11.10 the infantry takes up the dropped tokens it may carry."""
    reveal(st, u, events)
    taken = pickable(st, u)
    left = st.drops.pop(u.space)
    for up in taken:
        u.tokens.append(st.new_token(up))
        left.remove(up)
    if left:
        st.drops[u.space] = left
    events.append(public("pickup", unit=u.iid, tokens=[st.db.upgrades[x].name for x in taken]))


def _apply_shoot(st: PacificFields, a: Action, slot: int, side: int, events: list[Event]) -> None:
    """Shooting, Flip Over, Discard and reaction decisions (§7-§9, §11.13, §16)."""
    match a:
        case acts.Fire():
            declare_fire(st, a, side, events)
        case acts.Smoke() | acts.NoSmoke():
            if isinstance(a, acts.Smoke):
                throw_smoke(st, find_unit(st, a.unit, side), a.slot, events)
            if st.phase == "smoke":
                resume_attack(st, events)
        case acts.Dismount():
            skill_user(unit_on(st, a.space)).tokens[a.slot].mounted = False
        case acts.Heal():
            u = skill_user(unit_on(st, a.medic))
            f = u if u.iid not in st.units and a.patient == a.medic else unit_on(st, a.patient)
            reveal(st, u, events)
            f.wounds -= 1
            u.healed = True
            events.append(public("healed", unit=ev_id(f)))
        case acts.Intercept() | acts.Escort():
            air_step(st, a.KIND, find_unit(st, f"a{a.bay}", side).iid, events)
        case acts.AntiAircraft():
            air_step(st, a.KIND, unit_on(st, a.space).iid, events)
        case acts.NoIntercept() | acts.NoEscort() | acts.AaDone():
            air_step(st, a.KIND, -1, events)
        case acts.Discard():
            iid = hand_card_at(st, slot, a.hand)
            st.hands[slot].remove(iid)
            st.discards[slot].put_top(iid)
            card = st.cards[iid]
            events.append(mark_reveal(public("discarded", seat=slot, card=card, name=st.db.name(card))))
        case _:  # pragma: no cover - legal_actions never offers anything else
            raise AssertionError(a.id)


def throw_smoke(st: PacificFields, u: Unit, k: int, events: list[Event]) -> None:
    """§11.13 a Smoke Grenade: the cloud envelops the unit (and a craft with everyone in it)."""
    reveal(st, u, events)
    tk = skill_user(u).tokens[k]  # §15.7: thrown from inside a landing craft
    tk.used = True
    if tk.up.single_use:
        tk.spent = True
    for v in u.each():
        v.smoke = True
    events.append(public("smoke-grenade", space=where(u)))


#: Which of the three handlers makes an action's effect, by its type (one look-up, not a chain of tests).
_BY_PHASE: dict[type[Action], Callable[[PacificFields, Action, int, int, list[Event]], object]] = {
    **{c: _apply_setup for c in (acts.Keep, acts.Redraw, acts.Bid, acts.Terrain, acts.WideTerrain,
                                 acts.TerrainDone, acts.TacticalArtillery, acts.Deploy, acts.Play, acts.PlayOn,
                                 acts.Upgrade, acts.GiveAp, acts.LendLease, acts.Board, acts.TaPass,
                                 acts.DeployDone, acts.MoveDone, acts.ShootDone, acts.FlipDone, acts.DiscardDone)},
    **{c: _apply_move for c in (acts.Move, acts.Ride, acts.Cover, acts.Pickup, acts.Trade, acts.Load, acts.Fetch,
                                acts.Unload, acts.Assault, acts.Advance, acts.Sap, acts.Mount)},
}  # fmt: skip


# ---------------------------------------------------------------------- attacks and Smoke Grenades
def declare_fire(st: PacificFields, a: acts.Fire, side: int, events: list[Event], window: bool = True) -> None:
    """§7.5 ``unit`` fires ``weapon`` at ``target``; an attack on a unit may first wait for a Smoke Grenade."""
    u = find_unit(st, a.unit, side)
    if u.cargo is not None and u.has("embark-disembark"):
        u = u.cargo  # §15.5: a landing craft has no gun; its space names its cargo's
    weapon = "main" if a.weapon == MAIN else str(a.weapon)
    target = target_internal(st, u, weapon, a.target)
    if window and target[0] == "u" and smoke_window(st, u, st.units[int(target[1:])], a.id, "fire", events):
        return
    fire(st, u, weapon, target, events)


def declare_assault(st: PacificFields, a: acts.Assault, side: int, events: list[Event], window: bool = True) -> None:
    """§6.4 the infantry on ``frm`` assaults ``target``: the target gets no Evasion from terrain."""
    u = unit_on(st, a.frm)
    e = unit_on(st, a.target)
    reveal(st, u, events)  # an assault is an attack (§11.7: a unit that fires is face up)
    if window and smoke_window(st, u, e, a.id, "assault", events):
        return
    atk = combat.numbers(st, u, None, e, assault=True, dist=1)
    u.moved = True
    u.no_fire = True
    combat.resolve_on_unit(st, u, atk, e, events, "assault")


def smoke_tokens(u: Unit) -> list[int]:
    """Positions of the unit's Smoke Grenade (or Smoke Canister) tokens it can still throw."""
    return [k for k, t in enumerate(u.tokens) if t.up.effect == "smoke-grenade" and not t.used and not t.spent]


def smoke_answers(st: PacificFields, target: Unit) -> bool:
    """§11.13: an attack on ``target`` waits for its owner's Smoke Grenade: a seat's unit on the
    battlefield, not already in smoke, holding one it can still throw (the solo AI never throws
    smoke as a reaction)."""
    return not (target.smoke or target.space < 0 or st.is_ai_side(target.side)) and bool(
        smoke_tokens(skill_user(target))
    )


def smoke_window(
    st: PacificFields,
    shooter: Unit | None,
    target: Unit,
    aid: str,
    kind: str,
    events: list[Event],
    side: int = -1,
) -> bool:
    """§11.13: a Smoke Grenade may be thrown at any time, in the opponent's turn too, before the
    dice are rolled: an attack declared on a unit that holds one waits for its owner's choice
    (``smoke:UNIT:K`` / ``no-smoke``). True when the attack now waits. ``shooter`` is None for an
    attack support card (``aid`` is then the card's id and ``side`` the side playing it)."""
    if not smoke_answers(st, target):
        return False
    if shooter is not None:
        reveal(st, shooter, events)  # the attacker is declared before the defender answers
        side = shooter.side
    st.pending_smoke = {
        "action": aid, "kind": kind, "side": side, "shooter": -1 if shooter is None else shooter.iid,
        "space": HQ_SPACE if shooter is None else shooter.space,
        "target": target.iid, "return": st.actor, "phase": st.phase,
    }  # fmt: skip
    st.phase = "smoke"
    st.actor = target.owner
    return True


def resume_attack(st: PacificFields, events: list[Event]) -> None:
    """The defender has chosen (§11.13): the declared attack is made."""
    ps = st.pending_smoke
    assert ps is not None
    st.pending_smoke = None
    st.phase = ps["phase"]
    st.actor = ps["return"]
    if ps["kind"] == "ai-fire":
        return  # the AI's Shooting phase makes the shot when it resumes (ai.shooting)
    declared = acts.parse(ps["action"]) if ps["kind"] in ("fire", "assault") else None
    if isinstance(declared, acts.Fire):
        declare_fire(st, declared, ps["side"], events, window=False)
    elif ps["kind"] == "support":
        support_attack(st, ps["action"], st.units[ps["target"]], events)
    elif isinstance(declared, acts.Assault):
        declare_assault(st, declared, ps["side"], events, window=False)


def support_attack(st: PacificFields, card: str, u: Unit, events: list[Event]) -> None:
    """An attack support card (Shrapnel, Traps, AT mine): its own numbers plus the target's Evasion."""
    from hulldown.games.pacific.fields import Attack

    sc = st.db.support[card]
    es, ec = combat.evasion(st, u, -1, False)
    atk = Attack(min(10, sc.hit + es), min(10, sc.crit + ec), sc.pierce, sc.damage)
    combat.resolve_on_unit(st, None, atk, u, events, sc.id)


def deploy(st: PacificFields, slot: int, iid: int, where: str, events: list[Event], pay: bool = True) -> None:
    """§5.1: pay the cost, place the unit with its free upgrades (§3.5: paid by the bid)."""
    side = st.side_of(slot)
    uc = st.db.units[st.cards[iid]]
    s = HQ_SPACE if where == "hq" else grid.parse(where)
    if pay:
        st.ap[slot] -= uc.cost if s == HQ_SPACE else unit_deploy_cost(st, slot, uc.cost, uc.tags, s)
    st.hands[slot].remove(iid)
    u = Unit(iid, uc, slot, side, s, st.turn)
    if s == HQ_SPACE:
        u.bay = free_bay(st, side)
    for up in uc.free:
        u.tokens.append(st.new_token(up))
    st.units[iid] = u
    u.face_down = st._options["night"]  # §11.7
    if s >= 0:
        st.board[s] = iid
        if "paratroopers" in uc.tags and st.terrain[s] >= 0 and grid.own_row(side, s) > 1:
            u.wounds = 1  # landing on a Terrain card costs 1 wound
        if (
            "paratroopers" in uc.tags
            and st.is_ai_side(side)
            and any(
                e.side != side
                and e.space >= 0
                and not e.aa_used
                and e.has("anti-aircraft")
                and grid.DIST[e.space][s] <= st.weapon_range(e, e.card.range, True)
                for e in st.units.values()
            )
        ):
            st.para_drops.append(iid)  # §16.3: the player's AA fires once the AI's deployment is done
    announce_deployment(st, u, events)


def board(st: PacificFields, slot: int, iid: int, tr: Unit, events: list[Event]) -> Unit:
    """§15.2 case 3: the hand card ``iid`` is deployed on board carrier ``tr``, paying its own cost."""
    uc = st.db.units[st.cards[iid]]
    st.ap[slot] -= board_cost(st, slot, uc, tr)
    st.hands[slot].remove(iid)
    c = Unit(iid, uc, slot, tr.side, tr.space, st.turn)
    for up in uc.free:
        c.tokens.append(st.new_token(up))
    tr.cargo = c
    c.face_down = st._options["night"]  # §11.7
    announce_deployment(st, c, events)
    events.append(public("loaded", unit=ev_id(c), carrier=ev_id(tr)))
    return c


def load(st: PacificFields, u: Unit, t: Unit, events: list[Event]) -> None:
    """§15.2: ``u`` leaves the battlefield and rides on ``t``; its movement is over."""
    if st.board[u.space] == u.iid:
        st.board[u.space] = -1
    del st.units[u.iid]
    u.moved = True
    t.cargo = u
    place(u, t.space)
    events.append(public("loaded", unit=ev_id(u), carrier=ev_id(t)))


def fetch(st: PacificFields, tr: Unit, c: Unit, events: list[Event]) -> None:
    """§15.2: carrier ``tr`` drives to ``c`` (a landing craft to the sea space behind it), spending
    all its MP, and takes it on board; it moves no more this turn."""
    dest = front(1 - tr.side, c.space) if tr.has("embark-disembark") else c.space
    st.board[tr.space] = -1
    if st.board[c.space] == c.iid:
        st.board[c.space] = -1
    place(tr, dest)
    st.board[dest] = tr.iid
    tr.moved = True
    load(st, c, tr, events)
    events.append(public("moved", unit=ev_id(tr), dest=grid.name(dest)))


def unload(st: PacificFields, t: Unit, s: int, events: list[Event]) -> None:
    """§15.3: the cargo steps off onto ``s``; the carrier's movement is over, and so is the
    cargo's unless it has *Mechanize* (it may then move, even if deployed this turn)."""
    c = t.cargo
    assert c is not None
    t.cargo = None
    t.moved = True
    st.units[c.iid] = c
    place(c, s)
    st.board[s] = c.iid
    c.unloaded_turn = st.turn
    if c.has("mechanize"):
        c.moved = False
        if c.deployed_turn == st.turn:
            c.deployed_turn = st.turn - 1
    else:
        c.moved = True
    events.append(public("unloaded", unit=ev_id(c), carrier=ev_id(t), dest=grid.name(s)))


def move_unit(st: PacificFields, u: Unit, s: int, events: list[Event]) -> None:
    other = st.unit_at(s)
    frm = u.space
    st.board[frm] = -1
    if other is not None:  # simultaneous movement: the two swap (§6.1)
        place(other, frm)
        st.board[frm] = other.iid
        other.moved = True
    place(u, s)
    st.board[s] = u.iid
    u.moved = True
    events.append(public("moved", unit=ev_id(u), start=SPACE_NAMES[frm], dest=grid.name(s)))


def play_support(st: PacificFields, slot: int, iid: int, target: int | None, events: list[Event]) -> None:
    """§5.3 and the effect kinds of support.toml."""
    side = st.side_of(slot)
    sc = st.db.support[st.cards[iid]]
    st.ap[slot] -= sc.play_cost
    st.hands[slot].remove(iid)
    played = public("support", card=sc.id, name=sc.name, target=-1 if target is None else ev_id(st.units[target]))
    events.append(mark_reveal(played))  # from a hidden hand
    u = st.units[target] if target is not None else None
    attach = False
    e = sc.effect
    if e == "gain-ap":
        st.ap[slot] += sc.value
    elif e == "draw":
        st._draw(slot, sc.value, events)
    elif e == "accuracy-turn" and u is not None:
        u.acc_turn += sc.value
    elif e == "evasion-perm" and u is not None:
        u.evasion_perm += sc.value
        attach = True
    elif e == "evasion-guard" and u is not None:
        u.guard = sc.value
    elif e == "hp-perm" and u is not None:
        u.hp_bonus += sc.value
        attach = True
    elif e == "hero" and u is not None:  # §11.12: under the unit until it is destroyed
        reveal(st, u, events)
        u.hp_bonus += sc.hero_hp
        u.mp_perm += sc.hero_mp
        u.extra_perm += sc.hero_attacks
        attach = True
    elif e == "promotion" and u is not None:
        u.promotions += 1
        attach = True
    elif e == "extra-attack-turn" and u is not None:
        u.extra_turn += sc.value
    elif e == "extra-attack-perm" and u is not None:
        u.extra_perm += sc.value
        attach = True
    elif e == "mp-turn" and u is not None:
        u.mp_bonus += sc.value
    elif e == "mp-infantry-turn":
        for f in st.units.values():
            if f.side == side and f.card.type == "infantry":
                f.mp_bonus += sc.value
    elif e == "attack" and u is not None:
        # §11.13: a seat's attack card waits for a Smoke Grenade like a shot (the card is spent)
        if st.is_ai_side(side) and smoke_answers(st, u):
            st.ai_card_attacks.append((sc.id, u.iid))  # answered once the AI's deployment is done
        elif st.is_ai_side(side) or not smoke_window(st, None, u, sc.id, "support", events, side=side):
            support_attack(st, sc.id, u, events)
    elif e == "drain-ap":
        for s2 in slots_of(st, 1 - side):
            st.ap[s2] = max(0, st.ap[s2] - sc.value)
    elif e == "enemy-discard":
        for s2 in slots_of(st, 1 - side)[:1]:
            hand = st.hands[s2]
            if hand:
                lost = hand.cards[st.choose_index(len(hand))]
                hand.remove(lost)
                st.discards[s2].put_top(lost)
                ev = public("discarded", seat=s2, card=st.cards[lost], name=st.db.name(st.cards[lost]))
                events.append(mark_reveal(ev))
    elif e == "suppress" and u is not None:
        u.usf = True
    elif e == "immobilize" and u is not None:
        u.immobile_until = st.turn + 1
    elif e == "reveal":
        st.smoke = []
        for w in st.units.values():  # §11.7: Flares turn every unit face up
            for v in w.each():
                reveal(st, v, events)
    elif e == "assault-bonus" and u is not None:
        u.assault_bonus += sc.value
    elif e == "damage-bonus-turn" and u is not None:
        u.damage_bonus += sc.value
    if e in ("ap-per-turn", "hq-armour"):
        st.hq_cards[side].append(iid)
    elif attach and u is not None and u.iid in st.units:
        u.attached.append(iid)
    else:
        st.discards[slot].put_top(iid)


def fire(st: PacificFields, u: Unit, weapon: str, target: str, events: list[Event]) -> None:
    """§7.5: one attack with the main gun or a weapon token."""
    reveal(st, u, events)  # §11.7: a unit that fires is turned face up
    k = -1 if weapon == "main" else int(weapon)
    tok = None if k < 0 else u.tokens[k]
    if tok is not None:
        tok.used = True
        if tok.up.single_use:
            tok.spent = True
        if tok.up.effect == "smoke-screen":  # automatic hit: up to 3 Smoke tokens
            s = grid.parse(target[1:])
            r, c = grid.rc(s)
            st.smoke = [grid.space(r, cc) for cc in (c - 1, c, c + 1) if 0 <= cc < grid.COLS]
            events.append(public("smoke-screen", space=grid.name(s)))
            return
    shot = 0
    if k < 0:
        shot = u.main_shots
        u.main_shots += 1
    if u.space == HQ_SPACE:
        start_air_attack(st, u, target, events)
        return
    up = None if tok is None else tok.up
    if target == "hq":
        atk = combat.numbers(st, u, up, None, shot_index=shot, target_hq=True)
        combat.attack_hq(st, u, atk, 1 - u.side, events, u.card.name)
    elif target.startswith("t"):
        s = grid.parse(target[1:])
        atk = combat.numbers(st, u, up, None, shot_index=shot)
        flame = up is not None and up.effect == "flamethrower"
        combat.attack_terrain(st, s, atk, flame, k < 0 and u.has("ordnance"), events)
    else:
        e = st.units[int(target[1:])]
        d = grid.distance(u.space, e.space) if e.space >= 0 else grid.hq_distance(e.side, u.space)
        atk = combat.numbers(st, u, up, e, shot_index=shot, dist=d)
        combat.resolve_on_unit(st, u, atk, e, events, u.card.name)


# ---------------------------------------------------------------------- air combat (§16)
def start_air_attack(st: PacificFields, plane: Unit, target: str, events: list[Event]) -> None:
    """The attacker declares the target; then intercept, escort and AA are declared in turn."""
    st.pending_air = {
        "plane": plane.iid, "target": target, "def": 1 - plane.side, "interceptor": -1, "escort": -1,
        "return": st.actor, "phase": st.phase,
    }  # fmt: skip
    events.append(
        public(
            "air-attack",
            unit=plane.iid,
            name=plane.card.name,
            target_unit=-1 if target == "hq" else ev_id(st.units[int(target[1:])]),
        )
    )
    if air_fighters(st, 1 - plane.side):
        _set_reaction(st, "intercept", 1 - plane.side, events)
        return
    _after_intercept(st, events)


def _set_reaction(st: PacificFields, phase: str, side: int, events: list[Event]) -> None:
    if st.is_ai_side(side):
        st.phase = phase
        active().air_reaction(st, phase, events)
        return
    st.phase = phase
    st.actor = slots_of(st, side)[0]


def _after_intercept(st: PacificFields, events: list[Event]) -> None:
    air = st.pending_air
    assert air is not None
    if aa_units(st):
        _set_reaction(st, "aa", air["def"], events)
        return
    resolve_air(st, events)


def air_step(st: PacificFields, kind: str, uid: int, events: list[Event]) -> None:
    air = st.pending_air
    assert air is not None
    if uid in st.units:
        reveal(st, st.units[uid], events)  # intercepting, escorting and AA fire are attacks
    if kind == "intercept":
        air["interceptor"] = uid
        if air_fighters(st, 1 - air["def"], exclude=air["plane"]):
            _set_reaction(st, "escort", 1 - air["def"], events)
            return
        _after_intercept(st, events)
    elif kind == "no-intercept":
        _after_intercept(st, events)
    elif kind == "escort":
        air["escort"] = uid
        _after_intercept(st, events)
    elif kind == "no-escort":
        _after_intercept(st, events)
    elif kind == "aa":
        # step 1: AA fires at the escort if there is one, else at the attacking aircraft
        aa = st.units[uid]
        aa.aa_used = True
        tgt = air["escort"] if air["escort"] in st.units else air["plane"]
        plane = st.units[tgt]
        atk = combat.numbers(st, aa, None, plane)
        combat.resolve_on_unit(st, aa, atk, plane, events, aa.card.name)
        if aa_units(st) and (air["plane"] in st.units):
            return
        if air.get("para"):
            end_reaction(st)
            return
        resolve_air(st, events)
    elif kind == "aa-done":
        if air.get("para"):
            end_reaction(st)
            return
        resolve_air(st, events)


def paratroopers_aa(st: PacificFields, para: Unit, events: list[Event]) -> bool:
    """§16.3: enemy AA units with the drop space in range may fire at the paratroopers (no
    interception). True when a player's AA decision now waits."""
    st.pending_air = {
        "plane": para.iid, "target": f"u{para.iid}", "def": 1 - para.side, "interceptor": -1, "escort": -1,
        "return": st.actor, "phase": st.phase, "para": True,
    }  # fmt: skip
    if aa_units(st):
        events.append(public("paratroopers", unit=ev_id(para), space=grid.name(para.space)))
        if st.is_ai_side(1 - para.side):  # the AI fires every AA unit it can, one by one
            st.phase = "aa"
            while st.pending_air is not None and st.phase == "aa":
                active().air_reaction(st, "aa", events)
            return False
        _set_reaction(st, "aa", 1 - para.side, events)
        return True
    st.pending_air = None
    return False


def end_reaction(st: PacificFields) -> None:
    air = st.pending_air
    assert air is not None
    st.phase = air["phase"]
    st.actor = air["return"]
    st.pending_air = None


def resolve_air(st: PacificFields, events: list[Event]) -> None:
    """Steps 2-5 of the rulebook's firing order: escort, bomber HMG, interceptor, the attack."""
    air = st.pending_air
    assert air is not None
    plane_id, icp, esc = air["plane"], air["interceptor"], air["escort"]
    if esc in st.units and icp in st.units:
        e = st.units[esc]
        combat.resolve_on_unit(st, e, combat.numbers(st, e, None, st.units[icp]), st.units[icp], events, e.card.name)
    if plane_id in st.units and icp in st.units:
        p = st.units[plane_id]
        for t in p.tokens:
            if t.up.is_weapon and icp in st.units:
                combat.resolve_on_unit(
                    st, p, combat.numbers(st, p, t.up, st.units[icp]), st.units[icp], events, p.card.name
                )
    if icp in st.units and plane_id in st.units:
        i = st.units[icp]
        combat.resolve_on_unit(
            st, i, combat.numbers(st, i, None, st.units[plane_id]), st.units[plane_id], events, i.card.name
        )
    if plane_id in st.units:
        p = st.units[plane_id]
        tgt = air["target"]
        if tgt == "hq":
            combat.attack_hq(st, p, combat.numbers(st, p, None, None, target_hq=True), air["def"], events, p.card.name)
        else:
            victims = [int(tgt[1:])]
            e0 = st.units.get(victims[0])
            if p.has("bomber") and e0 is not None and e0.space >= 0:  # Bomber: the row's neighbours too
                r, c = grid.rc(e0.space)
                # §16.2: one after another along the row, in column order (the Mosquito example)
                victims = [
                    st.board[grid.space(r, cc)]
                    for cc in (c - 1, c, c + 1)
                    if 0 <= cc < grid.COLS and st.board[grid.space(r, cc)] >= 0
                ]
            for v in victims:
                if v in st.units and p.iid in st.units:
                    e = st.units[v]
                    combat.resolve_on_unit(st, p, combat.numbers(st, p, None, e), e, events, p.card.name)
    for done in (plane_id, icp, esc):  # aircraft are discarded after use
        if done in st.units:
            combat.destroy_quietly(st, st.units[done])
    st.phase = air["phase"]
    st.actor = air["return"]
    st.pending_air = None
    if st.hq_wounds[0] >= 12 or st.hq_wounds[1] >= 12:
        st.over = True
