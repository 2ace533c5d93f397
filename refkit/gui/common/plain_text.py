"""Showing user text as text: plain labels, labels that elide long names, escaping for rich text.

QLabel, QMessageBox and tooltips guess whether a string is rich text (``Qt::mightBeRichText``), so
a crow named ``<h1>BIG</h1>`` would be rendered as a heading and ``<img src=…>`` would load a file.
Every widget that shows a name, a note or a table row the user typed goes through this module:

- :class:`PlainLabel` (or :func:`plain_label`) shows its text as typed and never asks for more
  width than a few dozen characters, so a 10,000-character name cannot widen the window;
- :class:`ElidedLabel` does the same on one line, cutting the text with "…" to fit its width and
  showing the whole of it in its tooltip;
- :func:`escape_for_rich` is for the places that must stay rich text (our own markup around user
  text), :func:`rich_tooltip` for tooltips, :func:`mnemonic_safe` for button and action texts,
  where a lone ``&`` marks a shortcut letter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QWidget

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintEvent, QResizeEvent
    from PySide6.QtWidgets import QAbstractButton, QMessageBox

PLAIN = Qt.TextFormat.PlainText
TOOLTIP_LIMIT = 1000
"""Characters of user text a tooltip shows; a longer text is cut there and says how long it is
(a tooltip taller than the screen helps nobody)."""
HINT_CHARACTERS = 60
"""The widest a user-text label asks to be, in average characters."""
MINIMUM_CHARACTERS = 40
"""The least width a plain label insists on, in average characters: shorter texts keep their
natural minimum, so ordinary labels lay out as before."""
ELIDED_MINIMUM_CHARACTERS = 6
"""An elided label can shrink to a few characters and "…"."""


def escape_for_rich(text: str) -> str:
    """``text`` as it must be written inside rich text: markup characters escaped, lines kept."""
    import html  # on first use: its entity table is not needed for the first frame

    return html.escape(str(text), quote=False).replace("\n", "<br>")


def rich_tooltip(text: str) -> str:
    """A tooltip that shows ``text`` exactly as typed ("" stays "": no tooltip).

    QToolTip guesses rich text too, and guesses "plain" for ``a &amp; b``, so the escaped text is
    marked as rich explicitly; very long texts are cut at :data:`TOOLTIP_LIMIT` characters.
    """
    text = str(text)
    if not text:
        return ""
    if len(text) > TOOLTIP_LIMIT:
        text = f"{text[:TOOLTIP_LIMIT]}… ({len(text):,} characters)"
    return f"<qt>{escape_for_rich(text)}</qt>"


def mnemonic_safe(text: str) -> str:
    """``text`` for a button, check box, group box or action: a lone ``&`` would underline the
    next letter and vanish, so each one is doubled."""
    return str(text).replace("&", "&&")


def shortened(text: str, characters: int = 60) -> str:
    """``text`` cut to ``characters`` with "…" (for menu and toolbar texts, which cannot elide)."""
    text = str(text)
    return text if len(text) <= characters else text[: characters - 1] + "…"


def set_button_text(button: QAbstractButton, text: str, *, characters: int = 30) -> None:
    """Put user text on a button: ``&`` kept, a long text cut with "…" (whole in the tooltip)."""
    metrics = button.fontMetrics()
    width = metrics.averageCharWidth() * characters
    shown = metrics.elidedText(str(text), Qt.TextElideMode.ElideRight, width)
    button.setText(mnemonic_safe(shown))
    button.setToolTip(rich_tooltip(text) if shown != text else "")


def action_text(command: str, text: str) -> str:
    """A menu or toolbar text for ``command`` ("&Undo") followed by user text, if any."""
    return f"{command} {mnemonic_safe(shortened(text))}" if text else command


def make_plain(*labels: QLabel) -> None:
    """Show these labels' text as typed, never as markup."""
    for label in labels:
        label.setTextFormat(PLAIN)


def plain_message(box: QMessageBox) -> QMessageBox:
    """Make a message box show its text and informative text as typed; returns the box."""
    box.setTextFormat(PLAIN)
    return box


