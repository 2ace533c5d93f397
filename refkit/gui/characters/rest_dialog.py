"""Finishing a rest from the sheet: each resting crow's activity, its ration, which of this crow's
wounds heal, and whether it was in the Miasma.

The same choices as the DT panel's Finish rest (:mod:`refkit.gui.common.rest_choices`), and the
same procedure behind them (:mod:`refkit.app.party.rest`), so a rest is counted once and the
same way wherever it is finished. The crow may rest alone or with the rest of its party (then
Tend Wounds can help it). The dialog refuses, with the reason, a rest the rules forbid (a doubled
magic slot, a dead crow) and one the dungeon's rest is counting already. It is opened with
``open()`` and reports the choice through :attr:`RestDialog.rest_chosen`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from refkit.app.party.rest import check_choices
from refkit.gui.common.plain_text import plain_label, set_button_text
from refkit.gui.common.rest_choices import RestChoices
from refkit.rules.character.model import Character
from refkit.rules.character.rest_activities import (
    Activity,
    ActivityChoice,
    ActivityRefused,
    rest_one,
    tended_patients,
)
from refkit.rules.common.name_text import match_key
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


@dataclass(frozen=True)
class SheetRest:
    """What the dialog chose: who rests, where, each one's activity, this crow's healed wounds."""

    crows: tuple[str, ...]
    in_miasma: bool
    choices: Mapping[str, ActivityChoice] = field(default_factory=dict)
    healed_slots: Mapping[str, Sequence[int]] = field(default_factory=dict)


class RestDialog(QDialog):
    """Choose what a finished rest does for this crow (and, resting together, its party)."""

    rest_chosen = Signal(object)
    """A :class:`SheetRest`."""

    def __init__(
        self,
        character: Character,
        parent: QWidget | None = None,
        *,
        companions: Sequence[Character] = (),
        party: str = "",
        starvation: Mapping[str, int] | None = None,
        refusal: str = "",
    ) -> None:
        super().__init__(parent)
        self.setObjectName("rest_dialog")
        self.setWindowTitle(f"Finish a rest — {character.name}")
        self._character = character
        self._companions = tuple(companions)
        self._starvation = dict(starvation or {})
        self._refusal = refusal
        explain = QLabel(
            "A finished rest (six quiet hours, four of them asleep, and a ration eaten) gives "
            "back all Stamina, heals one wound of the player's choice (two when a companion "
            "tends it), restores expertise uses and the usage dice of Rest items and "
            "spellbooks, and ends blessed, vulnerable and weakened. Each crow does one activity."
        )
        explain.setWordWrap(True)
        self.together = QCheckBox()
        set_button_text(
            self.together,
            f"Rest together with {party or 'the party'}"
            f" ({', '.join(c.name for c in self._companions)})",
            characters=90,
        )
        self.together.setObjectName("rest_together")
        self.together.setVisible(bool(self._companions))
        self.miasma = QCheckBox("Rested in the Miasma: expertise uses do not come back")
        self.miasma.setObjectName("miasma_check")
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
        self.wounds.setMaximumHeight(140)
        self.wounds_heading = QLabel()
        self.message = plain_label()  # a refusal may name items
        self.message.setObjectName("rest_message")
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Finish the rest")

        self._layout = QVBoxLayout(self)
        self._layout.addWidget(explain)
        self._layout.addWidget(self.together)
        self._layout.addWidget(self.miasma)
        self.choices = self._make_choices()
        self._layout.addWidget(self.choices, 1)
        self._layout.addWidget(self.wounds_heading)
        self._layout.addWidget(self.wounds)
        self._layout.addWidget(self.message)
        self._layout.addWidget(self.buttons)

        if not self.wounds_healed():  # no ration: nothing heals, so nothing is ticked
            for row in range(self.wounds.count()):
                self.wounds.item(row).setCheckState(Qt.CheckState.Unchecked)
        self.together.toggled.connect(self._together_toggled)
        self.wounds.itemChanged.connect(self._refresh)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self.resize(880, 600)  # the rows' previews in sight; fits a 1366x768 screen
        self._refresh()

    # who rests ----------------------------------------------------------------------------------

    def resting(self) -> tuple[Character, ...]:
        if self.together.isChecked():
            return (self._character, *self._companions)
        return (self._character,)

    def _make_choices(self) -> RestChoices:
        choices = RestChoices(self.resting(), starvation=self._starvation, parent=self)
        choices.changed.connect(self._refresh)
        return choices

    def _together_toggled(self, _on: bool) -> None:
        old = self.choices
        self.choices = self._make_choices()
        self._layout.replaceWidget(old, self.choices)
        old.hide()
        old.deleteLater()
        self._refresh()

    # choosing -----------------------------------------------------------------------------------

    def _first_costly_row(self, holding: frozenset[int]) -> int:
        for row in range(self.wounds.count()):
            if self.wounds.item(row).data(SLOT_ROLE) in holding:
                return row
        return 0

    def choose(self, name: str, choice: ActivityChoice) -> None:
        """Pick a resting crow's activity (KeyError when it is not offered)."""
        self.choices.choose(name, choice)

    def choose_repair(self, item_id: str) -> None:
        """This crow's activity: Repair Armor on the armour with this item id."""
        self.choose(self._character.name, ActivityChoice(Activity.REPAIR_ARMOR, item_id))

    def wounds_healed(self) -> int:
        """How many of this crow's wounds the rest heals (they are ticked here)."""
        crows = self.resting()
        try:
            planned = check_choices(crows, self.choices.choices())
        except ActivityRefused:
            return min(1, len(self._character.wound_slots))
        tended = tended_patients(planned)
        key = match_key(self._character.name)
        try:
            one = rest_one(
                self._character,
                None,  # the activity changes no wound count; its dice are not rolled here
                in_miasma=False,
                tended_by=tended.get(key, ""),
                starvation_wounds=self._starvation.get(self._character.name, 0),
                rng=random.Random(0),
            )
        except ValueError:
            return 0
        return one.wounds_to_heal

    def chosen_slots(self) -> list[int]:
        return [
            int(self.wounds.item(row).data(SLOT_ROLE))
            for row in range(self.wounds.count())
            if self.wounds.item(row).checkState() == Qt.CheckState.Checked
        ]

    def problem(self) -> str:
        """Why the rest cannot be finished as chosen, or ""."""
        if self._refusal:
            return self._refusal
        for crow in self.resting():
            refusal = rest_refusal(crow)
            if refusal:
                return refusal
        chosen = self.choices.problem()
        if chosen:
            return chosen
        due = self.wounds_healed()
        ticked = len(self.chosen_slots())
        if ticked != due:
            return f"Tick {due} wound{'s' if due != 1 else ''} to heal (ticked: {ticked})"
        return ""

    def _refresh(self, *_args: object) -> None:
        if not self.wounds.count():
            self.wounds_heading.setText("No wounds to heal.")
        else:
            due = self.wounds_healed()
            self.wounds_heading.setText(
                f"{self._character.name}'s wounds: tick the {due} the rest heals"
                if due
                else f"{self._character.name}'s wounds: the rest heals none (no ration)"
            )
        problem = self.problem()
        self.message.setText(f"⚠ {problem}" if problem else "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)

    def _accept(self) -> None:
        if self.problem():
            return
        slots = self.chosen_slots()
        self.rest_chosen.emit(
            SheetRest(
                crows=tuple(crow.name for crow in self.resting()),
                in_miasma=self.miasma.isChecked(),
                choices=self.choices.choices(),
                healed_slots={self._character.name: slots} if slots else {},
            )
        )
        self.accept()
