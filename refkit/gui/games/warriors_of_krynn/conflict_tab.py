"""The conflict tab: the pool and difficulty from the hero's choices, then the battle dice,
typed in from the table (the default) or rolled virtually from the unverified face table."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from refkit.dice.records import RollRecord
from refkit.games.warriors_of_krynn import (
    ConflictResult,
    FaceTable,
    check_counts,
    conflict_dice,
    conflict_odds,
    effective_difficulty,
    resolve_conflict,
    roll_battle_dice,
)
from refkit.gui.games.spec import GameContext
from refkit.gui.games.warriors_of_krynn.dice_view import BattleDiceView
from refkit.gui.games.warriors_of_krynn.widgets import (
    ERROR,
    GOOD,
    WARNING,
    percent_text,
    plain,
    spin,
)

KIND = "warriors-of-krynn"
SEED_LIMIT = 2**53


class ConflictTab(QWidget):
    """One conflict at a time; every resolved conflict goes to the roll log."""

    resolved = Signal(object)  # the ConflictResult

    def __init__(self, context: GameContext, table: FaceTable, parent: QWidget | None = None):
        super().__init__(parent)
        self._context = context
        self._table = table

        self.target_box = QComboBox()
        self.target_box.addItem("Vile champion", True)
        self.target_box.addItem("Scenario task", False)
        self.actions_spin = spin(0, 4, 1, "krynn_actions")
        self.actions_spin.setToolTip("Actions invested; a conflict always rolls at least 1 die.")
        self.discards_spin = spin(0, 10, 0, "krynn_discards")
        self.difficulty_spin = spin(0, 20, 2, "krynn_difficulty")
        self.mastered_box = QCheckBox("The required ability is the hero's mastered one (−1)")
        self.per_woe_box = QCheckBox("1 stress per woe (the reference reads as 1 for any woe)")
        self.pool_label = plain(bold=True)
        self.pool_label.setObjectName("krynn_pool")

        self.typed_radio = QRadioButton("Enter the dice rolled at the table")
        self.virtual_radio = QRadioButton("Virtual roll from the face table")
        self.typed_radio.setChecked(True)
        modes = QButtonGroup(self)
        modes.addButton(self.typed_radio)
        modes.addButton(self.virtual_radio)
        self.hits_spin = spin(0, 60, 0, "krynn_hits")
        self.woes_spin = spin(0, 60, 0, "krynn_woes")
        self.resolve_button = QPushButton("Resolve")
        self.resolve_button.setObjectName("krynn_resolve")
        self.roll_button = QPushButton("Roll battle dice")
        self.roll_button.setObjectName("krynn_roll")
        self.odds_label = plain()
        self.odds_label.setObjectName("krynn_odds")
        self.unverified_label = plain(colour=WARNING)
        self.unverified_label.setObjectName("krynn_unverified")

        self.dice_view = BattleDiceView()
        self.result_label = plain(bold=True, scale=1.3)
        self.result_label.setObjectName("krynn_result")
        self.detail_label = plain()
        self.detail_label.setObjectName("krynn_detail")
        self.error_label = plain(colour=ERROR)
        self.error_label.hide()

        form = QFormLayout()
        form.addRow(plain("Against"), self.target_box)
        form.addRow(plain("Actions invested"), self.actions_spin)
        form.addRow(plain("Ability cards discarded"), self.discards_spin)
        form.addRow(plain("Difficulty"), self.difficulty_spin)
        column = QVBoxLayout(self)
        column.addLayout(form)
        column.addWidget(self.mastered_box)
        column.addWidget(self.per_woe_box)
        column.addWidget(self.pool_label)
        column.addWidget(self.typed_radio)
        self.typed_row = QWidget()
        typed = QHBoxLayout(self.typed_row)
        typed.setContentsMargins(18, 0, 0, 0)
        typed.addWidget(plain("Hits"))
        typed.addWidget(self.hits_spin)
        typed.addWidget(plain("Woes"))
        typed.addWidget(self.woes_spin)
        typed.addWidget(self.resolve_button)
        column.addWidget(self.typed_row)
        column.addWidget(self.virtual_radio)
        self.virtual_box = QWidget()
        virtual = QVBoxLayout(self.virtual_box)
        virtual.setContentsMargins(18, 0, 0, 0)
        virtual.addWidget(self.unverified_label)
        virtual.addWidget(self.odds_label)
        virtual.addWidget(self.roll_button)
        column.addWidget(self.virtual_box)
        column.addWidget(self.error_label)
        column.addWidget(self.dice_view)
        column.addWidget(self.result_label)
        column.addWidget(self.detail_label)
        column.addStretch(1)

        for box in (self.actions_spin, self.discards_spin, self.difficulty_spin):
            box.valueChanged.connect(self._refresh)
        self.mastered_box.toggled.connect(self._refresh)
        self.typed_radio.toggled.connect(self._refresh)
        self.resolve_button.clicked.connect(self.resolve_typed)
        self.roll_button.clicked.connect(self.roll_virtual)
        self._refresh()

    # --- state ------------------------------------------------------------------------------

    def set_table(self, table: FaceTable) -> None:
        self._table = table
        self._refresh()

    def dice(self) -> int:
        return conflict_dice(self.actions_spin.value(), self.discards_spin.value())

    def difficulty(self) -> int:
        return effective_difficulty(self.difficulty_spin.value(), self.mastered_box.isChecked())

    def _refresh(self) -> None:
        dice, needed = self.dice(), self.difficulty()
        self.pool_label.setText(
            f"{dice} battle {'die' if dice == 1 else 'dice'}, difficulty {needed}"
        )
        typed = self.typed_radio.isChecked()
        self.typed_row.setEnabled(typed)
        self.virtual_box.setEnabled(not typed)
        self.unverified_label.setVisible(not self._table.verified)
        self.unverified_label.setText(
            "These battle die faces are an unverified placeholder, not the real dice: check "
            "them against your dice in the Faces tab."
        )
        odds = conflict_odds(self._table, dice, needed)
        self.odds_label.setText(
            f"From the face table: success {percent_text(odds.success)} · overkill "
            f"{percent_text(odds.overkill)} · at least one woe {percent_text(odds.any_woe)}"
        )

    # --- resolving --------------------------------------------------------------------------

    def _resolve(self, hits: int, woes: int) -> ConflictResult:
        return resolve_conflict(
            actions=self.actions_spin.value(),
            discards=self.discards_spin.value(),
            difficulty=self.difficulty_spin.value(),
            mastered=self.mastered_box.isChecked(),
            hits=hits,
            woes=woes,
            vile_champion=bool(self.target_box.currentData()),
            stress_per_woe=self.per_woe_box.isChecked(),
        )

    def resolve_typed(self) -> None:
        hits, woes = self.hits_spin.value(), self.woes_spin.value()
        try:
            check_counts(self._table, self.dice(), hits=hits, woes=woes)
        except ValueError as problem:
            self.error_label.setText(f"Dice rolled: {problem}")
            self.error_label.show()
            return
        result = self._resolve(hits, woes)
        self.dice_view.show_tally(hits, woes)
        self._show(result, faces=(), seed=None, how="typed in")

    def roll_virtual(self) -> None:
        seed = self._context.make_rng(None).randrange(SEED_LIMIT)
        try:
            roll = roll_battle_dice(self._table, self.dice(), self._context.make_rng(seed))
        except ValueError as problem:
            self.error_label.setText(str(problem))
            self.error_label.show()
            return
        result = self._resolve(roll.hits, roll.woes)
        self.dice_view.show_dice([(face.hits, face.woes) for face in roll.faces])
        how = "virtual roll" + ("" if self._table.verified else ", unverified faces")
        # A record's faces are whole numbers: the hits on each die (its woes go in the detail).
        hits = tuple(face.hits for face in roll.faces)
        self._show(result, faces=hits, seed=seed, how=how, woes=[f.woes for f in roll.faces])

    def _show(
        self,
        result: ConflictResult,
        *,
        faces: tuple[int, ...],
        seed: int | None,
        how: str,
        woes: list[int] | None = None,
    ) -> None:
        self.error_label.hide()
        headline = "SUCCESS" if result.success else "FAILURE"
        if result.overkill:
            headline += " — overkill" + (": gain an equipment card" if result.equipment else "")
        self.result_label.setText(headline)
        self.result_label.setStyleSheet(f"color: {GOOD if result.success else ERROR};")
        self.detail_label.setText(
            f"{_count(result.hits, 'hit')} against difficulty {result.difficulty}; "
            f"{_count(result.woes, 'woe')}: stress +{result.stress} ({how})"
        )
        self._context.log_roll(
            RollRecord(
                kind=KIND,
                expression=f"conflict: {result.dice} battle dice vs difficulty {result.difficulty}",
                faces=faces,
                total=result.hits,
                seed=seed,
                rolled_at=self._context.now(),
                summary=f"{headline}; stress +{result.stress}",
                detail={
                    "hits": result.hits,
                    "woes": result.woes,
                    "stress": result.stress,
                    "overkill": result.overkill,
                    "how": how,
                    "woes_per_die": woes,
                },
            )
        )
        self.resolved.emit(result)


def _count(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if number == 1 else "s")
