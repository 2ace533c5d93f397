"""The inventory sheet's slot geometry, without Qt, lands exactly where the Qt board put it.

``board_layout_before.json`` holds the ``QRectF`` values the GUI's ``compute_layout`` produced
before the geometry moved out of Qt (dumped once from that code, 2 line heights × 4 widths × 3
ground trays: narrow, wide and capped-growth boards, empty and flowing trays).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.present import (
    GROUND_PLACE,
    BoardMetrics,
    Place,
    Rect,
    SheetLayoutError,
    inventory_sheet,
    lay_out_sheet,
    minimum_width,
    read_inventory_sheet,
)
from refkit.rules.inventory.model import BACKPACK, GROUND, HAND, MAGIC

BEFORE = json.loads((Path(__file__).with_name("board_layout_before.json")).read_text())
SHEET = Path(__file__).resolve().parents[2] / "sheets" / "inventory.toml"


def numbers(rect: Rect) -> list[float]:
    return [rect.x, rect.y, rect.width, rect.height]


def place_of(key: str) -> Place:
    area, at = key.split(":")
    return Place(area, int(at) if at.isdigit() else at)


@pytest.mark.parametrize(
    "case", BEFORE, ids=[f"line{c['line']}-w{c['width']}-g{len(c['ground'])}" for c in BEFORE]
)
def test_every_rect_equals_what_the_qt_board_computed(case):
    metrics = BoardMetrics.from_line_height(case["line"])
    layout = lay_out_sheet(case["width"], metrics, case["ground"])
    assert layout.wide == case["wide"]
    assert layout.slot_width == case["slot_width"]
    assert list(layout.size) == case["size"]
    assert numbers(layout.status) == case["status"]
    assert {f"{p.area}:{p.at}": numbers(r) for p, r in layout.slots.items()} == case["slots"]
    assert {key: numbers(layout.card_area(place_of(key))) for key in case["card_areas"]} == case[
        "card_areas"
    ]
    assert {str(n): numbers(layout.wound_box(n)) for n in range(1, 11)} == case["wound_boxes"]
    assert {
        area: {"frame": numbers(f.frame), "title": numbers(f.title)}
        for area, f in layout.frames.items()
    } == case["frames"]
    assert [numbers(r) for r in layout.ground_cells] == case["ground_cells"]
    for key, pieces in case["spans"].items():
        area, at, slots = key.split(":")
        got = layout.span_pieces(area, int(at), int(slots))
        assert [[first, numbers(r)] for first, r in got] == pieces, key
    assert minimum_width(metrics) == case["minimum_width"]
    assert layout.metrics.slot_height == case["metrics_slot_height"]


def test_the_cases_cover_both_arrangements_and_a_flowing_tray():
    assert {case["wide"] for case in BEFORE} == {True, False}
    assert max(len(case["ground_cells"]) for case in BEFORE) > 8


def test_points_find_their_slot_the_ground_or_nothing():
    layout = lay_out_sheet(1366.0, BoardMetrics.from_line_height(17.0), [1])
    hand = layout.slots[Place(HAND, 1)]
    assert layout.place_at(*hand.center) == Place(HAND, 1)
    assert layout.place_at(hand.left, hand.top) == Place(HAND, 1)  # edges belong to the slot
    tray = layout.frames[GROUND].frame
    assert layout.place_at(tray.left + 1, tray.bottom - 1) == GROUND_PLACE
    assert layout.place_at(0.0, 0.0) is None
    wound = layout.wound_box(7)
    assert layout.wound_slot_at(*wound.center) == 7
    assert layout.place_at(*wound.center) == Place(BACKPACK, 7)
    assert layout.wound_slot_at(*hand.center) is None


def test_a_backpack_item_across_the_row_break_is_two_pieces():
    layout = lay_out_sheet(1366.0, BoardMetrics.from_line_height(17.0))
    pieces = layout.span_pieces(BACKPACK, 5, 2)
    assert [first for first, _rect in pieces] == [5, 6]
    assert numbers(pieces[0][1]) == pytest.approx(numbers(layout.card_area(Place(BACKPACK, 5))))
    whole = layout.span_pieces(BACKPACK, 2, 3)
    assert len(whole) == 1
    assert whole[0][1].left == layout.slots[Place(BACKPACK, 2)].left
    assert whole[0][1].right == layout.slots[Place(BACKPACK, 4)].right


def test_the_proportions_come_from_the_sheet_file():
    shipped = inventory_sheet()
    assert shipped == read_inventory_sheet(SHEET.read_text(encoding="utf-8"))
    roomy = replace(shipped, slot_height=shipped.slot_height * 2)
    tall = lay_out_sheet(300.0, BoardMetrics.from_line_height(10.0, roomy))
    plain = lay_out_sheet(300.0, BoardMetrics.from_line_height(10.0, shipped))
    assert tall.slots[Place(HAND, 1)].height == 2 * plain.slots[Place(HAND, 1)].height == 148.0
    assert not tall.wide and len([p for p in tall.slots if p.area == MAGIC]) == 6


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("min_width = 5.6", "min_width = -1", "[slot]: min_width must be more than zero, not -1"),
        ("height = 7.4", 'height = "tall"', "[slot]: height must be a number, not 'tall'"),
        ("wound_band = 1.45", "", "[spacing]: wound_band is missing"),
        ("[ground]", "[grund]", "the table [ground] is missing"),
        ("aspect = 0.76", "aspect = 0.76 0.8", "not valid TOML"),
    ],
)
def test_a_broken_sheet_says_which_file_table_and_key(old, new, message):
    text = SHEET.read_text(encoding="utf-8")
    assert old in text
    broken = text.replace(old, new, 1)
    with pytest.raises(SheetLayoutError) as raised:
        read_inventory_sheet(broken, "sheets/inventory.toml")
    assert str(raised.value).startswith("sheets/inventory.toml")
    assert message in str(raised.value)


def test_rect_follows_qt_rules_for_edges_and_empty_rects():
    rect = Rect(10.0, 20.0, 30.0, 40.0)
    assert (rect.right, rect.bottom, rect.center) == (40.0, 60.0, (25.0, 40.0))
    assert rect.contains(40.0, 60.0) and not rect.contains(40.5, 60.0)
    assert not Rect(5.0, 5.0, 0.0, 10.0).contains(5.0, 6.0)
    assert Rect(10.0, 10.0, -5.0, 5.0).contains(7.0, 12.0)  # Qt's answers, checked once
    assert not Rect(10.0, 10.0, -5.0, 5.0).contains(11.0, 12.0)
    assert rect.adjusted(1, 2, -3, -4) == Rect(11.0, 22.0, 26.0, 34.0)
    assert rect.united(Rect(0.0, 50.0, 5.0, 20.0)) == Rect(0.0, 20.0, 40.0, 50.0)
    assert rect.translated(-10, 5) == Rect(0.0, 25.0, 30.0, 40.0)
