"""Backlash lookup (d100 + rank, 1–105) and the repeat rule (L1053–1055, §15 F4)."""

from __future__ import annotations

import pytest

from refkit.rules.magic.backlash import EveryBacklashActiveError, roll_backlash, row_key
from refkit.rules.tables.defaults import BACKLASH_TABLE, load_default_tables
from refkit.rules.tables.duration_kind import DurationKind
from refkit.rules.tables.model import RollableTable, TableRow, find_table
from tests.rules.scripted_random import ScriptedRandom

TABLE = find_table(load_default_tables(), BACKLASH_TABLE)


def rows(*rows: TableRow) -> RollableTable:
    return RollableTable("Test backlashes", "d100", rows, max_modifier=5, modifier_name="rank")


def test_v21_rank_5_and_d100_100_read_row_105() -> None:
    backlash = roll_backlash(TABLE, 5, ScriptedRandom([4]), faces=(10, 10))  # its 1d6 wounds: 4
    assert (backlash.index, backlash.final.row_number, backlash.rerolled) == (105, 55, 0)
    assert "you take 4 wounds" in backlash.text


def test_the_index_is_the_d100_read_tens_first_plus_the_rank() -> None:
    backlash = roll_backlash(TABLE, 1, ScriptedRandom([10, 5]))  # tens 10 reads 0: d100 5
    assert (backlash.final.d100.value, backlash.index, backlash.row.label) == (5, 6, "5–6")
    assert backlash.duration is not None and backlash.duration.kind is DurationKind.INSTANT


def test_inline_dice_in_the_row_are_rolled() -> None:
    backlash = roll_backlash(TABLE, 0, ScriptedRandom([4, 10, 5, 6]))  # 40: "Take 2d6 damage"
    assert "Take 2d6 damage" in backlash.row.text
    assert "Take 11 damage" in backlash.text


LASTING = TableRow(1, 50, "Your ears ring.", "2 UD")
STACKING = TableRow(1, 50, "Another ringing ear.", "2 UD, stacks")
CONDITION = TableRow(1, 50, "You are weakened.", "condition")
INSTANT = TableRow(1, 50, "A flash.", "instant")
OTHER = TableRow(51, 105, "Something else.", "end of DT")


def test_the_same_lasting_backlash_while_active_is_rolled_again() -> None:
    table = rows(LASTING, OTHER)
    active = {row_key(LASTING)}
    backlash = roll_backlash(table, 0, ScriptedRandom([7, 1]), faces=(1, 1), active=active)
    assert [draw.index for draw in backlash.draws] == [11, 71]
    assert backlash.row == OTHER and backlash.rerolled == 1


@pytest.mark.parametrize("row", [STACKING, CONDITION, INSTANT])
def test_a_stacking_a_condition_or_an_instant_backlash_stands_when_rolled_again(row) -> None:
    table = rows(row, OTHER)
    backlash = roll_backlash(table, 0, ScriptedRandom(), faces=(1, 1), active={row_key(row)})
    assert backlash.row == row and backlash.rerolled == 0


def test_a_lasting_backlash_that_is_not_active_stands() -> None:
    backlash = roll_backlash(rows(LASTING, OTHER), 0, ScriptedRandom(), faces=(1, 1))
    assert backlash.row == LASTING


def test_when_every_reachable_row_is_active_the_roll_is_refused() -> None:
    whole = TableRow(1, 105, "Your ears ring.", "1 UD")
    with pytest.raises(EveryBacklashActiveError, match="end one of them first"):
        roll_backlash(rows(whole), 0, ScriptedRandom(), active={row_key(whole)})


def test_a_creature_backlash_falls_on_the_caster_when_the_spell_targeted_an_object() -> None:
    needs = TableRow(1, 105, "The target bursts into song.", "1 UD, on a creature")
    on_object = roll_backlash(rows(needs), 0, ScriptedRandom(), faces=(2, 2), targeted_object=True)
    on_creature = roll_backlash(rows(needs), 0, ScriptedRandom(), faces=(2, 2))
    assert (on_object.falls_on_caster, on_creature.falls_on_caster) == (True, False)
    plain = roll_backlash(TABLE, 0, ScriptedRandom(), faces=(2, 2), targeted_object=True)
    assert not plain.falls_on_caster
