"""Item cards in Qt: how a :class:`refkit.present.CardFace` is painted, and a widget that shows one.

A card is painted by one function, :func:`paint_card`, into whatever rectangle the caller gives it
(a slot of the inventory board, two slots for a two-slot item, a catalogue preview, a drag image),
as pretix draws a badge once and places it per slot. Names that do not fit are set in a smaller
font, never cut; only the notes, which the tooltip always shows in full, may end in "…".
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from refkit.present import USED_UP_INK, CardFace, CardFact, accent_colour, card_facts

MIN_POINT_SIZE = 6.0
MAX_TEXT_GROWTH = 1.45
"""Roomy cards (a 4K screen, a wide panel) set their text at most this much larger."""


def fitted_font(
    font: QFont, text: str, rect: QRectF, flags: int, minimum: float = MIN_POINT_SIZE
) -> QFont:
    """``font`` shrunk (down to ``minimum`` points) until ``text`` fits ``rect`` with ``flags``."""
    fitted = QFont(font)
    size = fitted.pointSizeF() if fitted.pointSizeF() > 0 else 9.0
    while True:
        metrics = QFontMetricsF(fitted)
        bound = metrics.boundingRect(rect, flags, text)
        if (bound.width() <= rect.width() + 0.5 and bound.height() <= rect.height() + 0.5) or (
            size <= minimum
        ):
            return fitted
        size = max(minimum, size - 0.5)
        fitted.setPointSizeF(size)


def fitted_title(font: QFont, text: str, rect: QRectF, flags: int) -> tuple[QFont, str]:
    """The font and the text for a card's name in ``rect``: shrunk to fit, and when even the
    smallest size is too big (a half-height card sharing its slot), cut with "…" so the name
    never just stops mid-word ("Healing potio")."""
    fitted = fitted_font(font, text, rect, flags)
    bound = QFontMetricsF(fitted).boundingRect(rect, flags, text)
    if bound.width() <= rect.width() + 0.5 and bound.height() <= rect.height() + 0.5:
        return fitted, text
    spacing = QFontMetricsF(fitted).lineSpacing()
    lines = max(1, int((rect.height() + 0.5) // spacing)) if flags & Qt.TextFlag.TextWordWrap else 1
    return fitted, elided_lines(fitted, text, rect.width(), lines)


def elided_lines(font: QFont, text: str, width: float, lines: int) -> str:
    """``text`` word-wrapped into at most ``lines`` lines of ``width``, the last elided with "…"."""
    metrics = QFontMetricsF(font)
    words = text.split()
    result: list[str] = []
    current = ""
    index = 0
    while index < len(words):
        if len(result) == lines - 1:
            rest = " ".join([current, *words[index:]]).strip()
            result.append(metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width))
            return "\n".join(result)
        trial = f"{current} {words[index]}".strip()
        if metrics.horizontalAdvance(trial) <= width or not current:
            current = trial
            index += 1
        else:
            result.append(current)
            current = ""
    if current:
        result.append(metrics.elidedText(current, Qt.TextElideMode.ElideRight, width))
    return "\n".join(result)


@dataclass(frozen=True)
class CardLook:
    """How a card is drawn beyond its face: selected, being dragged, or one of several in a slot."""

    selected: bool = False
    dimmed: bool = False
    compact: bool = False
    continues_right: bool = False
    continues_left: bool = False
    text_scale: float = 1.0
    """How much larger than the widget's font the card's text is set (the same for a board)."""


def text_scale_for(width: float, roomy_width: float) -> float:
    """1 up to ``roomy_width``, growing with ``width`` beyond it, at most MAX_TEXT_GROWTH."""
    if roomy_width <= 0:
        return 1.0
    return min(MAX_TEXT_GROWTH, max(1.0, width / roomy_width))


def paint_card(
    painter: QPainter,
    rect: QRectF,
    face: CardFace,
    palette: QPalette,
    font: QFont,
    look: CardLook = CardLook(),
) -> None:
    """Draw ``face`` as a card filling ``rect``."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if look.dimmed:
        painter.setOpacity(0.35)
    radius = min(8.0, rect.height() / 6)
    body = rect.adjusted(1.5, 1.5, -1.5, -1.5)
    path = QPainterPath()
    path.addRoundedRect(body, radius, radius)
    paper = palette.color(QPalette.ColorRole.Base)
    ink = palette.color(QPalette.ColorRole.Text)
    painter.fillPath(path, paper)
    accent = QColor(accent_colour(face))

    if not look.compact and look.text_scale != 1.0 and font.pointSizeF() > 0:
        font = QFont(font)
        font.setPointSizeF(font.pointSizeF() * look.text_scale)
    metrics = QFontMetricsF(font)
    line = metrics.height()
    header_height = body.height() if look.compact else min(body.height(), line * 2.3)
    header = QRectF(body.left(), body.top(), body.width(), header_height)
    painter.save()
    painter.setClipPath(path)
    painter.fillRect(header, accent)
    painter.restore()

    # Count badge (top right) and the name, shrunk to fit beside it.
    pad = max(3.0, line * 0.3)
    badge_text = face.count_text
    name_rect = header.adjusted(pad, 1, -pad, -1)
    bold = QFont(font)
    bold.setBold(True)
    if badge_text:
        small = QFont(bold)
        small.setPointSizeF(max(MIN_POINT_SIZE, bold.pointSizeF() * 0.9))
        badge_width = QFontMetricsF(small).horizontalAdvance(badge_text) + pad * 2
        badge = QRectF(
            header.right() - badge_width - pad / 2,
            header.top() + pad / 2,
            badge_width,
            QFontMetricsF(small).height() + 2,
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 235))
        painter.drawRoundedRect(badge, badge.height() / 2, badge.height() / 2)
        painter.setFont(small)
        painter.setPen(accent.darker(130))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, badge_text)
        name_rect.setRight(badge.left() - pad / 2)
    flags = int(
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap
    )
    if look.compact:
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    name_font, title = fitted_title(bold, card_title(face), name_rect, flags)
    painter.setFont(name_font)
    painter.setPen(QColor("white"))
    painter.drawText(name_rect, flags, title)

    if not look.compact and body.height() > header_height + line * 0.8:
        _paint_body(painter, body, header_height, face, font, ink, accent, pad)

    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(frame_pen(face, look, palette, accent, line))
    painter.drawPath(path)
    if look.continues_right or look.continues_left:
        painter.setPen(QPen(ink, 1))
        painter.setFont(font)
        arrow_rect = body.adjusted(pad, 0, -pad, -pad)
        if look.continues_right:
            painter.drawText(
                arrow_rect, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom), "→"
            )
        if look.continues_left:
            painter.drawText(
                arrow_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom), "←"
            )
    painter.restore()


