"""The other games' command-line commands: one module per game, found here by the runner.

A game module defines ``register(commands)`` like the other command modules (``commands`` is the
``add_subparsers`` object); adding a game's commands means adding its module, nothing else. A
game's parts, which its module registers under its own command, are never commands of their own:
they go in a package (``trackers``, ``warcrow_parts``) or a module with an underscore in its name.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def game_command_modules() -> tuple[ModuleType, ...]:
    """Every game command module in this package, by name (a stable ``--help`` order).

    A package or a module with an underscore in its name is a part of a game's commands,
    registered by that game under its own command: registering it again at the top would add a
    second ``tracker`` command and break the whole parser (``refkit --help``)."""
    import pkgutil  # not needed by ``refkit lookup``, which loads its own module alone

    names = sorted(
        info.name
        for info in pkgutil.iter_modules(__path__)
        if not info.ispkg and "_" not in info.name
    )
    return tuple(importlib.import_module(f"{__name__}.{name}") for name in names)
