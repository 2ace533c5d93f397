"""Painting the inventory board from a snapshot of what it shows (a :class:`BoardScene`).

The board widget builds a scene for each paint; everything here only reads it, so painting can
be tested (and reasoned about) apart from the board's mouse, keyboard and drag handling.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPalette, QPen

from refkit.gui.inventory.board_layout import BoardLayout, Place
from refkit.gui.inventory.board_moves import CardHit
from refkit.gui.inventory.item_card_widget import CardLook, fitted_font, paint_card, text_scale_for
from refkit.present import CardFace
from refkit.present.board_moves import Carry, target_for
from refkit.rules.character.model import Character
from refkit.rules.character.purse import purse_text
from refkit.rules.character.speed import speed_reason
from refkit.rules.inventory.model import BACKPACK, GROUND, MAGIC, SLOT_AREAS, Item
from refkit.rules.inventory.moves import Verdict

AREA_TITLES = {
    "hand": "Hands",
    "belt": "Belt",
    "belt+": "Belt +1",
    "backpack": "Backpack",
    "magic": "Magic items",
    "ground": "Ground",
}
LEGAL = QColor(46, 125, 50)
ILLEGAL = QColor(198, 40, 40)
WOUND = QColor(183, 28, 28)
CAUTION = QColor(230, 140, 0)
ROOMY_SLOT = 1.6
"""Cards in slots wider than this many minimum slot widths get larger text."""


@dataclass(frozen=True)
class BoardScene:
    """What the board shows at one paint."""

    layout: BoardLayout
    character: Character | None
    hits: Sequence[CardHit]
    entries: Callable[[Place], list[Item]]
    palette: QPalette
    font: QFont
    selected: str | None = None
    carry: Carry | None = None
    verdicts: Mapping[Place, Verdict] | None = None
    hover: Place | None = None
    hover_verdict: Verdict | None = None
    wounds_to_place: int = 0
    has_focus: bool = False
    cursor_rect: QRectF | None = None


def paint_board(painter: QPainter, scene: BoardScene) -> None:
    """Paint the whole board, bottom layer first."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    _paint_frames(painter, scene)
    _paint_slots(painter, scene)
    _paint_targets(painter, scene)
    _paint_wound_hatching(painter, scene)
    _paint_cards(painter, scene)
    _paint_wounds(painter, scene)
    _paint_overloads(painter, scene)
    _paint_status(painter, scene)
    _paint_cursor(painter, scene)
    _paint_dead(painter, scene)


def _title_font(base: QFont) -> QFont:
    font = QFont(base)
    font.setBold(True)
    font.setCapitalization(QFont.Capitalization.AllUppercase)
    font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 108)
    return font


def _paint_frames(painter: QPainter, scene: BoardScene) -> None:
    palette = scene.palette
    window = palette.color(QPalette.ColorRole.Window)
    tint = window.darker(108) if window.lightness() > 128 else window.lighter(118)
    border = palette.color(QPalette.ColorRole.Mid)
    text = palette.color(QPalette.ColorRole.WindowText)
    painter.setFont(_title_font(scene.font))
    for area, frame in scene.layout.frames.items():
        painter.setPen(QPen(border, 1))
        painter.setBrush(tint)
        painter.drawRoundedRect(frame.frame, 8, 8)
        title = frame.title.adjusted(10, 0, -10, 0)
        painter.setPen(text)
        painter.drawText(
            title,
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            AREA_TITLES[area],
        )
        note = _frame_note(scene.character, area)
        if note:
            small = QFont(scene.font)
            small.setPointSizeF(max(6.0, scene.font.pointSizeF() * 0.9))
            painter.setFont(small)
            muted = QColor(text)
            muted.setAlphaF(0.7)
            painter.setPen(muted)
            painter.drawText(
                title, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), note
            )
            painter.setFont(_title_font(scene.font))


def _frame_note(character: Character | None, area: str) -> str:
    if character is None:
        return ""
    if area == BACKPACK:
        return "1–5 / 6–10 · wound box at each slot's foot"
    if area == GROUND and not character.items.ground:
        return "drop here what you leave behind"
    if area == MAGIC and character.items.overloaded_magic_slots():
        return "⚠ doubled slot"
    return ""


