"""A traveller's row in the travel-day panel's roles: its task, the characteristic its test uses
and the exact odds of each tier at today's pace (see :func:`refkit.present.travel_roles_text.
odds_text`)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel

from refkit.gui.common.plain_text import PLAIN
from refkit.present.travel_roles_text import odds_text
from refkit.rules.common.pace import Pace
from refkit.rules.travel.roles import RoleAssignment, Task
from refkit.rules.travel.travel_day import Traveller

NO_TASK = "—"


class RoleRow:
    """One traveller's row in the travel roles: the task, the characteristic tested and the
    odds of each tier today."""

    def __init__(
        self, traveller: Traveller, grid: QGridLayout, row: int, changed: Callable[[], None]
    ):
        self.traveller = traveller
        self.name = QLabel(traveller.name + ("" if traveller.human else " (animal)"))
        self.name.setTextFormat(PLAIN)
        self.task = QComboBox()
        self.task.setAccessibleName(f"{traveller.name}'s task")
        self.task.addItem(NO_TASK, None)
        for task in Task:
            self.task.addItem(f"{task.role}: {task.title}", task)
        self.tested = QComboBox()
        self.tested.setAccessibleName(f"{traveller.name}'s characteristic")
        self.odds = QLabel()
        self.odds.setTextFormat(PLAIN)
        for column, widget in enumerate((self.name, self.task, self.tested)):
            grid.addWidget(widget, 2 * row, column)
        grid.addWidget(self.odds, 2 * row + 1, 1, 1, 2)  # under the task: keeps the form narrow
        self.task.currentIndexChanged.connect(self._task_changed)
        self.task.currentIndexChanged.connect(lambda _: changed())
        self.tested.currentIndexChanged.connect(lambda _: changed())
        self._task_changed()

    def chosen(self) -> Task | None:
        task = self.task.currentData()
        return task if isinstance(task, Task) else None

    def _task_changed(self) -> None:
        task = self.chosen()
        # Quiet while refilled: an emptied list would be read as the characteristic tested.
        self.tested.blockSignals(True)
        self.tested.clear()
        if task is not None:
            self.tested.addItems(list(task.characteristics))
        self.tested.blockSignals(False)
        self.tested.setEnabled(task is not None and len(task.characteristics) > 1)

    def assignment(self) -> RoleAssignment | None:
        task = self.chosen()
        if task is None:
            return None
        return RoleAssignment(self.traveller.name, task, self.tested.currentText() or None)

    def show_odds(self, pace: Pace) -> None:
        task = self.chosen()
        if task is None:
            self.odds.setText("")
            return
        self.odds.setText(odds_text(self.traveller, task, self.tested.currentText(), pace))
