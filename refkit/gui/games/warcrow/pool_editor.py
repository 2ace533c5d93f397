"""One side's Warcrow pool: gather dice, automatic symbols, upgrades and downgrades (asking which
kind when the pool holds both), the roller's States (Frightened and Focus change the pool before
the roll, Stunned and Vulnerable the result), its Switches, and dice fixed to a face before the
roll (on the pool as it will be rolled)."""

from __future__ import annotations

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.games.warcrow import (
    CONTRACT_ORDER,
    MAX_DOWNGRADES,
    MAX_UPGRADES,
    Colour,
    DiceFaces,
    Direction,
    Kind,
    Modification,
    Pool,
    PoolError,
    States,
    Switch,
    Symbol,
    Symbols,
    modify,
)
from refkit.games.warcrow.prepare import Prepared, prepare_roll
from refkit.games.warcrow.states import RollType, State, result_states
from refkit.gui.games.warcrow.dice_art import die_icon
from refkit.gui.games.warcrow.dice_view import DieStrip, ShownDie
from refkit.gui.games.warcrow.switch_list import SwitchList
from refkit.gui.games.warcrow.widgets import plain_label
from refkit.present.warcrow_roll import NO_EFFECT, state_note

ROLL_STATES = (State.FRIGHTENED, State.STUNNED, State.FOCUS, State.VULNERABLE)
"""The States that act on a roll (the others act at the end of an Activation)."""