def _capped(hint: QSize, width: int) -> QSize:
    return QSize(min(hint.width(), width), hint.height())


class PlainLabel(QLabel):
    """A label for user text: shown as typed, and never asking for the width of a huge text.

    Texts up to :data:`MINIMUM_CHARACTERS` lay out exactly as in a QLabel; a longer one may be
    squeezed (and, without word wrap, clipped) rather than stretch the window to fit it.
    """

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(PLAIN)
        self.setText(text)

    def _inset(self) -> int:
        return 2 * self.margin() + max(self.indent(), 0)

    def _characters(self, count: int) -> int:
        return self.fontMetrics().averageCharWidth() * count + self._inset()

    def sizeHint(self) -> QSize:
        return _capped(super().sizeHint(), self._characters(HINT_CHARACTERS))

    def minimumSizeHint(self) -> QSize:
        return _capped(super().minimumSizeHint(), self._characters(MINIMUM_CHARACTERS))


def plain_label(text: str = "", parent: QWidget | None = None) -> PlainLabel:
    """A :class:`PlainLabel` showing ``text``."""
    return PlainLabel(text, parent)


class ElidedLabel(PlainLabel):
    """One line of user text, cut with "…" to fit the label's width; while it is cut, the
    tooltip shows the whole text (escaped), otherwise the tooltip given with :meth:`setToolTip`.
    :meth:`text` is always the whole text."""

    _mode = Qt.TextElideMode.ElideRight
    _own_tooltip = ""

    def __init__(
        self,
        text: str = "",
        parent: QWidget | None = None,
        *,
        mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight,
    ) -> None:
        super().__init__("", parent)
        self._mode = mode
        self.setWordWrap(False)
        self.setText(text)

    def setText(self, text: str) -> None:
        super().setText(text)
        self._update_tooltip()

    def setToolTip(self, tooltip: str) -> None:
        self._own_tooltip = tooltip
        self._update_tooltip()

    def shown_text(self) -> str:
        """The text as painted now: whole, or cut with "…"."""
        width = self.contentsRect().width() - self._inset()
        return self.fontMetrics().elidedText(self.text(), self._mode, max(width, 0))

    def is_elided(self) -> bool:
        return self.shown_text() != self.text()

    def minimumSizeHint(self) -> QSize:
        return _capped(super().minimumSizeHint(), self._characters(ELIDED_MINIMUM_CHARACTERS))

    def _update_tooltip(self) -> None:
        elided = bool(self.text()) and self.is_elided()
        super().setToolTip(rich_tooltip(self.text()) if elided else self._own_tooltip)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_tooltip()

    def paintEvent(self, event: QPaintEvent) -> None:
        shown = self.shown_text()
        if shown == self.text():
            # The whole text fits: QLabel paints it, all in C++ (the window's first frame then
            # builds no Python QStyle or QPainter, whose enums took a twentieth of it).
            super().paintEvent(event)
            return
        from PySide6.QtGui import QPainter
        from PySide6.QtWidgets import QStyle

        painter = QPainter(self)
        margin = self.margin()
        rect = self.contentsRect().adjusted(
            margin + max(self.indent(), 0), margin, -margin, -margin
        )
        alignment = QStyle.visualAlignment(self.layoutDirection(), self.alignment())
        self.style().drawItemText(
            painter,
            rect,
            int(alignment),
            self.palette(),
            self.isEnabled(),
            shown,
            self.foregroundRole(),
        )
        painter.end()


def text_height(label: QLabel, lines: int = 1) -> int:
    """The height ``label`` takes for ``lines`` lines of its font: the room a message line
    keeps while it is blank, so a message said in it moves nothing."""
    sample = "\n".join("Xg" for _ in range(max(1, lines)))
    label_margins = label.contentsMargins()
    height = label.fontMetrics().boundingRect(0, 0, 10_000, 10_000, 0, sample).height()
    return height + 2 * label.margin() + label_margins.top() + label_margins.bottom()
