"""The turn tab: the hero's turn as a checklist to step through, and the event draws; the state
stays as it is while the app runs (switching tabs or docks loses nothing)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from refkit.games.warriors_of_krynn import EventCard, EventDraws, PhaseChecklist, Step
from refkit.gui.games.warriors_of_krynn.widgets import plain

CURRENT = QColor("#fff2c2")
STEP_ROLE = Qt.ItemDataRole.UserRole + 1


class TurnTab(QWidget):
    """Steps grouped by phase; Next ticks the current step and moves on."""

    def __init__(self, steps: tuple[Step, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.checklist = PhaseChecklist(steps)
        self.draws = EventDraws()

        self.turn_label = plain(bold=True)
        self.turn_label.setObjectName("krynn_turn")
        self.draws_label = plain()
        self.draws_label.setObjectName("krynn_draws")
        self.draw_buttons = {
            EventCard.RIGHT_NOW: QPushButton("Right Now card"),
            EventCard.KEY_MOMENT: QPushButton("Key moment card"),
            EventCard.BATTLE_PHASE: QPushButton("Battle Phase card"),
        }
        self.step_list = QListWidget()
        self.step_list.setObjectName("krynn_steps")
        self.step_list.setWordWrap(True)
        self.step_list.setUniformItemSizes(False)
        self.back_button = QPushButton("Back")
        self.next_button = QPushButton("Next step")
        self.next_button.setObjectName("krynn_next_step")
        self.new_turn_button = QPushButton("Next hero's turn")

        column = QVBoxLayout(self)
        column.addWidget(self.turn_label)
        column.addWidget(plain("Event cards drawn this turn:"))
        draws = QHBoxLayout()
        for button in self.draw_buttons.values():
            draws.addWidget(button)
        column.addLayout(draws)
        column.addWidget(self.draws_label)
        column.addWidget(self.step_list, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.next_button)
        buttons.addWidget(self.new_turn_button)
        column.addLayout(buttons)

        self._items: list[QListWidgetItem] = []
        self._build_items()
        for card, button in self.draw_buttons.items():
            button.clicked.connect(lambda _=False, card=card: self.draw(card))
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.advance)
        self.new_turn_button.clicked.connect(self.next_turn)
        self.step_list.itemChanged.connect(self._ticked)
        self.step_list.itemClicked.connect(self._clicked)
        self._refresh()

    def _build_items(self) -> None:
        phase = None
        for index, step in enumerate(self.checklist.steps):
            if step.phase != phase:
                phase = step.phase
                header = QListWidgetItem(f"{phase} phase")
                font = QFont(self.step_list.font())
                font.setBold(True)
                header.setFont(font)
                header.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.step_list.addItem(header)
            item = QListWidgetItem(step.text)
            item.setFlags(
                Qt.ItemFlag.ItemIsEnabled
                | Qt.ItemFlag.ItemIsUserCheckable
                | Qt.ItemFlag.ItemIsSelectable
            )
            item.setData(STEP_ROLE, index)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.step_list.addItem(item)
            self._items.append(item)

    # --- actions ----------------------------------------------------------------------------

    def advance(self) -> None:
        self.checklist.advance()
        self._refresh()

    def back(self) -> None:
        self.checklist.back()
        self._refresh()

    def next_turn(self) -> None:
        self.checklist.next_turn()
        self.draws.next_turn()
        self._refresh()

    def draw(self, card: EventCard) -> None:
        self.draws.draw(card)
        self._refresh()

    def _ticked(self, item: QListWidgetItem) -> None:
        index = item.data(STEP_ROLE)
        if index is None:
            return
        done = item.checkState() == Qt.CheckState.Checked
        if done != (index in self.checklist.done):
            self.checklist.tick(index, done)
            self._refresh()

    def _clicked(self, item: QListWidgetItem) -> None:
        index = item.data(STEP_ROLE)
        if index is not None and index != self.checklist.current:
            self.checklist.go_to(index)
            self._refresh()

    # --- showing ----------------------------------------------------------------------------

    def _refresh(self) -> None:
        checklist = self.checklist
        self.step_list.blockSignals(True)
        for index, item in enumerate(self._items):
            done = index in checklist.done
            item.setCheckState(Qt.CheckState.Checked if done else Qt.CheckState.Unchecked)
            current = index == checklist.current
            item.setBackground(QBrush(CURRENT) if current else QBrush())
            font = QFont(self.step_list.font())
            font.setBold(current)
            font.setStrikeOut(done and not current)
            item.setFont(font)
        self.step_list.blockSignals(False)
        self.step_list.scrollToItem(self._items[checklist.current])
        step = checklist.current_step()
        state = "turn done" if checklist.finished else f"now: {step.phase} phase"
        self.turn_label.setText(
            f"Turn {checklist.turn} · {state} · key moments {self.draws.key_moments}"
        )
        drawn = len(self.draws.drawn)
        ended = " — the event phase is over" if self.draws.finished else ""
        self.draws_label.setText(f"{drawn} drawn{ended}")
        for button in self.draw_buttons.values():
            button.setEnabled(not self.draws.finished)
        self.back_button.setEnabled(checklist.current > 0)

    def current_text(self) -> str:
        return self.checklist.current_step().text
