"""The fight tracker: the round and whose side acts in large type, a row per combatant (Stamina
and AD bars, conditions as toggle chips, knocked out / down / dead in words), and the buttons that
move the fight on — each change one step on the window's undo stack.

Creatures join from the bestiary (several of a kind, numbered) and the crows from the party at
the table. With the tracker focused, N ends the turn and A opens the attack window (the window's
own N, which types dice notation, waits while the tracker has focus); the Fight menu's keys work
from anywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent, QUndoStack
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.app.character_service import CharacterService
from refkit.app.combat.fight_session import FightSession
from refkit.app.combat.fight_view import (
    CombatantRow,
    Gauge,
    combatant_rows,
    round_text,
    side_text,
)
from refkit.app.combat.maneuver_step import maneuver_roles
from refkit.app.undo import Command
from refkit.errors import ConflictError, DomainError
from refkit.gui.common.plain_text import plain_label, rich_tooltip, text_height
from refkit.gui.shell.gui_thread import GuiThreadListener, on_gui_thread
from refkit.gui.shell.undo_adapter import WRITE_HERE
from refkit.rules.character.model import CONDITIONS, Character
from refkit.rules.combat.fight import MAX_OF_A_KIND, Fight
from refkit.rules.combat.maneuvers import Maneuver

Push = Callable[[Command], object]
NEXT_TURN_KEY = Qt.Key.Key_N
ATTACK_KEY = Qt.Key.Key_A
MOST_DAMAGE = 999
PANEL_KEYS = (NEXT_TURN_KEY, ATTACK_KEY)
"""Keys the tracker takes for itself while it has focus (before the window's shortcuts)."""


def _gauge_bar(name: str) -> QProgressBar:
    bar = QProgressBar()
    bar.setObjectName(name)
    bar.setTextVisible(True)
    bar.setMinimumWidth(90)
    bar.setMaximumHeight(18)
    return bar


def _show_gauge(bar: QProgressBar, word: str, gauge: Gauge | None) -> None:
    bar.setVisible(gauge is not None)
    if gauge is None:
        return
    bar.setRange(0, max(1, gauge.most))
    bar.setValue(min(gauge.current, max(1, gauge.most)))
    bar.setFormat(f"{word} {gauge.current}/{gauge.most}")


class CombatantRowWidget(QFrame):
    """One combatant: its name (click to pick it), its standing in words, its bars and chips."""

    condition_toggled = Signal(str, str)
    """(combatant, condition) the referee clicked."""

    def __init__(self, name: str, group: QButtonGroup, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.setObjectName("fight_row")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.pick = QToolButton()
        self.pick.setObjectName("fight_row_name")
        self.pick.setCheckable(True)
        self.pick.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.pick.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        group.addButton(self.pick)
        self.turn_label = plain_label("")
        self.turn_label.setObjectName("fight_row_turn")
        self.state_label = plain_label("")
        self.state_label.setObjectName("fight_row_state")
        bold = QFont(self.state_label.font())
        bold.setBold(True)
        self.state_label.setFont(bold)
        self.stamina_bar = _gauge_bar("fight_row_stamina")
        self.ad_bar = _gauge_bar("fight_row_ad")
        self.chips: dict[str, QToolButton] = {}
        chips = QHBoxLayout()
        chips.setSpacing(2)
        for condition in CONDITIONS:
            chip = QToolButton()
            chip.setObjectName(f"chip_{condition}")
            chip.setText(condition)
            chip.setCheckable(True)
            chip.setAutoRaise(False)
            chip.setToolTip(rich_tooltip(f"Give {name} the condition {condition}, or end it"))
            chip.clicked.connect(partial(self._chip_clicked, condition))
            self.chips[condition] = chip
            chips.addWidget(chip)
        chips.addStretch(1)
        grid = QGridLayout(self)
        grid.setContentsMargins(4, 2, 4, 2)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.turn_label, 0, 0)
        grid.addWidget(self.pick, 0, 1)
        grid.addWidget(self.state_label, 0, 2)
        grid.addWidget(self.stamina_bar, 0, 3)
        grid.addWidget(self.ad_bar, 0, 4)
        grid.addLayout(chips, 1, 1, 1, 4)
        grid.setColumnStretch(1, 1)
        self.row: CombatantRow | None = None

    def _chip_clicked(self, condition: str) -> None:
        chip = self.chips[condition]
        chip.setChecked(not chip.isChecked())  # shown as it is until the step is done
        self.condition_toggled.emit(self.name, condition)

    def show_row(self, row: CombatantRow) -> None:
        self.row = row
        side = "crow" if row.is_crow else row.creature or "enemy"
        self.pick.setText(f"{row.name}  ({side})")
        self.turn_label.setText("▶ now" if row.current else ("acted" if row.acted else ""))
        self.state_label.setText(row.state)
        self.state_label.setVisible(bool(row.state))
        _show_gauge(self.stamina_bar, "Stamina", row.stamina)
        _show_gauge(self.ad_bar, "AD", row.ad)
        for condition, chip in self.chips.items():
            on = condition in row.conditions
            chip.setChecked(on)
            chip.setText(f"✓ {condition}" if on else condition)  # not the pressed look alone
        self.setFrameShadow(QFrame.Shadow.Sunken if row.current else QFrame.Shadow.Plain)
        self.setLineWidth(2 if row.current else 1)
        self.setProperty("current", row.current)
        gone = row.state.startswith(("dead", "knocked out", "down"))
        self.pick.setEnabled(True)
        self.stamina_bar.setEnabled(not gone)


class _Listener:
    """The session's and the roster's listener for one tracker (dropped with the tracker)."""

    def __init__(self, panel: FightPanel) -> None:
        self.panel = panel

    def fight_changed(self, fight: Fight) -> None:
        self.panel.show_fight(fight)

    def crows_changed(self, _change: object) -> None:
        if any(f.is_crow for f in self.panel.session.state.combatants):
            self.panel.show_fight(self.panel.session.state)


def crows_of(
    fight: Fight, crow: Callable[[str], Character | None], read: Callable[..., Any]
) -> Callable[[str], Character | None]:
    """The sheets of the fight's crows, all read at once by ``read`` (the window's worker), as
    the lookup :func:`combatant_rows` and :func:`players_fight` take."""
    names = [fighter.name for fighter in fight.combatants if fighter.is_crow]
    if not names:
        return lambda _name: None
    sheets: dict[str, Character | None] = read(lambda: {name: crow(name) for name in names})
    return lambda name: sheets.get(name)


def _forget(session: FightSession, characters: CharacterService, listener: _Listener) -> None:
    session.remove_listener(listener)
    characters.remove_listener(listener.crows_changed)


class FightPanel(QWidget):
    """The tracker of one fight session. ``push`` puts a command on the undo stack (doing it);
    ``party`` names the crows at the table."""

    status_message = Signal(str)
    fight_shown = Signal(object)
    """The fight just shown (a :class:`Fight`), for the players' window."""
    attack_requested = Signal(str)
    """Open the attack window with this attacker ("" for whoever acts)."""

    def __init__(
        self,
        session: FightSession,
        characters: CharacterService,
        push: Push,
        party: Callable[[], Sequence[str]] = tuple,
        parent: QWidget | None = None,
        *,
        read: Callable[..., Any] = WRITE_HERE,
        read_now: bool = True,
        undo_stack: QUndoStack | None = None,
        follow: bool = True,
    ) -> None:
        super().__init__(parent)
        self._undo_stack = undo_stack
        self._said_at: int | None = None  # the undo step the message names (undone: it goes)
        self.setObjectName("fight_panel")
        self._read = read
        """Where the panel reads the crows and makes its steps: the window's worker
        (``write_through``), else here."""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.session = session
        self.characters = characters
        self.push = push
        self.party = party
        self.rows: dict[str, CombatantRowWidget] = {}
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)

        self.round_label = plain_label("")
        self.round_label.setObjectName("fight_round")
        self.side_label = plain_label("")
        self.side_label.setObjectName("fight_side")
        self.turn_label = plain_label("")
        self.turn_label.setObjectName("fight_turn")
        sizes = ((self.round_label, 2.2), (self.side_label, 1.8), (self.turn_label, 1.2))
        for label, size in sizes:
            font = QFont(label.font())
            font.setPointSizeF(font.pointSizeF() * size)
            font.setBold(True)
            label.setFont(font)
        self.turn_label.setWordWrap(True)
        self.turn_label.setMinimumHeight(text_height(self.turn_label))

        self.creature_combo = QComboBox()
        self.creature_combo.setObjectName("fight_creature")
        self.creature_combo.setToolTip("A creature from the bestiary")
        self.count_spin = QSpinBox()
        self.count_spin.setObjectName("fight_count")
        self.count_spin.setRange(1, MAX_OF_A_KIND)
        self.count_spin.setPrefix("× ")
        self.add_button = QPushButton("Add")
        self.add_button.setObjectName("fight_add")
        self.add_button.setToolTip("Add this many of the creature, numbered")
        self.party_button = QPushButton("Add the party")
        self.party_button.setObjectName("fight_party")
        self.party_button.setToolTip("The crows of the party at the table join")

        self.round_button = QPushButton("New round")
        self.round_button.setObjectName("fight_new_round")
        self.round_button.setToolTip("Roll the initiative d10: 1–5 the enemies act first")
        self.next_button = QPushButton("Next turn (N)")
        self.next_button.setObjectName("fight_next")
        self.pick_button = QPushButton("Their turn")
        self.pick_button.setObjectName("fight_choose")
        self.pick_button.setToolTip("The side picks its own order: the picked one acts now")
        self.end_round_button = QPushButton("End round")
        self.end_round_button.setObjectName("fight_end_round")
        self.attack_button = QPushButton("Attack… (A)")
        self.attack_button.setObjectName("fight_attack")
        self.surprise_button = QPushButton("Surprised")
        self.surprise_button.setObjectName("fight_surprised")
        self.surprise_button.setToolTip(
            "Before round 1: the picked one was unaware (skips round 1; attacks on it +1)"
        )
        self.remove_button = QPushButton("Remove")
        self.remove_button.setObjectName("fight_remove")
        self.grab_button = QPushButton("Grab")
        self.grab_button.setObjectName("fight_grab")
        self.grab_button.setToolTip(
            "Whoever's turn it is grabs the picked one (2d10+S; tier 3 holds it)"
        )
        self.escape_button = QPushButton("Escape grab")
        self.escape_button.setObjectName("fight_escape")
        self.escape_button.setToolTip(
            "Whoever's turn it is (or the picked one) tries to escape its grabber (2d10 + A or S)"
        )
        self.break_free_check = QCheckBox("break free on tier 2")
        self.break_free_check.setObjectName("fight_break_free")
        self.break_free_check.setToolTip(
            "An escape's tier 2 frees only by choice, and then the grabber may counter"
        )
        self.knockback_button = QPushButton("Knockback")
        self.knockback_button.setObjectName("fight_knockback")
        self.knockback_button.setToolTip(
            "Whoever's turn it is knocks the picked one back (2d10+S; push 1 or 2)"
        )
        self.damage_spin = QSpinBox()
        self.damage_spin.setObjectName("fight_damage_amount")
        self.damage_spin.setRange(1, MOST_DAMAGE)
        self.damage_button = QPushButton("Damage")
        self.damage_button.setObjectName("fight_damage")
        self.damage_button.setToolTip(
            "Damage by hand (a fall, a trap) to the picked one: a crow's through its sheet"
        )
        self.piercing_check = QCheckBox("piercing")
        self.piercing_check.setObjectName("fight_damage_piercing")
        self.knock_out_check = QCheckBox("knock out")
        self.knock_out_check.setObjectName("fight_damage_knock_out")
        self.armour_combo = QComboBox()
        self.armour_combo.setObjectName("fight_damage_armour")
        self.armour_combo.setToolTip(
            "The picked crow's armour or shield that loses AD first: the owner chooses (L343)"
        )
        self.armour_combo.setVisible(False)

        self.message = plain_label("")
        self.message.setObjectName("fight_message")
        self.message.setWordWrap(True)
        # Room for two lines kept, said or not: a message never pushes the rows under the pointer.
        self.message.setMinimumHeight(text_height(self.message, lines=2))
        if undo_stack is not None:
            undo_stack.indexChanged.connect(self._undo_moved)

        self._rows_box = QWidget()
        self._rows_layout = QVBoxLayout(self._rows_box)
        self._rows_layout.setContentsMargins(0, 0, 0, 0)
        self._rows_layout.setSpacing(3)
        self._rows_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setObjectName("fight_rows")
        scroll.setWidgetResizable(True)
        scroll.setWidget(self._rows_box)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.empty_label = plain_label("No one is in the fight: add creatures and the party.")
        self.empty_label.setObjectName("fight_empty")

        head = QHBoxLayout()
        head.addWidget(self.round_label)
        head.addSpacing(16)
        head.addWidget(self.side_label, 1)
        adding = QHBoxLayout()
        adding.addWidget(self.creature_combo, 1)
        adding.addWidget(self.count_spin)
        adding.addWidget(self.add_button)
        adding.addWidget(self.party_button)
        turns = QHBoxLayout()
        for button in (self.round_button, self.next_button, self.pick_button):
            turns.addWidget(button)
        turns.addWidget(self.end_round_button)
        # Acting and damaging on rows of their own: on one row the tracker was wider than the
        # clock's column it is tabbed in, which widened under the pointer when it was built.
        others = QHBoxLayout()
        for button in (self.attack_button, self.surprise_button, self.remove_button):
            others.addWidget(button)
        others.addStretch(1)
        maneuvers = QHBoxLayout()
        for widget in (self.grab_button, self.knockback_button, self.escape_button,
                       self.break_free_check):  # fmt: skip
            maneuvers.addWidget(widget)
        maneuvers.addStretch(1)
        damage = QHBoxLayout()
        for widget in (self.damage_spin, self.damage_button, self.piercing_check,
                       self.knock_out_check, self.armour_combo):  # fmt: skip
            damage.addWidget(widget)
        damage.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(self.turn_label)
        layout.addLayout(turns)
        layout.addLayout(others)
        layout.addLayout(maneuvers)
        layout.addLayout(damage)
        layout.addWidget(self.message)
        layout.addWidget(self.empty_label)
        layout.addWidget(scroll, 1)
        layout.addLayout(adding)

        self.add_button.clicked.connect(self.add_creatures)
        self.party_button.clicked.connect(self.add_party)
        self.round_button.clicked.connect(lambda: self.new_round())
        self.next_button.clicked.connect(self.next_turn)
        self.pick_button.clicked.connect(self.choose_picked)
        self.end_round_button.clicked.connect(self.end_round)
        self.attack_button.clicked.connect(lambda: self.attack_requested.emit(self._attacker()))
        self.surprise_button.clicked.connect(self.toggle_surprised)
        self.remove_button.clicked.connect(self.remove_picked)
        self.damage_button.clicked.connect(self.damage_picked)
        self.grab_button.clicked.connect(lambda: self.maneuver("grab"))
        self.escape_button.clicked.connect(lambda: self.maneuver("escape"))
        self.knockback_button.clicked.connect(lambda: self.maneuver("knockback"))
        self._group.buttonClicked.connect(lambda _button: self.show_armour_choice())

        if follow:  # else the window shows each change (install: one read of the crows)
            listener = _Listener(self)
            session.add_listener(GuiThreadListener(listener))
            characters.add_listener(on_gui_thread(listener.crows_changed))
            self.destroyed.connect(partial(_forget, session, characters, listener))
        self.refresh_bestiary()
        if read_now:
            self.show_fight(session.state)
        else:  # shown once built (install): neither "no one" nor an empty round meanwhile
            self.empty_label.setVisible(False)

    # -- showing --------------------------------------------------------------------------------

    def refresh_bestiary(self) -> None:
        chosen = self.creature_combo.currentText()
        self.creature_combo.clear()
        for creature in self.session.bestiary.creatures():
            self.creature_combo.addItem(creature.name)
        if chosen:
            self.creature_combo.setCurrentText(chosen)

    def _crow(self, name: str) -> Character | None:
        try:
            return self.characters.get(name)
        except DomainError:
            return None

    def show_fight(
        self, fight: Fight, sheets: Callable[[str], Character | None] | None = None
    ) -> None:
        """Show ``fight``; ``sheets``: its crows' sheets read already (else read here)."""
        self.round_label.setText(round_text(fight))
        self.side_label.setText(side_text(fight))
        # Always there (blank between rounds): New round must not push the rows down.
        self.turn_label.setText(f"{fight.current}'s turn" if fight.current else "")
        if sheets is None:
            sheets = crows_of(fight, self._crow, self._read)
        rows = combatant_rows(fight, sheets)
        names = [row.name for row in rows]
        if names != list(self.rows):
            self._rebuild(names)
        for row in rows:
            self.rows[row.name].show_row(row)
        self.empty_label.setVisible(not rows)
        acting = fight.phase == "acting"
        self.next_button.setEnabled(acting)
        self.pick_button.setEnabled(acting)
        self.end_round_button.setEnabled(acting)
        self.round_button.setEnabled(bool(rows) and not acting)
        self.attack_button.setEnabled(len(rows) > 1)
        self.surprise_button.setVisible(fight.round == 0)
        self.remove_button.setEnabled(bool(rows))
        self.damage_button.setEnabled(bool(rows))
        self.show_armour_choice(sheets)
        self.fight_shown.emit(fight)

    def _rebuild(self, names: list[str]) -> None:
        picked = self.picked()
        for widget in self.rows.values():
            self._group.removeButton(widget.pick)
            self._rows_layout.removeWidget(widget)
            widget.hide()
            widget.deleteLater()
        self.rows = {}
        for index, name in enumerate(names):
            widget = CombatantRowWidget(name, self._group)
            widget.condition_toggled.connect(self.toggle_condition)
            self._rows_layout.insertWidget(index, widget)
            self.rows[name] = widget
        if picked in self.rows:
            self.rows[picked].pick.setChecked(True)

    def picked(self) -> str | None:
        """The combatant whose name was clicked last (None: nobody)."""
        button = self._group.checkedButton()
        for name, widget in self.rows.items():
            if widget.pick is button:
                return name
        return None

    def pick(self, name: str) -> None:
        self.rows[name].pick.setChecked(True)

    def say(self, text: str) -> None:
        self._said_at = None
        self.message.setText(text)
        self.status_message.emit(text)

    def _undo_moved(self, index: int) -> None:
        """The step the message names was undone: its message goes with it."""
        if self._said_at is not None and index < self._said_at:
            self._said_at = None
            self.message.clear()

    # -- steps ----------------------------------------------------------------------------------

    def run(self, make: Callable[[], Command]) -> bool:
        """Make a step and push it; a refusal is said in the panel (nothing changed)."""
        try:
            command = self._read(make)  # what it reads, read in the worker
            self.push(command)
        except ConflictError as error:
            # The command line or another window moved the fight on: show it as it is now.
            self._read(self.session.reload)
            self.say(f"{error}. The fight is shown as it is now: do the step again if need be")
            return False
        except (DomainError, ValueError) as error:
            self.say(str(error))
            return False
        self.message.setText(command.text)
        self._said_at = None if self._undo_stack is None else self._undo_stack.index()
        return True

    def add_creatures(self) -> bool:
        name = self.creature_combo.currentText()
        if not name:
            self.say("The bestiary has no creature to add")
            return False
        return self.run(lambda: self.session.add_creatures(name, self.count_spin.value()))

    def add_party(self) -> bool:
        names = list(self._read(self.party))
        if not names:
            self.say("No party is at the table: choose one on the dungeon-turn panel")
            return False
        return self.run(lambda: self.session.add_crows(names))

    def new_round(self, die: int | None = None) -> bool:
        return self.run(lambda: self.session.start_round(die=die))

    def next_turn(self) -> bool:
        return self.run(lambda: self.session.next_turn())

    def choose_picked(self) -> bool:
        name = self.picked()
        if name is None:
            self.say("Click a combatant's name first: it takes the turn")
            return False
        return self.run(lambda: self.session.choose(name))

    def end_round(self) -> bool:
        return self.run(self.session.end_round)

    def toggle_condition(self, name: str, condition: str) -> bool:
        return self.run(lambda: self.session.toggle_condition(name, condition))

    def toggle_surprised(self) -> bool:
        name = self.picked()
        if name is None:
            self.say("Click a combatant's name first: that one was surprised")
            return False
        return self.run(lambda: self.session.toggle_surprised(name))

    def remove_picked(self) -> bool:
        name = self.picked()
        if name is None:
            self.say("Click a combatant's name first: that one leaves the fight")
            return False
        return self.run(lambda: self.session.remove(name))

    def damage_picked(self) -> bool:
        """Deal the amount to the picked combatant as one step (a crow's wounds wait on its
        sheet to be placed)."""
        name = self.picked()
        if name is None:
            self.say("Click a combatant's name first: that one takes the damage")
            return False
        amount = self.damage_spin.value()
        piercing, knock_out = self.piercing_check.isChecked(), self.knock_out_check.isChecked()
        first = self.armour_combo.currentData() if self.armour_combo.isVisibleTo(self) else None
        order = (str(first),) if first else None
        return self.run(
            lambda: self.session.damage(
                name, amount, piercing=piercing, knock_out=knock_out, armour_order=order
            )[0]
        )

    def maneuver(self, kind: Maneuver) -> bool:
        """Grab, Escape Grab or Knockback as one step: the presenter says who acts on whom."""
        fight = self.session.state
        roles = maneuver_roles(fight, kind, fight.current, self.picked())
        if roles.problem is not None or roles.actor is None:
            self.say(roles.problem or "Pick who tries it")
            return False
        actor, target = roles.actor, None if kind == "escape" else roles.target
        free = kind == "escape" and self.break_free_check.isChecked()
        return self.run(lambda: self.session.maneuver(kind, actor, target, break_free=free))

    def show_armour_choice(self, sheets: Callable[[str], Character | None] | None = None) -> None:
        """Offer the picked crow's armour and shields (two or more) to lose AD first; the one
        chosen stays chosen while the crow stays picked. ``sheets``: the fight's crows as just
        read (else the picked one is read, in the worker)."""
        name = self.picked()
        crow = None
        if name is not None and self._is_crow(name):
            crow = sheets(name) if sheets is not None else self._read(self._crow, name)
        sources = [] if crow is None else list(crow.items.armor_sources())
        chosen = self.armour_combo.currentData()
        self.armour_combo.clear()
        for item in sources:
            assert item.armor is not None
            self.armour_combo.addItem(f"{item.name} first (AD {item.armor.ad})", item.id)
        if chosen is not None and (index := self.armour_combo.findData(chosen)) >= 0:
            self.armour_combo.setCurrentIndex(index)
        self.armour_combo.setVisible(len(sources) > 1)

    def _is_crow(self, name: str) -> bool:
        return any(f.name == name and f.is_crow for f in self.session.state.combatants)

    def _attacker(self) -> str:
        return self.session.state.current or self.picked() or ""

    # -- keys -----------------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        # N and A are the tracker's while it has focus; elsewhere N types dice notation.
        if event.type() == QEvent.Type.ShortcutOverride and self._own_key(event):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self._own_key(event):
            if event.key() == NEXT_TURN_KEY:
                if self.next_button.isEnabled():
                    self.next_turn()
            elif self.attack_button.isEnabled():
                self.attack_requested.emit(self._attacker())
            event.accept()
            return
        super().keyPressEvent(event)

    @staticmethod
    def _own_key(event: QEvent) -> bool:
        return (
            isinstance(event, QKeyEvent)
            and event.key() in PANEL_KEYS
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        )


__all__ = ["CombatantRowWidget", "FightPanel"]
