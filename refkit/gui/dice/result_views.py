"""How each kind of roll shows in the dice panel's result banner: a Crows test, a d100, usage
dice and a notation roll — the headline, what it means, the dice as chips and a note."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from refkit.gui.dice.widgets import ResultBanner, dice_chips
from refkit.present.test_text import word_result

if TYPE_CHECKING:
    from refkit.dice.notation import NotationRoll
    from refkit.present.test_setup import TestSetup
    from refkit.rules.checks.crows_test import TestResult
    from refkit.rules.checks.d100 import D100Roll
    from refkit.rules.usage_dice import UsageDiceRoll


def show_test(banner: ResultBanner, setup: TestSetup, result: TestResult) -> None:
    """A test: its words (one wording with the roll log and the CLI), the dice and the total."""
    # the words come from refkit.present (one wording with the roll log and the CLI); only
    # the dice chips and the bold total are the panel's own
    words = word_result(
        result,
        characteristic=setup.characteristic,
        bonus=setup.bonus,
        expertise_asked=setup.expertise,
        forced_by="unconscious" if setup.forced == "doom" else None,
        expertise_name=setup.expertise_name,
    )
    *steps, total = words.terms
    dice = " · ".join([dice_chips(result.dice), *steps, f"<b>{total}</b>"])
    note = words.note
    if setup.crow is not None:
        named = f"For {setup.crow}"
        note = f"{named}. {note}" if note else named
    banner.show_result(words.outcome, words.headline, words.meaning, dice, note)


def show_d100(banner: ResultBanner, roll: D100Roll) -> None:
    """A percentile roll and how its two dice read."""
    if roll.value == 100:
        reading = "two 10s read 100"
    else:
        reading = f"{roll.tens % 10} tens, {roll.ones % 10} ones"
    dice = f"tens die {dice_chips([roll.tens])} · ones die {dice_chips([roll.ones])} · {reading}"
    banner.show_result("neutral", f"d100: {roll.value}", "Percentile roll", dice)


def show_usage_dice(banner: ResultBanner, roll: UsageDiceRoll) -> None:
    """Usage dice: how many are left, the removed ones dimmed."""
    removed = {position for position, face in enumerate(roll.rolled) if face <= 2}
    if roll.after == 0:
        outcome, meaning = "doom", "Used up: no usage dice left"
    elif roll.after < roll.before:
        outcome = "tier2"
        lost = roll.before - roll.after
        meaning = f"{lost} {'die' if lost == 1 else 'dice'} removed"
    else:
        outcome, meaning = "tier3", "None removed"
    banner.show_result(
        outcome,
        f"Usage dice: {roll.before} → {roll.after}",
        meaning,
        dice_chips(roll.rolled, dim=removed),
        "Every 1 or 2 is removed",
    )


def show_notation(banner: ResultBanner, roll: NotationRoll) -> None:
    """A notation roll term by term, dropped dice struck through."""
    parts: list[str] = []
    for term in roll.terms:
        shown = (
            dice_chips(term.faces, dim=dropped_positions(term.faces, term.kept))
            if term.faces
            else str(abs(term.value))
        )
        if term.sign < 0:
            parts.append(f"− {shown}")
        else:
            parts.append(f"+ {shown}" if parts else shown)
    dropped = len(roll.dice) - len(roll.kept)
    note = (
        f"{dropped} {'die' if dropped == 1 else 'dice'} dropped (struck through)" if dropped else ""
    )
    banner.show_result(
        "neutral", f"{roll.expression} = {roll.total}", "Dice roll", " ".join(parts), note
    )


def dropped_positions(dice: Sequence[int], kept: Sequence[int]) -> set[int]:
    """Positions of ``dice`` missing from the multiset ``kept`` (dropped by keep-highest/lowest)."""
    remaining = list(kept)
    dropped: set[int] = set()
    for position, face in enumerate(dice):
        if face in remaining:
            remaining.remove(face)
        else:
            dropped.add(position)
    return dropped
