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
    a4 = papers()["a4"]
    assert (a4.width, a4.height, a4.margin, a4.edge) == (210, 297, 10, 4)
    assert (papers()["letter"].width, papers()["letter"].height) == (215.9, 279.4)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [None, 0.0, 3.0])
def test_nine_poker_cards_a_page_on_a4_and_letter_at_the_default_bleed(paper, bleed):
    """Issue 27 item 4: shared cut lines, the bleed printed once around the grid."""
    sheet = lay_out_cards(papers()[paper], card_sizes()["poker"], bleed)
    assert (sheet.columns, sheet.rows, sheet.per_page) == (3, 3, 9)
    edge = papers()[paper].edge
    for box in sheet.bleeds:  # nothing reaches the strip a printer cannot print
        assert box.left >= edge - 1e-9 and box.top >= edge - 1e-9
        assert box.right <= sheet.paper.width - edge + 1e-9
        assert box.bottom <= sheet.paper.height - edge + 1e-9
    for mark in sheet.cut_marks:
        assert min(mark.x1, mark.x2) >= edge - 1e-9 and min(mark.y1, mark.y2) >= edge - 1e-9
        assert max(mark.x1, mark.x2) <= sheet.paper.width - edge + 1e-9
        assert max(mark.y1, mark.y2) <= sheet.paper.height - edge + 1e-9


def test_poker_cards_with_3mm_bleed_on_a4_share_their_cut_lines_centred_on_the_page():
    sheet = lay_out_cards(papers()["a4"], card_sizes()["poker"])
    assert sheet.bleed == 3.0
    # The 189 × 264 mm grid is centred: (210 - 189) / 2 = 10.5, (297 - 264) / 2 = 16.5.
    xs, ys = (10.5, 73.5, 136.5), (16.5, 104.5, 192.5)
    assert corners(sheet.trims) == [(x, y) for y in ys for x in xs]
    # Neighbours touch: the bleed runs only around the grid's outside.
    assert sheet.bleeds[0] == Rect(7.5, 13.5, 66.0, 91.0)
    assert sheet.bleeds[4] == sheet.trims[4]
    assert sheet.bleeds[8] == Rect(136.5, 192.5, 66.0, 91.0)


def test_cut_marks_line_up_with_every_trim_edge_outside_the_bleed():
    sheet = lay_out_cards(papers()["a4"], card_sizes()["poker"])
    # 1 mm off the grid's bleed edge (3 mm out), 4 mm long; one mark per shared line.
    xs, ys = (10.5, 73.5, 136.5, 199.5), (16.5, 104.5, 192.5, 280.5)
    top = [CutMark(x, 8.5, x, 12.5) for x in xs]
    bottom = [CutMark(x, 284.5, x, 288.5) for x in xs]
    # Only 6.5 mm from the side trim edges to the 4 mm edge: those marks move in, over the bleed.
    left = [CutMark(4.0, y, 8.0, y) for y in ys]
    right = [CutMark(202.0, y, 206.0, y) for y in ys]
    assert sheet.cut_marks == (*top, *bottom, *left, *right)


def test_a_mark_short_of_room_moves_in_over_the_bleed_but_never_into_a_card():
    letter = papers()["letter"]
    sheet = lay_out_cards(letter, card_sizes()["poker"])
    top = [mark for mark in sheet.cut_marks if mark.x1 == mark.x2 and mark.y2 < 100]
    # The grid's top trim edge is 7.7 mm down: the mark runs from the 4 mm edge to it.
    assert {(round(m.y1, 6), round(m.y2, 6)) for m in top} == {(4.0, 7.7)}
    no_room = replace(letter, edge=7.7)
    assert lay_out_cards(no_room, card_sizes()["poker"], 0.0).per_page == 9
    marks = lay_out_cards(no_room, card_sizes()["poker"], 0.0).cut_marks
    assert all(not (mark.x1 == mark.x2 and mark.y2 < 100) for mark in marks)


