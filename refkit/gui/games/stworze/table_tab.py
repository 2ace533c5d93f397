"""The Stworze "Table" tab, kept with the campaign — the one place the table's state lives: the
Event row (each Event's name and countdown die over its Action pair; choose a pair for the active
player, or click a die to count it down by hand), each player's Vitality, Influence, Stworze
tokens and Missions, and the Villages filled by the tokens the players play, tallied in phase 5.
The seated players set where the dice start and how many tokens make a Village count."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.app.games.stworze_table import stworze_table
from refkit.games.stworze.countdown import EVENT_SLOTS
from refkit.games.stworze.players import Player
from refkit.games.stworze.resolver import Influence
from refkit.games.stworze.table import StworzeTable
from refkit.games.stworze.tally import AREAS, VILLAGES
from refkit.gui.games.spec import GameContext
from refkit.gui.games.stworze.widgets import CountdownDie, ImpactButton
from refkit.gui.games.tracker_box import TrackerBox, clear_layout, plain_label


def _heading(text: str) -> QLabel:
    label = plain_label(text, wrap=False)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


def _spin(low: int, high: int, name: str, prefix: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setKeyboardTracking(False)
    spin.setAccessibleName(name)
    spin.setPrefix(prefix)
    return spin


class StworzeTableBox(TrackerBox[StworzeTable]):
    def __init__(self, context: GameContext) -> None:
        super().__init__(
            "The table (kept with the campaign)", context, stworze_table, StworzeTable()
        )
        self.setObjectName("stworze_table")
        column = QVBoxLayout(self.body)
        column.setContentsMargins(0, 0, 0, 0)
        self.round_label = plain_label()
        self.said_label = plain_label()
        self.said_label.setObjectName("stworze_said")
        column.addWidget(self.round_label)
        column.addWidget(_heading("The Event row, left to right"))
        self.row_grid = QGridLayout()
        self.row_grid.setColumnStretch(1, 1)
        self.row_grid.setColumnStretch(2, 1)
        self.choose_buttons: list[QPushButton] = []
        self.pair_labels: list[QLabel] = []
        self.dice: list[CountdownDie] = []
        self.event_edits: list[QLineEdit] = []
        for slot in range(EVENT_SLOTS):
            position = EVENT_SLOTS - slot
            die = CountdownDie()
            die.clicked.connect(lambda _=False, s=slot: self.count_down(s))
            name = QLineEdit()
            name.setMaxLength(40)
            name.setAccessibleName(f"The Event at slot {slot + 1}")
            name.setToolTip("The Event on this card (type another name and press Enter)")
            name.editingFinished.connect(lambda s=slot: self.rename(s))
            label = plain_label()
            button = QPushButton(f"Choose {position}")
            button.setAccessibleName(f"Choose the Action at position {position}")
            button.clicked.connect(lambda _=False, p=position: self.choose(p))
            self.row_grid.addWidget(die, slot, 0)
            self.row_grid.addWidget(name, slot, 1)
            self.row_grid.addWidget(label, slot, 2)
            self.row_grid.addWidget(button, slot, 3)
            self.dice.append(die)
            self.event_edits.append(name)
            self.pair_labels.append(label)
            self.choose_buttons.append(button)
        column.addLayout(self.row_grid)
        phases = QHBoxLayout()
        self.next_button = QPushButton("Next round")
        self.events_button = QPushButton("Phase 4: Events")
        self.tally_button = QPushButton("Phase 5: tally")
        self.setup_button = QPushButton("Dice to the start")
        for button, text, change in (
            (self.next_button, "Next round", lambda t: t.next_round()),
            (self.events_button, "Phase 4", lambda t: t.events_resolved()),
            (self.tally_button, "Phase 5", lambda t: t.tallied()),
            (self.setup_button, "Set up the Event row", lambda t: t.set_up()),
        ):
            button.clicked.connect(lambda _=False, x=text, c=change: self.change(x, c))
            phases.addWidget(button)
        phases.addStretch(1)
        column.addLayout(phases)
        column.addWidget(self.said_label)
        column.addWidget(_heading("Players, in turn order"))
        self.players_grid = QGridLayout()
        column.addLayout(self.players_grid)
        adding = QHBoxLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("Player's Stworze")
        self.name_edit.setAccessibleName("New player's name")
        self.name_edit.returnPressed.connect(self.add_player)
        self.vitality_spin = _spin(1, 20, "Vitality bar", "Vitality ")
        self.vitality_spin.setValue(7)
        self.add_button = QPushButton("Add player")
        self.add_button.clicked.connect(self.add_player)
        for widget in (self.name_edit, self.vitality_spin, self.add_button):
            adding.addWidget(widget)
        column.addLayout(adding)
        column.addWidget(_heading("Villages (tokens come from what is played)"))
        villages = QGridLayout()
        villages.setColumnStretch(1, 1)
        self.impacts: list[ImpactButton] = []
        self.village_labels: list[QLabel] = []
        for row, (village, surroundings) in enumerate(AREAS):
            impact = ImpactButton()
            impact.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            impact.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # set by the tally, not by hand
            label = plain_label()
            label.setAccessibleName(f"{village} · {surroundings}")
            villages.addWidget(impact, row, 0)
            villages.addWidget(label, row, 1)
            self.impacts.append(impact)
            self.village_labels.append(label)
        column.addLayout(villages)
        self.villages_label = plain_label()
        self.villages_label.setObjectName("stworze_villages_line")
        self.villages_label.hide()  # the same lines as one text, for tests and screen readers
        column.addWidget(self.villages_label)
        self._rows: dict[str, dict[str, QWidget]] = {}
        self.start()

    # --- changes ---------------------------------------------------------------------------

    def choose(self, position: int) -> None:
        self.change(f"Choose position {position}", lambda t: t.chosen(position))

    def count_down(self, slot: int) -> None:
        """A die counted down by hand (a card's effect, or a fix): one less, never below off."""
        value = self.tracker.dice[slot]
        event = self.tracker.events[slot]
        if value == 0:
            self.message_label.setText(f"{event}'s die is already off: it fires in phase 4.")
            return
        self.change(f"{event} counts down", lambda t: t.die_set(slot + 1, value - 1))

    def rename(self, slot: int) -> None:
        name = " ".join(self.event_edits[slot].text().split())
        if name and name != self.tracker.events[slot]:
            self.change(f"Slot {slot + 1} is {name}", lambda t: t.event_renamed(slot + 1, name))
        elif not name:
            self.event_edits[slot].setText(self.tracker.events[slot])

    def add_player(self) -> None:
        name = " ".join(self.name_edit.text().split())
        if not name:
            self.message_label.setText("Type the player's Stworze first.")
            return
        player = Player.new(name, self.vitality_spin.value())
        if self.change(f"{name} joins the Stworze table", lambda t: t.added(player)):
            self.name_edit.clear()

    def set_value(self, name: str, key: str, value: int) -> None:
        if getattr(self.tracker.player(name), key) != value:
            self.change(f"{name}: {key} {value}", lambda t: t.changed(name, **{key: value}))

    def row(self, name: str) -> dict[str, QWidget]:
        return self._rows[name]

    # --- showing -----------------------------------------------------------------------------

    def show_tracker(self) -> None:
        table = self.tracker
        self.round_label.setText(
            f"Round {table.round}: {table.active or 'nobody'} active. Dice start at "
            f"{table.start}; a Village counts at {table.limit} tokens."
        )
        locked = table.player(table.active).locked if table.active else 0
        for slot, label in enumerate(self.pair_labels):
            top, bottom = table.pairs[slot]
            die = table.dice[slot]
            self.dice[slot].set_value(die)
            if not self.event_edits[slot].hasFocus():
                self.event_edits[slot].setText(table.events[slot])
            fires = "fires in phase 4 · " if die == 0 else ""
            label.setText(f"{fires}{top}\n(under: {bottom})")
            position = EVENT_SLOTS - slot
            button = self.choose_buttons[slot]
            button.setEnabled(table.active is not None and position > locked and die > 0)
            button.setToolTip(f"Locked by {table.active}'s Vitality" if position <= locked else "")
        said = table.said + (f"\n{table.winner} is Guardian of the Realm." if table.winner else "")
        self.said_label.setText(said)
        lines = []
        for slot, village in enumerate(table.villages):
            impact = f", {village.impact.label} Impact" if village.impact else ""
            bets = [
                f"{who} bets {side}"
                for side, who in (("Fear", village.fear_bet), ("Favor", village.favor_bet))
                if who
            ]
            betting = f" ({', '.join(bets)})" if bets else ""
            lines.append(f"{village.name}: {village.tokens} face down{impact}{betting}")
            self.impacts[slot].set_side(village.impact)
            counts = ": counts in phase 5" if village.tokens >= table.limit else ""
            self.village_labels[slot].setText(
                f"{village.name} · {AREAS[slot][1]}\n{village.tokens} of {table.limit} tokens "
                f"face down{counts}{impact}{betting}"
            )
        self.villages_label.setText("\n".join(lines))
        clear_layout(self.players_grid)
        self._rows = {}
        for row, player in enumerate(table.players):
            self._player_row(row, player)

    def _player_row(self, row: int, player: Player) -> None:
        grid = self.players_grid
        caption = plain_label(
            player.name + (" ▶" if player.name == self.tracker.active else ""), wrap=False
        )
        font = caption.font()
        font.setBold(True)
        caption.setFont(font)
        grid.addWidget(caption, row, 0)
        widgets: dict[str, QWidget] = {"caption": caption}
        for column, (key, prefix, high) in enumerate(
            (
                ("vitality", "Vit ", player.vitality_max),
                ("fear", "Fear ", 50),
                ("favor", "Favor ", 50),
            ),
            start=1,
        ):
            spin = _spin(0, high, f"{player.name}: {key}", prefix)
            if key == "vitality":
                spin.setSuffix(f"/{player.vitality_max}")
            spin.setValue(getattr(player, key))
            spin.valueChanged.connect(lambda v, k=key, n=player.name: self.set_value(n, k, v))
            grid.addWidget(spin, row, column)
            widgets[key] = spin
        status = plain_label(
            f"{len(player.tokens)} tokens ({player.foreign_tokens} taken) · Missions "
            f"{player.completed}/{player.missions}"
            + (f" · {player.locked} locked" if player.locked else "")
            + (" · in the Lair" if player.in_lair else ""),
            wrap=False,
        )
        grid.addWidget(status, row, 4)
        tools = QToolButton()
        tools.setText("Play…")
        tools.setAccessibleName(f"{player.name}: play a token, bet, Mission")
        tools.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(tools)
        self._fill_menu(menu, player.name)
        tools.setMenu(menu)
        grid.addWidget(tools, row, 5)
        widgets.update(status=status, tools=tools, menu=menu)
        self._rows[player.name] = widgets

    def _fill_menu(self, menu: QMenu, name: str) -> None:
        def add(text: str, change: object) -> None:
            action = QAction(text, menu)
            action.triggered.connect(lambda _=False, c=change: self.change(f"{name}: {text}", c))
            menu.addAction(action)

        for side in Influence:
            sub = menu.addMenu(f"Play a {side.label} token")
            for village in (*VILLAGES, None):
                where = village or "the Pool (a test modifier)"
                action = QAction(f"to {where}", sub)
                action.triggered.connect(
                    lambda _=False, s=side, v=village: self.change(
                        f"{name} plays a token", lambda t: t.spent(name, s, v)
                    )
                )
                sub.addAction(action)
        for side in Influence:
            sub = menu.addMenu(f"Here I Am: bet {side.label}")
            for village in VILLAGES:
                action = QAction(village, sub)
                action.triggered.connect(
                    lambda _=False, s=side, v=village: self.change(
                        f"{name} bets", lambda t: t.bet(name, s, v)
                    )
                )
                sub.addAction(action)
        add("Complete the current Mission", lambda t: t.completed(name))
        add("Lose 1 Vitality", lambda t: t.vitality_lost(name, 1))
        duel = menu.addMenu("Wins a Duel against")
        for other in self.tracker.players:
            if other.name != name:
                action = QAction(other.name, duel)
                action.triggered.connect(
                    lambda _=False, o=other.name: self.change(
                        f"{name} wins a Duel", lambda t: t.duel_won(name, o)
                    )
                )
                duel.addAction(action)
        add("Leave the table", lambda t: t.removed(name))


class StworzeTableTab(QWidget):
    def __init__(self, context: GameContext) -> None:
        super().__init__()
        self.box = StworzeTableBox(context)
        column = QVBoxLayout(self)
        column.addWidget(self.box)
        column.addStretch(1)
