"""The Stworze panel: the deck in use on top, then the Tests tab and the Table tab — the table
kept with the campaign (the Event row, the players, the Villages), where the seated players set
the countdown dice's start and the Villages' limit."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from refkit.games.stworze import (
    Decks,
    load_decks,
    read_decks,
    shipped_decks_text,
    user_decks_path,
)
from refkit.gui.games.spec import GameContext
from refkit.gui.games.stworze.table_tab import StworzeTableTab
from refkit.gui.games.stworze.tests_tab import StworzeTestTab

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
        self.deck_status = QLabel(status)
        self.deck_status.setObjectName("stworze_deck_status")
        self.deck_status.setTextFormat(Qt.TextFormat.PlainText)
        self.deck_status.setWordWrap(True)
        if problem:
            self.deck_status.setStyleSheet(f"color: {PROBLEM_COLOUR};")
        self.tests = StworzeTestTab(decks, context)
        self.table = StworzeTableTab(context)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(_scrolling(self.tests), "Tests")
        self.tabs.addTab(_scrolling(self.table), "Table: Events, players, Villages")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.deck_status)
        layout.addWidget(self.tabs, 1)
