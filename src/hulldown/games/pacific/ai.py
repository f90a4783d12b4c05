"""The rulebook's solo AI (rules §12): the AI's deck, behaviour, card phase, deployment,
movement, shooting and discard, each decision logged with the clause that chose it.

In a 1-player game the rules call :func:`ai_turn` for side 1. :class:`SoloAIAgent` applies the
same priorities to the ordinary actions of any seat of a normal game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hulldown.engine import Event
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action
from hulldown.games.pacific import combat, grid
from hulldown.games.pacific.ids import find_unit, hand_card
from hulldown.games.pacific.units import HQ_SPACE, Unit

if TYPE_CHECKING:
    from hulldown.agents.base import SeatView
    from hulldown.games.pacific.state import PacificState

REMOVED = ("general", "shrapnel", "lost", "in-need-of-support", "ambush")  # §12.1
TYPE_ORDER = ("infantry", "artillery", "tank", "transport", "support")
#: §12.1 the d10 extra cards
EXTRA = {1: (), 2: (), 3: ("infantry",), 4: ("artillery",), 5: ("tank",), 6: ("transport",), 7: ("support",),
         8: ("infantry", "transport"), 9: ("infantry", "support"), 10: ("infantry", "support")}  # fmt: skip
#: §12.3 cards to draw by hand size
DRAWS = {0: 7, 1: 6, 2: 5, 3: 4, 4: 3}
#: §12.4 deployment priorities (Variable AI): behaviour band -> list of (type, upgrade wish)
PRIORITIES = {
    "initial": (("infantry", "offensive"), ("artillery", ""), ("tank", "")),
    "defense": (("artillery", ""), ("infantry", "defensive"), ("tank", ""), ("support", "defensive")),
    "secure": (("infantry", "offensive"), ("tank", "offensive"), ("artillery", ""), ("transport", ""), ("support", "")),
    "attack": (("tank", "offensive"), ("transport", ""), ("transport", ""), ("aircraft", ""), ("support", "")),
}
BAND_NAME = {"initial": "Reinforce (turns 1-2)", "defense": "Defense", "secure": "Secure", "attack": "Attack"}
#: §12.2 target own rows for movement by band
TARGET_ROWS = {"initial": (1, 2), "defense": (1, 2), "secure": (3, 4), "attack": (5, 6)}
OFFENSIVE = {"grenades", "hmg", "bazooka", "mrl", "sniper", "flamethrower", "tank-mg", "tank-hmg", "tank-flamethrower"}
DEFENSIVE = {
    "hmg",
    "grenades",
    "bazooka",
    "mortar",
    "hit-the-dirt",
    "smoke-grenade",
    "medics",
    "mechanics",
    "smoke-screen",
}


def card_type(st: PacificState, cid: str) -> str:
    u = st.db.units.get(cid)
    if u is None or u.type == "aircraft":
        return "support"
    return u.type


# ---------------------------------------------------------------- §12.1 deck
def build_ai_deck(st: PacificState) -> list[str]:
    """Type piles matching the player's deck (2 support per aircraft), plus the d10 extra cards."""
    db = st.db
    mine = [st.cards[i] for i in st.decks[0]]
    counts = dict.fromkeys(TYPE_ORDER, 0)
    for cid in mine:
        u = db.units.get(cid)
        if u is not None and u.type == "aircraft":
            counts["support"] += 2
        else:
            counts[card_type(st, cid)] += 1
    army = st.armies[1]
    pool_ids = [c for c in sorted(db.army_pool(army)) if not any(c.endswith(r) for r in REMOVED)]
    base = db.decks["us-120" if army == "us" else "japan-120"]
    piles: dict[str, list[str]] = {t: [] for t in TYPE_ORDER}
    for cid in pool_ids:
        n = base.cards.get(cid, 1)
        for _ in range(n):
            piles[card_type(st, cid)].append(cid)
    for t in TYPE_ORDER:
        st.shuffle(piles[t])
    extra = EXTRA[st.roll(10)]
    for t in extra:
        counts[t] += 1
    out: list[str] = []
    for t in TYPE_ORDER:
        pile = piles[t]
        while counts[t] > 0:
            if not pile:  # a pile runs out: refill from the same type
                pile.extend(c for c in pool_ids if card_type(st, c) == t)
            out.append(pile.pop())
            counts[t] -= 1
    st.ai_keep = [len(out)]
    return out


