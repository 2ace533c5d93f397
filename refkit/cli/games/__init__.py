"""The other games' command-line commands: one module per game, found here by the runner.

A game module defines ``register(commands)`` like the other command modules (``commands`` is the
``add_subparsers`` object); adding a game's commands means adding its module, nothing else. Its
parts go in modules named ``GAME_PART`` (``krynn_tracker``), which the game's module registers.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def game_command_modules() -> tuple[ModuleType, ...]:
    """Every game command module in this package, by name (a stable ``--help`` order).

    A module named after another one and an underscore (``krynn_tracker`` beside ``krynn``) is a
    part of that game's commands, registered by it under its own command, never a game of its
    own: registering it again at the top would add a second ``tracker`` command and break the
    whole parser (``refkit --help``)."""
    import pkgutil  # not needed by ``refkit lookup``, which loads its own module alone

    names = sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.ispkg)
    games = [name for name in names if not any(name.startswith(f"{other}_") for other in names)]
    return tuple(importlib.import_module(f"{__name__}.{name}") for name in games)
