"""Pieces the crow builder and the sheet's direct editor share: the message line that says why a
value is not allowed, the page for a crow's name, player and portrait, the expertise list, and
which rule problems keep a crow from being stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWizardPage,
)

from refkit.gui.characters.portrait import PortraitError, portrait_from_file, scaled_portrait
from refkit.present.expertise_count import uses_advice
from refkit.rules.character.model import (
    BASE_SPEED,
    CREATION_STAMINA,
    EXPERTISE_CATEGORIES,
    Character,
    Expertise,
    creation_problems,
    expertise_category,
)
from refkit.rules.inventory.model import Problem

STAMINA_RANGE = (1, 30)
SPEED_RANGE = (0, 12)
CRUELTY_RANGE = (0, 20)
USES_RANGE = (0, 9)
PLACEHOLDER_NAME = "New crow"
ERROR_STYLE = "color: #c62828; font-weight: bold;"
ADVICE_STYLE = "color: #b26a00;"


class NameCheck(Protocol):
    """What the name page asks of its wizard."""

    def name_taken(self, name: str) -> bool: ...


def wrapped_label(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label


class MessageLabel(QLabel):
    """Shows why a step is not finished (errors) and advice that does not block (warnings)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)

    def show_problems(self, errors: Sequence[str], advice: Sequence[str] = ()) -> None:
        rows = [f'<div style="{ERROR_STYLE}">✗ {escape(text)}</div>' for text in errors]
        rows += [f'<div style="{ADVICE_STYLE}">⚠ {escape(text)}</div>' for text in advice]
        self.setText("".join(rows))


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class IdentityPage(QWizardPage):
    """Name, player and portrait."""

    def __init__(self, builder: NameCheck) -> None:
        super().__init__()
        self._builder = builder
        self.setTitle("Who is this crow?")
        self.setSubTitle("A name the table will shout across the room, and who plays it.")
        self.name = QLineEdit()
        self.name.setObjectName("name_edit")
        self.name.setPlaceholderText("e.g. Mara Vell")
        self.player = QLineEdit()
        self.player.setObjectName("player_edit")
        self.player.setPlaceholderText("optional")
        self.portrait_preview = QLabel("No portrait")
        self.portrait_preview.setObjectName("portrait_preview")
        self.portrait_preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        side = self.fontMetrics().height() * 7
        self.portrait_preview.setFixedSize(side, side)
        self.portrait_preview.setFrameShape(QLabel.Shape.StyledPanel)
        self.choose_portrait = QPushButton("Choose a picture…")
        self.choose_portrait.setObjectName("choose_portrait")
        self.clear_portrait = QPushButton("No picture")
        self.clear_portrait.setObjectName("clear_portrait")
        self.message = MessageLabel("identity_message")
        self._portrait: str | None = None
        self._file_dialog: QFileDialog | None = None

        portrait_buttons = QVBoxLayout()
        portrait_buttons.addWidget(self.choose_portrait)
        portrait_buttons.addWidget(self.clear_portrait)
        portrait_buttons.addWidget(
            wrapped_label(
                "Optional. Shown scaled on the sheet; kept inside the "
                "crow's file, so exports carry it."
            )
        )
        portrait_buttons.addStretch(1)
        portrait_row = QHBoxLayout()
        portrait_row.addWidget(self.portrait_preview)
        portrait_row.addLayout(portrait_buttons, 1)
        form = QFormLayout()
        form.addRow("&Name", self.name)
        form.addRow("&Player", self.player)
        form.addRow("Portrait", portrait_row)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addStretch(1)

        self.name.textChanged.connect(self._changed)
        self.choose_portrait.clicked.connect(self.ask_portrait)
        self.clear_portrait.clicked.connect(lambda: self.set_portrait(None))

    def portrait(self) -> str | None:
        return self._portrait

    def set_portrait(self, portrait: str | None) -> None:
        self._portrait = portrait
        side = self.portrait_preview.width()
        pixmap = scaled_portrait(portrait, side - 4, self.devicePixelRatioF())
        if pixmap is None:
            self.portrait_preview.clear()
            self.portrait_preview.setText("No portrait")
        else:
            self.portrait_preview.setPixmap(pixmap)
        self.clear_portrait.setEnabled(portrait is not None)

    def ask_portrait(self) -> QFileDialog:
        dialog = QFileDialog(self, "Choose a portrait")
        dialog.setObjectName("portrait_file_dialog")
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters(["Images (*.png *.jpg *.jpeg *.webp *.bmp *.gif)", "All files (*)"])
        dialog.fileSelected.connect(self.load_portrait_file)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._file_dialog = dialog
        dialog.open()
        return dialog

    def load_portrait_file(self, path: str) -> None:
        try:
            self.set_portrait(portrait_from_file(path))
        except PortraitError as error:
            self.message.show_problems([str(error)])

    def problems(self) -> list[str]:
        name = self.name.text().strip()
        if not name:
            return ["Give the crow a name; it is how the app and your table find it"]
        if self._builder.name_taken(name):
            return [f"There is already a crow called {name!r}; pick another name"]
        return []

    def _changed(self, *_args: object) -> None:
        self.message.show_problems(self.problems() if self.name.text() else [])
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return not self.problems()


