"""§5 Deployment: units from hand onto the deployment line, upgrade tokens bought (§5.2), support
cards played (§5.3), and what each costs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hulldown.engine import Action, Event, mark_reveal, public
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import grid
from hulldown.games.pacific.actions import HQ
from hulldown.games.pacific.cards import SupportCard
from hulldown.games.pacific.ids import HAND_SLOTS, unit_ref
from hulldown.games.pacific.labels import enemy_name, hand_names, named
from hulldown.games.pacific.offers import make
from hulldown.games.pacific.rules.s01_battlefield import by_iid, ev_id
from hulldown.games.pacific.rules.s10_multiplayer import slots_of
from hulldown.games.pacific.rules.s11_07_night import announce_deployment, reveal
from hulldown.games.pacific.rules.s11_13_smoke import smoke_answers, smoke_window, support_attack
from hulldown.games.pacific.rules.s16_air import free_bay
from hulldown.games.pacific.units import HQ_SPACE, Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields

_DEPLOY_ACTIONS: Final[dict[tuple[int, str, int, int], Action]] = {}


def deploy_action(k: int, name: str, s: int, cost: int) -> Action:
    """§5.1 The action deploying hand card ``k`` on space ``s``, made once: deployment choices
    are listed on every step of the phase."""
    key = (k, name, s, cost)
    x = _DEPLOY_ACTIONS.get(key)
    if x is None:
        if s == HQ_SPACE:
            x = make(acts.Deploy, k, HQ, key="act.deploy.hq", card=name, cost=cost)
        else:
            x = make(acts.Deploy, k, s, card=name)
        _DEPLOY_ACTIONS[key] = x
    return x


def upgrade_options(st: PacificFields, u: Unit) -> list[str]:
    """§5.2 The upgrade tokens a unit may buy (§5.2; §11.8 Smoke Canister for infantry)."""
    options = list(u.card.upgrades)
    if st._options["smoke_canister"] and u.card.type == "infantry":
        options.append("smoke-canister")
    return options


def unit_deploy_cost(st: PacificFields, slot: int, card_cost: int, tags: tuple[str, ...], s: int) -> int:
    """§5.1 A unit's deployment cost on space ``s``: *Reserve* costs 1 AP less once the side has a
    unit on the battlefield, *Incursion* 1 AP more per row beyond the deployment line (§9)."""
    side = st.side_of(slot)
    cost = card_cost
    if "reserve" in tags and any(u.side == side and u.space >= 0 for u in st.units.values()):
        cost -= 1
    if s >= 0 and "incursion" in tags:
        cost += grid.own_row(side, s) - 1
    return max(0, cost)


def deploy_spaces(st: PacificFields, slot: int, tags: tuple[str, ...]) -> list[int]:
    """§5.1 The empty spaces of the deployment line a unit with ``tags`` may be deployed on (the
    sea, rivers and bridges of §14.2 and §14.4 limit which)."""
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
        """§14.4 Whether the space's terrain lets the unit stand there (rivers, bridges)."""
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
    """§5.1-§5.3 Units, support cards and upgrade tokens the slot can pay for; the rest of the
    Deployment phase's choices belong to other chapters (``s04_turn.deployment_actions``)."""
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
                    out.append(deploy_action(k, names[k], HQ_SPACE, uc.cost))
                continue
            tags = uc.tags
            if "reserve" in tags or "incursion" in tags:  # the cost depends on the space
                for s in deploy_spaces(st, slot, tags):
                    if unit_deploy_cost(st, slot, uc.cost, tags, s) <= ap:
                        out.append(deploy_action(k, names[k], s, uc.cost))
            elif uc.cost <= ap:
                out.extend(deploy_action(k, names[k], s, uc.cost) for s in deploy_spaces(st, slot, tags))
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
    upgrades = st.db.upgrades
    for u in sorted([u for u in st.units.values() if u.owner == slot], key=by_iid):
        have = [t.up.id for t in u.tokens]
        if len([x for x in have if x not in u.card.free]) >= 2:
            continue  # §5.2: two tokens bought already
        for up in upgrade_options(st, u):
            tok = upgrades[up]
            if up not in have and tok.cost <= ap:
                out.append(_upgrade(u, side, up, tok.name))
    return out


#: Upgrade choices by (unit's card name, unit, token, token's name): listed again at every step
#: of the Deployment phase for every unit.
_UPGRADES: Final[dict[tuple[str, str, str, str], Action]] = {}


def _upgrade(u: Unit, side: int, up: str, name: str) -> Action:
    """§5.2 The choice buying token ``up`` for the unit, as ``side`` names it, made once (:data:`_UPGRADES`)."""
    ref = unit_ref(u, side)
    key = (u.card.name, ref, up, name)  # what the label names: ``named`` writes the card's name and ref
    a = _UPGRADES.get(key)
    if a is None:
        if len(_UPGRADES) > 100_000:  # bounded like every action cache
            _UPGRADES.clear()
        a = _UPGRADES[key] = make(acts.Upgrade, ref, up, who=named(u, side), upgrade=name)
    return a


