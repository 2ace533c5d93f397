"""The Widower's Wood panel: pick a roll, set its numbers and dice, see the odds, roll (or type
the dice rolled at the table), reroll picked dice; every roll lands in the roll log."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from refkit.dice.records import RollRecord
from refkit.games.widowers_wood import (
    RollKind,
    RollPlan,
    attack_odds,
    challenge_odds,
    damage_odds,
    decide_spawn,
    discarded_positions,
    hazard_damage,
    hazard_odds,
    plan_for,
    reroll,
    resolve_attack,
    resolve_challenge,
    resolve_damage,
    roll_dice,
    spawn_odds,
)
from refkit.games.widowers_wood.rolls import check_faces
from refkit.gui.games.spec import GameContext
from refkit.gui.games.widowers_wood.checks import TurnChecks
from refkit.gui.games.widowers_wood.dice_view import D6Strip, ShownDie
from refkit.gui.games.widowers_wood.tracker_view import WoodTrackerView
from refkit.gui.games.widowers_wood.widgets import plain_label as _plain
from refkit.gui.games.widowers_wood.widgets import spin_box as _spin

KIND = "widowers-wood"
SEED_LIMIT = 2**53
NAME_LIMIT = 40

ROLL_NAMES = {
    RollKind.ATTACK: "Attack (2d6 + ACC vs DEF)",
    RollKind.DAMAGE: "Damage (2d6 + POW vs ARM)",
    RollKind.CHALLENGE: "Stat challenge (2d6 + stat vs TN)",
    RollKind.HAZARD: "Hazard (1d6: 5–6 deals 1 damage)",
    RollKind.SPAWN: "Spawn a villain (type die + passage die)",
}
FIRST_LABEL = {RollKind.ATTACK: "ACC", RollKind.DAMAGE: "POW", RollKind.CHALLENGE: "Stat"}
SECOND_LABEL = {RollKind.ATTACK: "Target DEF", RollKind.DAMAGE: "Target ARM"}
SECOND_LABEL[RollKind.CHALLENGE] = "Target number (TN)"
GOOD, BAD = "#2e7d32", "#b00020"
TONES = {"HIT": GOOD, "PASSED": GOOD, "1 WOUND": GOOD, "2 WOUNDS": GOOD, "UNHURT": GOOD}
TONES |= {"MISS": BAD, "FAILED": BAD, "NO DAMAGE": BAD, "1 DAMAGE": BAD}


def percent_text(chance: Fraction) -> str:
    """A chance as a percentage: exact when it is a whole number, else to one decimal."""
    value = chance * 100
    return f"{value.numerator}%" if value.denominator == 1 else f"{float(value):.1f}%"


@dataclass
class _Roll:
    """The roll on show: its plan, its faces, the seed that rolled it (None if typed in)."""

    plan: RollPlan
    faces: tuple[int, ...]
    seed: int | None


class WidowersWoodPanel(QWidget):
    """Everything a referee rolls in Widower's Wood, with the odds shown before the roll."""

    def __init__(self, context: GameContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("widowers_wood_panel")
        self._context = context
        self._roll: _Roll | None = None

        self.kind_box = QComboBox()
        self.kind_box.setObjectName("widowers_roll_kind")
        for kind, name in ROLL_NAMES.items():
            self.kind_box.addItem(name, kind.value)

        self.first_spin = _spin(-5, 30, 5, "widowers_first")
        self.second_spin = _spin(0, 40, 12, "widowers_second")
        self.first_label = _plain("ACC")
        self.second_label = _plain("Target DEF")
        self.ranged_box = QCheckBox("Ranged attack")
        self.cover_box = QCheckBox("Target in cover (+2 DEF vs ranged)")
        self.camouflage_box = QCheckBox("Camouflage (+1 DEF more in cover)")
        self.auto_hit_box = QCheckBox("Automatic hit (knocked down target, AOE)")
        self.auto_miss_box = QCheckBox("Automatic miss")
        self.auto_hit_box.setToolTip(
            "When an automatic hit and an automatic miss both apply, it hits."
        )

        self.boost_box = QCheckBox("Boost (+1 die; one at most, however many sources)")
        self.boost_box.setObjectName("widowers_boost")
        self.additional_spin = _spin(0, 4, 0, "widowers_additional")
        self.additional_spin.setToolTip("Each additional die must come from a different rule.")
        self.discard_low_spin = _spin(0, 4, 0, "widowers_discard_low")
        self.discard_high_spin = _spin(0, 4, 0, "widowers_discard_high")

        self.villains_edit = QLineEdit()
        self.villains_edit.setObjectName("widowers_villains")
        self.villains_edit.setPlaceholderText("e.g. Swamp Gobber, Swamp Gobber, Gatorman, …")
        self.villains_edit.setToolTip(
            "The chapter's villain type for index 1 to 6, in order, comma-separated."
        )
        self.red_spin = _spin(0, 10, 0, "widowers_red_left")
        self.blue_spin = _spin(0, 10, 0, "widowers_blue_left")
        for spin in (self.red_spin, self.blue_spin):
            spin.setToolTip("Miniatures of the rolled type still in its reserve")
        self.priority_box = QComboBox()
        self.priority_box.addItem("Red", "red")
        self.priority_box.addItem("Blue", "blue")
        self.gone_edit = QLineEdit()
        self.gone_edit.setObjectName("widowers_passages_gone")
        self.gone_edit.setPlaceholderText("e.g. 3, 6 (leave empty when every passage stands)")
        self.gone_edit.setToolTip("Passages that no longer exist on the board")

        self.dice_edit = QLineEdit()
        self.dice_edit.setObjectName("widowers_dice_typed")
        self.dice_edit.setPlaceholderText("Dice rolled at the table, e.g. 6,2,5 (optional)")

        self.odds_label = _plain(bold=True)
        self.odds_label.setObjectName("widowers_odds")
        self.roll_button = QPushButton("Roll")
        self.roll_button.setObjectName("widowers_roll")
        self.roll_button.setDefault(True)
        self.reroll_button = QPushButton("Reroll picked dice")
        self.reroll_button.setObjectName("widowers_reroll")
        self.reroll_button.setEnabled(False)
        self.dice_view = D6Strip()
        self.result_label = _plain(bold=True, scale=1.3)
        self.result_label.setObjectName("widowers_result")
        self.detail_label = _plain()
        self.detail_label.setObjectName("widowers_detail")
        self.error_label = _plain()
        self.error_label.setObjectName("widowers_error")
        self.error_label.setStyleSheet("color: #b00020;")
        self.error_label.hide()
        self.take_button = QPushButton()
        self.take_button.setObjectName("widowers_take")
        self.take_button.setToolTip(
            "Move the miniature from its reserve to the board in the chapter tracker "
            "(Edit ▸ Undo takes it back)"
        )
        self.take_button.hide()
        self._take: tuple[str, str, int] | None = None
        """The tracked type, colour and passage the last spawn roll takes, until taken."""
        self.checks = TurnChecks(context)
        self.tracker = WoodTrackerView(context)

        self._layout()
        for signal in (
            self.kind_box.currentIndexChanged,
            self.first_spin.valueChanged,
            self.second_spin.valueChanged,
            self.additional_spin.valueChanged,
            self.discard_low_spin.valueChanged,
            self.discard_high_spin.valueChanged,
            self.priority_box.currentIndexChanged,
            self.red_spin.valueChanged,
            self.blue_spin.valueChanged,
        ):
            signal.connect(self._refresh)
        for box in (
            self.ranged_box,
            self.cover_box,
            self.camouflage_box,
            self.auto_hit_box,
            self.auto_miss_box,
            self.boost_box,
        ):
            box.toggled.connect(self._refresh)
        self.villains_edit.textChanged.connect(self._refresh)
        self.gone_edit.textChanged.connect(self._refresh)
        self.roll_button.clicked.connect(self.roll)
        self.reroll_button.clicked.connect(self.reroll_picked)
        self.dice_view.picked_changed.connect(self._update_reroll_button)
        self.dice_edit.returnPressed.connect(self.roll)
        self.take_button.clicked.connect(self.take_spawned)
        self._refresh()

    # --- layout -----------------------------------------------------------------------------

    def _layout(self) -> None:
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(8, 8, 8, 8)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(_plain("Roll"), self.kind_box)
        form.addRow(self.first_label, self.first_spin)
        form.addRow(self.second_label, self.second_spin)
        column.addLayout(form)

        self.attack_group = QGroupBox("Attack")
        attack = QVBoxLayout(self.attack_group)
        for box in (
            self.ranged_box,
            self.cover_box,
            self.camouflage_box,
            self.auto_hit_box,
            self.auto_miss_box,
        ):
            attack.addWidget(box)
        column.addWidget(self.attack_group)

        self.dice_group = QGroupBox("Dice, declared before rolling")
        dice = QFormLayout(self.dice_group)
        dice.addRow(self.boost_box)
        dice.addRow(_plain("Additional dice"), self.additional_spin)
        dice.addRow(_plain("Discard lowest"), self.discard_low_spin)
        dice.addRow(_plain("Discard highest"), self.discard_high_spin)
        column.addWidget(self.dice_group)

        self.spawn_group = QGroupBox("Spawn: the white die picks the type, the black the passage")
        spawn = QFormLayout(self.spawn_group)
        spawn.addRow(_plain("Villain per index"), self.villains_edit)
        reserve = QHBoxLayout()
        reserve.addWidget(_plain("Red"))
        reserve.addWidget(self.red_spin)
        reserve.addWidget(_plain("Blue"))
        reserve.addWidget(self.blue_spin)
        spawn.addRow(_plain("Left in reserve"), reserve)
        spawn.addRow(_plain("Priority colour"), self.priority_box)
        spawn.addRow(_plain("Passages gone"), self.gone_edit)
        spawn.addRow(
            _plain(
                "A type in the chapter tracker below, found by its index tokens, brings its "
                "own reserve and the round's priority colour; these boxes are for the rest."
            )
        )
        column.addWidget(self.spawn_group)

        column.addWidget(self.odds_label)
        column.addWidget(self.dice_edit)
        buttons = QHBoxLayout()
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.reroll_button)
        column.addLayout(buttons)
        column.addWidget(self.error_label)
        column.addWidget(self.dice_view)
        column.addWidget(self.result_label)
        column.addWidget(self.detail_label)
        column.addWidget(self.take_button, 0, Qt.AlignmentFlag.AlignLeft)
        column.addWidget(self.checks)
        column.addWidget(self.tracker)
        column.addStretch(1)

        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    # --- reading the form -------------------------------------------------------------------

    def kind(self) -> RollKind:
        return RollKind(self.kind_box.currentData())

    def set_kind(self, kind: RollKind) -> None:
        self.kind_box.setCurrentIndex(self.kind_box.findData(kind.value))

    def plan(self) -> RollPlan:
        kind = self.kind()
        if not kind.adds_dice:
            return RollPlan(kind)
        return plan_for(
            kind,
            boosted=self.boost_box.isChecked(),
            additional=self.additional_spin.value(),
            discard_lowest=self.discard_low_spin.value(),
            discard_highest=self.discard_high_spin.value(),
        )

    def villains(self) -> dict[int, str]:
        names = [name.strip() for name in self.villains_edit.text().split(",")]
        if len(names) > 6:
            raise ValueError(
                f"Villain per index: 6 names at most (one per index), got {len(names)}"
            )
        for index, name in enumerate(names, start=1):
            if len(name) > NAME_LIMIT:
                raise ValueError(
                    f"Villain per index: the name for index {index} is longer than "
                    f"{NAME_LIMIT} characters"
                )
        return {index: name for index, name in enumerate(names, start=1) if name}

    def passages_gone(self) -> tuple[int, ...]:
        text = self.gone_edit.text().strip()
        if not text:
            return ()
        gone: list[int] = []
        for item in text.split(","):
            item = item.strip()
            if not item.isdigit() or not 1 <= int(item) <= 6:
                raise ValueError(f"Passages gone: {item!r} is not a passage number (1 to 6)")
            gone.append(int(item))
        return tuple(gone)

    def _attack_flags(self) -> dict[str, bool]:
        return {
            "ranged": self.ranged_box.isChecked(),
            "cover": self.cover_box.isChecked(),
            "camouflage": self.camouflage_box.isChecked(),
            "auto_hit": self.auto_hit_box.isChecked(),
            "auto_miss": self.auto_miss_box.isChecked(),
        }

    # --- odds -------------------------------------------------------------------------------

    def _refresh(self) -> None:
        kind = self.kind()
        standard = kind.adds_dice
        for widget in (self.first_label, self.first_spin, self.second_label, self.second_spin):
            widget.setVisible(standard)
        if standard:
            self.first_label.setText(FIRST_LABEL[kind])
            self.second_label.setText(SECOND_LABEL[kind])
        self.attack_group.setVisible(kind is RollKind.ATTACK)
        self.dice_group.setVisible(standard)
        self.spawn_group.setVisible(kind is RollKind.SPAWN)
        try:
            self.odds_label.setText(self._odds_text())
        except ValueError as problem:
            self.odds_label.setText("")
            self._show_error(str(problem))
        else:
            self._show_error("")

    def _odds_text(self) -> str:
        kind = self.kind()
        plan = self.plan()
        first, second = self.first_spin.value(), self.second_spin.value()
        if kind is RollKind.ATTACK:
            chance = attack_odds(plan, accuracy=first, defence=second, **self._attack_flags())
            return f"{plan.describe()}: chance to hit {percent_text(chance)}"
        if kind is RollKind.DAMAGE:
            odds = damage_odds(plan, power=first, armour=second)
            return (
                f"{plan.describe()}: no wound {percent_text(odds[0])} · 1 wound "
                f"{percent_text(odds[1])} · 2 wounds {percent_text(odds[2])}"
            )
        if kind is RollKind.CHALLENGE:
            chance = challenge_odds(plan, stat=first, target=second)
            return f"{plan.describe()}: chance to pass {percent_text(chance)}"
        if kind is RollKind.HAZARD:
            return f"1d6, never boosted: 1 damage {percent_text(hazard_odds())}"
        self.passages_gone()  # a typing slip is said before the roll
        chances = spawn_odds(self.villains())
        types = " · ".join(f"{name} {percent_text(p)}" for name, p in chances.items())
        return f"Never boosted. Each passage 1 in 6. Type: {types}"

    # --- rolling ----------------------------------------------------------------------------

    def _fresh_rng(self) -> tuple[random.Random, int]:
        seed = self._context.make_rng(None).randrange(SEED_LIMIT)
        return self._context.make_rng(seed), seed

    def roll(self) -> None:
        """Roll the declared dice, or take the dice typed in; show and log the result."""
        try:
            plan = self.plan()
            typed = self.dice_edit.text().strip()
            if typed:
                faces = check_faces(plan, _typed_faces(typed))
                seed = None
            else:
                rng, seed = self._fresh_rng()
                faces = roll_dice(plan, rng)
            self._show(_Roll(plan, faces, seed), rerolled=False)
        except ValueError as problem:
            self._show_error(str(problem))

    def reroll_picked(self) -> None:
        """Reroll the picked dice; the new faces replace the old result completely."""
        if self._roll is None:
            return
        try:
            rng, seed = self._fresh_rng()
            faces = reroll(self._roll.faces, self.dice_view.picked(), rng)
            self._show(_Roll(self._roll.plan, faces, seed), rerolled=True)
        except ValueError as problem:
            self._show_error(str(problem))

    def _show(self, roll: _Roll, *, rerolled: bool) -> None:
        self._take = None
        headline, detail, total = self._outcome(roll)
        if self._take is not None:
            name, colour, _passage = self._take
            self.take_button.setText(f"Take a {colour} {name} from its reserve")
        self.take_button.setVisible(self._take is not None)
        self._roll = roll
        plan = roll.plan
        if plan.kind is RollKind.SPAWN:
            shown = [
                ShownDie(roll.faces[0], black=False, caption="type"),
                ShownDie(roll.faces[1], black=True, caption="passage"),
            ]
        else:
            dropped = discarded_positions(plan, roll.faces)
            shown = [
                ShownDie(face, discarded=i in dropped, caption="discard" if i in dropped else "")
                for i, face in enumerate(roll.faces)
            ]
        self.dice_view.show_dice(shown, can_pick=plan.kind.adds_dice)
        self.result_label.setText(headline)
        tone = TONES.get(headline.split(" (")[0], "")
        self.result_label.setStyleSheet(f"color: {tone};" if tone else "")
        self.detail_label.setText(detail)
        self._show_error("")
        what = ROLL_NAMES[plan.kind].split(" (")[0].lower()
        self._context.log_roll(
            RollRecord(
                kind=KIND,
                expression=f"{'reroll: ' if rerolled else ''}{what} {plan.describe()}",
                faces=roll.faces,
                total=total,
                seed=roll.seed,
                rolled_at=self._context.now(),
                summary=headline,
                detail={"roll": plan.kind.value, "detail": detail},
            )
        )

    def _outcome(self, roll: _Roll) -> tuple[str, str, int]:
        """Headline, detail line and total of a roll."""
        plan, faces = roll.plan, roll.faces
        first, second = self.first_spin.value(), self.second_spin.value()
        kept = sum(sorted(faces)[plan.discard_lowest : len(faces) - plan.discard_highest])
        if plan.kind is RollKind.ATTACK:
            flags = self._attack_flags()
            result = resolve_attack(faces, plan, accuracy=first, defence=second, **flags)
            if result.automatic:
                return (
                    ("HIT (automatic)" if result.hit else "MISS (automatic)"),
                    "No roll needed.",
                    0,
                )
            total = result.total or 0
            return (
                "HIT" if result.hit else "MISS",
                f"dice {kept} + ACC {first} = {total} against DEF {result.defence}",
                total,
            )
        if plan.kind is RollKind.DAMAGE:
            damage = resolve_damage(faces, plan, power=first, armour=second)
            words = {0: "NO DAMAGE", 1: "1 WOUND (normal)", 2: "2 WOUNDS (severe)"}
            return (
                words[damage.wounds],
                f"dice {kept} + POW {first} = {damage.total} against ARM {second} "
                f"(margin {damage.margin})",
                damage.total,
            )
        if plan.kind is RollKind.CHALLENGE:
            total, passed = resolve_challenge(faces, plan, stat=first, target=second)
            return (
                "PASSED" if passed else "FAILED",
                f"dice {kept} + stat {first} = {total} against TN {second}",
                total,
            )
        if plan.kind is RollKind.HAZARD:
            damage = hazard_damage(faces[0])
            return ("1 DAMAGE" if damage else "UNHURT"), f"hazard die {faces[0]}", faces[0]
        return self._spawn_outcome(faces)

    def _spawn_outcome(self, faces: tuple[int, ...]) -> tuple[str, str, int]:
        """A spawn read against the tracked type the type die picks (its reserve, the round's
        priority colour), else against the boxes of the spawn form."""
        tracked = (
            self.tracker.tracker.villain_for_token(faces[0])
            if self.tracker.body.isEnabled()
            else None
        )
        red, blue = self.red_spin.value(), self.blue_spin.value()
        priority = self.priority_box.currentData()
        villains = self.villains()
        if tracked is not None:
            red, blue = tracked.reserve_red, tracked.reserve_blue
            priority = self.tracker.tracker.deck.priority or priority
            villains = {faces[0]: tracked.name}
        spawn = decide_spawn(
            faces[0],
            faces[1],
            red_left=red,
            blue_left=blue,
            priority=priority,
            villains=villains,
            passages_gone=self.passages_gone(),
        )
        villain = spawn.villain or f"the type with index {spawn.type_index}"
        total = faces[0] * 10 + faces[1]
        if spawn.take is None:
            why = (
                f"Passage {spawn.passage} no longer exists"
                if spawn.passage_gone
                else "None of that type is left in its reserve"
            )
            return (
                f"No {villain} generated: activate the farthest",
                f"{why}, so no villain is generated. Activate the {villain} farthest from "
                "any hero instead.",
                total,
            )
        if tracked is None:
            where = "more left in the reserve, priority colour on a tie"
        else:
            where = f"its reserve in the tracker holds {red} red and {blue} blue"
            self._take = (tracked.name, spawn.take, spawn.passage)
        return (
            f"{villain} at passage {spawn.passage}",
            f"Take a {spawn.take} miniature ({where}).",
            total,
        )

    def take_spawned(self) -> None:
        """The miniature the spawn takes leaves its reserve for the board: one undoable step."""
        if self._take is None:
            return
        name, colour, passage = self._take
        text = f"Spawn: a {colour} {name} at passage {passage}"
        if self.tracker.change(text, lambda table: table.spawned(name, colour)):
            self._take = None
            self.take_button.hide()
            self.detail_label.setText(f"{self.detail_label.text()} Taken: it is on the board.")

    def _update_reroll_button(self) -> None:
        self.reroll_button.setEnabled(self._roll is not None and bool(self.dice_view.picked()))

    def _show_error(self, message: str) -> None:
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))


def _typed_faces(text: str) -> tuple[int, ...]:
    faces: list[int] = []
    for index, item in enumerate(text.split(","), start=1):
        item = item.strip()
        if not item.lstrip("-").isdigit():
            raise ValueError(f"Dice rolled: {item!r} is not a whole number (die {index})")
        faces.append(int(item))
    return tuple(faces)
