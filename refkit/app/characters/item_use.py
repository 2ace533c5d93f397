"""Using an Activate item from the sheet or the board with its roll in the roll log: one undo step.

The usage dice are rolled once, when the use is made (L400); the roll's log entry and the pips
dropping on the crow are written in one transaction, so a failed write keeps neither. Undo gives
the pips back and leaves the entry in the roll log (the dice were rolled); redo drops them by the
same dice without logging them again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from refkit.app import character_commands as commands
from refkit.app.dice_service import KIND_USAGE_DICE
from refkit.dice.records import Clock, RollRecord, utc_now
from refkit.present.usage_text import usage_dice_words, usage_roll_line

if TYPE_CHECKING:
    from refkit.app.character_commands import CharacterEdit
    from refkit.app.character_service import CharacterService
    from refkit.rules.usage_dice import UsageDiceRoll

LogRoll = Callable[[RollRecord], object]
"""Lands a roll in the roll log (``DiceService.log_roll`` fits)."""


def item_use_record(
    crow: str, item: str, roll: UsageDiceRoll, *, clock: Clock = utc_now
) -> RollRecord:
    """The roll log's entry for ``crow`` using ``item``: a usage-dice roll like the dice panel's,
    its result worded as ``refkit effect use`` words it."""
    return RollRecord(
        kind=KIND_USAGE_DICE,
        expression=f"{item}: {usage_dice_words(roll.before)}",
        faces=roll.rolled,
        total=roll.after,
        seed=None,
        rolled_at=clock(),
        summary=usage_roll_line(item, roll),
        detail={
            "before": roll.before,
            "after": roll.after,
            "crow": crow,
            "item": item,
            "activated": True,
        },
    )


class LoggedItemUse:
    """The use's edit of the crow, with the roll logged the first time it is done."""

    def __init__(self, edit: CharacterEdit, record: RollRecord, log_roll: LogRoll) -> None:
        self._edit = edit
        self._record = record
        self._log_roll = log_roll
        self._logged = False

    @property
    def text(self) -> str:
        return self._edit.text

    @property
    def record(self) -> RollRecord:
        return self._record

    def do(self) -> None:
        self._edit.do()
        if not self._logged:
            self._log_roll(self._record)
        self._logged = True  # only once both are written: a retried save logs it then

    def undo(self) -> None:
        self._edit.undo()


def use_item_logged(
    service: CharacterService,
    name: str,
    item_id: str,
    rng: random.Random,
    log_roll: LogRoll,
    *,
    clock: Clock = utc_now,
) -> tuple[LoggedItemUse, UsageDiceRoll]:
    """The crow ``name`` uses its Activate item ``item_id``: the command (not done yet) and the
    roll. Raises MoveRefused or ValueError with the reason when the item cannot be used."""
    edit, roll = commands.use_item(service, name, item_id, rng)
    item = edit.before.items.find(item_id).name
    record = item_use_record(edit.before.name, item, roll, clock=clock)
    return LoggedItemUse(edit, record, log_roll), roll
