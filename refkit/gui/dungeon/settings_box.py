"""Clock settings on the DT panel: DT length, warning thresholds, auto-end, sound, players' window.

Shown folded under a "Clock settings" button so the panel stays glanceable during play.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.plain_text import plain_label
from refkit.gui.dungeon.players_options import PlayersOptions, screen_label
from refkit.rules.dungeon.clock import DT_LENGTH_PRESETS, MAX_DT_SECONDS

PRESET_MINUTES = tuple(sorted(set(DT_LENGTH_PRESETS.values()), key=lambda m: (m != 30, m)))


def parse_thresholds(text: str) -> tuple[int, ...]:
    """Warning thresholds from minutes written like ``5, 1`` or ``10 5 0.5``, as seconds.

    ValueError naming the bad part; an empty text means no warnings.
    """
    parts = [part for part in text.replace(";", ",").replace(",", " ").split() if part]
    seconds: set[int] = set()
    for part in parts:
        try:
            minutes = float(part.replace("min", ""))
        except ValueError:
            raise ValueError(f"{part!r} is not a number of minutes") from None
        if not math.isfinite(minutes) or minutes <= 0:
            raise ValueError(f"a warning must come before the end: {part!r} is not above 0")
        if minutes * 60 >= MAX_DT_SECONDS:
            raise ValueError(f"{part!r} minutes is longer than any DT")
        seconds.add(max(1, round(minutes * 60)))
    return tuple(sorted(seconds, reverse=True))


def thresholds_text(seconds: Sequence[int]) -> str:
    return ", ".join(f"{value / 60:g}" for value in seconds)


class SettingsBox(QFrame):
    """DT length, warnings, auto-end, sound, and the players' window options."""

    length_chosen = Signal(float)
    thresholds_chosen = Signal(object)  # tuple of seconds
    auto_end_toggled = Signal(bool)
    resolve_at_rest_toggled = Signal(bool)
    mute_toggled = Signal(bool)
    players_options_changed = Signal(object)  # PlayersOptions

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settings_box")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._loading = False

        self.length_group = QButtonGroup(self)
        # Two short rows (presets, then the custom length) rather than one wide one: the box must
        # never be wider than the folded DT panel, or opening it adds a sideways scrollbar.
        presets_row = QHBoxLayout()
        self.preset_buttons: dict[int, QRadioButton] = {}
        for minutes in PRESET_MINUTES:
            button = QRadioButton(f"{minutes} min")
            button.setObjectName(f"length_{minutes}")
            self.length_group.addButton(button, minutes)
            self.preset_buttons[minutes] = button
            presets_row.addWidget(button)
        self.custom_radio = QRadioButton("Custom")
        self.custom_radio.setObjectName("length_custom")
        self.length_group.addButton(self.custom_radio, 0)
        self.custom_spin = QDoubleSpinBox()
        self.custom_spin.setObjectName("length_custom_minutes")
        self.custom_spin.setRange(0.5, MAX_DT_SECONDS / 60)
        self.custom_spin.setDecimals(1)
        self.custom_spin.setSingleStep(5)
        self.custom_spin.setSuffix(" min")
        self.custom_spin.setValue(45)
        self.custom_apply = QPushButton("Set")
        self.custom_apply.setObjectName("length_custom_apply")
        presets_row.addWidget(self.custom_radio)
        presets_row.addStretch(1)
        custom_row = QHBoxLayout()
        custom_row.addWidget(self.custom_spin)
        custom_row.addWidget(self.custom_apply)
        custom_row.addStretch(1)
        length_row = QVBoxLayout()
        length_row.addLayout(presets_row)
        length_row.addLayout(custom_row)

        self.thresholds_edit = QLineEdit()
        self.thresholds_edit.setObjectName("warning_thresholds")
        self.thresholds_edit.setPlaceholderText("minutes before the end, e.g. 5, 1")
        self.thresholds_error = plain_label("")  # quotes what was typed
        self.thresholds_error.setObjectName("warning_thresholds_error")
        self.thresholds_error.setStyleSheet("color: #d32f2f;")
        self.thresholds_error.hide()
        self.auto_end_check = QCheckBox("End the DT by itself at zero")
        self.auto_end_check.setObjectName("auto_end_check")
        self.resolve_at_rest_check = QCheckBox("Starting a rest rolls the DT's dice")
        self.resolve_at_rest_check.setObjectName("resolve_at_rest_check")
        self.resolve_at_rest_check.setToolTip(
            "On: starting a rest still rolls the DT's usage dice, ends blessed, vulnerable and "
            "weakened and gives doubled magic slots their wounds (never an encounter check). "
            "Off (the recommended reading): they end at the rest's half-way point, unrolled."
        )
        self.mute_check = QCheckBox("Silence the warning sound")
        self.mute_check.setObjectName("mute_check")
        self.mute_check.setToolTip("The clock still flashes at each warning")

        self.screen_combo = QComboBox()
        self.screen_combo.setObjectName("players_screen")
        # A long screen name is cut in the closed box (the list shows it whole), not the panel.
        self.screen_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.screen_combo.setMinimumContentsLength(12)
        self.full_screen_check = QCheckBox("Full screen on its own screen")
        self.full_screen_check.setObjectName("players_full_screen")
        self.full_screen_check.setToolTip(
            "Full screen when the players' screen is not yours; on one screen it opens windowed"
            " (Esc windowed, F11 full screen, Ctrl+W closes it)"
        )
        self.show_checks: dict[str, QCheckBox] = {}
        shows = QGridLayout()
        for key, text in (
            ("show_dt", "DT"),
            ("show_clock", "Clock"),
            ("show_greed", "Greed"),
            ("show_encounter", "“Something approaches”"),
            ("show_lights", "Lights"),
        ):
            check = QCheckBox(text)
            check.setObjectName(f"players_{key}")
            self.show_checks[key] = check
            place = len(self.show_checks) - 1
            shows.addWidget(check, place // 3, place % 3)
            check.toggled.connect(self._players_changed)
        shows.setColumnStretch(3, 1)

        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow("DT length", length_row)
        thresholds_row = QHBoxLayout()
        thresholds_row.addWidget(self.thresholds_edit, 1)
        thresholds_row.addWidget(QLabel("min"))
        form.addRow("Warn at", thresholds_row)
        form.addRow("", self.thresholds_error)
        form.addRow("", self.auto_end_check)
        form.addRow("", self.resolve_at_rest_check)
        form.addRow("", self.mute_check)
        form.addRow("Players' screen", self.screen_combo)
        form.addRow("", self.full_screen_check)
        form.addRow("Players see", shows)

        self.length_group.idClicked.connect(self._length_clicked)
        self.custom_apply.clicked.connect(self._custom_length)
        self.custom_spin.editingFinished.connect(self._custom_length)
        self.thresholds_edit.editingFinished.connect(self._thresholds_edited)
        self.auto_end_check.toggled.connect(self._auto_end)
        self.resolve_at_rest_check.toggled.connect(self._resolve_at_rest)
        self.mute_check.toggled.connect(self._mute)
        self.screen_combo.activated.connect(self._players_changed)
        self.full_screen_check.toggled.connect(self._players_changed)
        self.fill_screens("")

    # showing the settings -------------------------------------------------------------------

    def show_settings(
        self,
        length_s: int,
        thresholds_s: Sequence[int],
        auto_end: bool,
        *,
        resolve_at_rest_start: bool = False,
    ) -> None:
        self._loading = True
        minutes = length_s / 60
        button = self.preset_buttons.get(int(minutes)) if minutes.is_integer() else None
        (button or self.custom_radio).setChecked(True)
        if button is None:
            self.custom_spin.setValue(minutes)
        if not self.thresholds_edit.hasFocus():
            self.thresholds_edit.setText(thresholds_text(thresholds_s))
        self.auto_end_check.setChecked(auto_end)
        self.resolve_at_rest_check.setChecked(resolve_at_rest_start)
        self._loading = False

    def show_players_options(self, options: PlayersOptions, muted: bool) -> None:
        self._loading = True
        for key, check in self.show_checks.items():
            check.setChecked(getattr(options, key))
        self.full_screen_check.setChecked(options.full_screen)
        self.fill_screens(options.screen_name)
        self.mute_check.setChecked(muted)
        self._loading = False

    def fill_screens(self, chosen: str) -> None:
        self.screen_combo.clear()
        self.screen_combo.addItem("Another screen if there is one", "")
        for screen in QGuiApplication.screens():
            self.screen_combo.addItem(screen_label(screen), screen.name())
        index = self.screen_combo.findData(chosen)
        self.screen_combo.setCurrentIndex(max(0, index))

    def players_options(self) -> PlayersOptions:
        return PlayersOptions(
            **{key: check.isChecked() for key, check in self.show_checks.items()},
            full_screen=self.full_screen_check.isChecked(),
            screen_name=str(self.screen_combo.currentData() or ""),
        )

    # signals --------------------------------------------------------------------------------

    def _length_clicked(self, minutes: int) -> None:
        if not self._loading and minutes:
            self.length_chosen.emit(float(minutes))

    def _custom_length(self) -> None:
        if not self._loading and self.custom_radio.isChecked():
            self.length_chosen.emit(float(self.custom_spin.value()))

    def _thresholds_edited(self) -> None:
        if self._loading:
            return
        try:
            seconds = parse_thresholds(self.thresholds_edit.text())
        except ValueError as error:
            self.thresholds_error.setText(f"⚠ {error}")
            self.thresholds_error.show()
            return
        self.thresholds_error.hide()
        self.thresholds_chosen.emit(seconds)

    def _auto_end(self, on: bool) -> None:
        if not self._loading:
            self.auto_end_toggled.emit(on)

    def _resolve_at_rest(self, on: bool) -> None:
        if not self._loading:
            self.resolve_at_rest_toggled.emit(on)

    def _mute(self, on: bool) -> None:
        if not self._loading:
            self.mute_toggled.emit(on)

    def _players_changed(self, *_args: object) -> None:
        if not self._loading:
            self.players_options_changed.emit(self.players_options())