class PoolEditor(QFrame):
    """A pool being built. ``changed`` fires whenever what would be rolled changes."""

    changed = Signal()

    def __init__(self, title: str, faces: DiceFaces, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._faces = faces
        self._dice: tuple[Colour, ...] = ()
        self._mods: list[Modification] = []
        self._fixed: dict[int, int] = {}
        self._fixing: int | None = None
        self._asking: Direction | None = None
        self._roll = RollType.TEST
        self._counted = Symbol.SUCCESS
        self._build(title)
        self._refresh()

    # --- layout ------------------------------------------------------------------------------

    def _build(self, title: str) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 8)
        layout.setSpacing(4)
        top = QHBoxLayout()
        top.setSpacing(0)
        self.title_label = plain_label(title, wrap=False)
        font = self.title_label.font()
        font.setBold(True)
        self.title_label.setFont(font)
        top.addWidget(self.title_label)
        top.addStretch(1)
        top.addWidget(plain_label("Add", wrap=False))
        self.add_buttons: dict[Colour, QToolButton] = {}
        for colour in CONTRACT_ORDER:
            button = QToolButton()
            button.setIcon(die_icon(colour))
            button.setIconSize(QSize(22, 22))
            button.setAutoRaise(True)
            button.setToolTip(f"Add a {colour.value} die ({colour.kind.value})")
            button.setAccessibleName(f"Add a {colour.value} die")
            button.setObjectName(f"add_{colour.value}")
            button.clicked.connect(lambda _=False, c=colour: self.add_die(c))
            top.addWidget(button)
            self.add_buttons[colour] = button
        layout.addLayout(top)

        self.to_roll = DieStrip(empty_text="No dice yet: add some with the buttons above")
        self.to_roll.setToolTip("Click a die to fix its face before rolling, or to take it out.")
        self.to_roll.die_clicked.connect(self.select_die)
        layout.addWidget(self.to_roll)

        self.die_box = QFrame()
        die_box = QVBoxLayout(self.die_box)
        die_box.setContentsMargins(0, 0, 0, 0)
        self.die_label = plain_label()
        die_box.addWidget(self.die_label)
        self.face_picker = DieStrip(size=32)
        self.face_picker.die_clicked.connect(self.fix_face)
        die_box.addWidget(self.face_picker)
        die_row = QHBoxLayout()
        self.unfix_button = QPushButton("Roll it (not fixed)")
        self.unfix_button.clicked.connect(self.unfix)
        self.remove_button = QPushButton("Take it out")
        self.remove_button.clicked.connect(self.remove_selected)
        close = QPushButton("Done")
        close.clicked.connect(self.deselect)
        for button in (self.unfix_button, self.remove_button, close):
            die_row.addWidget(button)
        die_row.addStretch(1)
        die_box.addLayout(die_row)
        self.die_box.hide()
        layout.addWidget(self.die_box)

        modify_row = QHBoxLayout()
        self.upgrade_button = QPushButton("Upgrade")
        self.upgrade_button.clicked.connect(lambda: self.request(Direction.UPGRADE))
        self.downgrade_button = QPushButton("Downgrade")
        self.downgrade_button.clicked.connect(lambda: self.request(Direction.DOWNGRADE))
        self.clear_button = QPushButton("Clear")
        self.clear_button.setToolTip("Take back the upgrades and downgrades")
        self.clear_button.clicked.connect(self.clear_modifications)
        for button in (self.upgrade_button, self.downgrade_button, self.clear_button):
            modify_row.addWidget(button)
        modify_row.addStretch(1)
        layout.addLayout(modify_row)

        self.question = QFrame()
        asking = QVBoxLayout(self.question)
        asking.setContentsMargins(0, 0, 0, 0)
        self.question_label = plain_label("")
        asking.addWidget(self.question_label)
        question = QHBoxLayout()
        asking.addLayout(question)
        self.offensive_button = QPushButton("Offensive")
        self.offensive_button.clicked.connect(lambda: self.answer(Kind.OFFENSIVE))
        self.defensive_button = QPushButton("Defensive")
        self.defensive_button.clicked.connect(lambda: self.answer(Kind.DEFENSIVE))
        cancel = QPushButton("Cancel")
        cancel.clicked.connect(self._cancel_question)
        for button in (self.offensive_button, self.defensive_button, cancel):
            question.addWidget(button)
        question.addStretch(1)
        self.question.hide()
        layout.addWidget(self.question)

        self.steps_label = plain_label()
        layout.addWidget(self.steps_label)

        automatic = QHBoxLayout()
        automatic.addWidget(plain_label("Automatic", wrap=False))
        self.automatic_spins: dict[str, QSpinBox] = {}
        for name in ("success", "block", "special"):
            spin = QSpinBox()
            spin.setRange(0, 9)
            spin.setAccessibleName(f"Automatic {name}")
            spin.setObjectName(f"automatic_{name}")
            spin.valueChanged.connect(self._automatic_changed)
            automatic.addWidget(plain_label(name.capitalize(), wrap=False))
            automatic.addWidget(spin)
            self.automatic_spins[name] = spin
        automatic.addStretch(1)
        layout.addLayout(automatic)

        states = QGridLayout()
        states.setContentsMargins(0, 0, 0, 0)
        self.state_boxes: dict[State, QCheckBox] = {}
        for number, state in enumerate(ROLL_STATES):
            box = QCheckBox(state.label)
            box.setObjectName(f"state_{state.value}")
            box.toggled.connect(self._pool_changed)
            states.addWidget(box, number // 2, number % 2)
            self.state_boxes[state] = box
        self.stunned_box = self.state_boxes[State.STUNNED]
        self.vulnerable_box = self.state_boxes[State.VULNERABLE]
        self.frightened_box = self.state_boxes[State.FRIGHTENED]
        self.focus_box = self.state_boxes[State.FOCUS]
        layout.addLayout(states)

        self.switch_list = SwitchList()
        self.switch_list.changed.connect(self.changed)
        layout.addWidget(self.switch_list)

        self.message_label = plain_label()
        self.message_label.setObjectName("pool_message")
        self.message_label.setStyleSheet("color: #c62828;")
        layout.addWidget(self.message_label)

    # --- what is built -----------------------------------------------------------------------

    def base_pool(self) -> Pool:
        spins = self.automatic_spins
        automatic = Symbols(
            success=spins["success"].value(),
            block=spins["block"].value(),
            special=spins["special"].value(),
        )
        return Pool(self._dice, automatic)

    def prepared(self) -> Prepared:
        """The gathered dice after Frightened, the upgrades (and Focus's) and the downgrades."""
        return prepare_roll(
            self.base_pool(), self._mods, self.state_set(), self._roll, counted=self._counted
        )

    def pool(self) -> Pool:
        """The pool that will be rolled: what :meth:`prepared` leaves."""
        return self.prepared().pool

    def state_set(self) -> frozenset[State]:
        """The States ticked for the roller, whether or not they act on this roll."""
        return frozenset(state for state, box in self.state_boxes.items() if box.isChecked())

    def states(self) -> States:
        """The States that change this roll's result (Stunned only on the rolls it touches)."""
        return result_states(self.state_set(), self._roll)

    def switches(self) -> tuple[Switch, ...]:
        return self.switch_list.switches()

    def roll_type(self) -> RollType:
        return self._roll

    def set_roll_type(self, roll: RollType, counted: Symbol = Symbol.SUCCESS) -> None:
        """What the roll is for (the States read it); the pool is worked out again."""
        if (roll, counted) == (self._roll, self._counted):
            return
        self._roll, self._counted = roll, counted
        self._pool_changed()

    def fixed(self) -> dict[int, int]:
        return dict(self._fixed)

    def modifications(self) -> tuple[Modification, ...]:
        return tuple(self._mods)

    def set_faces(self, faces: DiceFaces) -> None:
        self._faces = faces
        self._fixed.clear()
        self._refresh()

    # --- gathering ---------------------------------------------------------------------------

    def add_die(self, colour: Colour) -> None:
        try:
            pool = self.base_pool().with_die(colour)
        except PoolError as problem:
            self._say(str(problem).capitalize() + ".")
            return
        self._dice = pool.dice
        self._pool_changed()

    def remove_die(self, index: int) -> None:
        self._dice = self.base_pool().without_die(index).dice
        self._pool_changed()

    def set_dice(self, colours: tuple[Colour, ...]) -> None:
        """Replace the gathered dice (the cap still holds: PoolError for a fourth of a colour)."""
        self._dice = Pool(tuple(colours), self.base_pool().automatic).dice
        self._pool_changed()

    def _automatic_changed(self) -> None:
        self._pool_changed()

    def _pool_changed(self) -> None:
        self._fixed.clear()
        self._fixing = None
        note = ""
        try:
            self.prepared()
        except PoolError as problem:
            self._mods.clear()
            note = f"The upgrades and downgrades no longer fit this pool ({problem}); cleared."
        self._refresh(note)

    # --- upgrades and downgrades -------------------------------------------------------------

    def request(self, direction: Direction) -> None:
        """Ask for an upgrade or downgrade; asks which kind when the pool holds both."""
        ups = [m for m in self._mods if m.direction is Direction.UPGRADE]
        downs = [m for m in self._mods if m.direction is Direction.DOWNGRADE]
        limit = MAX_UPGRADES if direction is Direction.UPGRADE else MAX_DOWNGRADES
        if len(ups if direction is Direction.UPGRADE else downs) >= limit:
            self._say(f"A roll takes at most {limit} {direction.value}s.")
            return
        # The modification acts on the pool as it stands when its turn comes: upgrades go
        # after the upgrades already chosen, downgrades after everything.
        before = ups if direction is Direction.UPGRADE else self._mods
        try:
            current = modify(self.base_pool(), before).pool
        except PoolError as problem:
            self._say(str(problem))
            return
        kinds = current.kinds()
        if len(kinds) == 1:
            self._add_modification(Modification(direction, next(iter(kinds))))
            return
        if not kinds and direction is Direction.DOWNGRADE:
            self._say("A pool with no dice cannot be downgraded.")
            return
        self._asking = direction
        if kinds:
            text = f"{direction.value.capitalize()} which dice?"
        else:
            text = f"No dice: {direction.value} adds the lowest die of which kind?"
        self.question_label.setText(text)
        self.question.show()
        self._refresh()

    def asking(self) -> Direction | None:
        return self._asking

    def answer(self, kind: Kind) -> None:
        if self._asking is None:
            return
        direction = self._asking
        self._stop_asking()
        self._add_modification(Modification(direction, kind))

    def _stop_asking(self) -> None:
        self._asking = None
        self.question.hide()

    def _cancel_question(self) -> None:
        self._stop_asking()
        self._refresh()

    def _add_modification(self, modification: Modification) -> None:
        trial = [*self._mods, modification]
        try:
            modify(self.base_pool(), trial)
        except PoolError as problem:
            self._say(str(problem).capitalize() + ".")
            return
        self._mods = trial
        self._fixed.clear()
        self._fixing = None
        self._refresh()

    def clear_modifications(self) -> None:
        self._mods.clear()
        self._stop_asking()
        self._fixed.clear()
        self._fixing = None
        self._refresh()

    # --- a die picked in the pool: fix its face, or take it out -------------------------------

    def select_die(self, index: int) -> None:
        pool = self.pool()
        if not 0 <= index < len(pool.dice):
            return
        self._fixing = index
        colour = pool.dice[index]
        self.die_label.setText(f"Die {index + 1} ({colour.value}): click a face to fix it")
        self.face_picker.set_dice(
            [ShownDie(colour, face) for face in self._faces.of(colour)],
            picked=[self._fixed[index] - 1] if index in self._fixed else [],
        )
        # Taking a die out of a modified pool would change what the modifications did.
        removable = self._removable()
        self.remove_button.setEnabled(removable)
        self.remove_button.setToolTip(
            "" if removable else "Clear the upgrades, downgrades and Frightened or Focus first"
        )
        self.die_box.show()
        self._refresh()

    def selected(self) -> int | None:
        return self._fixing

    def fix_face(self, face_index: int) -> None:
        if self._fixing is None:
            return
        self._fixed[self._fixing] = face_index + 1
        self.deselect()

    def unfix(self) -> None:
        if self._fixing is not None:
            self._fixed.pop(self._fixing, None)
        self.deselect()

    def _removable(self) -> bool:
        """A die is taken out of the gathered dice: only while they are what is rolled."""
        return not self._mods and self.pool().dice == self._dice

    def remove_selected(self) -> None:
        if self._fixing is not None and self._removable():
            self.remove_die(self._fixing)

    def deselect(self) -> None:
        self._fixing = None
        self.die_box.hide()
        self._refresh()

    # --- showing -----------------------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.message_label.setText(text)
        self.message_label.setVisible(bool(text))

    def _refresh(self, note: str = "") -> None:
        base = self.base_pool()
        for colour, button in self.add_buttons.items():
            button.setEnabled(base.count(colour) < 3)
        prepared = self.prepared()
        ups = sum(m.direction is Direction.UPGRADE for m in self._mods)
        downs = len(self._mods) - ups
        self.upgrade_button.setText(f"Upgrade ({ups}/{MAX_UPGRADES})")
        self.downgrade_button.setText(f"Downgrade ({downs}/{MAX_DOWNGRADES})")
        self.upgrade_button.setEnabled(ups < MAX_UPGRADES and self._asking is None)
        self.downgrade_button.setEnabled(downs < MAX_DOWNGRADES and self._asking is None)
        self.clear_button.setEnabled(bool(self._mods))
        notes = prepared.notes()
        self.steps_label.setText("\n".join(notes))
        self.steps_label.setVisible(bool(notes))
        for state, box in self.state_boxes.items():
            does = state_note(state, self._roll)
            box.setText(f"{state.label} ({does})")
            box.setToolTip(
                f"{state.label} does nothing to a {self._roll.label} roll"
                if does == NO_EFFECT
                else f"{state.label}: {does} on this {self._roll.label} roll"
            )
        shown = []
        for index, colour in enumerate(prepared.pool.dice):
            face = None
            if index in self._fixed:
                face = self._faces.face(colour, self._fixed[index])
            shown.append(ShownDie(colour, face, fixed=index in self._fixed))
        picked = [self._fixing] if self._fixing is not None else []
        self.to_roll.set_dice(shown, picked=picked)
        if self._fixing is None:
            self.die_box.hide()
        self._say(note)
        self.changed.emit()
