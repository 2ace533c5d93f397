"""argparse with the contract's manners: one ``error:`` line, exit 2, no usage dump."""

from __future__ import annotations

import argparse
import os
import re
import sys

from refkit.cli.errors import CliError

TYPE_CHECKING = False  # as typing's: a quick command's path leaves typing unimported
if TYPE_CHECKING:
    from typing import Any, NoReturn, TypeAlias

LARGEST_WHOLE_NUMBER = 2**53 - 1
"""No option takes a whole number beyond this (either sign): every seed Refkit prints is below
it, it fits SQLite's integers, and a JSON reader keeps it exact."""

NEGATIVE_VALUE = re.compile(r"^-\d+(?:\.\d+)?(?:\s*,\s*-?\d+(?:\.\d+)?)*$")
"""What a negative value looks like: ``-5``, ``-2.5``, and pairs or lists like ``-2,0``."""


class ContractArgumentParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors become CliError instead of usage text and SystemExit.

    A word like ``-2,0`` after an option is its value, as ``-2`` is in plain argparse: the
    contract writes ``travel lost --from -2,0`` and ``dt adjust --minutes -5``.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # argparse takes a word for a value only if it matches this; its own pattern knows
        # ``-2`` but not ``-2,0``, so a negative Q,R coordinate was read as an unknown option.
        self._negative_number_matcher = NEGATIVE_VALUE

    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse makes a formatter for every add_argument (to check the metavar) and asks
        # shutil for the width each time; shutil loads its archive modules (bz2, lzma, zlib),
        # a tenth of a quick command's start. The width is worked out as shutil does.
        make: Any = self.formatter_class  # typeshed's protocol for it names only ``prog``
        formatter: argparse.HelpFormatter = make(prog=self.prog, width=terminal_columns())
        return formatter

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("refkit").strip()
        where = f"{command}: " if command else ""
        raise CliError(f"{where}{message}")


def terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size().columns`` gives it: ``COLUMNS`` when
    it is a positive number, else the width of standard output's terminal, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


if TYPE_CHECKING:
    Subcommands: TypeAlias = "argparse._SubParsersAction[ContractArgumentParser]"
else:
    Subcommands = "argparse._SubParsersAction[ContractArgumentParser]"
"""What ``add_subparsers`` returns on a ContractArgumentParser (its sub-parsers are of its class):
where each command module registers its commands."""


def whole_number(text: str) -> int:
    """argparse type: a whole number, with a message that quotes what was typed."""
    try:
        value = int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    return _in_bounds(value, text)


def _in_bounds(value: int, text: str) -> int:
    if abs(value) > LARGEST_WHOLE_NUMBER:
        raise argparse.ArgumentTypeError(
            f"{_clip(text)!r} is too large: a number here runs from "
            f"-{LARGEST_WHOLE_NUMBER} to {LARGEST_WHOLE_NUMBER}"
        )
    return value


def _clip(text: str, limit: int = 40) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def int_pair(text: str) -> tuple[int, int]:
    """argparse type for 'Q,R' coordinates."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"{text!r} should be two whole numbers like 3,-2")
    try:
        first, second = int(parts[0]), int(parts[1])
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} should be two whole numbers like 3,-2"
        ) from None
    return _in_bounds(first, text), _in_bounds(second, text)


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json",
        action="store_true",
        default=argparse.SUPPRESS,
        help="print exactly one JSON object on stdout",
    )


def add_seed(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seed", type=whole_number, metavar="S", help="seed the random source (repeatable)"
    )
