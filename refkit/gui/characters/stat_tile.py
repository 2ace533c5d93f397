"""A tile of the character sheet: a caption over a big number, with a line of detail under it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QVBoxLayout, QWidget

from refkit.gui.common.plain_text import plain_label, rich_tooltip


class StatTile(QFrame):
    """A caption over a big number, with an optional line of detail under it."""

    def __init__(self, name: str, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"{name}_tile")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.caption = QLabel(caption.upper())
        self.caption.setObjectName(f"{name}_caption")
        caption_font = QFont(self.font())
        caption_font.setPointSizeF(caption_font.pointSizeF() * 0.85)
        caption_font.setBold(True)
        self.caption.setFont(caption_font)
        self.value = QLabel("–")
        self.value.setObjectName(f"{name}_value")
        value_font = QFont(self.font())
        value_font.setPointSizeF(value_font.pointSizeF() * 1.7)
        value_font.setBold(True)
        self.value.setFont(value_font)
        self.detail = plain_label("")
        self.detail.setObjectName(f"{name}_detail")
        detail_font = QFont(self.font())
        detail_font.setPointSizeF(detail_font.pointSizeF() * 0.85)
        self.detail.setFont(detail_font)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(0)
        for label in (self.caption, self.value, self.detail):
            label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            layout.addWidget(label)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def show_value(self, value: str, detail: str = "", tooltip: str = "") -> None:
        self.value.setText(value)
        self.detail.setText(detail)
        self.detail.setVisible(bool(detail))
        self.setToolTip(rich_tooltip(tooltip))  # may name the crow's armour
        self.setAccessibleName(f"{self.caption.text().capitalize()}: {value}. {detail}".strip())
