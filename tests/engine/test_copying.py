"""Every copy kind of a declared copy (engine/copying.py) copies exactly as deep as it says."""

from __future__ import annotations

from types import SimpleNamespace

from hulldown.engine.copying import copier


class _Box:
    def __init__(self, items: list[int]) -> None:
        self.items = items

    def copy(self) -> _Box:
        return _Box(list(self.items))


def test_values_copies_each_value_and_optional_keeps_none() -> None:
    copy = copier({"units": "values", "pending": "optional", "later": "optional", "table": "share"})
    box = _Box([1])
    old = SimpleNamespace(units={3: box}, pending=None, later={"a": 1}, table=(1, 2))
    new = SimpleNamespace()
    copy(old, new)
    assert new.units is not old.units and new.units[3] is not box and new.units[3].items == [1]
    assert new.pending is None
    assert new.later == {"a": 1} and new.later is not old.later
    assert new.table is old.table
