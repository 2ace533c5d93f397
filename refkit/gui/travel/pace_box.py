"""Step 1 of the travel day form: the pace, the slowest speed and the day's waterways."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from refkit.gui.common.plain_text import PLAIN
from refkit.rules.common.pace import Pace


class PaceBox(QGroupBox):
    """ "1. Pace and speed": the pace (normal first), the slowest traveller's speed, road and
    river boxes, and a line previewing the day they make."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("1. Pace and speed", parent)
        self.pace = QComboBox()
        self.pace.setAccessibleName("Pace")
        for pace in Pace:
            self.pace.addItem(pace.value.capitalize(), pace)
        self.pace.setCurrentIndex(1)
        self.speed = QSpinBox(minimum=0, maximum=30, value=5)
        self.speed.setAccessibleName("Slowest speed")
        self.road = QCheckBox("Road all day")
        self.river_cross = QCheckBox("River crossing or upstream")
        self.downstream = QCheckBox("Downstream")
        self.preview = QLabel()
        self.preview.setTextFormat(PLAIN)
        form = QFormLayout(self)
        row = QHBoxLayout()
        row.addWidget(self.pace)
        row.addWidget(QLabel("slowest speed"))
        row.addWidget(self.speed)
        form.addRow(row)
        checks = QHBoxLayout()
        for box in (self.road, self.river_cross, self.downstream):
            checks.addWidget(box)
        form.addRow(checks)
        form.addRow(self.preview)
