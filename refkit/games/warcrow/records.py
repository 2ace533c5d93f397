"""Warcrow rolls as roll-log records and their one-line outcomes, worded once for the panel and
the command line."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from refkit.dice.records import RollRecord
from refkit.games.warcrow.pool import Pool
from refkit.games.warcrow.resolve import AttributeTest, FaceToFace, States
from refkit.games.warcrow.roll import Roll
from refkit.games.warcrow.symbols import Symbol, Symbols

KIND = "warcrow"


def _plural(count: int, word: str, many: str) -> str:
    return f"{count} {word if count == 1 else many}"


def roll_outcome(symbols: Symbols, test: AttributeTest | None = None) -> str:
    """``Test passed: 2 Successes, 2 needed``, ``Test failed: 1 Block, 2 needed`` (a test that
    counts Blocks) or ``3 Successes``."""
    successes = _plural(symbols.success, "Success", "Successes")
    if test is None:
        return successes
    verdict = "passed" if test.passed else "failed"
    if test.symbol is Symbol.BLOCK:
        return f"Test {verdict}: {_plural(test.counted, 'Block', 'Blocks')}, {test.needed} needed"
    return f"Test {verdict}: {successes}, {test.needed} needed"


def versus_outcome(result: FaceToFace) -> str:
    """``Success: 1 wound to the enemy, 0 wounds to the character``."""
    head = "Success" if result.success else "No success"
    return (
        f"{head}: {_plural(result.wounds_to_enemy, 'wound', 'wounds')} to the enemy, "
        f"{_plural(result.wounds_to_character, 'wound', 'wounds')} to the character"
    )


def roll_record(
    sides: Mapping[str, tuple[Pool, Roll]],
    *,
    summary: str,
    total: int,
    seed: int | None,
    rolled_at: datetime,
    rerolled: bool = False,
    expertise: bool = False,
    states: Mapping[str, States] | None = None,
) -> RollRecord:
    """The roll log's record of a Warcrow roll: one side (``pool``) or both (``character`` and
    ``enemy``), each die's colour and face, and the symbols counted (after any States, keyed by
    side)."""
    states = dict(states or {})
    if len(sides) == 1:
        expression = next(iter(sides.values()))[0].words()
    else:
        expression = " vs ".join(f"{side}: {pool.words()}" for side, (pool, _) in sides.items())
    if expertise:
        expression += " (expertise)"
    for side in sides:
        said = states.get(side, States()).words()
        if said:
            expression += f" ({side} {said})" if len(sides) > 1 else f" ({said})"
    return RollRecord(
        kind=KIND,
        expression=("reroll: " if rerolled else "") + expression,
        faces=tuple(number for _, roll in sides.values() for number in roll.faces()),
        total=total,
        seed=seed,
        rolled_at=rolled_at,
        summary=summary,
        detail={
            side: {
                "dice": [
                    {
                        "colour": die.colour.value,
                        "face": [symbol.value for symbol in die.face],
                        "fixed": die.fixed,
                        "rerolled": die.rerolled,
                    }
                    for die in roll.dice
                ],
                "symbols": states.get(side, States())
                .apply(roll.symbols(expertise=expertise))
                .as_dict(),
            }
            for side, (_, roll) in sides.items()
        },
    )
