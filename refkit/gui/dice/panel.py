"""The Dice panel: the Crows test roller with live exact odds, quick d100 and usage dice, notation.

The panel talks to a :class:`refkit.app.dice_service.DiceService`, handed to it once the database is
open (until then the roll buttons wait, the odds already show). Results land in the big banner; the
service logs every roll, and the roll log panel hears of it from the service.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.plain_text import plain_label
from refkit.gui.dice.widgets import (
    Counter,
    KeyFriendlySpinBox,
    OddsStrip,
    ResultBanner,
    dice_chips,
    keep_return_key,
    palette_is_dark,
    scaled_font,
)
from refkit.gui.shell.palette import result_colours
from refkit.present.test_text import NET_TEXT, word_result
from refkit.rules.checks.crows_test import Order, net_state

if TYPE_CHECKING:
    from refkit.app.dice_service import DiceService
    from refkit.dice.notation import NotationRoll
    from refkit.rules.checks.crows_test import TestResult
    from refkit.rules.checks.d100 import D100Roll
    from refkit.rules.checks.odds import TestOdds
    from refkit.rules.usage_dice import UsageDiceRoll

log = logging.getLogger(__name__)

OddsSource = Callable[..., "TestOdds"]

CRIT_MIN_RANGE = (10, 20)
BONUS_RANGE = (-20, 20)
USAGE_DICE_RANGE = (1, 20)


@dataclass(frozen=True)
class TestSetup:
    """The test as the panel's controls describe it."""

    __test__ = False  # not a pytest test class

    characteristic: int
    edges: int
    banes: int
    bonus: int
    expertise: bool
    crit_min: int
    order: Order

    @property
    def bonuses(self) -> tuple[int, ...]:
        return (self.bonus,) if self.bonus else ()

    def keywords(self) -> dict[str, object]:
        return {
            "edges": self.edges,
            "banes": self.banes,
            "bonuses": self.bonuses,
            "expertise": self.expertise,
            "crit_min": self.crit_min,
            "order": self.order,
        }


