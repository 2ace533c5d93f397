"""The Villages tab: each Village's face-down tokens, its Area's Impact token and the Here I Am
bets, and the phase 5 tally that settles them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from refkit.games.stworze import AREAS, Tally, Village, tally_village
from refkit.gui.games.stworze.widgets import ImpactButton

MAX_TOKENS = 50
"""The game has 50 Influence tokens, so no Village holds more."""


def _label(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class VillageBox(QGroupBox):
    """One Village: Fear and Favor tokens, the Impact token, and who bets on either side."""

    def __init__(self, name: str, surroundings: str, parent: QWidget | None = None) -> None:
        super().__init__(f"{name} · {surroundings}", parent)
        self.name = name
        self.fear = QSpinBox()
        self.favor = QSpinBox()
        for spin in (self.fear, self.favor):
            spin.setRange(0, MAX_TOKENS)
        self.impact = ImpactButton()
        self.fear_bet = QLineEdit()
        self.fear_bet.setPlaceholderText("who bets Fear")
        self.favor_bet = QLineEdit()
        self.favor_bet.setPlaceholderText("who bets Favor")
        grid = QGridLayout(self)
        grid.addWidget(_label("Fear"), 0, 0)
        grid.addWidget(self.fear, 0, 1)
        grid.addWidget(_label("Favor"), 0, 2)
        grid.addWidget(self.favor, 0, 3)
        grid.addWidget(self.impact, 0, 4, 2, 1, Qt.AlignmentFlag.AlignCenter)
        grid.addWidget(self.fear_bet, 1, 0, 1, 2)
        grid.addWidget(self.favor_bet, 1, 2, 1, 2)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)

    def village(self) -> Village:
        """What the table shows, as a Village; ValueError when it cannot be (both bets one
        player's)."""
        return Village(
            self.name,
            fear=self.fear.value(),
            favor=self.favor.value(),
            impact=self.impact.side(),
            fear_bet=" ".join(self.fear_bet.text().split()) or None,
            favor_bet=" ".join(self.favor_bet.text().split()) or None,
        )

    def apply(self, tally: Tally) -> None:
        """After a counted tally: tokens to the Pool, the new Impact, bet tokens back home."""
        self.fear.setValue(0)
        self.favor.setValue(0)
        self.impact.set_side(tally.impact)
        self.fear_bet.clear()
        self.favor_bet.clear()


class VillagesTab(QWidget):
    """The four Villages and the tally button; the outcome says, per Village, what changed."""

    def __init__(self, limit: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stworze_villages")
        self.limit = limit
        self.villages = [VillageBox(name, surroundings) for name, surroundings in AREAS]
        self.limit_label = _label()
        self.tally_button = QPushButton("Phase 5: tally the Villages")
        self.tally_button.setObjectName("stworze_tally")
        self.outcome = _label()
        self.outcome.setObjectName("stworze_tally_outcome")
        layout = QVBoxLayout(self)
        layout.addWidget(self.limit_label)
        for box in self.villages:
            layout.addWidget(box)
        layout.addWidget(self.tally_button)
        layout.addWidget(self.outcome)
        layout.addStretch(1)
        self.tally_button.clicked.connect(self.tally)
        self.set_limit(limit)

    def set_limit(self, limit: int) -> None:
        self.limit = limit
        self.limit_label.setText(
            f"A Village with {limit} or more tokens is counted. Click a token to turn it."
        )

    def tally(self) -> tuple[Tally, ...] | None:
        """Settle every Village, or none: a Village that cannot be read is named and nothing
        changes."""
        try:
            villages = [box.village() for box in self.villages]
        except ValueError as problem:
            self.outcome.setText(f"Nothing tallied: {problem}.")
            return None
        tallies = tuple(tally_village(village, self.limit) for village in villages)
        lines = [
            _tally_line(village, tally, self.limit)
            for village, tally in zip(villages, tallies, strict=True)
        ]
        for box, tally in zip(self.villages, tallies, strict=True):
            if tally.counted:
                box.apply(tally)
        self.outcome.setText("\n".join(lines))
        return tallies


def _tally_line(village: Village, tally: Tally, limit: int) -> str:
    if not tally.counted:
        tokens = "1 token" if village.tokens == 1 else f"{village.tokens} tokens"
        return f"{village.name}: {tokens}, under {limit}: not counted."
    if tally.winner is None:
        result = f"{village.fear} Fear, {village.favor} Favor: a tie, the Impact token stays"
    else:
        changed = "stays" if village.impact is tally.winner else "is placed"
        result = (
            f"{village.fear} Fear, {village.favor} Favor: {tally.winner.label} wins, "
            f"its Impact token {changed}"
        )
    bets = [
        f"{bet.bettor}'s {bet.side.label} bet is right: Mission complete"
        if bet.right
        else f"{bet.bettor}'s {bet.side.label} bet is wrong: lose {bet.cost}"
        for bet in tally.bets
    ]
    return (
        "; ".join([f"{village.name}: {result}", *bets]) + f". {tally.to_pool} tokens to the Pool."
    )
