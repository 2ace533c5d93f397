"""When a real Refkit window started by the ``start_app`` fixture counts as ready."""

from __future__ import annotations

OPEN_TIMEOUT_MS = 20_000
"""How long a test waits for a real window's database to open (a loaded CI machine is slow)."""


def characters_docked(app: object) -> bool:
    """Ready: the database is open and the character panels are docked."""
    return getattr(app, "character_panels", None) is not None


def roll_log_open(app: object) -> bool:
    """Ready: the database is open and the roll log can take rolls."""
    return getattr(app, "service", None) is not None


def open_or_asking(app: object) -> bool:
    """Ready: either the database opened or the app asks how to go on without it."""
    return characters_docked(app) or getattr(app, "open_dialog", None) is not None
