"""Cut-out cards on a page: how many fit, where each is drawn, where the cut marks go (in mm)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.present import (
    CutMark,
    Paper,
    Rect,
    SheetLayoutError,
    card_sizes,
    lay_out_cards,
    papers,
    read_card_sizes,
    read_papers,
)


def corners(rects: tuple[Rect, ...]) -> list[tuple[float, float]]:
    return [(pytest.approx(r.x), pytest.approx(r.y)) for r in rects]


def test_the_shipped_sheets_hold_poker_cards_a4_and_letter():
    poker = card_sizes()["poker"]
    assert (poker.width, poker.height, poker.bleed, poker.gutter) == (63.0, 88.0, 3.0, 0.0)
    assert (papers()["a4"].width, papers()["a4"].height, papers()["a4"].margin) == (210, 297, 10)
    assert (papers()["letter"].width, papers()["letter"].height) == (215.9, 279.4)


def test_poker_cards_with_3mm_bleed_on_a4_are_two_by_two_centred_in_the_margins():
    sheet = lay_out_cards(papers()["a4"], card_sizes()["poker"])
    # Each card with its bleed is 69 × 94 mm; A4 inside 10 mm margins is 190 × 277 mm.
    assert (sheet.columns, sheet.rows, sheet.per_page, sheet.bleed) == (2, 2, 4, 3.0)
    # The 138 × 188 mm grid is centred: (190 - 138) / 2 = 26, (277 - 188) / 2 = 44.5.
    assert sheet.bleeds == (
        Rect(36.0, 54.5, 69.0, 94.0),
        Rect(105.0, 54.5, 69.0, 94.0),
        Rect(36.0, 148.5, 69.0, 94.0),
        Rect(105.0, 148.5, 69.0, 94.0),
    )
    assert sheet.trims == (
        Rect(39.0, 57.5, 63.0, 88.0),
        Rect(108.0, 57.5, 63.0, 88.0),
        Rect(39.0, 151.5, 63.0, 88.0),
        Rect(108.0, 151.5, 63.0, 88.0),
    )


def test_cut_marks_line_up_with_every_trim_edge_outside_the_grid():
    sheet = lay_out_cards(papers()["a4"], card_sizes()["poker"])
    # 1 mm off the grid's bleed edge, 4 mm long: the grid runs 36–174 across, 54.5–242.5 down.
    top = [CutMark(x, 49.5, x, 53.5) for x in (39.0, 102.0, 108.0, 171.0)]
    bottom = [CutMark(x, 243.5, x, 247.5) for x in (39.0, 102.0, 108.0, 171.0)]
    left = [CutMark(31.0, y, 35.0, y) for y in (57.5, 145.5, 151.5, 239.5)]
    right = [CutMark(175.0, y, 179.0, y) for y in (57.5, 145.5, 151.5, 239.5)]
    assert sheet.cut_marks == (*top, *bottom, *left, *right)


def test_without_bleed_nine_poker_cards_fit_a4_and_shared_edges_get_one_mark():
    sheet = lay_out_cards(papers()["a4"], card_sizes()["poker"], bleed=0.0)
    assert (sheet.columns, sheet.rows) == (3, 3)
    assert sheet.trims == sheet.bleeds
    xs, ys = (10.5, 73.5, 136.5), (16.5, 104.5, 192.5)
    assert corners(sheet.trims) == [(x, y) for y in ys for x in xs]
    assert len(sheet.cut_marks) == 16  # 4 trim lines each way, marked on both sides
    assert sheet.cut_marks[0] == CutMark(10.5, 11.5, 10.5, 15.5)
    assert sheet.cut_marks[-1] == CutMark(200.5, 280.5, 204.5, 280.5)


def test_letter_takes_four_with_bleed_and_six_without():
    letter = papers()["letter"]
    poker = card_sizes()["poker"]
    with_bleed = lay_out_cards(letter, poker)
    assert (with_bleed.columns, with_bleed.rows) == (2, 2)
    # 195.9 × 259.4 mm inside the margins: (195.9 - 138) / 2 = 28.95, (259.4 - 188) / 2 = 35.7.
    assert corners(with_bleed.bleeds) == [
        (38.95, 45.7),
        (107.95, 45.7),
        (38.95, 139.7),
        (107.95, 139.7),
    ]
    bare = lay_out_cards(letter, poker, bleed=0.0)
    assert (bare.columns, bare.rows, bare.per_page) == (3, 2, 6)
    assert corners(bare.trims)[:4] == [(13.45, 51.7), (76.45, 51.7), (139.45, 51.7), (13.45, 139.7)]


def test_a_gutter_separates_bleed_edges_and_an_exact_fit_fits():
    poker = replace(card_sizes()["poker"], gutter=2.0)
    # 3 cards of 69 mm and 2 gutters of 2 mm are exactly 211 mm: a page 231 mm wide holds 3.
    paper = Paper("exact", "Exact", 231.0, 297.0, 10.0)
    sheet = lay_out_cards(paper, poker)
    assert sheet.columns == 3
    assert [r.x for r in sheet.bleeds[:3]] == [10.0, 81.0, 152.0]
    assert lay_out_cards(replace(paper, width=230.9), poker).columns == 2


def test_pages_needed_for_a_deck():
    sheet = lay_out_cards(papers()["a4"], card_sizes()["poker"])
    assert [sheet.pages_for(n) for n in (0, 1, 4, 5, 9)] == [0, 1, 1, 2, 3]


def test_a_card_too_big_for_the_page_is_refused_with_its_size():
    small = Paper("a7", "A7", 74.0, 105.0, 10.0)
    with pytest.raises(SheetLayoutError, match=r"69 × 94 mm with its bleed.*A7 inside 10 mm"):
        lay_out_cards(small, card_sizes()["poker"])
    with pytest.raises(SheetLayoutError, match="bleed must be zero or more"):
        lay_out_cards(papers()["a4"], card_sizes()["poker"], bleed=-1.0)


def test_broken_card_and_paper_files_say_where():
    with pytest.raises(SheetLayoutError, match=r"cards.toml \[poker\]: height is missing"):
        read_card_sizes('[poker]\nlabel = "Poker"\nwidth = 63\n', "sheets/cards.toml")
    with pytest.raises(SheetLayoutError, match=r"paper.toml \[tiny\]: margin 50.0 mm leaves no"):
        read_papers('[tiny]\nlabel = "Tiny"\nwidth = 90\nheight = 120\nmargin = 50\n', "paper.toml")
    with pytest.raises(SheetLayoutError, match="no paper sizes"):
        read_papers("", "paper.toml")
