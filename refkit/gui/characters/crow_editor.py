"""The sheet's direct editor: a crow's name, player, characteristics, Stamina, expertises and notes.

Every field is on one dialog, so renaming a crow is one field and one Save (the guided builder is
for new crows). The same limits as the builder hold: outside "Advanced" a crow keeps to creation's
range, spread and Stamina, and Save waits, disabled, with the reason shown. The edited crow goes
to :attr:`CrowEditor.saved`; the caller stores it as one undo step and reports a refusal with
:meth:`CrowEditor.refuse`, which keeps the dialog open with everything typed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.characters.builder_parts import (
    CRUELTY_RANGE,
    SPEED_RANGE,
    STAMINA_RANGE,
    ExpertisesPage,
    MessageLabel,
    blocking_problems,
    past_creation,
)
from refkit.rules.character.model import (
    BASE_SPEED,
    CHARACTERISTIC_NAMES,
    HARD_RANGE,
    MAXIMUM_WITHOUT_MAGIC,
    Character,
    Characteristics,
    Stamina,
    creation_problems,
)


class CrowEditor(QDialog):
    """Change an existing crow in one place; its inventory, wounds and portrait are kept."""

    saved = Signal(object)  # Character

    def __init__(
        self,
        character: Character,
        *,
        name_taken: Callable[[str], bool],
        expertise_names: dict[str, tuple[str, ...]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("crow_editor")
        self.setWindowTitle(f"Edit {character.name}")
        self._original = character
        self._name_taken = name_taken

        self.name = QLineEdit(character.name)
        self.name.setObjectName("editor_name")
        self.player = QLineEdit(character.player)
        self.player.setObjectName("editor_player")
        self.player.setPlaceholderText("optional")
        self.advanced = QCheckBox("Advanced: past creation (−5 to +5, at most +4 without magic)")
        self.advanced.setObjectName("editor_advanced")
        self.advanced.setChecked(past_creation(character))
        self.magic = QCheckBox(f"Magic raised a characteristic above +{MAXIMUM_WITHOUT_MAGIC}")
        self.magic.setObjectName("editor_magic")
        self.magic.setChecked(character.magic_characteristics)
        values = character.characteristics.as_dict()
        self.spins: dict[str, QSpinBox] = {}
        for name in CHARACTERISTIC_NAMES:
            spin = QSpinBox()
            spin.setObjectName(f"editor_{name}")
            spin.setRange(*HARD_RANGE)
            spin.setValue(values[name])
            spin.setAccessibleName(name.capitalize())
            self.spins[name] = spin
        self.stamina_max = self._spin("editor_stamina_max", STAMINA_RANGE, character.stamina.max)
        self.stamina_now = self._spin(
            "editor_stamina_now", (0, STAMINA_RANGE[1]), character.stamina.current
        )
        self.speed = self._spin("editor_speed", SPEED_RANGE, character.speed_base)
        self.cruelty = self._spin("editor_cruelty", CRUELTY_RANGE, character.cruelty)
        self.expertise = ExpertisesPage(expertise_names)
        self.expertise.set_expertises(character.expertises)
        self.notes = QPlainTextEdit(character.notes)
        self.notes.setObjectName("editor_notes")
        self.message = MessageLabel("editor_message")
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.setObjectName("editor_buttons")
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)

        who = QFormLayout()
        who.addRow("&Name", self.name)
        who.addRow("&Player", self.player)
        numbers = QFormLayout()
        for name, spin in self.spins.items():
            numbers.addRow(f"&{name.capitalize()}", spin)
        stamina_row = QHBoxLayout()
        stamina_row.addWidget(self.stamina_now)
        stamina_row.addWidget(QLabel("of"))
        stamina_row.addWidget(self.stamina_max)
        stamina_row.addStretch(1)
        stamina_caption = QLabel("&Stamina")
        stamina_caption.setBuddy(self.stamina_now)  # a row of two spins has no buddy of its own
        numbers.addRow(stamina_caption, stamina_row)
        numbers.addRow("Base s&peed", self.speed)
        numbers.addRow("&Cruelty", self.cruelty)
        left = QVBoxLayout()
        left.addLayout(who)
        left.addWidget(self.advanced)
        left.addWidget(self.magic)
        left.addLayout(numbers)
        left.addStretch(1)
        expertise_box = QGroupBox("E&xpertises")
        QVBoxLayout(expertise_box).addWidget(self.expertise)
        notes_box = QGroupBox("N&otes")
        QVBoxLayout(notes_box).addWidget(self.notes)
        right = QVBoxLayout()
        right.addWidget(expertise_box, 3)
        right.addWidget(notes_box, 2)
        columns = QHBoxLayout()
        columns.addLayout(left, 2)
        columns.addLayout(right, 3)
        body = QWidget()
        body.setLayout(columns)
        scroll = QScrollArea()  # at 1366×768 or scaled screens the fields scroll, never clip
        scroll.setObjectName("editor_scroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)

        self.name.textChanged.connect(self._changed)
        for spin in (*self.spins.values(), self.stamina_max, self.stamina_now):
            spin.valueChanged.connect(self._changed)
        self.speed.valueChanged.connect(self._changed)
        self.cruelty.valueChanged.connect(self._changed)
        self.advanced.toggled.connect(self._changed)
        self.magic.toggled.connect(self._changed)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        line = self.fontMetrics().height()
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        # Roomy where there is room, never taller or wider than the screen (the body scrolls).
        self.resize(
            min(round(line * 72), screen.width() - 2 * line),
            min(round(line * 46), screen.height() - 4 * line),
        )
        self._changed()

    @staticmethod
    def _spin(name: str, limits: tuple[int, int], value: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setObjectName(name)
        spin.setRange(*limits)
        spin.setValue(value)
        return spin

    def edited(self) -> Character:
        """The crow as the fields describe it (raises ValueError for values no crow may have)."""
        return replace(
            self._original,
            name=self.name.text().strip(),
            player=self.player.text().strip(),
            characteristics=Characteristics(**{n: s.value() for n, s in self.spins.items()}),
            stamina=Stamina(max=self.stamina_max.value(), current=self.stamina_now.value()),
            speed_base=self.speed.value(),
            cruelty=self.cruelty.value(),
            expertises=tuple(self.expertise.expertises()),
            notes=self.notes.toPlainText(),
            advanced=self.advanced.isChecked(),
            magic_characteristics=self.magic.isChecked(),
        )

    def problems(self) -> tuple[list[str], list[str]]:
        """(errors that keep Save disabled, advice that does not) for the fields as they stand."""
        name = self.name.text().strip()
        if not name:
            return ["Give the crow a name; it is how the app and your table find it"], []
        if name.casefold() != self._original.name.casefold() and self._name_taken(name):
            return [f"There is already a crow called {name!r}; pick another name"], []
        try:
            draft = self.edited()
        except ValueError as error:
            return [str(error)], []
        errors: list[str] = []
        if not draft.advanced:
            if draft.speed_base != BASE_SPEED:
                errors.append(f"Outside Advanced a crow's base speed is {BASE_SPEED}")
            if draft.cruelty:
                errors.append("Outside Advanced a crow has no cruelty; switch on Advanced")
        found = creation_problems(draft)
        blocking = blocking_problems(found)
        for problem in blocking:
            hint = "; switch on Advanced for a crow past creation" if not draft.advanced else ""
            errors.append(f"{problem.message}{hint}" if problem.is_warning else problem.message)
        advice = [p.message for p in found if p not in blocking]
        return errors, advice

    def _changed(self, *_args: object) -> None:
        advanced = self.advanced.isChecked()
        self.magic.setEnabled(advanced)
        if not advanced and self.magic.isChecked():
            self.magic.setChecked(False)
        self.stamina_now.setMaximum(self.stamina_max.value())
        errors, advice = self.problems()
        self.message.show_problems(errors, advice)
        self.save_button.setEnabled(not errors)
        self.save_button.setToolTip(errors[0] if errors else "Save the changes (Edit → Undo)")

    def save(self) -> None:
        """Hand the edited crow to :attr:`saved`, unless a field still says why it cannot be."""
        errors, _advice = self.problems()
        if errors:
            self.message.show_problems(errors)
            return
        self.saved.emit(self.edited())

    def refuse(self, reason: str) -> None:
        """The edit was not stored: say why here and keep every field as typed."""
        self.message.show_problems([f"Not saved: {reason}"])
