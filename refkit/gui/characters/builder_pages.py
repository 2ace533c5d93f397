"""The crow builder's pages after the name: the background (rolled on 2d6 or picked), the
characteristics it allows, what it gives (Stamina, expertises, the starting trait), the kit, the
purse, the pet and the NPC connection, and a last look with the party the crow joins.

The pages only draw and ask: what a choice means and why it is not allowed come from
:mod:`refkit.present.crow_builder`, each reason shown next to the field it is about.
"""

from __future__ import annotations

import random
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from refkit.gui.characters.builder_parts import MessageLabel, wrapped_label
from refkit.present import crow_builder as present
from refkit.present.party_choices import builder_parties
from refkit.rules.character.build_data import Background, BuildData
from refkit.rules.character.creation import CreationChoices
from refkit.rules.character.model import CHARACTERISTIC_NAMES
from refkit.rules.character.progress import CONNECTION_BENEFITS

NO_BENEFIT = "(choose later)"


class Builder(Protocol):
    """What the pages ask of the wizard."""

    data: BuildData
    rng: random.Random
    parties: list[str]
    shown_party: str | None

    def choices(self) -> CreationChoices: ...

    def background(self) -> Background | None: ...

    def connection_problem(self) -> str: ...

    def problems(self) -> list[str]: ...