class ExpertisesPage(QWizardPage):
    """Expertises: listed names or your own, each with its uses."""

    def __init__(self, names: dict[str, tuple[str, ...]]) -> None:
        """The sheet's direct editor shows this page as a plain widget."""
        super().__init__()
        self._names = names
        self.setTitle("Expertises")
        # The wizard's subtitle has room for two lines only: the how-to goes in the page itself.
        self.setSubTitle("What this crow is good at, and how many uses of each it has.")
        self.explanation = wrapped_label(
            "After a roll, spending one use of a fitting expertise raises the result one tier. "
            "General ones help exploring, investigating and crafting; spellcasting ones help "
            "castings; weapon ones help attacks. Uses come back with a rest."
        )
        self.explanation.setObjectName("expertise_explanation")
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("expertise_table")
        self.table.setHorizontalHeaderLabels(["Expertise", "Kind", "Uses"])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.name = QComboBox()
        self.name.setObjectName("expertise_name")
        self.name.setEditable(True)
        self.name.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        for category in EXPERTISE_CATEGORIES:
            for name in names.get(category, ()):
                self.name.addItem(f"{name}", category)
        self.name.setCurrentIndex(-1)
        self.name.lineEdit().setPlaceholderText("Pick from the list or type your own")
        self.category = QComboBox()
        self.category.setObjectName("expertise_category")
        for category in EXPERTISE_CATEGORIES:
            self.category.addItem(category.capitalize(), category)
        self.uses = QSpinBox()
        self.uses.setObjectName("expertise_uses")
        self.uses.setRange(*USES_RANGE)
        self.uses.setValue(1)
        self.add_button = QPushButton("Add")
        self.add_button.setObjectName("add_expertise")
        self.remove_button = QPushButton("Remove the chosen one")
        self.remove_button.setObjectName("remove_expertise")
        self.message = MessageLabel("expertise_message")
        self.count_label = wrapped_label("")
        self.count_label.setObjectName("expertise_count")
        self._expertises: list[Expertise] = []

        adder = QHBoxLayout()
        adder.addWidget(self.name, 2)
        adder.addWidget(self.category, 1)
        adder.addWidget(QLabel("Uses"))
        adder.addWidget(self.uses)
        adder.addWidget(self.add_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.explanation)
        layout.addWidget(self.count_label)
        layout.addWidget(self.table, 1)
        layout.addLayout(adder)
        layout.addWidget(self.remove_button)
        layout.addWidget(self.message)
        self.name.currentTextChanged.connect(self._name_changed)
        self.add_button.clicked.connect(self.add_current)
        self.remove_button.clicked.connect(self.remove_current)
        self.name.lineEdit().returnPressed.connect(self.add_current)

    def expertises(self) -> list[Expertise]:
        return list(self._expertises)

    def set_expertises(self, expertises: Sequence[Expertise]) -> None:
        self._expertises = list(expertises)
        self._show()

    def _name_changed(self, text: str) -> None:
        category = expertise_category(text, self._names) if text.strip() else None
        if category is not None:
            self.category.setCurrentIndex(self.category.findData(category))
            self.category.setEnabled(False)
            self.category.setToolTip("A listed expertise has its kind already")
        else:
            self.category.setEnabled(True)
            self.category.setToolTip("Your own expertise: choose what kind of test it helps")

    def add_current(self) -> bool:
        """Add the expertise typed or picked; False (with the reason shown) when it cannot be."""
        name = self.name.currentText().strip()
        if not name:
            self.message.show_problems(["Pick or type an expertise name first"])
            return False
        if any(e.name.casefold() == name.casefold() for e in self._expertises):
            self.message.show_problems([f"{name} is already on the list; change its uses instead"])
            return False
        category = str(self.category.currentData())
        try:
            expertise = Expertise(name=name, category=category, uses=self.uses.value())
        except ValueError as error:
            self.message.show_problems([str(error)])
            return False
        self._expertises.append(expertise)
        self.name.setCurrentIndex(-1)
        self.name.setEditText("")
        self.message.show_problems([])
        self._show()
        return True

    def remove_current(self) -> None:
        row = self.table.currentRow()
        if 0 <= row < len(self._expertises):
            del self._expertises[row]
            self._show()

    def _show(self) -> None:
        self.table.setRowCount(len(self._expertises))
        for row, expertise in enumerate(self._expertises):
            listed = expertise_category(expertise.name, self._names) is not None
            name = expertise.name if listed else f"{expertise.name} (your own)"
            for column, text in enumerate((name, expertise.category, str(expertise.uses))):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.remove_button.setEnabled(bool(self._expertises))
        self._count()

    def initializePage(self) -> None:
        self._count()

    def _count(self) -> None:
        uses = sum(expertise.uses for expertise in self._expertises)
        self.count_label.setText(uses_advice(0, uses, advanced=True))


BLOCKING_OUTSIDE_ADVANCED = frozenset({"creation_spread", "creation_stamina"})
"""Creation advice the rules module gives as warnings that a new crow may still not pass with."""


def blocking_problems(problems: Sequence[Problem]) -> list[Problem]:
    """The problems that keep a crow from being stored (creation's spread and Stamina too)."""
    return [p for p in problems if not p.is_warning or p.code in BLOCKING_OUTSIDE_ADVANCED]


def past_creation(character: Character) -> bool:
    """True when a crow no longer fits the creation limits (or is marked advanced)."""
    fresh = replace(character, advanced=False)
    return (
        character.advanced
        or any(p.code in ("creation_range", "creation_spread") for p in creation_problems(fresh))
        or character.stamina.max not in CREATION_STAMINA
        or character.speed_base != BASE_SPEED
        or character.cruelty > 0
    )
