"""The context a game tab gets in tests: seeded dice, a fixed clock, and a list for the roll log."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, TypeVar

from refkit.dice.records import RollRecord
from refkit.gui.games.spec import GameContext

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from refkit.gui.shell.undo_adapter import RefkitUndoStack
    from refkit.store.database import Database

W = TypeVar("W", bound="QWidget")

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def fixed_context(
    log_roll: Callable[[RollRecord], object] = lambda record: None,
    *,
    default_seed: int = 0,
    now: datetime = NOON,
) -> GameContext:
    """A GameContext whose unseeded rolls use ``default_seed``, so a test's dice repeat."""
    return GameContext(
        make_rng=lambda seed: random.Random(default_seed if seed is None else seed),
        now=lambda: now,
        log_roll=log_roll,
    )


def stacked_context(db: Database) -> tuple[GameContext, RefkitUndoStack]:
    """A fixed context whose trackers are kept in ``db``, written through a window's undo stack
    (the runner, as in the app); no database once ``db`` is closed."""
    from refkit.gui.shell.undo_adapter import RefkitUndoStack
    from refkit.store.character_store import CharacterRepository

    stack = RefkitUndoStack()
    stack.write_with(None, db.unit_of_work, db.in_unit_of_work)
    base = fixed_context()
    context = GameContext(
        make_rng=base.make_rng,
        now=base.now,
        log_roll=base.log_roll,
        undo_stack=stack,
        state_values=lambda: None if db.closed else CharacterRepository(db),
    )
    return context, stack


def shown(qtbot: object, widget: W, width: int, height: int) -> W:
    """``widget`` at ``width`` x ``height`` on screen, closed with the test."""
    qtbot.addWidget(widget)  # type: ignore[attr-defined]
    widget.resize(width, height)
    widget.show()
    return widget
