"""Views as JSON, the server's largest and most frequent output, written by orjson.

This is the one place the server turns observations into JSON: every view,
websocket push and replay step goes through :func:`dumps`. An observation is
the game's declared TypedDict (engine/observation.py), plain dicts, lists,
tuples, strings, numbers and ``None`` at run time, which orjson writes as is.

Every action's answer and every websocket push is a view; late in a long game one
is tens of kilobytes. The standard library's encoder took about a tenth of the
event loop in a soak of a hundred games; orjson writes the same JSON (compact,
integer keys as strings) several times faster.
"""

from __future__ import annotations

from typing import Any

import orjson
from fastapi.responses import JSONResponse

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> bytes:
    """``value`` as UTF-8 JSON (a float that is not finite becomes null; views hold none)."""
    return orjson.dumps(value, option=_OPTIONS)


class ViewResponse(JSONResponse):
    """A JSON answer written by orjson."""

    def render(self, content: Any) -> bytes:
        return dumps(content)