# ---------------------------------------------------------------- start of battle
def ai_bid(st: PacificState, events: list[Event]) -> int:
    """§12 Pitched Battles: 1-3 none, 4-5 two less, 6-7 one less, 8-9 the same, 10 one more."""
    yours = max(0, st.bids[0])
    r = st.roll(10)
    n = 0 if r <= 3 else yours - 2 if r <= 5 else yours - 1 if r <= 7 else yours if r <= 9 else yours + 1
    n = max(0, min(n, st.ap[1]))
    st.log_ai(f"12.1 Initiative: d10 {r}, the AI spends {n} AP", events)
    return n


def ai_terrain(st: PacificState, side: int, events: list[Event]) -> None:
    """§12.1: shuffle the terrain, draw until the AP are spent, place on rows 5/4 by d10."""
    budget = st.terrain_budget[side]
    pile = list(st.terrain_piles[side])
    st.shuffle(pile)
    for iid in pile:
        if budget <= 0:
            break
        t = st.db.terrain[st.cards[iid]]
        if t.cost > budget:
            continue
        for _ in range(30):
            row = 2 if st.roll(10) <= 5 else 3  # the AI's rows: 1-5 fifth, 6-10 fourth (ours: 2 and 3)
            c = grid.D10_COLUMN[st.roll(10) - 1]
            s = grid.space(grid.row_index(side, row), c)
            if st.terrain[s] < 0:
                st.terrain_piles[side].remove(iid)
                st.terrain[s] = iid
                st.terrain_hp[iid] = t.hp
                budget -= t.cost
                st.log_ai(f"12.1 Terrain: {t.name} on {grid.name(s)}", events)
                break


