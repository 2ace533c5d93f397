"""Small widgets of the dice panel: signed spin boxes, ± counters, odds strip, result banner."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.shell.palette import ResultColours, result_colours

if TYPE_CHECKING:
    from fractions import Fraction

    from refkit.rules.checks.odds import TestOdds


def percent_text(probability: Fraction) -> str:
    """A probability as a percentage: exact when it has at most one decimal, else rounded to 0.1."""
    value = probability * 100
    if value.denominator == 1:
        return f"{value.numerator}%"
    if (value * 10).denominator == 1:
        return f"{float(value):.1f}%"
    return f"≈{float(value):.1f}%"


def signed(value: int) -> str:
    """``+2``, ``0`` or ``-1`` (plain ASCII, as a spin box can read it back)."""
    return f"+{value}" if value > 0 else str(value)


def scaled_font(widget: QWidget, factor: float, *, bold: bool = False) -> QFont:
    """The application font scaled by ``factor`` (so text follows the user's and DPI settings)."""
    font = QFont(QApplication.font())
    size = font.pointSizeF()
    if size > 0:
        font.setPointSizeF(size * factor)
    else:
        font.setPixelSize(max(1, round(font.pixelSize() * factor)))
    font.setBold(bold)
    return font


def palette_is_dark(widget: QWidget) -> bool:
    return widget.palette().color(QPalette.ColorRole.Window).lightness() < 128


class _ReturnStaysHere(QObject):
    """Keeps Return/Enter for the widget it filters instead of a window-wide shortcut."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            event.accept()
            return True
        return False


def keep_return_key(widget: QWidget) -> None:
    """Let ``widget`` (a line edit) have Return/Enter even though the window uses them to roll."""
    widget.installEventFilter(_ReturnStaysHere(widget))


class KeyFriendlySpinBox(QSpinBox):
    """A spin box that shows a sign (+1) and lets letter and Space shortcuts through.

    A plain spin box swallows every printable key while it has focus, so the panel's one-key
    shortcuts (Space to roll, E for an edge...) would stop working after clicking its arrows.
    """

    def __init__(self, minimum: int, maximum: int, *, show_sign: bool = True, parent=None) -> None:
        super().__init__(parent)
        self._show_sign = show_sign
        self.setRange(minimum, maximum)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setAccelerated(False)

    def textFromValue(self, value: int) -> str:
        return signed(value) if self._show_sign else str(value)

    def valueFromText(self, text: str) -> int:
        cleaned = text.strip().replace("−", "-").removeprefix(self.prefix())
        cleaned = cleaned.removesuffix(self.suffix()).strip()
        try:
            return int(cleaned)
        except ValueError:
            return self.value()

    def validate(self, text: str, pos: int):
        cleaned = text.removeprefix(self.prefix()).removesuffix(self.suffix()).strip()
        if self._show_sign and cleaned.startswith("+"):
            # Judge the number without its plus sign, but leave the text as typed.
            state, _text, _pos = super().validate(text.replace("+", "", 1), max(0, pos - 1))
            return state, text, pos
        return super().validate(text, pos)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            text = event.text()
            if event.key() == Qt.Key.Key_Space or (text and text.isalpha()):
                event.ignore()
                return False
        return super().event(event)


class Counter(QWidget):
    """A caption, a − button, a big number and a + button, for edges and banes (0..maximum)."""

    valueChanged = Signal(int)

    def __init__(self, name: str, caption: str, maximum: int = 3, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName(f"{name}_counter")
        self._value = 0
        self._maximum = maximum
        self._caption = QLabel(caption)
        self._caption.setObjectName(f"{name}_caption")
        self._minus = QToolButton()
        self._minus.setObjectName(f"{name}_minus")
        self._minus.setText("−")
        self._minus.setAccessibleName(f"One {caption.lower().rstrip('s')} fewer")
        self._plus = QToolButton()
        self._plus.setObjectName(f"{name}_plus")
        self._plus.setText("+")
        self._plus.setAccessibleName(f"One {caption.lower().rstrip('s')} more")
        self._number = QLabel("0")
        self._number.setObjectName(f"{name}_value")
        self._number.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._number.setFont(scaled_font(self, 1.6, bold=True))
        self._number.setMinimumWidth(self._number.fontMetrics().horizontalAdvance("00"))
        self._extra = 0
        # edges or banes a crow's conditions add, said under the number (the user's own stay
        # on the buttons); hidden when there are none
        self._from_conditions = QLabel("")
        self._from_conditions.setObjectName(f"{name}_from_conditions")
        self._from_conditions.setTextFormat(Qt.TextFormat.PlainText)
        self._from_conditions.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._from_conditions.hide()
        button_font = scaled_font(self, 1.3, bold=True)
        for button in (self._minus, self._plus):
            button.setFont(button_font)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setAutoRepeat(False)
            button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            side = button.fontMetrics().height() + 12
            button.setFixedSize(side + 6, side)
        self._minus.clicked.connect(lambda: self.step(-1))
        self._plus.clicked.connect(lambda: self.step(1))

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(6)
        row.addWidget(self._minus)
        row.addWidget(self._number)
        row.addWidget(self._plus)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self._caption, alignment=Qt.AlignmentFlag.AlignHCenter)
        layout.addLayout(row)
        layout.addWidget(self._from_conditions)
        self._sync()

    def value(self) -> int:
        """The user's own count (without those the conditions add)."""
        return self._value

    def extra(self) -> int:
        """How many the crow's conditions add."""
        return self._extra

    def total(self) -> int:
        return self._value + self._extra

    def set_extra(self, count: int, why: str = "") -> None:
        """Show ``count`` more from the crow's conditions (``why``: "blessed") in the number."""
        self._extra = max(0, count)
        self._from_conditions.setText(f"+{self._extra} {why}".rstrip() if self._extra else "")
        self._from_conditions.setVisible(self._extra > 0)
        self._sync()

    def maximum(self) -> int:
        return self._maximum

    def setValue(self, value: int) -> None:
        value = max(0, min(self._maximum, value))
        if value == self._value:
            return
        self._value = value
        self._sync()
        self.valueChanged.emit(value)

    def step(self, delta: int) -> None:
        self.setValue(self._value + delta)

    def _sync(self) -> None:
        total = self._value + self._extra
        shown = str(total) if self._value < self._maximum else f"{total}+"
        self._number.setText(shown if total else "0")
        spoken = f"{self._caption.text()}: {total}"
        if self._extra:
            spoken += f" ({self._extra} from conditions)"
        self._number.setAccessibleName(spoken)
        self._minus.setEnabled(self._value > 0)
        self._plus.setEnabled(self._value < self._maximum)


class OddsStrip(QFrame):
    """Five chips — Tier 1, Tier 2, Tier 3, Crit, Doom — each with its exact percentage."""

    _CHIPS = (
        ("tier1", "Tier 1"),
        ("tier2", "Tier 2"),
        ("tier3", "Tier 3"),
        ("crit", "Crit"),
        ("doom", "Doom"),
    )

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("odds_strip")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._values: dict[str, QLabel] = {}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(4)
        caption_font = scaled_font(self, 0.9)
        value_font = scaled_font(self, 1.35, bold=True)
        for key, caption in self._CHIPS:
            chip = QVBoxLayout()
            chip.setSpacing(0)
            name = QLabel(caption)
            name.setFont(caption_font)
            name.setAlignment(Qt.AlignmentFlag.AlignCenter)
            value = QLabel("…")
            value.setObjectName(f"odds_{key}")
            value.setFont(value_font)
            value.setAlignment(Qt.AlignmentFlag.AlignCenter)
            value.setMinimumWidth(value.fontMetrics().horizontalAdvance("≈100.0%"))
            chip.addWidget(name)
            chip.addWidget(value)
            layout.addLayout(chip, 1)
            self._values[key] = value
        self._odds: TestOdds | None = None
        self.setToolTip("Exact odds of this test before rolling")

    def show_odds(self, odds: TestOdds | None) -> None:
        self._odds = odds
        for key, _caption in self._CHIPS:
            label = self._values[key]
            if odds is None:
                label.setText("…")
                label.setToolTip("")
                continue
            probability: Fraction = getattr(odds, key)
            label.setText(percent_text(probability))
            label.setToolTip(f"exactly {probability.numerator}/{probability.denominator}")

    def odds(self) -> TestOdds | None:
        return self._odds

    def text(self) -> str:
        """The strip as one line, e.g. ``Tier 1 21% · Tier 2 43% · …``."""
        return " · ".join(f"{caption} {self._values[key].text()}" for key, caption in self._CHIPS)


OUTCOME_NEUTRAL = "neutral"
OUTCOMES = ("neutral", "tier1", "tier2", "tier3", "crit", "doom")


class ResultBanner(QFrame):
    """The latest roll, big enough to read from across the table.

    An outcome is always spelled out in words (``CRIT``, ``DOOM``, ``Tier 2``); the colour only
    repeats it, so nobody depends on telling red from green.
    """

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("result_banner")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self._outcome = OUTCOME_NEUTRAL
        self._headline = QLabel("Ready to roll")
        self._headline.setObjectName("result_headline")
        self._headline.setFont(scaled_font(self, 3.0, bold=True))
        self._headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._meaning = QLabel("Set the test, then press Space")
        self._meaning.setObjectName("result_meaning")
        self._meaning.setFont(scaled_font(self, 1.25, bold=True))
        self._meaning.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._dice = QLabel("")
        self._dice.setObjectName("result_dice")
        self._dice.setTextFormat(Qt.TextFormat.RichText)
        self._dice.setFont(scaled_font(self, 1.2))
        self._dice.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._dice.setWordWrap(True)
        self._note = QLabel("")
        self._note.setObjectName("result_note")
        self._note.setTextFormat(Qt.TextFormat.PlainText)  # may name a crow
        self._note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(4)
        layout.addStretch(1)
        for label in (self._headline, self._meaning, self._dice, self._note):
            text_palette = label.palette()
            for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
                text_palette.setColor(group, QPalette.ColorRole.WindowText, QColor("#ffffff"))
            label.setPalette(text_palette)
            layout.addWidget(label)
        layout.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self._restyle()

    @property
    def outcome(self) -> str:
        return self._outcome

    def headline(self) -> str:
        return self._headline.text()

    def meaning(self) -> str:
        return self._meaning.text()

    def dice_text(self) -> str:
        return self._dice.text()

    def note(self) -> str:
        return self._note.text()

    def show_result(
        self, outcome: str, headline: str, meaning: str, dice_html: str, note: str = ""
    ) -> None:
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}")
        self._outcome = outcome
        self._headline.setText(headline)
        self._meaning.setText(meaning)
        self._dice.setText(dice_html)
        self._note.setText(note)
        self._note.setVisible(bool(note))
        self.setAccessibleName(f"{headline}. {meaning}. {note}".strip(". "))
        self._restyle()

    def set_note_suffix(self, text: str) -> None:
        """Add ``text`` to the note (something that happened after the roll was shown)."""
        note = f"{self._note.text()} · {text}" if self._note.text() else text
        self._note.setText(note)
        self._note.setVisible(True)

    def colours(self) -> ResultColours:
        return result_colours(palette_is_dark(self))

    def background(self) -> QColor:
        """The banner colour for the current outcome in the current palette."""
        return QColor(getattr(self.colours(), self._outcome))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.background())
        radius = self.fontMetrics().height() * 0.6
        painter.drawRoundedRect(QRectF(self.rect()), radius, radius)
        painter.end()

    def _restyle(self) -> None:
        self.update()


def dice_chips(faces: list[int] | tuple[int, ...], *, dim: set[int] | None = None) -> str:
    """Faces as rich-text chips; positions in ``dim`` are shown struck through (dropped dice)."""
    chips = []
    for position, face in enumerate(faces):
        style = "background-color:#ffffff; color:#000000; font-weight:bold;"
        text = f"&nbsp;{face}&nbsp;"
        if dim and position in dim:
            style = "background-color:#9e9e9e; color:#303030; text-decoration:line-through;"
        chips.append(f'<span style="{style}">{text}</span>')
    return "&nbsp;".join(chips)
