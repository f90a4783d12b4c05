"""§4 The turn: the phase machine that moves play on, and every phase's choices and their effects.

The other chapters each say what their clauses allow and do; this one puts them in the order of
a turn (§4.1): which chapter's choices a phase offers, and which chapter's effect a decision
runs. The solo AI (§12) is called here for its bid, terrain and turns, and by §16 for its air
reactions, always through the hook the game declares (``pacific/hook.py``), never directly.
Actions are typed values (actions.py): the rules offer them with the names their labels need and
read their fields, never their ids."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from hulldown.engine import Action, Event, mark_reveal, private, public
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import combat, grid
from hulldown.games.pacific.actions import HQ, WORDS
from hulldown.games.pacific.fields import HAND_LIMIT, WEATHER_ROLL
from hulldown.games.pacific.hook import active
from hulldown.games.pacific.ids import HAND_SLOTS, SPACE_NAMES, find_unit, hand_card_at, unit_on, unit_ref
from hulldown.games.pacific.labels import hand_names, named, token_name
from hulldown.games.pacific.offers import make
from hulldown.games.pacific.rules.s01_battlefield import by_iid, ev_id, skill_user
from hulldown.games.pacific.rules.s03_setup import place_terrain, resolve_initiative, terrain_actions
from hulldown.games.pacific.rules.s05_deployment import deploy, deploy_actions, play_support
from hulldown.games.pacific.rules.s06_movement import move_actions, move_unit, terrain_flags
from hulldown.games.pacific.rules.s07_shooting import place_screen, screen_actions, shoot_actions
from hulldown.games.pacific.rules.s10_multiplayer import slots_of
from hulldown.games.pacific.rules.s11_07_night import reveal, reveal_sweep, shows_face_down
from hulldown.games.pacific.rules.s11_13_smoke import (
    declare_assault,
    declare_fire,
    resume_attack,
    smoke_tokens,
    smoke_window,
    support_attack,
    throw_smoke,
)
from hulldown.games.pacific.rules.s11_optional import lend_lease_actions, pickup, ta_actions
from hulldown.games.pacific.rules.s15_transport import (
    board,
    board_actions,
    deploy_fetch_actions,
    fetch,
    load,
    transport_actions,
    unload,
)
from hulldown.games.pacific.rules.s16_air import air_reactions, air_step, paratroopers_aa
from hulldown.games.pacific.views import Phase

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields
    from hulldown.games.pacific.units import Unit

KEEP: Final = WORDS["keep"]


REDRAW: Final = WORDS["redraw"]


TERRAIN_DONE: Final = WORDS["terrain-done"]


TA_PASS: Final = WORDS["ta-pass"]


DEPLOY_DONE: Final = WORDS["deploy-done"]


MOVE_DONE: Final = WORDS["move-done"]


FLIP_DONE: Final = WORDS["flip-done"]


DISCARD_DONE: Final = WORDS["discard-done"]


GIVE_AP: Final = WORDS["give-ap"]


NO_SMOKE: Final = WORDS["no-smoke"]


def advance(st: PacificFields, events: list[Event]) -> None:
    """§4.1 Run automatic steps until a seat must decide or the game is over."""
    while not st.over:
        ph = st.phase
        if ph in TURN_PHASES:
            waits = _turn_step(st, events)
        elif ph in REACTION_PHASES or ph == "screen":
            return
        elif ph == "mulligan":
            waits = _mulligan_step(st)
        elif ph == "bid":
            waits = _bid_step(st, events)
        elif ph == "terrain":
            waits = _terrain_step(st, events)
        else:
            raise AssertionError(ph)
        if waits:
            return


def _mulligan_step(st: PacificFields) -> bool:
    """§3.2 Each seat in turn keeps its hand or draws again; then the bid."""
    pending = [s for s in range(st.nslots) if not st.mulligan_done[s]]
    if pending:
        st.actor = pending[0]
        return True
    st.phase = "bid"
    return False


def _bid_step(st: PacificFields, events: list[Event]) -> bool:
    """§3.3 Each side bids for the initiative (the solo AI at once, §12.1); a scenario names the
    first side instead (§14.1)."""
    if st.scenario is not None:
        st.first_side = st.scenario.first
        st.bid_order = []
        st.phase = "terrain"
        return False
    fms = [slots_of(st, 0)[0], slots_of(st, 1)[0]]
    for side in (0, 1):
        if st.bids[side] < 0:
            if st.is_ai_side(side):
                st.bids[side] = active().bid(st, events)
                continue
            st.actor = fms[side]
            return True
    resolve_initiative(st, events)
    return False


def _terrain_step(st: PacificFields, events: list[Event]) -> bool:
    """§3.4 Each side in bid order places its terrain (the solo AI all at once, §12.1); then the
    first turn begins."""
    side = st.bid_order[0] if st.bid_order else -1
    if side < 0:
        st.sd_budget = {}
        start_turn(st, st.first_side, events)
        return False
    if st.is_ai_side(side):
        active().terrain(st, side, events)
        st.bid_order.pop(0)
        return False
    choices = terrain_actions(st, side)
    if st.sd_budget and all(c.id.startswith(("deploy:", "upgrade:")) for c in choices):
        st.declare_reveal()  # §3.5 whether the side deploys on shows what its hand can afford
    if not choices:
        st.bid_order.pop(0)
        return False
    st.actor = slots_of(st, side)[0]
    return True


def _turn_step(st: PacificFields, events: list[Event]) -> bool:
    """§4.1 A phase of a turn: the solo AI plays its whole turn (§12); a seat's Flip Over and
    Headquarters phases pass by themselves when they offer nothing."""
    if st.is_ai_side(st.active):
        return _ai_turn_step(st, events)
    ph = st.phase
    if ph == "flip" and not flip_actions(st, st.actor):
        next_actor(st, events)
        return False
    if ph == "hq" and not ta_actions(st):
        next_actor(st, events)
        return False
    return True


def _ai_turn_step(st: PacificFields, events: list[Event]) -> bool:
    """§12 The AI's turn through the hook, stopping wherever the player must answer first."""
    if st.ai_resume is None:
        active().turn(st, events)
    # §16.3: the player's AA answers each paratrooper the AI dropped, before it moves on
    while st.para_drops and not st.over:
        para = st.units.get(st.para_drops.pop(0))
        if para is not None and para.space >= 0 and paratroopers_aa(st, para, events):
            return True
    # §11.13: then the player's Smoke Grenade answers each attack card the AI played
    while st.ai_card_attacks and not st.over:
        card, uid = st.ai_card_attacks.pop(0)
        victim = st.units.get(uid)
        if victim is None or victim.space < 0:
            continue  # destroyed by an earlier card: this one has nothing to hit
        if smoke_window(st, None, victim, card, "support", events, side=st.active):
            return True
        support_attack(st, card, victim, events)
    # the rest of the AI's turn; its Shooting phase may stop for the player's Smoke
    # Grenade (§11.13) or air reactions (§16.1) and go on where it stopped
    while st.ai_resume is not None and not st.over:
        if st.phase in REACTION_PHASES:
            return True
        b, t = st.ai_resume
        st.ai_resume = None
        active().turn_rest(st, b, t, events)
    if st.over or st.phase in REACTION_PHASES:
        return True
    end_turn(st, events)
    return False