DAMAGED_MARK = "⚠"
"""Put before a damaged item's name, so even a card too small for its lines says so."""


def card_title(face: CardFace) -> str:
    """The name in the card's header; a damaged item's starts with DAMAGED_MARK."""
    return f"{DAMAGED_MARK} {face.name}" if face.damaged else face.name


def frame_pen(
    face: CardFace, look: CardLook, palette: QPalette, accent: QColor, line: float
) -> QPen:
    """The card's frame: thicker and in the highlight colour when selected; a damaged item's is
    dashed and thicker, which reads without telling colours apart."""
    if look.selected:
        pen = QPen(palette.color(QPalette.ColorRole.Highlight), max(2.5, line * 0.2))
    elif face.damaged:
        pen = QPen(QColor(USED_UP_INK), max(2.0, line * 0.15))
    else:
        pen = QPen(accent.darker(115), 1.2)
    if face.damaged:
        pen.setStyle(Qt.PenStyle.DashLine)
    return pen


def _paint_body(
    painter: QPainter,
    body: QRectF,
    header_height: float,
    face: CardFace,
    font: QFont,
    ink: QColor,
    accent: QColor,
    pad: float,
) -> None:
    small = QFont(font)
    small.setPointSizeF(max(MIN_POINT_SIZE, font.pointSizeF() * 0.88))
    metrics = QFontMetricsF(small)
    line = metrics.height()
    inner = body.adjusted(pad, header_height + pad / 2, -pad, -pad / 2)
    y = inner.top()
    facts = card_facts(face)
    main = [fact for fact in facts if not fact.footer]
    footer = [fact for fact in facts if fact.footer]
    # The foot (price, crafting) only when the main lines and two lines of notes fit above it.
    if len(main) + (2 if face.notes else 0) + len(footer) > inner.height() // line:
        footer = []
    bottom = inner.bottom() - len(footer) * line
    for fact in main:
        if y + line > bottom + 0.5:
            break
        _paint_fact(painter, QRectF(inner.left(), y, inner.width(), line), fact, small, ink)
        y += line
    for index, fact in enumerate(footer):
        rect = QRectF(inner.left(), bottom + index * line, inner.width(), line)
        _paint_fact(painter, rect, fact, small, ink)
    inner.setBottom(bottom)
    if face.notes and inner.bottom() - y >= line * 0.9:
        notes_font = QFont(small)
        notes_font.setPointSizeF(max(MIN_POINT_SIZE, small.pointSizeF() * 0.92))
        notes_font.setItalic(True)
        note_line = QFontMetricsF(notes_font).height()
        lines = max(1, int((inner.bottom() - y) // note_line))
        text = elided_lines(notes_font, face.notes, inner.width(), lines)
        painter.setFont(notes_font)
        muted = QColor(ink)
        muted.setAlphaF(0.72)
        painter.setPen(muted)
        painter.drawText(
            QRectF(inner.left(), y, inner.width(), inner.bottom() - y),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop),
            text,
        )


def _paint_fact(painter: QPainter, rect: QRectF, fact: CardFact, font: QFont, ink: QColor) -> None:
    """One fact line, shrunk to fit, and cut with "…" when even the smallest size is too wide."""
    fact_font = QFont(font)
    fact_font.setBold(fact.strong)
    fact_font = fitted_font(fact_font, fact.text, rect, int(Qt.AlignmentFlag.AlignLeft))
    text = QFontMetricsF(fact_font).elidedText(fact.text, Qt.TextElideMode.ElideRight, rect.width())
    painter.setFont(fact_font)
    painter.setPen(QColor(USED_UP_INK) if fact.used_up else ink)
    painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), text)


