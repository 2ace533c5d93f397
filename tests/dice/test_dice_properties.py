"""Properties of any well-formed notation: rolls stay in range, seeds repeat, odds are exact."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from refkit.dice import DiceExpression, parse_notation

SIDES = st.sampled_from(["2", "3", "4", "6", "8", "10", "12", "20", "100", "%", "1000"])


@st.composite
def dice_texts(draw: st.DrawFn, max_count: int, sides: st.SearchStrategy[str]) -> str:
    """One dice term, in random letter case, with an optional keep/drop suffix."""
    count = draw(st.integers(1, max_count))
    written = draw(st.sampled_from(["", str(count)])) if count == 1 else str(count)
    letter = draw(st.sampled_from(["d", "D"]))
    text = f"{written}{letter}{draw(sides)}"
    mode = draw(st.sampled_from(["", "kh", "k", "kl", "dh", "dl", "KH", "Dl"]))
    if mode.lower() in ("kh", "k", "kl"):
        text += f"{mode}{draw(st.integers(1, count))}"
    elif mode and count > 1:
        text += f"{mode}{draw(st.integers(1, count - 1))}"
    return text


@st.composite
def expressions(
    draw: st.DrawFn,
    max_terms: int = 4,
    max_count: int = 8,
    sides: st.SearchStrategy[str] = SIDES,
    max_constant: int = 1000,
) -> str:
    """Whole notation: terms joined by + and -, a possible leading -, spaces between tokens."""
    terms = draw(st.integers(1, max_terms))
    parts = []
    for index in range(terms):
        sign = draw(st.sampled_from(["+", "-"] if index else ["", "-"]))
        term = draw(
            st.one_of(
                dice_texts(max_count, sides),
                st.integers(0, max_constant).map(str),
            )
        )
        space = draw(st.sampled_from(["", " ", "  "]))
        parts.append(f"{sign}{space}{term}{space}")
    return "".join(parts)


def brute_force(expression: DiceExpression) -> dict[int, Fraction]:
    ranges = (range(1, sides + 1) for sides in expression.die_sides)
    totals = Counter(expression.roll_with(faces).total for faces in itertools.product(*ranges))
    whole = sum(totals.values())
    return {total: Fraction(count, whole) for total, count in sorted(totals.items())}


@given(text=expressions(), seed=st.integers(0, 2**53))
def test_a_roll_lies_between_min_and_max_and_repeats_with_its_seed(text: str, seed: int) -> None:
    expression = parse_notation(text)
    roll = expression.roll(random.Random(seed))
    assert expression.min() <= roll.total <= expression.max()
    assert expression.roll(random.Random(seed)) == roll
    assert len(roll.dice) == expression.dice_count
    assert all(
        1 <= face <= sides for face, sides in zip(roll.dice, expression.die_sides, strict=True)
    )
    assert expression.roll_with(roll.dice) == roll
    assert roll.total == sum(term.value for term in roll.terms)


@given(text=expressions())
def test_normalised_text_reads_back_to_the_same_expression(text: str) -> None:
    expression = parse_notation(text)
    assert parse_notation(expression.text) == expression
    assert " " not in expression.text
    assert expression.text == expression.text.lower()


@settings(max_examples=60, deadline=None)
@given(text=expressions(max_terms=3, max_count=3, sides=st.sampled_from(["2", "3", "4", "6"])))
def test_odds_of_small_expressions_match_every_possible_roll(text: str) -> None:
    expression = parse_notation(text)
    assume(expression.dice_count <= 5)  # keeps brute force under 6**5 rolls
    odds = expression.odds()
    assert odds == brute_force(expression)
    assert set(odds) == set(expression.distribution().outcomes())


@settings(deadline=None)
@given(text=expressions(max_terms=3, max_count=6, sides=st.sampled_from(["4", "6", "10", "20"])))
def test_odds_sum_to_one_and_agree_with_min_max_mean(text: str) -> None:
    expression = parse_notation(text)
    odds = expression.odds()
    assert sum(odds.values()) == 1
    assert min(odds) == expression.min()
    assert max(odds) == expression.max()
    assert sum(total * p for total, p in odds.items()) == expression.mean()
