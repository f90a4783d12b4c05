"""The engine's version, written into every record (kept apart so records need nothing else)."""

__version__ = "0.1.0"
