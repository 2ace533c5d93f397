"""Rollable tables: validation by row number, forced totals, modifiers and inline dice."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.tables.model import (
    RollableTable,
    TableError,
    TableRow,
    TableSource,
    find_table,
    index_range,
    roll_inline_dice,
    roll_table,
    row_for,
    validate_table,
)


def table(dice: str, *ranges: tuple[int, int | None], **options) -> RollableTable:
    rows = tuple(TableRow(low, high, f"result {n}") for n, (low, high) in enumerate(ranges, 1))
    return RollableTable("Test table", dice, rows, **options)


def messages(checked: RollableTable) -> list[str]:
    return [problem.message for problem in validate_table(checked)]


# -- validation ---------------------------------------------------------------------------------


def test_a_complete_table_has_no_problems() -> None:
    assert validate_table(table("1d10", (1, 2), (3, 6), (7, 7), (8, 10))) == []
    assert validate_table(table("2d6", *[(n, n) for n in range(2, 13)])) == []


def test_a_gap_names_the_missing_values_and_the_rows_around_them() -> None:
    (problem,) = validate_table(table("1d10", (1, 2), (3, 4), (7, 10)))
    assert problem.kind == "gap"
    assert problem.message == "no row covers 5–6 (between rows 2 and 3)"
    assert problem.rows == (2, 3)
    assert problem.values == (5, 6)


def test_gaps_at_either_end() -> None:
    assert messages(table("1d10", (2, 9))) == [
        "no row covers 1 (below row 1)",
        "no row covers 10 (after row 1)",
    ]


def test_an_overlap_names_both_rows_and_the_shared_values() -> None:
    rows = [(n, n + 1) for n in range(1, 61, 2)] + [(61, 62), (62, 64)]
    rows += [(n, n + 1) for n in range(65, 101, 2)]
    (problem,) = validate_table(table("d100", *rows))  # 62–64 covers 63–64: no gap
    assert problem.kind == "overlap"
    assert problem.message == "rows 31 and 32 both cover 62"
    assert problem.rows == (31, 32)
    assert problem.values == (62, 62)


def test_overlapping_ranges_report_the_whole_shared_span() -> None:
    assert messages(table("1d10", (1, 5), (4, 10))) == ["rows 1 and 2 both cover 4–5"]


def test_rows_outside_the_dice_range_are_named() -> None:
    assert messages(table("2d10", (2, 10), (11, 20), (101, 102))) == [
        "row 3 (101–102) is outside 2d10's range 2–20"
    ]
    assert messages(table("2d10", (2, 10), (11, 21))) == [
        "row 2 (11–21) goes beyond 2d10's range 2–20"
    ]
    assert messages(table("1d6", (0, 6))) == ["row 1 (0–6) goes beyond 1d6's range 1–6"]


def test_a_backwards_row_is_reported() -> None:
    (problem, *rest) = validate_table(table("1d10", (1, 6), (9, 7), (7, 10)))
    assert problem.message == "row 2 (9–7) runs backwards: its low end 9 is above its high end 7"
    assert problem.kind == "reversed"
    assert rest == []


def test_rows_need_text_and_the_table_a_name_and_rows() -> None:
    empty_text = RollableTable("T", "1d2", (TableRow(1, 1, "a"), TableRow(2, 2, "  ")))
    assert messages(empty_text) == ["row 2 has no text"]
    assert messages(RollableTable(" ", "1d2", (TableRow(1, 2, "a"),))) == ["the table needs a name"]
    assert messages(RollableTable("T", "1d2", ())) == ["the table has no rows"]


def test_bad_dice_are_reported() -> None:
    (problem,) = validate_table(table("3q7", (1, 2)))
    assert problem.kind == "dice"
    assert problem.message.startswith("the dice '3q7' are not valid dice notation")


def test_a_modifier_widens_the_range() -> None:
    backlash = table(
        "d100",
        *[(n, n + 1) for n in range(1, 101, 2)],
        *[(n, n) for n in range(101, 106)],
        max_modifier=5,
        modifier_name="rank",
    )
    assert validate_table(backlash) == []
    assert index_range(backlash).description == "the range of d100 + rank 0–5 (1–105)"
    too_short = table("d100", (1, 100), max_modifier=5, modifier_name="rank")
    assert messages(too_short) == ["no row covers 101–105 (after row 1)"]


def test_an_unlimited_modifier_needs_an_open_ended_last_row() -> None:
    assert validate_table(table("1d10", (1, 6), (7, None), max_modifier=None)) == []
    assert messages(table("1d10", (1, 6), (7, 12), max_modifier=None)) == [
        "no row covers 13 and up (after row 2): with no limit on the modifier the last row "
        "must be open-ended, e.g. '13+'"
    ]


def test_an_open_ended_row_must_be_the_highest_and_reachable() -> None:
    assert messages(table("1d10", (1, None), (2, 10))) == [
        "row 1 (1+) is open-ended, but only the highest row may be",
        "rows 1 and 2 both cover 2–10",
    ]
    assert messages(table("1d10", (1, 10), (11, None))) == [
        "row 2 (11+) is outside 1d10's range 1–10"
    ]
    assert validate_table(table("1d10", (1, 5), (6, None))) == []


def test_line_numbers_are_named_when_given() -> None:
    problems = validate_table(table("1d10", (1, 5), (5, 10)), line_numbers=[3, 7])
    assert problems[0].message == "rows 1 and 2 (lines 3 and 7) both cover 5"


@st.composite
def partitions(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]]]:
    """A dice size and consecutive rows that cover 1..size exactly."""
    size = draw(st.sampled_from([4, 6, 8, 10, 12, 20, 100]))
    cuts = sorted(draw(st.sets(st.integers(1, size - 1), max_size=min(size - 1, 30))))
    bounds = [0, *cuts, size]
    return size, [(bounds[i] + 1, bounds[i + 1]) for i in range(len(bounds) - 1)]


@given(partitions())
def test_any_partition_of_the_range_validates(case: tuple[int, list[tuple[int, int]]]) -> None:
    size, rows = case
    assert validate_table(table(f"1d{size}", *rows)) == []


@given(partitions(), st.data())
def test_removing_a_middle_row_reports_a_gap_naming_it(
    case: tuple[int, list[tuple[int, int]]], data: st.DataObject
) -> None:
    size, rows = case
    if len(rows) < 3:
        return
    removed = data.draw(st.integers(1, len(rows) - 2))  # 0-based, never the first or last
    low, high = rows[removed]
    kept = rows[:removed] + rows[removed + 1 :]
    (problem,) = validate_table(table(f"1d{size}", *kept))
    assert problem.kind == "gap"
    assert problem.values == (low, high)
    span = str(low) if low == high else f"{low}–{high}"
    assert problem.message == f"no row covers {span} (between rows {removed} and {removed + 1})"


# -- rolling ------------------------------------------------------------------------------------


def goblins() -> RollableTable:
    rows = (
        TableRow(2, 4, "1d4+1 goblins"),
        TableRow(5, 9, "3 goblins and a dog"),
        TableRow(10, 12, "the chieftain"),
    )
    return RollableTable("Goblins", "2d6", rows, TableSource.CUSTOM)


def test_a_forced_total_picks_its_row() -> None:
    rolled = roll_table(goblins(), random.Random(1), total=7)
    assert (rolled.index, rolled.row_number, rolled.text) == (7, 2, "3 goblins and a dog")
    assert rolled.dice == ()
    assert rolled.to_dict() == {
        "table": "Goblins",
        "index": 7,
        "entry": {
            "low": 5,
            "high": 9,
            "text": "3 goblins and a dog",
            "duration": "",
            "open_ended": False,
        },
        "text": "3 goblins and a dog",
    }


@pytest.mark.parametrize("total", [1, 13])
def test_a_forced_total_outside_the_dice_is_refused(total: int) -> None:
    with pytest.raises(ValueError, match=rf"total {total} is outside 2d6's range 2–12"):
        roll_table(goblins(), random.Random(1), total=total)


def test_rolls_land_on_rows_and_are_repeatable() -> None:
    seen = set()
    for seed in range(200):
        first = roll_table(goblins(), random.Random(seed))
        again = roll_table(goblins(), random.Random(seed))
        assert first == again
        assert 2 <= first.index <= 12
        assert first.row.covers(first.index)
        seen.add(first.row_number)
    assert seen == {1, 2, 3}


def test_inline_dice_in_the_row_are_rolled_when_shown() -> None:
    rolled = roll_table(goblins(), random.Random(3), total=3)
    (inline,) = rolled.inline_rolls
    assert inline.notation == "1d4+1"
    assert 2 <= inline.total <= 5
    assert rolled.text == f"{inline.total} goblins"
    assert rolled.row.text == "1d4+1 goblins"


def test_modifiers_add_to_the_dice_within_the_allowed_range() -> None:
    ranked = RollableTable(
        "Ranked",
        "1d4",
        (TableRow(1, 4, "low"), TableRow(5, 6, "high")),
        max_modifier=2,
        modifier_name="rank",
    )
    assert roll_table(ranked, random.Random(0), total=4, modifier=2).text == "high"
    with pytest.raises(ValueError, match="takes a rank of 0–2, got 3"):
        roll_table(ranked, random.Random(0), total=4, modifier=3)
    with pytest.raises(ValueError, match="takes a modifier of 0, got 1"):
        roll_table(goblins(), random.Random(0), total=4, modifier=1)


def test_open_ended_rows_catch_everything_above() -> None:
    miasma = RollableTable(
        "M", "1d10", (TableRow(1, 12, "mild"), TableRow(13, None, "lost")), max_modifier=None
    )
    assert roll_table(miasma, random.Random(0), total=10, modifier=30).text == "lost"
    assert row_for(miasma, 999)[0] == 2
    assert TableRow(13, None, "x").label == "13+"


def test_a_table_with_problems_cannot_be_rolled() -> None:
    with pytest.raises(TableError, match=r"cannot be used: no row covers 5–6") as error:
        roll_table(table("1d10", (1, 4), (7, 10)), random.Random(0))
    assert error.value.problems[0].kind == "gap"


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        ("1d6 rats", r"[1-6] rats"),
        ("2d4+1 bats", r"([3-9]) bats"),
        ("d8 crows", r"[1-8] crows"),
        ("1d4 + 1 giant rats", r"[2-5] giant rats"),
        ("1d6 rats and 2d6 spiders", r"[1-6] rats and ([2-9]|1[0-2]) spiders"),
        ("a toll of 1d6 gc a head.", r"a toll of [1-6] gc a head\."),
    ],
)
def test_inline_dice_are_rolled(text: str, pattern: str) -> None:
    for seed in range(20):
        shown = roll_inline_dice(text, random.Random(seed))
        assert re.fullmatch(pattern, shown.text), shown.text
        assert shown.rolls


@pytest.mark.parametrize(
    "text",
    [
        "3 goblins in room 12",
        "a natural 2–4 is a doom",
        "the d6x table",
        "map 1d6a",
        "version 2.1d6",
        "no dice here",
    ],
)
def test_text_without_dice_is_left_alone(text: str) -> None:
    shown = roll_inline_dice(text, random.Random(0))
    assert shown.text == text
    assert shown.rolls == ()


def test_inline_totals_match_the_faces_rolled() -> None:
    shown = roll_inline_dice("3d6 arrows", random.Random(5))
    (inline,) = shown.rolls
    assert len(inline.dice) == 3
    assert inline.total == sum(inline.dice)
    assert shown.text == f"{inline.total} arrows"


def test_tables_roundtrip_through_dicts_and_are_found_by_name() -> None:
    original = RollableTable(
        "Miasma",
        "1d10",
        (TableRow(1, 12, "a", "1 UD"), TableRow(13, None, "b")),
        TableSource.IMPORTED,
        "desc",
        None,
        "cruelty",
    )
    assert RollableTable.from_dict(original.to_dict()) == original
    assert find_table([goblins(), original], "  miasma ") == original
    with pytest.raises(ValueError, match="no table called 'Orcs' \\(tables: 'Goblins'\\)"):
        find_table([goblins()], "Orcs")
