"""The Traits & XP tab's crow facts and advancement purchases (issue 26 item 3).

Shows the crow's background, coins, pets and NPC connection as plain text, and the advancement
bonuses its TXP has earned and not claimed; offers what ``refkit character advance`` offers
besides traits: +1 to a characteristic, one expertise use (a new expertise too), one use and +1
Stamina, or +2 Stamina. Each purchase is one undo step through the session's runner; a refusal
is said under the buttons, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from refkit.app.character_commands import CharacterEdit
from refkit.app.characters import advancement
from refkit.gui.characters.builder_parts import MessageLabel
from refkit.gui.characters.session import CharacterSession
from refkit.gui.common.plain_text import ElidedLabel, PlainLabel
from refkit.present import crow_progress as present
from refkit.rules.character.build_data import BuildData
from refkit.rules.character.model import CHARACTERISTIC_NAMES, load_expertise_names

ROOM_CHARACTERS = 10
"""The width a purchase's drop-down keeps for its choice, in characters: the longest expertise
("Historical Lore") shows whole, and the box never asks for the width of its longest item."""


def _narrow_combo(name: str, items: list[str]) -> QComboBox:
    combo = QComboBox()
    combo.setObjectName(name)
    combo.addItems(items)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(ROOM_CHARACTERS)
    return combo


class AdvancementPanel(QWidget):
    """The crow's facts above its advancement bonuses and the buttons that claim them.

    Laid out in one narrow column (the sheet dock shares a laptop screen with the board and the
    referee's panels): each fact is one line cut with "…" to the column's width, whole in its
    tooltip, so a long or hostile name never widens the dock; the bonuses line wraps.
    """

    def __init__(self, session: CharacterSession, data: BuildData, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("advancement_panel")
        self._session = session
        self.data = data
        self.facts: dict[str, ElidedLabel] = {}
        for caption in present.FACT_CAPTIONS:
            label = ElidedLabel()
            label.setObjectName(f"crow_{caption.lower()}")
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.facts[caption] = label
        self.bonuses = PlainLabel()
        self.bonuses.setObjectName("advancement_bonuses")
        self.bonuses.setWordWrap(True)
        self.characteristic = _narrow_combo(
            "advance_characteristic", [name.capitalize() for name in CHARACTERISTIC_NAMES]
        )
        self.raise_button = QPushButton("+1 to the characteristic")
        self.raise_button.setObjectName("raise_characteristic")
        self.raise_button.setToolTip("Claim a characteristic bonus: +1, at most 4 (undoable)")
        names = load_expertise_names()
        self.expertise = _narrow_combo(
            "advance_expertise", sorted(n for group in names.values() for n in group)
        )
        self.use_button = QPushButton("+1 use")
        self.use_button.setObjectName("add_expertise_use")
        self.use_button.setToolTip(
            "One more use of the expertise (a new one starts at 1): from the uses left over of "
            "a claimed Expertise & Stamina bonus, else a new bonus taken as 3 uses (undoable)"
        )
        self.mix_button = QPushButton("+1 use && +1 Stamina")
        self.mix_button.setObjectName("add_use_and_stamina")
        self.mix_button.setToolTip(
            "An Expertise & Stamina bonus taken as one use of the expertise and +1 Stamina max "
            "(undoable)"
        )
        self.stamina_button = QPushButton("+2 Stamina max")
        self.stamina_button.setObjectName("add_stamina")
        self.stamina_button.setToolTip(
            "An Expertise & Stamina bonus taken as +2 Stamina max (undoable)"
        )
        self.message = MessageLabel("advancement_message")
        # A refusal names the crow: a long name without spaces is cut, not a wider dock.
        self.message.setMinimumWidth(1)
        facts = QFormLayout()
        facts.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for caption, label in self.facts.items():
            facts.addRow(f"{caption}:", label)
        claims = QGroupBox("Advancement")
        grid = QGridLayout(claims)
        grid.addWidget(self.bonuses, 0, 0, 1, 3)
        grid.addWidget(QLabel("Characteristic:"), 1, 0)
        grid.addWidget(self.characteristic, 1, 1)
        grid.addWidget(self.raise_button, 2, 1)
        grid.addWidget(QLabel("Expertise:"), 3, 0)
        grid.addWidget(self.expertise, 3, 1)
        uses = QHBoxLayout()
        uses.addWidget(self.use_button)
        uses.addWidget(self.mix_button)
        grid.addLayout(uses, 4, 1)
        grid.addWidget(QLabel("Stamina:"), 5, 0)
        grid.addWidget(self.stamina_button, 5, 1)
        grid.addWidget(self.message, 6, 0, 1, 3)
        grid.setColumnStretch(2, 1)  # on a wide sheet the buttons keep their size, at the left
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(facts)
        layout.addSpacing(layout.spacing())
        layout.addWidget(claims)
        layout.addStretch(1)
        self.raise_button.clicked.connect(self.raise_characteristic)
        self.use_button.clicked.connect(self.add_use)
        self.mix_button.clicked.connect(self.add_use_and_stamina)
        self.stamina_button.clicked.connect(self.add_stamina)
        session.character_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        crow = self._session.character()
        if crow is None:
            for label in self.facts.values():
                label.setText("")
            self.bonuses.setText("No crow is open")
            return
        for label, value in zip(self.facts.values(), present.facts(crow), strict=True):
            label.setText(value)
        self.bonuses.setText(present.bonuses_text(crow, self.data))
        left = present.bonuses(crow, self.data)
        self.raise_button.setEnabled(left.characteristic > 0)
        self.use_button.setEnabled(left.any_use)
        self.mix_button.setEnabled(left.expertise_stamina > 0)
        self.stamina_button.setEnabled(left.expertise_stamina > 0)

    def raise_characteristic(self) -> bool:
        chosen = self.characteristic.currentText()
        return self._push(
            lambda service, crow: advancement.raise_characteristic(service, crow, chosen, self.data)
        )

    def add_use(self) -> bool:
        chosen = self.expertise.currentText()
        return self._push(
            lambda service, crow: advancement.add_expertise_use(
                service, crow, chosen, data=self.data
            )
        )

    def add_use_and_stamina(self) -> bool:
        chosen = self.expertise.currentText()
        return self._push(
            lambda service, crow: advancement.add_expertise_use(
                service, crow, chosen, with_stamina=True, data=self.data
            )
        )

    def add_stamina(self) -> bool:
        return self._push(lambda service, crow: advancement.add_stamina(service, crow, self.data))

    def _push(self, make: Callable[..., CharacterEdit]) -> bool:
        """Run one purchase as one undo step; a refusal is said here and nothing changes."""
        crow = self._session.name()
        if crow is None:
            return False
        service = self._session.service
        try:
            self._session.push_made(lambda: make(service, crow))
        except ValueError as error:
            self.message.show_problems([str(error)])
            return False
        self.message.show_problems([])
        return True
