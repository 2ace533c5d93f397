"""The table editor's grid as text (Qt-free): reading typed cells into rows, checking them as the
referee types, and the words the editor shows — the source of a table, a roll, the check line."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from refkit.rules.tables.model import (
    RollableTable,
    TableRoll,
    TableRow,
    TableSource,
    validate_table,
)
from refkit.slot_record import replace  # a table is a SlotRecord

COLUMNS = ("Low", "High", "Result", "Duration")
TABLE_WORDS = {"max_modifier": "largest modifier", "modifier_name": "modifier"}
"""How a conflict names the fields of a table that changed elsewhere."""
SOURCE_WORDS = {
    TableSource.REFKIT_DEFAULT: "Refkit default",
    TableSource.IMPORTED: "imported",
    TableSource.CUSTOM: "your own",
}


@dataclass(frozen=True)
class RowProblem:
    """A problem found in the grid: its message and the grid rows (0-based) it names."""

    message: str
    rows: tuple[int, ...] = ()


WHOLE = re.compile(r"^[+-]?\d+$")


@dataclass
class GridLine:
    """One row of the grid: its four cells as typed, and whether a problem names it."""

    cells: tuple[str, str, str, str]
    tinted: bool = field(default=False, compare=False)

    def with_cell(self, column: int, text: str) -> GridLine:
        cells = list(self.cells)
        cells[column] = text
        return GridLine((cells[0], cells[1], cells[2], cells[3]), self.tinted)


def rows_from_cells(cells: Sequence[Sequence[str]]) -> tuple[list[TableRow], list[RowProblem]]:
    """Rows from the grid's text (blank rows at the end are ignored), and the problems of cells
    that cannot be read: a low that is not a number, a blank row in the middle."""
    filled = [any(cell.strip() for cell in line) for line in cells]
    last = max((index for index, full in enumerate(filled) if full), default=-1)
    rows: list[TableRow] = []
    problems: list[RowProblem] = []
    for index, line in enumerate(cells[: last + 1]):
        low_text, high_text, text, duration = [*line, "", "", "", ""][:4]
        low_text, high_text = low_text.strip(), high_text.strip()
        number = index + 1
        if not filled[index]:
            problems.append(RowProblem(f"row {number} is blank: fill it in or remove it", (index,)))
            continue
        if not WHOLE.match(low_text):
            problems.append(
                RowProblem(f"row {number}: low {low_text!r} is not a whole number", (index,))
            )
            continue
        high: int | None
        if high_text == "":
            high = int(low_text)
        elif high_text in ("+", "up", "∞"):
            high = None
        elif WHOLE.match(high_text):
            high = int(high_text)
        else:
            problems.append(
                RowProblem(
                    f"row {number}: high {high_text!r} is not a whole number "
                    "(leave it blank for a single result, or + for 'and up')",
                    (index,),
                )
            )
            continue
        rows.append(TableRow(int(low_text), high, text.strip(), duration.strip()))
    return rows, problems


def check_grid(
    base: RollableTable, name: str, dice: str, cells: Sequence[Sequence[str]]
) -> tuple[RollableTable | None, list[RowProblem]]:
    """The table the grid describes and every problem with it; row numbers are the grid's."""
    rows, problems = rows_from_cells(cells)
    if problems:
        return None, problems
    table = replace(base, name=" ".join(name.split()), dice=dice.strip(), rows=tuple(rows))
    for problem in validate_table(table):
        problems.append(RowProblem(problem.message, tuple(row - 1 for row in problem.rows)))
    return (None if problems else table), problems


def describe_roll(roll: TableRoll) -> str:
    """One line for a roll: ``7 → 7–8: three goblins``, with inline dice shown."""
    shown = f"{roll.dice_total}"
    if roll.modifier:
        shown += f" + {roll.modifier} = {roll.index}"
    inline = ""
    if roll.inline_rolls:
        inline = " (" + ", ".join(f"{r.notation} → {r.total}" for r in roll.inline_rolls) + ")"
    return f"{shown} → {roll.row.label}: {roll.text}{inline}"


def line_of(cells: Sequence[str]) -> tuple[str, str, str, str]:
    """A grid line's four cells from a list of them."""
    return (cells[0], cells[1], cells[2], cells[3])


def cells_of(table: RollableTable) -> list[list[str]]:
    """The grid's cells for ``table``: a high equal to the low is left blank, "and up" is +."""
    return [
        [
            str(row.low),
            "+" if row.high is None else ("" if row.high == row.low else str(row.high)),
            row.text,
            row.duration,
        ]
        for row in table.rows
    ]


def is_edited(table: RollableTable, name: str, dice: str, cells: Sequence[Sequence[str]]) -> bool:
    """Whether the name, dice or cells typed differ from ``table`` as saved."""
    return name != table.name or dice != table.dice or list(map(list, cells)) != cells_of(table)


def check_line(problems: Sequence[RowProblem], edited: bool) -> str:
    """The line under the grid: how many problems, or that the ranges read and whether saved."""
    if problems:
        count = len(problems)
        return f"{count} {'problem' if count == 1 else 'problems'}"
    return "Ranges OK — not saved" if edited else "Ranges OK"


def next_low(cells: Sequence[Sequence[str]]) -> str:
    """The low a new row at the end starts with: one past the last row's top, when it is a
    number; blank otherwise."""
    if not cells:
        return ""
    last = cells[-1]
    top = last[1] or last[0]
    return str(int(top) + 1) if WHOLE.match(top.strip()) else ""


def new_table(names: Sequence[str]) -> RollableTable:
    """A small table of the referee's own to edit, named ``New table N`` after the names in use."""
    taken = {name.casefold() for name in names}
    number = 1
    while f"new table {number}" in taken:
        number += 1
    return RollableTable(
        name=f"New table {number}",
        dice="1d6",
        rows=(TableRow(1, 3, "Something stirs in the dark"), TableRow(4, 6, "Nothing")),
        source=TableSource.CUSTOM,
    )
