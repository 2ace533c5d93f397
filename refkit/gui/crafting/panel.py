"""The Crafting panel: the projects (points toward the goal, copies ready), one project's card
(expertise, tools, materials and what is missing), a crafter's roll during a rest with its odds
shown before it is made, and completion. Every step goes on the window's undo stack as one step;
a refusal is said in the panel."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from refkit.app.crafting.service import CraftingService, ProjectView, Step
from refkit.app.undo import Command
from refkit.errors import DomainError
from refkit.gui.common.plain_text import plain_label
from refkit.gui.common.row_table_model import Column, RowTableModel
from refkit.gui.common.table_style import fixed_column_widths
from refkit.gui.shell.undo_adapter import WRITE_HERE
from refkit.rules.crafting.tracker import MAX_BONUS

NO_EXPERTISE = "no expertise"
PushMade = Callable[[Callable[[], Command]], object]


def _no_selection(_step: Step) -> None:
    return None


class CraftingPanel(QWidget):
    """Crafting projects at the table."""

    changed = Signal()

    def __init__(
        self,
        service: CraftingService,
        push_made: PushMade,
        at_table: Callable[[], Sequence[str]] = tuple,
        parent: QWidget | None = None,
        *,
        read: Callable[..., Any] = WRITE_HERE,
        read_now: bool = True,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("crafting_panel")
        self._service = service
        self._push_made = push_made
        """Makes a step (reading what it is worked out from) and runs it as one undo step:
        ``push_made`` of the window's undo stack (in its worker, made again on a conflict)."""
        self._read = read
        """Where the panel reads (the window's worker, ``write_through``), else here."""
        self._at_table = at_table
        self._views: list[ProjectView] = []
        self._stale = False
        """The undo stack moved while the panel was hidden: read again when it is shown."""
        self._rest: str | None = None
        """The rest under way, as the last :meth:`refresh` read it."""

        self._model: RowTableModel[ProjectView] = RowTableModel(
            [
                Column("Project", lambda v: v.project.name),
                Column("Points", lambda v: f"{v.project.points}/{v.project.goal}"),
                Column("Crafters", lambda v: ", ".join(v.project.crafters)),
            ],
            parent=self,
        )
        self.table = QTableView()
        self.table.setObjectName("craft_projects")
        self.table.setModel(self._model)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        fixed_column_widths(self.table, {0: "Masterwork lockpick", 1: "999/999"}, stretch=2)
        self.new_button = QPushButton("New project…")
        self.new_button.setObjectName("craft_new")
        self.complete_button = QPushButton("Complete")
        self.complete_button.setObjectName("craft_complete")
        self.complete_button.setToolTip(
            "Make the copies the points and the crafters' materials allow"
        )

        self.card = plain_label()
        self.card.setObjectName("craft_card")
        self.card.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setObjectName("craft_progress")
        self.progress.setFormat("%v / %m points")

        self.crafter_combo = QComboBox()
        self.crafter_combo.setObjectName("craft_crafter")
        self.rest_edit = QLineEdit()
        self.rest_edit.setObjectName("craft_rest")
        self.edges = QSpinBox()
        self.edges.setObjectName("craft_edges")
        self.edges.setRange(0, 2)
        self.banes = QSpinBox()
        self.banes.setObjectName("craft_banes")
        self.banes.setRange(0, 2)
        self.bonus = QSpinBox()
        self.bonus.setObjectName("craft_bonus")
        self.bonus.setRange(-MAX_BONUS, MAX_BONUS)
        self.bonus.setToolTip("A flat bonus or penalty (the tools' quality is counted for you)")
        self.expertise_combos = (QComboBox(), QComboBox())
        for number, combo in enumerate(self.expertise_combos, start=1):
            combo.setObjectName(f"craft_expertise_{number}")
        self.odds_label = plain_label()
        self.odds_label.setObjectName("craft_odds")
        self.odds_label.setWordWrap(True)
        self.roll_button = QPushButton("Roll")
        self.roll_button.setObjectName("craft_roll")
        self.message = plain_label()
        self.message.setObjectName("craft_message")
        self.message.setWordWrap(True)
        self.rolls = QListWidget()
        self.rolls.setObjectName("craft_rolls")

        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addStretch(1)
        buttons.addWidget(self.complete_button)
        roll_box = QGroupBox("Crafting roll")
        form = QFormLayout(roll_box)
        form.addRow("Crafter", self.crafter_combo)
        form.addRow("Rest", self.rest_edit)
        modifiers = QHBoxLayout()
        for label, box in (("Edges", self.edges), ("Banes", self.banes), ("Bonus", self.bonus)):
            modifiers.addWidget(plain_label(label))
            modifiers.addWidget(box)
        modifiers.addStretch(1)
        form.addRow(modifiers)
        expertise_row = QHBoxLayout()
        for combo in self.expertise_combos:
            expertise_row.addWidget(combo, 1)
        form.addRow("Expertise", expertise_row)
        form.addRow(self.odds_label)
        form.addRow(self.roll_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 2)
        layout.addLayout(buttons)
        layout.addWidget(self.card)
        layout.addWidget(self.progress)
        layout.addWidget(roll_box)
        layout.addWidget(self.message)
        layout.addWidget(self.rolls, 1)

        self._odds_timer = QTimer(self)
        self._odds_timer.setSingleShot(True)
        self._odds_timer.setInterval(0)
        self._odds_timer.timeout.connect(self.show_odds)
        self.table.selectionModel().selectionChanged.connect(self._show_selected)
        self.crafter_combo.currentIndexChanged.connect(self._crafter_changed)
        for box in (self.edges, self.banes, self.bonus):
            box.valueChanged.connect(self._odds_timer.start)
        for combo in self.expertise_combos:
            combo.currentIndexChanged.connect(self._odds_timer.start)
        self.roll_button.clicked.connect(self.roll)
        self.complete_button.clicked.connect(self.complete)
        self.new_button.clicked.connect(self.open_new_project)
        for widget in (self.complete_button, self.roll_button, self.crafter_combo):
            widget.setEnabled(False)  # until the projects are read
        if read_now:
            self.refresh()

    # reading --------------------------------------------------------------------------------

    def refresh(self, select: str | None = None) -> None:
        """Read the projects again, keeping (or moving to) the selected one."""
        self._stale = False
        keep = select or self.selected_name()
        try:
            self._views, self._rest = self._read(self._read_projects)
        except DomainError as error:
            self._say(str(error))
            return
        self._model.replace_all(self._views)
        names = [view.project.name.casefold() for view in self._views]
        row = names.index(keep.casefold()) if keep and keep.casefold() in names else 0
        if self._views:
            self.table.selectRow(row)
        self._show_selected()

    def _read_projects(self) -> tuple[list[ProjectView], str | None]:
        """The projects and the rest under way, read together (in the window's worker)."""
        return self._service.projects(), self._service.current_rest()

    def history_moved(self, _index: int) -> None:
        """The undo stack moved (an undo, a redo, another panel's step): read again now if the
        panel is seen, else when it is shown (a step elsewhere waits for no read of it)."""
        if not self.isVisible():
            self._stale = True
            return
        self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def selected_name(self) -> str | None:
        view = self.selected()
        return view.project.name if view is not None else None

    def selected(self) -> ProjectView | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or rows[0].row() >= len(self._views):
            return None
        return self._views[rows[0].row()]

    def _show_selected(self) -> None:
        view = self.selected()
        has = view is not None
        for widget in (self.complete_button, self.roll_button, self.crafter_combo):
            widget.setEnabled(has)
        self.rest_edit.setPlaceholderText(
            self._rest or "not resting: name the occasion (e.g. town, day 3)"
        )
        if view is None:
            self.card.setText("No crafting project yet: start one with New project…")
            self.progress.setRange(0, 1)
            self.progress.setValue(0)
            self.crafter_combo.clear()
            self.rolls.clear()
            self.odds_label.setText("")
            return
        project = view.project
        missing = (
            f" Missing: {'; '.join(view.materials.missing)}." if view.materials.missing else ""
        )
        ready = ""
        if project.copies_ready:
            ready = (
                f" Points for {project.copies_ready}, materials for {view.materials.copies}"
                f" — Complete makes {min(project.copies_ready, view.materials.copies)}."
            )
        self.card.setText(
            f"{project.item}: {project.footer.expertise} {project.footer.uses}, "
            f"{project.tools or 'no tools'}, {project.footer.materials}; goal {project.goal}. "
            f"Made so far: {project.copies_made}.{ready}{missing}"
        )
        self.progress.setRange(0, project.goal)
        if project.copies_ready:
            self.progress.setValue(project.goal)
            copies = "copy" if project.copies_ready == 1 else "copies"
            self.progress.setFormat(f"{project.points} points: {project.copies_ready} {copies}")
        else:
            self.progress.setValue(project.points)
            self.progress.setFormat("%v / %m points")
        self.complete_button.setEnabled(project.copies_ready > 0)
        current = self.crafter_combo.currentText()
        self.crafter_combo.blockSignals(True)
        self.crafter_combo.clear()
        self.crafter_combo.addItems(list(project.crafters))
        if current in project.crafters:
            self.crafter_combo.setCurrentText(current)
        self.crafter_combo.blockSignals(False)
        self.rolls.clear()
        for roll in reversed(project.rolls):
            dice = " then ".join(f"{a}+{b}" for a, b in (one.dice for one in roll.rolls))
            self.rolls.addItem(f"{roll.rest}: {roll.crafter} rolled {dice} → {roll.points}")
        self._crafter_changed()

    def _crafter_changed(self) -> None:
        crafter = self.crafter_combo.currentText()
        options: list[str] = []
        if crafter:
            try:
                options = [
                    f"{name} ({left} left)"
                    for name, left in self._read(self._service.expertises_left, crafter)
                ]
            except DomainError as error:
                self._say(str(error))
        for combo in self.expertise_combos:
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(NO_EXPERTISE, "")
            for option in options:
                combo.addItem(option, option.rsplit(" (", 1)[0])
            combo.blockSignals(False)
        self.show_odds()

    def expertises(self) -> list[str]:
        return [combo.currentData() for combo in self.expertise_combos if combo.currentData()]

    def show_odds(self) -> None:
        """The odds of the roll as set up, before it is made (or why it cannot be made)."""
        view, crafter = self.selected(), self.crafter_combo.currentText()
        if view is None or not crafter:
            self.odds_label.setText("")
            return
        try:
            odds = self._read(
                self._service.odds,
                view.project.name,
                crafter,
                edges=self.edges.value(),
                banes=self.banes.value(),
                bonus=self.bonus.value(),
                expertises=len(self.expertises()),
            )
        except DomainError as error:
            self.odds_label.setText(f"Cannot roll: {error}")
            self.roll_button.setEnabled(False)
            return
        self.roll_button.setEnabled(True)
        self.odds_label.setText(odds.text)

    # steps ----------------------------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.message.setText(text)

    def _run(self, plan: Callable[[], Step], select: Callable[[Step], str | None]) -> Step | None:
        """Work a step out with ``plan`` and push it; the step, or None when it was refused
        (said in the panel, nothing written)."""
        made: list[Step] = []

        def make() -> Command:
            step = plan()
            made.append(step)
            return step.command

        try:
            self._push_made(make)
        except (DomainError, ValueError) as error:
            self._say(str(error))
            return None
        step = made[-1]
        self._say(step.text)
        self.refresh(select(step))
        self.changed.emit()
        return step

    def roll(self) -> None:
        view = self.selected()
        if view is None:
            return
        step = self._run(
            partial(
                self._service.roll,
                view.project.name,
                self.crafter_combo.currentText(),
                rest=self.rest_edit.text().strip() or None,
                edges=self.edges.value(),
                banes=self.banes.value(),
                bonus=self.bonus.value(),
                expertises=self.expertises(),
            ),
            _no_selection,
        )
        if step is not None and step.roll is not None:
            crits = sum(1 for one in step.roll.rolls if one.crit)
            extra = f" ({crits} crit{'s' if crits != 1 else ''}: rolled again)" if crits else ""
            self._say(f"{step.roll.crafter} adds {step.roll.points} points{extra}.")

    def complete(self) -> None:
        view = self.selected()
        if view is None:
            return
        self._run(partial(self._service.complete, view.project.name), _no_selection)

    def start(self, item: str, crafters: list[str], name: str) -> None:
        self._run(
            partial(self._service.start, item, crafters, name or None),
            lambda step: step.project.name if step.project else None,
        )

    def open_new_project(self) -> None:
        from refkit.gui.crafting.new_project import NewProjectDialog

        try:
            items, crows = self._read(lambda: (self._service.craftable(), self._service.crows()))
        except DomainError as error:
            self._say(str(error))
            return
        dialog = NewProjectDialog(items, crows, list(self._at_table()), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.chosen.connect(self.start)
        dialog.open()
        self.new_dialog = dialog
