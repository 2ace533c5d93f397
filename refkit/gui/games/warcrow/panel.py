"""The Warcrow Adventures tab: build a pool (or two, face to face), see the exact odds, roll,
reroll or repeat dice (each once), and read the Successes, the test or the wounds."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from refkit.games.warcrow import (
    DiceFaces,
    Pool,
    PoolError,
    RerollError,
    Roll,
    Symbol,
    attribute_test,
    dice_faces,
    face_to_face,
    reroll,
    roll_pool,
    shipped_faces,
    user_faces_path,
)
from refkit.games.warcrow.data import DICE_FILE
from refkit.games.warcrow.odds import count_distribution, face_to_face_odds
from refkit.games.warcrow.records import roll_outcome, roll_record, versus_outcome
from refkit.gui.games.spec import GameContext
from refkit.gui.games.warcrow.dice_view import DieStrip, ShownDie, SymbolTally
from refkit.gui.games.warcrow.pool_editor import PoolEditor, plain_label

SEED_LIMIT = 2**53


def percent(probability: Fraction) -> str:
    value = float(probability) * 100
    if value == round(value):
        return f"{round(value)}%"
    return f"{value:.1f}%"


def load_faces() -> tuple[DiceFaces, str]:
    """The dice table in use, and a problem to show when the user's own table is broken."""
    from refkit.store.location import data_dir

    try:
        return dice_faces(data_dir()), ""
    except (ValueError, OSError) as problem:
        return shipped_faces(), f"{problem}. Using the shipped community faces instead."


@dataclass
class _Side:
    """A rolled side: the roll, the pool it came from and the seed that rolled it."""

    roll: Roll
    pool: Pool


