"""The dungeon's EN toggles on the commands that make an encounter check (``dt end``, ``dt noise``,
``dt rest check``), as ``encounter`` has them."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def add_en_toggles(parser: argparse.ArgumentParser) -> None:
    """``--crowded``/``--chaos`` (and ``--no-…``): the dungeon's EN toggles (L433), set for this
    check and kept for the next ones, as the window's toggles are; left out, they stay as set."""
    parser.add_argument(
        "--crowded",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a crowded dungeon level: EN −1 (kept until --no-crowded)",
    )
    parser.add_argument(
        "--chaos",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="chaos left behind: EN −1 (kept until --no-chaos)",
    )


def with_en_toggles(services: Any, args: argparse.Namespace, check: Callable[[], T]) -> T:
    """``check()`` after the EN toggles given, both in the command's one unit of work: kept
    together, or (when the check is refused) neither."""
    if args.crowded is not None or args.chaos is not None:
        services.dungeon_clock.set_encounter_toggles(crowded=args.crowded, chaos=args.chaos)
    return check()
