"""The referee's hazard panel: a fall, a held breath running out, a toppled object, a harvest.

Four small pages, one tab each, each with what it needs (feet, Strength and round, sizes) and
one Roll button (one page at a time: a laptop's short dock shows the whole page, the Toppling
one was cut off below the others); the result shows in big words below with the dice, and every
roll lands in the roll log. What the
dice are and how they are worded comes from :mod:`refkit.rules.dungeon.hazard_rolls`, so the
panel and ``refkit hazard`` agree. A roll that cannot be logged is said here, in the panel.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Callable
from datetime import datetime

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from refkit.dice.records import RollRecord, utc_now
from refkit.dice.rng import SEED_BITS
from refkit.gui.common.plain_text import plain_label
from refkit.rules.dungeon.hazard_rolls import (
    HazardRoll,
    effort_text,
    hazard_record,
    roll_fall,
    roll_harvest,
    roll_suffocation,
    roll_topple,
    what_was_rolled,
)
from refkit.rules.dungeon.hazards import Size, suffocation_rounds, topple_effort

log = logging.getLogger(__name__)

MAX_FEET = 1000


def _size_combo(name: str, chosen: Size = Size.MEDIUM) -> QComboBox:
    combo = QComboBox()
    combo.setObjectName(name)
    for size in Size:
        combo.addItem(size.value, size)
    combo.setCurrentIndex(list(Size).index(chosen))
    return combo


def _roll_button(text: str, name: str, tip: str) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.setToolTip(tip)
    return button


class HazardsPanel(QWidget):
    """Roll the hazards; ``log_roll`` lands each roll in the roll log (it returns None, or
    raises, when it cannot), ``make_rng(seed)`` is the random source and ``now`` the clock."""

    status_message = Signal(str)
    rolled = Signal(object)  # the HazardRoll just made

    def __init__(
        self,
        log_roll: Callable[[RollRecord], object],
        *,
        make_rng: Callable[[int | None], random.Random] = random.Random,
        now: Callable[[], datetime] = utc_now,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("hazards_panel")
        self._log_roll = log_roll
        self._make_rng = make_rng
        self._now = now
        self.last_roll: HazardRoll | None = None
        self._build()

    # construction ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.feet_spin = QSpinBox()
        self.feet_spin.setObjectName("fall_feet")
        self.feet_spin.setRange(0, MAX_FEET)
        self.feet_spin.setSingleStep(5)
        self.feet_spin.setValue(10)
        self.feet_spin.setSuffix(" ft")
        self.fall_button = _roll_button(
            "Roll fall", "roll_fall", "1d6 piercing for every full 10 ft (5 ft: none)"
        )
        fall = self._row([("Height", self.feet_spin)], self.fall_button, "fall_box")

        self.strength_spin = QSpinBox()
        self.strength_spin.setObjectName("breath_strength")
        self.strength_spin.setRange(-5, 5)
        self.round_spin = QSpinBox()
        self.round_spin.setObjectName("breath_round")
        self.round_spin.setRange(1, 999)
        self.round_spin.setPrefix("round ")
        self.breath_label = plain_label("")
        self.breath_label.setObjectName("breath_held")
        self.breath_button = _roll_button(
            "Roll round",
            "roll_suffocation",
            "At the start of each round once the breath runs out: 1d6 damage",
        )
        breath = self._row(
            [("Strength", self.strength_spin), ("Now", self.round_spin)],
            self.breath_button,
            "suffocation_box",
            note=self.breath_label,
        )

        self.object_combo = _size_combo("topple_object", Size.LARGE)
        self.creature_combo = _size_combo("topple_creature")
        self.toppler_combo = _size_combo("topple_toppler")
        self.effort_label = plain_label("")
        self.effort_label.setObjectName("topple_effort")
        self.topple_button = _roll_button(
            "Roll damage",
            "roll_topple",
            "1d10, and 2d10 more for every size the object is larger than the creature",
        )
        topple = self._row(
            [
                ("Object", self.object_combo),
                ("Falls on", self.creature_combo),
                ("Toppled by", self.toppler_combo),
            ],
            self.topple_button,
            "topple_box",
            note=self.effort_label,
        )

        self.corpse_combo = _size_combo("harvest_size")
        self.harvest_button = _roll_button(
            "Roll parts",
            "roll_harvest",
            "Parts from a corpse, which is destroyed: 1d6 up to Medium, 2d6 Large, 3d6 Huge, "
            "4d6 Holy Shit!",
        )
        harvest = self._row([("Corpse", self.corpse_combo)], self.harvest_button, "harvest_box")

        self.headline = plain_label("")
        self.headline.setObjectName("hazard_headline")
        font = self.headline.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.headline.setFont(font)
        self.headline.setWordWrap(True)
        self.detail = plain_label("Pick a hazard and roll: every roll goes to the roll log.")
        self.detail.setObjectName("hazard_detail")
        self.detail.setWordWrap(True)
        self.problem = plain_label("")
        self.problem.setObjectName("hazard_problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020; font-weight: bold;")
        self.problem.hide()

        content = QWidget()
        content.setObjectName("hazards_content")
        layout = QVBoxLayout(content)
        layout.setSpacing(6)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("hazard_tabs")
        self.tabs.setDocumentMode(True)
        for box, title, tip in (
            (fall, "Falling", "A fall"),
            (breath, "Suffocation", "A held breath running out"),
            (topple, "Toppling", "Toppling an object onto a creature"),
            (harvest, "Harvest", "Harvesting parts from a corpse"),
        ):
            self.tabs.addTab(box, title)
            self.tabs.setTabToolTip(self.tabs.indexOf(box), tip)
        layout.addWidget(self.tabs)
        layout.addWidget(self.headline)
        layout.addWidget(self.detail)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        scroll = QScrollArea()  # a short screen scrolls, it never grows the window
        scroll.setObjectName("hazards_scroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

        self.fall_button.clicked.connect(self.roll_fall)
        self.breath_button.clicked.connect(self.roll_suffocation)
        self.topple_button.clicked.connect(self.roll_topple)
        self.harvest_button.clicked.connect(self.roll_harvest)
        self.strength_spin.valueChanged.connect(self._show_breath)
        for combo in (self.object_combo, self.creature_combo, self.toppler_combo):
            combo.currentIndexChanged.connect(self._show_topple)
        self._show_breath()
        self._show_topple()

    @staticmethod
    def _row(
        fields: list[tuple[str, QWidget]],
        button: QPushButton,
        name: str,
        *,
        note: QLabel | None = None,
    ) -> QWidget:
        box = QWidget()
        box.setObjectName(name)
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        for label, field in fields:
            form.addRow(label, field)
        row = QHBoxLayout()
        row.addLayout(form, 1)
        row.addWidget(button, 0, Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(8, 4, 8, 6)
        layout.addLayout(row)
        if note is not None:
            note.setWordWrap(True)
            layout.addWidget(note)
        return box

    # what the inputs mean -------------------------------------------------------------------

    def _show_breath(self, *_args: object) -> None:
        held = suffocation_rounds(self.strength_spin.value())
        self.breath_label.setText(
            f"Holds the breath {held} round{'s' if held != 1 else ''}; from round {held + 1} on, "
            "1d6 damage at the start of each round"
        )

    def _show_topple(self, *_args: object) -> None:
        obj = self.object_combo.currentData()
        creature = self.creature_combo.currentData()
        toppler = self.toppler_combo.currentData()
        parts = []
        try:
            parts.append(f"Toppling it takes {effort_text(topple_effort(obj, toppler))}")
        except ValueError as problem:
            parts.append(f"Cannot be toppled: {problem}")
        if obj.rank < creature.rank:
            parts.append(f"a {obj.value} object cannot fall on a larger {creature.value} creature")
        self.effort_label.setText("; ".join(parts))
        self.topple_button.setEnabled(obj.rank >= creature.rank)

    # rolling --------------------------------------------------------------------------------

    def roll_fall(self) -> HazardRoll | None:
        feet = self.feet_spin.value()
        return self._roll(lambda rng: roll_fall(rng, feet), f"Fall of {feet} ft")

    def roll_suffocation(self) -> HazardRoll | None:
        strength, round_number = self.strength_spin.value(), self.round_spin.value()
        return self._roll(
            lambda rng: roll_suffocation(rng, strength, round_number),
            f"Suffocation, round {round_number}",
        )

    def roll_topple(self) -> HazardRoll | None:
        obj, creature = self.object_combo.currentData(), self.creature_combo.currentData()
        return self._roll(
            lambda rng: roll_topple(rng, obj, creature),
            f"{obj.value} object on a {creature.value} creature",
        )

    def roll_harvest(self) -> HazardRoll | None:
        size = self.corpse_combo.currentData()
        return self._roll(lambda rng: roll_harvest(rng, size), f"Harvest of a {size.value} corpse")

    def _roll(self, make: Callable[[random.Random], HazardRoll], what: str) -> HazardRoll | None:
        seed = secrets.randbits(SEED_BITS)
        try:
            roll = make(self._make_rng(seed))
        except ValueError as problem:  # the inputs do not fit the rules: say which
            self._say_problem(f"{what}: {problem}")
            return None
        self.last_roll = roll
        self.headline.setText(f"{what}: {roll.headline()}")
        self._say_problem("")
        if roll.rolled:
            self.detail.setText(f"In the roll log: {what_was_rolled(roll)}")
            self._log(roll, seed)
        else:
            self.detail.setText("No dice to roll, so nothing goes to the roll log")
        self.rolled.emit(roll)
        self.status_message.emit(f"{what}: {roll.headline()}")
        return roll

    def _log(self, roll: HazardRoll, seed: int) -> None:
        try:
            logged = self._log_roll(hazard_record(roll, seed, self._now()))
        except Exception as error:  # the roll stands; the window says it is not in the log
            log.exception("a hazard roll could not be written to the roll log")
            self._say_problem(f"Rolled, but not written to the roll log: {error}")
            self.detail.setText(what_was_rolled(roll))
            return
        if logged is None:
            self._say_problem("Rolled, but the roll log is still opening: it is not in it")
            self.detail.setText(what_was_rolled(roll))

    def _say_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))
