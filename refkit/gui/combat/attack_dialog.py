"""The attack window: pick the attacker and its weapon in hand (a crow) or attack (a creature),
the target and what is around them; the exact odds are shown before the roll and worked out again
at every change; one press rolls, as one undo step; the outcome is told plainly (hit and damage,
the counter offered with one click, a stray shot, a crit's extra action, ammunition spent).

Keywords are shown as labels with their notes and change nothing. Opened with ``open()``, never
``exec()``, so the tracker stays live behind it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from fractions import Fraction
from functools import partial
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from refkit.app.combat.attack_record import attack_roll_record
from refkit.app.combat.attack_step import AttackRolledWhenDone
from refkit.app.combat.fight_session import (
    AttackerChoices,
    AttackReport,
    FightSession,
    Hit,
    PreparedAttack,
)
from refkit.app.undo import Command
from refkit.dice.records import RollRecord
from refkit.errors import ConflictError, DomainError
from refkit.gui.combat.attack_reads import (
    AfterRoll,
    Prepared,
    Wanted,
    choices_and_prepared,
    log_then_read,
    prepare_or_refusal,
)
from refkit.gui.common.plain_text import plain_label
from refkit.gui.shell.save_problem_bar import reason_of
from refkit.gui.shell.undo_adapter import WRITE_HERE
from refkit.present.usage_text import usage_dice_change
from refkit.rules.combat.attack import Situation
from refkit.rules.combat.attack_odds import AttackOdds, attack_odds
from refkit.rules.combat.creature import MELEE, Attack

BETTER = "the better one for the weapon"
MOST_EXTRA = 5
NAME_ROLE = Qt.ItemDataRole.UserRole


def percent(value: Fraction) -> str:
    return f"{float(value) * 100:.1f} %"


def odds_text(odds: AttackOdds) -> str:
    """The odds in a few plain lines."""
    lines = [
        f"Hit {percent(odds.hit)}  (tier 2 {percent(odds.tier2)}, tier 3 {percent(odds.tier3)})",
        f"Miss {percent(odds.miss)}"
        + (f", counter {percent(odds.counter)}" if odds.counter else ""),
        f"Crit {percent(odds.crit)} (another action)   Doom {percent(odds.doom)}",
    ]
    if odds.damage:
        shown = ", ".join(f"{amount} ({percent(chance)})" for amount, chance in odds.damage.items())
        lines.append(f"Damage: {shown}; {float(odds.expected_damage):.1f} on average")
    if odds.ally_hit:
        lines.append(f"An ally hit by a stray shot: {percent(odds.ally_hit)}")
    return "\n".join(lines)


def _hit_words(hit: Hit) -> str:
    kind = " piercing" if hit.piercing else ""
    text = f"{hit.name} takes {hit.amount}{kind} damage"
    if hit.creature is not None:
        if hit.creature.standing == "dead":
            text += " and dies"
        elif hit.creature.standing == "knocked_out":
            text += " and is knocked out"
    if hit.wounds_to_place:
        many = "s" if hit.wounds_to_place != 1 else ""
        text += f"; {hit.wounds_to_place} wound{many} to place on the sheet"
    return text


def outcome_text(report: AttackReport) -> str:
    """What the attack did, line by line."""
    outcome, test = report.outcome, report.outcome.test
    dice = " and ".join(str(face) for face in test.dice)
    added = test.total - test.natural
    plus = f" ({added:+d})" if added else ""
    lines = [f"Rolled {dice}{plus} → {test.total}: tier {test.tier}"]
    if report.hit is not None:
        lines.append(f"Hit! {_hit_words(report.hit)}.")
    if report.buried:
        weapon = report.weapon.split(" (")[0]
        lines.append(f"Bury the Point: double damage; the {weapon} is useless until fixed.")
    else:
        lines.append("Miss.")
        if report.opportunity:
            lines.append(f"An opportunity attack: {report.target} gets no counter.")
    if outcome.counter_tier is not None:
        if report.counter_damage is not None:
            lines.append(f"{report.target} may counter for {report.counter_damage} damage.")
        else:
            lines.append(f"{report.target} may counter (it has no melee attack).")
    if report.stray is not None:
        lines.append(f"Stray shot: {_hit_words(report.stray)}.")
    if outcome.extra_action:
        lines.append(f"Crit: {report.attacker} gains another action.")
    elif test.doom:
        lines.append("Doom.")
    if report.expertise:
        lines.append(f"{report.attacker} spent a use of {report.expertise}.")
    if report.ammunition is not None:
        used = report.ammunition
        lines.append(f"Ammunition: {usage_dice_change(used.before, used.after)}.")
    return "\n".join(lines)


def _room_for(parent: QWidget | None) -> int:
    """The width the dialog may take on the parent's screen (a 2× laptop screen is narrow)."""
    screen = parent.screen() if parent is not None else QApplication.primaryScreen()
    return screen.availableGeometry().width() - 40 if screen is not None else 560


