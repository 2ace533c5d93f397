"""The top of a crow's printed sheet, above the inventory board: the title band, the name (two
lines when it needs them) with the portrait and the player, the characteristics, Stamina, AD,
speed, cruelty and a coins box, the conditions, and the expertises with a box per use.

Positions are millimetres down from the page's top (see :class:`refkit.export.pages.Page`); each
part returns the y under it.
"""

from __future__ import annotations

import base64
import binascii
import io
from pathlib import Path

from reportlab.lib.colors import HexColor, white
from reportlab.lib.utils import ImageReader

from refkit import __version__
from refkit.export.card_faces import INK, MUTED, RULE
from refkit.export.fonts import BOLD, REGULAR
from refkit.export.pages import Page
from refkit.export.text_fit import READABLE, draw_fitted, draw_line, fit, fit_line
from refkit.export.units import mm
from refkit.present.geometry import Rect
from refkit.rules.character.model import CHARACTERISTIC_NAMES, CONDITIONS, Character

TITLE_BAND = 5.0
"""Millimetres: the dark band at the top naming the game and the sheet."""
WRITE_LINE = HexColor("#8a8a8a")
"""A line to write on: dark enough that every printer prints it."""
EXPERTISE_ROOM = 33.0
"""Millimetres the expertises may take; a long list gets more columns, then tighter lines."""
PORTRAIT_DATA = "data:image/png;base64,"


def title_band(page: Page, left: float, right: float, top: float) -> float:
    """The band that says what the page is: the game, the sheet, and what printed it."""
    canvas = page.canvas
    band = Rect(left, top, right - left, TITLE_BAND)
    canvas.setFillColor(INK)
    page.rect(band, stroke=False, fill=True)
    canvas.setFillColor(white)
    baseline = page.y(band.bottom - 1.5)
    draw_line(canvas, "CROWS · CHARACTER SHEET", BOLD, page.x(left + 2), baseline, 90 * mm, 8)
    draw_line(
        canvas,
        f"Fortune or Death · printed by Refkit {__version__}",
        REGULAR,
        page.x(right - 92),
        baseline,
        90 * mm,
        7,
        align="right",
    )
    return band.bottom


def header(
    page: Page, crow: Character, left: float, right: float, top: float, height: float
) -> float:
    """The portrait, the name (wrapped onto two lines before it shrinks) and the player."""
    canvas = page.canvas
    rule_left = left
    portrait = _portrait(crow.portrait)
    if portrait is not None:
        side = height - 1
        canvas.drawImage(
            portrait,
            page.x(left),
            page.y(top + side + 0.5),
            side * mm,
            side * mm,
            preserveAspectRatio=True,
            anchor="c",
        )
        left += side + 2
    width = right - left
    name_width = width * 0.64
    name = fit(crow.name, BOLD, name_width * mm, (height - 1) * mm, 22, smallest=READABLE)
    canvas.setFillColor(INK)
    draw_fitted(canvas, name, page.x(left), page.y(top + (height - 1 - name.height / mm) / 2))
    player_left = left + name_width + 3
    player_width = right - player_left
    baseline = top + height * 0.7
    canvas.setFillColor(MUTED)
    if crow.player:
        draw_line(
            canvas,
            f"Player: {crow.player}",
            REGULAR,
            page.x(player_left),
            page.y(baseline),
            player_width * mm,
            11,
            align="right",
            smallest=READABLE,
        )
    else:  # a line to write the player's name on
        label = "Player:"
        draw_line(canvas, label, REGULAR, page.x(player_left), page.y(baseline), 20 * mm, 11)
        start = player_left + canvas.stringWidth(label + " ", REGULAR, 11) / mm
        canvas.setStrokeColor(WRITE_LINE)
        canvas.setLineWidth(0.6)
        page.line(start, baseline + 0.6, right, baseline + 0.6)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1.2)
    page.line(rule_left, top + height, right, top + height)
    return top + height


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


