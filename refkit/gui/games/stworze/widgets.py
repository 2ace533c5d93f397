"""Stworze's painted widgets: the difficulty icon picker, the row of drawn cards, a countdown die
and an Impact token, each drawn with :mod:`.glyphs`."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QAbstractButton, QButtonGroup, QHBoxLayout, QSizePolicy, QWidget

from refkit.games.stworze import Deck, Icon, Influence, TimeOfDay
from refkit.gui.games.stworze import glyphs

REACHED = QColor("#2e7d32")
SELECTED = QColor("#1565c0")


class IconButton(QAbstractButton):
    """One difficulty icon, drawn as its card; checked = the test's difficulty."""

    def __init__(
        self,
        time: TimeOfDay = TimeOfDay.NIGHT,
        icon: Icon | None = None,
        ranks: int = 1,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        icon = icon if icon is not None else Icon(f"{time.label} icon 1", 1, 1)
        self.time, self.icon, self.ranks = time, icon, max(ranks, icon.rank)
        self.setCheckable(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(f"{icon.name} ({icon.cards} of the {time.value} deck's cards)")
        self.setAccessibleName(icon.name)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(self.fontMetrics().height() * 4, self.fontMetrics().height() * 5)

    def minimumSizeHint(self) -> QSize:
        return QSize(self.fontMetrics().height() * 3, self.fontMetrics().height() * 4)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        card = _card_rect(QRectF(self.rect()).adjusted(4, 4, -4, -4))
        glyphs.icon_card(painter, card, self.time, self.icon, self.ranks)
        if self.isChecked():
            painter.setPen(QPen(SELECTED, 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(card.adjusted(-2.5, -2.5, 2.5, 2.5), 6, 6)
        elif self.hasFocus():
            painter.setPen(QPen(self.palette().highlight().color(), 1, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(card.adjusted(-2, -2, 2, 2), 6, 6)
        painter.end()


class IconPicker(QWidget):
    """The deck's icons from easiest to hardest, as on the board; pick one as the difficulty."""

    picked = Signal(object)  # the Icon picked

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(2)
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self._buttons: list[IconButton] = []
        self._group.buttonToggled.connect(self._toggled)

    def set_deck(self, deck: Deck, keep_rank: int | None = None) -> None:
        for button in self._buttons:
            # Out of the layout and hidden now: deleteLater waits for the event loop, and until
            # then the old deck's icons would still show (and stay checked) beside the new ones.
            self._group.removeButton(button)
            self._layout.removeWidget(button)
            button.hide()
            button.deleteLater()
        self._buttons = []
        for icon in deck.icons:
            button = IconButton(deck.time, icon, len(deck.icons), self)
            self._group.addButton(button)
            self._layout.addWidget(button)
            button.show()  # the layout would show it only on the next event-loop turn
            self._buttons.append(button)
        ranks = [icon.rank for icon in deck.icons]
        wanted = keep_rank if keep_rank in ranks else ranks[len(ranks) // 2]
        self._buttons[ranks.index(wanted)].setChecked(True)

    def current(self) -> Icon:
        button = self._group.checkedButton()
        assert isinstance(button, IconButton)
        return button.icon

    def pick(self, name: str) -> None:
        for button in self._buttons:
            if button.icon.name.casefold() == name.casefold():
                button.setChecked(True)
                return
        raise KeyError(name)

    def buttons(self) -> tuple[IconButton, ...]:
        return tuple(self._buttons)

    def _toggled(self, button: QAbstractButton, checked: bool) -> None:
        if checked and isinstance(button, IconButton):
            self.picked.emit(button.icon)


class CardRow(QWidget):
    """The cards a test drew, in draw order: those that reach the difficulty framed in green,
    the rest faded."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._time = TimeOfDay.NIGHT
        self._cards: tuple[Icon, ...] = ()
        self._difficulty: Icon | None = None
        self._ranks = 1
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def show_cards(
        self, time: TimeOfDay, cards: tuple[Icon, ...], difficulty: Icon, ranks: int
    ) -> None:
        self._time, self._cards, self._difficulty, self._ranks = time, cards, difficulty, ranks
        self.setAccessibleName(", ".join(card.name for card in cards))
        self.update()

    def clear(self) -> None:
        self._cards, self._difficulty = (), None
        self.update()

    def cards(self) -> tuple[Icon, ...]:
        return self._cards

    def sizeHint(self) -> QSize:
        return QSize(self.fontMetrics().height() * 20, self.fontMetrics().height() * 5)

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self._cards:
            return
        difficulty = self._difficulty
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        slots = max(len(self._cards), 3)
        slot_width = min(self.width() / slots, self.height() * 0.75)
        for index, card in enumerate(self._cards):
            slot = QRectF(index * slot_width, 0, slot_width, self.height()).adjusted(3, 3, -3, -3)
            rect = _card_rect(slot)
            reached = difficulty is not None and card.rank >= difficulty.rank
            painter.setOpacity(1.0 if reached else 0.45)
            glyphs.icon_card(painter, rect, self._time, card, self._ranks)
            painter.setOpacity(1.0)
            if reached:
                painter.setPen(QPen(REACHED, 3))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect.adjusted(-1.5, -1.5, 1.5, 1.5), 6, 6)
        painter.end()


class CountdownDie(QAbstractButton):
    """An Event's wooden die showing its countdown; a click counts it down by one."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._value = 0
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def value(self) -> int:
        return self._value

    def set_value(self, value: int) -> None:
        self._value = value
        words = "off: the Event fires" if value == 0 else f"shows {value}"
        self.setAccessibleName(f"countdown die {words}")
        self.setToolTip(f"Countdown die {words}. Click to count it down.")
        self.update()

    def sizeHint(self) -> QSize:
        side = self.fontMetrics().height() * 2 + 6
        return QSize(side, side)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        glyphs.die_face(painter, QRectF(self.rect()).adjusted(2, 2, -2, -2), self._value)
        if self.hasFocus():
            painter.setPen(QPen(self.palette().highlight().color(), 1, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))
        painter.end()


class ImpactButton(QAbstractButton):
    """An Area's Impact token; a click turns it: none → Fear → Favor → none."""

    changed = Signal(object)  # Influence | None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._side: Influence | None = None
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.clicked.connect(self._turn)
        self.set_side(None)

    def side(self) -> Influence | None:
        return self._side

    def set_side(self, side: Influence | None) -> None:
        self._side = side
        words = "no Impact token" if side is None else f"{side.label} Impact token"
        self.setAccessibleName(words)
        self.setToolTip(f"{words[0].upper()}{words[1:]}. Click to turn it.")
        self.update()

    def sizeHint(self) -> QSize:
        side = self.fontMetrics().height() * 3
        return QSize(side, side)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        glyphs.impact_token(painter, QRectF(self.rect()).adjusted(2, 2, -2, -2), self._side)
        painter.end()

    def _turn(self) -> None:
        order: list[Influence | None] = [None, Influence.FEAR, Influence.FAVOR]
        self.set_side(order[(order.index(self._side) + 1) % len(order)])
        self.changed.emit(self._side)


def _card_rect(space: QRectF) -> QRectF:
    """The largest card of poker proportions (5:7) centred in ``space``."""
    width = min(space.width(), space.height() * 5 / 7)
    rect = QRectF(0, 0, width, width * 7 / 5)
    rect.moveCenter(space.center())
    return rect
