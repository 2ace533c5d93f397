"""A crow's printed character sheet: name and player, characteristics, Stamina, AD, speed,
cruelty, conditions, expertises with a box per use, the inventory laid out as the app's board
(:func:`refkit.present.sheet_layout.lay_out_sheet`) with each item's card face in its slots and
a wound box under each backpack slot, the play state, and the notes.

One page where it fits: notes that would print smaller than ``notes_min_size`` get a second page.
"""

from __future__ import annotations

import base64
import binascii
import io
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

from reportlab.lib.colors import HexColor, white
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from refkit.export.card_faces import INK, MUTED, RULE, draw_item_face
from refkit.export.fonts import BOLD, REGULAR
from refkit.export.pages import Page
from refkit.export.print_layout import print_layout
from refkit.export.text_fit import (
    LEADING,
    READABLE,
    Fitted,
    draw_fitted,
    draw_line,
    fit,
    fit_line,
    wrap,
)
from refkit.export.units import mm
from refkit.present.card_face import CardFace
from refkit.present.card_sheet import Paper
from refkit.present.geometry import Rect
from refkit.present.sheet_layout import (
    BoardMetrics,
    Place,
    SheetLayout,
    inventory_sheet,
    lay_out_sheet,
)
from refkit.rules.character.model import CHARACTERISTIC_NAMES, CONDITIONS, Character
from refkit.rules.inventory.model import BACKPACK, BELT, GROUND, HAND, MAGIC, Item

AREA_TITLES = {
    HAND: "Hands",
    BELT: "Belt",
    BACKPACK: "Backpack",
    MAGIC: "Magic items",
    GROUND: "On the ground",
}
SHADE = HexColor("#eeeeee")
WOUND = HexColor("#b00020")
NOTES_ROOM = 28.0
"""Millimetres kept under the board for the notes on page one."""
EXPERTISE_ROOM = 33.0
"""Millimetres the expertises may take; a long list gets more columns, then tighter lines."""
SMALLEST_BOARD_LINE = 2.6
"""Millimetres: a board that only fits at a smaller line leaves its ground cards to page 2."""


def draw_character_sheet(canvas: Canvas, character: Character, paper: Paper) -> int:
    """The sheet on one page, or two when the notes need it; returns the pages drawn."""
    look = print_layout().sheet
    page = Page(canvas, paper)
    left, right = paper.margin, paper.width - paper.margin
    y = paper.margin
    y = _header(page, character, left, right, y, look.header)
    y = _stats(page, character, left, right, y + look.gap / 2, look.stats)
    y = _conditions(page, character, left, right, y + look.gap / 2, look.conditions)
    y = _expertises(page, character, left, right, y + look.gap / 2, look.expertise_line)
    bottom = paper.height - paper.margin
    y, elsewhere = _board(
        page, character, left, right, y + look.gap, bottom - NOTES_ROOM, look.board_line
    )
    notes_box = Rect(left, y + look.gap, right - left, bottom - y - look.gap)
    notes = _notes_fitted(character.notes, notes_box, look.notes_size)
    notes_fit = notes is None or notes.size >= look.notes_min_size
    if notes_fit and not elsewhere:
        _notes(page, notes_box, notes, "Notes")
        canvas.showPage()
        return 1
    # Page 2: what the board could not show, then the notes that did not fit page 1.
    _notes(
        page,
        notes_box,
        notes if notes_fit else None,
        "Notes" if notes_fit else "Notes (continued on page 2)",
    )
    canvas.showPage()
    top = paper.margin
    canvas.setFillColor(INK)
    draw_line(
        canvas,
        f"{character.name} · page 2",
        BOLD,
        page.x(left),
        page.y(top + 6),
        (right - left) * mm,
        14,
    )
    top += 10
    if elsewhere:
        share = 1.0 if notes_fit else 0.5
        box = Rect(left, top, right - left, (bottom - top) * share - (0 if notes_fit else 2))
        _item_list(page, elsewhere, box)
        top = box.bottom + 4
    if not notes_fit:
        full = Rect(left, top, right - left, bottom - top)
        _notes(page, full, _notes_fitted(character.notes, full, look.notes_size), "Notes")
    canvas.showPage()
    return 2


