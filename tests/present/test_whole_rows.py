"""Whole rows: how many fit, the blank left under them, scroll positions on row tops."""

from __future__ import annotations

from refkit.present.whole_rows import blank_below, rows_that_fit, snapped


def test_the_rows_that_fit_count_no_spacing_after_the_last() -> None:
    # Rows of 49 px with 4 px between them: three take 49 * 3 + 4 * 2 = 155 px.
    assert rows_that_fit(155, 53, 4) == 3
    assert rows_that_fit(154, 53, 4) == 2
    assert rows_that_fit(20, 53, 4) == 1  # a view shorter than a row still shows one
    assert rows_that_fit(300, 0, 4) == 0


def test_the_blank_below_is_what_a_part_row_would_have_taken() -> None:
    assert blank_below(191, 53, 4) == 191 - 155
    assert blank_below(155, 53, 4) == 0
    assert blank_below(191, 0, 4) == 0


def test_scrolling_lands_on_row_tops_within_the_range() -> None:
    assert snapped(30, 53, 159) == 53
    assert snapped(20, 53, 159) == 0
    assert snapped(150, 53, 159) == 159
    assert snapped(500, 53, 159) == 159
    assert snapped(17, 0, 159) == 17
