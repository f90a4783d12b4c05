"""Action ids: bounded, readable, and one index each in the fixed action space (engine/tensor.py).

An id never names a card instance: cards in hand are named by their position in the hand
(``h1`` is the hand's lowest card instance, the order the observation lists them in), units on
the battlefield by their space (one unit per space, §1.4) and aircraft beside an HQ by their bay
(``a1``.. for the acting side's own, ``e1``.. for the enemy's). So every id the game can offer is
in :func:`all_action_ids`, whose order is the index layout of the RL action space:

====================  ===========================================================================
block                 ids (in this order)
====================  ===========================================================================
set-up                ``keep``, ``redraw``, ``bid:0..5``, ``terrain:<terrain>:<space>``,
                      ``terrain:<terrain>:<space>:<2|3>`` (Large Field), ``terrain-done``
                      (Starting Deployment uses the deployment block's ``deploy:``, ``upgrade:``)
headquarters          ``ta:<1..9>:<space>``, ``ta-pass``, ``lendlease:<1..11>``
deployment            ``deploy:h<k>:<space|hq>``, ``play:h<k>``, ``play:h<k>:<unit>``,
                      ``upgrade:<unit>:<token>``, ``board:h<k>:<space>``, ``give-ap``,
                      ``deploy-done``
movement              ``move:<space>:<space>``, ``ride:<space>:<space>``,
                      ``cover:<space>:<adjacent>``, ``assault:<space>:<adjacent>``,
                      ``advance:<space>``, ``sap:<space>:<adjacent>``, ``pickup:<space>``,
                      ``mount:<unit>:<k>``, ``smoke:<unit>:<k>``, ``load:<space>:<space>``,
                      ``fetch:<space>:<space>``, ``unload:<space>:<adjacent>``, ``move-done``
shooting              ``fire:<unit>:<main|k>:<space|e<k>|hq>``, ``heal:<space>:<space or adjacent>``,
                      ``shoot-done``
flip over, discard    ``dismount:<space>:<k>``, ``flip-done``, ``discard:h<k>``, ``discard-done``
air reactions         ``intercept:a<k>``, ``no-intercept``, ``escort:a<k>``, ``no-escort``,
                      ``aa:<space>``, ``aa-done``
smoke, token trade    ``no-smoke`` (§11.13), ``trade:<space>:<k>:<token>`` (§11.10)
====================  ===========================================================================

``<space>`` runs over the 48 spaces in row-major order (``1,1`` .. ``6,8``), ``<unit>`` over the
48 spaces then the bays ``a1..a8``, ``k`` over token positions ``0..3``, ``h<k>`` over hand
positions ``h1..h20`` and ``<token>`` over every upgrade token of the card data. A fire target
that is a space means the unit standing there, else the terrain card there, and for a Smoke Screen
token the space itself. A landing craft has no weapon of its own: ``fire:<its space>:...`` names
the weapons of the unit it carries (rules §15.5).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from hulldown.games.pacific import grid

if TYPE_CHECKING:
    from hulldown.games.pacific.state import PacificState
    from hulldown.games.pacific.units import Unit

#: Hand positions that can be named (rules §5.1): a hand never reaches 20 cards in practice
#: (7 after the Discard phase, 1 drawn, and each draw card adds at most one net card).
HAND_SLOTS = 20
#: Aircraft bays beside each HQ (rules §1.2, reconstructed bound).
BAYS = 8
#: Upgrade tokens a unit can hold: one free token and two bought ones (§5.2), one picked up.
TOKENS = 4
MAX_BID = 5
MAX_TA = 9
MAX_LENDLEASE = 11

SPACE_NAMES = tuple(grid.name(s) for s in range(grid.SPACES))
HAND_REFS = tuple(f"h{k + 1}" for k in range(HAND_SLOTS))
OWN_BAYS = tuple(f"a{k + 1}" for k in range(BAYS))
ENEMY_BAYS = tuple(f"e{k + 1}" for k in range(BAYS))
UNIT_REFS = SPACE_NAMES + OWN_BAYS


def hand_ref(st: PacificState, slot: int, iid: int) -> str | None:
    """``h<k>``: the card's position in the sorted hand, or None past the nameable positions."""
    k = sorted(st.hands[slot].cards).index(iid)
    return HAND_REFS[k] if k < HAND_SLOTS else None


def hand_card(st: PacificState, slot: int, ref: str) -> int:
    """The card instance a hand position names (raises ValueError on a bad reference)."""
    if not ref.startswith("h"):
        raise ValueError(ref)
    return sorted(st.hands[slot].cards)[int(ref[1:]) - 1]