def _paint_slots(painter: QPainter, scene: BoardScene) -> None:
    palette = scene.palette
    base = palette.color(QPalette.ColorRole.Base)
    empty = QColor(base)
    empty.setAlphaF(0.55)
    line = palette.color(QPalette.ColorRole.Mid)
    label_colour = QColor(palette.color(QPalette.ColorRole.Text))
    label_colour.setAlphaF(0.55)
    number_font = QFont(scene.font)
    number_font.setBold(True)
    for place, cell in scene.layout.slots.items():
        painter.setPen(QPen(line, 1, Qt.PenStyle.DashLine))
        painter.setBrush(empty)
        painter.drawRoundedRect(cell.adjusted(1, 1, -1, -1), 6, 6)
        if scene.entries(place):
            continue  # a card covers it (backpack numbers show in the wound band)
        painter.setPen(label_colour)
        painter.setFont(number_font)
        label = str(place.at).capitalize() if place.area == MAGIC else str(place.at)
        painter.drawText(
            scene.layout.card_area(place).adjusted(6, 4, -6, -4),
            int(Qt.AlignmentFlag.AlignCenter),
            label,
        )


def _paint_targets(painter: QPainter, scene: BoardScene) -> None:
    if scene.carry is None or not scene.verdicts:
        return
    for place, verdict in scene.verdicts.items():
        if place.area == GROUND:
            rect = scene.layout.frames[GROUND].frame
        else:
            rect = scene.layout.slots[place]
        colour = QColor(LEGAL if verdict.ok else ILLEGAL)
        colour.setAlphaF(0.22 if verdict.ok else 0.10)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 6, 6)


def _paint_cards(painter: QPainter, scene: BoardScene) -> None:
    if scene.character is None:
        return
    font = QFont(scene.font)
    palette = scene.palette
    carried = scene.carry.item.id if scene.carry and not scene.carry.from_catalogue else None
    metrics = scene.layout.metrics
    roomy = metrics.slot_min_width * ROOMY_SLOT if metrics is not None else 0.0
    scale = text_scale_for(scene.layout.slot_width, roomy)
    for hit in scene.hits:
        item = scene.character.items.find(hit.item_id)
        face = CardFace.from_item(item)
        shared = len(scene.entries(hit.place)) > 1 and hit.place.area != GROUND
        pieces = scene.layout.span_rects(item.area, item.at, item.slots) if item.at else []
        look = CardLook(
            text_scale=scale,
            selected=hit.item_id == scene.selected,
            dimmed=hit.item_id == carried,
            compact=shared,
            continues_right=len(pieces) > 1 and hit.rect == pieces[0],
            continues_left=len(pieces) > 1 and hit.rect == pieces[-1],
        )
        paint_card(painter, hit.rect.adjusted(2, 2, -2, -2), face, palette, font, look)
    _paint_hover(painter, scene)


def _paint_hover(painter: QPainter, scene: BoardScene) -> None:
    if scene.carry is None or scene.hover is None or scene.hover_verdict is None:
        return
    verdict = scene.hover_verdict
    colour = QColor(LEGAL if verdict.ok else ILLEGAL)
    area, at = target_for(scene.hover, scene.carry.grab_index)
    if area == GROUND:
        rects = [scene.layout.frames[GROUND].frame]
    elif area == MAGIC:
        rects = [scene.layout.slots[scene.hover]]
    else:
        assert isinstance(at, int)
        first = max(1, at)
        last = min(SLOT_AREAS[area], at + scene.carry.item.slots - 1)
        rects = [scene.layout.slots[Place(area, n)] for n in range(first, last + 1)]
        if not rects:
            rects = [scene.layout.slots[scene.hover]]
    fill = QColor(colour)
    fill.setAlphaF(0.30)
    mark_font = QFont(scene.font)
    mark_font.setBold(True)
    mark_font.setPointSizeF(scene.font.pointSizeF() * 2.2)
    for rect in rects:
        painter.setPen(QPen(colour, 3))
        painter.setBrush(fill)
        painter.drawRoundedRect(rect.adjusted(1.5, 1.5, -1.5, -1.5), 6, 6)
    painter.setFont(mark_font)
    painter.setPen(colour.darker(110))
    mark = "✓" if verdict.ok else "✗"
    painter.drawText(
        rects[0].adjusted(4, 0, -4, 0),
        int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop),
        mark,
    )


