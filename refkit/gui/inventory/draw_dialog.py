"""Draw From Pack, the combat maneuver: pick a backpack item, see the chance, roll the d10.

The roll succeeds when it is at least the lowest backpack slot the item covers, so the chance is
(11 − slot) in 10. On a success the item goes to hand as one undoable step; what was in that hand is
dropped or swapped into the freed backpack slots.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.plain_text import plain_label
from refkit.rules.character.model import Character
from refkit.rules.character.slot_traits import inventory_rules
from refkit.rules.inventory.model import BACKPACK, HAND
from refkit.rules.inventory.moves import DrawResult, MoveRefused, draw_chance

Draw = Callable[[str, int, str], DrawResult]
"""Rolls the d10 and makes the draw: (item id, hand, "drop" or "swap") → result."""


class DrawFromPackDialog(QDialog):
    """Pick an item, see the odds, roll."""

    def __init__(
        self,
        character: Character,
        draw: Draw,
        item_id: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("draw_dialog")
        self.setWindowTitle(f"Draw from pack — {character.name}")
        self._character = character
        self._draw = draw
        self.item = QComboBox()
        self.item.setObjectName("draw_item")
        self.item.setMinimumContentsLength(24)  # a long item name must not widen the dialog
        self.item.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        for entry in sorted(character.items.items_in(BACKPACK), key=lambda i: i.at or 0):
            self.item.addItem(f"{entry.name} — backpack {entry.location.split()[-1]}", entry.id)
        if item_id is not None:
            index = self.item.findData(item_id)
            if index >= 0:
                self.item.setCurrentIndex(index)
        self.chance = plain_label()  # item names, as typed
        self.chance.setObjectName("draw_chance")
        font = self.chance.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.chance.setFont(font)
        self.hand1 = QRadioButton("Hand 1")
        self.hand2 = QRadioButton("Hand 2")
        hands = QButtonGroup(self)
        hands.addButton(self.hand1)
        hands.addButton(self.hand2)
        self.hand1.setChecked(True)
        self.drop = QRadioButton("Drop what that hand holds")
        self.swap = QRadioButton("Put it where the drawn item was")
        room = QButtonGroup(self)
        room.addButton(self.drop)
        room.addButton(self.swap)
        self.swap.setChecked(True)
        self.roll_button = QPushButton("Roll d10")
        self.roll_button.setObjectName("draw_roll")
        self.roll_button.setFont(font)
        self.result = plain_label()
        self.result.setObjectName("draw_result")
        self.result.setWordWrap(True)
        self.result.setFont(font)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)

        explain = QLabel(
            "Roll a d10: it must reach the item's backpack slot number (its lowest slot), so "
            "slot 1 always comes out and slot 10 needs a 10. On a failure nothing moves."
        )
        explain.setWordWrap(True)
        hand_row = QHBoxLayout()
        hand_row.addWidget(self.hand1)
        hand_row.addWidget(self.hand2)
        hand_row.addStretch(1)
        room_row = QVBoxLayout()
        room_row.addWidget(self.swap)
        room_row.addWidget(self.drop)
        form = QFormLayout()
        form.addRow("Item", self.item)
        form.addRow("Chance", self.chance)
        form.addRow("Into", hand_row)
        form.addRow("Hand holds something", room_row)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addLayout(form)
        layout.addWidget(self.roll_button)
        layout.addWidget(self.result)
        layout.addWidget(buttons)

        self.item.currentIndexChanged.connect(self._refresh)
        self.roll_button.clicked.connect(self.roll)
        self._refresh()

    def chance_text(self) -> str:
        return self.chance.text()

    def result_text(self) -> str:
        return self.result.text()

    def _selected(self) -> str | None:
        data = self.item.currentData()
        return data if isinstance(data, str) else None

    def _refresh(self, *_args: object) -> None:
        item_id = self._selected()
        if item_id is None:
            self.chance.setText("Nothing in the backpack to draw")
            self.roll_button.setEnabled(False)
            return
        item = self._character.items.find(item_id)
        rules = inventory_rules(self._character)
        chance = draw_chance(item, rules)
        needs = rules.shaping.draw_needs(item.at or 1)
        self.chance.setText(
            f"Needs {needs} or more: {round(float(chance) * 100)}% "
            f"({chance.numerator * 10 // chance.denominator} in 10)"
        )
        self.hand2.setEnabled(item.slots == 1)
        if item.slots > 1:
            self.hand1.setChecked(True)
        self.roll_button.setEnabled(True)

    def roll(self) -> None:
        item_id = self._selected()
        if item_id is None:
            return
        item = self._character.items.find(item_id)
        hand = 2 if self.hand2.isChecked() else 1
        room = "swap" if self.swap.isChecked() else "drop"
        try:
            result = self._draw(item_id, hand, room)
        except (MoveRefused, ValueError) as error:
            reason = error.reason if isinstance(error, MoveRefused) else str(error)
            self.result.setText(f"⚠ Not drawn: {reason}")
            return
        if result.success:
            self.result.setText(
                f"Rolled {result.roll} (needed {result.needed}): ✓ {item.name} is in "
                f"{HAND} {hand}. Edit → Undo puts it back."
            )
            self.roll_button.setEnabled(False)
        else:
            self.result.setText(
                f"Rolled {result.roll} (needed {result.needed}): ✗ not drawn. You may rearrange "
                "the backpack, but nothing comes out this turn."
            )
            self.roll_button.setEnabled(False)
