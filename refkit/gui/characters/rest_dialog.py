"""Finishing a rest: which wounds heal, Tend Wounds, Repair Armor, and whether it was in the Miasma.

The dialog says up front what a rest gives back and refuses, with the reason, a rest the rules
forbid (a doubled magic slot, a dead crow). Tend Wounds is what a companion did for this crow;
Repair Armor is this crow's own rest activity: one carried armour or shield back to full AD
(L343, L473). It is opened with ``open()`` and reports the choice through
:attr:`RestDialog.rest_chosen`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.plain_text import plain_label
from refkit.rules.character.model import Character
from refkit.rules.inventory.model import BACKPACK

SLOT_ROLE = Qt.ItemDataRole.UserRole + 1


def rest_refusal(character: Character) -> str:
    """Why this crow cannot rest now, or "" when it can."""
    if character.dead:
        return f"{character.name} is dead: all ten backpack slots hold a wound"
    overloaded = character.items.overloaded_magic_slots()
    if overloaded:
        return (
            f"{character.name} cannot rest while two magic items share the "
            f"{', '.join(overloaded)} slot; take one off first"
        )
    return ""


class RestDialog(QDialog):
    """Choose what a finished rest heals."""

    rest_chosen = Signal(list, bool, int, str)
    """Healed slots, in the Miasma, wounds healed, the armour repaired (its item id, or "")."""

    def __init__(self, character: Character, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rest_dialog")
        self.setWindowTitle(f"Finish a rest — {character.name}")
        self._character = character
        explain = QLabel(
            "A finished rest (six quiet hours, four of them asleep, and a ration) gives back all "
            "Stamina, heals one wound of the player's choice, restores expertise uses and the "
            "usage dice of Rest items and spellbooks, and ends blessed, vulnerable and weakened."
        )
        explain.setWordWrap(True)
        self.tend = QCheckBox("Tend Wounds: a companion tended this crow, so two wounds heal")
        self.tend.setObjectName("tend_check")
        self.tend.setEnabled(len(character.wound_slots) >= 2)
        self.miasma = QCheckBox("Rested in the Miasma: expertise uses do not come back")
        self.miasma.setObjectName("miasma_check")
        self.repair = QComboBox()
        self.repair.setObjectName("repair_combo")
        self.repair.setToolTip(
            "Repair Armor, this crow's rest activity: one carried armour or shield back to full AD"
        )
        self.repair.addItem("No Repair Armor (another activity, or none)", "")
        for item in character.repairable_armour():
            assert item.armor is not None
            self.repair.addItem(
                f"Repair Armor: {item.name}, AD {item.armor.ad} of {item.armor.max_ad} → "
                f"{item.armor.max_ad}",
                item.id,
            )
        self.repair.setEnabled(self.repair.count() > 1)
        self.repair.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.wounds = QListWidget()
        self.wounds.setObjectName("rest_wounds")
        holding = character.items.backpack_slots_holding_items()
        for slot in sorted(character.wound_slots):
            occupants = character.items.occupants(BACKPACK, slot)
            what = f"holds {', '.join(i.name for i in occupants)}" if occupants else "empty"
            cost = " (costs 1 speed)" if slot in holding else ""
            entry = QListWidgetItem(f"Backpack {slot} — {what}{cost}")
            entry.setData(SLOT_ROLE, slot)
            entry.setFlags(entry.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            entry.setCheckState(Qt.CheckState.Unchecked)
            self.wounds.addItem(entry)
        if self.wounds.count():
            first = self._first_costly_row(holding)
            self.wounds.item(first).setCheckState(Qt.CheckState.Checked)
        self.wounds.setVisible(self.wounds.count() > 0)
        self.message = plain_label()  # a refusal may name items
        self.message.setObjectName("rest_message")
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Finish the rest")

        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addWidget(self.tend)
        layout.addWidget(self.miasma)
        layout.addWidget(self.repair)
        heading = QLabel("Wounds to heal:" if self.wounds.count() else "No wounds to heal.")
        layout.addWidget(heading)
        layout.addWidget(self.wounds)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)

        self.tend.toggled.connect(self._refresh)
        self.wounds.itemChanged.connect(self._refresh)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self._refresh()

    def _first_costly_row(self, holding: frozenset[int]) -> int:
        for row in range(self.wounds.count()):
            if self.wounds.item(row).data(SLOT_ROLE) in holding:
                return row
        return 0

    def chosen_repair(self) -> str:
        """The item id of the armour to repair ("" for none)."""
        return str(self.repair.currentData() or "")

    def choose_repair(self, item_id: str) -> None:
        """Choose the armour to repair by item id ("" for none); KeyError if it is not offered."""
        index = self.repair.findData(item_id)
        if index < 0:
            raise KeyError(f"{item_id!r} is not armour this crow can repair")
        self.repair.setCurrentIndex(index)

    def wounds_healed(self) -> int:
        return 2 if self.tend.isChecked() else 1

    def chosen_slots(self) -> list[int]:
        return [
            int(self.wounds.item(row).data(SLOT_ROLE))
            for row in range(self.wounds.count())
            if self.wounds.item(row).checkState() == Qt.CheckState.Checked
        ]

    def problem(self) -> str:
        """Why the rest cannot be finished as chosen, or ""."""
        refusal = rest_refusal(self._character)
        if refusal:
            return refusal
        due = min(self.wounds_healed(), len(self._character.wound_slots))
        chosen = len(self.chosen_slots())
        if chosen != due:
            return f"Tick {due} wound{'s' if due != 1 else ''} to heal (ticked: {chosen})"
        return ""

    def _refresh(self, *_args: object) -> None:
        problem = self.problem()
        self.message.setText(f"⚠ {problem}" if problem else "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)

    def _accept(self) -> None:
        if self.problem():
            return
        self.rest_chosen.emit(
            self.chosen_slots(), self.miasma.isChecked(), self.wounds_healed(), self.chosen_repair()
        )
        self.accept()