def card_pixmap(
    face: CardFace, size: QSize, palette: QPalette, font: QFont, pixel_ratio: float = 1.0
) -> QPixmap:
    """The card drawn on a transparent pixmap (a drag image), sharp at ``pixel_ratio``."""
    pixmap = QPixmap(round(size.width() * pixel_ratio), round(size.height() * pixel_ratio))
    pixmap.setDevicePixelRatio(pixel_ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    try:
        paint_card(painter, QRectF(QPointF(0, 0), size.toSizeF()), face, palette, font)
    finally:
        painter.end()
    return pixmap


class ItemCardWidget(QWidget):
    """One card on its own (the catalogue's preview), sized like a poker card."""

    def __init__(self, face: CardFace | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("item_card")
        self._face = face
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self._refresh_tooltip()

    def face(self) -> CardFace | None:
        return self._face

    def set_face(self, face: CardFace | None) -> None:
        self._face = face
        self._refresh_tooltip()
        self.update()

    def _refresh_tooltip(self) -> None:
        self.setToolTip(self._face.tooltip() if self._face else "")
        self.setAccessibleName(self._face.spoken() if self._face else "No item")

    def sizeHint(self) -> QSize:
        line = self.fontMetrics().height()
        return QSize(round(line * 11), round(line * 11 * 88 / 63 * 0.62))

    def minimumSizeHint(self) -> QSize:
        line = self.fontMetrics().height()
        return QSize(round(line * 7), round(line * 6))

    def text_scale(self) -> float:
        """How much larger than the font the card's text is drawn: it grows with a roomy card,
        but only as far as the card's height has room too (a wide, short preview keeps its
        body's lines instead of a huge title over a blank body)."""
        roomy = self.sizeHint()
        return min(
            text_scale_for(self.width(), roomy.width()),
            text_scale_for(self.height(), roomy.height()),
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._face is None:
            return
        painter = QPainter(self)
        try:
            font = QFont(self.font() if self.font() else QApplication.font())
            look = CardLook(text_scale=self.text_scale())
            paint_card(painter, QRectF(self.rect()), self._face, self.palette(), font, look)
        finally:
            painter.end()
