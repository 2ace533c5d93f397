"""The Widower's Wood tab's table tracker: the event deck as the chapter's timer, each hero's
health in turn order, and the villains on the board in the order they activate.

The table lives in the campaign's database (:mod:`refkit.app.games.widowers_table`); the box
(:class:`~refkit.gui.games.tracker_box.TrackerBox`) makes every change one step on the window's
undo stack, worked out from the table shown.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.app.games.widowers_table import WidowersTable
from refkit.errors import DomainError
from refkit.games.widowers_wood.tracker import (
    MAX_DECK,
    MAX_ON_BOARD,
    MAX_VITALITY,
    NAME_LIMIT,
    Hero,
    VillainType,
    WoodTable,
)
from refkit.gui.games.spec import GameContext
from refkit.gui.games.tracker_box import TrackerBox, clear_layout, remove_button
from refkit.gui.games.widowers_wood.widgets import plain_label
from refkit.gui.games.widowers_wood.widgets import spin_box as _spin


class WoodTrackerView(TrackerBox[WoodTable]):
    """The tracker box of the Widower's Wood tab."""

    def __init__(self, context: GameContext) -> None:
        super().__init__(
            "Chapter tracker (kept with the campaign)", context, WidowersTable, WoodTable()
        )
        self.setObjectName("widowers_tracker")
        self.message_label.setObjectName("widowers_tracker_message")
        self._rows: dict[str, dict[str, QWidget]] = {}
        layout = QVBoxLayout(self.body)
        layout.setContentsMargins(0, 0, 0, 0)

        self.timer_label = plain_label(bold=True)
        self.timer_label.setObjectName("widowers_timer")
        layout.addWidget(self.timer_label)
        self.round_label = plain_label()
        layout.addWidget(self.round_label)
        deck = QHBoxLayout()
        self.deck_spin = _spin(0, MAX_DECK, 0, "widowers_deck_cards")
        self.deck_spin.setKeyboardTracking(False)
        self.deck_spin.setPrefix("Event cards left ")
        self.deck_spin.setToolTip("The chapter's event deck: one card a round")
        self.deck_spin.valueChanged.connect(self.set_deck)
        deck.addWidget(self.deck_spin)
        deck.addStretch(1)
        layout.addLayout(deck)
        draw = QHBoxLayout()
        self.colour_box = QComboBox()
        self.colour_box.setAccessibleName("The event card's colour")
        self.colour_box.addItem("Red card", "red")
        self.colour_box.addItem("Blue card", "blue")
        self.environment_edit = QLineEdit()
        self.environment_edit.setMaxLength(NAME_LIMIT)
        self.environment_edit.setPlaceholderText("ENVIRONMENT card's title, if it is one")
        self.environment_edit.setAccessibleName("ENVIRONMENT card title")
        self.round_button = QPushButton("New round")
        self.round_button.setObjectName("widowers_new_round")
        self.round_button.setToolTip("Draw the round's event card: its colour is the priority")
        self.round_button.clicked.connect(self.new_round)
        draw.addWidget(self.colour_box)
        draw.addWidget(self.environment_edit, 1)
        draw.addWidget(self.round_button)
        layout.addLayout(draw)

        layout.addWidget(plain_label("Heroes, in turn order", bold=True))
        self.heroes_box = QWidget()
        self.heroes_grid = QGridLayout(self.heroes_box)
        self.heroes_grid.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heroes_box)
        add = QHBoxLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(NAME_LIMIT)
        self.name_edit.setPlaceholderText("Hero's name")
        self.name_edit.setAccessibleName("New hero's name")
        self.name_edit.returnPressed.connect(self.add_hero)
        self.init_spin = _spin(0, 20, 5, "widowers_hero_init")
        self.init_spin.setPrefix("INIT ")
        self.vit_spin = _spin(1, MAX_VITALITY, 5, "widowers_hero_vit")
        self.vit_spin.setPrefix("VIT ")
        self.add_button = QPushButton("Add hero")
        self.add_button.clicked.connect(self.add_hero)
        for widget in (self.name_edit, self.init_spin, self.vit_spin, self.add_button):
            add.addWidget(widget)
        layout.addLayout(add)

        layout.addWidget(plain_label("Villains on the board", bold=True))
        self.villains_box = QWidget()
        self.villains_grid = QGridLayout(self.villains_box)
        self.villains_grid.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.villains_box)
        villain = QHBoxLayout()
        self.villain_edit = QLineEdit()
        self.villain_edit.setMaxLength(NAME_LIMIT)
        self.villain_edit.setPlaceholderText("Villain type, e.g. Bog Trog")
        self.villain_edit.setAccessibleName("New villain type")
        self.villain_edit.returnPressed.connect(self.add_villain)
        self.index_spin = _spin(0, 6, 0, "widowers_villain_index")
        self.index_spin.setPrefix("index ")
        self.index_spin.setToolTip("Its lowest index token (0: none)")
        self.villain_button = QPushButton("Add type")
        self.villain_button.clicked.connect(self.add_villain)
        for widget in (self.villain_edit, self.index_spin, self.villain_button):
            villain.addWidget(widget)
        layout.addLayout(villain)
        self.order_label = plain_label()
        self.order_label.setObjectName("widowers_order")
        layout.addWidget(self.order_label)

        self.start()

    # --- changing ----------------------------------------------------------------------------

    def set_deck(self, cards: int) -> None:
        if cards != self.tracker.deck.cards_left:
            self.change(
                f"The event deck holds {cards} cards",
                lambda t: replace(t, deck=t.deck.with_cards(cards)),
            )

    def new_round(self) -> None:
        colour = self.colour_box.currentData()
        environment = " ".join(self.environment_edit.text().split()) or None
        if self.change(
            f"A new round: a {colour} event card",
            lambda t: replace(t, deck=t.deck.new_round(colour, environment)),
        ):
            self.environment_edit.clear()

    def add_hero(self) -> None:
        name = " ".join(self.name_edit.text().split())
        if not name:
            self.message_label.setText("Type the hero's name first.")
            return
        try:
            hero = Hero.new(name, self.init_spin.value(), self.vit_spin.value())
        except DomainError as problem:
            self.message_label.setText(str(problem))
            return
        if self.change(f"{name} joins the Widower's Wood table", lambda t: t.added(hero)):
            self.name_edit.clear()

    def set_health(self, name: str, value: int) -> None:
        hero = self.tracker.hero(name)
        if value == hero.health:
            return
        if value < hero.health:
            amount = hero.health - value
            self.change(
                f"{name} loses {amount} health",
                lambda t: t.changed(name, lambda h: h.damaged(amount)),
            )
        else:
            amount = value - hero.health
            self.change(
                f"{name} heals {amount}", lambda t: t.changed(name, lambda h: h.healed(amount))
            )

    def spawning_phase(self, name: str) -> None:
        self.change(
            f"{name} discards 2 black tokens", lambda t: t.changed(name, Hero.spawning_phase)
        )

    def stand_up(self, name: str) -> None:
        self.change(f"{name} stands up", lambda t: t.changed(name, Hero.stood_up))

    def revive(self, reviver: str, target: str) -> None:
        self.change(f"{reviver} revives {target}", lambda t: t.revived(reviver, target))

    def remove_hero(self, name: str) -> None:
        self.change(f"{name} leaves the table", lambda t: t.removed(name))

    def add_villain(self) -> None:
        name = " ".join(self.villain_edit.text().split())
        if not name:
            self.message_label.setText("Type the villain type's name first.")
            return
        if any(v.name.casefold() == name.casefold() for v in self.tracker.villains):
            self.message_label.setText(f"{name} is at the table already: change its numbers there.")
            return
        entry = VillainType.new(name, self.index_spin.value())
        if self.change(f"Add the villain type {name}", lambda t: t.villain_set(entry)):
            self.villain_edit.clear()

    def set_villain(self, name: str, **values: int) -> None:
        old = next(v for v in self.tracker.villains if v.name == name)
        entry = replace(old, **values)
        if "index" in values and old.tokens:
            entry = replace(entry, tokens=())  # a new index replaces the card's tokens
        if entry != old:
            self.change(
                f"{name}: {', '.join(f'{k} {v}' for k, v in values.items())}",
                lambda t: t.villain_set(entry),
            )

    def remove_villain(self, name: str) -> None:
        self.change(f"Take {name} off the table", lambda t: t.villain_removed(name))

    # --- showing -----------------------------------------------------------------------------

    def show_tracker(self) -> None:
        table = self.tracker
        deck = table.deck
        lost = table.defeated()
        self.timer_label.setText(
            deck.timer_text() + (f" Chapter lost: {lost}." if lost and not deck.out_of_time else "")
        )
        self.timer_label.setStyleSheet(
            "color: #b00020;" if lost or (deck.round and deck.cards_left == 0) else ""
        )
        parts = []
        if deck.priority:
            parts.append(f"Priority colour: {deck.priority}")
        if deck.environment:
            parts.append(f"Environment: {deck.environment}")
        self.round_label.setText(" · ".join(parts) or "No round has begun yet.")
        self.deck_spin.blockSignals(True)
        self.deck_spin.setValue(deck.cards_left)
        self.deck_spin.blockSignals(False)
        self.round_button.setEnabled(not deck.out_of_time)
        clear_layout(self.heroes_grid)
        self._rows = {}
        shown = [*table.turn_order(), *(h for h in table.heroes if h.passed_out)]
        for row, hero in enumerate(shown):
            self._hero_row(row, hero)
        clear_layout(self.villains_grid)
        for row, villain in enumerate(table.villains):
            self._villain_row(row, villain)
        self._show_order()

    def _show_order(self) -> None:
        table = self.tracker
        if not any(v.red or v.blue for v in table.villains):
            self.order_label.setText("Activation order: no villain on the board.")
            return
        if table.deck.priority is None:
            self.order_label.setText("Activation order: start a round for its priority colour.")
            return
        rows = table.order()
        self.order_label.setText(
            f"Activation order ({table.deck.priority} first, then the lowest index):\n"
            + "\n".join(f"{n}. {row.words()}" for n, row in enumerate(rows, 1))
        )

    def _hero_row(self, row: int, hero: Hero) -> None:
        box = QFrame()
        box.setObjectName(f"hero_{row}")
        box.setFrameShape(QFrame.Shape.StyledPanel)
        lines = QVBoxLayout(box)
        lines.setContentsMargins(6, 2, 6, 2)
        lines.setSpacing(2)
        line = QHBoxLayout()
        caption = plain_label(f"{hero.name} · INIT {hero.initiative}", bold=True)
        line.addWidget(caption, 1)
        health = QSpinBox()
        health.setRange(0, hero.tokens)
        health.setKeyboardTracking(False)
        health.setPrefix("Health ")
        health.setSuffix(f"/{hero.tokens}")
        health.setAccessibleName(f"{hero.name}: Health")
        health.setValue(hero.health)
        health.setEnabled(not hero.passed_out)
        health.valueChanged.connect(lambda value, n=hero.name: self.set_health(n, value))
        line.addWidget(health)
        remove = remove_button(hero.name, lambda n=hero.name: self.remove_hero(n))
        line.addWidget(remove)
        lines.addLayout(line)
        below = QHBoxLayout()
        vial = "vial Full" if hero.restoration else "vial empty"
        status = plain_label(f"{hero.status()} · {vial}")
        below.addWidget(status, 1)
        widgets: dict[str, QWidget] = {"health": health, "status": status, "remove": remove}
        if hero.incapacitated:
            spawn = QToolButton()
            spawn.setText("Spawning: −2 tokens")
            spawn.setToolTip("Its Spawning Phase: two black tokens go back to the box")
            spawn.clicked.connect(lambda _=False, n=hero.name: self.spawning_phase(n))
            below.addWidget(spawn)
            widgets["spawning"] = spawn
            helpers = [h for h in self.tracker.heroes if h.battle_ready and h.restoration]
            if helpers:
                revive = QComboBox()
                revive.setAccessibleName(f"Revive {hero.name}")
                revive.addItem("Revive by…", "")
                for helper in helpers:
                    revive.addItem(helper.name, helper.name)
                revive.activated.connect(
                    lambda i, n=hero.name, box=revive: (
                        box.itemData(i) and self.revive(box.itemData(i), n)
                    )
                )
                below.addWidget(revive)
                widgets["revive"] = revive
        elif hero.knocked_down and not hero.passed_out:
            stand = QToolButton()
            stand.setText("Stand up")
            stand.clicked.connect(lambda _=False, n=hero.name: self.stand_up(n))
            below.addWidget(stand)
            widgets["stand"] = stand
        lines.addLayout(below)
        self.heroes_grid.addWidget(box, row, 0)
        self._rows[hero.name] = widgets

    def _villain_row(self, row: int, villain: VillainType) -> None:
        box = QFrame()
        lines = QVBoxLayout(box)
        lines.setContentsMargins(6, 0, 6, 4)
        top = QHBoxLayout()
        tokens = villain.spawn_tokens
        spawned_on = f" — spawns on {', '.join(map(str, tokens))}" if len(tokens) > 1 else ""
        top.addWidget(plain_label(villain.name + spawned_on, bold=True), 1)
        remove = remove_button(
            f"the villain type {villain.name}", lambda n=villain.name: self.remove_villain(n)
        )
        top.addWidget(remove)
        self._rows[f"villain:{villain.name}"] = {"remove": remove}
        lines.addLayout(top)
        counts = QHBoxLayout()
        for key, high, prefix, what in (
            ("index", 6, "index ", "index"),
            ("red", MAX_ON_BOARD, "board red ", "red on the board"),
            ("blue", MAX_ON_BOARD, "blue ", "blue on the board"),
            ("reserve_red", MAX_ON_BOARD, "reserve red ", "red in the reserve"),
            ("reserve_blue", MAX_ON_BOARD, "blue ", "blue in the reserve"),
        ):
            spin = _spin(0, high, getattr(villain, key), f"villain_{key}_{row}")
            spin.setKeyboardTracking(False)
            spin.setPrefix(prefix)
            spin.setAccessibleName(f"{villain.name}: {what}")
            spin.valueChanged.connect(
                lambda value, k=key, n=villain.name: self.set_villain(n, **{k: value})
            )
            counts.addWidget(spin)
            self._rows.setdefault(f"villain:{villain.name}", {})[key] = spin
        counts.addStretch(1)
        lines.addLayout(counts)
        self.villains_grid.addWidget(box, row, 0)

    def row(self, name: str) -> dict[str, QWidget]:
        return self._rows[name]
