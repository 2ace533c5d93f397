"""The real-input helpers themselves, offscreen: what they aim at is what a user sees."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from tests.gui.screens.real_input import RealInput


def a_panel_in_a_scroll_area(qtbot) -> tuple[QScrollArea, QVBoxLayout, QPushButton]:
    area = QScrollArea()
    area.setWidgetResizable(True)
    inner = QWidget()
    column = QVBoxLayout(inner)
    column.addWidget(QLabel("Journey"))
    button = QPushButton("NE")
    column.addWidget(button)
    column.addStretch(1)
    area.setWidget(inner)
    area.resize(300, 200)
    qtbot.addWidget(area)
    area.show()
    qtbot.waitExposed(area)
    return area, column, button


def test_reveal_scrolls_to_where_the_widget_is_once_its_panel_is_laid_out(qtbot) -> None:
    area, column, button = a_panel_in_a_scroll_area(qtbot)
    # A step fills rows above the button: the layout that moves it down is still to be done.
    for n in range(12):
        row = QLabel(f"traveller {n}")
        row.setFixedHeight(40)
        column.insertWidget(1, row)
    real = RealInput(qtbot)
    try:
        real.reveal(button)
    finally:
        real.close()
    qtbot.wait(100)  # what is left of the layout is done before the pointer gets there
    middle = button.rect().center()
    assert button.visibleRegion().contains(middle), (
        f"the button at {button.mapTo(area.widget(), middle)} is not in the scroll area's view"
        f" (scrolled to {area.verticalScrollBar().value()})"
    )
