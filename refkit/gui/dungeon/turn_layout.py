"""The dungeon-turn panel's widgets and their layout (see :mod:`.turn_panel` for what they do):
the DT and the dungeon, the big clock and its state, Start/pause and End DT, the ±minutes row and
"we forgot to pause", the message line, the summary, encounters, the rest, the party at the
table, the players' window and the settings folded away; all in a scroll area, so a short
laptop screen scrolls the panel rather than growing the window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.plain_text import ElidedLabel, plain_label, text_height
from refkit.gui.common.typing_keys import keep_keys
from refkit.gui.dungeon.clock_widget import BigClock
from refkit.gui.dungeon.encounter_box import EncounterBox
from refkit.gui.dungeon.end_summary import EndSummary
from refkit.gui.dungeon.rest_box import RestBox
from refkit.gui.dungeon.settings_box import SettingsBox
from refkit.present.said import SaidLine

if TYPE_CHECKING:
    from refkit.app.dungeon_turn_service import DungeonTurnView

ADJUST_STEPS = (-5, -1, 1, 5)


def _big_button(text: str, name: str, factor: float = 1.3) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    font = QFont(QApplication.font())
    font.setPointSizeF(max(8.0, font.pointSizeF() * factor))
    font.setBold(True)
    button.setFont(font)
    button.setMinimumHeight(button.fontMetrics().height() * 2 + 6)
    side = button.fontMetrics().height()
    button.setIconSize(QSize(side, side))
    button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    return button


def _scaled(factor: float, *, bold: bool = False) -> QFont:
    font = QFont(QApplication.font())
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * factor)
    else:
        font.setPixelSize(max(1, round(font.pixelSize() * factor)))
    font.setBold(bold)
    return font


class DungeonTurnLayout(QWidget):
    """The panel's widgets, made and laid out by :meth:`_build`; the panel wires them."""

    def _build(self) -> None:
        self.dt_label = QLabel("DT –")
        self.dt_label.setObjectName("dt_label")
        self.dt_label.setFont(_scaled(2.0, bold=True))
        self.dungeon_label = ElidedLabel("")  # the dungeon's name, as typed
        self.dungeon_label.setObjectName("dungeon_label")
        self.dungeon_label.setFont(_scaled(1.15))
        self.greed_label = QLabel("")
        self.greed_label.setObjectName("greed_label")
        self.greed_label.setFont(_scaled(1.3, bold=True))
        self.greed_label.setToolTip("Treasure found in this DT is worth this much more")
        self.clock = BigClock(minimum_height=96)
        self.clock.setObjectName("dt_clock")
        self.state_label = QLabel("")
        self.state_label.setObjectName("dt_state")
        self.state_label.setFont(_scaled(1.3, bold=True))
        self.state_label.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.run_button = _big_button("Start", "run_button")
        self.run_button.setToolTip("Start, pause or resume the clock (F6)")
        self.end_button = _big_button("End DT", "end_dt_button")
        self.end_button.setToolTip(
            "Roll usage dice, end conditions, check for an encounter, start the next DT (F5)"
        )

        self.dungeon_edit = QLineEdit()
        self.dungeon_edit.setObjectName("dungeon_name")
        self.dungeon_edit.setPlaceholderText("Dungeon name")
        keep_keys(self.dungeon_edit)
        self.enter_button = QPushButton("Enter dungeon")
        self.enter_button.setObjectName("enter_dungeon_button")
        self.enter_button.setToolTip("DT 1 of this dungeon starts (greed bonus on a first visit)")
        self.next_button = QPushButton("Come back")
        self.next_button.setObjectName("next_dt_button")
        self.start_row = QWidget()
        start_layout = QHBoxLayout(self.start_row)
        start_layout.setContentsMargins(0, 0, 0, 0)
        start_layout.addWidget(self.dungeon_edit, 1)
        start_layout.addWidget(self.enter_button)
        start_layout.addWidget(self.next_button)

        self.adjust_buttons: dict[int, QToolButton] = {}
        adjust_row = QHBoxLayout()
        adjust_row.setSpacing(4)
        for minutes in ADJUST_STEPS:
            button = QToolButton()
            button.setText(f"{minutes:+d}")
            button.setObjectName(f"adjust_{'minus' if minutes < 0 else 'plus'}_{abs(minutes)}")
            button.setToolTip(
                f"{'Add' if minutes > 0 else 'Take away'} {abs(minutes)} min "
                f"({'Alt+PgUp' if minutes == 5 else 'Alt+PgDown' if minutes == -5 else ''}"
                f"{'Alt+Up' if minutes == 1 else 'Alt+Down' if minutes == -1 else ''})"
            )
            button.setFont(_scaled(1.1, bold=True))
            button.setMinimumWidth(button.fontMetrics().horizontalAdvance("+5") + 18)
            self.adjust_buttons[minutes] = button
            adjust_row.addWidget(button)
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("adjust_reason")
        self.reason_edit.setPlaceholderText("reason (optional)")
        self.reason_edit.setClearButtonEnabled(True)
        keep_keys(self.reason_edit)
        self.forgot_button = QPushButton("We forgot to pause…")
        self.forgot_button.setObjectName("forgot_pause_button")
        adjust_row.addWidget(QLabel("min"))
        adjust_row.addWidget(self.reason_edit, 1)
        adjust_row.addWidget(self.forgot_button)

        self.forgot_row = QFrame()
        self.forgot_row.setObjectName("forgot_row")
        self.forgot_row.setFrameShape(QFrame.Shape.StyledPanel)
        self.forgot_minutes = QDoubleSpinBox()
        self.forgot_minutes.setObjectName("forgot_minutes")
        self.forgot_minutes.setDecimals(1)
        self.forgot_minutes.setSingleStep(1)
        self.forgot_minutes.setSuffix(" min ago")
        self.forgot_at_label = QLabel("")
        self.forgot_at_label.setObjectName("forgot_at")
        self.forgot_apply = QPushButton("Pause from then")
        self.forgot_apply.setObjectName("forgot_apply")
        self.forgot_cancel = QPushButton("Cancel")
        forgot_layout = QHBoxLayout(self.forgot_row)
        forgot_layout.setContentsMargins(6, 2, 6, 2)
        forgot_layout.addWidget(QLabel("Paused since"))
        forgot_layout.addWidget(self.forgot_minutes)
        forgot_layout.addWidget(self.forgot_at_label, 1)
        forgot_layout.addWidget(self.forgot_apply)
        forgot_layout.addWidget(self.forgot_cancel)
        self.forgot_row.hide()

        self.message_label = plain_label("")  # refusals name what they refuse
        self.message_label.setObjectName("dt_message")
        self.message_label.setWordWrap(True)
        # Two lines kept for it, said or not: a message never pushes what is below it.
        self.message_label.setMinimumHeight(text_height(self.message_label, lines=2))
        self._said: SaidLine[DungeonTurnView] = SaidLine()

        self.summary = EndSummary()
        self.encounters = EncounterBox()
        self.rest = RestBox()
        self.settings_button = QToolButton()
        self.settings_button.setObjectName("settings_toggle")
        self.settings_button.setText("Clock settings")
        self.settings_button.setCheckable(True)
        self.settings_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.settings_button.setArrowType(Qt.ArrowType.RightArrow)
        self.leave_button = QPushButton("Leave dungeon")
        self.leave_button.setObjectName("leave_dungeon_button")
        self.leave_button.setToolTip(
            "The group leaves: the clock stops. Coming back later is a revisit (no greed bonus)"
        )
        self.players_button = QPushButton("Players' window")
        self.players_button.setObjectName("players_button")
        self.players_button.setCheckable(True)
        self.players_button.setToolTip("Show the clock to the players on another screen")
        self.settings_box = SettingsBox()
        self.settings_box.hide()
        self.party_combo = QComboBox()
        self.party_combo.setObjectName("party_combo")
        self.party_combo.setToolTip(
            "The party whose crows are at the table: End DT ends their conditions and wounds "
            "doubled magic slots; a finished rest restores them"
        )
        self.party_combo.setMinimumContentsLength(16)  # a long party name must not widen it
        self.party_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        keep_keys(self.party_combo)
        party_caption = QLabel("Party at the table:")
        party_caption.setBuddy(self.party_combo)
        self.party_row = QWidget()
        self.party_row.setObjectName("party_row")
        party_layout = QHBoxLayout(self.party_row)
        party_layout.setContentsMargins(0, 0, 0, 0)
        party_layout.addWidget(party_caption)
        party_layout.addWidget(self.party_combo)
        party_layout.addStretch(1)
        self.party_row.hide()

        header = QHBoxLayout()
        header.addWidget(self.dt_label)
        header.addWidget(self.dungeon_label, 1)
        header.addWidget(self.greed_label)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button, 2)
        buttons.addWidget(self.end_button, 3)
        footer = QHBoxLayout()
        footer.addWidget(self.settings_button)
        footer.addStretch(1)
        footer.addWidget(self.leave_button)
        footer.addWidget(self.players_button)

        content = QWidget()
        content.setObjectName("dungeon_turn_content")
        layout = QVBoxLayout(content)
        layout.setSpacing(6)
        # Nothing the referee is about to press moves: the clock's height follows the panel's
        # size only (not what is shown below it), the controls come first, and what a step
        # says or shows (the message, the encounters, the End DT summary) comes after them,
        # so it grows downwards; the stretch at the end takes what is left.
        layout.addLayout(header)
        layout.addWidget(self.clock)
        layout.addWidget(self.state_label)
        layout.addLayout(buttons)
        layout.addWidget(self.start_row)
        layout.addLayout(adjust_row)
        layout.addLayout(footer)
        layout.addWidget(self.rest)
        layout.addWidget(self.party_row)
        layout.addWidget(self.message_label)
        layout.addWidget(self.forgot_row)
        layout.addWidget(self.encounters)
        layout.addWidget(self.summary)
        layout.addWidget(self.settings_box)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setObjectName("dungeon_turn_scroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
