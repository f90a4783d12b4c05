"""§12.4 Deployment tables: the priority lines of each behaviour, the upgrades they ask for
and the purchase of upgrade tokens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hulldown.engine import Event, public
from hulldown.games.pacific.solo.s12_00_common import audited
from hulldown.games.pacific.solo.words import Said, note
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


#: §12.4 deployment priorities: (card kind, upgrade) per table and band. Kinds: a unit type,
#: ``transport-shooting`` (a transport with a main weapon), ``transport-mobile`` (and Mobility),
#: ``transport-infantry`` (Transport ability, deployed with an infantry card of the hand on board),
#: ``transport-tow`` (Tow, with an artillery card), ``transport-infantry-or-tow`` (infantry if it
#: can, else towed artillery), ``aircraft``, ``support-attack``, ``support-defence``,
#: ``support-damage``, ``support`` (any). Upgrades: ``""`` none,
#: ``offensive``/``defensive``/``either``/``two-offensive`` compulsory (bought with the unit; on a
#: transport line, with its infantry), the same with ``?`` potential ("if possible": bought at the
#: end of the phase with spare AP).
PRIORITIES: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    "variable": {
        "initial": (("infantry", "offensive?"), ("artillery", ""), ("tank", "")),
        "low": (("artillery", ""), ("infantry", "defensive"), ("tank", ""), ("support-defence", "")),
        "mid": (("infantry", "offensive"), ("tank", "offensive?"), ("artillery", ""), ("transport-shooting", ""),
                ("support-attack", "")),
        "high": (("tank", "offensive?"), ("transport-infantry-or-tow", "offensive?"), ("transport-shooting", "any?"),
                 ("aircraft", ""), ("support-attack", "")),
    },
    "offensive": {
        "initial": (("tank", ""), ("infantry", "offensive?"), ("transport-mobile", "")),
        "low": (("infantry", "offensive?"), ("tank", ""), ("artillery", "any?"), ("support-attack", "")),
        "mid": (("tank", ""), ("transport-infantry", "offensive"), ("infantry", "offensive"), ("aircraft", ""),
                ("support-damage", "")),
        "high": (("tank", "two-offensive"), ("transport-infantry", "offensive?"), ("support-damage", ""),
                 ("transport-shooting", "any?"), ("aircraft", "")),
    },
    "defensive": {
        "initial": (("artillery", ""), ("infantry", "defensive"), ("tank", "")),
        "low": (("infantry", "defensive?"), ("artillery", "any?"), ("tank", ""), ("support-defence", "")),
        "mid": (("artillery", "defensive"), ("infantry", "either"), ("support-defence", ""), ("tank", "defensive?"),
                ("aircraft", "")),
        "high": (("transport-tow", ""), ("transport-shooting", ""), ("tank", "defensive?"),
                 ("support-attack", ""), ("aircraft", "")),
    },
}  # fmt: skip


#: §12.14 Defensive Overcome, line 3: "Tank with a defensive upgrade, or, otherwise, an offensive
#: upgrade" is compulsory (no "if possible"); the legacy procedure bought a defensive one if it could.
_OVERCOME_TANK = ("tank", "defensive-else-offensive")


def lines(st: PacificFields, table: str, b: str) -> tuple[tuple[str, str], ...]:
    """§12.4 The priority lines of the behaviour (the audited ones unless ``ai_procedure`` is legacy)."""
    out = PRIORITIES[table][b]
    if table == "defensive" and b == "high" and audited(st):
        out = tuple(_OVERCOME_TANK if line == ("tank", "defensive?") else line for line in out)
    return out


#: support effects by the rulebook's kinds (§12.4 "boosts attack" / "boosts defence" / damage)
ATTACK_EFFECTS = {"accuracy-turn", "extra-attack-turn", "extra-attack-perm", "damage-bonus-turn", "assault-bonus",
                  "promotion", "mp-turn", "mp-infantry-turn", "drain-ap"}  # fmt: skip


DEFENCE_EFFECTS = {"evasion-perm", "evasion-guard", "hp-perm", "hero", "suppress", "immobilize"}


DAMAGE_EFFECTS = {"attack"}


#: §12.4 the deployment table's name of each behaviour
DEPLOY_NAME = {
    "variable": {"initial": "Start", "low": "Defense", "mid": "Secure", "high": "Attack"},
    "offensive": {"initial": "Start", "low": "Suppressive Fire", "mid": "Reinforce", "high": "Fire Power"},
    "defensive": {"initial": "Start", "low": "Containment Fire", "mid": "Hold", "high": "Overcome"},
}


def _support_kind(effect: str) -> str:
    """§12.4 The deployment table's kind of a support card by its effect."""
    if effect in ATTACK_EFFECTS:
        return "support-attack"
    if effect in DEFENCE_EFFECTS:
        return "support-defence"
    if effect in DAMAGE_EFFECTS:
        return "support-damage"
    return "support"


