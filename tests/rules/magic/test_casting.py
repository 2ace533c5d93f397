"""The cast procedure, branch by branch, with the fact sheet's vectors (crows-facts §11, §14)."""

from __future__ import annotations

import random

import pytest

from refkit.errors import DomainError
from refkit.rules.magic.casting import BookEmptyError, CastDice, cast_spell
from refkit.rules.tables.defaults import BACKLASH_TABLE, load_default_tables
from refkit.rules.tables.model import RollableTable, TableError, TableRow, find_table
from tests.rules.scripted_random import ScriptedRandom

TABLE = find_table(load_default_tables(), BACKLASH_TABLE)


def cast(faces: list[int], *, mind: int = 0, rank: int = 0, book: int = 2, **options):
    rng = ScriptedRandom(faces)
    result = cast_spell(
        mind=mind, rank=rank, book_usage_dice=book, backlash_table=TABLE, rng=rng, **options
    )
    assert rng.faces == [], f"dice left unrolled: {rng.faces}"
    return result


def test_a_tier_2_cast_rolls_the_book_and_makes_no_chaos_roll() -> None:
    result = cast([6, 6, 4, 1], mind=0)  # 12 → tier 2; book dice 4 (kept), 1 (lost)
    assert (result.test.tier, result.chaos, result.backlashed) == (2, None, False)
    assert result.book_roll is not None and result.book_roll.rolled == (4, 1)
    assert (result.book_before, result.book_after, result.spell_tier) == (2, 1, 2)


def test_v27_a_crit_never_rolls_the_book() -> None:
    result = cast([10, 9], mind=-3, banes=2)
    assert result.test.crit and result.test.tier == 3
    assert (result.book_roll, result.book_after, result.backlash) == (None, 2, None)


def test_v28_a_doom_is_a_backlash_the_book_still_rolls_and_the_index_adds_the_rank() -> None:
    # dice 1+2 (doom), book 5 and 2, backlash tens 4 ones 7 → d100 47 + rank 2 = 49.
    result = cast([1, 2, 5, 2, 4, 7], mind=4, rank=2, edges=2, expertise=True)
    assert result.test.doom and not result.test.expertise_applied
    assert result.chaos is None  # a doom needs no chaos roll
    assert result.book_roll is not None and result.book_after == 1
    assert result.backlash is not None and result.backlash.index == 49
    assert result.backlash.row.label == "49–50"
    assert result.spell_tier is None


def test_v29_a_non_doom_tier_1_makes_the_chaos_roll_and_a_1_is_a_backlash() -> None:
    result = cast([3, 4, 1, 6, 3, 10, 10], mind=0)  # 7 → tier 1; chaos 1; book; d100 100
    assert (result.test.tier, result.test.doom, result.chaos) == (1, False, 1)
    assert result.backlash is not None and result.backlash.index == 100


def test_v29_a_chaos_roll_above_1_lets_the_tier_1_effect_stand() -> None:
    result = cast([3, 4, 4, 6, 3], mind=0)
    assert (result.chaos, result.backlashed, result.spell_tier) == (4, False, 1)
    assert result.book_after == 2


def test_f3_a_tier_1_made_by_a_double_bane_makes_the_chaos_roll() -> None:
    result = cast([8, 8, 2, 6], mind=0, book=1, banes=2)  # 16 → tier 2, double bane → 1
    assert (result.test.base_tier, result.test.tier, result.chaos) == (2, 1, 2)


def test_a_tier_1_lifted_by_expertise_makes_no_chaos_roll() -> None:
    result = cast([5, 5, 3], mind=0, book=1, expertise=True)  # 10 → 1, expertise → 2 (§15 A4)
    assert (result.test.tier, result.chaos, result.backlashed) == (2, None, False)


def test_the_casters_conditions_apply_to_the_mind_test() -> None:
    result = cast([6, 6, 3, 5], mind=0, book=1, conditions=["weakened"])  # 12 − 2 = 10 → tier 1
    assert result.test.tier == 1 and result.chaos == 3
    assert result.condition_reasons == ("weakened: a bane",)


def test_given_dice_are_used_and_a_given_chaos_die_that_is_not_needed_is_left() -> None:
    dice = CastDice(test=(6, 6), chaos=1, book=(6, 6), backlash=(1, 1))
    result = cast([], mind=0, dice=dice)
    assert (result.test.tier, result.chaos, result.backlash, result.book_after) == (
        2,
        None,
        None,
        2,
    )


def test_a_book_at_0_usage_dice_cannot_be_cast_and_nothing_is_rolled() -> None:
    with pytest.raises(BookEmptyError, match=r"no usage dice left.*rest restores") as caught:
        cast([], book=0)
    assert isinstance(caught.value, DomainError)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rank": 6}, "rank runs from 0 to 5"),
        ({"book": -1}, "usage dice run from 0 to 20"),
        ({"mind": 9}, "outside the characteristic range"),
        ({"dice": CastDice(test=(11, 1))}, "first test die shows 11"),
        ({"dice": CastDice(chaos=7)}, "chaos die shows 7"),
        ({"dice": CastDice(book=(3,))}, "needs exactly 2 faces, got 1"),
        ({"dice": CastDice(backlash=(0, 1))}, "backlash tens die shows 0"),
    ],
)
def test_bad_input_is_refused_before_any_die_is_rolled(options, message) -> None:
    with pytest.raises(ValueError, match=message):
        cast([], **options)


def test_a_table_that_is_not_d100_plus_rank_is_refused_before_rolling() -> None:
    small = RollableTable("Mishaps", "1d6", (TableRow(1, 6, "Oops", "instant"),))
    with pytest.raises(TableError, match="rolls 1d6, but a backlash is d100"):
        cast_spell(mind=0, rank=0, book_usage_dice=1, backlash_table=small, rng=ScriptedRandom())
    plain = RollableTable("Plain", "d100", (TableRow(1, 100, "Oops", "instant"),))
    with pytest.raises(TableError, match="at most 0, so it cannot be rolled for a rank 1 spell"):
        cast_spell(mind=0, rank=1, book_usage_dice=1, backlash_table=plain, rng=ScriptedRandom())


def test_a_seeded_cast_repeats_exactly() -> None:
    first = cast_spell(
        mind=1, rank=3, book_usage_dice=3, backlash_table=TABLE, rng=random.Random(99)
    )
    again = cast_spell(
        mind=1, rank=3, book_usage_dice=3, backlash_table=TABLE, rng=random.Random(99)
    )
    assert first == again
