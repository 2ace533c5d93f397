"""The context a game tab gets in tests: seeded dice, a fixed clock, and a list for the roll log."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime

from refkit.dice.records import RollRecord
from refkit.gui.games.spec import GameContext

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
