"""The tracked-effects panel: lights, spell and backlash durations, and anything with usage dice.

Add a torch, lantern or candle in one click (for whoever carries it), light one a crow of the
party carries ("From a crow": that item's own dice burn, on the crow's sheet too), or a spell
duration or a custom effect with its usage dice and modes. Each effect shows its usage dice as
pips and its state in words; lights can be doused (which rolls their dice once more, by the
rules), lit again and refuelled (a crow's lantern spends a flask of oil that crow carries); an
Activate item's Use rolls its dice (L400). When an effect runs out it is announced — and a
Useless item is marked spent. Every change is one undo step.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.app.dungeon.carried_lights import LightableItem, lightable_items
from refkit.gui.common.plain_text import plain_label, rich_tooltip
from refkit.gui.common.typing_keys import keep_keys
from refkit.gui.common.whole_rows import WholeRows
from refkit.gui.dungeon.effects_widgets import MODE_ORDER, EffectRow, is_dark
from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.gui.shell.gui_thread import on_gui_thread
from refkit.rules.dungeon.effects import LIGHT_PRESETS, MAX_USAGE_DICE, EffectKind, TrackedEffect

if TYPE_CHECKING:
    from refkit.app.character_service import CharacterChange
    from refkit.app.dungeon_turn_service import DungeonTurnView
    from refkit.app.party.bridge import PartyBridge
    from refkit.rules.dungeon.effects import DouseResult, EffectRoll
    from refkit.rules.dungeon.end_of_turn import EndOfTurnResult

T = TypeVar("T")

KIND_CHOICES = (
    (EffectKind.SPELL, "Spell duration"),
    (EffectKind.BACKLASH, "Backlash"),
    (EffectKind.CUSTOM, "Other effect or item"),
)


def run_out_notes(result: EndOfTurnResult) -> list[tuple[str, str]]:
    """What to announce after End DT, each line with the id of the effect it is about."""
    spent = {effect.id for effect in result.items_spent}
    kept = {effect.id: effect for effect in result.effects}
    lines = []
    for rolled in result.ran_out:
        effect = kept.get(rolled.effect_id)
        if rolled.effect_id in spent:
            line = f"{rolled.name} is used up — spent for good"
        elif effect is not None and effect.kind is EffectKind.LIGHT:
            fuel = f" (refuel with {effect.refuel_with})" if effect.refuel_with else ""
            line = f"{rolled.name} has gone out{fuel}"
        elif effect is not None:
            line = f"{rolled.name} has no usage dice left"
        else:
            line = f"{rolled.name} has run out and ended"
        lines.append((rolled.effect_id, line))
    return lines


def run_out_announcements(result: EndOfTurnResult) -> list[str]:
    """What to announce after End DT: every effect that hit 0, in words."""
    return [line for _effect_id, line in run_out_notes(result)]


def notes_still_true(
    notes: Sequence[tuple[str, str]], effects: Sequence[TrackedEffect]
) -> list[tuple[str, str]]:
    """The run-out notes whose cause is still there: the effect is still tracked with no
    usage dice (a refuel, a removal or an undo takes its note away)."""
    empty = {effect.id for effect in effects if effect.usage_dice == 0}
    return [(effect_id, line) for effect_id, line in notes if effect_id in empty]


class EffectsPanel(QWidget):
    """Add, watch and handle tracked effects (see the module docstring)."""

    status_message = Signal(str)

    def __init__(self, session: DungeonTurnSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("effects_panel")
        self.session = session
        self._rows: dict[str, EffectRow] = {}
        self._notes: list[tuple[str, str]] = []  # the announced run-outs, by effect id

        self.owner_edit = QLineEdit()
        self.owner_edit.setObjectName("effect_owner")
        self.owner_edit.setPlaceholderText("carried by (optional)")
        keep_keys(self.owner_edit)
        self.preset_buttons: dict[str, QPushButton] = {}
        presets = QHBoxLayout()
        presets.setSpacing(4)
        for key, preset in LIGHT_PRESETS.items():
            button = QPushButton(f"+ {preset.name}")
            button.setObjectName(f"add_{key}")
            button.setToolTip(f"{preset.name}: {preset.usage_dice} UD, lit")
            button.clicked.connect(lambda _=False, k=key: self.add_light(k))
            self.preset_buttons[key] = button
            presets.addWidget(button)
        self._party: PartyBridge | None = None
        self.from_crow_button = QToolButton()
        self.from_crow_button.setObjectName("light_from_crow")
        self.from_crow_button.setText("From a crow")
        self.from_crow_button.setToolTip(
            "Light a torch, lantern or candle a crow of the party carries: its own usage dice burn"
        )
        self.from_crow_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.from_crow_menu = QMenu(self.from_crow_button)
        self.from_crow_menu.setObjectName("light_from_crow_menu")
        self.from_crow_menu.setToolTipsVisible(True)
        self.from_crow_menu.aboutToShow.connect(self._fill_from_crow_menu)
        self.from_crow_button.setMenu(self.from_crow_menu)
        self.from_crow_button.setEnabled(False)
        presets.addWidget(self.from_crow_button)
        self.more_button = QToolButton()
        self.more_button.setObjectName("add_more")
        self.more_button.setText("+ Spell or effect…")
        self.more_button.setCheckable(True)
        presets.addWidget(self.more_button)
        presets.addStretch(1)

        self.form = QGroupBox("New effect")
        self.form.setObjectName("effect_form")
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("new_effect_name")
        self.name_edit.setPlaceholderText("e.g. Ward of thorns")
        keep_keys(self.name_edit)
        self.kind_combo = QComboBox()
        self.kind_combo.setObjectName("new_effect_kind")
        for kind, text in KIND_CHOICES:
            self.kind_combo.addItem(text, kind)
        self.dice_spin = QSpinBox()
        self.dice_spin.setObjectName("new_effect_ud")
        self.dice_spin.setRange(0, MAX_USAGE_DICE)
        self.dice_spin.setValue(2)
        self.dice_spin.setSuffix(" UD")
        self.ends_check = QCheckBox("Ends with the DT")
        self.ends_check.setObjectName("new_effect_ends")
        self.mode_checks: dict[str, QCheckBox] = {}
        modes = QHBoxLayout()
        for mode in MODE_ORDER:
            check = QCheckBox(mode.value)
            check.setObjectName(f"new_effect_mode_{mode.value.lower()}")
            self.mode_checks[mode.value] = check
            modes.addWidget(check)
        modes.addStretch(1)
        self.mode_checks["DT"].setChecked(True)
        self.add_button = QPushButton("Add")
        self.add_button.setObjectName("new_effect_add")
        self.form_error = plain_label("")  # a refusal names what was typed
        self.form_error.setObjectName("new_effect_error")
        self.form_error.setWordWrap(True)
        self.form_error.hide()
        form = QFormLayout(self.form)
        form.addRow("Name", self.name_edit)
        kind_row = QHBoxLayout()
        kind_row.addWidget(self.kind_combo, 1)
        kind_row.addWidget(self.dice_spin)
        kind_row.addWidget(self.ends_check)
        form.addRow("Kind", kind_row)
        form.addRow("Modes", modes)
        form.addRow("", self.form_error)
        form.addRow("", self.add_button)
        self.form.hide()

        self.announcement = QFrame()
        self.announcement.setObjectName("effects_announcement")
        self.announcement_text = plain_label("")  # names effects and owners
        self.announcement_text.setObjectName("effects_announcement_text")
        self.announcement_text.setWordWrap(True)
        self.announcement_close = QToolButton()
        self.announcement_close.setText("✕")
        self.announcement_close.setToolTip("Dismiss")
        announcement = QHBoxLayout(self.announcement)
        announcement.setContentsMargins(8, 4, 4, 4)
        announcement.addWidget(self.announcement_text, 1)
        announcement.addWidget(self.announcement_close, 0, Qt.AlignmentFlag.AlignTop)
        self.announcement.hide()

        self.list_box = QWidget()
        self.list_box.setObjectName("effects_list")
        self.list_layout = QVBoxLayout(self.list_box)
        self.list_layout.setContentsMargins(0, 0, 0, 0)
        self.list_layout.setSpacing(4)
        self.list_layout.addStretch(1)
        self.empty_label = QLabel("Nothing tracked yet. Add the group's lights first.")
        self.empty_label.setObjectName("effects_empty")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # The new-effect form scrolls with the list: opening it never makes the panel (and so
        # the window, on a laptop) taller than it was.
        content = QWidget()
        content_layout = QVBoxLayout(content)
        content_layout.setContentsMargins(0, 0, 0, 0)
        content_layout.addWidget(self.form)
        content_layout.addWidget(self.list_box, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        scroll.setObjectName("effects_scroll")
        self._scroll = scroll
        # Whole rows only: a row cut at the foot of the view hides half its Douse button.
        self._whole_rows = WholeRows(scroll, self._row_pitch, self.list_layout.spacing())

        top = QHBoxLayout()
        top.addWidget(QLabel("Add"))
        top.addWidget(self.owner_edit, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(presets)
        layout.addWidget(self.announcement)
        layout.addWidget(self.empty_label)
        layout.addWidget(scroll, 1)

        self.more_button.toggled.connect(self._show_form)
        self.kind_combo.currentIndexChanged.connect(self._kind_changed)
        self.add_button.clicked.connect(self.add_from_form)
        self.name_edit.returnPressed.connect(self.add_from_form)
        self.announcement_close.clicked.connect(self.announcement.hide)
        session.view_changed.connect(self.show_view)
        session.turn_ended.connect(self._turn_ended)
        self._kind_changed()
        self.show_view(session.view())

    # showing --------------------------------------------------------------------------------

    def rows(self) -> dict[str, EffectRow]:
        return dict(self._rows)

    def show_view(self, view: DungeonTurnView | None) -> None:
        effects: Sequence[TrackedEffect] = view.effects if view is not None else ()
        ready = view is not None
        for button in self.preset_buttons.values():
            button.setEnabled(ready)
        self.add_button.setEnabled(ready)
        wanted = [effect.id for effect in effects]
        for effect_id in list(self._rows):
            if effect_id not in wanted:
                row = self._rows.pop(effect_id)
                self.list_layout.removeWidget(row)
                row.hide()
                row.deleteLater()
        for position, effect in enumerate(effects):
            row = self._rows.get(effect.id)
            if row is None:
                row = EffectRow(effect)
                row.douse_clicked.connect(self.douse)
                row.use_clicked.connect(self.use)
                row.relight_clicked.connect(self.session.relight)
                row.refuel_clicked.connect(self.session.refuel)
                row.remove_clicked.connect(self.session.remove_effect)
                self._rows[effect.id] = row
            elif row.effect != effect:
                row.show_effect(effect)
            if self.list_layout.indexOf(row) != position:
                self.list_layout.removeWidget(row)
                self.list_layout.insertWidget(position, row)
        self.empty_label.setVisible(not effects)
        self._whole_rows.fit()
        if view is not None:
            self._withdraw_stale_notes(effects)

    def announce(self, lines: Sequence[str], notes: Sequence[tuple[str, str]] = ()) -> None:
        """Show ``lines``; ``notes`` (effect id, line) go again when their effect is refuelled,
        removed or undone (:meth:`show_view`)."""
        self._notes = list(notes)
        if not lines:
            return
        dark = is_dark(self)
        border = "#ff8a80" if dark else "#b00020"
        self.announcement.setStyleSheet(
            f"#effects_announcement {{ border: 2px solid {border}; border-radius: 6px; }}"
            f"#effects_announcement_text {{ font-weight: bold; }}"
        )
        self.announcement_text.setText("\n".join(lines))
        self.announcement.show()
        self.status_message.emit("; ".join(lines))

    def announced(self) -> str:
        return self.announcement_text.text() if self.announcement.isVisibleTo(self) else ""

    def _turn_ended(self, result: EndOfTurnResult, _automatic: bool) -> None:
        notes = run_out_notes(result)
        self.announce([line for _effect_id, line in notes], notes)

    def _withdraw_stale_notes(self, effects: Sequence[TrackedEffect]) -> None:
        if not self._notes:
            return
        kept = notes_still_true(self._notes, effects)
        if kept == self._notes:
            return
        self._notes = kept
        if kept:
            self.announcement_text.setText("\n".join(line for _effect_id, line in kept))
        else:
            self.announcement.hide()

    def _row_pitch(self) -> int:
        """A row's height and the space after it; 0 while the form above the rows is open
        (the form and the rows scroll together then) or with no rows."""
        if self.form.isVisibleTo(self) or not self._rows:
            return 0
        row = next(iter(self._rows.values()))
        return row.sizeHint().height() + self.list_layout.spacing()

    def _show_form(self, shown: bool) -> None:
        self.form.setVisible(shown)
        self._whole_rows.fit()
        if shown:
            self._scroll.ensureWidgetVisible(self.form)
            self.name_edit.setFocus()

    # lights the crows carry -------------------------------------------------------------------

    def set_party(self, party: PartyBridge | None) -> None:
        """Offer the lights the crows of the party at the table carry, and show their items'
        dice as the sheets change them (a refuel or a rest on the sheet)."""
        self._stop_listening()
        self._party = party
        self.from_crow_button.setEnabled(party is not None)
        if party is not None:
            party.characters.add_listener(on_gui_thread(self._crow_changed))
            self.destroyed.connect(lambda *_: self._stop_listening())

    def _stop_listening(self) -> None:
        if self._party is not None:
            with contextlib.suppress(ValueError):  # not listening (any more)
                self._party.characters.remove_listener(self._crow_changed)

    def _crow_changed(self, change: CharacterChange) -> None:
        """Read the dungeon turn again only when the crow carries a tracked light: no other
        crow's edit (a note typed, a move on the board) changes what this panel shows."""
        view = self.session.view()
        if self.session.closed or view is None:
            return
        named = {change.name, change.old_name}
        if any(effect.bound and effect.crow in named for effect in view.effects):
            self.session.refresh()

    def lightable(self) -> list[LightableItem]:
        """The lights the crows at the table carry, each with why it cannot be lit now."""
        view = self.session.view()
        if self._party is None or view is None:
            return []
        return lightable_items(self._party.crows(), view.effects)

    def _fill_from_crow_menu(self) -> None:
        menu = self.from_crow_menu
        menu.clear()
        found = self.lightable()
        if not found:
            none = menu.addAction(
                "No crow at the table carries a light"
                if self._party is not None and self._party.crows()
                else "No party at the table (choose one on the DT panel)"
            )
            none.setEnabled(False)
            return
        for light in found:
            action = menu.addAction(light.label)
            action.setObjectName(f"light_{light.item_id}")
            action.setEnabled(not light.refused)
            action.setToolTip(rich_tooltip(light.refused or f"Light it: {light.crow}'s item burns"))
            action.triggered.connect(
                lambda _=False, c=light.crow, i=light.item_id: self.light_item(c, i)
            )

    def light_item(self, crow: str, item_id: str) -> TrackedEffect | None:
        return self.session.light_item(crow, item_id)

    # adding ---------------------------------------------------------------------------------

    def _kind_changed(self, *_args: object) -> None:
        custom = self.chosen_kind() is EffectKind.CUSTOM
        for check in self.mode_checks.values():
            check.setEnabled(custom)

    def chosen_kind(self) -> EffectKind:
        return EffectKind(self.kind_combo.currentData())  # Qt hands a StrEnum back as text

    def add_light(self, preset: str) -> TrackedEffect | None:
        owner = self.owner_edit.text().strip()
        return self.session.add_light(preset, owner=owner)

    def add_from_form(self) -> TrackedEffect | None:
        name = " ".join(self.name_edit.text().split())
        if not name:
            self._form_error("Give the effect a name")
            return None
        kind = self.chosen_kind()
        modes = (
            [mode for mode, check in self.mode_checks.items() if check.isChecked()]
            if kind is EffectKind.CUSTOM
            else []
        )
        effect = self._from_form(
            lambda: self.session.add_effect(
                name,
                self.dice_spin.value(),
                modes,
                kind,
                owner=self.owner_edit.text().strip(),
                ends_at_dt_end=self.ends_check.isChecked(),
            )
        )
        if effect is not None:
            self.form_error.hide()
            self.name_edit.clear()
        return effect

    def _form_error(self, text: str) -> None:
        colour = "#ff8a80" if is_dark(self) else "#b00020"
        self.form_error.setStyleSheet(f"color: {colour};")
        self.form_error.setText(f"⚠ {text}")
        self.form_error.show()

    # handling -------------------------------------------------------------------------------

    def douse(self, effect_id: str) -> DouseResult | None:
        result = self.session.douse(effect_id)
        if result is not None and result.roll is not None:
            effect = result.effect
            faces = " ".join(str(face) for face in result.roll.rolled)
            message = (
                f"{effect.name} doused: {result.roll.before} → {result.roll.after} UD "
                f"(rolled {faces})"
            )
            if result.roll.after == 0:
                self.announce(
                    [
                        f"{effect.name} is used up — spent for good"
                        if effect.spent
                        else f"{effect.name} has no usage dice left"
                    ]
                )
            self.status_message.emit(message)
        return result

    def use(self, effect_id: str) -> EffectRoll | None:
        """An Activate item was used: roll its dice, say the roll, announce it if used up."""
        rolled = self.session.use(effect_id)
        if rolled is not None:
            roll = rolled.roll
            faces = " ".join(str(face) for face in roll.rolled)
            self.status_message.emit(
                f"{rolled.name} used: {roll.before} → {roll.after} UD (rolled {faces})"
            )
            if rolled.ran_out:
                spent = rolled.effect is not None and rolled.effect.spent
                self.announce(
                    [
                        f"{rolled.name} is used up — spent for good"
                        if spent
                        else f"{rolled.name} has no usage dice left"
                    ]
                )
        return rolled

    def _from_form(self, action: Callable[[], T]) -> T:
        """Run the form's dungeon-turn step; a refusal is shown under the form too."""
        refusals: list[str] = []

        def capture(text: str) -> None:
            refusals.append(text)

        self.session.message.connect(capture)
        try:
            value = action()
        finally:
            self.session.message.disconnect(capture)
        if refusals:
            self._form_error(refusals[-1])
        return value