class WarcrowPanel(QWidget):
    """The whole tab; it scrolls when the dock is short."""

    def __init__(
        self, context: GameContext, faces: DiceFaces | None = None, problem: str = ""
    ) -> None:
        super().__init__()
        self.setObjectName("warcrow_panel")
        self._context = context
        if faces is None:
            faces, problem = load_faces()
        self._faces = faces
        self._sides: dict[str, _Side] = {}
        self._picked: dict[str, set[int]] = {"character": set(), "enemy": set()}
        self._seed: int | None = None
        self._build(problem)
        self._mode_changed()

    # --- layout ------------------------------------------------------------------------------

    def _build(self, problem: str) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(scroll)
        self._scroll = scroll
        body = QWidget()
        scroll.setWidget(body)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(6)

        source = (
            "Dice faces: community-sourced d8 table, not an official chart; "
            "check it against your dice."
            if self._faces.community
            else "Dice faces: your checked table."
        )
        if not self._faces.origin.startswith("resources/"):
            source += f" From {self._faces.origin}."
        self.source_label = plain_label(source)
        self.source_label.setStyleSheet("color: palette(placeholder-text);")
        layout.addWidget(self.source_label)
        self.problem_label = plain_label(problem)
        self.problem_label.setStyleSheet("color: #c62828;")
        self.problem_label.setVisible(bool(problem))
        layout.addWidget(self.problem_label)
        copy_row = QHBoxLayout()
        self.copy_button = QPushButton("Make an editable copy of the faces")
        self.copy_button.setToolTip(
            "Writes dice.toml into Refkit's data folder (games/warcrow/); "
            "edit it and restart Refkit to roll with your faces."
        )
        self.copy_button.clicked.connect(self.copy_faces)
        copy_row.addWidget(self.copy_button)
        copy_row.addStretch(1)
        layout.addLayout(copy_row)
        self.copy_label = plain_label()
        self.copy_label.hide()
        layout.addWidget(self.copy_label)

        modes = QHBoxLayout()
        self.roll_mode = QRadioButton("Roll or test")
        self.versus_mode = QRadioButton("Face to face")
        self.roll_mode.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.roll_mode)
        group.addButton(self.versus_mode)
        self.roll_mode.toggled.connect(self._mode_changed)
        modes.addWidget(self.roll_mode)
        modes.addWidget(self.versus_mode)
        modes.addStretch(1)
        layout.addLayout(modes)

        self.character = PoolEditor("Pool", self._faces)
        self.enemy = PoolEditor("Enemy", self._faces)
        self.character.changed.connect(self._pool_changed)
        self.enemy.changed.connect(self._pool_changed)
        layout.addWidget(self.character)
        layout.addWidget(self.enemy)

        self.test_row = QWidget()
        test = QHBoxLayout(self.test_row)
        test.setContentsMargins(0, 0, 0, 0)
        self.expertise_box = QCheckBox("Expertise (hollow count as full)")
        self.expertise_box.toggled.connect(self._pool_changed)
        test.addWidget(self.expertise_box)
        self.counted_box = QComboBox()
        self.counted_box.setObjectName("warcrow_test_counts")
        self.counted_box.setAccessibleName("The test counts")
        self.counted_box.setToolTip("A test asks for Successes or, sometimes, for Blocks")
        self.counted_box.addItem("Successes needed", Symbol.SUCCESS.value)
        self.counted_box.addItem("Blocks needed", Symbol.BLOCK.value)
        self.counted_box.currentIndexChanged.connect(self._pool_changed)
        test.addWidget(self.counted_box)
        self.needed_spin = QSpinBox()
        self.needed_spin.setRange(0, 30)
        self.needed_spin.setSpecialValueText("none")
        self.needed_spin.setAccessibleName("Symbols needed")
        self.needed_spin.valueChanged.connect(self._pool_changed)
        test.addWidget(self.needed_spin)
        test.addStretch(1)
        layout.addWidget(self.test_row)

        self.odds_label = plain_label()
        self.odds_label.setObjectName("warcrow_odds")
        layout.addWidget(self.odds_label)

        buttons = QHBoxLayout()
        self.roll_button = QPushButton("Roll")
        self.roll_button.setDefault(True)
        self.roll_button.clicked.connect(self.roll)
        self.reroll_button = QPushButton("Reroll picked dice")
        self.reroll_button.setToolTip(
            "Pick rolled dice by clicking them; each die can be rerolled only once."
        )
        self.reroll_button.clicked.connect(self.reroll_picked)
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.reroll_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)

        self.result_box = QFrame()
        self.result_box.setFrameShape(QFrame.Shape.StyledPanel)
        result = QVBoxLayout(self.result_box)
        result.setContentsMargins(8, 6, 8, 8)
        self.character_caption = plain_label("Rolled")
        result.addWidget(self.character_caption)
        self.character_dice = DieStrip()
        self.character_dice.die_clicked.connect(lambda i: self.toggle_pick("character", i))
        result.addWidget(self.character_dice)
        self.character_symbols = SymbolTally()
        result.addWidget(self.character_symbols)
        self.enemy_caption = plain_label("Enemy rolled")
        result.addWidget(self.enemy_caption)
        self.enemy_dice = DieStrip()
        self.enemy_dice.die_clicked.connect(lambda i: self.toggle_pick("enemy", i))
        result.addWidget(self.enemy_dice)
        self.enemy_symbols = SymbolTally()
        result.addWidget(self.enemy_symbols)
        self.outcome_label = plain_label()
        self.outcome_label.setObjectName("warcrow_outcome")
        font = self.outcome_label.font()
        font.setBold(True)
        font.setPointSizeF(max(font.pointSizeF(), 9.0) * 1.2)
        self.outcome_label.setFont(font)
        result.addWidget(self.outcome_label)
        self.result_box.hide()
        layout.addWidget(self.result_box)

        self.message_label = plain_label()
        self.message_label.setObjectName("warcrow_message")
        self.message_label.setStyleSheet("color: #c62828;")
        layout.addWidget(self.message_label)

        from refkit.gui.games.warcrow.tracker_view import TrackerView

        self.tracker = TrackerView(self._context)
        layout.addWidget(self.tracker)
        layout.addStretch(1)

    def copy_faces(self) -> None:
        """Put a copy of the shipped faces where Refkit looks for the user's own table."""
        from refkit.locate import read_resource_text
        from refkit.store.location import data_dir

        try:
            target = user_faces_path(data_dir())
            if target.exists():
                text = f"Your dice table is already at {target}; edit that file."
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(read_resource_text(*DICE_FILE), encoding="utf-8")
                text = f"Copied the faces to {target}. Edit it, then restart Refkit to use it."
            self.copy_label.setStyleSheet("")
        except OSError as problem:
            text = f"Could not write the copy: {problem}"
            self.copy_label.setStyleSheet("color: #c62828;")
        self.copy_label.setText(text)
        self.copy_label.show()

    # --- state -------------------------------------------------------------------------------

    def versus(self) -> bool:
        return self.versus_mode.isChecked()

    def _mode_changed(self) -> None:
        versus = self.versus()
        self.character.title_label.setText("Character" if versus else "Pool")
        self.enemy.setVisible(versus)
        self.test_row.setVisible(not versus)
        self._clear_result()
        self._pool_changed()

    def _clear_result(self) -> None:
        self._sides.clear()
        for picked in self._picked.values():
            picked.clear()
        self.result_box.hide()
        self.reroll_button.setEnabled(False)

    def _pool_changed(self) -> None:
        self.message_label.clear()
        self.odds_label.setText(self.odds_text())
        ready = bool(self.character.pool().dice or self.character.pool().automatic)
        if self.versus():
            ready = ready and bool(self.enemy.pool().dice or self.enemy.pool().automatic)
        self.roll_button.setEnabled(ready)

    # --- odds --------------------------------------------------------------------------------

    def odds_text(self) -> str:
        """The exact odds of what is about to be rolled."""
        pool = self.character.pool()
        if self.versus():
            enemy = self.enemy.pool()
            if not (pool.dice or pool.automatic) or not (enemy.dice or enemy.automatic):
                return "Build both pools to see the odds."
            odds = face_to_face_odds(
                pool,
                enemy,
                self._faces,
                character_fixed=self.character.fixed(),
                enemy_fixed=self.enemy.fixed(),
                character_states=self.character.states(),
                enemy_states=self.enemy.states(),
            )
            return "\n".join(
                (
                    f"Character succeeds (1+ wound to the enemy): {percent(odds.success)}",
                    "Wounds to the enemy: " + _table(odds.wounds_to_enemy),
                    "Wounds to the character: " + _table(odds.wounds_to_character),
                )
            )
        if not (pool.dice or pool.automatic):
            return "Add dice to see the odds."
        counted = self.counted()
        distribution = count_distribution(
            pool,
            self._faces,
            symbol=counted,
            expertise=self.expertise_box.isChecked(),
            fixed=self.character.fixed(),
            states=self.character.states(),
        )
        top = max(distribution)
        shown = " · ".join(
            f"{n}+ {percent(_at_least(distribution, n))}" for n in range(1, min(top, 5) + 1)
        )
        word, none = (
            ("Blocks", "No Block is possible.")
            if counted is Symbol.BLOCK
            else ("Successes", "No Success is possible.")
        )
        lines = [f"{word}: {shown}" if shown else none]
        needed = self.needed_spin.value()
        if needed:
            lines.insert(0, f"Passes (needs {needed}): {percent(_at_least(distribution, needed))}")
        return "\n".join(lines)

    def counted(self) -> Symbol:
        """What the attribute test counts: Successes, or Blocks when the test asks for them."""
        return Symbol(self.counted_box.currentData())

    # --- rolling -----------------------------------------------------------------------------

    def _fresh_rng(self) -> tuple[random.Random, int]:
        seed = self._context.make_rng(None).randrange(SEED_LIMIT)
        return self._context.make_rng(seed), seed

    def roll(self) -> None:
        try:
            pools = {"character": self.character.pool()}
            if self.versus():
                pools["enemy"] = self.enemy.pool()
        except PoolError as problem:
            self.message_label.setText(str(problem))
            return
        rng, seed = self._fresh_rng()
        self._seed = seed
        editors = {"character": self.character, "enemy": self.enemy}
        self._clear_result()
        for side, pool in pools.items():
            roll = roll_pool(pool, self._faces, rng, fixed=editors[side].fixed())
            self._sides[side] = _Side(roll, pool)
        self._show(rerolled=False)

    def toggle_pick(self, side: str, index: int) -> None:
        if side not in self._sides:
            return
        die = self._sides[side].roll.dice[index]
        if die.rerolled or die.fixed:
            why = "was already rerolled" if die.rerolled else "is fixed"
            self.message_label.setText(
                f"Die {index + 1} ({die.colour.value}) {why}; it cannot be rerolled."
            )
            return
        picked = self._picked[side]
        picked.symmetric_difference_update({index})
        self.message_label.clear()
        self._show_dice()

    def picked(self, side: str = "character") -> tuple[int, ...]:
        return tuple(sorted(self._picked[side]))

    def reroll_picked(self) -> None:
        chosen = {side: sorted(p) for side, p in self._picked.items() if p and side in self._sides}
        if not chosen:
            self.message_label.setText("Click the rolled dice to reroll first.")
            return
        rng, seed = self._fresh_rng()
        self._seed = seed
        try:
            updated = {
                side: reroll(self._sides[side].roll, indices, self._faces, rng)
                for side, indices in chosen.items()
            }
        except RerollError as problem:
            self.message_label.setText(str(problem))
            return
        for side, roll in updated.items():
            self._sides[side].roll = roll
            self._picked[side].clear()
        self._show(rerolled=True)

    # --- showing the result ------------------------------------------------------------------

    def _show_dice(self) -> None:
        strips = {"character": self.character_dice, "enemy": self.enemy_dice}
        for side, strip in strips.items():
            if side in self._sides:
                roll = self._sides[side].roll
                strip.set_dice(
                    [ShownDie(d.colour, d.face, d.fixed, d.rerolled) for d in roll.dice],
                    picked=sorted(self._picked[side]),
                )
        can_reroll = any(
            not (die.rerolled or die.fixed)
            for side in self._sides.values()
            for die in side.roll.dice
        )
        self.reroll_button.setEnabled(can_reroll)

    def _show(self, *, rerolled: bool) -> None:
        versus = "enemy" in self._sides
        self.character_caption.setText("Character rolled" if versus else "Rolled")
        for widget in (self.enemy_caption, self.enemy_dice, self.enemy_symbols):
            widget.setVisible(versus)
        self._show_dice()
        character = self._sides["character"].roll
        expertise = self.expertise_box.isChecked() and not versus
        mine = self.character.states().apply(character.symbols(expertise=expertise))
        self.character_symbols.set_symbols(mine)
        if versus:
            theirs = self.enemy.states().apply(self._sides["enemy"].roll.symbols())
            self.enemy_symbols.set_symbols(theirs)
            result = face_to_face(mine, theirs)
            outcome = versus_outcome(result)
            total = result.wounds_to_enemy
        else:
            needed = self.needed_spin.value()
            test = attribute_test(mine, needed, symbol=self.counted()) if needed else None
            outcome = roll_outcome(mine, test)
            total = mine.success
        self.outcome_label.setText(outcome)
        self.result_box.show()
        self._scroll.ensureWidgetVisible(self.result_box)
        self._context.log_roll(
            roll_record(
                {side: (data.pool, data.roll) for side, data in self._sides.items()},
                summary=outcome,
                total=total,
                seed=self._seed,
                rolled_at=self._context.now(),
                rerolled=rerolled,
                expertise=expertise,
                states={"character": self.character.states(), "enemy": self.enemy.states()},
            )
        )


def _at_least(distribution: dict[int, Fraction], needed: int) -> Fraction:
    return sum((p for n, p in distribution.items() if n >= needed), Fraction(0))


def _table(distribution: dict[int, Fraction]) -> str:
    return " · ".join(f"{n}: {percent(p)}" for n, p in distribution.items())
