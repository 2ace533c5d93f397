"""Builds the ``refkit`` parser from the command modules and runs one command.

The options before the command are declared once, in :mod:`refkit.cli.launch`, which also decides
(for :mod:`refkit.main`) whether the arguments ask for the window at all.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time

from refkit import __version__
from refkit.cli.errors import CliError, StepConflictError
from refkit.cli.games import game_command_modules
from refkit.cli.launch import add_global_options
from refkit.cli.output import emit, error_line
from refkit.cli.parsing import ContractArgumentParser

TYPE_CHECKING = False  # as typing's: a quick command's path leaves typing unimported
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from types import ModuleType
    from typing import Any

STEP_ATTEMPTS = 8
"""How often a command is run when other programs keep saving what it was worked out from."""
RETRY_PAUSE_S = 0.05
"""The longest pause before the second try (it grows with each try)."""
_backoff = random.Random()

COMMAND_MODULES = (
    "crows_commands",
    "character_commands",
    "crow_build_commands",
    "dungeon_commands",
    "hazard_commands",
    "magic_commands",
    "table_commands",
    "combat_commands",
    "travel_commands",
    "export_commands",
    "db_commands",
    "campaign_commands",
    "town_commands",
)
"""The command modules of ``refkit.cli``, imported when the parser is built."""

COMMAND_HOMES = {
    "attack": "refkit.cli.combat_commands",
    "background": "refkit.cli.crow_build_commands",
    "backlash": "refkit.cli.magic_commands",
    "campaign": "refkit.cli.campaign_commands",
    "cast": "refkit.cli.magic_commands",
    "character": "refkit.cli.character_commands",
    "craft": "refkit.cli.crows_commands",
    "creature": "refkit.cli.combat_commands",
    "d100": "refkit.cli.crows_commands",
    "db": "refkit.cli.db_commands",
    "dt": "refkit.cli.dungeon_commands",
    "effect": "refkit.cli.dungeon_commands",
    "encounter": "refkit.cli.crows_commands",
    "export": "refkit.cli.export_commands",
    "fight": "refkit.cli.combat_commands",
    "greed": "refkit.cli.crows_commands",
    "hazard": "refkit.cli.hazard_commands",
    "krynn": "refkit.cli.games.krynn",
    "lookup": "refkit.cli.games.lookup",
    "map": "refkit.cli.travel_commands",
    "odds": "refkit.cli.crows_commands",
    "roll": "refkit.cli.crows_commands",
    "spell": "refkit.cli.magic_commands",
    "stworze": "refkit.cli.games.stworze",
    "table": "refkit.cli.table_commands",
    "test": "refkit.cli.crows_commands",
    "town": "refkit.cli.town_commands",
    "trait": "refkit.cli.crow_build_commands",
    "travel": "refkit.cli.travel_commands",
    "ud": "refkit.cli.crows_commands",
    "warcrow": "refkit.cli.games.warcrow",
    "widowers": "refkit.cli.games.widowers",
}
"""The module that registers each command: asked for one, only its module is loaded (the other
commands' modules — the rules engines, the store's vocabulary — take several times a bare
Python start to import, and ``refkit lookup`` or ``refkit test`` is typed to get an answer at
once). A command missing here still works, with every module loaded;
``tests/cli/test_command_homes.py`` keeps this complete."""


def command_modules(only: str | None = None) -> tuple[ModuleType, ...]:
    """Every command module, or only ``only``'s when it is a command of COMMAND_HOMES."""
    if only in COMMAND_HOMES:
        return (importlib.import_module(COMMAND_HOMES[only]),)
    modules = [importlib.import_module(f"refkit.cli.{name}") for name in COMMAND_MODULES]
    return (*modules, *game_command_modules())


def command_named(argv: Sequence[str]) -> str | None:
    """The command ``argv`` asks for: its first word that is not a global option (None when
    there is none, or an option comes first that the launcher does not know)."""
    words = iter(argv)
    for word in words:
        if word in ("--json", "--exit-after-paint"):
            continue
        if word == "--db":
            next(words, None)
            continue
        if word.startswith("--db="):
            continue
        return None if word.startswith("-") else word
    return None


def build_parser(only: str | None = None) -> ContractArgumentParser:
    parser = ContractArgumentParser(
        prog="refkit",
        description="Refkit: referee toolkit and character manager for Crows: Fortune or Death. "
        "With no command, opens the desktop app.",
    )
    parser.add_argument("--version", action="version", version=f"refkit {__version__}")
    add_global_options(parser)
    commands = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=ContractArgumentParser
    )
    for module in command_modules(only):
        # A module that lists its commands' registrations builds only the one asked for.
        register_one = getattr(module, "COMMAND_REGISTERS", {}).get(only)
        if register_one is not None:
            register_one(commands)
        else:
            module.register(commands)
    return parser


def run_cli(argv: Sequence[str]) -> int:
    parser = build_parser(command_named(argv))
    try:
        args = parser.parse_args(list(argv))
        handler = getattr(args, "handler", None)
        if handler is None:
            raise CliError("no command given; try 'refkit --help'")
        result, text = run_step(handler, args)
        emit(result, text, as_json=bool(getattr(args, "json", False)))
        return _exit_code(args)
    except CliError as problem:
        return _fail(str(problem), problem.exit_code)
    except ValueError as problem:
        return _fail(str(problem), 2)
    except OSError as problem:
        return _fail(_os_error_text(problem), 2)
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except Exception as problem:
        # A locked, full, read-only or damaged database: the store's DatabaseError says so in
        # plain words, never with SQL or its parameters. Imported only here, so commands that
        # need no database stay free of the store.
        from refkit.store.errors import DatabaseError

        if isinstance(problem, DatabaseError):
            return _fail(str(problem), 2)
        raise


def run_step(handler: Callable[[argparse.Namespace], Any], args: argparse.Namespace) -> Any:
    """``handler(args)``, run again on the fresh state while it loses a race with another
    program (StepConflictError) and wrote nothing: a command is worked out from the state as it
    reads it, so the user's intent ("1 damage to Tank Crow", "end the DT") applies just as well
    to the state the other program left. After STEP_ATTEMPTS tries, or when part of it was
    already written, the conflict is reported as it is."""
    for attempt in range(1, STEP_ATTEMPTS + 1):
        try:
            return handler(args)
        except StepConflictError as conflict:
            if not conflict.wrote_nothing or attempt == STEP_ATTEMPTS:
                raise
        # A short random pause, so two programs that collided do not collide again in step.
        time.sleep(_backoff.uniform(0.0, RETRY_PAUSE_S * attempt))
    raise AssertionError("unreachable: the last attempt returns or raises")


def _exit_code(args: argparse.Namespace) -> int:
    return int(getattr(args, "exit_code", 0) or 0)


def _os_error_text(problem: OSError) -> str:
    where = f" ({problem.filename})" if problem.filename else ""
    return f"{problem.strerror or problem}{where}"


def _fail(message: str, code: int) -> int:
    sys.stderr.write(error_line(message))
    return code
