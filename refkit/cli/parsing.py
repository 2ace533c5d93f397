"""argparse with the contract's manners: one ``error:`` line, exit 2, no usage dump."""

from __future__ import annotations

import argparse
from typing import NoReturn

from refkit.cli.errors import CliError


class ContractArgumentParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors become CliError instead of usage text and SystemExit."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("refkit").strip()
        where = f"{command}: " if command else ""
        raise CliError(f"{where}{message}")


def whole_number(text: str) -> int:
    """argparse type: a whole number, with a message that quotes what was typed."""
    try:
        return int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def int_pair(text: str) -> tuple[int, int]:
    """argparse type for 'Q,R' coordinates."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"{text!r} should be two whole numbers like 3,-2")
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} should be two whole numbers like 3,-2"
        ) from None


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