def _paint_wound_hatching(painter: QPainter, scene: BoardScene) -> None:
    """Red hatching on wounded backpack slots, under the cards so their text stays clear."""
    if scene.character is None:
        return
    hatch = QColor(WOUND)
    hatch.setAlphaF(0.55)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(hatch, Qt.BrushStyle.BDiagPattern))
    for slot in scene.character.wound_slots:
        painter.drawRoundedRect(
            scene.layout.slots[Place(BACKPACK, slot)].adjusted(1, 1, -1, -1), 6, 6
        )


def _paint_wounds(painter: QPainter, scene: BoardScene) -> None:
    if scene.character is None:
        return
    character = scene.character
    holding = character.items.backpack_slots_holding_items()
    small = QFont(scene.font)
    small.setPointSizeF(max(6.0, scene.font.pointSizeF() * 0.9))
    small.setBold(True)
    text_colour = scene.palette.color(QPalette.ColorRole.Text)
    dark = scene.palette.color(QPalette.ColorRole.Base).lightness() <= 128
    wound_text = QColor("#ff8a80") if dark else WOUND
    left_align = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    for slot in range(1, SLOT_AREAS[BACKPACK] + 1):
        band = scene.layout.wound_box(slot).adjusted(3, 2, -3, -3)
        wounded = slot in character.wound_slots
        side = band.height() - 4
        box = QRectF(band.left() + 2, band.top() + 2, side, side)
        number = str(slot)
        number_width = QFontMetricsF(small).horizontalAdvance("10") + 4
        label = band.adjusted(side + 8, 0, -number_width, 0)
        painter.setFont(small)
        painter.setPen(text_colour)
        right_align = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        painter.drawText(band, right_align, number)
        if wounded:
            cell = scene.layout.slots[Place(BACKPACK, slot)]
            painter.setPen(QPen(WOUND, 2.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(cell.adjusted(1.5, 1.5, -1.5, -1.5), 6, 6)
            painter.setBrush(WOUND)
            painter.drawRect(box)
            painter.setPen(QPen(QColor("white"), 2))
            painter.drawLine(box.topLeft() + QPointF(3, 3), box.bottomRight() - QPointF(3, 3))
            painter.drawLine(box.topRight() + QPointF(-3, 3), box.bottomLeft() + QPointF(3, -3))
            words = "WOUND · −1 speed" if slot in holding else "WOUND"
            font = fitted_font(small, words, label, left_align)
            if QFontMetricsF(font).horizontalAdvance(words) > label.width():
                words = "WOUND −1"
                font = fitted_font(small, words, label, left_align)
            painter.setFont(font)
            painter.setPen(wound_text)
            painter.drawText(label, left_align, words)
        else:
            waiting = scene.wounds_to_place > 0
            pen = QPen(WOUND if waiting else text_colour, 2 if waiting else 1.2)
            painter.setPen(pen)
            painter.setBrush(scene.palette.color(QPalette.ColorRole.Base))
            painter.drawRect(box)
            muted = QColor(text_colour)
            muted.setAlphaF(0.95 if waiting else 0.6)
            painter.setPen(muted)
            words = "Wound here?" if waiting else "Wound"
            painter.setFont(fitted_font(small, words, label, left_align))
            painter.drawText(label, left_align, words)


def _paint_overloads(painter: QPainter, scene: BoardScene) -> None:
    if scene.character is None:
        return
    for name in scene.character.items.overloaded_magic_slots():
        rect = scene.layout.slots[Place(MAGIC, name)]
        painter.setPen(QPen(CAUTION, 3, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 6, 6)


def _paint_cursor(painter: QPainter, scene: BoardScene) -> None:
    if not scene.has_focus:
        return
    rect = scene.cursor_rect
    if rect is None:
        return
    pen = QPen(scene.palette.color(QPalette.ColorRole.Highlight), 3, Qt.PenStyle.DotLine)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 7, 7)


def _paint_status(painter: QPainter, scene: BoardScene) -> None:
    """Speed and wounds in the column beside the backpack, in words and numbers."""
    rect = scene.layout.status
    character = scene.character
    if character is None or rect.width() < 20:
        return
    palette = scene.palette
    text = palette.color(QPalette.ColorRole.WindowText)
    dark = palette.color(QPalette.ColorRole.Base).lightness() <= 128
    alarm = QColor("#ff8a80") if dark else WOUND
    window = palette.color(QPalette.ColorRole.Window)
    painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
    painter.setBrush(window.darker(108) if not dark else window.lighter(118))
    painter.drawRoundedRect(rect, 8, 8)
    pad = max(4.0, rect.width() * 0.06)
    inner = rect.adjusted(pad, pad / 2, -pad, -pad)
    centre = int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
    wrap = centre | int(Qt.TextFlag.TextWordWrap)
    line = QFontMetricsF(scene.font).height()
    y = inner.top()

    def write(words: str, font: QFont, colour: QColor, height: float) -> None:
        nonlocal y
        box = QRectF(inner.left(), y, inner.width(), height)
        painter.setFont(fitted_font(font, words, box, wrap))
        painter.setPen(colour)
        painter.drawText(box, wrap, words)
        y += height

    title = _title_font(scene.font)
    big = QFont(scene.font)
    big.setBold(True)
    big.setPointSizeF(scene.font.pointSizeF() * 2.6)
    small = QFont(scene.font)
    small.setPointSizeF(max(6.0, scene.font.pointSizeF() * 0.9))
    strong = QFont(small)
    strong.setBold(True)
    write("Speed", title, text, line * 1.4)
    if character.dead:
        write("☠", big, alarm, line * 2.4)
        write("DEAD", strong, alarm, line * 1.3)
        write("all ten backpack slots are wounded", small, alarm, line * 2.6)
        return
    colour = alarm if character.speed < character.speed_base else text
    write(str(character.speed), big, colour, line * 2.4)
    write(f"of {character.speed_base}", small, text, line * 1.2)
    costly = len(character.wounded_item_slots)
    if costly:
        write(
            f"−{costly}: wounded slot{'s' if costly > 1 else ''} with items",
            small,
            alarm,
            line * 2.4,
        )
    reason = speed_reason(character.conditions)
    if reason:
        write(reason, small, alarm, line * 1.3)
    write(f"Wounds {len(character.wound_slots)}/10", strong, text, line * 1.4)
    if scene.wounds_to_place:
        count = scene.wounds_to_place
        write(f"Place {count} more wound{'s' if count > 1 else ''}", strong, alarm, line * 2.4)
    elif character.items.overloaded_magic_slots():
        write("⚠ Doubled magic slot: no rest; 1d6 wounds each DT end", small, CAUTION, line * 3.6)
    if character.coins:  # the coins, and what the purses hold (Bursting Purse), as on the PDF
        write(purse_text(character).removeprefix("Purse: "), small, text, line * 2.4)
    for item in character.items.items:  # Burned in the Brain: no slot to draw it in
        if item.absorbed:
            write(f"Absorbed: {item.name} (always wielded)", small, text, line * 2.4)


def _paint_dead(painter: QPainter, scene: BoardScene) -> None:
    if scene.character is None or not scene.character.dead:
        return
    frame = scene.layout.frames[BACKPACK].frame
    band = QRectF(
        frame.left(),
        frame.center().y() - frame.height() * 0.17,
        frame.width(),
        frame.height() * 0.34,
    )
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(20, 0, 0, 215))
    painter.drawRect(band)
    font = QFont(scene.font)
    font.setBold(True)
    font.setPointSizeF(scene.font.pointSizeF() * 2.6)
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(
        band, int(Qt.AlignmentFlag.AlignCenter), "☠ DEAD — all ten backpack slots are wounded"
    )
