"""The web service: the authority for every game played in a browser.

Rules run only here; each browser receives its own seat's observation and
nothing else. See docs/web.md.
"""

from hulldown.server.app import create_app

__all__ = ["create_app"]
