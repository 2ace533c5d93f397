"""The uses a table can be chosen for (the backlash table, the Miasma table) and the table in use.

Kept apart from :mod:`refkit.app.table_service` (which loads the table import formats and the
store's records) so that a one-shot ``refkit cast`` finds its backlash table without them.
"""

from __future__ import annotations

from refkit.rules.common.slot_record import SlotRecord
from refkit.rules.tables.defaults import BACKLASH_TABLE, MIASMA_TABLE, default_table

TYPE_CHECKING = False  # as typing's: a cast's path leaves typing unimported
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Literal

    from refkit.rules.tables.model import RollableTable

    TableUse = Literal["backlash", "miasma"]
else:
    TableUse = str  # the checker's Literal names the uses; at run time it is their text

TABLE_USES: tuple[TableUse, ...] = ("backlash", "miasma")


class UseSpec(SlotRecord):
    """What a use of a table rolls, and Refkit's table for it (a frozen record, not a
    dataclass)."""

    FIELDS = ("label", "dice", "rolled_as", "default_name")
    __slots__ = FIELDS
    label: str
    dice: str
    rolled_as: str
    default_name: str

    def __init__(self, label: str, dice: str, rolled_as: str, default_name: str) -> None:
        self._fill(label, dice, rolled_as, default_name)


USE_SPECS: dict[TableUse, UseSpec] = {
    "backlash": UseSpec("backlash", "d100", "d100 + the spell's rank", BACKLASH_TABLE),
    "miasma": UseSpec("Miasma", "1d10", "1d10 + cruelty", MIASMA_TABLE),
}


def active_table_in(
    chosen: dict[str, str], use: TableUse, stored: Callable[[str], RollableTable | None]
) -> RollableTable:
    """``TableService.active_table`` from what was read another way (the quick path of a
    one-shot command): ``chosen`` per use, ``stored(name)`` a stored table or None."""
    name = chosen.get(use) or USE_SPECS[use].default_name
    found = stored(name)
    return found if found is not None else default_table(USE_SPECS[use].default_name)


__all__ = ["TABLE_USES", "USE_SPECS", "TableUse", "UseSpec", "active_table_in"]
