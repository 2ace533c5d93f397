"""Side-based initiative (L593): each round one player rolls 1d10; on 6 or more the crows and their
allies act first, on 5 or less the enemies do. It is rolled again every round."""

from __future__ import annotations

from typing import Literal

from refkit.rules.checks.crows_test import check_die

Side = Literal["crows", "enemies"]
SIDES: tuple[Side, ...] = ("crows", "enemies")
CROWS_FIRST_FROM = 6


def first_side(die: int) -> Side:
    """The side that acts first this round, from the initiative d10."""
    check_die("the initiative die", die, 10)
    return "crows" if die >= CROWS_FIRST_FROM else "enemies"


def other_side(side: Side) -> Side:
    return "enemies" if side == "crows" else "crows"