def _item_list(page: Page, items: list[Item], box: Rect) -> None:
    """The items the board could not show, one a line with where they are, in two columns."""
    canvas = page.canvas
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.8)
    canvas.setFillColor(white)
    page.rect(box)
    canvas.setFillColor(INK)
    draw_line(
        canvas,
        "Also carried (not on the board)",
        BOLD,
        page.x(box.left + 2),
        page.y(box.top + 4.8),
        (box.width - 4) * mm,
        9,
    )
    inner = box.adjusted(2, 7, -2, -2)
    lines = [_item_line(item) for item in items]
    half = -(-len(lines) // 2)
    width = (inner.width - 4) / 2
    columns = ["\n".join(lines[:half]), "\n".join(lines[half:])]
    size = min(
        fit(text, REGULAR, width * mm, inner.height * mm, 9).size for text in columns if text
    )
    for index, text in enumerate(columns):
        if text:
            fitted = fit(text, REGULAR, width * mm, inner.height * mm, size)
            draw_fitted(canvas, fitted, page.x(inner.left + index * (width + 4)), page.y(inner.top))


def _item_line(item: Item) -> str:
    face = CardFace.from_item(item)
    numbers = [text for text in (face.count_text, face.ad_text, face.usage_text) if text]
    where = "on the ground" if item.area == GROUND else item.location
    return " · ".join([item.name, *numbers, where])


def _header(
    page: Page, crow: Character, left: float, right: float, top: float, height: float
) -> float:
    canvas = page.canvas
    portrait = _portrait(crow.portrait)
    if portrait is not None:
        side = height - 1
        canvas.drawImage(
            portrait,
            page.x(left),
            page.y(top + side),
            side * mm,
            side * mm,
            preserveAspectRatio=True,
            anchor="sw",
        )
        left += side + 2
    width = right - left
    canvas.setFillColor(INK)
    name_width = width * 0.64
    draw_line(
        canvas, crow.name, BOLD, page.x(left), page.y(top + height * 0.7), name_width * mm, 22
    )
    canvas.setFillColor(MUTED)
    player = f"Player: {crow.player}" if crow.player else "Player:"
    draw_line(
        canvas,
        player,
        REGULAR,
        page.x(left + name_width + 3),
        page.y(top + height * 0.7),
        (width - name_width - 3) * mm,
        11,
        align="right",
    )
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1.2)
    page.line(left, top + height, right, top + height)
    return top + height


PORTRAIT_DATA = "data:image/png;base64,"


def _portrait(text: str | None) -> ImageReader | None:
    """The crow's portrait (a PNG data URI, or the path of an image file) for the header; None
    without one, or when it cannot be read (the sheet prints without it)."""
    if not text:
        return None
    try:
        if text.startswith(PORTRAIT_DATA):
            data = base64.b64decode(text[len(PORTRAIT_DATA) :], validate=True)
            reader = ImageReader(io.BytesIO(data))
        else:
            path = Path(text).expanduser()
            if not path.is_file():
                return None
            reader = ImageReader(str(path))
        reader.getSize()  # reads the image now, so a broken one is left out here
    except (OSError, ValueError, binascii.Error):
        return None
    return reader


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _stats(
    page: Page, crow: Character, left: float, right: float, top: float, height: float
) -> float:
    chars = crow.characteristics.as_dict()
    speed = (
        str(crow.speed)
        if crow.speed == crow.speed_base
        else f"{crow.speed} (base {crow.speed_base})"
    )
    boxes = [(name.capitalize(), _signed(chars[name]), "") for name in CHARACTERISTIC_NAMES]
    boxes += [
        ("Stamina", f"{crow.stamina.current} / {crow.stamina.max}", "now / max"),
        ("AD", str(crow.armor_defense), "armour and shields"),
        ("Speed", speed, ""),
        ("Cruelty", str(crow.cruelty), ""),
    ]
    gap = 2.0
    width = (right - left - gap * (len(boxes) - 1)) / len(boxes)
    canvas = page.canvas
    for index, (label, value, hint) in enumerate(boxes):
        box = Rect(left + index * (width + gap), top, width, height)
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.8)
        canvas.setFillColor(white)
        page.rect(box)
        canvas.setFillColor(MUTED)
        draw_line(
            canvas,
            label.upper(),
            BOLD,
            page.x(box.left + 1.5),
            page.y(box.top + 3.6),
            (width - 3) * mm,
            6.5,
        )
        canvas.setFillColor(INK)
        draw_line(
            canvas,
            value,
            BOLD,
            page.x(box.left + 1.5),
            page.y(box.bottom - 3.2),
            (width - 3) * mm,
            15,
            align="centre",
        )
        if hint:
            canvas.setFillColor(MUTED)
            draw_line(
                canvas,
                hint,
                REGULAR,
                page.x(box.left + 1.5),
                page.y(box.bottom - 0.9),
                (width - 3) * mm,
                READABLE,
                align="centre",
                smallest=READABLE,
            )
    return top + height


