"""Splitting a stack: how many to take off as a pile of their own (it stays in the same slot)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from refkit.rules.inventory.model import Item


class SplitStackDialog(QDialog):
    """Ask how many of a stack to split off; opened with ``open()``, answers with a signal."""

    split_chosen = Signal(int)

    def __init__(self, item: Item, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("split_dialog")
        self.setWindowTitle(f"Split {item.name}")
        self.count = QSpinBox()
        self.count.setObjectName("split_count")
        self.count.setRange(1, max(1, item.count - 1))
        self.count.setValue(max(1, item.count // 2))
        explain = QLabel(
            f"The stack holds {item.count} {item.name}. The part you split off stays in the same "
            "slot as a pile of its own; drag it (or pick it up with Space) to put it elsewhere."
        )
        explain.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Split")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("Take off", self.count)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def _accept(self) -> None:
        self.split_chosen.emit(self.count.value())
        self.accept()
