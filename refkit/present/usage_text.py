"""How a usage-dice roll of a named thing reads, the same on the board, in the roll log and on the
command line: ``Quiver of 20 arrows: rolled 4, 2: 2 → 1 UD``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from refkit.rules.usage_dice import UsageDiceRoll


def usage_roll_line(name: str, roll: UsageDiceRoll) -> str:
    """The faces apart from the count (``rolled 4, 2: 2 → 1 UD``), so the two never run together."""
    rolled = ", ".join(str(face) for face in roll.rolled)
    return f"{name}: rolled {rolled}: {roll.before} → {roll.after} UD"


def usage_dice_words(count: int) -> str:
    """``1 usage die``, ``3 usage dice``."""
    return f"{count} usage {'die' if count == 1 else 'dice'}"


def usage_dice_change(before: int, after: int) -> str:
    """``2 usage dice kept`` when a roll left them as they were, else ``2 → 1 usage dice``."""
    if before == after:
        return f"{usage_dice_words(before)} kept"
    return f"{before} → {usage_dice_words(after)}"
