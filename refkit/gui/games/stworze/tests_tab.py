"""The Tests tab: set up a Stworze test, see its cost, card count and exact chance, then draw."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from refkit.dice.records import RollRecord
from refkit.games.stworze import (
    Attempt,
    Deck,
    Decks,
    Draw,
    Influence,
    Stat,
    TimeOfDay,
    duel_difficulty,
    entry_token,
    failure_cost,
    pass_chance,
    resolve_test,
)
from refkit.games.stworze.resolver import rival_token
from refkit.gui.games.spec import GameContext
from refkit.gui.games.stworze.widgets import CardRow, IconPicker

SEED_RANGE = 2**32
PASSED_COLOUR = "#2e7d32"
FAILED_COLOUR = "#b3261e"


def _label(text: str = "", *, wrap: bool = True) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    return label


def _cards(count: int, kind: str = "") -> str:
    words = f"{kind} card" if kind else "card"
    return f"{count} {words}{'' if count == 1 else 's'}"


def percent_text(value: float) -> str:
    return f"{value * 100:.1f}%"


class StworzeTestTab(QWidget):
    """A test's inputs at the top; the token to pay, the sum and the exact chance under them;
    the drawn cards with the verdict at the bottom. Every draw goes to the roll log."""

    def __init__(self, decks: Decks, context: GameContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("stworze_tests")
        self._decks = decks
        self._context = context
        self._last: Draw | None = None

        self.time = QComboBox()
        for time in (TimeOfDay.DAY, TimeOfDay.NIGHT):
            self.time.addItem(time.label, time)
        self.time.setCurrentIndex(1)
        self.stat = QComboBox()
        for stat in Stat:
            self.stat.addItem(stat.label, stat)
        self.value = QSpinBox()
        self.value.setRange(0, 9)
        self.value.setValue(3)
        self.value.setToolTip("The stat's printed value for this time of day")
        self.difficulty = IconPicker()
        self.difficulty_name = _label()

        self.card_modifier = QSpinBox()
        self.card_modifier.setRange(-6, 6)
        self.card_effects = QSpinBox()
        self.card_effects.setRange(-9, 9)
        self.card_effects.setToolTip("Completed Mission, Quest and Attribute effects")
        self.impact = QComboBox()
        self.impact.addItem("None", None)
        self.impact.addItem("Fear", Influence.FEAR)
        self.impact.addItem("Favor", Influence.FAVOR)
        self.warrior = QCheckBox("Warrior here (−2)")
        self.warrior.setToolTip(
            "The Warrior is in this Location (not when the test is to defeat him)"
        )
        self.mage = QCheckBox("Mage here (+2)")
        self.mage.setToolTip("The Mage is in this Location (not when the test is to defeat her)")
        self.own_token = QCheckBox()
        self.rival_token = QCheckBox()
        self.duel = QCheckBox("Duel (no entry token)")
        self.defender = QSpinBox()
        self.defender.setRange(0, 9)
        self.defender.setValue(2)
        self.defender.setToolTip("The defender's own value of the chosen stat for this time")
        self.defender_button = QPushButton("Defender draws the difficulty")
        self.defender_button.setObjectName("stworze_defender_draws")
        self.defender_row = QWidget()
        self.harder = QCheckBox("Harder deck")
        self.harder.setToolTip("The optional rule: one card of the best icon out of the deck")

        self.cost = _label()
        self.sum = _label()
        self.odds = _label()
        self.odds.setObjectName("stworze_odds")
        font = self.odds.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.odds.setFont(font)
        self.draw_button = QPushButton("Draw")
        self.draw_button.setObjectName("stworze_draw")
        self.cards = CardRow()
        self.verdict = _label()
        self.verdict.setObjectName("stworze_verdict")
        self.verdict.setFont(font)

        self._lay_out()
        # The time of day changes the deck, and with it the icons: _deck_changed rebuilds the
        # picker before anything reads the difficulty.
        for box in (self.stat, self.impact):
            box.currentIndexChanged.connect(self._changed)
        for spin in (self.value, self.card_modifier, self.card_effects):
            spin.valueChanged.connect(self._changed)
        for check in (self.warrior, self.mage, self.own_token, self.rival_token, self.duel):
            check.toggled.connect(self._changed)
        self.harder.toggled.connect(self._deck_changed)
        self.time.currentIndexChanged.connect(self._deck_changed)
        self.difficulty.picked.connect(self._changed)
        self.draw_button.clicked.connect(self.draw)
        self.defender_button.clicked.connect(self.defender_draws)
        self.duel.toggled.connect(self.defender_row.setVisible)
        self._deck_changed()

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.time)
        top.addWidget(self.stat, 1)
        top.addWidget(self.value)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow("Card modifier", self.card_modifier)
        form.addRow("Impact token", self.impact)
        form.addRow("Card effects", self.card_effects)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(_label("Difficulty (easiest left, hardest right):"))
        layout.addWidget(self.difficulty)
        layout.addWidget(self.difficulty_name)
        layout.addLayout(form)
        for left, right in ((self.warrior, self.mage), (self.duel, self.harder)):
            pair = QHBoxLayout()
            pair.addWidget(left)
            pair.addWidget(right, 1)
            layout.addLayout(pair)
        defender = QHBoxLayout(self.defender_row)
        defender.setContentsMargins(0, 0, 0, 0)
        defender.addWidget(_label("Defender's stat", wrap=False))
        defender.addWidget(self.defender)
        defender.addWidget(self.defender_button, 1)
        self.defender_row.setVisible(False)
        layout.addWidget(self.defender_row)
        layout.addWidget(self.own_token)
        layout.addWidget(self.rival_token)
        layout.addWidget(self.cost)
        layout.addWidget(self.sum)
        layout.addWidget(self.odds)
        layout.addWidget(self.draw_button)
        layout.addWidget(self.cards)
        layout.addWidget(self.verdict)
        layout.addStretch(1)

    # --- what the inputs add up to ------------------------------------------------------------

    def attempt(self) -> Attempt:
        # Combo boxes give their data back as plain strings, so the enums are rebuilt here.
        impact = self.impact.currentData()
        return Attempt(
            stat=Stat(self.stat.currentData()),
            time=TimeOfDay(self.time.currentData()),
            value=self.value.value(),
            card_modifier=self.card_modifier.value(),
            impact=None if impact is None else Influence(impact),
            warrior_here=self.warrior.isChecked(),
            mage_here=self.mage.isChecked(),
            card_effects=self.card_effects.value(),
            own_token=self.own_token.isChecked(),
            rival_token=self.rival_token.isChecked(),
            duel=self.duel.isChecked(),
        )

    def deck(self) -> Deck:
        deck = self._decks.for_time(TimeOfDay(self.time.currentData()))
        return deck.without_a_best_card() if self.harder.isChecked() else deck

    def _deck_changed(self, *_: object) -> None:
        keep = None
        if self.difficulty.buttons():
            keep = self.difficulty.current().rank
        self.difficulty.set_deck(self.deck(), keep_rank=keep)
        self._changed()

    def _changed(self, *_: object) -> None:
        attempt = self.attempt()
        stat = attempt.stat
        self.own_token.setText(
            f"Tester discards a {entry_token(stat).label} token to the Pool (+1)"
        )
        self.rival_token.setText(
            f"One rival discards a {rival_token(stat).label} token to the Pool (−1)"
        )
        cost = attempt.entry_cost
        self.cost.setText(
            "No entry token in a Duel."
            if cost is None
            else f"First: 1 {cost.label} token face down into the nearest Village."
        )
        terms = [str(attempt.value)]
        terms += [
            f"{'−' if m.value < 0 else '+'} {abs(m.value)} ({m.source})"
            for m in attempt.modifiers()
        ]
        held = "" if attempt.total == attempt.cards else " (held to 1–6)"
        deck = self.deck()
        draw = f"draw {_cards(attempt.cards, deck.time.value)} of {deck.size}."
        if len(terms) == 1:
            self.sum.setText(f"Stat {attempt.value}, no modifiers{held}: {draw}")
        else:
            self.sum.setText(f"{' '.join(terms)} = {attempt.total}{held}: {draw}")
        difficulty = self.difficulty.current()
        chance = pass_chance(deck, difficulty, attempt.cards)
        self.difficulty_name.setText(
            f"{difficulty.name}: {deck.cards_reaching(difficulty)} of {deck.size} cards reach it"
        )
        exact = f"{chance.numerator}/{chance.denominator}"
        self.odds.setText(f"Chance to pass: {percent_text(float(chance))} ({exact})")
        self.draw_button.setText(f"Draw {_cards(attempt.cards)}")

    # --- drawing ------------------------------------------------------------------------------

    def draw(self) -> Draw:
        attempt = self.attempt()
        deck = self.deck()
        difficulty = self.difficulty.current()
        seed = self._context.make_rng(None).randrange(SEED_RANGE)
        result = resolve_test(deck, attempt.cards, difficulty, self._context.make_rng(seed))
        self._last = result
        self.cards.show_cards(deck.time, result.drawn, difficulty, len(deck.icons))
        if result.passed:
            verdict = f"Passed: {result.best.name} reaches {difficulty.name}."
        else:
            verdict = (
                f"Failed: nothing reaches {difficulty.name}. Lose {failure_cost(attempt.stat)}."
            )
        self.verdict.setText(verdict)
        colour = PASSED_COLOUR if result.passed else FAILED_COLOUR
        self.verdict.setStyleSheet(f"color: {colour};")
        self._context.log_roll(self._record(attempt, deck, result, seed))
        return result

    def defender_draws(self) -> Draw:
        """A Duel's first draw: the defender's raw stat in cards (held to 1–6); the best icon
        becomes the attacker's difficulty. The cards go back before the attacker draws."""
        deck = self.deck()
        seed = self._context.make_rng(None).randrange(SEED_RANGE)
        result = duel_difficulty(deck, self.defender.value(), self._context.make_rng(seed))
        self.difficulty.pick(result.difficulty.name)
        self.cards.show_cards(deck.time, result.drawn, result.difficulty, len(deck.icons))
        self.verdict.setText(
            f"The defender sets {result.difficulty.name}; the cards go back. Attacker, draw."
        )
        self.verdict.setStyleSheet("")
        self._context.log_roll(
            RollRecord(
                kind="stworze",
                expression=f"{deck.time.label} Duel: defender draws {_cards(len(result.drawn))}",
                faces=tuple(card.rank for card in result.drawn),
                total=result.difficulty.rank,
                seed=seed,
                rolled_at=self._context.now(),
                summary=f"difficulty {result.difficulty.name}",
                detail={
                    "game": "stworze",
                    "cards": [card.name for card in result.drawn],
                    "difficulty": result.difficulty.name,
                    "unverified_deck": self._decks.unverified,
                },
            )
        )
        return result

    def last_draw(self) -> Draw | None:
        return self._last

    def _record(self, attempt: Attempt, deck: Deck, result: Draw, seed: int) -> RollRecord:
        outcome = "passed" if result.passed else "failed"
        return RollRecord(
            kind="stworze",
            expression=(
                f"{deck.time.label} {attempt.stat.label} test: {_cards(len(result.drawn))} "
                f"vs {result.difficulty.name}"
            ),
            faces=tuple(card.rank for card in result.drawn),
            total=result.best.rank,
            seed=seed,
            rolled_at=self._context.now(),
            summary=f"{outcome}: best {result.best.name}",
            detail={
                "game": "stworze",
                "cards": [card.name for card in result.drawn],
                "difficulty": result.difficulty.name,
                "passed": result.passed,
                "unverified_deck": self._decks.unverified,
            },
        )
