"""§12.10 What the solo-ai agent reads of the ordinary actions' ids (the one place it does)."""

from __future__ import annotations


def _id_parts(action_id: str) -> list[str]:
    """§12.10 The colon-separated fields of an action id: its kind first (``deploy``, ``move``, ``fire``...),
    then that kind's fields in the order the id writes them (a hand reference, a space name, a
    weapon, a target)."""
    return action_id.split(":")


def _id(*parts: str) -> str:
    """§12.10 The id of the action whose kind and fields are ``parts``, in the order :func:`_id_parts` reads them."""
    return ":".join(parts)