#: the phases of a turn a seat plays (§4.1)
TURN_PHASES: Final = frozenset(("hq", "deploy", "move", "shoot", "flip", "discard"))


#: phases in which a seat answers the other side's attack (§11.13, §16)
REACTION_PHASES: Final = ("intercept", "escort", "aa", "smoke")


def start_turn(st: PacificFields, side: int, events: list[Event]) -> None:
    """§4.2 Initial, §4.3 Headquarters, §4.5 Card phases, then the first decision phase."""
    st.active = side
    if side == st.first_side:
        st.round += 1
        if st.round > st.max_rounds:  # §4.7 time limit
            st.over = True
            st.end_reason = "time"
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
            st.end_reason = "deck"
            st.winner = 1 - side
            events.append(public("empty-deck", side=side))
            return
    st.phase = "hq"
    st.actor = slots_of(st, side)[0]


PHASES: Final[tuple[Phase, ...]] = ("hq", "deploy", "move", "shoot", "flip", "discard")


def next_actor(st: PacificFields, events: list[Event]) -> None:
    """§10.2 Within a phase the Field Marshall acts first, then the General (§10.2)."""
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
    """§4.1 End phase: a scenario's attacker holding its objectives wins (§14.1), effects that
    last until the end of a turn end, and the other side's turn begins."""
    side = st.active
    if st.scenario is not None and side == st.scenario.attacker and objectives_taken(st):
        st.over = True
        st.end_reason = "objectives"
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
            if u.ammo != ((), ()):
                _ammo_turn_ends(st, u)
            u.damage_bonus = 0
            u.assault_bonus = 0
            u.healed = False
        else:
            u.aa_used = False
    # §12.2: a cut made in the player's turn lasts until the AI has read it in its own turn
    st.supply_broken[side] = False
    events.append(public("end-turn", side=side))
    start_turn(st, 1 - side, events)


def _ammo_turn_ends(st: PacificFields, u: Unit) -> None:
    """§11.3.1 With the Successful Hit Table, Extra Ammo played this turn gives its extra attack
    in the owner's next turn too; the cards played the turn before are done and discarded."""
    fresh, done = u.ammo
    for iid in done:
        if iid in u.attached:
            u.attached.remove(iid)
            st.discards[u.owner].put_top(iid)
    u.extra_turn = sum(st.db.support[st.cards[iid]].value for iid in fresh)
    u.ammo = ((), fresh)