def support_targets(st: PacificFields, side: int, sc: object) -> list[int | None]:
    """§5.3 The units a support card may be played on (``None``: the card names no unit)."""
    assert isinstance(sc, SupportCard)
    if sc.target in ("none", "hq"):
        return [None]
    out: list[int | None] = []
    for u in sorted(st.units.values(), key=by_iid):
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


def play_support(st: PacificFields, slot: int, iid: int, target: int | None, events: list[Event]) -> None:
    """§5.3 A support card is paid and played, takes effect, then goes where its effect keeps it:
    beside the HQ, under its unit, or on the discard pile."""
    side = st.side_of(slot)
    sc = st.db.support[st.cards[iid]]
    st.ap[slot] -= sc.play_cost
    st.hands[slot].remove(iid)
    played = public(
        "support", seat=slot, card=sc.id, name=sc.name, target=-1 if target is None else ev_id(st.units[target])
    )
    events.append(mark_reveal(played))  # from a hidden hand
    u = st.units[target] if target is not None else None
    e = sc.effect
    attach = False
    if u is not None and e in _UNIT_EFFECTS:
        attach = _on_unit(st, sc, u, side, events)
    else:
        _on_side(st, sc, slot, side, events)
    if e in ("ap-per-turn", "hq-armour"):
        st.hq_cards[side].append(iid)
    elif attach and u is not None and u.iid in st.units:
        u.attached.append(iid)
        if e == "extra-attack-perm" and ammo_lasts_a_turn(st):
            u.ammo = ((*u.ammo[0], iid), u.ammo[1])
    else:
        st.discards[slot].put_top(iid)


def ammo_lasts_a_turn(st: PacificFields) -> bool:
    """§11.3.1 Whether Extra Ammo lasts only until the end of its owner's next turn (the Successful
    Hit Table), rather than being Permanent (dice, or games recorded before the ``extra_ammo`` option)."""
    return bool(st._options["successful_hit_table"]) and st._options["extra_ammo"] == "book"


#: support effects that need a unit to play on (support.toml)
_UNIT_EFFECTS: Final = frozenset((
    "accuracy-turn", "evasion-perm", "evasion-guard", "hp-perm", "hero", "promotion", "extra-attack-turn",
    "extra-attack-perm", "mp-turn", "attack", "suppress", "immobilize", "assault-bonus", "damage-bonus-turn",
))  # fmt: skip


def _on_unit(st: PacificFields, sc: SupportCard, u: Unit, side: int, events: list[Event]) -> bool:
    """§5.3 A support card's effect on the unit it is played on; True when the card stays under
    the unit (its effect lasts while the unit does)."""
    e = sc.effect
    if e == "accuracy-turn":
        u.acc_turn += sc.value
    elif e == "evasion-perm":
        u.evasion_perm += sc.value
        return True
    elif e == "evasion-guard":
        u.guard = sc.value
    elif e == "hp-perm":
        u.hp_bonus += sc.value
        return True
    elif e == "hero":  # §11.12: under the unit until it is destroyed
        reveal(st, u, events)
        u.hp_bonus += sc.hero_hp
        u.mp_perm += sc.hero_mp
        u.extra_perm += sc.hero_attacks
        return True
    elif e == "promotion":
        u.promotions += 1
        return True
    elif e == "extra-attack-turn":
        u.extra_turn += sc.value
    elif e == "extra-attack-perm" and ammo_lasts_a_turn(st):
        u.extra_turn += sc.value  # §11.3.1: "lasts until the end of your next turn", not Permanent
        return True
    elif e == "extra-attack-perm":
        u.extra_perm += sc.value
        return True
    elif e == "mp-turn":
        u.mp_bonus += sc.value
    elif e == "attack":
        # §11.13: a seat's attack card waits for a Smoke Grenade like a shot (the card is spent)
        if st.is_ai_side(side) and smoke_answers(st, u):
            st.ai_card_attacks.append((sc.id, u.iid))  # answered once the AI's deployment is done
        elif st.is_ai_side(side) or not smoke_window(st, None, u, sc.id, "support", events, side=side):
            support_attack(st, sc.id, u, events)
    elif e == "suppress":
        u.usf = True
    elif e == "immobilize":
        u.immobile_until = st.turn + 1
    elif e == "assault-bonus":
        u.assault_bonus += sc.value
    elif e == "damage-bonus-turn":
        u.damage_bonus += sc.value
    return False


def _on_side(st: PacificFields, sc: SupportCard, slot: int, side: int, events: list[Event]) -> None:
    """§5.3 A support card's effect on a whole side: AP, cards, movement, the enemy's hand, Flares."""
    e = sc.effect
    if e == "gain-ap":
        st.ap[slot] += sc.value
    elif e == "draw":
        st._draw(slot, sc.value, events)
    elif e == "mp-infantry-turn":
        for f in st.units.values():
            if f.side == side and f.card.type == "infantry":
                f.mp_bonus += sc.value
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
    elif e == "reveal":
        st.smoke = []
        for w in st.units.values():  # §11.7: Flares turn every unit face up
            for v in w.each():
                reveal(st, v, events)
