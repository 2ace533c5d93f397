"""The Krynn "Table" tab: each hero's stress, ability cards and equipment, the active hero's
four actions and respites, the key moments, kept with the campaign; and the skirmish die."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from refkit.app.games.krynn_table import krynn_table
from refkit.games.warriors_of_krynn.skirmish import SkirmishDie, load_skirmish_die
from refkit.games.warriors_of_krynn.tracker import Hero, KrynnTracker
from refkit.gui.games.spec import GameContext
from refkit.gui.games.tracker_box import TrackerBox, clear_layout, plain_label

COUNTERS = (
    ("stress", "Stress"),
    ("hand", "In hand"),
    ("discarded", "Discarded"),
    ("equipment", "Equipment"),
)


def _spin(low: int, high: int, name: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setKeyboardTracking(False)
    spin.setAccessibleName(name)
    return spin


class KrynnTableBox(TrackerBox[KrynnTracker]):
    def __init__(self, context: GameContext) -> None:
        super().__init__(
            "Heroes and the turn (kept with the campaign)", context, krynn_table, KrynnTracker()
        )
        self.setObjectName("krynn_table")
        column = QVBoxLayout(self.body)
        column.setContentsMargins(0, 0, 0, 0)
        self.turn_label = plain_label()
        self.turn_label.setObjectName("krynn_turn_line")
        column.addWidget(self.turn_label)
        actions = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, text, change in (
            ("move", "Move", lambda t: t.move(False)),
            ("move_champion", "Move off a champion", lambda t: t.move(True)),
            ("spend", "Spend 1 action", lambda t: t.spend(1, "an action")),
            (
                "respite_stress",
                "Respite: stress −2",
                lambda t: t.respite("stress", tile_clear=True),
            ),
            (
                "respite_cards",
                "Respite: 2 cards back",
                lambda t: t.respite("cards", tile_clear=True),
            ),
        ):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, t=text, c=change: self.change(t, c))
            actions.addWidget(button)
            self.buttons[key] = button
        self.buttons["respite_stress"].setToolTip(
            "Only on a tile with no Dragon Army units or vile champions; a second respite "
            "spends a saved action"
        )
        actions.addStretch(1)
        column.addLayout(actions)
        self.heroes_grid = QGridLayout()
        column.addLayout(self.heroes_grid)
        adding = QHBoxLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("Hero's name")
        self.name_edit.setAccessibleName("New hero's name")
        self.name_edit.returnPressed.connect(self.add_hero)
        self.max_spin = _spin(1, 99, "Stress maximum")
        self.max_spin.setPrefix("Max stress ")
        self.max_spin.setValue(6)
        self.max_spin.setToolTip("From the hero board (the reference does not give it)")
        self.hand_spin = _spin(0, 99, "Ability cards in hand")
        self.hand_spin.setPrefix("Cards ")
        self.add_button = QPushButton("Add hero")
        self.add_button.clicked.connect(self.add_hero)
        for widget in (self.name_edit, self.max_spin, self.hand_spin, self.add_button):
            adding.addWidget(widget)
        column.addLayout(adding)
        keys = QHBoxLayout()
        self.key_label = plain_label()
        self.key_button = QPushButton("Key moment card")
        self.key_button.clicked.connect(
            lambda: self.change("A key moment", lambda t: t.key_moment())
        )
        self.final_spin = _spin(0, 99, "Final key moment")
        self.final_spin.setPrefix("Final ")
        self.final_spin.setSpecialValueText("Final: not set")
        self.final_spin.valueChanged.connect(self._final_changed)
        keys.addWidget(self.key_label, 1)
        keys.addWidget(self.final_spin)
        keys.addWidget(self.key_button)
        column.addLayout(keys)
        self._rows: dict[str, dict[str, QWidget]] = {}
        self.start()

    def add_hero(self) -> None:
        name = " ".join(self.name_edit.text().split())
        if not name:
            self.message_label.setText("Type the hero's name first.")
            return
        hero = Hero(name, self.max_spin.value(), hand=self.hand_spin.value())
        if self.change(f"Add {name} to the Krynn table", lambda t: t.added(hero)):
            self.name_edit.clear()

    def _final_changed(self, value: int) -> None:
        final = value or None
        if final != self.tracker.final_key_moment:
            self.change("Set the final key moment", lambda t: t.with_final_key_moment(final))

    def set_counter(self, name: str, counter: str, value: int) -> None:
        if getattr(self.tracker.hero(name), counter) != value:
            self.change(f"{name}: {counter} {value}", lambda t: t.changed(name, **{counter: value}))

    def row(self, name: str) -> dict[str, QWidget]:
        return self._rows[name]

    def show_tracker(self) -> None:
        tracker = self.tracker
        if tracker.active:
            line = (
                f"Turn {tracker.turn}: {tracker.active}, {tracker.actions_left} of 4 actions "
                f"left" + (f", {tracker.respites} respite(s) taken" if tracker.respites else "")
            )
        else:
            line = "No hero's turn yet: press a hero's Turn button."
        if tracker.ended:
            line += f"\nThe scenario ends: {tracker.ended}."
        self.turn_label.setText(line)
        for button in self.buttons.values():
            button.setEnabled(tracker.active is not None)
        final = tracker.final_key_moment
        self.key_label.setText(
            f"Key moments: {tracker.key_moments}" + (f" of {final}" if final else "")
        )
        self.final_spin.blockSignals(True)
        self.final_spin.setValue(final or 0)
        self.final_spin.blockSignals(False)
        clear_layout(self.heroes_grid)
        self._rows = {}
        for row, hero in enumerate(tracker.heroes):
            self._hero_row(row, hero)

    def _hero_row(self, row: int, hero: Hero) -> None:
        grid = self.heroes_grid
        status = "dead" if hero.dead else "over the maximum" if hero.over_max else ""
        caption = plain_label(
            hero.name + (" ▶" if hero.name == self.tracker.active else ""), wrap=False
        )
        font = caption.font()
        font.setBold(True)
        caption.setFont(font)
        grid.addWidget(caption, row, 0)
        widgets: dict[str, QWidget] = {"caption": caption}
        for column, (counter, label) in enumerate(COUNTERS, start=1):
            spin = _spin(0, 99, f"{hero.name}: {label}")
            spin.setPrefix(f"{label} ")
            if counter == "stress":
                spin.setSuffix(f"/{hero.stress_max}")
                if status:
                    spin.setStyleSheet("color: #c62828;")
                    spin.setToolTip(f"{hero.name} is {status}")
            spin.setValue(getattr(hero, counter))
            spin.valueChanged.connect(
                lambda value, c=counter, n=hero.name: self.set_counter(n, c, value)
            )
            grid.addWidget(spin, row, column)
            widgets[counter] = spin
        turn = QPushButton("Turn")
        turn.setAccessibleName(f"{hero.name}'s turn")
        turn.clicked.connect(
            lambda _=False, n=hero.name: self.change(f"{n}'s turn", lambda t: t.start_turn(n))
        )
        remove = QPushButton("Remove")
        remove.setAccessibleName(f"Remove {hero.name}")
        remove.clicked.connect(
            lambda _=False, n=hero.name: self.change(f"Remove {n}", lambda t: t.removed(n))
        )
        grid.addWidget(turn, row, 5)
        grid.addWidget(remove, row, 6)
        widgets.update(turn=turn, remove=remove)
        self._rows[hero.name] = widgets


class SkirmishBox(QWidget):
    """The skirmish die: roll it (or read the real one) and see which line fights."""

    def __init__(
        self, make_rng: Callable[[int | None], random.Random], override: Path | None
    ) -> None:
        super().__init__()
        self._make_rng = make_rng
        self.problem = ""
        try:
            self.die: SkirmishDie = load_skirmish_die(
                override if override and override.exists() else None
            )
        except ValueError as problem:
            self.die = load_skirmish_die()
            self.problem = (
                f"Your skirmish die could not be read, the shipped one is used: {problem}"
            )
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.roll_button = QPushButton("Roll the skirmish die")
        self.roll_button.clicked.connect(self.roll)
        self.result = plain_label(self.problem or self._odds())
        self.result.setObjectName("krynn_skirmish_result")
        row.addWidget(self.roll_button)
        row.addWidget(self.result, 1)

    def _odds(self) -> str:
        lines = ", ".join(f"{line} {c}" for line, c in self.die.line_chances().items())
        text = f"Lines: {lines}; Commander symbol {self.die.commander_chance()}"
        return text + ("" if self.die.verified else " (unverified faces)")

    def roll(self) -> None:
        number, face = self.die.roll(self._make_rng(None))
        symbol = ": ready commanders on the active flank activate, the Dragon Commander first"
        self.result.setText(
            f"Face {number}: the {face.line} line fights"
            + (symbol if face.commander else "; no Commander symbol")
        )


class KrynnTableTab(QWidget):
    def __init__(self, context: GameContext, skirmish_override: Path | None) -> None:
        super().__init__()
        self.setObjectName("krynn_table_tab")
        self.skirmish = SkirmishBox(context.make_rng, skirmish_override)
        self.table = KrynnTableBox(context)
        column = QVBoxLayout(self)
        column.addWidget(self.skirmish)
        column.addWidget(self.table)
        column.addStretch(1)
