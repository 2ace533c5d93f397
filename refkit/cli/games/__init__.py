"""The other games' command-line commands: one module per game, found here by the runner.

A game module defines ``register(commands)`` like the other command modules (``commands`` is the
``add_subparsers`` object); adding a game's commands means adding its module, nothing else. A
module with an underscore in its name (``widowers_tracker``) is a part of a game's module, which
registers it under its own command: it is not a command of its own.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def game_command_modules() -> tuple[ModuleType, ...]:
    """Every game command module in this package, by name (a stable ``--help`` order)."""
    import pkgutil  # not needed by ``refkit lookup``, which loads its own module alone

    names = sorted(
        info.name
        for info in pkgutil.iter_modules(__path__)
        if not info.ispkg and "_" not in info.name
    )
    return tuple(importlib.import_module(f"{__name__}.{name}") for name in names)
