"""Rest controls on the DT panel: start, the half-way point, the rest's check, finish.

Starting a rest ends the DT with no encounter check and asks the players to douse their lights:
the lights still burning are listed with a Douse button each (and one for all). The half-way point
ends the effects bound to the DT end without rolling; the rest's one encounter check uses the
dungeon EN, +1 with Seclude Camp; finishing (or an interruption) starts a new DT. With a party at
the table, "In the Miasma" says the rest restores no expertise uses, and after a finished rest the
box says what each crow got (or why it could not rest).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.plain_text import plain_label, set_button_text
from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock
from refkit.rules.dungeon.effects import EffectKind, TrackedEffect


class RestBox(QFrame):
    """The rest's steps as buttons, enabled as the clock allows."""

    start_clicked = Signal()
    halfway_clicked = Signal()
    check_clicked = Signal(bool, bool)  # Seclude Camp, Prepare Campsite
    finish_clicked = Signal(bool)  # interrupted
    douse_clicked = Signal(str)  # effect id
    douse_all_clicked = Signal()
    miasma_toggled = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rest_box")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title_label = QLabel("Rest")
        self.title_label.setObjectName("rest_title")
        font = self.title_label.font()
        font.setBold(True)
        self.title_label.setFont(font)
        self.start_button = QPushButton("Start rest")
        self.start_button.setObjectName("rest_start")
        self.start_button.setToolTip("The DT ends with no encounter check; lights should be doused")
        self.halfway_button = QPushButton("Half-way")
        self.halfway_button.setObjectName("rest_halfway")
        self.halfway_button.setToolTip("Effects that end or roll at the end of a DT end now")
        self.seclude_check = QCheckBox("Seclude Camp (+1 EN)")
        self.seclude_check.setObjectName("rest_seclude")
        self.campsite_check = QCheckBox("Prepare Campsite")
        self.campsite_check.setObjectName("rest_campsite")
        self.campsite_check.setToolTip(
            "A crow with the trait Prepare Campsite (journal, quill and inkpot) prepared the "
            "camp: +1 to an EN of 5 or lower; that is its activity at this rest"
        )
        self.check_button = QPushButton("Rest check")
        self.check_button.setObjectName("rest_check")
        self.check_button.setToolTip("The rest's one encounter check")
        self.finish_button = QPushButton("Finish rest")
        self.finish_button.setObjectName("rest_finish")
        self.finish_button.setToolTip("A new DT starts; items with the Rest mode are restored")
        self.interrupt_button = QPushButton("Interrupted")
        self.interrupt_button.setObjectName("rest_interrupt")
        self.interrupt_button.setToolTip(
            "The rest was cut short: a new DT starts, nothing restored"
        )
        self.miasma_check = QCheckBox("In the Miasma")
        self.miasma_check.setObjectName("rest_miasma")
        self.miasma_check.setToolTip(
            "The group rests in the Miasma: the crows get every benefit but their expertise uses"
        )
        self.miasma_check.hide()
        # Shown only while resting, but their room is kept: nothing under them moves.
        for widget in (self.finish_button, self.interrupt_button, self.miasma_check):
            policy = widget.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            widget.setSizePolicy(policy)
        self._party = False
        self.party_label = plain_label("")  # crows' names
        self.party_label.setObjectName("rest_party")
        self.party_label.setWordWrap(True)
        self.party_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.party_label.hide()
        self.lights_label = plain_label("")  # lights' and owners' names
        self.lights_label.setObjectName("rest_lights")
        self.lights_label.setWordWrap(True)
        self.lights_row = QHBoxLayout()
        self.douse_all_button = QPushButton("Douse all")
        self.douse_all_button.setObjectName("rest_douse_all")
        self._douse_buttons: list[QPushButton] = []

        steps = QHBoxLayout()  # the title sits above: "Resting (…)" is too long for one row
        for button in (self.start_button, self.halfway_button, self.check_button):
            steps.addWidget(button)
        steps.addWidget(self.seclude_check)
        steps.addWidget(self.campsite_check)
        steps.addStretch(1)
        ending = QHBoxLayout()
        ending.addWidget(self.finish_button)
        ending.addWidget(self.interrupt_button)
        ending.addWidget(self.miasma_check)
        ending.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(4)
        layout.addWidget(self.title_label)
        layout.addLayout(steps)
        layout.addLayout(ending)
        layout.addWidget(self.party_label)
        layout.addWidget(self.lights_label)
        layout.addLayout(self.lights_row)

        self.start_button.clicked.connect(self.start_clicked)
        self.halfway_button.clicked.connect(self.halfway_clicked)
        self.check_button.clicked.connect(
            lambda: self.check_clicked.emit(
                self.seclude_check.isChecked(), self.campsite_check.isChecked()
            )
        )
        self.finish_button.clicked.connect(lambda: self.finish_clicked.emit(False))
        self.interrupt_button.clicked.connect(lambda: self.finish_clicked.emit(True))
        self.douse_all_button.clicked.connect(self.douse_all_clicked)
        self.miasma_check.toggled.connect(self.miasma_toggled)
        self.show_state(DungeonTurnClock(), ())

    def show_state(self, clock: DungeonTurnClock, effects: Sequence[TrackedEffect]) -> None:
        resting = clock.state is ClockState.RESTING
        under_way = clock.state in (ClockState.RUNNING, ClockState.PAUSED)
        self.start_button.setEnabled(under_way)
        self.halfway_button.setEnabled(resting and not clock.rest_halfway_done)
        self.check_button.setEnabled(resting and not clock.rest_checked)
        self.seclude_check.setEnabled(resting and not clock.rest_checked)
        self.campsite_check.setEnabled(resting and not clock.rest_checked)
        self.finish_button.setEnabled(resting)
        self.interrupt_button.setEnabled(resting)
        self.finish_button.setVisible(resting)
        self.interrupt_button.setVisible(resting)
        self.miasma_check.setVisible(resting and self._party)
        if resting:
            self.party_label.hide()
        lit = [e for e in effects if e.kind is EffectKind.LIGHT and e.lit] if resting else []
        self._show_lights(lit)
        if resting:
            steps = []
            steps.append("half-way ✓" if clock.rest_halfway_done else "half-way to come")
            steps.append("checked ✓" if clock.rest_checked else "check to make")
            self.title_label.setText(f"Resting ({', '.join(steps)})")
        else:
            self.title_label.setText("Rest")

    def show_party(self, present: bool, in_miasma: bool) -> None:
        """Whether a party is at the table (then the Miasma box counts), and its Miasma flag."""
        self._party = present
        self.miasma_check.blockSignals(True)
        self.miasma_check.setChecked(in_miasma)
        self.miasma_check.blockSignals(False)
        self.miasma_check.setVisible(present and self.finish_button.isVisibleTo(self))
        if not present:
            self.party_label.hide()

    def show_party_rest(self, lines: Sequence[str], in_miasma: bool = False) -> None:
        """What a finished rest gave each crow at the table (nothing shown for no lines)."""
        if not lines:
            self.party_label.hide()
            return
        where = " in the Miasma" if in_miasma else ""
        body = "\n".join(f"• {line}" for line in lines)
        self.party_label.setText(f"After the rest{where}:\n{body}")
        self.party_label.show()

    def _show_lights(self, lit: Sequence[TrackedEffect]) -> None:
        for button in self._douse_buttons:
            self.lights_row.removeWidget(button)
            button.hide()
            button.deleteLater()
        self._douse_buttons = []
        self.lights_row.removeWidget(self.douse_all_button)
        if not lit:
            self.lights_label.hide()
            self.douse_all_button.hide()
            return
        names = ", ".join(_label(effect) for effect in lit)
        self.lights_label.setText(f"Still burning — douse them for the rest: {names}")
        self.lights_label.show()
        for effect in lit:
            button = QPushButton()
            set_button_text(button, f"Douse {_label(effect)}")
            button.setObjectName(f"rest_douse_{effect.id}")
            button.clicked.connect(lambda _=False, eid=effect.id: self.douse_clicked.emit(eid))
            self.lights_row.addWidget(button)
            self._douse_buttons.append(button)
        self.lights_row.addWidget(self.douse_all_button)
        self.douse_all_button.setVisible(len(lit) > 1)


def _label(effect: TrackedEffect) -> str:
    return f"{effect.name} ({effect.owner})" if effect.owner else effect.name
