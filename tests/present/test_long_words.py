"""Over-long words are shortened for a wrapped label; the rest of the text is kept as it is."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.present.long_words import LONGEST_WORD, shorten_long_words


def test_a_long_word_is_cut_with_an_ellipsis_and_short_words_are_kept() -> None:
    text = "⚠ 'WWWWWWWWWWWWWWW' is not one of the 36 backgrounds\n✗ too heavy"
    assert shorten_long_words(text, longest=12) == (
        "⚠ 'WWWWWWWWWW… is not one of the 36 backgrounds\n✗ too heavy"
    )
    assert shorten_long_words("a" * LONGEST_WORD) == "a" * LONGEST_WORD
    assert shorten_long_words("a" * (LONGEST_WORD + 1)) == "a" * (LONGEST_WORD - 1) + "…"


def test_a_limit_too_small_to_hold_an_ellipsis_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        shorten_long_words("anything", longest=1)


@given(st.text(), st.integers(min_value=2, max_value=60))
def test_no_word_is_left_longer_than_the_limit(text: str, longest: int) -> None:
    shown = shorten_long_words(text, longest)
    assert all(len(word) <= longest for word in shown.split())
    assert shown.count("\n") == text.count("\n")
