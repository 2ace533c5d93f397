"""The table editor's decisions, Qt-free: the low a new row starts at, the check line, a new
table's name, and whether the grid differs from the table as saved."""

from __future__ import annotations

from refkit.present.table_grid import (
    RowProblem,
    cells_of,
    check_line,
    is_edited,
    new_table,
    next_low,
)
from refkit.rules.tables.model import RollableTable, TableRow, TableSource


def table() -> RollableTable:
    return RollableTable(
        name="Warren",
        dice="1d6",
        rows=(TableRow(1, 2, "rats"), TableRow(3, 3, "bats"), TableRow(4, None, "goblins")),
        source=TableSource.CUSTOM,
    )


def test_a_new_row_starts_one_past_the_last_rows_top() -> None:
    assert next_low([["1", "2", "a", ""], ["3", "5", "b", ""]]) == "6"
    assert next_low([["1", "2", "a", ""], ["7", "", "b", ""]]) == "8"
    assert next_low([["1", "+", "a", ""]]) == ""
    assert next_low([]) == ""


def test_the_check_line_counts_problems_or_says_the_ranges_read() -> None:
    assert check_line([RowProblem("gap")], edited=True) == "1 problem"
    assert check_line([RowProblem("gap"), RowProblem("overlap")], edited=False) == "2 problems"
    assert check_line([], edited=True) == "Ranges OK — not saved"
    assert check_line([], edited=False) == "Ranges OK"


def test_a_new_table_takes_the_first_free_number() -> None:
    assert new_table(["Warren"]).name == "New table 1"
    made = new_table(["new TABLE 1", "New table 2"])
    assert made.name == "New table 3"
    assert made.source is TableSource.CUSTOM
    assert made.dice == "1d6"


def test_the_grid_is_edited_once_it_differs_from_the_saved_table() -> None:
    saved = table()
    cells = cells_of(saved)
    assert cells == [["1", "2", "rats", ""], ["3", "", "bats", ""], ["4", "+", "goblins", ""]]
    assert not is_edited(saved, "Warren", "1d6", cells)
    assert is_edited(saved, "Warren ", "1d6", cells)
    assert is_edited(saved, "Warren", "1d8", cells)
    assert is_edited(saved, "Warren", "1d6", [*cells[:2], ["4", "+", "orcs", ""]])
