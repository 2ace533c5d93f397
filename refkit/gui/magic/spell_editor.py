"""The spell editor: a spell of one's own written field by field and checked as a spell file is
(:func:`refkit.rules.magic.spell_file.spell_from_tables`), so the same rules hold for both.

Save sends the checked spell through ``saved``; the owner stores it and calls :meth:`refuse` with
the reason (a shipped name, a taken name) or ``accept()``. A field that cannot be read is named
in the window and nothing is stored. Opened with ``open()``.

The editor remembers the spell and the version it opened on (:attr:`SpellEditor.base`,
:attr:`SpellEditor.version`); a save refused because the spell was changed elsewhere meanwhile is
shown with :meth:`SpellEditor.show_conflict`: the fields show the spell as stored now, and a bar
says what changed and keeps the user's version to put back.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.conflict_bar import ConflictBar
from refkit.gui.common.plain_text import plain_label
from refkit.present.form_conflict import FormConflict
from refkit.present.spell_text import spell_lines
from refkit.rules.magic.casting_time import CastingKind
from refkit.rules.magic.discipline import Discipline
from refkit.rules.magic.spell import MOST_BOOK_DICE, RANK_MAX, RANK_MIN, Spell
from refkit.rules.magic.spell_file import SpellFileError, spell_from_tables

ORIGIN = "the spell editor"


def _text_box(lines: int) -> QPlainTextEdit:
    box = QPlainTextEdit()
    box.setTabChangesFocus(True)
    box.setFixedHeight(box.fontMetrics().lineSpacing() * lines + 12)
    return box


class SpellEditor(QDialog):
    """Write a new spell, or change one of one's own (``spell`` filled in)."""

    saved = Signal(object)
    """The checked Spell, and the name it had (None for a new one): ``(spell, old_name)``."""

    def __init__(
        self, spell: Spell | None = None, parent: QWidget | None = None, *, version: int = 0
    ) -> None:
        super().__init__(parent)
        self.setObjectName("spell_editor")
        self.setWindowTitle("New spell" if spell is None else f"Edit {spell.name}")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.old_name = None if spell is None else spell.name
        self.base = spell
        """The spell as stored when the editor opened (or as last shown after a conflict)."""
        self.version = version
        """Its version: the save is made on it (0: a new spell)."""
        self._kept: Spell | None = None
        self.conflict = ConflictBar(
            "spell_conflict",
            put_back=("Put my values back", "Fill the form with your version again, then Save"),
            keep_theirs=("Keep theirs", "Let your version go; the spell stays as stored"),
        )
        self.conflict.put_back_requested.connect(self._put_back)

        self.name = QLineEdit()
        self.rank = QSpinBox()
        self.rank.setRange(RANK_MIN, RANK_MAX)
        self.discipline = QComboBox()
        for discipline in Discipline:
            self.discipline.addItem(discipline.value)
        self.casting = QComboBox()
        for kind in CastingKind:
            self.casting.addItem(kind.value)
        self.trigger = QLineEdit()
        self.trigger.setPlaceholderText("a reaction's trigger")
        self.attack = QCheckBox("An attack (tier 1 misses; tiers 2 and 3 deal damage)")
        self.targets = QLineEdit()
        self.targets.setPlaceholderText("1 creature, 3 allies, All creatures, self, or empty")
        self.range = QLineEdit()
        self.range.setPlaceholderText("melee 1, ranged 10, within 1, self")
        self.area = QLineEdit()
        self.area.setPlaceholderText("aura 2, cube 3, line 5x1, or empty")
        self.duration = QLineEdit()
        self.duration.setPlaceholderText("instant, end of DT, 2 UD")
        self.description = _text_box(3)
        self.book = QLineEdit()
        self.book.setPlaceholderText("Its book's name, e.g. 'Witchfire book'")
        self.book_dice = QSpinBox()
        self.book_dice.setRange(1, MOST_BOOK_DICE)
        self.price = QSpinBox()
        self.price.setRange(0, 100_000)
        self.price.setSuffix(" gc")
        self.tier_text = {tier: _text_box(2) for tier in (1, 2, 3)}
        self.tier_damage = {tier: QLineEdit() for tier in (2, 3)}
        for box in self.tier_damage.values():
            box.setPlaceholderText("damage, e.g. 2+M (attacks)")
        self.problem = plain_label("")
        self.problem.setObjectName("spell_editor_problem")
        self.problem.setWordWrap(True)
        palette = self.problem.palette()
        palette.setColor(QPalette.ColorRole.WindowText, Qt.GlobalColor.darkRed)
        self.problem.setPalette(palette)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow("&Name", self.name)
        row = QGridLayout()
        row.addWidget(plain_label("Rank"), 0, 0)
        row.addWidget(self.rank, 0, 1)
        row.addWidget(plain_label("Discipline"), 0, 2)
        row.addWidget(self.discipline, 0, 3)
        row.setColumnStretch(4, 1)
        form.addRow("", row)
        casting = QGridLayout()
        casting.addWidget(self.casting, 0, 0)
        casting.addWidget(self.trigger, 0, 1)
        casting.setColumnStretch(1, 1)
        form.addRow("Casting", casting)
        form.addRow("", self.attack)
        form.addRow("&Targets", self.targets)
        form.addRow("&Range", self.range)
        form.addRow("&Area", self.area)
        form.addRow("D&uration", self.duration)
        form.addRow("Desc&ription", self.description)
        book = QGridLayout()
        book.addWidget(self.book, 0, 0)
        book.addWidget(plain_label("UD"), 0, 1)
        book.addWidget(self.book_dice, 0, 2)
        book.addWidget(self.price, 0, 3)
        book.setColumnStretch(0, 1)
        form.addRow("Book", book)
        for tier in (1, 2, 3):
            form.addRow(f"Tier {tier}", self.tier_text[tier])
            if tier in self.tier_damage:
                form.addRow("", self.tier_damage[tier])
        fields = QWidget()
        fields.setLayout(form)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(fields)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.conflict)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.casting.currentTextChanged.connect(self._casting_changed)
        if spell is not None:
            self.fill(spell)
        self._casting_changed(self.casting.currentText())
        self._fit_screen(fields)

    def _fit_screen(self, fields: QWidget) -> None:
        """As big as the fields want, within 90% of the screen (they scroll if it is small)."""
        screen = self.screen().availableGeometry()
        wanted = fields.sizeHint()
        width = min(max(wanted.width() + 40, 560), int(screen.width() * 0.9))
        height = min(wanted.height() + 120, int(screen.height() * 0.9))
        self.resize(width, height)

    def _casting_changed(self, kind: str) -> None:
        self.trigger.setEnabled(kind == CastingKind.REACTION.value)

    def fill(self, spell: Spell) -> None:
        self.name.setText(spell.name)
        self.rank.setValue(spell.rank)
        self.discipline.setCurrentText(spell.discipline.value)
        self.casting.setCurrentText(spell.casting_time.kind.value)
        self.trigger.setText(spell.casting_time.trigger)
        self.attack.setChecked(spell.attack)
        self.targets.setText(spell.targets.text)
        self.range.setText(spell.range.text)
        self.area.setText("" if spell.area is None else spell.area.text)
        self.duration.setText(spell.duration.text)
        self.description.setPlainText(spell.description)
        self.book.setText(spell.book.name)
        self.book_dice.setValue(spell.book.usage_dice)
        self.price.setValue(spell.book.price)
        for tier, box in self.tier_text.items():
            outcome = spell.outcome(tier)
            box.setPlainText("" if outcome is None else outcome.text)
        for tier, line in self.tier_damage.items():
            outcome = spell.outcome(tier)
            line.setText("" if outcome is None else outcome.damage)

    def tables(self) -> dict[str, Any]:
        """The fields as a spell file's tables (empty tiers left out)."""
        spell: dict[str, Any] = {
            "name": self.name.text(),
            "rank": self.rank.value(),
            "discipline": self.discipline.currentText(),
            "casting_time": self.casting.currentText(),
            "attack": self.attack.isChecked(),
            "targets": self.targets.text(),
            "range": self.range.text(),
            "area": self.area.text(),
            "duration": self.duration.text(),
            "description": self.description.toPlainText(),
        }
        if self.trigger.isEnabled() and self.trigger.text().strip():
            spell["trigger"] = self.trigger.text()
        data: dict[str, Any] = {
            "spell": spell,
            "book": {
                "name": self.book.text(),
                "usage_dice": self.book_dice.value(),
                "price": self.price.value(),
            },
        }
        for tier, box in self.tier_text.items():
            text = box.toPlainText()
            damage = self.tier_damage[tier].text() if tier in self.tier_damage else ""
            if text.strip() or damage.strip():
                data[f"tier{tier}"] = {"text": text, "damage": damage}
        return data

    def checked_spell(self) -> Spell:
        """The spell the fields make; SpellFileError naming the field otherwise."""
        return spell_from_tables(self.tables(), ORIGIN)

    def save(self) -> None:
        try:
            spell = self.checked_spell()
        except SpellFileError as error:
            self.refuse(str(error))
            return
        self.problem.setText("")
        self.saved.emit((spell, self.old_name))

    def refuse(self, reason: str) -> None:
        """Say in the window why the spell was not stored."""
        self.problem.setText(f"Not saved: {reason}")

    def show_conflict(self, conflict: FormConflict[Spell]) -> None:
        """The spell was changed (or deleted) elsewhere since the editor opened: show it as
        stored now, say what changed, and keep the user's version to put back."""
        self.problem.setText("")
        self._kept = conflict.mine
        if conflict.theirs is None:  # deleted: nothing to show but the user's values
            self.base, self.version, self.old_name = None, 0, None
        else:
            self.base, self.version = conflict.theirs, conflict.version
            self.old_name = conflict.theirs.name
            self.fill(conflict.theirs)
        self.conflict.show_kept(conflict.message, "\n".join(spell_lines(conflict.mine)))
        if conflict.theirs is None:
            self.conflict.put_back_button.hide()

    def _put_back(self) -> None:
        if self._kept is not None:
            self.fill(self._kept)
