"""An item card's name never stops mid-word: on a card too small even at the smallest font (two
entries sharing a slot), it is cut with "…"."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF

from refkit.gui.inventory.item_card_widget import MIN_POINT_SIZE, fitted_title

ONE_LINE = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
WRAPPED = ONE_LINE | int(Qt.TextFlag.TextWordWrap)


def test_a_name_too_long_for_a_half_height_card_is_cut_with_an_ellipsis(qapp) -> None:
    rect = QRectF(0, 0, 40, 12)
    font, text = fitted_title(QFont(), "Healing potion of the deep wells", rect, ONE_LINE)
    assert text.endswith("…")
    assert QFontMetricsF(font).horizontalAdvance(text) <= rect.width() + 0.5


def test_a_name_that_fits_is_left_whole(qapp) -> None:
    rect = QRectF(0, 0, 400, 40)
    _, text = fitted_title(QFont(), "Rope", rect, WRAPPED)
    assert text == "Rope"


def test_a_wrapped_name_keeps_the_lines_that_fit_and_cuts_the_last(qapp) -> None:
    smallest = QFont()
    smallest.setPointSizeF(MIN_POINT_SIZE)
    rect = QRectF(0, 0, 45, QFontMetricsF(smallest).lineSpacing() * 2.2)
    long_name = "Vicious steel flail of the northern marches"
    _, text = fitted_title(QFont(), long_name, rect, WRAPPED)
    assert text.endswith("…")
    assert len(text.split("\n")) == 2
