"""The Town day dialog (Crows ▸ Town day…): a crow spends two hours on a rest activity in town,
four a day, and the night's sleep heals the patients tended that day. Each is one step on the
window's undo stack, worked out in its worker; the presenter (:mod:`refkit.present.town_day`)
decides what is offered and said."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from refkit.present.town_day import TOWN_ACTIVITIES, activity_label, choice_text, day_lines
from refkit.rules.character.rest_activities import Activity

if TYPE_CHECKING:
    from refkit.app.undo import Command

PushMade = Callable[[Callable[[], "Command"]], Any]
Read = Callable[..., Any]


class TownDayDialog(QDialog):
    """Not modal: the referee keeps it open beside the sheets through the town day."""

    def __init__(
        self, services: Any, push_made: PushMade, read: Read, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Town day")
        self._services = services
        self._push_made = push_made
        self._read = read
        self.crow = QComboBox()
        self.activity = QComboBox()
        for activity in TOWN_ACTIVITIES:
            self.activity.addItem(activity_label(activity), activity)
        self.target = QLineEdit()
        self.target.setPlaceholderText("patient, item, task, size or project")
        self.spend = QPushButton("Spend 2 hours")
        self.sleep = QPushButton("Night's sleep")
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        self.said = QLabel()
        self.said.setTextFormat(Qt.TextFormat.PlainText)
        self.said.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Crow", self.crow)
        form.addRow("Activity", self.activity)
        form.addRow("Target", self.target)
        buttons = QHBoxLayout()
        buttons.addWidget(self.spend)
        buttons.addWidget(self.sleep)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.said)
        layout.addWidget(self.status)
        self.spend.clicked.connect(self.spend_two_hours)
        self.sleep.clicked.connect(self.night)
        self.refresh()

    def refresh(self) -> None:
        from refkit.app.party.town_rest import read_town_day

        characters = self._services.characters
        names, today = self._read(
            lambda: (characters.names(), read_town_day(characters.repository))
        )
        picked = self.crow.currentText()
        self.crow.clear()
        self.crow.addItems(names)
        if picked in names:
            self.crow.setCurrentText(picked)
        self.status.setText("\n".join(day_lines(today, names)))

    def spend_two_hours(self) -> bool:
        from refkit.app.party.town_rest import TownActivityCommand
        from refkit.errors import DomainError
        from refkit.rules.character.rest_activities import parse_activity

        data = self.activity.currentData()
        picked = None if data is None else Activity(data)
        choice = choice_text(self.crow.currentText(), picked, self.target.text())
        if choice.problem:
            self.said.setText(choice.problem)
            return False
        services, crow = self._services, self.crow.currentText()
        made: list[TownActivityCommand] = []

        def make() -> TownActivityCommand:
            command = TownActivityCommand(
                services.characters, crow, parse_activity(choice.text), crafting=services.crafting
            )
            made.append(command)
            return command

        try:
            self._push_made(make)
        except (DomainError, ValueError) as error:
            self.said.setText(str(error))
            return False
        report = made[-1].report
        self.said.setText(report.line() if report is not None else "")
        self.refresh()
        return True

    def night(self) -> bool:
        from refkit.app.party.town_rest import TownSleepCommand
        from refkit.errors import DomainError

        services = self._services
        made: list[TownSleepCommand] = []

        def make() -> TownSleepCommand:
            command = TownSleepCommand(services.characters, services.party.prompts)
            made.append(command)
            return command

        try:
            self._push_made(make)
        except (DomainError, ValueError) as error:
            self.said.setText(str(error))
            return False
        sleep = made[-1]
        healed = "; ".join(h.line() for h in sleep.healed)
        self.said.setText(f"The night in town: town day {sleep.day} begins. {healed}".strip())
        self.refresh()
        return True
