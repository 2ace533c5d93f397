"""Random sources, single dice and die values typed on the command line."""

from __future__ import annotations

import random

import pytest

from refkit.dice import DiceValueError, make_rng, parse_dice_values, roll_die
from refkit.dice.rng import SEED_BITS


def draws(rng: random.Random) -> list[int]:
    return [rng.randint(1, 1000) for _ in range(20)]


def test_a_given_seed_is_used_and_returned() -> None:
    rng, seed = make_rng(1234)
    assert seed == 1234
    assert draws(rng) == draws(random.Random(1234))


def test_without_a_seed_a_fresh_one_is_drawn_and_replays_the_roll() -> None:
    rng, seed = make_rng(None)
    assert 0 <= seed < 2**SEED_BITS
    first = draws(rng)
    replay, same_seed = make_rng(seed)
    assert same_seed == seed
    assert draws(replay) == first
    assert make_rng(None)[1] != seed  # a 1 in 2**53 chance of a false alarm


@pytest.mark.parametrize("seed", ["5", 2.0, True])
def test_a_seed_must_be_a_whole_number(seed: object) -> None:
    with pytest.raises(TypeError, match="seed must be a whole number"):
        make_rng(seed)  # type: ignore[arg-type]


def test_roll_die_covers_every_face_and_nothing_else() -> None:
    rng = random.Random(3)
    faces = {roll_die(rng, 6) for _ in range(300)}
    assert faces == {1, 2, 3, 4, 5, 6}
    assert {roll_die(rng, 1000) for _ in range(50)} <= set(range(1, 1001))


@pytest.mark.parametrize("sides", [0, 1, 1001])
def test_roll_die_refuses_impossible_dice(sides: int) -> None:
    with pytest.raises(ValueError, match="2 to 1000 sides"):
        roll_die(random.Random(0), sides)


def test_die_values_are_read_in_order() -> None:
    assert parse_dice_values("7,9", sides=10, count=2) == (7, 9)
    assert parse_dice_values(" 10 , 1 ", sides=10, count=2) == (10, 1)
    assert parse_dice_values("3,95", sides=[6, 100]) == (3, 95)
    assert parse_dice_values("1,2,3,4,5,6,6", sides=6) == (1, 2, 3, 4, 5, 6, 6)


@pytest.mark.parametrize(
    ("text", "sides", "count", "message"),
    [
        ("7,11", 10, 2, "--dice: 11 is not a face of a d10 (value 2)"),
        ("0", 10, 1, "--dice: 0 is not a face of a d10 (value 1)"),
        ("-3,4", 10, 2, "--dice: -3 is not a face of a d10 (value 1)"),
        ("7,95", [6, 100], None, "--dice: 7 is not a face of a d6 (value 1)"),
        ("7,9,3", 10, 2, "--dice: expected 2 values, got 3"),
        ("7", 10, 2, "--dice: expected 2 values, got 1"),
        ("1,2", [6, 6, 6], None, "--dice: expected 3 values, got 2"),
        ("2,3", 6, 1, "--dice: expected 1 value, got 2"),
        ("x", 10, 1, "--dice: 'x' is not a whole number (value 1)"),
        ("4,1.5", 10, 2, "--dice: '1.5' is not a whole number (value 2)"),
        ("4,٣", 10, 2, "--dice: '٣' is not a whole number (value 2)"),
        ("7,,9", 10, 3, "--dice: value 2 is empty"),
        ("", 10, 2, "--dice: no values given"),
        ("  ", 10, None, "--dice: no values given"),
        ("1" * 30, 10, 1, "--dice: value 1 is far too large to be a die face"),
    ],
)
def test_bad_die_values_are_named(
    text: str, sides: int | list[int], count: int | None, message: str
) -> None:
    with pytest.raises(DiceValueError) as caught:
        parse_dice_values(text, sides, count)
    assert str(caught.value) == message


def test_the_option_name_starts_the_message() -> None:
    with pytest.raises(DiceValueError, match=r"^--ud-dice: 7 is not a face of a d6 \(value 1\)$"):
        parse_dice_values("7", sides=6, label="--ud-dice")


def test_more_than_a_thousand_values_are_refused() -> None:
    with pytest.raises(DiceValueError, match="too many values: 1001"):
        parse_dice_values(",".join(["1"] * 1001), sides=6)


def test_a_count_that_contradicts_the_dice_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="does not match"):
        parse_dice_values("1,2", sides=[6, 6], count=3)
    with pytest.raises(ValueError, match="2 to 1000 sides"):
        parse_dice_values("1", sides=1)