def flip_over(st: PacificFields) -> None:
    """§4.1 Flip Over phase: used tokens are restored (mounted weapons stay mounted), carried units' too."""
    for w in st.units.values():
        if w.side == st.active:
            for u in w.each():
                for t in u.tokens:
                    t.used = False


def flip_actions(st: PacificFields, slot: int) -> list[Action]:
    """§4.1 The Flip Over phase's choices: mounted weapons dismounted."""
    out: list[Action] = []
    for w in sorted(st.units.values(), key=by_iid):
        u = skill_user(w)  # §15.5: a unit in a landing craft dismounts from inside
        if u.owner != slot:
            continue
        for k, t in enumerate(u.tokens):
            if t.mounted and t.mounted_turn < st.turn:
                out.append(make(acts.Dismount, u.space, k, tok=token_name(u, k), who=named(u, u.side)))
    return out


def legal_actions(st: PacificFields) -> list[Action]:
    """§4.1 The choices of the phase in progress, each from the chapter that rules it."""
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
        return deployment_actions(st, slot)
    if ph == "move":
        return movement_actions(st, slot)
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
    if ph == "screen":
        return screen_actions(st)
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


def deployment_actions(st: PacificFields, slot: int) -> list[Action]:
    """§4.1 The Deployment phase's choices: units, support cards and upgrades (§5), carriers boarded
    and fetched (§15), Lend-Lease (§11.5), the Field Marshall's AP for his General (§10.2)."""
    out = deploy_actions(st, slot)
    out.extend(board_actions(st, slot))
    out.extend(deploy_fetch_actions(st, slot))
    out.extend(lend_lease_actions(st, slot))
    slots = slots_of(st, st.side_of(slot))
    if len(slots) == 2 and slot == slots[0] and not st.gave_ap and st.ap[slot] >= 1:
        out.append(GIVE_AP)
    out.append(DEPLOY_DONE)
    return out


def movement_actions(st: PacificFields, slot: int) -> list[Action]:
    """§4.1 The Movement phase's choices: moves and the abilities used while moving (§6), tokens
    picked up (§11.10), transports loaded and unloaded (§15)."""
    flags = terrain_flags(st)
    reach: dict[int, dict[int, int]] = {}
    out = move_actions(st, slot, flags, reach)
    out.extend(transport_actions(st, slot, flags, reach))
    out.append(MOVE_DONE)
    return out


def apply_action(st: PacificFields, a: Action, events: list[Event]) -> None:
    """§4.1 Make the decision's effect; the rules read its fields (actions.py), never its id."""
    slot = st.actor
    side = st.side_of(slot)
    _BY_PHASE.get(type(a), _apply_shoot)(st, a, slot, side, events)
    if not st.over:
        advance(st, events)
    if st._options["night"]:
        reveal_sweep(st, events)


def _apply_setup(st: PacificFields, a: Action, slot: int, side: int, events: list[Event]) -> bool:
    """§4.1 Set-up, headquarters and deployment decisions (§3, §5, §11.1, §11.5); False for others."""
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
        case _:
            return False
    return True


def _apply_done(st: PacificFields, a: Action, slot: int, side: int, events: list[Event]) -> bool:
    """§4.1 A seat done with its part of the phase (Pass, Deploy/Move/Shoot/Flip/Discard done): the
    next seat acts."""
    next_actor(st, events)
    return True


def _apply_move(st: PacificFields, a: Action, slot: int, side: int, events: list[Event]) -> bool:
    """§4.1 Movement-phase decisions (§6, §11.10, §15); False for others."""
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


def _apply_shoot(st: PacificFields, a: Action, slot: int, side: int, events: list[Event]) -> None:
    """§4.1 Shooting, Flip Over, Discard and reaction decisions (§7-§9, §11.13, §16)."""
    match a:
        case acts.Fire():
            declare_fire(st, a, side, events)
        case acts.Screen():
            place_screen(st, a.sides, events)
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


#: Which handler makes an action's effect, by its type (one look-up, not a chain of tests).
_BY_PHASE: Final[dict[type[Action], Callable[[PacificFields, Action, int, int, list[Event]], object]]] = {
    **{c: _apply_setup for c in (acts.Keep, acts.Redraw, acts.Bid, acts.Terrain, acts.WideTerrain,
                                 acts.TerrainDone, acts.TacticalArtillery, acts.Deploy, acts.Play, acts.PlayOn,
                                 acts.Upgrade, acts.GiveAp, acts.LendLease, acts.Board)},
    **{c: _apply_done for c in (acts.TaPass, acts.DeployDone, acts.MoveDone, acts.ShootDone, acts.FlipDone,
                                acts.DiscardDone)},
    **{c: _apply_move for c in (acts.Move, acts.Ride, acts.Cover, acts.Pickup, acts.Trade, acts.Load, acts.Fetch,
                                acts.Unload, acts.Assault, acts.Advance, acts.Sap, acts.Mount)},
}  # fmt: skip
