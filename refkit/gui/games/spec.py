"""What a game's GUI package gives the app (``GAME_PANEL``) and what the app gives it back."""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget

from refkit.app.versioned import StateValues
from refkit.dice.records import RollRecord


def _no_database() -> StateValues | None:
    return None


def _at_once(callback: Callable[[], None]) -> None:
    callback()


@dataclass(frozen=True)
class GameContext:
    """What a game panel may use: a random source (seeded when a seed is given), the clock
    that stamps a roll, and the roll log every roll lands in; for a tracker kept in the
    database, the window's undo stack (every change a step on it), the open database's
    versioned values (None until it is open) and ``when_ready`` (calls back once it is)."""

    make_rng: Callable[[int | None], random.Random]
    now: Callable[[], datetime]
    log_roll: Callable[[RollRecord], object]
    undo_stack: QUndoStack | None = None
    state_values: Callable[[], StateValues | None] = field(default=_no_database)
    when_ready: Callable[[Callable[[], None]], None] = field(default=_at_once)
    follow_changes: Callable[..., None] = field(default=lambda *_args, **_kwargs: None)
    """``follow_changes(kinds, refresh, owner=widget)``: ``refresh()`` when another client (a
    second window, another laptop, the command line) changes the campaign's trackers."""


@dataclass(frozen=True)
class GamePanel:
    """A game's tab: its contract id (``warcrow``, ``widowers-wood`` …), its title, and the
    function that builds its widget (called once, when the tab is first shown)."""

    game_id: str
    title: str
    build: Callable[[GameContext], QWidget]


def discover_game_panels() -> tuple[GamePanel, ...]:
    """Every ``refkit.gui.games.<id>`` package's ``GAME_PANEL``, ordered by title."""
    package = importlib.import_module("refkit.gui.games")
    panels: list[GamePanel] = []
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"refkit.gui.games.{info.name}")
        panel = getattr(module, "GAME_PANEL", None)
        if not isinstance(panel, GamePanel):
            raise TypeError(f"refkit.gui.games.{info.name} has no GAME_PANEL (a GamePanel)")
        panels.append(panel)
    return tuple(sorted(panels, key=lambda panel: panel.title.casefold()))