def _plain(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def _show(label: MessageLabel, problems: list[tuple[str, str]], *fields: str) -> None:
    label.show_problems([reason for field, reason in problems if field in fields])


class BackgroundPage(QWizardPage):
    """The 36 backgrounds with the odds of each on 2d6; roll for one or pick it."""

    COLUMNS = ("Roll", "Background", "Odds on 2d6", "2 in", "Stamina", "Uses")

    def __init__(self, builder: Builder) -> None:
        super().__init__()
        self._builder = builder
        self.setTitle("Background")
        self.setSubTitle(
            "Roll 2d6 on the table (first die the row, second the column), or pick one if your "
            "table allows it. The background sets the crow's Stamina, expertises and first trait."
        )
        rows = present.background_rows(builder.data)
        self.names = [row.name for row in rows]
        self.table = QTableWidget(len(rows), len(self.COLUMNS))
        self.table.setObjectName("background_table")
        self.table.setHorizontalHeaderLabels(list(self.COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for index, row in enumerate(rows):
            cells = (row.roll, row.name, row.odds, row.two_in, str(row.stamina), str(row.uses))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(f"{row.name}: starts with {row.trait}")
                self.table.setItem(index, column, item)
        self.roll_button = QPushButton("&Roll 2d6")
        self.roll_button.setObjectName("roll_background")
        self.rolled = _plain("background_rolled")
        self.details = _plain("background_details")
        self.message = MessageLabel("background_message")
        top = QHBoxLayout()
        top.addWidget(self.roll_button)
        top.addWidget(self.rolled, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        split = QHBoxLayout()
        split.addWidget(self.table, 3)
        side = QVBoxLayout()
        side.addWidget(self.details)
        side.addWidget(self.message)
        side.addStretch(1)
        split.addLayout(side, 2)
        layout.addLayout(split, 1)
        self._rolled = self._rolled_name = ""
        self.roll_button.clicked.connect(self.roll)
        self.table.itemSelectionChanged.connect(self._changed)

    def chosen(self) -> str:
        row = self.table.currentRow()
        selected = self.table.selectionModel().hasSelection()
        return self.names[row] if selected and 0 <= row < len(self.names) else ""

    def choose(self, name: str) -> None:
        self.table.selectRow(self.names.index(name))

    def roll(self) -> tuple[int, int]:
        """Roll 2d6 on the table and choose what it gives."""
        first, second = self._builder.rng.randint(1, 6), self._builder.rng.randint(1, 6)
        data = self._builder.data
        self._rolled = present.rolled_text(data, first, second)
        self._rolled_name = data.background_rolled(first, second).name
        self.choose(self._rolled_name)
        return first, second

    def _changed(self) -> None:
        background = self._builder.background()
        if background is None:
            self.details.setText("")
        else:
            data = self._builder.data
            self.details.setText(
                f"{background.name} (roll {background.roll_text}): "
                f"{present.starting_trait_text(data, background)}\n\n"
                f"{present.trade_text(data, background)}\n\n{present.pet_text(background)}"
            )
        chosen = self.chosen()
        self.message.show_problems(self.problems() if chosen else [])
        if not chosen:
            self.rolled.setText("Nothing chosen yet: roll 2d6 or pick a row.")
        elif chosen == self._rolled_name:
            self.rolled.setText(self._rolled)
        else:
            chance = present.odds(self._builder.data)[chosen]
            self.rolled.setText(f"Picked: {chosen} (on 2d6, {present.odds_text(chance)})")
        self.completeChanged.emit()

    def problems(self) -> list[str]:
        if not self.chosen():
            return ["Roll for a background, or pick one from the table"]
        found = present.page_problems(self._builder.data, self._builder.choices(), "background")
        return [reason for _field, reason in found]

    def isComplete(self) -> bool:
        return not self.problems()


class CharacteristicsPage(QWizardPage):
    """The characteristic the background sets to 2, then the shape of the other two."""

    def __init__(self, builder: Builder) -> None:
        super().__init__()
        self._builder = builder
        self.setTitle("Characteristics")
        self.setSubTitle(
            "Every test is 2d10 plus one of these. The background sets one to 2; the other two "
            "are 1 and 0, or 2 and −1."
        )
        self.two = QComboBox()
        self.two.setObjectName("two_choice")
        self.two_message = MessageLabel("two_message")
        self.shape_group = QButtonGroup(self)
        self.shapes: dict[str, QRadioButton] = {}
        shape_row = QHBoxLayout()
        for shape, text in present.SHAPE_LABELS.items():
            button = QRadioButton(text)
            button.setObjectName(f"shape_{shape}")
            self.shape_group.addButton(button)
            self.shapes[shape] = button
            shape_row.addWidget(button)
        shape_row.addStretch(1)
        self.shapes["10"].setChecked(True)
        self.high = QComboBox()
        self.high.setObjectName("high_choice")
        self.high_message = MessageLabel("high_message")
        self.preview = _plain("characteristics_preview")
        font = self.preview.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.preview.setFont(font)
        form = QGridLayout()
        form.addWidget(QLabel("Set to &2"), 0, 0)
        form.addWidget(self.two, 0, 1)
        form.addWidget(self.two_message, 0, 2)
        form.addWidget(QLabel("Shape"), 1, 0)
        form.addLayout(shape_row, 1, 1, 1, 2)
        form.addWidget(QLabel("&Higher of the other two"), 2, 0)
        form.addWidget(self.high, 2, 1)
        form.addWidget(self.high_message, 2, 2)
        form.setColumnStretch(2, 1)
        for row in range(3):
            label = form.itemAtPosition(row, 0).widget()
            assert isinstance(label, QLabel)
            label.setBuddy(form.itemAtPosition(row, 1).widget())
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview)
        layout.addStretch(1)
        self.two.currentIndexChanged.connect(self._two_changed)
        self.high.currentIndexChanged.connect(self._changed)
        self.shape_group.buttonToggled.connect(self._changed)

    def initializePage(self) -> None:
        background = self._builder.background()
        if background is None:
            return
        current = self.two_value()
        self.two.blockSignals(True)
        self.two.clear()
        if len(background.two_in) > 1:
            self.two.addItem("Choose…", "")
        for name in background.two_in:
            self.two.addItem(name.capitalize(), name)
        index = self.two.findData(current)
        self.two.setCurrentIndex(max(index, 0))
        self.two.blockSignals(False)
        self.two.setEnabled(len(background.two_in) > 1)
        self.two.setToolTip(
            f"{background.name} sets {present.two_in_text(background)} to 2"
            + ("" if len(background.two_in) > 1 else " (fixed)")
        )
        self._two_changed()

    def two_value(self) -> str:
        return str(self.two.currentData() or "")

    def shape(self) -> str:
        return next(shape for shape, button in self.shapes.items() if button.isChecked())

    def high_value(self) -> str:
        return str(self.high.currentData() or "")

    def set_choice(self, two: str, shape: str, high: str) -> None:
        """Choose all three at once (the tests' and a quick user's way)."""
        if two:
            self.two.setCurrentIndex(self.two.findData(two))
        self.shapes[shape].setChecked(True)
        self.high.setCurrentIndex(self.high.findData(high))

    def _two_changed(self, *_args: object) -> None:
        current = self.high_value()
        two = self.two_value()
        self.high.blockSignals(True)
        self.high.clear()
        self.high.addItem("Choose…", "")
        if two:
            for name in CHARACTERISTIC_NAMES:
                if name != two:
                    self.high.addItem(name.capitalize(), name)
        self.high.setCurrentIndex(max(self.high.findData(current), 0))
        self.high.blockSignals(False)
        self.high.setEnabled(bool(two))
        self._changed()

    def problems(self) -> list[tuple[str, str]]:
        return present.page_problems(self._builder.data, self._builder.choices(), "characteristics")

    def _changed(self, *_args: object) -> None:
        problems = self.problems()
        _show(self.two_message, problems, "two")
        _show(self.high_message, problems, "high", "shape")
        background = self._builder.background()
        values = (
            present.characteristic_values(
                background, self.two_value(), self.shape(), self.high_value()
            )
            if background is not None
            else None
        )
        self.preview.setText(present.values_text(values))
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return not self.problems()


class GivesPage(QWizardPage):
    """What the background gives as printed: Stamina, expertises and uses, the starting trait."""

    def __init__(self, builder: Builder) -> None:
        super().__init__()
        self._builder = builder
        self.setTitle("Stamina, expertises and the first trait")
        self.setSubTitle("As the background prints them. Every crow starts at speed 5.")
        self.trade = _plain("stamina_trade")
        self.expertises = QListWidget()
        self.expertises.setObjectName("background_expertises")
        self.trait = _plain("starting_trait")
        layout = QVBoxLayout(self)
        layout.addWidget(self.trade)
        layout.addWidget(
            wrapped_label(
                "Expertises: after a roll, spend a use of a fitting one to lift the result a tier. "
                "Uses come back with a rest; the number is the total, not one plus it."
            )
        )
        layout.addWidget(self.expertises, 1)
        layout.addWidget(self.trait)

    def initializePage(self) -> None:
        background = self._builder.background()
        if background is None:
            return
        data = self._builder.data
        self.trade.setText(present.trade_text(data, background))
        self.expertises.clear()
        self.expertises.addItems(present.expertise_lines(data, background))
        self.trait.setText(f"Starting trait: {present.starting_trait_text(data, background)}")


class KitPage(QWizardPage):
    """The kit, the purse (3d6 gc plus the background's gold), the pet and the NPC connection."""

    def __init__(self, builder: Builder) -> None:
        super().__init__()
        self._builder = builder
        self.setTitle("Kit, coins and a friend in the village")
        self.setSubTitle(
            "Every crow packs a purse, a knife, a rope and six rations, plus the background's "
            "kit; the purse holds 3d6 gc. Name one NPC in the village who helps the crow."
        )
        self.kit = QListWidget()
        self.kit.setObjectName("kit_list")
        self.pet = _plain("pet_text")
        self.dice: list[QSpinBox] = []
        dice_row = QHBoxLayout()
        for index in range(3):
            spin = QSpinBox()
            spin.setObjectName(f"coin_die_{index}")
            spin.setRange(1, 6)
            spin.setAccessibleName(f"Coin die {index + 1}")
            spin.valueChanged.connect(self._changed)
            self.dice.append(spin)
            dice_row.addWidget(spin)
        self.roll_button = QPushButton("Roll &3d6")
        self.roll_button.setObjectName("roll_coins")
        dice_row.addWidget(self.roll_button)
        dice_row.addStretch(1)
        self.coins = _plain("coins_text")
        self.coins_message = MessageLabel("coins_message")
        self.npc_name = QLineEdit()
        self.npc_name.setObjectName("connection_name")
        self.npc_name.setPlaceholderText("e.g. Old Maud")
        self.relationship = QLineEdit()
        self.relationship.setObjectName("connection_relationship")
        self.relationship.setPlaceholderText("e.g. aunt, old comrade, creditor")
        self.benefit = QComboBox()
        self.benefit.setObjectName("connection_benefit")
        self.benefit.addItem(NO_BENEFIT, "")
        for benefit in CONNECTION_BENEFITS:
            self.benefit.addItem(benefit, benefit)
            self.benefit.setItemData(
                self.benefit.count() - 1,
                present.CONNECTION_BENEFIT_TEXT[benefit],
                Qt.ItemDataRole.ToolTipRole,
            )
        self.benefit_text = _plain("benefit_text")
        self.connection_message = MessageLabel("connection_message")
        left = QVBoxLayout()
        left.addWidget(QLabel("Kit"))
        left.addWidget(self.kit, 1)
        left.addWidget(self.pet)
        form = QFormLayout()
        form.addRow("Coin dice", dice_row)
        form.addRow("", self.coins)
        form.addRow("", self.coins_message)
        form.addRow("NPC &connection", self.npc_name)
        form.addRow("&Relationship", self.relationship)
        form.addRow("&Benefit", self.benefit)
        form.addRow("", self.benefit_text)
        form.addRow("", self.connection_message)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 2)
        layout.addLayout(form, 3)
        self.roll_button.clicked.connect(self.roll_coins)
        self.npc_name.textChanged.connect(self._changed)
        self.relationship.textChanged.connect(self._changed)
        self.benefit.currentIndexChanged.connect(self._changed)

    def initializePage(self) -> None:
        background = self._builder.background()
        if background is None:
            return
        self.kit.clear()
        self.kit.addItems(present.kit_lines(background))
        self.pet.setText(present.pet_text(background))
        self._changed()

    def roll_coins(self) -> tuple[int, ...]:
        rolled = tuple(self._builder.rng.randint(1, 6) for _ in self.dice)
        for spin, value in zip(self.dice, rolled, strict=True):
            spin.setValue(value)
        return rolled

    def coin_dice(self) -> tuple[int, ...]:
        return tuple(spin.value() for spin in self.dice)

    def connection_fields(self) -> tuple[str, str, str]:
        return (
            self.npc_name.text(),
            self.relationship.text(),
            str(self.benefit.currentData() or ""),
        )

    def problems(self) -> list[tuple[str, str]]:
        return present.page_problems(
            self._builder.data,
            self._builder.choices(),
            "kit",
            connection_problem=self._builder.connection_problem(),
        )

    def _changed(self, *_args: object) -> None:
        background = self._builder.background()
        if background is not None:
            self.coins.setText(present.coins_text(background, self.coin_dice()))
        benefit = str(self.benefit.currentData() or "")
        self.benefit_text.setText(present.CONNECTION_BENEFIT_TEXT.get(benefit, ""))
        problems = self.problems()
        _show(self.coins_message, problems, "coins")
        _show(self.connection_message, problems, "connection")
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return not self.problems()


class ReadyPage(QWizardPage):
    """A last look, the party the crow joins, and notes."""

    def __init__(self, builder: Builder) -> None:
        super().__init__()
        self._builder = builder
        self.setTitle("Ready")
        self.setSubTitle("Finish makes the crow (Edit → Undo takes it back, party and all).")
        self.summary = _plain("builder_summary")
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
        self.party_row.setVisible(bool(builder.parties))
        self.notes = QPlainTextEdit()
        self.notes.setObjectName("builder_notes")
        self.notes.setPlaceholderText(
            "A distinguishing feature, bonds, debts, what the crow is after…"
        )
        self.message = MessageLabel("summary_message")
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.message)
        layout.addWidget(self.party_row)
        layout.addWidget(QLabel("Notes"))
        layout.addWidget(self.notes, 1)

    def initializePage(self) -> None:
        choices = self._builder.choices()
        lines = present.summary_lines(self._builder.data, choices)
        self.summary.setText("\n".join([choices.name, *lines]))
        self.message.show_problems(self._builder.problems())
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return not self._builder.problems()