def attack_label(attack: Attack) -> str:
    reach = "reach" if attack.kind == MELEE else "range"
    added = f"+{attack.characteristic}" if attack.characteristic else ""
    text = f"{attack.name} — {attack.kind}, {reach} {attack.squares}, "
    text += f"{attack.tier2}{added} / {attack.tier3}{added}"
    return text + (", piercing" if attack.piercing else "")


class AttackDialog(QDialog):
    """One attack after another in the fight, each pushed as one step."""

    attacked = Signal(object)
    """An AttackReport, after the step is on the undo stack."""

    def __init__(
        self,
        session: FightSession,
        push: Callable[[Command], object],
        log_roll: Callable[[RollRecord], object],
        now: Callable[[], datetime],
        parent: QWidget | None = None,
        *,
        attacker: str = "",
        target: str = "",
        read: Callable[..., Any] = WRITE_HERE,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("attack_dialog")
        self._read = read
        """Where the crows' sheets are read and the steps made: the window's worker, else
        here."""
        self.setWindowTitle("Attack")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setMinimumWidth(min(560, _room_for(parent)))
        self.session = session
        self.push = push
        self.log_roll = log_roll
        self.now = now
        self.prepared: PreparedAttack | None = None
        self.report: AttackReport | None = None
        self._filling = False
        self._choices = AttackerChoices()
        """The chosen attacker's attacks, expertises and Bury the Point, read once per fill."""

        self.attacker_combo = QComboBox()
        self.attacker_combo.setObjectName("attack_attacker")
        self.weapon_combo = QComboBox()
        self.weapon_combo.setObjectName("attack_weapon")
        self.keywords_label = plain_label("")
        self.keywords_label.setObjectName("attack_keywords")
        self.keywords_label.setWordWrap(True)
        self.target_combo = QComboBox()
        self.target_combo.setObjectName("attack_target")
        self.tested_combo = QComboBox()
        self.tested_combo.setObjectName("attack_tested")
        for name in (BETTER, "agility", "strength", "mind"):
            self.tested_combo.addItem(name.capitalize(), name)
        self.expertise_combo = QComboBox()
        self.expertise_combo.setObjectName("attack_expertise")

        self.flanking = QCheckBox("Flanking")
        self.high_ground = QCheckBox("High ground")
        self.adjacent = QCheckBox("Target adjacent (a bane on a shot)")
        self.cover = QCheckBox("Cover")
        self.surprised = QCheckBox("Target surprised (+1)")
        self.knock_out = QCheckBox("Knock out instead of kill")
        self.opportunity = QCheckBox("Opportunity attack (a miss gives no counter)")
        self.opportunity.setToolTip("A reaction as the target leaves the attacker's reach")
        self.bury = QCheckBox("Bury the Point (a hit deals double damage)")
        self.bury.setToolTip(
            "A melee stabbing hit deals double damage; the weapon is then useless until the "
            "Bury the Point rest activity fixes it"
        )
        for box, name in (
            (self.flanking, "attack_flanking"),
            (self.high_ground, "attack_high_ground"),
            (self.adjacent, "attack_adjacent"),
            (self.cover, "attack_cover"),
            (self.surprised, "attack_surprised"),
            (self.knock_out, "attack_knock_out"),
            (self.opportunity, "attack_opportunity"),
            (self.bury, "attack_bury_the_point"),
        ):
            box.setObjectName(name)
        self.distance_spin = QSpinBox()
        self.distance_spin.setObjectName("attack_distance")
        self.distance_spin.setRange(0, 99)
        self.distance_spin.setSpecialValueText("not said")
        self.distance_spin.setSuffix(" squares")
        self.edges_spin = QSpinBox()
        self.edges_spin.setObjectName("attack_edges")
        self.edges_spin.setRange(0, MOST_EXTRA)
        self.banes_spin = QSpinBox()
        self.banes_spin.setObjectName("attack_banes")
        self.banes_spin.setRange(0, MOST_EXTRA)
        self.allies_list = QListWidget()
        self.allies_list.setObjectName("attack_allies")
        self.allies_list.setMaximumHeight(64)
        self.allies_list.setToolTip("The attacker's allies next to the target: a shot may hit one")

        self.odds_label = plain_label("")
        self.odds_label.setObjectName("attack_odds")
        self.odds_label.setWordWrap(True)
        self.reasons_label = plain_label("")
        self.reasons_label.setObjectName("attack_reasons")
        self.reasons_label.setWordWrap(True)
        self.outcome_label = plain_label("")
        self.outcome_label.setObjectName("attack_outcome")
        self.outcome_label.setWordWrap(True)
        self.outcome_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        loud = QFont(self.outcome_label.font())
        loud.setBold(True)
        loud.setPointSizeF(loud.pointSizeF() * 1.15)
        self.outcome_label.setFont(loud)

        self.roll_button = QPushButton("Roll the attack")
        self.roll_button.setObjectName("attack_roll")
        self.roll_button.setDefault(True)
        self.counter_button = QPushButton("Counter")
        self.counter_button.setObjectName("attack_counter")
        self.counter_button.hide()
        self.close_button = QPushButton("Close")
        self.close_button.setObjectName("attack_close")

        form = QFormLayout()
        form.addRow("Attacker", self.attacker_combo)
        form.addRow("With", self.weapon_combo)
        form.addRow("Target", self.target_combo)
        form.addRow("Tests", self.tested_combo)
        form.addRow("Expertise", self.expertise_combo)
        form.addRow("Distance", self.distance_spin)
        extra = QHBoxLayout()
        extra.addWidget(plain_label("Edges"))
        extra.addWidget(self.edges_spin)
        extra.addWidget(plain_label("Banes"))
        extra.addWidget(self.banes_spin)
        extra.addStretch(1)
        form.addRow("More", extra)
        boxes = QHBoxLayout()
        left, right = QVBoxLayout(), QVBoxLayout()
        for box in (self.flanking, self.high_ground, self.cover, self.opportunity):
            left.addWidget(box)
        for box in (self.adjacent, self.surprised, self.knock_out, self.bury):
            right.addWidget(box)
        boxes.addLayout(left)
        boxes.addLayout(right)
        buttons = QHBoxLayout()
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.counter_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.keywords_label)
        layout.addLayout(boxes)
        layout.addWidget(plain_label("Allies next to the target"))
        layout.addWidget(self.allies_list)
        layout.addWidget(self.odds_label)
        layout.addWidget(self.reasons_label)
        layout.addWidget(self.outcome_label)
        layout.addLayout(buttons)

        self.attacker_combo.currentIndexChanged.connect(lambda _i: self._attacker_changed())
        self.target_combo.currentIndexChanged.connect(lambda _i: self._target_changed())
        for combo in (self.weapon_combo, self.tested_combo, self.expertise_combo):
            combo.currentIndexChanged.connect(lambda _i: self.update_odds())
        boxes_changing_odds = (
            self.flanking,
            self.high_ground,
            self.adjacent,
            self.cover,
            self.surprised,
            self.opportunity,
            self.bury,
        )
        for box in boxes_changing_odds:
            box.toggled.connect(lambda _on: self.update_odds())
        for spin in (self.distance_spin, self.edges_spin, self.banes_spin):
            spin.valueChanged.connect(lambda _v: self.update_odds())
        self.allies_list.itemChanged.connect(lambda _item: self.update_odds())
        self.weapon_combo.currentIndexChanged.connect(lambda _i: self._show_keywords())
        self.roll_button.clicked.connect(self.roll)
        self.counter_button.clicked.connect(self.counter)
        self.close_button.clicked.connect(self.close)
        self.refill(attacker, target)

    def refill(self, attacker: str = "", target: str = "") -> None:
        """Offer a fresh attack on the fight as it is, exactly as a new window would: the window
        is kept between openings (building it again was most of an "Attack…" press)."""
        self._filling = True  # the resets below prepare nothing; the fill at the end does
        for box in self.findChildren(QCheckBox):
            box.setChecked(False)
        for spin in (self.distance_spin, self.edges_spin, self.banes_spin):
            spin.setValue(0)
        self.tested_combo.setCurrentIndex(0)
        self._filling = False
        self.prepared, self.report = None, None
        self.outcome_label.setText("")
        self.counter_button.hide()
        self._fill_attackers(attacker)
        opening = self._read_opening(target)
        self._fill_for_attacker(target, opening[0])
        self._show_keywords()
        self.update_odds(opening[1])
        self.attacker_combo.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- choices --------------------------------------------------------------------------------

    def _fill_attackers(self, wanted: str) -> None:
        fight = self.session.state
        self._filling = True
        self.attacker_combo.clear()
        for fighter in fight.combatants:
            if fighter.standing == "dead":
                continue
            self.attacker_combo.addItem(fighter.name)
        chosen = wanted or fight.current or ""
        index = self.attacker_combo.findText(chosen)
        if index >= 0:
            self.attacker_combo.setCurrentIndex(index)
        self._filling = False

    def _read_choices(self, name: str) -> AttackerChoices:
        """The attacker's choices, in one wait on the worker (none for an attacker not found)."""
        try:
            return self._read(self.session.attacker_choices, name)
        except DomainError as error:
            self.odds_label.setText(str(error))
            return AttackerChoices()

    def _read_opening(
        self, target: str
    ) -> tuple[AttackerChoices | None, tuple[Wanted, Prepared] | None]:
        """The attacker's choices and the attack the window will offer first (their first
        weapon, ``target`` or the first foe), prepared, in one wait on the worker."""
        name = self.attacker_combo.currentText()
        if not name:
            return None, None
        tested = str(self.tested_combo.currentData())
        first = Wanted(
            name,
            "",
            target,
            self.situation(),
            (),
            None if tested == BETTER else tested,
            None,
            False,
        )
        try:
            choices, guessed = self._read(choices_and_prepared, self.session, name, first)
        except DomainError as error:
            self.odds_label.setText(str(error))
            return AttackerChoices(), None
        if isinstance(choices, DomainError):
            self.odds_label.setText(str(choices))
            return AttackerChoices(), None
        return choices, guessed

    def _fill_for_attacker(
        self, wanted_target: str = "", choices: AttackerChoices | None = None
    ) -> None:
        """The weapons, targets, expertises and allies the attacker has (``choices``: read
        already)."""
        self._filling = True
        name = self.attacker_combo.currentText()
        fight = self.session.state
        self.weapon_combo.clear()
        self.target_combo.clear()
        self.expertise_combo.clear()
        self.allies_list.clear()
        if choices is None:
            choices = self._read_choices(name) if name else AttackerChoices()
        self._choices = choices
        if name:
            by = fight.combatant(name)
            for attack in choices.attacks:
                self.weapon_combo.addItem(attack_label(attack), attack.name)
            others = [f for f in fight.combatants if f.name != by.name and f.standing != "dead"]
            foes = [f for f in others if f.side != by.side]
            for fighter in (*foes, *(f for f in others if f.side == by.side)):
                self.target_combo.addItem(fighter.name)
            index = self.target_combo.findText(wanted_target) if wanted_target else 0
            self.target_combo.setCurrentIndex(max(0, index))
            self.expertise_combo.addItem("none", None)
            for expertise in choices.expertises:
                self.expertise_combo.addItem(expertise, expertise)
            self.knock_out.setEnabled(True)
        buries = bool(name) and choices.buries
        self.bury.setVisible(buries)  # only a crow with the trait buries the point
        if not buries:
            self.bury.setChecked(False)
        self._fill_allies()
        self._filling = False

    def _fill_allies(self) -> None:
        self.allies_list.clear()
        fight = self.session.state
        attacker, target = self.attacker_combo.currentText(), self.target_combo.currentText()
        if not attacker:
            return
        side = fight.combatant(attacker).side
        for fighter in fight.combatants:
            if fighter.side != side or fighter.name in (attacker, target):
                continue
            if fighter.standing == "dead":
                continue
            item = QListWidgetItem(fighter.name)
            item.setData(NAME_ROLE, fighter.name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.allies_list.addItem(item)

    def _attacker_changed(self) -> None:
        if self._filling:
            return
        self._fill_for_attacker()
        self._show_keywords()
        self.update_odds()

    def _target_changed(self) -> None:
        if self._filling:
            return
        self._filling = True
        self._fill_allies()
        self._filling = False
        self.update_odds()

    def _show_keywords(self) -> None:
        attack = self._attack()
        if attack is None or not attack.keywords:
            self.keywords_label.setText("")
            self.keywords_label.hide()
            return
        shown = "; ".join(
            f"{k.label} ({k.note.rstrip('.')})" if k.note else k.label for k in attack.keywords
        )
        self.keywords_label.setText(f"Keywords (not applied): {shown}")
        self.keywords_label.show()

    def _attack(self) -> Attack | None:
        name = self.weapon_combo.currentData()
        attacker = self.attacker_combo.currentText()
        if not name or not attacker:
            return None
        return next((a for a in self._choices.attacks if a.name == name), None)

    def allies(self) -> list[str]:
        return [
            str(self.allies_list.item(i).data(NAME_ROLE))
            for i in range(self.allies_list.count())
            if self.allies_list.item(i).checkState() == Qt.CheckState.Checked
        ]

    def situation(self) -> Situation:
        distance = self.distance_spin.value()
        return Situation(
            flanking=self.flanking.isChecked(),
            high_ground=self.high_ground.isChecked(),
            target_adjacent=self.adjacent.isChecked(),
            distance=distance or None,
            cover=self.cover.isChecked(),
            surprised_target=self.surprised.isChecked(),
            edges=self.edges_spin.value(),
            banes=self.banes_spin.value(),
            opportunity=self.opportunity.isChecked(),
        )

    # -- odds and the roll ----------------------------------------------------------------------

    def _wanted(self) -> Wanted | None:
        """The attack as chosen now (None: no attacker, weapon or target to prepare)."""
        attacker, target = self.attacker_combo.currentText(), self.target_combo.currentText()
        weapon = self.weapon_combo.currentData()
        if not attacker or not target or not weapon:
            return None
        tested = str(self.tested_combo.currentData())
        return Wanted(
            attacker,
            str(weapon),
            target,
            self.situation(),
            tuple(self.allies()),
            None if tested == BETTER else tested,
            self.expertise_combo.currentData(),
            self.bury.isChecked(),
        )

    def update_odds(self, guessed: tuple[Wanted, Prepared] | None = None) -> None:
        """Prepare the attack as chosen and show its exact odds (or why it cannot be made).
        ``guessed``: an attack prepared already in the same wait as the choices, used when it
        is the one chosen (no second wait on the worker)."""
        if self._filling:
            return
        self.prepared = None
        wanted = self._wanted()
        if wanted is None:
            self.odds_label.setText("Pick an attacker with a weapon in hand, and a target.")
            self.reasons_label.setText("")
            self.roll_button.setEnabled(False)
            return
        try:
            if guessed is not None and guessed[0] == wanted:
                made = guessed[1]
            else:
                made = self._read(prepare_or_refusal, self.session, wanted)
            if isinstance(made, Exception):
                raise made
            prepared = made
            odds = attack_odds(prepared.request)
        except (DomainError, ValueError) as error:
            self.odds_label.setText(f"Cannot attack: {error}")
            self.reasons_label.setText("")
            self.roll_button.setEnabled(False)
            return
        self.prepared = prepared
        request = prepared.request
        tests = f"{request.tested} {request.characteristic:+d}" if request.tested else "no test"
        self.odds_label.setText(f"Tests {tests}\n{odds_text(odds)}")
        reasons = attack_reasons(prepared)
        self.reasons_label.setText(reasons)
        self.reasons_label.setVisible(bool(reasons))
        self.roll_button.setEnabled(True)

    def roll(self) -> AttackReport | None:
        """Roll the attack prepared (one step on the undo stack) and tell what it did."""
        if self.prepared is None:
            return None
        # Made (dice rolled) inside the step's own do, in the worker, and the roll logged and
        # what the window offers next read right after it in the same job: one wait for all.
        attacker, target = self.attacker_combo.currentText(), self.target_combo.currentText()
        weapon = self.weapon_combo.currentData()
        wanted = self._wanted()
        command = AttackRolledWhenDone(
            partial(self.session.make_attack, self.prepared, knock_out=self.knock_out.isChecked()),
            partial(log_then_read, self.session, self.log_roll, self.now, attacker, wanted),
        )
        try:
            self.push(command)
        except ConflictError as error:
            self._read(self.session.reload)  # moved on elsewhere: offer the fight as it is now
            self._refill_keeping_choices()
            self.outcome_label.setText(f"Not rolled: {error}. Look again and roll again.")
            return None
        except (DomainError, ValueError) as error:
            self.outcome_label.setText(f"Not rolled: {error}")
            return None
        report = command.report
        self.report = report
        self.outcome_label.setText(outcome_text(report))
        counter = report.counter_damage
        self.counter_button.setVisible(counter is not None)
        if counter is not None:
            self.counter_button.setText(
                f"{report.target} counters: {counter} damage to {report.attacker}"
            )
        self.attacked.emit(report)
        after = command.after
        if isinstance(after, AfterRoll) and after.read_error is None:
            self._show_refill(attacker, target, weapon, wanted, after.choices, after.guessed)
        elif after is None and command.after_error is None:  # not run with the step: here
            roll = attack_roll_record(report, self.now())
            self._refill_keeping_choices(partial(self.log_roll, roll))
        else:  # logged or not (said below), the choices are read again
            self._refill_keeping_choices()
        log_error = after.log_error if isinstance(after, AfterRoll) else command.after_error
        if log_error is not None:
            cause = getattr(log_error, "orig", None) or log_error  # the driver's words
            said = f"The roll is not in the roll log: {reason_of(cause)}"
            self.outcome_label.setText(f"{self.outcome_label.text()}\n{said}")
        return report

    def counter(self) -> bool:
        """The target takes its counter: its melee damage to the attacker, one step."""
        report = self.report
        if report is None or report.counter_damage is None:
            return False
        attacks = self._read(self.session.attacks_of, report.target)
        piercing = any(a.piercing for a in attacks[:1] if a.kind == MELEE)
        try:
            command, hit = self._read(
                self.session.damage, report.attacker, report.counter_damage, piercing=piercing
            )
            self.push(command)
        except (DomainError, ValueError) as error:
            self.outcome_label.setText(f"{self.outcome_label.text()}\nCounter refused: {error}")
            return False
        self.counter_button.hide()
        self.outcome_label.setText(f"{self.outcome_label.text()}\nCounter: {_hit_words(hit)}.")
        self.report = None
        self._refill_keeping_choices()
        return True

    def _refill_keeping_choices(self, first: Callable[[], object] | None = None) -> None:
        """The fight moved on (a creature down, ammunition spent): offer what is left. The
        attacker's choices and the attack as chosen are read again in one wait on the worker,
        after ``first()`` there (the attack's roll logged: one wait for both); the attack is
        prepared once more only if what is left changed the choice."""
        attacker, target = self.attacker_combo.currentText(), self.target_combo.currentText()
        weapon = self.weapon_combo.currentData()
        wanted = self._wanted()
        choices, guessed = self._read(choices_and_prepared, self.session, attacker, wanted, first)
        self._show_refill(attacker, target, weapon, wanted, choices, guessed)

    def _show_refill(
        self,
        attacker: str,
        target: str,
        weapon: object,
        wanted: Wanted | None,
        choices: AttackerChoices | DomainError | None,
        guessed: tuple[Wanted, Prepared] | None,
    ) -> None:
        """The choices read after a step shown, the attacker, target and weapon kept when they
        are still there; ``guessed``: the attack the window offers next, prepared already."""
        self._fill_attackers(attacker)
        if self.attacker_combo.currentText() != attacker:  # out of the fight: another one's
            choices, guessed = None, None
        if isinstance(choices, DomainError):
            self.odds_label.setText(str(choices))
            choices = AttackerChoices()
        self._fill_for_attacker(target, choices)
        index = self.weapon_combo.findData(weapon)
        if index >= 0:
            self._filling = True
            self.weapon_combo.setCurrentIndex(index)
            self._filling = False
        self._show_keywords()
        self.update_odds(None if wanted is None else guessed)


def attack_reasons(prepared: PreparedAttack) -> str:
    """Why the test has the edges, banes and bonuses it has."""
    from refkit.rules.combat.attack import attack_modifiers

    reasons = attack_modifiers(prepared.request).reasons
    return "Because: " + "; ".join(reasons) if reasons else ""


__all__ = ["AttackDialog", "attack_label", "odds_text", "outcome_text"]