def test_without_bleed_shared_edges_get_one_mark():
    sheet = lay_out_cards(papers()["a4"], card_sizes()["poker"], bleed=0.0)
    assert (sheet.columns, sheet.rows) == (3, 3)
    assert sheet.trims == sheet.bleeds
    assert len(sheet.cut_marks) == 16  # 4 trim lines each way, marked on both sides
    assert sheet.cut_marks[0] == CutMark(10.5, 11.5, 10.5, 15.5)
    assert sheet.cut_marks[-1] == CutMark(200.5, 280.5, 204.5, 280.5)


def test_a_wide_bleed_takes_room_only_once():
    sheet = lay_out_cards(papers()["letter"], card_sizes()["poker"], bleed=10.0)
    # 2 × 63 + 20 = 146 mm across (3 would be 209 > 207.9); 2 × 88 + 20 = 196 down.
    assert (sheet.columns, sheet.rows) == (2, 2)


def test_a_gutter_gives_each_card_half_of_it_as_bleed_and_an_exact_fit_fits():
    poker = replace(card_sizes()["poker"], gutter=2.0)
    # 3 cards of 63 mm, 2 gutters of 2 mm and 3 mm bleed each side: 199 mm; a page 207 mm wide
    # with a 4 mm edge holds exactly 3.
    paper = Paper("exact", "Exact", 207.0, 297.0, 10.0, 4.0)
    sheet = lay_out_cards(paper, poker)
    assert sheet.columns == 3
    assert [r.x for r in sheet.trims[:3]] == [7.0, 72.0, 137.0]
    assert sheet.bleeds[1] == sheet.trims[1].adjusted(-1.0, -3.0, 1.0, 1.0)
    assert lay_out_cards(replace(paper, width=206.9), poker).columns == 2


def test_pages_needed_for_a_deck():
    sheet = lay_out_cards(papers()["a4"], card_sizes()["poker"])
    assert [sheet.pages_for(n) for n in (0, 1, 9, 10, 19)] == [0, 1, 1, 2, 3]


def test_a_card_too_big_for_the_page_is_refused_with_its_size():
    small = Paper("a7", "A7", 74.0, 105.0, 10.0, 4.0)
    with pytest.raises(SheetLayoutError, match=r"69 × 94 mm with its bleed.*A7 inside its 4 mm"):
        lay_out_cards(small, card_sizes()["poker"])
    with pytest.raises(SheetLayoutError, match="bleed must be zero or more"):
        lay_out_cards(papers()["a4"], card_sizes()["poker"], bleed=-1.0)


def test_broken_card_and_paper_files_say_where():
    with pytest.raises(SheetLayoutError, match=r"cards.toml \[poker\]: height is missing"):
        read_card_sizes('[poker]\nlabel = "Poker"\nwidth = 63\n', "sheets/cards.toml")
    with pytest.raises(SheetLayoutError, match=r"paper.toml \[tiny\]: margin 50.0 mm leaves no"):
        read_papers(
            '[tiny]\nlabel = "Tiny"\nwidth = 90\nheight = 120\nmargin = 50\nedge = 4\n',
            "paper.toml",
        )
    with pytest.raises(SheetLayoutError, match="no paper sizes"):
        read_papers("", "paper.toml")
    with pytest.raises(SheetLayoutError, match=r"paper.toml \[a4\]: edge is missing"):
        read_papers('[a4]\nlabel = "A4"\nwidth = 210\nheight = 297\nmargin = 10\n', "paper.toml")


def test_a_part_full_page_prints_bleed_towards_its_empty_slots():
    sheet = lay_out_cards(papers()["a4"], card_sizes()["poker"])
    # Four cards: the fourth starts row two; nothing right of it or below it.
    fourth = sheet.printed_box(3, 4)
    assert fourth == sheet.trims[3].adjusted(-3.0, 0.0, 3.0, 3.0)
    # The second card has the fifth slot (empty) below it, the first card's is the fourth (full).
    assert sheet.printed_box(1, 4).bottom == sheet.trims[1].bottom + 3.0
    assert sheet.printed_box(0, 4).bottom == sheet.trims[0].bottom
    assert sheet.printed_box(4, 9) == sheet.bleeds[4]