def unit_ref(u: Unit, side: int) -> str:
    """How the acting ``side`` names unit ``u``: its space, or its bay beside an HQ."""
    if u.space >= 0:
        return SPACE_NAMES[u.space]
    return f"a{u.bay}" if u.side == side else f"e{u.bay}"


def find_unit(st: PacificState, ref: str, side: int) -> Unit:
    """The unit a reference names for the acting ``side`` (KeyError/ValueError if none)."""
    c = ref[0]
    if c in "ae":
        want_side = side if c == "a" else 1 - side
        bay = int(ref[1:])
        for u in st.units.values():
            if u.space < 0 and u.side == want_side and u.bay == bay:
                return u
        raise KeyError(ref)
    uid = st.board[grid.parse(ref)]
    if uid < 0:
        raise KeyError(ref)
    return st.units[uid]


@lru_cache(maxsize=4)
def all_action_ids(terrain_ids: tuple[str, ...], token_ids: tuple[str, ...]) -> tuple[str, ...]:
    """Every action id the game can offer, in the fixed order documented above."""
    sp = SPACE_NAMES
    adj = [[sp[n] for n in grid.NEIGH[s]] for s in range(grid.SPACES)]
    out: list[str] = ["keep", "redraw", *(f"bid:{n}" for n in range(MAX_BID + 1))]
    out += [f"terrain:{t}:{s}" for t in terrain_ids for s in sp]
    out += [f"terrain:{t}:{s}:{w}" for t in terrain_ids for s in sp for w in (2, 3)]  # §11.11
    out.append("terrain-done")
    out += [f"ta:{n}:{s}" for n in range(1, MAX_TA + 1) for s in sp]
    out.append("ta-pass")
    out += [f"lendlease:{n}" for n in range(1, MAX_LENDLEASE + 1)]
    out += [f"deploy:{h}:{s}" for h in HAND_REFS for s in (*sp, "hq")]
    out += [f"play:{h}" for h in HAND_REFS]
    out += [f"play:{h}:{u}" for h in HAND_REFS for u in UNIT_REFS]
    out += [f"upgrade:{u}:{t}" for u in UNIT_REFS for t in token_ids]
    out += [f"board:{h}:{s}" for h in HAND_REFS for s in sp]
    out += ["give-ap", "deploy-done"]
    out += [f"move:{a}:{b}" for a in sp for b in sp if a != b]
    out += [f"ride:{a}:{b}" for a in sp for b in sp if a != b]
    for kind in ("cover", "assault"):
        out += [f"{kind}:{sp[s]}:{b}" for s in range(grid.SPACES) for b in adj[s]]
    out += [f"advance:{s}" for s in sp]
    out += [f"sap:{sp[s]}:{b}" for s in range(grid.SPACES) for b in adj[s]]
    out += [f"pickup:{s}" for s in sp]
    out += [f"mount:{u}:{k}" for u in UNIT_REFS for k in range(TOKENS)]
    out += [f"smoke:{u}:{k}" for u in UNIT_REFS for k in range(TOKENS)]
    out += [f"load:{a}:{b}" for a in sp for b in sp if a != b]
    out += [f"fetch:{a}:{b}" for a in sp for b in sp if a != b]
    out += [f"unload:{sp[s]}:{b}" for s in range(grid.SPACES) for b in adj[s]]
    out.append("move-done")
    weapons = ("main", *(str(k) for k in range(TOKENS)))
    targets = (*sp, *ENEMY_BAYS, "hq")
    out += [f"fire:{u}:{w}:{t}" for u in UNIT_REFS for w in weapons for t in targets]
    out += [f"heal:{sp[s]}:{b}" for s in range(grid.SPACES) for b in (sp[s], *adj[s])]
    out.append("shoot-done")
    out += [f"dismount:{s}:{k}" for s in sp for k in range(TOKENS)]
    out += ["flip-done", *(f"discard:{h}" for h in HAND_REFS), "discard-done"]
    out += [f"intercept:{b}" for b in OWN_BAYS]
    out.append("no-intercept")
    out += [f"escort:{b}" for b in OWN_BAYS]
    out.append("no-escort")
    out += [f"aa:{s}" for s in sp]
    out.append("aa-done")
    out.append("no-smoke")  # §11.13 (the reaction's ``smoke:`` ids are the movement block's)
    out += [f"trade:{s}:{k}:{t}" for s in sp for k in range(TOKENS) for t in token_ids]  # §11.10
    return tuple(out)