def stats(
    page: Page, crow: Character, left: float, right: float, top: float, height: float
) -> float:
    """A box each: the characteristics, Stamina, AD, speed, cruelty, and coins to write in."""
    chars = crow.characteristics.as_dict()
    speed = (
        str(crow.speed)
        if crow.speed == crow.speed_base
        else f"{crow.speed} (base {crow.speed_base})"
    )
    boxes = [(name.capitalize(), _signed(chars[name]), "") for name in CHARACTERISTIC_NAMES]
    boxes += [
        ("Stamina", f"{crow.stamina.current} / {crow.stamina.max}", "now / max"),
        ("AD", str(crow.armor_defense), "armour, shield"),
        ("Speed", speed, ""),
        ("Cruelty", str(crow.cruelty), ""),
        ("Coins", "", "gc, written in"),
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
            smallest=READABLE,
        )
        canvas.setFillColor(INK)
        if label == "Stamina" and page.form is not None:
            # Fillable: Stamina now is a field, its maximum printed after it.
            half = (width - 3) / 2
            draw_line(
                canvas,
                f"/ {crow.stamina.max}",
                BOLD,
                page.x(box.left + 1.5 + half),
                page.y(box.bottom - 3.2),
                half * mm,
                15,
                smallest=READABLE,
            )
            page.form.text(
                "stamina",
                page.x(box.left + 1.5),
                page.y(box.bottom - 1.8),
                (half - 1) * mm,
                8 * mm,
                str(crow.stamina.current),
                size=14,
            )
            value = ""
        if value:
            draw_line(
                canvas,
                value,
                BOLD,
                page.x(box.left + 1.5),
                page.y(box.bottom - 3.2),
                (width - 3) * mm,
                15,
                align="centre",
                smallest=READABLE,
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


def conditions(
    page: Page, crow: Character, left: float, right: float, top: float, height: float
) -> float:
    """A box per condition, filled when the crow has it."""
    canvas = page.canvas
    canvas.setFillColor(INK)
    draw_line(canvas, "Conditions", BOLD, page.x(left), page.y(top + height * 0.65), 30 * mm, 9)
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


def expertises(
    page: Page, crow: Character, left: float, right: float, top: float, line: float
) -> float:
    """The expertises in columns: each its use boxes, then its name, all names in one size."""
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
    # The boxes come first, so each sits by its own name; room for the most uses any has.
    most = max(1, max(expertise.uses for expertise in crow.expertises))
    box = min(3.2, line * 0.6, column_width * 0.45 / (most * 1.35))
    boxes_width = most * box * 1.35 + 1.0
    text_width = column_width - boxes_width - 2.5
    labels = [f"{expertise.name} ({expertise.category})" for expertise in crow.expertises]
    largest = max(READABLE, min(9.0, line * mm * 0.62))
    size = min(
        fit_line(label, REGULAR, text_width * mm, largest, smallest=READABLE) for label in labels
    )
    for index, (expertise, label) in enumerate(zip(crow.expertises, labels, strict=True)):
        column, row = divmod(index, rows)
        x = start + column * column_width
        baseline = top + row * line + line * 0.7
        # Right-aligned in their room: the last box stands just before the name.
        first = x + (most - expertise.uses) * box * 1.35
        for use in range(expertise.uses):
            square = Rect(first + use * box * 1.35, top + row * line + (line - box) / 2, box, box)
            canvas.setStrokeColor(INK)
            canvas.setLineWidth(0.6)
            canvas.setFillColor(white)
            page.rect(square, fill=True)
            if page.form is not None:
                page.form.checkbox(
                    "expertise_use",
                    page.x(square.left),
                    page.y(square.bottom),
                    box * mm,
                    checked=use < expertise.spent,
                )
            elif use < expertise.spent:
                page.line(
                    square.left + 0.5, square.top + 0.5, square.right - 0.5, square.bottom - 0.5
                )
                page.line(
                    square.left + 0.5, square.bottom - 0.5, square.right - 0.5, square.top + 0.5
                )
        canvas.setFillColor(INK)
        draw_line(
            canvas,
            label,
            REGULAR,
            page.x(x + boxes_width),
            page.y(baseline),
            text_width * mm,
            size,
            smallest=size,
        )
    if columns > 1:
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.3)
        for column in range(1, -(-count // rows)):  # between the columns in use
            x = start + column * column_width - 1.2
            page.line(x, top + 0.5, x, top + rows * line - 0.5)
    return top + rows * line
