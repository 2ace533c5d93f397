"""The guided builder: a new crow (or changes to one) step by step, each choice explained.

Five steps: who the crow is (name, player, portrait), characteristics, Stamina and speed,
expertises, then gear and notes, and a last look at everything. Each step says in plain words why
a value is not allowed, and the Next button waits until it is fixed. New crows keep to the creation
limits (each characteristic −1 to 2); the "advanced" switch is for experienced players building a
crow past creation (−5 to 5, at most 4 unless magic raised it).

The builder is opened with ``open()`` and hands the finished crow to :attr:`character_built`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from refkit.gui.characters.portrait import PortraitError, portrait_from_file, scaled_portrait
from refkit.gui.common.plain_text import plain_message
from refkit.present.expertise_count import uses_advice
from refkit.present.party_choices import builder_parties
from refkit.rules.character.model import (
    BASE_SPEED,
    CHARACTERISTIC_NAMES,
    CREATION_RANGE,
    CREATION_STAMINA,
    EXPERTISE_CATEGORIES,
    HARD_RANGE,
    MAXIMUM_WITHOUT_MAGIC,
    Character,
    Characteristics,
    Expertise,
    Stamina,
    creation_problems,
    expertise_category,
)
from refkit.rules.inventory.catalogue import CatalogueItem, find_catalogue_item
from refkit.rules.inventory.model import BACKPACK, BELT, Inventory, Problem
from refkit.rules.inventory.moves import add_item

CHARACTERISTIC_HELP = {
    "agility": "Agility: speed, balance, aim — dodging, sneaking, shooting, picking locks.",
    "mind": "Mind: wits, will and learning — noticing, recalling lore, casting spells, resisting "
    "the Miasma.",
    "strength": "Strength: muscle and toughness — lifting, climbing, swinging heavy weapons, "
    "enduring.",
}
STARTING_KIT: tuple[tuple[str, int], ...] = (
    ("Coin purse", 1),
    ("Knife", 1),
    ("Rope", 1),
    ("Ration", 6),
)
"""What every new crow carries ([PUB] Characters book): purse, knife, rope, six rations."""
STAMINA_RANGE = (1, 30)
SPEED_RANGE = (0, 12)
CRUELTY_RANGE = (0, 20)
USES_RANGE = (0, 9)
PLACEHOLDER_NAME = "New crow"
ERROR_STYLE = "color: #c62828; font-weight: bold;"
ADVICE_STYLE = "color: #b26a00;"


def _label(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label


class _MessageLabel(QLabel):
    """Shows why a step is not finished (errors) and advice that does not block (warnings)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)

    def show_problems(self, errors: Sequence[str], advice: Sequence[str] = ()) -> None:
        rows = [f'<div style="{ERROR_STYLE}">✗ {_escape(text)}</div>' for text in errors]
        rows += [f'<div style="{ADVICE_STYLE}">⚠ {_escape(text)}</div>' for text in advice]
        self.setText("".join(rows))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class IdentityPage(QWizardPage):
    """Name, player and portrait."""

    def __init__(self, builder: CharacterBuilder) -> None:
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
        self.message = _MessageLabel("identity_message")
        self._portrait: str | None = None
        self._file_dialog: QFileDialog | None = None

        portrait_buttons = QVBoxLayout()
        portrait_buttons.addWidget(self.choose_portrait)
        portrait_buttons.addWidget(self.clear_portrait)
        portrait_buttons.addWidget(
            _label(
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


class CharacteristicsPage(QWizardPage):
    """Agility, Mind and Strength, with the creation limits."""

    def __init__(self, builder: CharacterBuilder) -> None:
        super().__init__()
        self._builder = builder
        self.setTitle("Characteristics")
        low, high = CREATION_RANGE
        self.setSubTitle(
            f"Every test is 2d10 plus one of these. A new crow starts each between {low} and "
            f"+{high}: usually one at 2, the others at 1 and 0 — or two at 2 and one at −1."
        )
        self.spins: dict[str, QSpinBox] = {}
        grid = QGridLayout()
        for row, name in enumerate(CHARACTERISTIC_NAMES):
            spin = QSpinBox()
            spin.setObjectName(f"{name}_spin")
            spin.setRange(*HARD_RANGE)
            spin.setAccessibleName(name.capitalize())
            font = spin.font()
            font.setPointSizeF(font.pointSizeF() * 1.3)
            font.setBold(True)
            spin.setFont(font)
            spin.setMinimumWidth(spin.fontMetrics().horizontalAdvance("-5") + 50)
            self.spins[name] = spin
            caption = QLabel(f"&{name.capitalize()}")
            caption.setBuddy(spin)
            grid.addWidget(caption, row, 0)
            grid.addWidget(spin, row, 1)
            grid.addWidget(_label(CHARACTERISTIC_HELP[name]), row, 2)
        grid.setColumnStretch(2, 1)
        self.spread_210 = QPushButton("Use 2, 1, 0")
        self.spread_210.setObjectName("spread_210")
        self.spread_22m1 = QPushButton("Use 2, 2, −1")
        self.spread_22m1.setObjectName("spread_22m1")
        spreads = QHBoxLayout()
        spreads.addWidget(QLabel("Quick start:"))
        spreads.addWidget(self.spread_210)
        spreads.addWidget(self.spread_22m1)
        spreads.addStretch(1)
        self.advanced = QCheckBox(
            "Advanced: this crow is past creation (values from −5 to +5, at most +4 without magic)"
        )
        self.advanced.setObjectName("advanced_check")
        self.magic = QCheckBox(f"Magic raised a characteristic above +{MAXIMUM_WITHOUT_MAGIC}")
        self.magic.setObjectName("magic_check")
        self.message = _MessageLabel("characteristics_message")
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addLayout(spreads)
        layout.addWidget(self.advanced)
        layout.addWidget(self.magic)
        layout.addWidget(self.message)
        layout.addStretch(1)
        for spin in self.spins.values():
            spin.valueChanged.connect(self._changed)
        self.advanced.toggled.connect(self._changed)
        self.magic.toggled.connect(self._changed)
        self.spread_210.clicked.connect(lambda: self.set_values(2, 1, 0))
        self.spread_22m1.clicked.connect(lambda: self.set_values(2, 2, -1))
        self._changed()

    def set_values(self, agility: int, mind: int, strength: int) -> None:
        for name, value in zip(CHARACTERISTIC_NAMES, (agility, mind, strength), strict=True):
            self.spins[name].setValue(value)

    def values(self) -> dict[str, int]:
        return {name: spin.value() for name, spin in self.spins.items()}

    def problems(self) -> tuple[list[str], list[str]]:
        """(errors that block, advice that does not) for the values as they stand."""
        draft = self._builder.draft()
        errors: list[str] = []
        advice: list[str] = []
        for problem in creation_problems(draft):
            if problem.code not in (
                "creation_range",
                "characteristic_range",
                "characteristic_above_max",
                "creation_spread",
            ):
                continue
            if problem.code == "characteristic_above_max":
                errors.append(
                    f"{problem.message}; tick “Magic raised a characteristic” if magic did it"
                )
            elif problem.code == "creation_range":
                errors.append(
                    f"{problem.message}. Lower it, or switch on “Advanced” for a crow past creation"
                )
            elif problem.code == "creation_spread":
                # The spread is a rule of creation, not a hint: only Advanced may leave it. A value
                # out of range already says what to change, so the spread waits until it is fixed.
                if not errors:
                    errors.append(
                        f"{problem.message}. Use one of the quick starts, or switch on “Advanced” "
                        "for a crow past creation"
                    )
            elif problem.is_warning:
                advice.append(problem.message)
            else:
                errors.append(problem.message)
        return errors, advice

    def _changed(self, *_args: object) -> None:
        if not self._builder.ready:
            return
        self.magic.setEnabled(self.advanced.isChecked())
        if not self.advanced.isChecked() and self.magic.isChecked():
            self.magic.setChecked(False)
        errors, advice = self.problems()
        self.message.show_problems(errors, advice)
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return not self.problems()[0]


class StaminaPage(QWizardPage):
    """Stamina, base speed and cruelty."""

    def __init__(self, builder: CharacterBuilder) -> None:
        super().__init__()
        self._builder = builder
        self.setTitle("Stamina and speed")
        self.setSubTitle(
            "Stamina soaks damage after armour; when it is gone, each point of damage becomes a "
            "wound in a backpack slot. A background gives 5, 7 or 9."
        )
        self.choices = QButtonGroup(self)
        choice_row = QHBoxLayout()
        self.stamina_buttons: dict[int, QRadioButton] = {}
        for value in CREATION_STAMINA:
            button = QRadioButton(str(value))
            button.setObjectName(f"stamina_{value}")
            self.choices.addButton(button, value)
            self.stamina_buttons[value] = button
            choice_row.addWidget(button)
        choice_row.addStretch(1)
        self.stamina = QSpinBox()
        self.stamina.setObjectName("stamina_spin")
        self.stamina.setRange(*STAMINA_RANGE)
        self.speed = QSpinBox()
        self.speed.setObjectName("speed_spin")
        self.speed.setRange(*SPEED_RANGE)
        self.speed.setValue(BASE_SPEED)
        self.cruelty = QSpinBox()
        self.cruelty.setObjectName("cruelty_spin")
        self.cruelty.setRange(*CRUELTY_RANGE)
        self.message = _MessageLabel("stamina_message")
        form = QFormLayout()
        form.addRow("Stamina", choice_row)
        form.addRow("Exact Stamina", self.stamina)
        form.addRow("Base speed", self.speed)
        form.addRow(
            "",
            _label(
                f"Every crow starts at speed {BASE_SPEED}. Wounds in backpack "
                "slots that hold items slow it down later."
            ),
        )
        form.addRow("Cruelty", self.cruelty)
        form.addRow("", _label("Cruelty grows from the Miasma; a new crow has none."))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addStretch(1)
        self.choices.idClicked.connect(self.stamina.setValue)
        self.stamina.valueChanged.connect(self._changed)
        self.speed.valueChanged.connect(self._changed)
        self.cruelty.valueChanged.connect(self._changed)
        self.stamina.setValue(CREATION_STAMINA[1])

    def initializePage(self) -> None:
        self._changed()

    def _changed(self, *_args: object) -> None:
        if not self._builder.ready:
            return
        value = self.stamina.value()
        button = self.stamina_buttons.get(value)
        if button is not None:
            button.setChecked(True)
        else:
            self.choices.setExclusive(False)
            for radio in self.stamina_buttons.values():
                radio.setChecked(False)
            self.choices.setExclusive(True)
        advanced = self._builder.advanced()
        self.speed.setEnabled(advanced)
        self.cruelty.setEnabled(advanced)
        self.stamina.setEnabled(advanced or value not in CREATION_STAMINA)
        errors, advice = self.problems()
        self.message.show_problems(errors, advice)
        self.completeChanged.emit()

    def problems(self) -> tuple[list[str], list[str]]:
        errors: list[str] = []
        advice: list[str] = []
        if not self._builder.advanced():
            if self.stamina.value() not in CREATION_STAMINA:
                errors.append(
                    f"A new crow's background gives 5, 7 or 9 Stamina, not {self.stamina.value()}; "
                    "switch on “Advanced” on the previous step for a crow past creation"
                )
            if self.speed.value() != BASE_SPEED:
                errors.append(f"Every new crow starts at speed {BASE_SPEED}")
            if self.cruelty.value():
                errors.append("A new crow has no cruelty yet")
        return errors, advice

    def isComplete(self) -> bool:
        return not self.problems()[0]


class ExpertisesPage(QWizardPage):
    """Expertises: listed names or your own, each with its uses."""

    def __init__(self, builder: CharacterBuilder | None, names: dict[str, tuple[str, ...]]) -> None:
        """``builder`` is None when the sheet's direct editor shows this page as a plain widget."""
        super().__init__()
        self._builder = builder
        self._names = names
        self.setTitle("Expertises")
        # The wizard's subtitle has room for two lines only: the how-to goes in the page itself.
        self.setSubTitle("What this crow is good at, and how many uses of each it has.")
        self.explanation = _label(
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
        self.message = _MessageLabel("expertise_message")
        self.count_label = _label("")
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
        builder = self._builder
        if builder is None:  # the direct editor: no creation advice
            self.count_label.setText(uses_advice(0, uses, advanced=True))
            return
        stamina = builder.stamina.stamina.value()
        self.count_label.setText(uses_advice(stamina, uses, advanced=builder.advanced()))


class GearNotesPage(QWizardPage):
    """The starting kit and notes."""

    def __init__(self, builder: CharacterBuilder, new: bool) -> None:
        super().__init__()
        self._builder = builder
        self.setTitle("Gear and notes")
        self.setSubTitle("Everything else goes on the inventory board once the crow is made.")
        kit = ", ".join(
            f"{count} {name.lower()}s" if count > 1 else name.lower()
            for name, count in STARTING_KIT
        )
        self.starting_kit = QCheckBox(f"Pack the kit every crow starts with: {kit}")
        self.starting_kit.setObjectName("starting_kit")
        self.starting_kit.setChecked(new)
        self.starting_kit.setVisible(new)
        self.party = QComboBox()
        self.party.setObjectName("builder_party")
        self.party.setToolTip("The party the new crow joins (Edit → Undo takes back both)")
        entries, chosen = builder_parties(builder.shown_party, builder.parties)
        self.party.addItems(entries)
        self.party.setCurrentIndex(chosen)
        self.party_row = QWidget()
        joins = QHBoxLayout(self.party_row)
        joins.setContentsMargins(0, 0, 0, 0)
        joins.addWidget(QLabel("Joins the party"))
        joins.addWidget(self.party, 1)
        self.party_row.setVisible(new and bool(builder.parties))
        self.notes = QPlainTextEdit()
        self.notes.setObjectName("builder_notes")
        self.notes.setPlaceholderText("Background, bonds, debts, what the crow is after…")
        layout = QVBoxLayout(self)
        layout.addWidget(self.party_row)
        layout.addWidget(self.starting_kit)
        layout.addWidget(QLabel("Notes"))
        layout.addWidget(self.notes, 1)


class SummaryPage(QWizardPage):
    """A last look at everything before the crow is stored."""

    def __init__(self, builder: CharacterBuilder) -> None:
        super().__init__()
        self._builder = builder
        self.setTitle("Ready")
        self.summary = QLabel()
        self.summary.setObjectName("builder_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.message = _MessageLabel("summary_message")
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.message)
        layout.addStretch(1)

    def initializePage(self) -> None:
        draft = self._builder.result()
        values = draft.characteristics.as_dict()
        chars = ", ".join(f"{name.capitalize()} {values[name]:+d}" for name in CHARACTERISTIC_NAMES)
        expertise = ", ".join(f"{e.name} ({e.uses})" for e in draft.expertises) or "none yet"
        items = len(draft.items.items) + len(draft.items.ground)
        player = f" — played by {_escape(draft.player)}" if draft.player else ""
        party = self._builder.chosen_party()
        joins = f"<br>Joins the party {_escape(party)}" if party else ""
        self.summary.setText(
            f"<h3>{_escape(draft.name)}{player}</h3>"
            f"<p>{chars}<br>Stamina {draft.stamina.max} · speed {draft.speed_base} · "
            f"cruelty {draft.cruelty}<br>Expertises: {_escape(expertise)}<br>"
            f"{items} item{'s' if items != 1 else ''} in the inventory{joins}</p>"
        )
        problems = self._builder.final_problems()
        blocking = blocking_problems(problems)
        errors = [p.message for p in blocking]
        advice = [p.message for p in problems if p not in blocking]
        self.message.show_problems(errors, advice)
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return not blocking_problems(self._builder.final_problems())


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


class CharacterBuilder(QWizard):
    """Build a new crow, or change an existing one (then its inventory and wounds are kept)."""

    character_built = Signal(object)  # Character

    def __init__(
        self,
        *,
        name_taken: Callable[[str], bool],
        expertise_names: dict[str, tuple[str, ...]],
        catalogue: Sequence[CatalogueItem] = (),
        existing: Character | None = None,
        parties: Sequence[str] = (),
        shown_party: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.parties = list(parties)
        self.shown_party = shown_party
        self.ready = False
        self.setObjectName("character_builder")
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.HaveFinishButtonOnEarlyPages, existing is not None)
        self.setWindowTitle(f"Edit {existing.name}" if existing else "New crow")
        self._name_taken = name_taken
        self._catalogue = list(catalogue)
        self._existing = existing
        self.identity = IdentityPage(self)
        self.characteristics = CharacteristicsPage(self)
        self.stamina = StaminaPage(self)
        self.expertise = ExpertisesPage(self, expertise_names)
        self.gear = GearNotesPage(self, existing is None)
        self.summary = SummaryPage(self)
        for page in (
            self.identity,
            self.characteristics,
            self.stamina,
            self.expertise,
            self.gear,
            self.summary,
        ):
            self.addPage(page)
        self.ready = True
        if existing is not None:
            self._load(existing)
        self.characteristics._changed()
        self.stamina._changed()
        line = self.fontMetrics().height()
        self.resize(round(line * 44), round(line * 34))
        self._as_opened = self.draft()  # Escape asks before it throws away anything typed since
        self._discarding = False
        self.discard_box: QMessageBox | None = None

    def _load(self, character: Character) -> None:
        self.identity.name.setText(character.name)
        self.identity.player.setText(character.player)
        self.identity.set_portrait(character.portrait)
        self.characteristics.advanced.setChecked(past_creation(character))
        self.characteristics.magic.setChecked(character.magic_characteristics)
        values = character.characteristics
        self.characteristics.set_values(values.agility, values.mind, values.strength)
        self.stamina.stamina.setValue(character.stamina.max)
        self.stamina.speed.setValue(character.speed_base)
        self.stamina.cruelty.setValue(character.cruelty)
        self.expertise.set_expertises(character.expertises)
        self.gear.notes.setPlainText(character.notes)

    # -- what the pages ask -------------------------------------------------------------------

    def name_taken(self, name: str) -> bool:
        if self._existing is not None and name.strip().casefold() == self._existing.name.casefold():
            return False
        return self._name_taken(name.strip())

    def advanced(self) -> bool:
        return self.characteristics.advanced.isChecked()

    def draft(self) -> Character:
        """The crow as the pages describe it so far (without the starting kit)."""
        name = self.identity.name.text().strip() or PLACEHOLDER_NAME
        base = self._existing
        values = self.characteristics.values()
        stamina_max = self.stamina.stamina.value()
        if base is not None:
            current = min(base.stamina.current, stamina_max)
            if base.stamina.current == base.stamina.max:
                current = stamina_max
        else:
            current = stamina_max
        fields = {
            "name": name,
            "player": self.identity.player.text().strip(),
            "portrait": self.identity.portrait(),
            "characteristics": Characteristics(**values),
            "stamina": Stamina(max=stamina_max, current=current),
            "speed_base": self.stamina.speed.value(),
            "cruelty": self.stamina.cruelty.value(),
            "expertises": tuple(self.expertise.expertises()),
            "notes": self.gear.notes.toPlainText(),
            "advanced": self.advanced(),
            "magic_characteristics": self.characteristics.magic.isChecked(),
        }
        if base is not None:
            return replace(base, **fields)
        return Character(**fields)

    def result(self) -> Character:
        """The finished crow: the draft plus the starting kit when it was asked for."""
        draft = self.draft()
        if self._existing is None and self.gear.starting_kit.isChecked():
            draft = draft.with_items(self._starting_kit(draft.items))
        return draft

    def _starting_kit(self, inventory: Inventory) -> Inventory:
        for name, count in STARTING_KIT:
            try:
                entry = find_catalogue_item(self._catalogue, name)
            except KeyError:
                continue
            limit = entry.stack.limit if entry.stack else 1
            left = count
            while left > 0:
                batch = min(left, limit)
                item = entry.to_item(count=batch) if entry.stack else entry.to_item()
                areas = (BELT, BACKPACK) if name == "Knife" else (BACKPACK, BELT)
                inventory = add_item(inventory, item, areas)
                left -= batch
        return inventory

    def chosen_party(self) -> str | None:
        """The party a new crow joins (None: no party, or an edit of a stored crow)."""
        index = self.gear.party.currentIndex()
        if self._existing is not None or index <= 0:
            return None
        return self.parties[index - 1]

    def final_problems(self) -> list[Problem]:
        """Every rule problem of the finished crow (errors first)."""
        return creation_problems(self.result())

    def reject(self) -> None:
        """Escape or Cancel: gone at once when nothing was typed, else asked first."""
        if self._discarding or self.draft() == self._as_opened:
            super().reject()
            return
        box = plain_message(QMessageBox(self))
        box.setObjectName("builder_discard")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.windowTitle())
        box.setText("Throw away what you typed for this crow?")
        box.setInformativeText("Nothing of it is saved.")
        discard = box.addButton("Throw it away", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton("Keep building", QMessageBox.ButtonRole.RejectRole)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.buttonClicked.connect(lambda button: button is discard and self._discard())
        self.discard_box = box
        box.open()

    def _discard(self) -> None:
        self._discarding = True
        self.reject()

    def accept(self) -> None:
        if blocking_problems(self.final_problems()):
            return
        self.character_built.emit(self.result())
        super().accept()
