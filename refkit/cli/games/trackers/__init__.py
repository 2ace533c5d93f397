"""The trackers kept in the campaign for the game commands (``refkit krynn tracker …``): a
package, so the game-command finder (which takes every module beside it) passes them by.

What every game's ``tracker`` command shares lives here: its actions' parsers, reading the
stored tracker, and doing one undoable step on it through ``Services.do``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from refkit.cli.errors import CliError
from refkit.cli.parsing import add_json_flag

if TYPE_CHECKING:
    from refkit.app.games.tracker_table import TrackerModel, TrackerTable
    from refkit.app.versioned import StateValues

Result = tuple[dict[str, Any], str]
Handler = Callable[[argparse.Namespace], Result]
AddAction = Callable[[str, str, Handler], Any]
M = TypeVar("M", bound="TrackerModel")


def tracker_command(parent: Any, help_text: str) -> AddAction:
    """Add the ``tracker`` command to ``parent`` (a game's ``add_subparsers`` object); returns
    ``action(name, help, handler)``, which adds one of its actions (with ``--json``) and gives
    that action's parser for its own arguments."""
    tracker = parent.add_parser("tracker", help=help_text)
    steps = tracker.add_subparsers(dest="tracker_action", metavar="ACTION", required=True)

    def action(name: str, help_of: str, handler: Handler) -> Any:
        parser = steps.add_parser(name, help=help_of)
        add_json_flag(parser)
        parser.set_defaults(handler=handler)
        return parser

    return action


def read_tracker(
    args: argparse.Namespace, open_table: Callable[[StateValues], TrackerTable[M]]
) -> M:
    """The stored tracker; what keeps it from being read is said as it is."""
    from refkit.cli.services import command_services

    with command_services(args) as services:
        table = open_table(services.versioned_meta)
        try:
            return table.read()[0]
        except table.error as problem:
            raise CliError(str(problem)) from None


def step_tracker(
    args: argparse.Namespace,
    open_table: Callable[[StateValues], TrackerTable[M]],
    where: str,
    text: str,
    change: Callable[[M], M],
) -> M:
    """Make and do the step ``text`` on the stored tracker; the tracker after it. A refusal is
    said after ``where`` (the command), nothing written."""
    from refkit.cli.services import command_services

    with command_services(args) as services:
        table = open_table(services.versioned_meta)
        try:
            step = table.step(text, change)
        except table.error as problem:
            raise CliError(f"{where}: {problem}") from None
        services.do(step)
        return table.read()[0]


def given_counters(args: argparse.Namespace, names: tuple[str, ...], where: str) -> dict[str, int]:
    """The counters among ``names`` (``stress_max`` for ``--stress-max``) given on the command
    line; none given is refused, naming the options after ``where``."""
    values = {name: getattr(args, name) for name in names if getattr(args, name) is not None}
    if not values:
        options = [f"--{name.replace('_', '-')}" for name in names]
        raise CliError(f"{where}: give {', '.join(options[:-1])} or {options[-1]}")
    return values
