"""Rolling parsed notation: kept dice, per-term breakdown, given faces and seeded repeatability."""

from __future__ import annotations

import random

import pytest

from refkit.dice import DiceValueError, TermRoll, parse_notation


@pytest.mark.parametrize(
    ("text", "faces", "kept", "total"),
    [
        ("4d6kh3", (6, 1, 4, 4), (6, 4, 4), 14),
        ("4d6k3", (6, 1, 4, 4), (6, 4, 4), 14),
        ("4d6kl1", (6, 1, 4, 4), (1,), 1),
        ("4d6kl2", (6, 1, 4, 4), (1, 4), 5),
        ("4d6dh1", (6, 1, 4, 4), (1, 4, 4), 9),
        ("4d6dl1", (6, 1, 4, 4), (6, 4, 4), 14),
        ("2d20kh1", (3, 17), (17,), 17),
        ("2d20kl1", (3, 17), (3,), 3),
        ("3d6kh2", (4, 6, 4), (4, 6), 10),  # of two equal dice, the earlier one is kept
        ("3d6kl1", (5, 2, 2), (2,), 2),
        ("2d6", (3, 5), (3, 5), 8),
    ],
)
def test_keep_and_drop_choose_the_right_dice(
    text: str, faces: tuple[int, ...], kept: tuple[int, ...], total: int
) -> None:
    roll = parse_notation(text).roll_with(faces)
    assert roll.dice == faces
    assert roll.kept == kept
    assert roll.total == total


def test_each_term_is_reported_with_its_sign() -> None:
    roll = parse_notation("2d6 + d4 - 1d8 + 3 - 2").roll_with([1, 2, 3, 4])
    assert roll.expression == "2d6+d4-1d8+3-2"
    assert roll.total == 1 + 2 + 3 - 4 + 3 - 2
    assert roll.terms == (
        TermRoll("2d6", 1, (1, 2), (1, 2), 3),
        TermRoll("d4", 1, (3,), (3,), 3),
        TermRoll("1d8", -1, (4,), (4,), -4),
        TermRoll("3", 1, (), (), 3),
        TermRoll("2", -1, (), (), -2),
    )


def test_a_constant_alone_rolls_no_dice() -> None:
    roll = parse_notation("-7").roll(random.Random(0))
    assert (roll.total, roll.dice, roll.kept) == (-7, (), ())


def test_a_roll_is_immutable() -> None:
    roll = parse_notation("d6").roll(random.Random(0))
    with pytest.raises(AttributeError):  # a SlotRecord, as frozen as a frozen dataclass
        roll.total = 99  # type: ignore[misc]


@pytest.mark.parametrize(
    ("faces", "label", "message"),
    [
        ([1, 2], "dice", "dice: expected 3 values, got 2"),
        ([1, 2, 3, 4], "--dice", "--dice: expected 3 values, got 4"),
        ([1, 7, 3], "--dice", "--dice: 7 is not a face of a d6 (value 2)"),
        ([0, 1, 3], "--dice", "--dice: 0 is not a face of a d6 (value 1)"),
        ([1, 2, 101], "--dice", "--dice: 101 is not a face of a d100 (value 3)"),
        ([1, True, 3], "--dice", "--dice: True is not a whole number (value 2)"),
        ([1, "2", 3], "--dice", "--dice: '2' is not a whole number (value 2)"),
    ],
)
def test_given_faces_must_fit_the_dice(faces: list[object], label: str, message: str) -> None:
    expression = parse_notation("2d6kh1+d%")
    with pytest.raises(DiceValueError) as caught:
        expression.roll_with(faces, label=label)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_given_faces_at_the_edges_are_legal() -> None:
    roll = parse_notation("2d6kh1+d%").roll_with([6, 1, 100])
    assert roll.total == 106


def test_a_seed_repeats_the_roll_and_global_randomness_plays_no_part() -> None:
    expression = parse_notation("10d10kh3 + 4d6 - d%")
    random.seed(1)
    first = expression.roll(random.Random(2024))
    random.seed(2)
    second = expression.roll(random.Random(2024))
    assert first == second
    assert first != expression.roll(random.Random(2025))


def test_a_roll_equals_evaluating_its_own_faces() -> None:
    expression = parse_notation("6d8dl2-3d4kl1+12")
    roll = expression.roll(random.Random(7))
    assert expression.roll_with(roll.dice) == roll
    assert len(roll.dice) == expression.dice_count == 9
    assert len(roll.kept) == 4 + 1


def test_d_percent_rolls_one_to_a_hundred() -> None:
    roll = parse_notation("1000d%").roll(random.Random(5))
    assert min(roll.dice) == 1
    assert max(roll.dice) == 100
    assert set(roll.dice) <= set(range(1, 101))


def test_every_face_of_a_die_can_come_up() -> None:
    roll = parse_notation("600d6").roll(random.Random(11))
    assert set(roll.dice) == {1, 2, 3, 4, 5, 6}
    assert roll.total == sum(roll.dice)
