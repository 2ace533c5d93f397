"""Item cards: what a card shows (:class:`CardFace`), how it is painted, a widget that shows one.

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

from refkit.rules.inventory import Item
from refkit.rules.item_catalogue import CatalogueItem

MIN_POINT_SIZE = 6.0
MAX_TEXT_GROWTH = 1.45
"""Roomy cards (a 4K screen, a wide panel) set their text at most this much larger."""

# Header colours by what an item is; white text reads on each in light and dark palettes.
KIND_COLOURS: dict[str, str] = {
    "weapon": "#8c3b2a",
    "armor": "#3d5a80",
    "shield": "#3d5a80",
    "light": "#a06a00",
    "potion": "#2e7d4f",
    "consumable": "#4f7a32",
    "magic": "#6a3d9a",
    "tool": "#55606e",
}
DEFAULT_KIND_COLOUR = "#5d5d5d"
KIND_ORDER = ("magic", "weapon", "shield", "armor", "light", "potion", "consumable", "tool")


@dataclass(frozen=True)
class CardFace:
    """Everything a card prints, already in words and numbers."""

    name: str
    slots: int = 1
    count: int = 1
    stack_limit: int | None = None
    stack_kind: str | None = None
    usage_current: int | None = None
    usage_max: int | None = None
    usage_modes: str = ""
    ad: int | None = None
    max_ad: int | None = None
    worn: bool = False
    shield: bool = False
    damage: str = ""
    notes: str = ""
    tags: tuple[str, ...] = ()
    useless: bool = False
    magic: bool = False

    @classmethod
    def from_item(cls, item: Item) -> CardFace:
        dice = item.usage_dice
        armor = item.armor
        damage = ""
        if item.damage is not None:
            damage = f"{item.damage.text} ({item.damage.characteristic})"
        return cls(
            name=item.name,
            slots=item.slots,
            count=item.count,
            stack_limit=item.stack.limit if item.stack else None,
            stack_kind=item.stack.kind if item.stack else None,
            usage_current=dice.current if dice else None,
            usage_max=dice.max if dice else None,
            usage_modes="; ".join(mode.value for mode in dice.ordered_modes) if dice else "",
            ad=armor.ad if armor else None,
            max_ad=armor.max_ad if armor else None,
            worn=item.worn,
            shield=item.is_shield,
            damage=damage,
            notes=item.notes,
            tags=item.tags,
            useless=bool(dice and dice.useless),
            magic=item.area == "magic" or "magic" in item.tags,
        )

    @classmethod
    def from_catalogue(cls, entry: CatalogueItem) -> CardFace:
        return cls.from_item(entry.to_item())

    @property
    def kind(self) -> str:
        """The first of magic, weapon, shield, armor, light, potion, consumable, tool it is."""
        tags = set(self.tags)
        if self.magic:
            tags.add("magic")
        if self.shield:
            tags.add("shield")
        if self.ad is not None:
            tags.add("armor")
        for kind in KIND_ORDER:
            if kind in tags:
                return kind
        return ""

    @property
    def count_text(self) -> str:
        """``3/5`` for a stack (count of limit), ``×2`` for a count without a limit, else ""."""
        if self.stack_limit is not None:
            return f"{self.count}/{self.stack_limit}"
        if self.count > 1:
            return f"×{self.count}"
        return ""

    @property
    def ad_text(self) -> str:
        if self.ad is None:
            return ""
        text = f"AD {self.ad}/{self.max_ad}"
        if self.worn:
            text += " · WORN"
        return text

    @property
    def usage_text(self) -> str:
        """Usage dice as pips, filled for dice left: ``UD ●●○``; ``UD used up`` at 0 if useless."""
        if self.usage_max is None or self.usage_current is None:
            return ""
        if self.useless:
            return "UD used up"
        pips = "●" * self.usage_current + "○" * (self.usage_max - self.usage_current)
        return f"UD {pips}"

    def tooltip(self) -> str:
        """Everything on the card in full, for a tooltip or a screen reader."""
        lines = [f"<b>{_escape(self.name)}</b>"]
        facts = []
        if self.slots > 1:
            facts.append(f"{self.slots} slots side by side")
        if self.stack_limit is not None:
            facts.append(f"stack of {self.count} (up to {self.stack_limit} {self.stack_kind})")
        elif self.count > 1:
            facts.append(f"{self.count} of them")
        if self.ad is not None:
            worn = ", worn" if self.worn else ""
            facts.append(f"armour defence {self.ad} of {self.max_ad}{worn}")
        if self.damage:
            facts.append(f"damage tier 2 / tier 3: {self.damage}")
        if self.usage_max is not None:
            modes = f" ({self.usage_modes})" if self.usage_modes else ""
            facts.append(f"usage dice {self.usage_current} of {self.usage_max}{modes}")
        if facts:
            lines.append(_escape("; ".join(facts).capitalize()))
        if self.tags:
            lines.append(f"<i>{_escape(', '.join(self.tags))}</i>")
        if self.notes:
            lines.append(_escape(self.notes))
        return "<br>".join(lines)

    def spoken(self) -> str:
        """A one-line description for accessibility (no markup)."""
        parts = [self.name]
        if self.count_text:
            parts.append(f"count {self.count_text}")
        if self.slots > 1:
            parts.append(f"{self.slots} slots")
        if self.ad_text:
            parts.append(self.ad_text)
        if self.usage_text:
            parts.append(f"usage dice {self.usage_current} of {self.usage_max}")
        return ", ".join(parts)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def kind_colour(face: CardFace) -> QColor:
    return QColor(KIND_COLOURS.get(face.kind, DEFAULT_KIND_COLOUR))


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
    accent = kind_colour(face)
    if face.useless:
        accent = QColor("#757575")

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
    name_font = fitted_font(bold, face.name, name_rect, flags)
    painter.setFont(name_font)
    painter.setPen(QColor("white"))
    painter.drawText(name_rect, flags, face.name)

    if not look.compact and body.height() > header_height + line * 0.8:
        _paint_body(painter, body, header_height, face, font, ink, accent, pad)

    # Frame: thicker and in the highlight colour when selected.
    if look.selected:
        pen = QPen(palette.color(QPalette.ColorRole.Highlight), max(2.5, line * 0.2))
    else:
        pen = QPen(accent.darker(115), 1.2)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(pen)
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
    facts: list[tuple[str, QColor, bool]] = []
    if face.ad_text:
        facts.append((face.ad_text, ink, face.worn))
    if face.damage:
        facts.append((f"Dmg {face.damage}", ink, False))
    if face.usage_text:
        colour = QColor("#b00020") if face.useless else ink
        facts.append((face.usage_text, colour, False))
    if face.slots > 1:
        facts.append((f"{face.slots} slots", ink, False))
    for text, colour, strong in facts:
        if y + line > inner.bottom() + 0.5:
            break
        fact_font = QFont(small)
        fact_font.setBold(strong)
        rect = QRectF(inner.left(), y, inner.width(), line)
        fact_font = fitted_font(fact_font, text, rect, int(Qt.AlignmentFlag.AlignLeft))
        painter.setFont(fact_font)
        painter.setPen(colour)
        painter.drawText(
            rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), text
        )
        y += line
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

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._face is None:
            return
        painter = QPainter(self)
        try:
            font = QFont(self.font() if self.font() else QApplication.font())
            roomy = self.fontMetrics().height() * 11
            look = CardLook(text_scale=text_scale_for(self.width(), roomy))
            paint_card(painter, QRectF(self.rect()), self._face, self.palette(), font, look)
        finally:
            painter.end()