def _matches(st: PacificFields, kind: str, upgrade: str, cid: str) -> bool:
    """§12.4 Does the card fit a line of the deployment table (a compulsory upgrade must exist)?"""
    s = st.db.support.get(cid)
    if s is not None:
        return kind == "support" or (kind.startswith("support") and _support_kind(s.effect) == kind)
    u = st.db.units[cid]
    if kind == "aircraft" or u.type == "aircraft":
        return kind == "aircraft" and u.type == "aircraft"
    if kind == "transport-shooting":
        ok = u.type == "transport" and u.damage > 0
    elif kind == "transport-mobile":
        ok = u.type == "transport" and u.damage > 0 and "mobility" in u.tags
    elif kind == "transport-infantry":
        return u.type == "transport" and "transport" in u.tags
    elif kind == "transport-tow":
        return u.type == "transport" and "tow" in u.tags
    elif kind == "transport-infantry-or-tow":
        return u.type == "transport" and ("transport" in u.tags or "tow" in u.tags)
    else:
        ok = u.type == kind
    if ok and upgrade and not upgrade.endswith("?"):
        need = 2 if upgrade == "two-offensive" else 1
        ok = len(upgrade_options(st, u.upgrades, upgrade, set())) >= need
    return ok


def upgrade_options(st: PacificFields, options: tuple[str, ...], wish: str, have: set[str]) -> list[str]:
    """§12.4 The upgrades of the wished kind (offensive, defensive, either, any) not yet carried."""
    w = wish.rstrip("?")
    if w == "defensive-else-offensive":  # §12.14: a defensive upgrade, otherwise an offensive one
        return upgrade_options(st, options, "defensive", have) or upgrade_options(st, options, "offensive", have)
    out = []
    for up in options:
        tok = st.db.upgrades[up]
        if up in have or tok.optional_rule:
            continue
        if (
            w == "any"
            or (w in ("offensive", "two-offensive") and tok.offensive)
            or (w == "defensive" and tok.defensive)
            or (w == "either" and (tok.offensive or tok.defensive))
        ):
            out.append(up)
    return out


def priority(st: PacificFields, table: str, b: str, cid: str) -> int:
    """§12.4 Priority of a card under the behaviour (0: generates AP or an HQ bonus; 9: not wanted)."""
    u = st.db.units.get(cid)
    if u is not None and ("generates-ap" in u.tags or "synergy" in u.tags):
        return 0
    s = st.db.support.get(cid)
    if s is not None and s.effect in ("ap-per-turn", "hq-armour", "gain-ap"):
        return 0
    for i, (kind, up) in enumerate(lines(st, table, b)):
        if _matches(st, kind, up, cid):
            return i + 1
    return 9


def compulsory_upgrades(st: PacificFields, cid: str, wish: str) -> list[str]:
    """§12.4: compulsory upgrades, the costliest (equal costs: a die roll)."""
    if not wish or wish.endswith("?") or cid not in st.db.units:
        return []
    opts = upgrade_options(st, st.db.units[cid].upgrades, wish, set())
    out: list[str] = []
    for _ in range(2 if wish == "two-offensive" else 1):
        rest = [o for o in opts if o not in out]
        if not rest:
            break
        top = max(st.db.upgrades[o].cost for o in rest)
        best = [o for o in rest if st.db.upgrades[o].cost == top]
        out.append(best[st.roll(len(best)) - 1] if len(best) > 1 else best[0])
    return out


def bought_tokens(u: Unit) -> int:
    """§5.2 The upgrade tokens bought for the unit (its printed ones are free)."""
    return sum(1 for t in u.tokens if t.up.id not in u.card.free)


def buy_token(st: PacificFields, u: Unit, up: str, said: Callable[[str, str], Said], events: list[Event]) -> None:
    """§12.4 The AI pays for upgrade token ``up`` on ``u`` and logs the clause that chose it
    (``said`` makes that line of the token's and the unit's names)."""
    tok = st.new_token(up)
    st.ap[1] -= tok.up.cost
    u.tokens.append(tok)
    events.append(public("upgrade", unit=u.iid, token=tok.up.name))
    note(st, said(tok.up.name, u.card.name), events)


def buy_upgrade(st: PacificFields, u: Unit, wish: str, label: Said, events: list[Event], pick: str = "") -> bool:
    """§12.4 Buy one affordable upgrade of the wished kind (the costliest; equal costs by a die roll)."""
    if bought_tokens(u) >= 2:
        return False
    have = {t.up.id for t in u.tokens}
    opts = [pick] if pick else upgrade_options(st, u.card.upgrades, wish, have)
    opts = [o for o in opts if st.db.upgrades[o].cost <= st.ap[1]]
    if not opts:
        return False
    top = max(st.db.upgrades[o].cost for o in opts)
    best = [o for o in opts if st.db.upgrades[o].cost == top]
    chosen = best[st.roll(len(best)) - 1] if len(best) > 1 else best[0]
    buy_token(st, u, chosen, lambda token, unit: Said.of("ai.upgrade", label=label, token=token, unit=unit), events)
    return True
