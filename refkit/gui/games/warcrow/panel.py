"""The Warcrow Adventures tab: choose the roll type, build a pool (or two, face to face) with its
States and Switches, see the exact odds of what is chosen, roll, reroll or repeat dice (each
once), pick the Switches to pay, and read the Successes, the test or the wounds."""

from __future__ import annotations

import random
from dataclasses import dataclass

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
from refkit.games.warcrow.prepare import PaidSwitches, pay_switches
from refkit.games.warcrow.records import roll_outcome, roll_record, versus_outcome
from refkit.games.warcrow.states import RollType
from refkit.gui.games.spec import GameContext
from refkit.gui.games.warcrow.dice_view import DieStrip, ShownDie, SymbolTally
from refkit.gui.games.warcrow.pool_editor import PoolEditor
from refkit.gui.games.warcrow.widgets import plain_label
from refkit.present.warcrow_roll import (
    FACE_TO_FACE_ANSWER,
    ROLL_TYPE_NAMES,
    Side,
    paid_text,
    percent,
    roll_odds_text,
    roll_types,
    switches_note,
    versus_odds_text,
)

SEED_LIMIT = 2**53

__all__ = ["WarcrowPanel", "load_faces", "percent"]


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
        kind_row = QHBoxLayout()
        kind_row.addWidget(plain_label("Roll type", wrap=False))
        self.roll_type_box = QComboBox()
        self.roll_type_box.setObjectName("warcrow_roll_type")
        self.roll_type_box.setAccessibleName("Roll type")
        self.roll_type_box.setToolTip(
            "What the roll is for: the States read it (Stunned touches only Attack, Magical "
            "attack and Response rolls; Frightened only Attack and Response)"
        )
        self.roll_type_box.currentIndexChanged.connect(self._roll_type_changed)
        kind_row.addWidget(self.roll_type_box, 1)
        self.answer_label = plain_label(wrap=False)
        kind_row.addWidget(self.answer_label)
        layout.addLayout(kind_row)

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
        self.switch_note = plain_label()
        self.switch_note.setStyleSheet("color: palette(placeholder-text);")
        layout.addWidget(self.switch_note)

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
        self.paid_label = plain_label()
        self.paid_label.setObjectName("warcrow_paid")
        result.addWidget(self.paid_label)
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
        wanted = self.roll_type() if self.roll_type_box.count() else None
        offered = roll_types(versus)
        box = self.roll_type_box
        box.blockSignals(True)
        box.clear()
        for kind in offered:
            box.addItem(ROLL_TYPE_NAMES[kind], kind.value)
        fallback = RollType.ATTACK if versus else RollType.TEST
        box.setCurrentIndex(box.findData((wanted if wanted in offered else fallback).value))
        box.blockSignals(False)
        self._roll_type_changed()

    def roll_type(self) -> RollType:
        """The Character's roll (the Enemy answers a face-to-face roll with its own)."""
        return RollType(self.roll_type_box.currentData())

    def set_roll_type(self, kind: RollType) -> None:
        index = self.roll_type_box.findData(kind.value)
        if index < 0:
            raise ValueError(f"a {kind.label} roll is not on offer here")
        self.roll_type_box.setCurrentIndex(index)

    def _roll_type_changed(self) -> None:
        kind = self.roll_type()
        self.character.set_roll_type(kind, self.counted())
        if self.versus():
            answer = FACE_TO_FACE_ANSWER[kind]
            self.enemy.set_roll_type(answer)
            self.answer_label.setText(f"Enemy: {answer.label}")
        self.answer_label.setVisible(self.versus())
        self._clear_result()
        self._pool_changed()

    def _clear_result(self) -> None:
        self._sides.clear()
        for picked in self._picked.values():
            picked.clear()
        self.result_box.hide()
        self.reroll_button.setEnabled(False)
        for editor in (self.character, self.enemy):
            editor.switch_list.show_paid(None)

    def _pool_changed(self) -> None:
        self.message_label.clear()
        if not self.versus():
            self.character.set_roll_type(self.roll_type(), self.counted())
        self.odds_label.setText(self.odds_text())
        switches = [*self.character.switches(), *(self.enemy.switches() if self.versus() else ())]
        self.switch_note.setText(switches_note(switches))
        self.switch_note.setVisible(bool(switches))
        if self._sides:
            self._show_result()
        ready = bool(self.character.pool().dice or self.character.pool().automatic)
        if self.versus():
            ready = ready and bool(self.enemy.pool().dice or self.enemy.pool().automatic)
        self.roll_button.setEnabled(ready)

    # --- odds --------------------------------------------------------------------------------

    def side(self, editor: PoolEditor) -> Side:
        return Side(
            editor.pool(),
            editor.roll_type(),
            editor.state_set(),
            editor.fixed(),
            editor.switches(),
        )

    def odds_text(self) -> str:
        """The exact odds of what is about to be rolled, as chosen."""
        if self.versus():
            return versus_odds_text(self.side(self.character), self.side(self.enemy), self._faces)
        return roll_odds_text(
            self.side(self.character),
            self._faces,
            counted=self.counted(),
            needed=self.needed_spin.value(),
            expertise=self.expertise_box.isChecked(),
        )

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

    def _paid(self, side: str) -> PaidSwitches:
        """One side's rolled symbols after its ticked Switches (those it can afford) and its
        States."""
        editor = self.character if side == "character" else self.enemy
        expertise = side == "character" and self.expertise_box.isChecked() and not self.versus()
        symbols = self._sides[side].roll.symbols(expertise=expertise)
        return pay_switches(symbols, editor.switches(), editor.state_set(), editor.roll_type())

    def _show_result(self) -> tuple[str, int]:
        """Show the roll's symbols and outcome as the Switches now ticked leave them; the
        outcome and its total (for the roll log)."""
        versus = "enemy" in self._sides
        self.character_caption.setText("Character rolled" if versus else "Rolled")
        for widget in (self.enemy_caption, self.enemy_dice, self.enemy_symbols):
            widget.setVisible(versus)
        mine = self._paid("character")
        self.character_symbols.set_symbols(mine.symbols)
        self.character.switch_list.show_paid(set(mine.paid))
        notes = [paid_text(mine.paid, mine.unpaid)]
        if versus:
            theirs = self._paid("enemy")
            self.enemy_symbols.set_symbols(theirs.symbols)
            self.enemy.switch_list.show_paid(set(theirs.paid))
            enemy_note = paid_text(theirs.paid, theirs.unpaid)
            notes.append(f"Enemy: {enemy_note}" if enemy_note else "")
            result = face_to_face(mine.symbols, theirs.symbols)
            outcome = versus_outcome(result)
            total = result.wounds_to_enemy
        else:
            needed = self.needed_spin.value()
            test = attribute_test(mine.symbols, needed, symbol=self.counted()) if needed else None
            outcome = roll_outcome(mine.symbols, test)
            total = mine.symbols.success
        self.outcome_label.setText(outcome)
        shown = "\n".join(note for note in notes if note)
        self.paid_label.setText(shown)
        self.paid_label.setVisible(bool(shown))
        return outcome, total

    def _show(self, *, rerolled: bool) -> None:
        self._show_dice()
        outcome, total = self._show_result()
        self.result_box.show()
        self._scroll.ensureWidgetVisible(self.result_box)
        expertise = self.expertise_box.isChecked() and not self.versus()
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