class DicePanel(QWidget):
    """Crows test roller, quick dice and notation box."""

    status_message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dice_panel")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._service: DiceService | None = None
        self._odds_source: OddsSource | None = None
        self._order: Order = "sequential"

        self.characteristic = KeyFriendlySpinBox(-5, 5)
        self.characteristic.setObjectName("characteristic_spin")
        self.characteristic.setToolTip("Agility, Mind or Strength, −5 to +5 (C / Shift+C)")
        self.bonus = KeyFriendlySpinBox(*BONUS_RANGE)
        self.bonus.setObjectName("bonus_spin")
        self.bonus.setToolTip("Sum of bonuses and penalties (never edges or banes)")
        self.crit_min = KeyFriendlySpinBox(*CRIT_MIN_RANGE, show_sign=False)
        self.crit_min.setObjectName("crit_min_spin")
        self.crit_min.setValue(19)
        self.crit_min.setSuffix("+")
        self.crit_min.setToolTip("Natural needed for a crit (19 by default; some traits: 18)")
        spin_font = scaled_font(self, 1.3, bold=True)
        for spin in (self.characteristic, self.bonus, self.crit_min):
            spin.setFont(spin_font)
            spin.setMinimumWidth(spin.fontMetrics().horizontalAdvance("+20+") + 40)
        self.edges = Counter("edges", "Edges")
        self.edges.setToolTip("Edges (E / Shift+E). Two or more make a double edge.")
        self.banes = Counter("banes", "Banes")
        self.banes.setToolTip("Banes (B / Shift+B). Two or more make a double bane.")
        self.expertise = QCheckBox("Expertise")
        self.expertise.setObjectName("expertise_check")
        self.expertise.setFont(scaled_font(self, 1.15, bold=True))
        self.expertise.setToolTip("Spend an expertise use after the roll: +1 tier (X)")
        self.net_label = QLabel(NET_TEXT["none"])
        self.net_label.setObjectName("net_label")
        self.odds = OddsStrip()
        self.roll_button = QPushButton("Roll test")
        self.roll_button.setObjectName("roll_button")
        self.roll_button.setFont(scaled_font(self, 1.5, bold=True))
        self.roll_button.setMinimumHeight(self.roll_button.fontMetrics().height() * 2 + 8)
        self.roll_button.setToolTip("Roll 2d10 + characteristic (Space or Enter)")
        self.roll_button.setDefault(True)
        self.result = ResultBanner()

        self.d100_button = QPushButton("d100")
        self.d100_button.setObjectName("d100_button")
        self.d100_button.setToolTip("Roll a d100: tens die and ones die (D)")
        self.usage_dice_count = KeyFriendlySpinBox(*USAGE_DICE_RANGE, show_sign=False)
        self.usage_dice_count.setObjectName("usage_dice_spin")
        self.usage_dice_count.setValue(3)
        self.usage_dice_count.setSuffix(" UD")
        self.usage_dice_button = QPushButton("Roll usage dice")
        self.usage_dice_button.setObjectName("usage_dice_button")
        self.usage_dice_button.setToolTip("Roll the pool; every 1 or 2 is removed (U)")
        self.notation = QLineEdit()
        self.notation.setObjectName("notation_edit")
        self.notation.setPlaceholderText("Dice, e.g. 4d6kh3+2 or d%  (N)")
        self.notation.setClearButtonEnabled(True)
        keep_return_key(self.notation)
        self.notation_button = QPushButton("Roll")
        self.notation_button.setObjectName("notation_button")
        self.notation_error = plain_label("")  # quotes the notation typed
        self.notation_error.setObjectName("notation_error")
        self.notation_error.setWordWrap(True)
        self.notation_error.hide()
        quick_font = scaled_font(self, 1.15, bold=True)
        for widget in (self.d100_button, self.usage_dice_button, self.notation_button):
            widget.setFont(quick_font)
        self.usage_dice_count.setFont(quick_font)
        self.notation.setFont(scaled_font(self, 1.15))

        self._build_layout()
        self._connect()
        self._set_rolling_enabled(False)
        self._update_net()

    # construction ---------------------------------------------------------------------------

    def _build_layout(self) -> None:
        test_box = QGroupBox("Crows test")
        test_box.setObjectName("test_box")
        numbers = QFormLayout()
        numbers.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        numbers.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        numbers.addRow("Characteristic", self.characteristic)
        numbers.addRow("Bonus", self.bonus)
        numbers.addRow("Crit on", self.crit_min)

        counters = QGridLayout()
        counters.setHorizontalSpacing(18)
        counters.addWidget(self.edges, 0, 0)
        counters.addWidget(self.banes, 0, 1)
        counters.addWidget(self.expertise, 1, 0, 1, 2, Qt.AlignmentFlag.AlignHCenter)
        counters.addWidget(self.net_label, 2, 0, 1, 2, Qt.AlignmentFlag.AlignHCenter)

        controls = QHBoxLayout()
        controls.addLayout(numbers)
        controls.addStretch(1)
        controls.addLayout(counters)
        controls.addStretch(1)

        test_layout = QVBoxLayout(test_box)
        test_layout.addLayout(controls)
        test_layout.addWidget(self.odds)
        test_layout.addWidget(self.roll_button)

        quick_box = QGroupBox("Quick dice")
        quick_box.setObjectName("quick_box")
        quick = QGridLayout(quick_box)
        quick.addWidget(self.d100_button, 0, 0)
        usage = QHBoxLayout()
        usage.addWidget(self.usage_dice_count)
        usage.addWidget(self.usage_dice_button, 1)
        quick.addLayout(usage, 0, 1)
        quick.addWidget(self.notation, 1, 0, 1, 2)
        quick.addWidget(self.notation_button, 1, 2)
        quick.addWidget(self.notation_error, 2, 0, 1, 3)
        quick.setColumnStretch(1, 1)

        layout = QVBoxLayout(self)
        layout.addWidget(test_box)
        layout.addWidget(self.result, 1)  # the result takes the spare height: bigger is better
        layout.addWidget(quick_box)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def _connect(self) -> None:
        self.characteristic.valueChanged.connect(self._setup_changed)
        self.bonus.valueChanged.connect(self._setup_changed)
        self.crit_min.valueChanged.connect(self._setup_changed)
        self.edges.valueChanged.connect(self._setup_changed)
        self.banes.valueChanged.connect(self._setup_changed)
        self.expertise.toggled.connect(self._setup_changed)
        self.roll_button.clicked.connect(self.roll_test)
        self.d100_button.clicked.connect(self.roll_d100)
        self.usage_dice_button.clicked.connect(self.roll_usage_dice)
        self.notation_button.clicked.connect(self.roll_notation)
        self.notation.returnPressed.connect(self.roll_notation)
        self.notation.textEdited.connect(self._clear_notation_error)

    # wiring from the composition root -------------------------------------------------------

    def set_odds_source(self, odds: OddsSource) -> None:
        """Start showing live odds, computed by ``odds(characteristic, **keywords)``."""
        self._odds_source = odds
        self.refresh_odds()

    def set_service(self, service: DiceService) -> None:
        """Enable rolling; every roll goes through (and is logged by) ``service``."""
        self._service = service
        if self._odds_source is None:
            self._odds_source = service.odds
        self._set_rolling_enabled(True)
        self.refresh_odds()

    def set_order(self, order: Order) -> None:
        """How double-edge/bane shifts and expertise combine ("sequential" or "net")."""
        self._order = order
        self._setup_changed()

    def order(self) -> Order:
        return self._order

    # the test -------------------------------------------------------------------------------

    def setup(self) -> TestSetup:
        return TestSetup(
            characteristic=self.characteristic.value(),
            edges=self.edges.value(),
            banes=self.banes.value(),
            bonus=self.bonus.value(),
            expertise=self.expertise.isChecked(),
            crit_min=self.crit_min.value(),
            order=self._order,
        )

    def step_characteristic(self, delta: int) -> None:
        self.characteristic.setValue(self.characteristic.value() + delta)

    def step_edges(self, delta: int) -> None:
        self.edges.step(delta)

    def step_banes(self, delta: int) -> None:
        self.banes.step(delta)

    def toggle_expertise(self) -> None:
        self.expertise.toggle()

    def reset_modifiers(self) -> None:
        """Back to a plain test: no edges, banes, bonus or expertise (characteristic kept)."""
        self.edges.setValue(0)
        self.banes.setValue(0)
        self.bonus.setValue(0)
        self.expertise.setChecked(False)

    def refresh_odds(self) -> None:
        if self._odds_source is None:
            self.odds.show_odds(None)
            return
        setup = self.setup()
        self.odds.show_odds(self._odds_source(setup.characteristic, **setup.keywords()))

    def _setup_changed(self, *_args: object) -> None:
        self._update_net()
        self.refresh_odds()

    def _update_net(self) -> None:
        self.net_label.setText(NET_TEXT[net_state(self.edges.value(), self.banes.value())])

    # rolling --------------------------------------------------------------------------------

    def roll_test(self) -> None:
        service = self._ready_service()
        if service is None:
            return
        setup = self.setup()
        try:
            rolled = service.crows_test(setup.characteristic, **setup.keywords())
        except Exception as error:  # the table must never stop: report, keep going
            self._roll_failed("test", error)
            return
        self._show_test(setup, rolled.result)

    def roll_d100(self) -> None:
        service = self._ready_service()
        if service is None:
            return
        try:
            rolled = service.d100()
        except Exception as error:
            self._roll_failed("d100", error)
            return
        self._show_d100(rolled.result)

    def roll_usage_dice(self) -> None:
        service = self._ready_service()
        if service is None:
            return
        try:
            rolled = service.usage_dice(self.usage_dice_count.value())
        except Exception as error:
            self._roll_failed("usage dice", error)
            return
        self._show_usage_dice(rolled.result)

    def roll_notation(self) -> None:
        service = self._ready_service()
        if service is None:
            return
        text = self.notation.text().strip()
        if not text:
            self._show_notation_error("Type some dice first, e.g. 3d6 or 2d10+4")
            return
        try:
            rolled = service.notation(text)
        except ValueError as error:  # DiceNotationError is a ValueError: the text is at fault
            self._show_notation_error(str(error))
            return
        except Exception as error:
            self._roll_failed("dice", error)
            return
        self._clear_notation_error()
        self._show_notation(rolled.result)

    def focus_notation(self) -> None:
        self.notation.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.notation.selectAll()

    def _ready_service(self) -> DiceService | None:
        if self._service is None:
            self.status_message.emit("The roll log is still opening; try again in a moment")
        return self._service

    def _set_rolling_enabled(self, enabled: bool) -> None:
        for widget in (
            self.roll_button,
            self.d100_button,
            self.usage_dice_button,
            self.notation_button,
        ):
            widget.setEnabled(enabled)

    def _roll_failed(self, what: str, error: Exception) -> None:
        log.exception("rolling %s failed", what)
        self.result.show_result(
            "neutral", "Roll failed", f"The {what} roll was not made", "", str(error)
        )
        self.status_message.emit(f"Rolling {what} failed: {error}")

    # notation errors ------------------------------------------------------------------------

    def notation_error_text(self) -> str:
        return self.notation_error.text() if self.notation_error.isVisibleTo(self) else ""

    def _show_notation_error(self, message: str) -> None:
        colour = result_colours(palette_is_dark(self)).error_text
        self.notation_error.setStyleSheet(f"color: {colour}; font-weight: bold;")
        self.notation_error.setText(f"⚠ {message}")
        self.notation_error.show()
        self.notation.setFocus(Qt.FocusReason.OtherFocusReason)

    def _clear_notation_error(self, *_args: object) -> None:
        self.notation_error.clear()
        self.notation_error.hide()

    # showing results ------------------------------------------------------------------------

    def _show_test(self, setup: TestSetup, result: TestResult) -> None:
        # the words come from refkit.present (one wording with the roll log and the CLI); only
        # the dice chips and the bold total are the panel's own
        words = word_result(
            result,
            characteristic=setup.characteristic,
            bonus=setup.bonus,
            expertise_asked=setup.expertise,
        )
        *steps, total = words.terms
        dice = " · ".join([dice_chips(result.dice), *steps, f"<b>{total}</b>"])
        self.result.show_result(words.outcome, words.headline, words.meaning, dice, words.note)

    def _show_d100(self, roll: D100Roll) -> None:
        if roll.value == 100:
            reading = "two 10s read 100"
        else:
            reading = f"{roll.tens % 10} tens, {roll.ones % 10} ones"
        dice = (
            f"tens die {dice_chips([roll.tens])} · ones die {dice_chips([roll.ones])} · {reading}"
        )
        self.result.show_result("neutral", f"d100: {roll.value}", "Percentile roll", dice)

    def _show_usage_dice(self, roll: UsageDiceRoll) -> None:
        removed = {position for position, face in enumerate(roll.rolled) if face <= 2}
        if roll.after == 0:
            outcome, meaning = "doom", "Used up: no usage dice left"
        elif roll.after < roll.before:
            outcome = "tier2"
            lost = roll.before - roll.after
            meaning = f"{lost} {'die' if lost == 1 else 'dice'} removed"
        else:
            outcome, meaning = "tier3", "None removed"
        self.result.show_result(
            outcome,
            f"Usage dice: {roll.before} → {roll.after}",
            meaning,
            dice_chips(roll.rolled, dim=removed),
            "Every 1 or 2 is removed",
        )

    def _show_notation(self, roll: NotationRoll) -> None:
        parts: list[str] = []
        for term in roll.terms:
            shown = (
                dice_chips(term.faces, dim=_dropped_positions(term.faces, term.kept))
                if term.faces
                else str(abs(term.value))
            )
            if term.sign < 0:
                parts.append(f"− {shown}")
            else:
                parts.append(f"+ {shown}" if parts else shown)
        dropped = len(roll.dice) - len(roll.kept)
        note = (
            f"{dropped} {'die' if dropped == 1 else 'dice'} dropped (struck through)"
            if dropped
            else ""
        )
        self.result.show_result(
            "neutral", f"{roll.expression} = {roll.total}", "Dice roll", " ".join(parts), note
        )


def _dropped_positions(dice: Sequence[int], kept: Sequence[int]) -> set[int]:
    """Positions of ``dice`` missing from the multiset ``kept`` (dropped by keep-highest/lowest)."""
    remaining = list(kept)
    dropped: set[int] = set()
    for position, face in enumerate(dice):
        if face in remaining:
            remaining.remove(face)
        else:
            dropped.add(position)
    return dropped
