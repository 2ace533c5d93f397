"""Reading dice notation: every construct, the normalised text, limits and error messages."""

from __future__ import annotations

import pytest

from refkit.dice import ConstantTerm, DiceNotationError, DiceTerm, parse_notation


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("4d6kh3+2", "4d6kh3+2"),
        (" 4 D6 K3 + 2 ", "4d6kh3+2"),
        ("4d6 kh 3", "4d6kh3"),
        ("2 d 6", "2d6"),
        ("2d6\t+\n1", "2d6+1"),
        ("d20", "d20"),
        ("1d20", "1d20"),
        ("d%", "d%"),
        ("2D%", "2d%"),
        ("4d6KL1", "4d6kl1"),
        ("4d6dh1", "4d6dh1"),
        ("4d6DL1", "4d6dl1"),
        ("-d6+1", "-d6+1"),
        ("2d6-1d4+03", "2d6-1d4+3"),
        ("007", "7"),
        ("-1000000", "-1000000"),
        ("0", "0"),
        ("1000d6", "1000d6"),
        ("500d6+500d4", "500d6+500d4"),
        ("2d2-d1000", "2d2-d1000"),
    ],
)
def test_notation_is_read_and_normalised(text: str, normalised: str) -> None:
    expression = parse_notation(text)
    assert expression.text == normalised
    assert str(expression) == normalised
    assert parse_notation(normalised) == expression


def test_a_dice_term_keeps_its_parts() -> None:
    (term,) = parse_notation("4d6k3").terms
    assert term == DiceTerm(count=4, sides=6, keep="kh", amount=3)
    assert term.kept == 3
    assert term.text == "4d6kh3"


def test_count_defaults_to_one_and_d_percent_is_a_d100() -> None:
    (term,) = parse_notation("d%").terms
    assert isinstance(term, DiceTerm)
    assert (term.count, term.sides, term.percentile, term.count_written) == (1, 100, True, False)


def test_signs_belong_to_their_terms() -> None:
    expression = parse_notation("-2d6 + 3 - d4kl1 - 5")
    assert [term.sign for term in expression.terms] == [-1, 1, -1, -1]
    assert expression.terms[1] == ConstantTerm(3)
    assert expression.terms[3] == ConstantTerm(5, negative=True)
    assert expression.text == "-2d6+3-d4kl1-5"


def test_drop_counts_are_turned_into_kept_counts() -> None:
    kept = [term.kept for term in parse_notation("5d6dh2+5d6dl1+5d6kl2+5d6").terms]
    assert kept == [3, 4, 2, 5]


def test_dice_are_counted_in_roll_order() -> None:
    expression = parse_notation("2d6+d%-3+1d4")
    assert expression.dice_count == 4
    assert expression.die_sides == (6, 6, 100, 4)


@pytest.mark.parametrize(
    ("text", "problem", "position"),
    [
        ("3d", "missing number of sides after 'd'", 3),
        ("3d+4", "missing number of sides after 'd'", 3),
        ("d+", "missing number of sides after 'd'", 2),
        ("2d6*3", "unexpected '*'", 4),
        ("d6.5", "unexpected '.'", 3),
        ("2d6 ²", "unexpected '²'", 5),
        ("2d6%", "unexpected '%'", 4),
        ("2d6 3", "unexpected '3'", 5),
        ("5kh2", "unexpected 'kh'", 2),
        ("4d6kh3kl2", "unexpected 'kl'", 7),
        ("4d6k h3", "unexpected 'h'", 6),
        ("2d6+", "missing a number or dice after '+'", 5),
        ("-", "missing a number or dice after '-'", 2),
        ("2d6--3", "expected a number or dice, found '-'", 5),
        ("+3", "expected a number or dice, found '+'", 1),
        ("1500d6", "too many dice: 1500 (at most 1000)", 1),
        ("600d6+401d6", "too many dice: 1001 in all (at most 1000)", 7),
        ("0d6", "the number of dice must be 1 to 1000, got 0", 1),
        ("d1", "a die must have 2 to 1000 sides, got 1", 2),
        ("3d0", "a die must have 2 to 1000 sides, got 0", 3),
        ("d1001", "a die must have 2 to 1000 sides, got 1001", 2),
        ("4d6kh5", "cannot keep 5 of 4 dice", 6),
        ("4d6kh0", "must keep at least 1 die", 6),
        ("4d6dl4", "cannot drop 4 of 4 dice (at least one must stay)", 6),
        ("4d6dh0", "must drop at least 1 die", 6),
        ("4d6kh", "missing how many dice to keep after 'kh'", 6),
        ("4d6dl+1", "missing how many dice to drop after 'dl'", 6),
        ("1000001", "number 1000001 is too large (at most 1000000)", 1),
        ("2+99999999999999999999999999", "number 999999999999… is too large", 3),
        ("99999999999999999999999999d6", "too many dice: 999999999999…", 1),
    ],
)
def test_malformed_notation_names_the_problem_and_position(
    text: str, problem: str, position: int
) -> None:
    with pytest.raises(DiceNotationError) as caught:
        parse_notation(text)
    message = str(caught.value)
    assert message.startswith(f"bad dice notation {text!r}: ")
    assert problem in message
    assert message.endswith(f" at position {position}")
    assert caught.value.position == position


def test_the_missing_sides_message_reads_in_full() -> None:
    with pytest.raises(DiceNotationError) as caught:
        parse_notation("3d")
    assert str(caught.value) == (
        "bad dice notation '3d': missing number of sides after 'd' at position 3"
    )


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_empty_notation_is_refused(text: str) -> None:
    with pytest.raises(DiceNotationError, match=r"empty expression$"):
        parse_notation(text)


def test_errors_are_value_errors_reported_in_reading_order() -> None:
    # The '+' after 'd' is reached before the stray '*', so it is the one reported.
    with pytest.raises(ValueError, match=r"missing number of sides after 'd' at position 3"):
        parse_notation("2d+*")


def test_long_notation_is_shortened_in_the_message() -> None:
    text = "1+" * 100 + "x"
    with pytest.raises(DiceNotationError) as caught:
        parse_notation(text)
    assert "…" in str(caught.value)
    assert str(caught.value).endswith("unexpected 'x' at position 201")


def test_exactly_one_thousand_dice_are_allowed_in_all() -> None:
    assert parse_notation("999d6+d4").dice_count == 1000
    with pytest.raises(DiceNotationError, match="too many dice: 1001 in all"):
        parse_notation("999d6+d4+d2")


def test_notation_must_be_text() -> None:
    with pytest.raises(TypeError, match="must be a string"):
        parse_notation(6)  # type: ignore[arg-type]


def test_terms_refuse_impossible_parts_when_built_directly() -> None:
    with pytest.raises(ValueError, match="cannot kh 5 of 4 dice"):
        DiceTerm(count=4, sides=6, keep="kh", amount=5)
    with pytest.raises(ValueError, match="2 to 1000 sides"):
        DiceTerm(count=1, sides=1)
    with pytest.raises(ValueError, match="0 to 1000000"):
        ConstantTerm(1_000_001)
