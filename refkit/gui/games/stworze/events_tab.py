"""The Events tab: the five Events and their countdown dice, counted down and reset by hand."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from refkit.games.stworze import KNOWN_EVENTS, EventRow
from refkit.games.stworze.countdown import EVENT_SLOTS
from refkit.gui.games.stworze.widgets import CountdownDie


def _label(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


def default_events() -> list[str]:
    """Koliada is always in play; the other known Events fill the next slots."""
    names = list(KNOWN_EVENTS)
    return [*names, *(f"Event {slot + 1}" for slot in range(len(names), EVENT_SLOTS))]


class EventsTab(QWidget):
    """One row per Event slot: its name, its die (click to count down) and whether it fires.
    Phase 4 resolves the Events whose dice are off, left to right, and puts those dice back."""

    def __init__(self, start: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stworze_events")
        self.row = EventRow(default_events(), start)
        self.names: list[QComboBox] = []
        self.dice: list[CountdownDie] = []
        self.states: list[QLabel] = []
        self.start_label = _label()
        self.resolve_button = QPushButton("Phase 4: resolve the fired Events")
        self.reset_button = QPushButton("Set every die to the start")
        self.outcome = _label()
        self.outcome.setObjectName("stworze_events_outcome")

        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        for slot, name in enumerate(self.row.events):
            die = CountdownDie()
            names = QComboBox()
            names.setEditable(True)
            names.addItems(list(KNOWN_EVENTS))
            names.setCurrentText(name)
            names.setToolTip("The Event on this card (type another name if it is not listed)")
            names.currentTextChanged.connect(lambda text, slot=slot: self._renamed(slot, text))
            state = _label()
            die.clicked.connect(lambda _=False, slot=slot: self.count_down(slot))
            grid.addWidget(die, slot, 0)
            grid.addWidget(names, slot, 1)
            grid.addWidget(state, slot, 2)
            self.dice.append(die)
            self.names.append(names)
            self.states.append(state)
        buttons = QHBoxLayout()
        buttons.addWidget(self.resolve_button)
        buttons.addWidget(self.reset_button)
        layout = QVBoxLayout(self)
        layout.addWidget(
            _label(
                "Choosing an Action counts down the die of the Event above its pair. "
                "Click a die to count it down."
            )
        )
        layout.addWidget(self.start_label)
        layout.addLayout(grid)
        layout.addLayout(buttons)
        layout.addWidget(self.outcome)
        layout.addStretch(1)
        self.resolve_button.clicked.connect(self.resolve)
        self.reset_button.clicked.connect(self.reset)
        self._show()

    def set_start(self, start: int) -> None:
        """A new player count: the dice start (and reset) at ``start``."""
        self.row.start = start
        self._show()

    def count_down(self, slot: int) -> None:
        if self.row.dice[slot] == 0:
            self.outcome.setText(
                f"{self.row.events[slot]}'s die is already off: resolve it in phase 4."
            )
            return
        fired = self.row.count_down(slot)
        self.outcome.setText(
            f"{self.row.events[slot]} fires in phase 4 of this round." if fired else ""
        )
        self._show()

    def resolve(self) -> tuple[str, ...]:
        fired = self.row.resolve()
        if fired:
            self.outcome.setText(
                f"Resolve, left to right: {', '.join(fired)}. "
                f"Their dice are back at {self.row.start}."
            )
        else:
            self.outcome.setText("No die is off: no Event fires this round.")
        self._show()
        return fired

    def reset(self) -> None:
        for slot in range(EVENT_SLOTS):
            self.row.set_die(slot, self.row.start)
        self.outcome.setText("")
        self._show()

    def _renamed(self, slot: int, text: str) -> None:
        self.row.events[slot] = " ".join(text.split()) or f"Event {slot + 1}"

    def _show(self) -> None:
        self.start_label.setText(f"Dice start and reset at {self.row.start}.")
        for slot, value in enumerate(self.row.dice):
            self.dice[slot].set_value(value)
            self.states[slot].setText("fires" if value == 0 else f"{value} to go")
