"""``refkit.slot_record.replace``: dataclasses.replace's drop-in for the values that became
SlotRecords on a cast's path (the table model, the cast's records): a changed copy made through
``__init__`` (so its checks run again), an unknown field refused, a dataclass handed on."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from fractions import Fraction

import pytest

from refkit.dice.exact import DiceGroup
from refkit.rules.magic.casting import CastDice
from refkit.rules.magic.odds import CastOdds
from refkit.rules.tables.defaults import BACKLASH_TABLE, default_table
from refkit.rules.tables.duration_kind import DurationKind, RowDuration
from refkit.rules.tables.model import RollableTable, TableRow, TableSource
from refkit.slot_record import SlotRecord, replace

ROWS = (TableRow(1, 3, "Rain"), TableRow(4, 6, "Sun", "instant"))


def test_a_changed_copy_keeps_every_other_field() -> None:
    table = RollableTable("Weather", "1d6", ROWS, TableSource.IMPORTED, "Skies", 2, "rank")
    changed = replace(table, description="Clouds")
    assert changed == RollableTable(
        "Weather", "1d6", ROWS, TableSource.IMPORTED, "Clouds", 2, "rank"
    )
    assert table.description == "Skies"
    assert replace(table) == table and replace(table) is not table


def test_the_copy_is_checked_and_made_as_a_new_one_is() -> None:
    table = RollableTable("Weather", "1d6", ROWS)
    listed = replace(table, rows=list(ROWS), source="imported")  # type: ignore[arg-type]
    assert listed.rows == ROWS and listed.source is TableSource.IMPORTED
    with pytest.raises(ValueError, match="largest modifier must be a whole number"):
        replace(table, max_modifier=-1)
    with pytest.raises(ValueError, match="cannot keep 4 of 3 dice"):
        replace(DiceGroup(3, 6, 2), kept=4)


def test_an_unknown_field_is_refused() -> None:
    with pytest.raises(TypeError, match="TableRow has no field 'colour'"):
        replace(TableRow(1, 2, "x"), colour="red")


def test_a_dataclass_is_handed_to_dataclasses_replace() -> None:
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int

    assert replace(Point(1, 2), y=5) == Point(1, 5)
    with pytest.raises(TypeError):
        replace(Point(1, 2), z=5)


@pytest.mark.parametrize(
    "value",
    [
        default_table(BACKLASH_TABLE),
        RowDuration(DurationKind.USAGE_DICE, 2, stacks=True),
        CastDice(test=(3, 4), book=(6, 1)),
        CastOdds(*(Fraction(n, 9) for n in range(8))),
        DiceGroup(4, 6, 3, highest=False),
    ],
)
def test_the_cast_paths_values_are_frozen_hashable_and_pickle(value: SlotRecord) -> None:
    assert not dataclasses.is_dataclass(value)
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.deepcopy(value) == value
    assert hash(replace(value)) == hash(value)
    with pytest.raises(AttributeError):
        value.FIELDS = ()  # type: ignore[misc]
