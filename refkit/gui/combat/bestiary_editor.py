"""The bestiary window: Refkit's example creatures and the referee's own, a form to write one
(checked as a bestiary file is: a problem names its field and says why, and nothing is saved),
and import / export of checked bestiary files.

Refkit's examples can be read and copied under a new name, never changed or deleted. File
choosers are opened with ``open()``, never ``exec()``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from refkit.app.combat.bestiary import Bestiary
from refkit.errors import DomainError, StaleWriteError
from refkit.gui.common.conflict_bar import ConflictBar
from refkit.gui.common.plain_text import plain_label
from refkit.gui.shell.undo_adapter import WRITE_HERE
from refkit.present.form_conflict import form_conflict
from refkit.rules.character.model import CONDITIONS
from refkit.rules.checks.crows_test import CHARACTERISTIC_MAX, CHARACTERISTIC_MIN
from refkit.rules.combat.bestiary_file import CreatureEntryError, bestiary_text, creature_from_entry
from refkit.rules.combat.creature import (
    AD_MAX,
    MELEE,
    SPEED_MAX,
    SQUARES_MAX,
    STAMINA_MAX,
    Attack,
    Creature,
)
from refkit.rules.combat.sizes import SIZES

ATTACK_COLUMNS = ("Name", "Kind", "Squares", "Damage (tier 2 / 3)", "Adds", "Piercing", "Keywords")
NAME, KIND, SQUARES, DAMAGE, ADDS, PIERCING, KEYWORDS = range(len(ATTACK_COLUMNS))
FILE_FILTER = "Bestiary files (*.toml);;All files (*)"
NAME_ROLE = Qt.ItemDataRole.UserRole
EXTRA_ROLE = Qt.ItemDataRole.UserRole + 1


def _spin(low: int, high: int, name: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setObjectName(name)
    return spin


def _attack_cells(attack: Attack) -> list[str]:
    return [
        attack.name,
        attack.kind,
        str(attack.squares),
        f"{attack.tier2} / {attack.tier3}",
        attack.characteristic,
        "",
        ", ".join(k.label for k in attack.keywords),
    ]


class CreatureForm(QWidget):
    """One creature's fields; :meth:`creature` checks them as a bestiary file's."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("creature_name")
        self.size_combo = QComboBox()
        self.size_combo.setObjectName("creature_size")
        self.size_combo.addItems(list(SIZES))
        self.size_combo.setCurrentText("medium")
        self.stamina_spin = _spin(0, STAMINA_MAX, "creature_stamina")
        self.ad_spin = _spin(0, AD_MAX, "creature_ad")
        self.speed_spin = _spin(0, SPEED_MAX, "creature_speed")
        self.speed_spin.setValue(5)
        self.reach_spin = _spin(0, SQUARES_MAX, "creature_reach")
        self.reach_spin.setSpecialValueText("by its size")
        self.characteristics = {
            name: _spin(CHARACTERISTIC_MIN, CHARACTERISTIC_MAX, f"creature_{name}")
            for name in ("agility", "mind", "strength")
        }
        self.wounds_check = QCheckBox("Takes wounds (a person or an animal the referee runs)")
        self.wounds_check.setObjectName("creature_uses_wounds")
        self.condition_checks = {c: QCheckBox(c) for c in CONDITIONS}
        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setObjectName("creature_notes")
        self.notes_edit.setMaximumHeight(70)
        self.attacks = QTableWidget(0, len(ATTACK_COLUMNS))
        self.attacks.setObjectName("creature_attacks")
        self.attacks.setHorizontalHeaderLabels(list(ATTACK_COLUMNS))
        self.attacks.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.attacks.horizontalHeader().setStretchLastSection(True)
        self.attacks.verticalHeader().hide()
        self.add_attack_button = QPushButton("Add an attack")
        self.add_attack_button.setObjectName("creature_add_attack")
        self.remove_attack_button = QPushButton("Remove the attack")
        self.remove_attack_button.setObjectName("creature_remove_attack")
        self.add_attack_button.clicked.connect(lambda: self.add_attack())
        self.remove_attack_button.clicked.connect(self._remove_attack)

        form = QFormLayout()
        form.addRow("Name", self.name_edit)
        form.addRow("Size", self.size_combo)
        numbers = QHBoxLayout()
        for label, spin in (("Stamina", self.stamina_spin), ("AD", self.ad_spin),
                            ("Speed", self.speed_spin), ("Reach", self.reach_spin)):  # fmt: skip
            numbers.addWidget(plain_label(label))
            numbers.addWidget(spin)
        numbers.addStretch(1)
        form.addRow("", numbers)
        traits = QHBoxLayout()
        for name, spin in self.characteristics.items():
            traits.addWidget(plain_label(name.capitalize()))
            traits.addWidget(spin)
        traits.addStretch(1)
        form.addRow("", traits)
        form.addRow("", self.wounds_check)
        conditions = QGridLayout()
        for index, check in enumerate(self.condition_checks.values()):
            conditions.addWidget(check, index // 3, index % 3)
        form.addRow("Conditions", conditions)
        form.addRow("Notes", self.notes_edit)
        attack_buttons = QHBoxLayout()
        attack_buttons.addWidget(self.add_attack_button)
        attack_buttons.addWidget(self.remove_attack_button)
        attack_buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(plain_label("Attacks (keywords are labels: no rule applies them)"))
        layout.addWidget(self.attacks, 1)
        layout.addLayout(attack_buttons)
        self.clear()

    def clear(self) -> None:
        self.name_edit.clear()
        self.size_combo.setCurrentText("medium")
        for spin in (self.stamina_spin, self.ad_spin, self.reach_spin):
            spin.setValue(0)
        self.speed_spin.setValue(5)
        for spin in self.characteristics.values():
            spin.setValue(0)
        self.wounds_check.setChecked(False)
        for check in self.condition_checks.values():
            check.setChecked(False)
        self.notes_edit.clear()
        self.attacks.setRowCount(0)
        self.add_attack()

    def add_attack(self, attack: Attack | None = None) -> int:
        row = self.attacks.rowCount()
        self.attacks.insertRow(row)
        cells = _attack_cells(attack) if attack is not None else ["", MELEE, "1", "", "S", "", ""]
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if column == PIERCING:
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                on = attack is not None and attack.piercing
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            self.attacks.setItem(row, column, item)
        if attack is not None:  # what the form does not show comes back as it was
            extra = {"thrown": attack.thrown, "ammunition": attack.ammunition,
                     "notes": {k.label: k.note for k in attack.keywords}}  # fmt: skip
            self.attacks.item(row, NAME).setData(EXTRA_ROLE, extra)
        return row

    def _remove_attack(self) -> None:
        row = self.attacks.currentRow()
        if row >= 0:
            self.attacks.removeRow(row)

    def show_creature(self, creature: Creature) -> None:
        self.name_edit.setText(creature.name)
        self.size_combo.setCurrentText(creature.size)
        self.stamina_spin.setValue(creature.stamina)
        self.ad_spin.setValue(creature.ad)
        self.speed_spin.setValue(creature.speed)
        self.reach_spin.setValue(creature.reach or 0)
        for name, spin in self.characteristics.items():
            spin.setValue(creature.characteristic(name))
        self.wounds_check.setChecked(creature.uses_wounds)
        for condition, check in self.condition_checks.items():
            check.setChecked(condition in creature.conditions)
        self.notes_edit.setPlainText(creature.notes)
        self.attacks.setRowCount(0)
        for attack in creature.attacks:
            self.add_attack(attack)

    def entry(self) -> dict[str, Any]:
        """The form as a ``[[creature]]`` table of a bestiary file."""
        entry: dict[str, Any] = {
            "name": self.name_edit.text(),
            "size": self.size_combo.currentText(),
            "stamina": self.stamina_spin.value(),
            "ad": self.ad_spin.value(),
            "speed": self.speed_spin.value(),
            "uses_wounds": self.wounds_check.isChecked(),
            "conditions": [c for c, check in self.condition_checks.items() if check.isChecked()],
            "notes": self.notes_edit.toPlainText().strip(),
            "attack": [self._attack_entry(row) for row in range(self.attacks.rowCount())],
        }
        if self.reach_spin.value():
            entry["reach"] = self.reach_spin.value()
        for name, spin in self.characteristics.items():
            entry[name] = spin.value()
        return entry

    def _attack_entry(self, row: int) -> dict[str, Any]:
        def text(column: int) -> str:
            item = self.attacks.item(row, column)
            return item.text().strip() if item is not None else ""

        kind = text(KIND).lower()
        squares_text = text(SQUARES)
        squares: object = int(squares_text) if squares_text.isdigit() else squares_text
        piercing = self.attacks.item(row, PIERCING)
        extra = (
            self.attacks.item(row, NAME).data(EXTRA_ROLE) if self.attacks.item(row, NAME) else None
        )
        notes: dict[str, str] = (extra or {}).get("notes", {})
        keywords: list[object] = []
        for word in (w.strip() for w in text(KEYWORDS).split(",")):
            if word:
                keywords.append({"name": word, "note": notes[word]} if word in notes else word)
        entry: dict[str, Any] = {
            "name": text(NAME),
            "kind": kind,
            "reach" if kind == MELEE else "range": squares,
            "damage": text(DAMAGE),
            "characteristic": text(ADDS),
            "piercing": piercing is not None and piercing.checkState() == Qt.CheckState.Checked,
            "keywords": keywords,
        }
        for key in ("thrown", "ammunition"):
            if extra and extra.get(key):
                entry[key] = True
        return entry

    def creature(self) -> Creature:
        """The creature the form holds; CreatureEntryError naming the field and why."""
        return creature_from_entry(self.entry())

    def mark(self, problem: CreatureEntryError | None) -> None:
        """Point at the field a problem names (the attack's row and column for an attack's)."""
        if problem is None:
            return
        if problem.attack is not None and problem.attack < self.attacks.rowCount():
            column = {"name": NAME, "kind": KIND, "reach": SQUARES, "range": SQUARES,
                      "damage": DAMAGE, "characteristic": ADDS,
                      "keywords": KEYWORDS}.get(problem.field, NAME)  # fmt: skip
            self.attacks.setCurrentCell(problem.attack, column)
            self.attacks.setFocus()
            return
        widget = {"name": self.name_edit, "size": self.size_combo, "stamina": self.stamina_spin,
                  "ad": self.ad_spin, "speed": self.speed_spin, "reach": self.reach_spin,
                  "notes": self.notes_edit, "attack": self.attacks,
                  "attacks": self.attacks}.get(problem.field)  # fmt: skip
        if widget is None:
            widget = self.characteristics.get(problem.field)
        if widget is not None:
            widget.setFocus()


class BestiaryDialog(QDialog):
    """The bestiary: its list, the creature form, and files in and out."""

    changed = Signal()
    """A creature was saved, deleted or imported (the tracker's list offers it)."""

    def __init__(
        self,
        bestiary: Bestiary,
        parent: QWidget | None = None,
        *,
        folder: Callable[[], str] = lambda: str(Path.home()),
        write: Callable[..., Any] = WRITE_HERE,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("bestiary_dialog")
        self._write = write
        """How the bestiary is written: in the window's worker (a :class:`RefkitUndoStack`'s
        ``write``), else here."""
        self.setWindowTitle("Bestiary")
        self.bestiary = bestiary
        self.folder = folder
        self.editing: str | None = None
        """The referee's creature the form holds (None: a new one)."""
        self.shown: Creature | None = None
        """That creature as it was when put in the form (a save is made over it only)."""
        self._kept: Creature | None = None
        self.conflict = ConflictBar(
            "bestiary_conflict",
            put_back=("Put my values back", "Fill the form with your version again, then Save"),
            keep_theirs=("Keep theirs", "Let your version go; the creature stays as stored"),
        )
        self.conflict.put_back_requested.connect(self._put_back)
        self.file_dialog: QFileDialog | None = None

        self.list = QListWidget()
        self.list.setObjectName("bestiary_list")
        self.form = CreatureForm()
        self.problem_label = plain_label("")
        self.problem_label.setObjectName("bestiary_problem")
        self.problem_label.setWordWrap(True)
        self.new_button = QPushButton("New")
        self.save_button = QPushButton("Save")
        self.save_button.setObjectName("bestiary_save")
        self.delete_button = QPushButton("Delete")
        self.delete_button.setObjectName("bestiary_delete")
        self.import_button = QPushButton("Import a file…")
        self.import_button.setObjectName("bestiary_import")
        self.replace_check = QCheckBox("replacing creatures of the same name")
        self.replace_check.setObjectName("bestiary_replace")
        self.export_button = QPushButton("Export…")
        self.export_button.setObjectName("bestiary_export")
        self.export_button.setToolTip("The creature picked in the list (every one when none is)")
        self.close_button = QPushButton("Close")

        left = QVBoxLayout()
        left.addWidget(self.list, 1)
        left.addWidget(self.import_button)
        left.addWidget(self.replace_check)
        left.addWidget(self.export_button)
        right = QVBoxLayout()
        right.addWidget(self.conflict)
        right.addWidget(self.form, 1)
        right.addWidget(self.problem_label)
        buttons = QHBoxLayout()
        for button in (self.new_button, self.save_button, self.delete_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        right.addLayout(buttons)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 1)
        layout.addLayout(right, 3)

        self.list.currentItemChanged.connect(lambda item, _old: self._picked(item))
        self.new_button.clicked.connect(self.new_creature)
        self.save_button.clicked.connect(self.save)
        self.delete_button.clicked.connect(self.delete)
        self.import_button.clicked.connect(self.ask_import)
        self.export_button.clicked.connect(self.ask_export)
        self.close_button.clicked.connect(self.close)
        self.refresh()
        self.new_creature()

    def say(self, text: str) -> None:
        self.problem_label.setText(text)

    def refresh(self, keep: str | None = None) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for creature in self.bestiary.creatures():
            whose = "Refkit's" if self.bestiary.is_shipped(creature.name) else "yours"
            item = QListWidgetItem(f"{creature.name} ({whose})")
            item.setData(NAME_ROLE, creature.name)
            self.list.addItem(item)
            if keep is not None and creature.name.lower() == keep.lower():
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)

    def _picked(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        creature = self.bestiary.get(str(item.data(NAME_ROLE)))
        self.form.show_creature(creature)
        shipped = self.bestiary.is_shipped(creature.name)
        self.editing = None if shipped else creature.name
        self.shown = None if shipped else creature
        self.conflict.hide()
        self.delete_button.setEnabled(not shipped)
        self.say(
            "One of Refkit's examples: save it under a new name to make your own."
            if shipped
            else ""
        )

    def new_creature(self) -> None:
        self.list.clearSelection()
        self.list.setCurrentItem(None)
        self.editing = self.shown = None
        self.conflict.hide()
        self.form.clear()
        self.delete_button.setEnabled(False)
        self.say("")

    def save(self) -> Creature | None:
        """Check the form and keep the creature; a problem is said, nothing saved."""
        try:
            creature = self.form.creature()
        except CreatureEntryError as problem:
            self.say(f"Not saved: {problem}")
            self.form.mark(problem)
            return None
        try:
            self._write(partial(self.bestiary.save, creature, was=self.editing))
        except StaleWriteError as error:
            self._show_conflict(error, creature)
            return None
        except DomainError as error:
            self.say(f"Not saved: {error}")
            return None
        self.editing, self.shown = creature.name, creature
        self.conflict.hide()
        self.refresh(keep=creature.name)
        self.delete_button.setEnabled(True)
        self.say(f"Saved {creature.name}")
        self.changed.emit()
        return creature

    def _show_conflict(self, error: StaleWriteError, mine: Creature) -> None:
        """The creature was changed (or deleted) elsewhere since it was put in the form (the
        bestiary has read the stored ones again): show it as stored now, say what changed and
        keep the user's version to put back."""
        base = self.shown or mine
        name = self.editing or mine.name
        names = {c.name.lower() for c in self.bestiary.creatures()}
        theirs = self.bestiary.get(name) if name.lower() in names else None
        conflict = form_conflict(error.what, base, mine, None if theirs is None else (theirs, 0))
        self._kept = mine
        self.refresh(keep=None if theirs is None else theirs.name)
        if theirs is None:  # deleted meanwhile: Save stores the user's version anew
            self.editing = self.shown = None
            self.delete_button.setEnabled(False)
        else:
            self.form.show_creature(theirs)
            self.editing, self.shown = theirs.name, theirs
        self.say("")
        self.conflict.show_kept(conflict.message, bestiary_text([mine]))
        self.conflict.put_back_button.setVisible(theirs is not None)
        self.changed.emit()

    def _put_back(self) -> None:
        if self._kept is not None:
            self.form.show_creature(self._kept)

    def delete(self) -> bool:
        if self.editing is None:
            return False
        try:
            gone = self._write(self.bestiary.delete, self.editing)
        except DomainError as error:
            self.say(str(error))
            return False
        self.refresh()
        self.new_creature()
        self.say(f"Deleted {gone.name}")
        self.changed.emit()
        return True

    # -- files ----------------------------------------------------------------------------------

    def ask_import(self) -> QFileDialog:
        dialog = QFileDialog(self, "Import a bestiary file", self.folder(), FILE_FILTER)
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.fileSelected.connect(self.import_file)
        return self._open(dialog)

    def ask_export(self) -> QFileDialog:
        dialog = QFileDialog(self, "Export to a bestiary file", self.folder(), FILE_FILTER)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("toml")
        dialog.fileSelected.connect(self.export_file)
        return self._open(dialog)

    def _open(self, dialog: QFileDialog) -> QFileDialog:
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.file_dialog = dialog
        dialog.open()
        return dialog

    def import_file(self, path: str) -> bool:
        """Add the creatures of a checked file (all or none); the problem said in the window."""
        try:
            replace = self.replace_check.isChecked()
            added = self._write(partial(self.bestiary.import_file, path, replace=replace))
        except (DomainError, OSError) as error:
            self.say(f"Nothing imported: {error}")
            return False
        self.refresh(keep=added[0].name if added else None)
        self.say(f"Imported {', '.join(c.name for c in added)}")
        self.changed.emit()
        return True

    def export_file(self, path: str) -> bool:
        item = self.list.currentItem()
        names = [str(item.data(NAME_ROLE))] if item is not None else []
        try:
            written = self.bestiary.export_file(path, names)
        except (DomainError, OSError) as error:
            self.say(f"Not exported: {error}")
            return False
        self.say(f"Exported {', '.join(names) or 'the whole bestiary'} to {written}")
        return True


__all__ = ["BestiaryDialog", "CreatureForm"]
