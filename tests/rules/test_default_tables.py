"""Refkit's own default tables ship with the right shapes and validate."""

from __future__ import annotations

import random
import re

import pytest

from refkit.rules.tables.defaults import BACKLASH_TABLE, MIASMA_TABLE, load_default_tables
from refkit.rules.tables.model import (
    TableSource,
    find_table,
    roll_table,
    validate_table,
)

DURATION = re.compile(r"instant|end of DT|\d+ UD|until a rest|until removed|permanent|condition")


def test_every_default_table_is_a_refkit_default_and_validates() -> None:
    tables = load_default_tables()
    assert len(tables) >= 5
    for table in tables:
        assert table.source is TableSource.REFKIT_DEFAULT, table.name
        assert table.description
        assert validate_table(table) == [], table.name


def test_backlash_table_is_d100_plus_rank_in_fifty_bands_then_five_rows() -> None:
    backlash = find_table(load_default_tables(), BACKLASH_TABLE)
    assert (backlash.dice, backlash.max_modifier, backlash.modifier_name) == ("d100", 5, "rank")
    expected = [(n, n + 1) for n in range(1, 100, 2)] + [(n, n) for n in range(101, 106)]
    assert [(row.low, row.high) for row in backlash.rows] == expected
    for row in backlash.rows:
        assert DURATION.fullmatch(row.duration), (row.label, row.duration)
    texts = [row.text for row in backlash.rows]
    assert len(set(texts)) == len(texts)


def test_backlash_index_105_reads_the_last_row() -> None:
    """V21: a rank 5 spell with d100 = 100 gives index 105."""
    backlash = find_table(load_default_tables(), BACKLASH_TABLE)
    rolled = roll_table(backlash, random.Random(0), total=100, modifier=5)
    assert (rolled.index, rolled.row_number) == (105, 55)
    with pytest.raises(ValueError, match="takes a rank of 0–5, got 6"):
        roll_table(backlash, random.Random(0), total=1, modifier=6)


def test_miasma_table_is_1d10_plus_cruelty_with_a_13_plus_row() -> None:
    miasma = find_table(load_default_tables(), MIASMA_TABLE)
    assert (miasma.dice, miasma.max_modifier, miasma.modifier_name) == ("1d10", None, "cruelty")
    assert [(row.low, row.high) for row in miasma.rows] == [
        (1, 2),
        (3, 4),
        (5, 6),
        (7, 8),
        (9, 10),
        (11, 12),
        (13, None),
    ]
    for row in miasma.rows[:-1]:
        assert "Drawback:" in row.text and "Perk:" in row.text
    assert "NPC" in miasma.rows[-1].text


def test_miasma_13_or_more_loses_the_character() -> None:
    """V68: Miasma Effects 1d10 = 10 with cruelty 3 -> 13 -> the 13+ row."""
    miasma = find_table(load_default_tables(), MIASMA_TABLE)
    for cruelty in (3, 9, 40):
        rolled = roll_table(miasma, random.Random(0), total=10, modifier=cruelty)
        assert rolled.row_number == 7


def test_example_encounter_tables_roll_their_inline_dice() -> None:
    encounters = [t for t in load_default_tables() if t.name.startswith("Encounters:")]
    assert {t.dice for t in encounters} >= {"1d10", "2d6", "d8"}
    rng = random.Random(11)
    with_dice = 0
    for table in encounters:
        for row in table.rows:
            rolled = roll_table(table, rng, total=row.low)
            assert rolled.row == row
            assert not re.search(r"\b\d*d\d+\b", rolled.text), rolled.text
            with_dice += bool(rolled.inline_rolls)
    assert with_dice >= 15
