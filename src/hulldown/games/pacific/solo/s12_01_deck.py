"""§12.1 The AI deck: the player's deck's card types drawn from the AI army's type piles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.games.pacific.cards import barred_ids
from hulldown.games.pacific.solo.s12_00_common import scenario_field

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


REMOVED = ("general", "shrapnel", "lost", "in-need-of-support", "ambush")  # §12.1


TYPE_ORDER = ("infantry", "artillery", "tank", "transport", "support")


#: §12.1 the d10 extra cards
EXTRA = {1: (), 2: (), 3: ("infantry",), 4: ("artillery",), 5: ("tank",), 6: ("transport",), 7: ("support",),
         8: ("infantry", "transport"), 9: ("infantry", "support"), 10: ("infantry", "support")}  # fmt: skip


def card_type(st: PacificFields, cid: str) -> str:
    """§12.1 The type pile a card belongs to (aircraft count as support cards)."""
    u = st.db.units.get(cid)
    if u is None or u.type == "aircraft":
        return "support"
    return u.type


def easy_removed(st: PacificFields, cid: str) -> bool:
    """§12.13 The rulebook's easy game for beginners takes out of the AI's piles its aircraft, its
    artillery and tanks that cost more than 6 AP, and its mine cards."""
    u = st.db.units.get(cid)
    if u is None:
        return "mine" in cid
    return u.type == "aircraft" or (u.type in ("artillery", "tank") and u.cost > 6)


def build_ai_deck(st: PacificFields, counts: dict[str, int] | None = None) -> list[str]:
    """§12.1: cards of each type drawn from the AI army's shuffled type piles.

    ``counts`` (card type -> number) are a historical scenario's AI deck: taken as they are. Without
    them the scenario's ``ai_deck`` is used, and in a pitched battle the player's deck gives them
    (2 support cards per aircraft) plus the d10 extra cards.
    """
    db = st.db
    wanted = dict.fromkeys(TYPE_ORDER, 0)
    given = counts if counts is not None else scenario_field(st, "ai_deck")
    if given is not None:
        for t, n in dict(given).items():
            key = "support" if t == "aircraft" else t
            if key not in wanted or int(n) < 0:
                raise ValueError(f"AI deck: bad card type or count {t!r}: {n!r} (types: {', '.join(TYPE_ORDER)})")
            wanted[key] += int(n)
    else:
        for cid in (st.cards[i] for i in st.decks[0]):
            u = db.units.get(cid)
            if u is not None and u.type == "aircraft":
                wanted["support"] += 2
            else:
                wanted[card_type(st, cid)] += 1
        for t in EXTRA[st.roll(10)]:
            wanted[t] += 1
    army = st.armies[1]
    barred = barred_ids(db, str(st._options.get("bar_cards", "")))  # §3.6: the AI's deck goes without them too
    pool_ids = [c for c in sorted(db.army_pool(army)) if not any(c.endswith(r) for r in REMOVED) and c not in barred]
    if st._options["ai_difficulty"] == "easy":
        pool_ids = [c for c in pool_ids if not easy_removed(st, c)]
    base = db.decks["us-120" if army == "us" else "japan-120"]
    piles: dict[str, list[str]] = {t: [] for t in TYPE_ORDER}
    for cid in pool_ids:
        for _ in range(base.cards.get(cid, 1)):
            piles[card_type(st, cid)].append(cid)
    for t in TYPE_ORDER:
        st.shuffle(piles[t])
    out: list[str] = []
    for t in TYPE_ORDER:
        pile = piles[t]
        n = wanted[t]
        while n > 0:
            if not pile:  # a pile runs out: a fresh shuffled copy of the same type
                pile.extend(c for c in pool_ids if card_type(st, c) == t)
                if not pile:
                    break
                st.shuffle(pile)
            out.append(pile.pop())
            n -= 1
    st.ai_keep = [len(out)]
    return out
