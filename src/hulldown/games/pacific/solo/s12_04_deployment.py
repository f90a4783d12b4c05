"""§12.4 Deployment: the cards the AI deploys, how many, and their compulsory and potential
upgrades.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hulldown.engine import Event
from hulldown.games.pacific import grid
from hulldown.games.pacific.rules.s05_deployment import deploy, deploy_spaces, play_support, unit_deploy_cost
from hulldown.games.pacific.rules.s15_transport import board, board_cost, carries_card
from hulldown.games.pacific.rules.s16_air import free_bay
from hulldown.games.pacific.solo.s12_00_common import Pick, by_die, ordered
from hulldown.games.pacific.solo.s12_04_priorities import (
    buy_upgrade,
    compulsory_upgrades,
    lines,
    priority,
)
from hulldown.games.pacific.solo.s12_04_transport import CARRIER_KINDS, cargo_for, deploy_for_field_cargo, field_plan
from hulldown.games.pacific.solo.s12_05_placement import placement_choice, support_choice
from hulldown.games.pacific.solo.words import Said, note, row
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def choose_cards(piles: list[list[Pick]], ap: int) -> tuple[list[Pick], Said]:
    """§12.4 "Number of cards to deploy", one card from each pile in priority order."""

    def one_per_pile(budget: int, mincost: int, most: int) -> list[Pick]:
        """§12.4 Up to ``most`` cards, one from each pile in priority order, within ``budget``."""
        out: list[Pick] = []
        for pile in piles:
            if len(out) >= most:
                break
            for p in pile:  # the costliest it can pay, else the next of the same pile
                if mincost <= p.cost <= budget:
                    out.append(p)
                    budget -= p.cost
                    break
        return out

    if ap <= 3:
        return one_per_pile(ap, 0, 1), Said("ai.pick.one")
    if ap <= 5:
        two = one_per_pile(ap, 0, 2)
        if len(two) == 2:
            return two, Said("ai.pick.two")
        cands = [p for pile in piles for p in pile if p.cost <= ap]
        if not cands:
            return [], Said("ai.pick.none")
        top = max(p.cost for p in cands)
        return [next(p for p in cands if p.cost == top)], Said("ai.pick.costliest")
    big = one_per_pile(ap, 5, 1)
    if big:
        return big, Said("ai.pick.big")
    two = one_per_pile(ap, 3, 2)
    if len(two) == 2:
        return two, Said("ai.pick.two-big")
    return one_per_pile(ap, 0, 3), Said("ai.pick.any")


def deployment(st: PacificFields, b: str, events: list[Event], table: str = "variable") -> None:
    """§12.4: priority 0 first, then the behaviour's piles by the AP available; support cards
    when no unit fits or more than 3 AP are left; then potential and spare-AP upgrades."""
    hand = st.hands[1]
    dname = row("deploy", table, b)
    # priority 0: cards that generate AP or give the HQ a bonus, costliest first
    zero = ordered(
        st, [Pick(i, 0, st.db.cost(st.cards[i]), [], "") for i in hand if priority(st, table, b, st.cards[i]) == 0]
    )
    for p in zero:
        deploy_card(st, p, b, table, Said.of("ai.label.zero", name=dname), events)
    piles = _piles(st, b, table, events)
    st.ai_keep = [p.iid for pile in piles[:3] for p in pile]  # §12.8: priorities 1-3 set aside
    chosen, why = choose_cards(piles, st.ap[1])
    deployed_units = 0
    for p in sorted(chosen, key=lambda p: (-p.cost, p.pri)):  # §12.5 highest to lowest cost
        label = Said.of("ai.label.pile", name=dname, priority=p.pri, why=why)
        if deploy_card(st, p, b, table, label, events) and p.iid in st.units:
            deployed_units += 1
    if deployed_units == 0 or st.ap[1] > 3:  # §12.4: support cards, highest to lowest cost
        supports = ordered(st, [Pick(i, 0, st.db.support[st.cards[i]].play_cost, [], "")
                                 for i in hand if st.cards[i] in st.db.support])  # fmt: skip
        for p in supports:
            if p.iid in hand and p.cost <= st.ap[1]:
                why2 = Said("ai.label.no-unit" if deployed_units == 0 else "ai.label.ap-left")
                deploy_card(st, p, b, table, Said.of("ai.label.support", why=why2), events)
    _end_of_phase_upgrades(st, chosen, events)


def _piles(st: PacificFields, b: str, table: str, events: list[Event]) -> list[list[Pick]]:
    """§12.4 The hand sorted into the behaviour's priority piles, each costliest first (equal
    costs: die roll); the transport lines first, each carrier claiming its cargo."""
    hand = st.hands[1]
    entries = lines(st, table, b)
    piles: list[list[Pick]] = [[] for _ in entries]
    taken = _transport_picks(st, b, table, piles, events)
    for iid in list(hand):
        cid = st.cards[iid]
        pr = priority(st, table, b, cid)
        if iid in taken:
            continue
        if 1 <= pr <= len(entries):
            wish = entries[pr - 1][1]
            ups = compulsory_upgrades(st, cid, wish)
            cost = st.db.cost(cid) if cid in st.db.support else st.db.units[cid].cost
            sc = st.db.support.get(cid)
            if sc is not None:
                cost = sc.play_cost
            cost += sum(st.db.upgrades[x].cost for x in ups)
            piles[pr - 1].append(Pick(iid, pr, cost, ups, wish))
    return [ordered(st, pile) for pile in piles]


def _transport_picks(st: PacificFields, b: str, table: str, piles: list[list[Pick]], events: list[Event]) -> set[int]:
    """§12.4 transport lines: each carrier of the hand (costliest first) claims its cargo from the
    hand, else (§15.2) a unit of the battlefield, and joins its pile; the cards it returns (the
    carriers and their cargo) are no card of a pile of their own."""
    hand = st.hands[1]
    entries = lines(st, table, b)
    claimed: set[int] = set()
    claimed_field: set[int] = set()
    carriers = sorted(
        (i for i in hand if 1 <= (pr := priority(st, table, b, st.cards[i])) <= len(entries)
         and entries[pr - 1][0] in CARRIER_KINDS),
        key=lambda i: (priority(st, table, b, st.cards[i]), -st.db.cost(st.cards[i]), i),
    )  # fmt: skip
    for iid in carriers:
        pr = priority(st, table, b, st.cards[iid])
        kind, wish = entries[pr - 1]
        free = [i for i in hand if i not in claimed and i != iid and i not in carriers]
        cargo, cups = cargo_for(st, kind, wish, st.cards[iid], free)
        if cargo < 0:
            plan = field_plan(st, kind, wish, st.cards[iid], claimed_field)
            if plan is not None:  # §15.2: its cargo is a unit of the battlefield
                pick = Pick(iid, pr, st.db.units[st.cards[iid]].cost, [], wish)
                pick.field = plan[1].iid
                claimed_field.add(pick.field)
                piles[pr - 1].append(pick)
                continue
            note(st, Said.of("ai.dep.no-cargo", unit=st.db.name(st.cards[iid]), kind=kind), events)
            continue
        claimed.add(cargo)
        pick = Pick(iid, pr, st.db.units[st.cards[iid]].cost, [], wish)
        pick.cargo, pick.cargo_ups = cargo, cups
        pick.cost += st.db.units[st.cards[cargo]].cost + sum(st.db.upgrades[x].cost for x in cups)
        piles[pr - 1].append(pick)
    return claimed | set(carriers)


def _end_of_phase_upgrades(st: PacificFields, chosen: list[Pick], events: list[Event]) -> None:
    """§12.4 the potential upgrades ("if possible") of the units deployed this turn (on a transport
    line, the cargo's), then §12.5 spare AP on the units from the costliest."""
    for p in sorted(chosen, key=lambda p: (-p.cost, p.pri)):
        u = st.units.get(p.iid)
        if u is not None and (p.cargo >= 0 or p.field >= 0):
            want = p.cargo if p.cargo >= 0 else p.field
            u = u.cargo if u.cargo is not None and u.cargo.iid == want else None  # the wish is the cargo's
        if u is not None and p.wish.endswith("?"):
            kind = Said(f"ai.wish.{p.wish.rstrip('?')}")
            buy_upgrade(st, u, p.wish, Said.of("ai.upgrade.potential", kind=kind), events)
    for u in sorted(st.side_units(1), key=lambda x: (-x.card.cost, x.iid)):
        if u.space >= 0:
            buy_upgrade(st, u, "any", Said("ai.upgrade.spare"), events)


def deploy_card(st: PacificFields, p: Pick, b: str, table: str, label: Said, events: list[Event]) -> bool:
    """§12.4 Put one chosen card into play (§12.5 placement, §12.4 support targets)."""
    if p.iid not in st.hands[1]:
        return False
    cid = st.cards[p.iid]
    uc = st.db.units.get(cid)
    if uc is not None:
        if uc.type == "aircraft":
            if uc.cost > st.ap[1] or free_bay(st, 1) <= 0:
                return False
            deploy(st, 1, p.iid, "hq", events)
            note(st, Said.of("ai.dep.hq", label=label, unit=uc.name), events)
            return True
        extra = p.cost - uc.cost  # compulsory upgrades, and on a transport line its cargo
        spaces = [
            s
            for s in deploy_spaces(st, 1, uc.tags)
            if grid.own_row(1, s) == 1 and unit_deploy_cost(st, 1, uc.cost, uc.tags, s) + extra <= st.ap[1]
        ]
        if not spaces:
            return _deploy_landing(st, p, uc, extra, b, label, events)  # §14.6: a sea deployment line
        if p.field >= 0:
            return deploy_for_field_cargo(st, p, uc, spaces, label, events)  # §15.2 cases 1-2
        cargo_card = st.db.units[st.cards[p.cargo]] if p.cargo >= 0 else None
        pierce = max(uc.pierce, cargo_card.pierce if cargo_card is not None else 0)
        s, why = placement_choice(st, pierce, spaces, b)
        deploy(st, 1, p.iid, grid.name(s), events)
        note(st, Said.of("ai.dep.placed", label=label, unit=uc.name, why=why), events)
        u = st.units[p.iid]
        for up in p.ups:
            buy_upgrade(st, u, p.wish, Said("ai.upgrade.compulsory"), events, pick=up)
        if cargo_card is not None and p.cargo in st.hands[1] and board_cost(st, 1, cargo_card, u) <= st.ap[1]:
            c = board(st, 1, p.cargo, u, events)  # §15.2: deployed on board its carrier
            note(st, Said.of("ai.dep.on-board", unit=cargo_card.name, carrier=uc.name), events)
            for up in p.cargo_ups:
                buy_upgrade(st, c, p.wish, Said("ai.upgrade.compulsory"), events, pick=up)
        return True
    sc = st.db.support[cid]
    if sc.play_cost > st.ap[1]:
        return False
    target, why = support_choice(st, sc, b)
    if target == -2:
        return False
    play_support(st, 1, p.iid, None if target < 0 else target, events)
    note(st, Said.of("ai.dep.support", label=label, card=sc.name, why=why), events)
    return True


def _deploy_landing(st: PacificFields, p: Pick, uc: Any, extra: int, b: str, label: Said, events: list[Event]) -> bool:
    """§14.6 (the project's reading, the AI tables being silent on landings): when the AI's
    deployment line is sea and a ground unit it chose cannot stand there, the unit goes on board
    a carrier of its hand that may both stand at sea and take it (a landing craft, an Amphibious
    transport for infantry), deployed with it on the §12.5 space and paid with it (*Embarked*
    discount); the cheapest such carrier, equal costs by a die roll. Without one it waits."""
    if p.cargo >= 0 or p.field >= 0 or not any(st.sea[s] for s in deploy_spaces(st, 1, ("amphibious",))):
        return False
    options: list[tuple[int, int, int]] = []  # (total cost, carrier card, space)
    for iid in sorted(st.hands[1]):
        cc = st.db.units.get(st.cards[iid])
        if iid == p.iid or cc is None or cc.type != "transport":
            continue
        probe = Unit(-1, cc, 1, 1, -1, st.turn)
        if not carries_card(probe, uc):
            continue
        for s in deploy_spaces(st, 1, cc.tags):
            if grid.own_row(1, s) != 1:
                continue
            cost = unit_deploy_cost(st, 1, cc.cost, cc.tags, s) + board_cost(st, 1, uc, probe) + extra
            if cost <= st.ap[1]:
                options.append((cost, iid, s))
    if not options:
        return False
    low = min(o[0] for o in options)
    carrier = by_die(st, sorted({o[1] for o in options if o[0] == low}))
    spaces = [o[2] for o in options if o[1] == carrier and o[0] == low]
    s, why = placement_choice(st, uc.pierce, spaces, b)
    deploy(st, 1, carrier, grid.name(s), events)
    tr = st.units[carrier]
    c = board(st, 1, p.iid, tr, events)
    note(st, Said.of("ai.dep.landing", label=label, unit=uc.name, carrier=tr.card.name, why=why), events)
    for up in p.ups:
        buy_upgrade(st, c, p.wish, Said("ai.upgrade.compulsory"), events, pick=up)
    return True