# ---------------------------------------------------------------- §12.2 behaviour
def behaviour_value(st: PacificState, side: int) -> int:
    bm = 0
    enemy = 1 - side
    for r in range(grid.ROWS):
        mine = [u for u in st.units.values() if u.space >= 0 and u.space // grid.COLS == r and u.side == side]
        theirs = [u for u in st.units.values() if u.space >= 0 and u.space // grid.COLS == r and u.side == enemy]
        if mine:
            bm += 4 if len(mine) > 1 else 3
        elif theirs:
            bm -= 2 if len(theirs) > 1 else 1
    for u in st.units.values():
        if u.side == side and u.space >= 0 and grid.hq_distance(enemy, u.space) <= u.card.range:
            bm += 1
    if st.supply_broken[side]:
        bm -= 3
    return bm


def band(st: PacificState, side: int, events: list[Event]) -> str:
    if st.turn <= 4:  # the AI's first two turns
        st.log_ai("12.2 Behaviour: turns 1-2, Reinforce", events)
        return "initial"
    if st.ap_generated(side) <= 1:
        st.log_ai("12.2 Behaviour: only 1 AP generated, minimum row (Defense)", events)
        return "defense"
    v = behaviour_value(st, side)
    st.behaviour = v
    b = "defense" if v <= 3 else "secure" if v <= 7 else "attack"
    st.log_ai(f"12.2 Behaviour: modifiers {v}, {BAND_NAME[b]}", events)
    return b


# ---------------------------------------------------------------- the AI's turn
def ai_turn(st: PacificState, events: list[Event]) -> None:
    side = 1
    b = band(st, side, events)
    card_phase(st, events)
    if st.over:
        return
    deployment(st, b, events)
    movement(st, b, events)
    shooting(st, events)
    for u in st.units.values():  # §12 Flip Over: untilt the tokens
        if u.side == side:
            for t in u.tokens:
                t.used = False
    discard(st, b, events)


def card_phase(st: PacificState, events: list[Event]) -> None:
    """§12.3: reveal the hand, draw by its size; no unit able to shoot: replace the hand."""
    hand = st.hands[1]
    n = DRAWS.get(len(hand), 2)
    st._draw(1, n)
    st.ai_revealed = True
    st.log_ai(f"12.3 Card phase: {len(hand) - n} in hand, draw {n}", events)
    if not any((u := st.unit_card(i)) is not None and u.damage > 0 for i in hand):
        k = len(hand)
        st.discards[1].extend(hand.take_all())
        st._draw(1, k)
        st.log_ai(f"12.3 Card phase: no unit can shoot, discard and draw {k}", events)


def _wanted(st: PacificState, b: str, cid: str) -> int:
    """Priority of a card under the band (0: generates AP or HQ bonus; 9: not wanted)."""
    u = st.db.units.get(cid)
    if u is not None and ("generates-ap" in u.tags or "synergy" in u.tags):
        return 0
    s = st.db.support.get(cid)
    if s is not None and s.effect in ("ap-per-turn", "hq-armour", "gain-ap"):
        return 0
    t = "support" if s is not None else ("aircraft" if u is not None and u.type == "aircraft" else card_type(st, cid))
    for i, (want, _) in enumerate(PRIORITIES[b]):
        if want == t:
            return i + 1
    return 9


def deployment(st: PacificState, b: str, events: list[Event]) -> None:
    """§12.4: priority piles, highest cost first, the number of cards by the AP available."""
    from hulldown.games.pacific.rules import deploy, deploy_spaces, play_support, support_targets, unit_deploy_cost

    hand = st.hands[1]
    ap = st.ap[1]
    limit = 1 if ap <= 3 else 2 if ap <= 5 else 3
    ranked = sorted(hand, key=lambda i: (_wanted(st, b, st.cards[i]), -st.db.cost(st.cards[i]), i))
    st.ai_keep = [i for i in ranked if 1 <= _wanted(st, b, st.cards[i]) <= 3]
    placed = 0
    for iid in ranked:
        pr = _wanted(st, b, st.cards[iid])
        if pr == 9 or (placed >= limit and pr != 0):
            continue
        if ap >= 6 and placed == 0 and pr != 0:
            big = [i for i in ranked if st.db.cost(st.cards[i]) >= 5 and st.db.cost(st.cards[i]) <= st.ap[1]]
            if big and iid not in big:
                continue
        cid = st.cards[iid]
        uc = st.db.units.get(cid)
        if uc is not None:
            if uc.type == "aircraft":
                if uc.cost <= st.ap[1]:
                    deploy(st, 1, iid, "hq", events)
                    placed += 1
                    st.log_ai(f"12.4 Deployment: {BAND_NAME[b]} priority {pr}, {uc.name} beside the HQ", events)
                continue
            spaces = [
                s
                for s in deploy_spaces(st, 1, uc.tags)
                if grid.own_row(1, s) == 1 and unit_deploy_cost(st, 1, uc.cost, uc.tags, s) <= st.ap[1]
            ]
            if not spaces:
                continue
            s, why = placement(st, uc.pierce, spaces, b)
            deploy(st, 1, iid, grid.name(s), events)
            placed += 1
            st.log_ai(f"12.4 Deployment: {BAND_NAME[b]} priority {pr}, {uc.name}; 12.5 {why}", events)
            continue
        sc = st.db.support[cid]
        if sc.play_cost > st.ap[1]:
            continue
        targets = support_targets(st, 1, sc)
        if not targets:
            continue
        if targets[0] is not None:  # §12.4: on the costliest unit
            targets.sort(key=lambda t: (-st.units[t].card.cost, t))  # type: ignore[index]
        play_support(st, 1, iid, targets[0], events)
        placed += 1
        st.log_ai(f"12.4 Deployment: {BAND_NAME[b]} priority {pr}, support {sc.name}", events)
    # remaining AP: upgrades, costliest units first (§12.4)
    for u in sorted(st.side_units(1), key=lambda x: (-x.card.cost, x.iid)):
        have = {t.up.id for t in u.tokens}
        for up in u.card.upgrades:
            tok = st.db.upgrades[up]
            if up not in have and tok.cost <= st.ap[1] and len(u.tokens) < 2 + len(u.card.free):
                st.ap[1] -= tok.cost
                u.tokens.append(st.new_token(up))
                st.log_ai(f"12.4 Deployment: spare AP, {tok.name} for {u.card.name}", events)
                break


def placement(st: PacificState, pierce: int, spaces: list[int], b: str) -> tuple[int, str]:
    """§12.5 Confronted Units: the column of the costliest enemy it can damage, nearest first."""
    if b != "initial":
        foes = sorted(
            (u for u in st.side_units(0) if u.space >= 0 and pierce >= st.effective_armour(u)),
            key=lambda u: (-u.card.cost, -u.space),
        )
        for f in foes:
            col = f.space % grid.COLS
            best = min(spaces, key=lambda s: (abs(s % grid.COLS - col), s))
            return best, f"Confronted Units, column of {f.card.name}"
    covered = [s for s in range(grid.SPACES) if st.terrain[s] >= 0 and st.board[s] < 0]
    if covered:
        best = min(spaces, key=lambda s: (min(grid.distance(s, c) for c in covered), s))
        return best, "nearest to cover"
    return spaces[st.roll(len(spaces)) - 1] if len(spaces) > 1 else spaces[0], "at random (die roll)"


def movement(st: PacificState, b: str, events: list[Event]) -> None:
    """§12.6: from the AI's row 1 forward, towards the band's rows; wounded units roll."""
    from hulldown.games.pacific.rules import can_move, move_destinations, move_unit

    lo, hi = TARGET_ROWS[b]
    units = sorted((u for u in st.side_units(1) if u.space >= 0), key=lambda u: (grid.own_row(1, u.space), u.iid))
    for u in units:
        if u.iid not in st.units or not can_move(st, u):
            continue
        dests, _ = move_destinations(st, u)
        dests = [s for s in dests if st.board[s] < 0]
        if not dests:
            continue
        mode = "normal"
        threatened = any(
            e.side == 0 and e.space >= 0 and grid.distance(e.space, u.space) <= e.card.range for e in st.units.values()
        )
        if u.wounds and threatened:
            r = st.roll(10)
            if u.wounds == 1:
                mode = "back" if r <= 2 else "cover" if r <= 6 else "normal"
            else:
                mode = "back" if r <= 5 else "cover" if r <= 8 else "normal"
            st.log_ai(f"12.6 Wounded unit {u.card.name}: d10 {r}, {mode}", events)
        elif u.card.damage == 0 or "generates-ap" in u.card.tags:
            mode = "cover"
        else:
            danger = _unanswered_threats(st, u)
            if danger:  # §12.6: out of the range of an enemy no AI unit can damage
                safe = [s for s in dests if all(grid.distance(e.space, s) > e.card.range for e in danger)]
                if safe:
                    s = min(safe, key=lambda s: (-(1 if st.terrain[s] >= 0 else 0), grid.distance(s, u.space), s))
                    move_unit(st, u, s, events)
                    st.log_ai(
                        f"12.6 Movement: {u.card.name} to {grid.name(s)} (out of an unanswered enemy's range)", events
                    )
                    continue
        here = grid.own_row(1, u.space)
        if mode == "back":
            s = min(dests, key=lambda s: (grid.own_row(1, s), s))
            if grid.own_row(1, s) >= here:
                continue
        elif mode == "cover":
            cov = [s for s in dests if st.terrain[s] >= 0 and grid.distance(s, u.space) <= 1]
            if not cov:
                continue
            s = cov[0]
        else:
            if lo <= here <= hi:
                continue

            def score(s: int) -> tuple[int, int, int]:
                row = grid.own_row(1, s)
                off = 0 if lo <= row <= hi else min(abs(row - lo), abs(row - hi))
                return (off, -(1 if st.terrain[s] >= 0 else 0), s)

            s = min(dests, key=score)
            if score(s)[0] >= (0 if lo <= here <= hi else min(abs(here - lo), abs(here - hi))):
                continue
        move_unit(st, u, s, events)
        st.log_ai(f"12.6 Movement: {u.card.name} to {grid.name(s)} ({mode})", events)


def _unanswered_threats(st: PacificState, u: Unit) -> list[Unit]:
    """Enemy units that have ``u`` in range and that no AI unit's main weapon can damage (§12.6)."""
    out = []
    for e in st.units.values():
        if e.side == u.side or e.space < 0 or grid.distance(e.space, u.space) > e.card.range:
            continue
        if e.card.pierce < st.effective_armour(u) or e.card.damage == 0:
            continue
        armour = st.effective_armour(e)
        if not any(f.side == u.side and f.card.damage > 0 and f.card.pierce >= armour for f in st.units.values()):
            out.append(e)
    return out


def target_priority(st: PacificState, shooter: Unit, options: list[tuple[str, Any]]) -> tuple[str, str]:
    """§12.7: costly unit a standard hit destroys, the HQ, wounded units, units nearest the AI HQ, terrain."""
    best: tuple[Any, ...] | None = None
    choice = ("", "")
    for tid, atk in options:
        if tid == "hq":
            key: tuple[Any, ...] = (1, 0, 0)
            why = "HQ (priority 2)"
        elif tid.startswith("t"):
            key = (4, 0, 0)
            why = "terrain (priority 5)"
        else:
            e = st.units[int(tid[1:])]
            if atk.damage >= e.hp - e.wounds:
                key = (0, -e.card.cost, atk.hit)
                why = f"{e.card.name}: destroyed by a standard hit (priority 1)"
            elif e.wounds:
                key = (2, atk.hit, 0)
                why = f"{e.card.name}: wounded (priority 3)"
            else:
                d = grid.hq_distance(shooter.side, e.space) if e.space >= 0 else 99
                key = (3, d, atk.hit, 0 if e.attacked_by else 1)
                why = f"{e.card.name}: nearest the AI HQ (priority 4)"
        if best is None or key < best:
            best, choice = key, (tid, why)
    return choice


def shooting(st: PacificState, events: list[Event]) -> None:
    """§12.7: farthest forward first, costliest first on ties; main weapon, then tokens."""
    from hulldown.games.pacific.rules import fire, fire_targets, shots_left

    order = sorted(
        (u for u in st.side_units(1) if u.space >= 0),
        key=lambda u: (-grid.own_row(1, u.space), -u.card.cost, u.iid),
    )
    order += [u for u in st.side_units(1) if u.space == HQ_SPACE and u.card.damage > 0]
    for u in order:
        for k in [-1, *range(len(u.tokens))]:
            while u.iid in st.units and not st.over:
                if k < 0:
                    if u.card.damage == 0 or shots_left(u) <= 0 or u.no_fire:
                        break
                else:
                    t = u.tokens[k]
                    if t.used or t.spent or not t.up.is_weapon or u.space == HQ_SPACE:
                        break
                    if t.up.mount and not t.mounted:
                        t.mounted = True
                        t.mounted_turn = st.turn
                opts = []
                for tid, _ in fire_targets(st, u, k):
                    up = None if k < 0 else u.tokens[k].up
                    e = st.units.get(int(tid[1:])) if tid.startswith("u") else None
                    opts.append((tid, combat.numbers(st, u, up, e, shot_index=u.main_shots if k < 0 else 0)))
                if not opts:
                    break
                tid, why = target_priority(st, u, opts)
                st.log_ai(f"12.7 Shooting: {u.card.name} fires at {why}", events)
                fire(st, u, "main" if k < 0 else str(k), tid, events)
                if k >= 0:
                    break
            if st.pending_air is not None or st.over:
                return


def discard(st: PacificState, b: str, events: list[Event]) -> None:
    """§12.8: keep one or two cards per priority by the table, then up to 3 more, discard the rest."""
    hand = st.hands[1]
    keep: list[int] = []
    pri = {i: _wanted(st, b, st.cards[i]) for i in hand}
    per = {
        "initial": (1, 1, 1, True),
        "defense": (2, 1, 0, False),
        "secure": (1, 1, 1, True),
        "attack": (2, 1, 0, True),
    }[b]
    for level in (1, 2, 3):
        cands = sorted(
            (i for i in hand if pri[i] == level and st.unit_card(i) is not None),
            key=lambda i: (st.db.cost(st.cards[i]), i),
        )
        if per[3]:
            cands.reverse()
        keep += cands[: per[level - 1]]
    rest_units = sorted(
        (i for i in hand if i not in keep and not 1 <= pri[i] <= 3 and st.unit_card(i) is not None),
        key=lambda i: (st.db.cost(st.cards[i]), i),
    )
    rest_support = sorted(
        (i for i in hand if i not in keep and not 1 <= pri[i] <= 3 and st.unit_card(i) is None),
        key=lambda i: (st.db.cost(st.cards[i]), i),
    )
    keep += (rest_units + rest_support)[:3]
    for iid in list(hand):
        if iid not in keep:
            hand.remove(iid)
            st.discards[1].put_top(iid)
    st.log_ai(f"12.8 Discard: keep {len(keep)} cards", events)


def ai_air_reaction(st: PacificState, phase: str, events: list[Event]) -> None:
    """The obvious choice from the AI's side: intercept, escort and fire AA whenever it can."""
    from hulldown.games.pacific.rules import aa_units, air_fighters, air_step

    air = st.pending_air
    assert air is not None
    if phase == "intercept":
        f = air_fighters(st, air["def"])
        st.log_ai("12 Air: the AI intercepts" if f else "12 Air: no interceptor", events)
        air_step(st, "intercept" if f else "no-intercept", f[0] if f else -1, events)
    elif phase == "escort":
        f = air_fighters(st, 1 - air["def"], exclude=air["plane"])
        air_step(st, "escort" if f else "no-escort", f[0] if f else -1, events)
    else:
        a = aa_units(st)
        air_step(st, "aa" if a else "aa-done", a[0] if a else -1, events)


# ---------------------------------------------------------------- the agent
class SoloAIAgent:
    """The rulebook AI's priorities applied to a seat of an ordinary game (rules §12).

    It reads a resampled state (what the seat knows) and names the clause of each choice in
    ``last_reason``; ties are broken by its own seeded generator.
    """

    name = "solo-ai"

    def __init__(self, seat: int, seed: int = 0, **params: str) -> None:
        if params:
            raise TypeError(f"solo-ai takes no parameters (got {', '.join(params)})")
        self.seat = seat
        self.rng = SplitMix64(seed)
        self.last_reason = ""

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        st = view.resample(self.rng.next64())
        best: Action | None = None
        best_key: tuple[Any, ...] = ()
        for a in legal:
            key, why = self._score(st, a)
            key = (*key, self.rng.below(1000))  # ties by a die roll
            if best is None or key < best_key:
                best, best_key, self.last_reason = a, key, why
        assert best is not None
        return best

    def _score(self, st: Any, a: Action) -> tuple[tuple[int, ...], str]:
        from hulldown.games.pacific.rules import target_internal

        p = a.id.split(":")
        k = p[0]
        side = st.side_of(self.seat)
        if k == "keep":
            return (0,), "3.2 keep"
        if k == "bid":
            return (abs(int(p[1]) - 2),), "12.1 Initiative"
        if k == "terrain":
            return (0,), "12.1 Terrain"
        if k in ("deploy", "play"):
            cid = st.cards[hand_card(st, self.seat, p[1])]
            cost = st.db.cost(cid)
            pr = _wanted(st, "secure", cid)
            return (0, pr, -cost), f"12.4 Deployment priority {pr}"
        if k == "upgrade":
            return (1,), "12.4 spare AP upgrade"
        if k == "move":
            s = grid.parse(p[2])
            return (0, -grid.own_row(side, s), s), "12.6 Movement towards the front rows"
        if k == "fire":
            u = find_unit(st, p[1], side)
            tid = target_internal(st, u, p[2], p[3])
            if tid == "hq":
                return (0, 1), "12.7 priority 2: HQ"
            if tid.startswith("u"):
                e = st.units[int(tid[1:])]
                dmg = u.card.damage
                if dmg >= e.hp - e.wounds:
                    return (0, 0, -e.card.cost), "12.7 priority 1"
                return (0, 2 if e.wounds else 3, -e.card.cost), "12.7 priority 3/4"
            return (0, 5), "12.7 priority 5: terrain"
        if k == "discard":
            return (3,), "12.8 Discard"
        if k.endswith("done") or k in ("ta-pass", "no-escort", "no-intercept"):
            return (2,), "phase over"
        if k in ("intercept", "escort", "aa"):
            return (0,), "12 Air: the obvious choice"
        return (3,), "not used by the AI"
