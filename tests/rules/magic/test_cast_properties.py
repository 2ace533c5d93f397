"""Properties of every cast: the book's dice never grow, a crit never rolls them, a backlash
index is always 1..105."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.magic.casting import cast_spell
from refkit.rules.tables.defaults import BACKLASH_TABLE, load_default_tables
from refkit.rules.tables.model import find_table

TABLE = find_table(load_default_tables(), BACKLASH_TABLE)

casts = st.fixed_dictionaries(
    {
        "mind": st.integers(-5, 5),
        "rank": st.integers(0, 5),
        "book_usage_dice": st.integers(1, 20),
        "edges": st.integers(0, 3),
        "banes": st.integers(0, 3),
        "expertise": st.booleans(),
        "crit_min": st.integers(18, 20),
    }
)


@given(casts, st.integers(0, 2**32))
def test_a_cast_never_adds_usage_dice_to_the_book(options, seed) -> None:
    result = cast_spell(backlash_table=TABLE, rng=random.Random(seed), **options)
    assert 0 <= result.book_after <= options["book_usage_dice"]


@given(casts, st.integers(0, 2**32))
def test_a_crit_never_rolls_the_book_and_anything_else_always_does(options, seed) -> None:
    result = cast_spell(backlash_table=TABLE, rng=random.Random(seed), **options)
    if result.test.crit:
        assert result.book_roll is None and result.book_after == options["book_usage_dice"]
    else:
        assert result.book_roll is not None
        assert len(result.book_roll.rolled) == options["book_usage_dice"]


@given(casts, st.integers(0, 2**32))
def test_a_backlash_index_is_always_1_to_105_and_only_on_a_doom_or_chaos_1(options, seed) -> None:
    result = cast_spell(backlash_table=TABLE, rng=random.Random(seed), **options)
    if result.backlash is not None:
        for draw in result.backlash.draws:
            assert 1 <= draw.index <= 105
            assert draw.index == draw.d100.value + options["rank"]
        assert result.test.doom or result.chaos == 1
    else:
        assert not result.test.doom and result.chaos != 1
