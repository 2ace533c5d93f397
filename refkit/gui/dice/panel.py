"""The Dice panel: the Crows test roller with live exact odds, quick d100 and usage dice, notation.

The panel talks to a :class:`refkit.app.dice_service.DiceService`, handed to it once the database is
open (until then the roll buttons wait, the odds already show). Results land in the big banner; the
service logs every roll, and the roll log panel hears of it from the service.

"Roll for" links a test to a crow (the party at the table first): its characteristics are one click
away, its conditions add their edges, banes or doom (shown in the counters and the odds), and the
expertise toggle spends a use of one of its expertises, as an undoable edit of the crow.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
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

from refkit.gui.common.plain_text import plain_label, rich_tooltip
from refkit.gui.dice.result_views import show_d100, show_notation, show_test, show_usage_dice
from refkit.gui.dice.roll_for_items import (
    change_items,
    chosen_name,
    entries,
    fill_items,
    index_of,
)
from refkit.gui.dice.roll_log_panel import STILL_OPENING
from refkit.gui.dice.widgets import (
    Counter,
    KeyFriendlySpinBox,
    OddsStrip,
    ResultBanner,
    keep_return_key,
    palette_is_dark,
    scaled_font,
)
from refkit.gui.shell.gui_thread import on_gui_thread
from refkit.gui.shell.palette import result_colours
from refkit.present.dice_crow import (
    NO_CROW_EXPERTISE,
    characteristic_caption,
    conditions_line,
    effect_on_test,
    expertise_offer,
    prepared_offer,
)
from refkit.present.test_setup import TestSetup
from refkit.present.test_text import NET_TEXT
from refkit.rules.checks.conditions import ConditionEffect
from refkit.rules.checks.crows_test import Order, net_state
from refkit.store.row_forms import name_key

if TYPE_CHECKING:
    from refkit.app.characters.roll_for import CrowsForTests
    from refkit.app.dice_service import DiceService
    from refkit.app.undo import Command
    from refkit.rules.character.model import Character
    from refkit.rules.checks.odds import TestOdds

log = logging.getLogger(__name__)

OddsSource = Callable[..., "TestOdds"]

CRIT_MIN_RANGE = (10, 20)
BONUS_RANGE = (-20, 20)
USAGE_DICE_RANGE = (1, 20)
NOBODY = "Nobody"
TESTED = (("agility", "Agility"), ("strength", "Strength"), ("mind", "Mind"))


def _read_here(function: Callable[..., Any], *args: Any) -> Any:
    """The default reader of the crows offered in "Roll for": on the calling thread."""
    return function(*args)


class DicePanel(QWidget):
    """Crows test roller, quick dice and notation box."""

    status_message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dice_panel")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._service: DiceService | None = None
        self._until_live: Callable[[], object] | None = None  # see roll_before_live
        self._odds_source: OddsSource | None = None
        self._order: Order = "sequential"
        self._crows: CrowsForTests | None = None
        self._read: Callable[..., Any] = _read_here
        self._push: Callable[[Command], object] | None = None
        self._crow: Character | None = None
        self._prepared = ""
        """The task the crow rolled for prepared at its last rest, read with the crow."""
        self._offered: tuple[list[str], list[str]] | None = None
        """The crows "Roll for" offers now (at the table, the others)."""
        self._offered_keys: set[str] | None = set()
        """The offered crows' name keys, made when a crow's save first asks (None till then)."""
        self._tested: str | None = None

        self.roll_for = QComboBox()
        self.roll_for.setObjectName("roll_for_combo")
        self.roll_for.setToolTip("Roll for a crow: its characteristics, conditions and expertises")
        self.roll_for.addItem(NOBODY)
        self.characteristic_buttons: dict[str, QPushButton] = {}
        self._tested_group = QButtonGroup(self)
        self._tested_group.setExclusive(True)
        for name, caption in TESTED:
            button = QPushButton(caption)
            button.setObjectName(f"{name}_button")
            button.setCheckable(True)
            button.setEnabled(False)
            button.setToolTip(f"Test the crow's {caption}")
            self._tested_group.addButton(button)
            self.characteristic_buttons[name] = button
        self.conditions_label = plain_label("")  # names the crow
        self.conditions_label.setObjectName("conditions_label")
        self.conditions_label.setWordWrap(True)
        self.conditions_label.hide()
        self.expertise_choice = QComboBox()
        self.expertise_choice.setObjectName("expertise_combo")
        self.expertise_choice.setToolTip("The crow's expertise whose use the roll spends")
        self.expertise_choice.hide()

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
        self.prepared_check = QCheckBox()  # names the crow's task as typed (plain text)
        self.prepared_check.setObjectName("prepared_check")
        self.prepared_check.hide()
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

        crow_row = QHBoxLayout()
        crow_row.addWidget(QLabel("Roll for"))
        crow_row.addWidget(self.roll_for, 1)
        for button in self.characteristic_buttons.values():
            crow_row.addWidget(button)
        counters.addWidget(self.expertise_choice, 3, 0, 1, 2, Qt.AlignmentFlag.AlignHCenter)

        test_layout = QVBoxLayout(test_box)
        test_layout.addLayout(crow_row)
        test_layout.addWidget(self.conditions_label)
        test_layout.addWidget(self.prepared_check)
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
        self.prepared_check.toggled.connect(self._setup_changed)
        self.edges.valueChanged.connect(self._setup_changed)
        self.banes.valueChanged.connect(self._setup_changed)
        self.expertise.toggled.connect(self._setup_changed)
        self.roll_for.currentIndexChanged.connect(self._crow_chosen)
        for name, button in self.characteristic_buttons.items():
            button.clicked.connect(lambda _checked=False, name=name: self.choose_tested(name))
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

    def roll_before_live(self, until_live: Callable[[], object]) -> None:
        """Take rolls before the service is here (the roll log shows the stored rolls): a roll
        asked for first calls ``until_live``, which returns once :meth:`set_service` has been
        called (the window turning its event loop meanwhile)."""
        self._until_live = until_live
        self._set_rolling_enabled(True)

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

    # rolling for a crow ---------------------------------------------------------------------

    def set_crows(
        self,
        crows: CrowsForTests,
        push: Callable[[Command], object],
        read: Callable[..., Any] = _read_here,
    ) -> None:
        """Offer ``crows`` in "Roll for"; an expertise use is spent by ``push``ing its command
        (onto the undo stack, so Ctrl+Z refunds it); ``read(function)`` reads the crows where
        the window reads its database (its worker)."""
        self._crows = crows
        self._push = push
        self._read = read
        crows.add_listener(on_gui_thread(self._crows_changed), on_gui_thread(self._crow_saved))
        self.refresh_crows()

    def _crows_changed(self) -> None:
        try:
            self.refresh_crows()
        except RuntimeError:  # the panel is gone (the window closed): nothing to show
            return

    def _crow_saved(self, name: str) -> None:
        """A crow was saved: one offered already (an edit) is read again if it is the one
        rolled for, the chooser stays; a new one is offered (the crows are read again)."""
        if self._offered is None or name_key(name) not in self._offered_key_set():
            self._crows_changed()
            return
        chosen = chosen_name(self.roll_for)
        if chosen is not None and name_key(chosen) == name_key(name):
            try:
                self._crow_chosen()
            except RuntimeError:  # the panel is gone (the window closed)
                return

    def _offered_key_set(self) -> set[str]:
        if self._offered_keys is None:
            offered = self._offered or ([], [])
            self._offered_keys = {name_key(name) for names in offered for name in names}
        return self._offered_keys

    def refresh_crows(self) -> None:
        """Offer the crows as they are now, keeping the one chosen if it still exists."""
        if self._crows is None:
            return
        chosen = chosen_name(self.roll_for)
        choices = self._read(self._crows.choices)
        offered = (list(choices.at_table), list(choices.others))
        if offered == self._offered:
            self._crow_chosen()  # the same crows (one was edited): the chooser stays as it is
            return
        shown, self._offered = self._offered, offered
        self._offered_keys = None  # ten thousand keys, made when a save first needs them
        self.roll_for.blockSignals(True)
        wanted = entries(*offered)
        # Only the crows that moved (a party switch) go out and in; all again the first time.
        if shown is None or not change_items(self.roll_for, entries(*shown), wanted, first=1):
            self.roll_for.clear()
            self.roll_for.addItem(NOBODY)
            fill_items(self.roll_for, *offered)
        index = index_of(self.roll_for, chosen) if chosen is not None else 0
        self.roll_for.setCurrentIndex(max(0, index))
        self.roll_for.blockSignals(False)
        self._crow_chosen()

    def choose_crow(self, name: str | None) -> None:
        """Roll for the crow called ``name`` (None: nobody)."""
        index = index_of(self.roll_for, name) if name is not None else 0
        if index < 0:
            raise ValueError(f"no crow called {name!r} to roll for")
        self.roll_for.setCurrentIndex(index)
        self._crow_chosen()

    def crow(self) -> Character | None:
        return self._crow

    def choose_tested(self, name: str) -> None:
        """Test the crow's ``name`` characteristic (agility, strength or mind)."""
        if self._crow is None:
            return
        self._tested = name
        self.characteristic_buttons[name].setChecked(True)
        self.characteristic.setValue(self._crow.characteristics.as_dict()[name])
        self._setup_changed()

    def _crow_chosen(self, *_args: object) -> None:
        name = chosen_name(self.roll_for)
        crow: Character | None = None
        self._prepared = ""
        crows = self._crows
        if name is not None and crows is not None:
            try:  # the sheet and its prepared task in one read, where the window reads
                crow, self._prepared = self._read(
                    lambda: (crows.get(name), crows.prepared_task(name))
                )
            except Exception as error:  # deleted a moment ago: back to nobody, say why
                self.status_message.emit(f"Cannot roll for {name}: {error}")
                crow = None
        if crow is None or self._crow is None or crow.name != self._crow.name:
            self._tested = None
        self._crow = crow
        self._show_crow()
        self._setup_changed()

    def _show_crow(self) -> None:
        crow = self._crow
        for name, button in self.characteristic_buttons.items():
            button.setEnabled(crow is not None)
            button.setText(characteristic_caption(dict(TESTED)[name], crow, name))
        self._tested_group.setExclusive(False)
        for name, button in self.characteristic_buttons.items():
            button.setChecked(name == self._tested)
        self._tested_group.setExclusive(True)
        self._show_prepared(crow)
        self.expertise_choice.blockSignals(True)
        self.expertise_choice.clear()
        if crow is None:
            self.expertise_choice.hide()
            self.expertise.setEnabled(True)
            self.expertise.setToolTip(NO_CROW_EXPERTISE)
            return
        offer = expertise_offer(crow)
        for text, name in offer.choices:
            self.expertise_choice.addItem(text, name)
        self.expertise_choice.blockSignals(False)
        self.expertise_choice.setVisible(offer.spendable)
        if not offer.spendable:
            self.expertise.setChecked(False)
        self.expertise.setEnabled(offer.spendable)
        # names the crow as typed, never as markup
        self.expertise.setToolTip(rich_tooltip(offer.tooltip))

    def _show_prepared(self, crow: Character | None) -> None:
        """Offer the +2 of the task the crow prepared for at its last rest (off until ticked:
        only the table knows whether this test is that task)."""
        shown, tooltip = prepared_offer(crow, self._prepared)
        if shown != self.prepared_check.text() or not shown:
            self.prepared_check.setChecked(False)
        self.prepared_check.setText(shown)
        self.prepared_check.setToolTip(tooltip)
        self.prepared_check.setVisible(bool(shown))

    def _effect(self) -> ConditionEffect:
        return effect_on_test(self._crow, self._tested)

    def _show_effect(self, effect: ConditionEffect) -> None:
        self.edges.set_extra(effect.edges, "blessed" if effect.edges else "")
        self.banes.set_extra(effect.banes, "weakened" if effect.banes else "")
        if self._crow is None:
            self.conditions_label.hide()
            return
        self.conditions_label.setText(conditions_line(self._crow, self._tested, effect))
        self.conditions_label.show()

    # the test -------------------------------------------------------------------------------

    def setup(self) -> TestSetup:
        crow = self._crow
        return TestSetup(
            crow=crow.name if crow is not None else None,
            tested=self._tested if crow is not None else None,
            conditions=tuple(crow.conditions) if crow is not None else (),
            expertise_name=(
                self.expertise_choice.currentData()
                if crow is not None and self.expertise.isChecked()
                else None
            ),
            effect=self._effect(),
            characteristic=self.characteristic.value(),
            edges=self.edges.value(),
            banes=self.banes.value(),
            bonus=self.bonus.value(),
            expertise=self.expertise.isChecked(),
            crit_min=self.crit_min.value(),
            order=self._order,
            prepared=crow is not None and self.prepared_check.isChecked(),
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
        self._show_effect(self._effect())
        self._update_net()
        self.refresh_odds()

    def _update_net(self) -> None:
        self.net_label.setText(NET_TEXT[net_state(self.edges.total(), self.banes.total())])

    # rolling --------------------------------------------------------------------------------

    def roll_test(self) -> None:
        service = self._ready_service()
        if service is None:
            return
        if self._crow is not None:
            self._crow_chosen()  # its conditions now, not as they were when chosen
            if self._crow is not None and self._tested is None:
                self.status_message.emit(
                    f"Choose Agility, Strength or Mind for {self._crow.name} first"
                )
                return
        setup = self.setup()
        try:
            rolled = service.crows_test(setup.characteristic, **setup.roll_keywords())
        except Exception as error:  # the table must never stop: report, keep going
            self._roll_failed("test", error)
            return
        show_test(self.result, setup, rolled.result)
        if setup.crow is not None and setup.expertise_name and rolled.result.expertise_applied:
            self._spend_expertise(setup.crow, setup.expertise_name)

    def _spend_expertise(self, crow: str, expertise: str) -> None:
        if self._crows is None or self._push is None:
            return
        try:
            self._push(self._crows.spend_expertise(crow, expertise))
        except Exception as error:  # the roll stands; say the use was not spent
            log.exception("spending %s of %s failed", expertise, crow)
            self.status_message.emit(f"The use of {expertise} was not spent: {error}")
            self.result.set_note_suffix(f"Not spent: {error}")
            return
        self.status_message.emit(f"{crow} spent a use of {expertise} (Ctrl+Z gives it back)")
        self._crow_chosen()

    def roll_d100(self) -> None:
        service = self._ready_service()
        if service is None:
            return
        try:
            rolled = service.d100()
        except Exception as error:
            self._roll_failed("d100", error)
            return
        show_d100(self.result, rolled.result)

    def roll_usage_dice(self) -> None:
        service = self._ready_service()
        if service is None:
            return
        try:
            rolled = service.usage_dice(self.usage_dice_count.value())
        except Exception as error:
            self._roll_failed("usage dice", error)
            return
        show_usage_dice(self.result, rolled.result)

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
        show_notation(self.result, rolled.result)

    def focus_notation(self) -> None:
        self.notation.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.notation.selectAll()

    def _ready_service(self) -> DiceService | None:
        if self._service is None and self._until_live is not None:
            self._until_live()
        if self._service is None:
            self.status_message.emit(STILL_OPENING)
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