def _conditions(
    page: Page, crow: Character, left: float, right: float, top: float, height: float
) -> float:
    canvas = page.canvas
    canvas.setFillColor(INK)
    label = "Conditions"
    draw_line(canvas, label, BOLD, page.x(left), page.y(top + height * 0.65), 30 * mm, 9)
    start = left + 24
    width = (right - start) / len(CONDITIONS)
    box = 3.4
    for index, condition in enumerate(CONDITIONS):
        x = start + index * width
        square = Rect(x, top + (height - box) / 2, box, box)
        held = condition in crow.conditions
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.7)
        canvas.setFillColor(INK if held else white)
        page.rect(square, fill=True)
        canvas.setFillColor(INK)
        draw_line(
            canvas,
            condition.capitalize(),
            BOLD if held else REGULAR,
            page.x(x + box + 1.2),
            page.y(top + height * 0.65),
            (width - box - 2) * mm,
            9,
        )
    return top + height


def _expertises(
    page: Page, crow: Character, left: float, right: float, top: float, line: float
) -> float:
    canvas = page.canvas
    canvas.setFillColor(INK)
    draw_line(canvas, "Expertises", BOLD, page.x(left), page.y(top + line * 0.7), 30 * mm, 9)
    if not crow.expertises:
        canvas.setFillColor(MUTED)
        draw_line(canvas, "none", REGULAR, page.x(left + 24), page.y(top + line * 0.7), 40 * mm, 9)
        return top + line
    start = left + 24
    # Two columns; a long list takes up to four and then tighter lines, within EXPERTISE_ROOM.
    count = len(crow.expertises)
    columns = 2
    while columns < 4 and -(-count // columns) * line > EXPERTISE_ROOM:
        columns += 1
    rows = -(-count // columns)
    line = min(line, EXPERTISE_ROOM / rows)
    column_width = (right - start) / columns
    box = min(3.2, line * 0.6)
    text_size = min(9.0, line * mm * 0.62)
    for index, expertise in enumerate(crow.expertises):
        column, row = divmod(index, rows)
        x = start + column * column_width
        baseline = top + row * line + line * 0.7
        boxes = expertise.uses
        boxes_width = min(column_width * 0.45, boxes * box * 1.35)
        size = min(box, boxes_width / max(1, boxes) / 1.35)
        text_width = column_width - boxes_width - 3
        canvas.setFillColor(INK)
        draw_line(
            canvas,
            f"{expertise.name} ({expertise.category})",
            REGULAR,
            page.x(x),
            page.y(baseline),
            text_width * mm,
            text_size,
        )
        bx = x + text_width + 1
        for use in range(boxes):
            square = Rect(bx + use * size * 1.35, top + row * line + (line - size) / 2, size, size)
            canvas.setStrokeColor(INK)
            canvas.setLineWidth(0.6)
            canvas.setFillColor(white)
            page.rect(square, fill=True)
            if use < expertise.spent:
                page.line(
                    square.left + 0.5, square.top + 0.5, square.right - 0.5, square.bottom - 0.5
                )
                page.line(
                    square.left + 0.5, square.bottom - 0.5, square.right - 0.5, square.top + 0.5
                )
    return top + rows * line


def board_layout(
    crow: Character, width: float, height: float, largest_line: float, *, ground: bool = True
) -> SheetLayout:
    """The board's layout in mm: the largest line height (up to ``largest_line``) at which the
    wide arrangement fits ``width`` × ``height`` (without the ground's cards unless ``ground``)."""
    cells = [item.slots for item in crow.items.ground] if ground else []
    look = print_layout().sheet
    # The shipped floors are screen pixels; on paper they are millimetres of their own.
    proportions = replace(
        inventory_sheet(), gap_floor=look.board_gap_floor, margin_floor=look.board_margin_floor
    )
    line = largest_line
    while True:
        metrics = BoardMetrics.from_line_height(line, proportions)
        # The wide arrangement reaches one gap past the width it is given (a screen scrolls
        # that away); on paper it is laid out one gap narrower so it stays inside the margins.
        layout = lay_out_sheet(width - metrics.gap, metrics, cells)
        fits = layout.size[0] <= width + 1e-6 and layout.size[1] <= height + 1e-6
        if (fits and layout.wide) or line <= 1.0:
            return layout
        line -= 0.05


def _board(
    page: Page, crow: Character, left: float, right: float, top: float, bottom: float, line: float
) -> tuple[float, list[Item]]:
    """Draw the board; returns its bottom and the items it could not show (for page 2)."""
    layout = board_layout(crow, right - left, bottom - top, line)
    ground_shown = True
    if layout.metrics.line < SMALLEST_BOARD_LINE and crow.items.ground:
        # So many things on the ground that the board would shrink past reading: the tray
        # says where they are and page 2 lists them.
        layout = board_layout(crow, right - left, bottom - top, line, ground=False)
        ground_shown = False
    dx = left + (right - left - layout.size[0]) / 2
    canvas = page.canvas

    def moved(box: Rect) -> Rect:
        return box.translated(dx, top)

    for area, frame in layout.frames.items():
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.8)
        canvas.setFillColor(white)
        page.rect(moved(frame.frame))
        canvas.setFillColor(INK)
        title = moved(frame.title)
        draw_line(
            canvas,
            AREA_TITLES.get(area, area),
            BOLD,
            page.x(title.left + 1.5),
            page.y(title.bottom - title.height * 0.3),
            (title.width - 3) * mm,
            8.5,
        )
    covered = _covered_places(crow)
    for place, cell in layout.slots.items():
        box = moved(cell)
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        canvas.setDash(1.5, 1.5)
        page.rect(box)
        canvas.setDash()
        if place in covered:  # under a card: its number would only muddle the text layer
            continue
        canvas.setFillColor(MUTED)
        label = str(place.at).capitalize() if place.area == MAGIC else str(place.at)
        draw_line(
            canvas,
            label,
            REGULAR,
            page.x(box.left + 1),
            page.y(box.top + 3),
            (box.width - 2) * mm,
            6,
        )
    wounds = crow.wound_slots
    for number in range(1, 11):
        box = moved(layout.wound_box(number)).adjusted(0.6, 0.4, -0.6, -0.4)
        wounded = number in wounds
        canvas.setStrokeColor(WOUND if wounded else RULE)
        canvas.setLineWidth(0.6)
        canvas.setFillColor(HexColor("#f6d5da") if wounded else white)
        page.rect(box, fill=True)
        canvas.setFillColor(WOUND if wounded else MUTED)
        draw_line(
            canvas,
            "WOUND ✕" if wounded else "Wound ( )",
            BOLD if wounded else REGULAR,
            page.x(box.left + 1),
            page.y(box.bottom - box.height * 0.28),
            (box.width - 2) * mm,
            7,
            align="centre",
        )
    placed, elsewhere = _placed_faces(crow, layout, ground_shown)
    for box, face in placed:
        inner = moved(box).adjusted(0.5, 0.5, -0.5, -0.5)
        with page.placed(inner) as (width, height):
            draw_item_face(canvas, face, width, height, details=False)
    if not ground_shown:
        tray = moved(layout.frames[GROUND].frame)
        canvas.setFillColor(MUTED)
        draw_line(
            canvas,
            f"{len(crow.items.ground)} things lie here: see page 2",
            REGULAR,
            page.x(tray.left + 30),
            page.y(tray.top + 4.2),
            (tray.width - 32) * mm,
            8.5,
        )
    _status(page, crow, moved(layout.status))
    return top + layout.size[1], elsewhere


def _covered_places(crow: Character) -> set[Place]:
    """Every slot an item's card lies on (all of a long item's slots, a magic item's slot)."""
    covered: set[Place] = set()
    for item in crow.items.items:
        if item.area == MAGIC:
            covered.add(Place(MAGIC, item.magic_slot))
        elif item.at is not None:
            covered.update(Place(item.area, item.at + step) for step in range(item.slots))
    return covered


def _placed_faces(
    crow: Character, layout: SheetLayout, ground_shown: bool = True
) -> tuple[list[tuple[Rect, CardFace]], list[Item]]:
    """Each item's face and the box it fills: its slots (one piece per sheet row), split among
    items sharing a first slot; ground items in the tray's cells. Also the items with no place
    on the board (a slot out of range, or the ground when it is not shown)."""
    elsewhere: list[Item] = []
    sharing: dict[tuple[str, str], list[Item]] = defaultdict(list)
    for item in crow.items.items:
        where = item.magic_slot if item.area == MAGIC else item.at
        sharing[(item.area, str(where))].append(item)
    placed: list[tuple[Rect, CardFace]] = []
    for (area, _), items in sharing.items():
        for index, item in enumerate(items):
            if area == MAGIC:
                place = Place(MAGIC, item.magic_slot)
                pieces = [layout.slots[place]] if place in layout.slots else []
            elif item.at is not None:
                pieces = [box for _, box in layout.span_pieces(area, item.at, item.slots)]
            else:
                pieces = []
            if not pieces:
                elsewhere.append(item)
            for piece in pieces:
                share = piece.height / len(items)
                placed.append(
                    (
                        Rect(piece.left, piece.top + index * share, piece.width, share),
                        CardFace.from_item(item),
                    )
                )
    if not ground_shown:
        return placed, [*elsewhere, *crow.items.ground]
    for item, cell in zip(crow.items.ground, layout.ground_cells, strict=True):
        placed.append((cell, CardFace.from_item(item)))
    return placed, elsewhere


def _status(page: Page, crow: Character, box: Rect) -> None:
    """The play state beside the backpack: speed, wounds, Stamina now and what to watch for."""
    canvas = page.canvas
    inner = box.adjusted(2.5, 3, -2, -2)
    lines = [
        (f"Speed {crow.speed}", True),
        (f"Wounds {len(crow.wound_slots)}/10", True),
        (f"Stamina {crow.stamina.current}/{crow.stamina.max}", True),
        (f"AD {crow.armor_defense}", False),
    ]
    if crow.wounded_item_slots:
        lines.append((f"−{len(crow.wounded_item_slots)} speed: wounds under items", False))
    if crow.cannot_rest:
        lines.append(("A doubled magic slot: no rest, 1d6 wounds each DT end", True))
    if crow.dead:
        lines.append(("DEAD: all ten backpack slots wounded", True))
    # One size for every line: the four numbers each on one line, and everything within the
    # column's height (the warnings under them may wrap).
    width = inner.width * mm
    size = min(fit_line(line, BOLD, width, 8.5) for line, _ in lines[:4])
    size = fit("\n".join(line for line, _ in lines), BOLD, width, inner.height * mm, size).size
    y = page.y(inner.top)
    canvas.setFillColor(INK)
    for line, strong in lines:
        font = BOLD if strong else REGULAR
        canvas.setFont(font, size)
        for piece in wrap(line, font, size, inner.width * mm):
            y -= size * LEADING
            canvas.drawString(page.x(inner.left), y + size * 0.3, piece)


def _notes_fitted(notes: str, box: Rect, size: float) -> Fitted | None:
    if not notes.strip():
        return None
    inner = box.adjusted(2, 7, -2, -2)
    return fit(notes, REGULAR, inner.width * mm, inner.height * mm, size)


def _notes(page: Page, box: Rect, notes: Fitted | None, title: str) -> None:
    canvas = page.canvas
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.8)
    canvas.setFillColor(white)
    page.rect(box)
    canvas.setFillColor(INK)
    draw_line(
        canvas, title, BOLD, page.x(box.left + 2), page.y(box.top + 4.8), (box.width - 4) * mm, 9
    )
    inner = box.adjusted(2, 7, -2, -2)
    if notes is None:
        canvas.setStrokeColor(SHADE)
        canvas.setLineWidth(0.5)
        y = inner.top + 6
        while y < inner.bottom:
            page.line(inner.left, y, inner.right, y)
            y += 6
        return
    canvas.setFillColor(INK)
    draw_fitted(canvas, notes, page.x(inner.left), page.y(inner.top))
