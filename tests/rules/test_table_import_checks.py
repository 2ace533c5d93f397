"""Table import checks: overlaps and duplicate ranges come with a suggested one-row fix that can
be applied, and an effect table's rows get their duration kind read from their text."""

from __future__ import annotations

import pytest

from refkit.rules.tables.import_formats import (
    RowFix,
    TableImportError,
    duration_from_text,
    is_effect_table,
    parse_table_csv,
    parse_table_text,
    rows_without_kind,
)


def official_like_backlashes() -> str:
    """Fifty two-wide bands 01–02 … 99–100, with the official table's defect at 61–64:
    61–62 then 62–64 (63 unowned by the printed second row's intent)."""
    lines = []
    for low in range(1, 101, 2):
        if low == 63:
            lines.append("62-64 Your shadow walks off for 1 UD.")
            continue
        lines.append(f"{low:02d}-{low + 1:02d} Sparks fly.")
    lines.append("101-105 The sky cracks.")
    return "\n".join(lines)


def test_the_official_backlash_overlap_suggests_the_second_row_starts_at_63() -> None:
    with pytest.raises(TableImportError) as error:
        parse_table_text(official_like_backlashes(), "My backlashes", "d100", max_modifier=5)
    (problem,) = error.value.problems
    assert (
        str(problem) == "rows 31 and 32 (lines 31 and 32) both cover 62: make row 32 start at 63?"
    )
    assert error.value.fixes == (RowFix(32, "make row 32 start at 63?", low=63),)
    assert "make row 32 start at 63?" in str(error.value)


def test_applying_the_suggestion_imports_the_table() -> None:
    text = official_like_backlashes()
    with pytest.raises(TableImportError) as error:
        parse_table_text(text, "My backlashes", "d100", max_modifier=5)
    table = parse_table_text(text, "My backlashes", "d100", max_modifier=5, fixes=error.value.fixes)
    assert table.rows[31].label == "63–64"
    assert table.rows[31].duration == "1 UD"  # read from the text: a backlash table


def test_a_duplicate_range_suggests_removing_the_later_row() -> None:
    with pytest.raises(TableImportError) as error:
        parse_table_text("1-2 a\n3-4 b\n3-4 c\n5-6 d\n", "Dupes", "1d6")
    assert [str(p) for p in error.value.problems] == [
        "rows 2 and 3 (lines 2 and 3) both cover 3–4: the same range twice: remove row 3?"
    ]
    table = parse_table_text(
        "1-2 a\n3-4 b\n3-4 c\n5-6 d\n", "Dupes", "1d6", fixes=error.value.fixes
    )
    assert [row.text for row in table.rows] == ["a", "b", "d"]


def test_a_row_inside_another_at_its_top_suggests_ending_the_outer_one() -> None:
    with pytest.raises(TableImportError) as error:
        parse_table_csv("1,6,a\n4,6,b\n", "Inner", "1d6")
    assert error.value.fixes == (RowFix(1, "make row 1 end at 3?", high=3),)


def test_a_row_strictly_inside_another_gets_no_suggestion() -> None:
    with pytest.raises(TableImportError) as error:
        parse_table_text("1-6 a\n3-4 b\n", "Inner", "1d6")
    assert error.value.fixes == ()
    assert str(error.value.problems[0]).endswith("both cover 3–4")


def test_a_fix_naming_no_row_is_refused() -> None:
    with pytest.raises(ValueError, match="names row 9"):
        parse_table_text("1 a\n2 b\n", "T", "1d2", fixes=(RowFix(9, "x", low=1),))


@pytest.mark.parametrize(
    ("text", "duration"),
    [
        ("Your hands glow for 2 UD.", "2 UD"),
        ("You cannot speak until the end of the DT.", "end of DT"),
        ("Your hair turns white permanently.", "permanent"),
        ("Frost binds you until your next rest.", "until a rest"),
        ("You fall prone.", "condition"),
        ("A curse clings to you until it is removed.", "until removed"),
        ("Spiders crawl out of your sleeves for 1 UD; if you are already suffering this, add 1.",
         "1 UD, stacks"),
        ("A loud bang.", ""),
    ],
)  # fmt: skip
def test_durations_are_read_from_the_text(text: str, duration: str) -> None:
    assert duration_from_text(text) == duration


def test_only_effect_tables_get_durations_read_and_missing_kinds_are_listed() -> None:
    rows = "1 Glows for 2 UD\n2 A loud bang\n"
    encounters = parse_table_text(rows, "Crypt encounters", "1d2")
    assert [row.duration for row in encounters.rows] == ["", ""]
    miasma = parse_table_text(rows, "Miasma of the marsh", "1d2")
    assert [row.duration for row in miasma.rows] == ["2 UD", ""]
    assert rows_without_kind(miasma) == (2,)
    assert is_effect_table("My BACKLASH table") and not is_effect_table("Crypt")


def test_a_duration_fix_sets_the_kind_asked_for() -> None:
    table = parse_table_text(
        "1 Glows\n2 Bang\n", "Backlash", "1d2", fixes=(RowFix(2, "", duration="instant"),)
    )
    assert [row.duration for row in table.rows] == ["", "instant"]
