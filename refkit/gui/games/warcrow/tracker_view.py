"""The Warcrow tab's table tracker: the Initiative dial and each figure's counters and States.

The tracker lives in the campaign's database (:mod:`refkit.app.games.warcrow_table`); the
box (:class:`~refkit.gui.games.tracker_box.TrackerBox`) makes every change one step on the
window's undo stack, worked out from the tracker shown.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.app.games.warcrow_table import WarcrowTable
from refkit.games.warcrow.states import State
from refkit.games.warcrow.tracker import MAX_ENERGY, TINGE_CARDS_TO_LEAVE, Figure, Tracker
from refkit.gui.games.spec import GameContext
from refkit.gui.games.tracker_box import TrackerBox, clear_layout, plain_label, remove_button
from refkit.present.warcrow_tracker import (
    STATE_HELP,
    dial_cells,
    dial_line,
    figure_caption,
    figure_status,
)

COUNTERS = (("energy", "Energy"), ("wounds", "Wounds"), ("stain", "Stain"), ("tinge", "Tinge"))


def _spin(low: int, high: int, name: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setKeyboardTracking(False)  # one step when the typing is done, not one a digit
    spin.setAccessibleName(name)
    return spin


class TrackerView(TrackerBox[Tracker]):
    """The tracker box of the Warcrow tab."""

    def __init__(self, context: GameContext) -> None:
        super().__init__("Table tracker (kept with the campaign)", context, WarcrowTable, Tracker())
        self.setObjectName("warcrow_tracker")
        self.message_label.setObjectName("warcrow_tracker_message")
        self._rows: dict[str, dict[str, QWidget]] = {}
        layout = QVBoxLayout(self.body)
        layout.setContentsMargins(0, 0, 0, 0)
        self.dial_label = plain_label()
        self.dial_label.setObjectName("warcrow_dial_line")
        layout.addWidget(self.dial_label)
        cells = QHBoxLayout()
        cells.setSpacing(2)
        self.cells: list[QLabel] = []
        for _ in range(10):
            cell = QLabel()
            cell.setTextFormat(Qt.TextFormat.PlainText)
            cell.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
            cell.setFrameShape(QFrame.Shape.StyledPanel)
            cell.setMinimumWidth(34)
            cell.setWordWrap(True)
            cells.addWidget(cell, 1)
            self.cells.append(cell)
        layout.addLayout(cells)
        buttons = QHBoxLayout()
        self.combat_button = QPushButton("Start combat")
        self.combat_button.setToolTip(
            "Round on, the dial at 1, every token at its Initiative (Enemies first, then "
            "Characters on top)"
        )
        self.combat_button.clicked.connect(
            lambda: self.change("Start a combat", lambda t: t.start_combat())
        )
        self.done_button = QPushButton("Activation done")
        self.done_button.setToolTip(
            "The active figure's token advances by its Initiative (one more when Slowed)"
        )
        self.done_button.clicked.connect(self.end_activation)
        self.next_button = QPushButton("Turn the dial")
        self.next_button.setToolTip("On to the next position with a token (past 10: a new round)")
        self.next_button.clicked.connect(
            lambda: self.change("Turn the Initiative dial", _next_token)
        )
        for button in (self.combat_button, self.done_button, self.next_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.figures_box = QWidget()
        self.figures_grid = QGridLayout(self.figures_box)
        self.figures_grid.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.figures_box)
        add = QHBoxLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("Name of a Character or Enemy")
        self.name_edit.setAccessibleName("New figure's name")
        self.name_edit.returnPressed.connect(self.add_figure)
        self.initiative_spin = _spin(1, 10, "Initiative")
        self.initiative_spin.setPrefix("Init ")
        self.vitality_spin = _spin(1, 99, "Vitality")
        self.vitality_spin.setPrefix("Vit ")
        self.vitality_spin.setValue(5)
        self.enemy_box = QCheckBox("Enemy")
        self.add_button = QPushButton("Add")
        self.add_button.clicked.connect(self.add_figure)
        for widget in (self.name_edit, self.initiative_spin, self.vitality_spin, self.enemy_box):
            add.addWidget(widget)
        add.addWidget(self.add_button)
        layout.addLayout(add)
        self.start()

    # --- changing ----------------------------------------------------------------------------

    def add_figure(self) -> None:
        name = " ".join(self.name_edit.text().split())
        if not name:
            self.message_label.setText("Type the new figure's name first.")
            return
        figure = Figure(
            name,
            self.initiative_spin.value(),
            self.vitality_spin.value(),
            self.enemy_box.isChecked(),
        )
        if self.change(f"Add {name} to the Warcrow table", lambda t: t.added(figure)):
            self.name_edit.clear()

    def end_activation(self) -> None:
        active = self.tracker.dial.active
        if active is None:
            self.message_label.setText("Nobody activates at the dial's position: turn it on.")
            return
        self.change(f"{active}'s Activation ends", lambda t: t.end_activation(active))

    def set_counter(self, name: str, counter: str, value: int) -> None:
        if getattr(self.tracker.figure(name), counter) == value:
            return
        label = dict(COUNTERS)[counter]
        self.change(f"{name}: {label} {value}", lambda t: t.changed(name, **{counter: value}))

    def toggle_state(self, name: str, state: State, on: bool) -> None:
        def change(tracker: Tracker) -> Tracker:
            figure = tracker.figure(name)
            figure = figure.with_state(state) if on else figure.without_state(state)
            return tracker.with_figure(figure)

        self.change(f"{name} {'receives' if on else 'loses'} {state.label}", change)

    def remove_figure(self, name: str) -> None:
        self.change(f"Remove {name} from the Warcrow table", lambda t: t.removed(name))

    # --- showing -----------------------------------------------------------------------------

    def show_tracker(self) -> None:
        tracker = self.tracker
        self.dial_label.setText(dial_line(tracker))
        for label, cell in zip(self.cells, dial_cells(tracker), strict=True):
            label.setText(cell.text)
            label.setToolTip(cell.tooltip)
            label.setStyleSheet("font-weight: bold;" if cell.current else "")
        self.done_button.setEnabled(tracker.dial.active is not None)
        self.next_button.setEnabled(bool(tracker.dial.tokens()))
        self.combat_button.setEnabled(bool(tracker.figures))
        self._show_figures()

    def _show_figures(self) -> None:
        clear_layout(self.figures_grid)
        self._rows = {}
        for row, figure in enumerate(self.tracker.figures):
            self._figure_row(row, figure)

    def _figure_row(self, row: int, figure: Figure) -> None:
        box = QFrame()
        box.setObjectName(f"figure_{row}")
        box.setFrameShape(QFrame.Shape.StyledPanel)
        lines = QVBoxLayout(box)
        lines.setContentsMargins(6, 4, 6, 4)
        lines.setSpacing(2)
        top = QHBoxLayout()
        caption = plain_label(figure_caption(figure))
        font = caption.font()
        font.setBold(True)
        caption.setFont(font)
        caption.setWordWrap(False)
        top.addWidget(caption)
        top.addSpacing(8)
        status = plain_label(figure_status(figure))
        top.addWidget(status, 1)
        remove = remove_button(figure.name, lambda n=figure.name: self.remove_figure(n))
        top.addWidget(remove)
        lines.addLayout(top)
        counters = QHBoxLayout()
        widgets: dict[str, QWidget] = {}
        highs = {
            "energy": MAX_ENERGY,
            "wounds": figure.vitality,
            "stain": 999,
            "tinge": TINGE_CARDS_TO_LEAVE,
        }
        for counter, label in COUNTERS:
            spin = _spin(0, highs[counter], f"{figure.name}: {label}")
            spin.setPrefix(f"{label} ")
            if counter == "wounds":
                spin.setSuffix(f"/{figure.vitality}")
            spin.setValue(getattr(figure, counter))
            spin.valueChanged.connect(
                lambda value, c=counter, n=figure.name: self.set_counter(n, c, value)
            )
            if counter in ("stain", "tinge") and figure.enemy:
                spin.hide()  # only Characters gain Stain and Tinge
            counters.addWidget(spin)
            widgets[counter] = spin
        states = QToolButton()
        states.setText("States")
        states.setAccessibleName(f"{figure.name}: States")
        states.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(states)
        for state in State:
            action = QAction(state.label, menu)
            action.setCheckable(True)
            action.setChecked(state in figure.states)
            action.setToolTip(STATE_HELP[state])
            action.toggled.connect(lambda on, s=state, n=figure.name: self.toggle_state(n, s, on))
            menu.addAction(action)
        menu.setToolTipsVisible(True)
        states.setMenu(menu)
        counters.addWidget(states)
        counters.addStretch(1)
        lines.addLayout(counters)
        self.figures_grid.addWidget(box, row, 0)
        widgets.update({"states": states, "status": status, "menu": menu, "remove": remove})
        self._rows[figure.name] = widgets

    def row(self, name: str) -> dict[str, QWidget]:
        return self._rows[name]


def _next_token(tracker: Tracker) -> Tracker:
    from dataclasses import replace

    return replace(tracker, dial=tracker.dial.to_next_token())
