"""The Stworze panel: the player count and the deck in use on top, then the Tests, Events and
Villages tabs."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from refkit.games.stworze import (
    Decks,
    countdown_start,
    load_decks,
    read_decks,
    shipped_decks_text,
    user_decks_path,
    village_limit,
)
from refkit.gui.games.spec import GameContext
from refkit.gui.games.stworze.events_tab import EventsTab
from refkit.gui.games.stworze.tests_tab import StworzeTestTab
from refkit.gui.games.stworze.villages_tab import VillagesTab

DEFAULT_PLAYERS = 4
PROBLEM_COLOUR = "#b3261e"


def decks_for(data_folder: Path | None) -> tuple[Decks, str, bool]:
    """The decks to use, a line saying which they are, and whether that line is a problem (the
    user's file could not be read, so the shipped decks stand in)."""
    try:
        decks, user_file = read_decks(data_folder)
    except ValueError as problem:
        shipped = load_decks(shipped_decks_text())
        return shipped, f"Your decks file was not used: {problem}. Using the shipped decks.", True
    if user_file is not None:
        status = f"Decks from {user_file}"
    else:
        status = "Decks: Refkit's proposal"
        if data_folder is not None:
            status += f" (copy it to {user_decks_path(data_folder)} to edit)"
    if decks.unverified:
        status += ". Card counts are UNVERIFIED: the rulebook does not list them."
    return decks, status, False


def _scrolling(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(widget)
    return area


class StworzePanel(QWidget):
    """Everything a Stworze referee rolls, counts and tallies, in a dock-sized column."""

    def __init__(
        self, context: GameContext, data_folder: Path | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("stworze_panel")
        decks, status, problem = decks_for(data_folder)
        self.players = QComboBox()
        for count in range(1, 6):
            self.players.addItem("Solo" if count == 1 else f"{count} players", count)
        self.players.setCurrentIndex(DEFAULT_PLAYERS - 1)
        self.deck_status = QLabel(status)
        self.deck_status.setObjectName("stworze_deck_status")
        self.deck_status.setTextFormat(Qt.TextFormat.PlainText)
        self.deck_status.setWordWrap(True)
        if problem:
            self.deck_status.setStyleSheet(f"color: {PROBLEM_COLOUR};")
        self.tests = StworzeTestTab(decks, context)
        self.events = EventsTab(countdown_start(DEFAULT_PLAYERS))
        self.villages = VillagesTab(village_limit(DEFAULT_PLAYERS))
        from refkit.gui.games.stworze.table_tab import StworzeTableTab

        self.table = StworzeTableTab(context)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(_scrolling(self.tests), "Tests")
        self.tabs.addTab(_scrolling(self.events), "Events")
        self.tabs.addTab(_scrolling(self.villages), "Villages")
        self.tabs.addTab(_scrolling(self.table), "Table")

        top = QHBoxLayout()
        top.addWidget(QLabel("Players"))
        top.addWidget(self.players)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
        layout.addWidget(self.deck_status)
        layout.addWidget(self.tabs, 1)
        self.players.currentIndexChanged.connect(self._players_changed)

    def _players_changed(self, _: int) -> None:
        count = self.players.currentData()
        self.events.set_start(countdown_start(count))
        self.villages.set_limit(village_limit(count))
