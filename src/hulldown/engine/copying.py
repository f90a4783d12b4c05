"""Cloning a game state from a declaration of its fields, not a hand-written copy.

Search clones states millions of times, so a clone must copy exactly what
later steps mutate and share everything else. A game declares, once, how each
of its fields is copied; :func:`copier` writes the copying function from that
declaration (as plain assignments, as fast as hand-written code), so adding a
field means adding one line to the declaration and a forgotten field fails at
class creation instead of corrupting a search.

Kinds:

- ``share``: immutable, or replaced and never mutated in place (ints, strings,
  tuples, frozen tables, rules objects);
- ``list``, ``dict``, ``set``: a shallow copy of the container;
- ``lists``: a list of lists (or of other containers with ``copy()``), copied
  one level deeper; ``pair``: the same for exactly two (one per seat of a
  two-player game), written out, which a search's clones feel;
- ``copy``: the value's own ``copy()`` (zones, bit boards, small mutable objects);
- ``values``: a dict whose values are copied with their own ``copy()`` (units by id);
- ``optional``: ``copy`` for a field that may be ``None`` (a pending reaction).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

_TEMPLATES = {
    "share": "new.{f} = self.{f}",
    "list": "new.{f} = self.{f}[:]",
    "dict": "new.{f} = self.{f}.copy()",
    "set": "new.{f} = self.{f}.copy()",
    "copy": "new.{f} = self.{f}.copy()",
    "lists": "new.{f} = [x.copy() for x in self.{f}]",
    "pair": "x = self.{f}; new.{f} = [x[0].copy(), x[1].copy()]",
    "values": "new.{f} = {{k: v.copy() for k, v in self.{f}.items()}}",
    "optional": "x = self.{f}; new.{f} = None if x is None else x.copy()",
}

CopyInto = Callable[[Any, Any], None]


def copier(fields: Mapping[str, str], *, name: str = "_copy_into") -> CopyInto:
    """A function ``(self, new)`` that copies ``fields`` from ``self`` into the bare clone ``new``."""
    lines = [f"def {name}(self, new):"]
    for field, kind in fields.items():
        if not field.isidentifier():
            raise ValueError(f"{field!r} is not a field name")
        template = _TEMPLATES.get(kind)
        if template is None:
            raise ValueError(f"field {field}: unknown copy kind {kind!r} (kinds: {', '.join(_TEMPLATES)})")
        lines.append("    " + template.format(f=field))
    if len(lines) == 1:
        lines.append("    pass")
    namespace: dict[str, Any] = {}
    exec(compile("\n".join(lines), f"<copier {name}>", "exec"), namespace)
    fn: CopyInto = namespace[name]
    return fn


def class_fields(klass: type) -> tuple[str, ...]:
    """The fields a class itself lists: its ``__slots__``, or compiled by mypyc (which drops them), its
    ``__mypyc_attrs__`` (which also name its bases' fields)."""
    names = vars(klass).get("__slots__", ()) or vars(klass).get("__mypyc_attrs__", ())
    return (names,) if isinstance(names, str) else tuple(names)


def declared_slots(cls: type) -> list[str]:
    """Every slot the class and its bases below the kernel declare: what a copy declaration must cover."""
    out: list[str] = []
    kernel: set[str] = {"__dict__", "__weakref__"}
    for klass in cls.__mro__:
        if klass.__module__.startswith("hulldown.engine"):
            kernel.update(class_fields(klass))
            break
        for slot in class_fields(klass):
            if slot not in out:
                out.append(slot)
    return [slot for slot in out if slot not in kernel]
