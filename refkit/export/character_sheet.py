"""A crow's printed character sheet: name and player, characteristics, Stamina, AD, speed,
cruelty, conditions, expertises with a box per use, the inventory laid out as the app's board
(:func:`refkit.present.sheet_layout.lay_out_sheet`) with each item's card face in its slots and
a wound box under each backpack slot, the play state, and the notes.

One page where it fits: notes that would print smaller than ``notes_min_size`` get a second page.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from refkit.export.card_faces import INK, MUTED, RULE, draw_continuation, draw_item_face
from refkit.export.fonts import BOLD, REGULAR
from refkit.export.pages import Page
from refkit.export.print_layout import print_layout
from refkit.export.sheet_form import SheetForm
from refkit.export.sheet_progress import progress
from refkit.export.sheet_top import WRITE_LINE, conditions, expertises, header, stats, title_band
from refkit.export.text_fit import (
    LEADING,
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
    EXTRA_BELT,
    BoardMetrics,
    Place,
    SheetLayout,
    inventory_sheet,
    lay_out_sheet,
)
from refkit.rules.character.model import Character
from refkit.rules.character.slot_traits import inventory_rules
from refkit.rules.inventory.model import BACKPACK, BELT, GROUND, HAND, MAGIC, Item

AREA_TITLES = {
    HAND: "Hands",
    BELT: "Belt",
    EXTRA_BELT: "Belt +1",
    BACKPACK: "Backpack",
    MAGIC: "Magic items",
    GROUND: "On the ground",
}
WOUND = HexColor("#b00020")
NOTES_ROOM = 28.0
"""Millimetres kept under the board for the notes on page one."""
SMALLEST_BOARD_LINE = 2.6
"""Millimetres: a board that only fits at a smaller line leaves its ground cards to page 2."""


def draw_character_sheet(
    canvas: Canvas, character: Character, paper: Paper, form_prefix: str | None = None
) -> int:
    """The sheet on one page, or two when the notes need it; returns the pages drawn. With a
    ``form_prefix`` (unique in the document) the sheet is fillable: its fields are named so."""
    look = print_layout().sheet
    form = SheetForm(canvas, form_prefix) if form_prefix is not None else None
    page = Page(canvas, paper, form)
    left, right = paper.margin, paper.width - paper.margin
    y = title_band(page, left, right, paper.margin)
    y = header(page, character, left, right, y + 1, look.header)
    y = stats(page, character, left, right, y + look.gap / 2, look.stats)
    y = conditions(page, character, left, right, y + look.gap / 2, look.conditions)
    y = expertises(page, character, left, right, y + look.gap / 2, look.expertise_line)
    y = progress(page, character, left, right, y, gap=look.gap / 2)
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
        fillable=notes_fit,
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
        fitted = _notes_fitted(character.notes, full, look.notes_size)
        _notes(page, full, fitted, "Notes")
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


def board_layout(
    crow: Character, width: float, height: float, largest_line: float, *, ground: bool = True
) -> SheetLayout:
    """The board's layout in mm: the largest line height (up to ``largest_line``) at which the
    wide arrangement fits ``width`` × ``height`` (without the ground's cards unless ``ground``)."""
    cells = [item.slots for item in crow.items.ground] if ground else []
    belt_slots = inventory_rules(crow).size(BELT)
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
        layout = lay_out_sheet(width - metrics.gap, metrics, cells, belt_slots)
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
    # Centred on what is drawn (the frames), not on the layout's size, whose margins are a
    # screen's: the frames sit as far from the left margin as from the right.
    drawn = [frame.frame for frame in layout.frames.values()]
    drawn_left = min(box.left for box in drawn)
    drawn_right = max(box.right for box in drawn)
    dx = left + (right - left - (drawn_right - drawn_left)) / 2 - drawn_left
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
        if page.form is not None:
            words = "WOUND" if wounded else "Wound"
        else:
            words = "WOUND ✕" if wounded else "Wound ( )"
        draw_line(
            canvas,
            words,
            BOLD if wounded else REGULAR,
            page.x(box.left + 1),
            page.y(box.bottom - box.height * 0.28),
            (box.width - 2) * mm,
            7,
            align="centre",
        )
        if page.form is not None:
            side = box.height - 1.2
            page.form.checkbox(
                "wound",
                page.x(box.right - side - 0.6),
                page.y(box.bottom - 0.6),
                side * mm,
                checked=wounded,
            )
    placed, elsewhere = _placed_faces(crow, layout, ground_shown)
    for box, face, continued in placed:
        inner = moved(box).adjusted(0.5, 0.5, -0.5, -0.5)
        with page.placed(inner) as (width, height):
            if continued:
                draw_continuation(canvas, face, width, height)
            else:
                draw_item_face(canvas, face, width, height, details=False, form=page.form)
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
    for item in inventory_rules(crow).shaping.inventory(crow.items).items:
        if item.area == MAGIC:
            covered.add(Place(MAGIC, item.magic_slot))
        elif item.at is not None:
            covered.update(Place(item.area, item.at + step) for step in range(item.slots))
    return covered


def _placed_faces(
    crow: Character, layout: SheetLayout, ground_shown: bool = True
) -> tuple[list[tuple[Rect, CardFace, bool]], list[Item]]:
    """Each item's face and the box it fills: its slots (one piece per sheet row, the pieces
    after the first marked as its continuation), split among items sharing a first slot; ground
    items in the tray's cells. Also the items with no place on the board (a slot out of range,
    or the ground when it is not shown)."""
    elsewhere: list[Item] = []
    sharing: dict[tuple[str, str], list[Item]] = defaultdict(list)
    for item in inventory_rules(crow).shaping.inventory(crow.items).items:  # Second Skin
        where = item.magic_slot if item.area == MAGIC else item.at
        sharing[(item.area, str(where))].append(item)
    placed: list[tuple[Rect, CardFace, bool]] = []
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
            face = CardFace.from_item(item)
            for number, piece in enumerate(pieces):
                share = piece.height / len(items)
                box = Rect(piece.left, piece.top + index * share, piece.width, share)
                placed.append((box, face, number > 0))
    if not ground_shown:
        return placed, [*elsewhere, *crow.items.ground]
    for item, cell in zip(crow.items.ground, layout.ground_cells, strict=True):
        placed.append((cell, CardFace.from_item(item), False))
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


def _notes(page: Page, box: Rect, notes: Fitted | None, title: str, fillable: bool = True) -> None:
    """The notes box with ``notes`` set in it, lines to write on below them. On a fillable sheet
    (unless ``fillable`` is False: the notes go on to the next page) the room under the printed
    notes is a text field for what the player adds."""
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
    top = inner.top
    if notes is not None:
        canvas.setFillColor(INK)
        under = draw_fitted(canvas, notes, page.x(inner.left), page.y(inner.top))
        top = page.paper.height - under / mm + 2
    if page.form is not None and fillable and inner.bottom - top >= 6:
        page.form.text(
            "notes",
            page.x(inner.left),
            page.y(inner.bottom),
            inner.width * mm,
            (inner.bottom - top) * mm,
            "",
            size=9,
            multiline=True,
        )
    canvas.setStrokeColor(WRITE_LINE)
    canvas.setLineWidth(0.4)
    y = top + 6
    while y < inner.bottom:
        page.line(inner.left, y, inner.right, y)
        y += 6
