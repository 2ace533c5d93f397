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
from refkit.present import crow_progress as present
from refkit.rules.character.build_data import BuildData
from refkit.rules.character.model import CHARACTERISTIC_NAMES, load_expertise_names


def _plain_label(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class AdvancementPanel(QWidget):
    """The crow's facts beside its advancement bonuses and the buttons that claim them."""

    def __init__(self, session: CharacterSession, data: BuildData, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("advancement_panel")
        self._session = session
        self.data = data
        self.facts = _plain_label("crow_facts")
        self.facts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.bonuses = _plain_label("advancement_bonuses")
        self.characteristic = QComboBox()
        self.characteristic.setObjectName("advance_characteristic")
        self.characteristic.addItems([name.capitalize() for name in CHARACTERISTIC_NAMES])
        self.raise_button = QPushButton("+1 to the charac&teristic")
        self.raise_button.setObjectName("raise_characteristic")
        self.raise_button.setToolTip("Claim a characteristic bonus: +1, at most 4 (undoable)")
        self.expertise = QComboBox()
        self.expertise.setObjectName("advance_expertise")
        names = load_expertise_names()
        self.expertise.addItems(sorted(n for group in names.values() for n in group))
        self.use_button = QPushButton("+1 &use")
        self.use_button.setObjectName("add_expertise_use")
        self.use_button.setToolTip(
            "One more use of the expertise (a new one starts at 1): from the uses left over of "
            "a claimed Expertise & Stamina bonus, else a new bonus taken as 3 uses (undoable)"
        )
        self.mix_button = QPushButton("+1 use && +1 Sta&mina")
        self.mix_button.setObjectName("add_use_and_stamina")
        self.mix_button.setToolTip(
            "An Expertise & Stamina bonus taken as one use of the expertise and +1 Stamina max "
            "(undoable)"
        )
        self.stamina_button = QPushButton("+2 Stamina ma&x")
        self.stamina_button.setObjectName("add_stamina")
        self.stamina_button.setToolTip(
            "An Expertise & Stamina bonus taken as +2 Stamina max (undoable)"
        )
        self.message = MessageLabel("advancement_message")
        facts_box = QGroupBox("The crow")
        QVBoxLayout(facts_box).addWidget(self.facts)
        claims = QGroupBox("Advancement")
        grid = QGridLayout(claims)
        grid.addWidget(self.bonuses, 0, 0, 1, 4)
        grid.addWidget(QLabel("Characteristic:"), 1, 0)
        grid.addWidget(self.characteristic, 1, 1)
        grid.addWidget(self.raise_button, 1, 2)
        grid.addWidget(self.stamina_button, 1, 3)
        grid.addWidget(QLabel("Expertise:"), 2, 0)
        grid.addWidget(self.expertise, 2, 1)
        grid.addWidget(self.use_button, 2, 2)
        grid.addWidget(self.mix_button, 2, 3)
        grid.addWidget(self.message, 3, 0, 1, 4)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(facts_box, 1)
        layout.addWidget(claims, 2)
        self.raise_button.clicked.connect(self.raise_characteristic)
        self.use_button.clicked.connect(self.add_use)
        self.mix_button.clicked.connect(self.add_use_and_stamina)
        self.stamina_button.clicked.connect(self.add_stamina)
        session.character_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        crow = self._session.character()
        if crow is None:
            self.facts.setText("No crow is open")
            self.bonuses.setText("")
            return
        self.facts.setText(present.facts_text(crow))
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
