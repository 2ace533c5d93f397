"""A table row's duration kind, and the default backlash and Miasma tables held to the structure
the issue gives (fifty two-wide bands and 101–105; 1d10 + cruelty up to 13+)."""

from __future__ import annotations

from collections import Counter

import pytest

from refkit.rules.tables.defaults import (
    BACKLASH_TABLE,
    MIASMA_TABLE,
    default_table,
    load_default_tables,
)
from refkit.rules.tables.duration_kind import (
    DurationKind,
    DurationKindError,
    RowDuration,
    parse_row_duration,
    row_duration,
)
from refkit.rules.tables.model import RollableTable, TableRow


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("instant", RowDuration(DurationKind.INSTANT)),
        ("End of DT", RowDuration(DurationKind.END_OF_DT)),
        ("2 UD", RowDuration(DurationKind.USAGE_DICE, usage_dice=2)),
        ("1 usage die", RowDuration(DurationKind.USAGE_DICE, usage_dice=1)),
        ("until a rest", RowDuration(DurationKind.UNTIL_REST)),
        ("until removed", RowDuration(DurationKind.UNTIL_REMOVED)),
        ("permanent", RowDuration(DurationKind.PERMANENT)),
        ("condition", RowDuration(DurationKind.CONDITION)),
        ("2 UD, stacks", RowDuration(DurationKind.USAGE_DICE, usage_dice=2, stacks=True)),
        ("instant; on a creature", RowDuration(DurationKind.INSTANT, on_a_creature=True)),
    ],
)
def test_a_duration_text_names_its_kind_and_flags(text, expected) -> None:
    assert parse_row_duration(text) == expected
    assert parse_row_duration(expected.text) == expected  # written back, read the same


def test_which_kinds_are_rolled_again_when_the_same_backlash_is_still_active() -> None:
    again = {kind for kind in KINDS if parse_row_duration(kind).rolled_again_when_active}
    assert again == {"end of DT", "3 UD", "until a rest", "until removed", "permanent"}
    assert not parse_row_duration("3 UD, stacks").rolled_again_when_active


KINDS = ("instant", "end of DT", "3 UD", "until a rest", "until removed", "permanent", "condition")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "an empty duration names no duration kind"),
        ("a while", "'a while' names no duration kind \\(expected one of: instant, end of DT"),
        ("0 UD", "lasts 1 to 20 usage dice"),
        ("2 UD, forever", "'forever' is not a flag"),
    ],
)
def test_an_unreadable_duration_says_what_was_expected(text, message) -> None:
    with pytest.raises(DurationKindError, match=message):
        parse_row_duration(text)
    assert row_duration(text) is None  # an older stored row simply has no kind


def test_a_stored_table_without_kinds_still_loads() -> None:
    stored = {"name": "Old", "dice": "d6", "rows": [{"low": 1, "high": 6, "text": "Boo"}]}
    table = RollableTable.from_dict(stored)
    assert table.rows == (TableRow(1, 6, "Boo", ""),)
    assert row_duration(table.rows[0].duration) is None


def test_every_default_row_has_a_duration_kind() -> None:
    for table in load_default_tables():
        if table.name not in (BACKLASH_TABLE, MIASMA_TABLE):
            continue
        for row in table.rows:
            assert row_duration(row.duration) is not None, (table.name, row.label)


def test_the_default_backlashes_spread_over_every_kind_and_grow_worse_with_the_index() -> None:
    backlash = default_table(BACKLASH_TABLE)
    assert len(backlash.rows) == 55
    kinds = Counter(parse_row_duration(row.duration).kind for row in backlash.rows)
    assert set(kinds) == set(DurationKind)
    assert kinds[DurationKind.INSTANT] < len(backlash.rows) / 2  # most backlashes last
    wounds_low = sum("wound" in row.text for row in backlash.rows[:25])
    wounds_high = sum("wound" in row.text for row in backlash.rows[25:])
    assert wounds_high > wounds_low


def test_the_default_miasma_rows_last_and_the_last_row_ends_play() -> None:
    miasma = default_table(MIASMA_TABLE)
    assert len(miasma.rows) == 7
    kinds = [parse_row_duration(row.duration).kind for row in miasma.rows]
    assert kinds == [DurationKind.UNTIL_REMOVED] * 6 + [DurationKind.PERMANENT]


def test_a_default_table_is_found_by_name() -> None:
    with pytest.raises(ValueError, match="no table called 'Nope'"):
        default_table("Nope")
