"""The Help menu's windows: the keyboard shortcuts (read from the action registry), a short guide
and the About text.

The shortcut list is built from the registry each time it is opened, so a key a feature adds or
changes is listed without anyone editing a help page. The guide is Refkit's own short tour.
"""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

import refkit
from refkit.gui.shell.actions import ActionRegistry

ABOUT_TITLE = f"Refkit {refkit.__version__}"
ABOUT_TEXT = (
    "A referee toolkit and character manager for Crows: Fortune or Death. "
    "Dice with exact odds and a roll log that survives restarts; the dungeon turn clock with "
    "lights, effects, encounter checks and greed; crows with their inventory boards, wounds "
    "and rests; spellcasting with chaos and backlashes; fights; crafting projects; overland "
    "hex travel with the Miasma; printable sheets and item cards; the item catalogue, roll "
    "tables, hazards and a rules lookup for Crows and four other games; a players' window "
    "for a second screen. Everything is saved as you go in one database file; the command line "
    "(refkit --help) reads and changes the same file."
)
ABOUT_NOTE = "Unofficial fan software, not affiliated with MCDM."

GUIDE_HTML = """
<h3>Refkit in five minutes</h3>
<p>Every panel is a dock: drag its title to move it, drop it on another to make tabs, close
it and bring it back from <b>View ▸ Panels</b>. <b>View ▸ Reset panel layout</b> puts
everything back. The three workspaces in the View menu arrange the window for a job at once:
<b>Referee</b> (Ctrl+1: the clock, the lights and the roll log side by side, the dice and the
fight a tab away), <b>Characters</b> (Ctrl+2: the crow list, the sheet and the item catalogue)
and <b>Travel</b> (Ctrl+3: the hex map and the travel day).</p>

<h4>Rolling a test</h4>
<p>Set the characteristic, add edges (E) and banes (B), toggle expertise (X), then press
Space. The odds of each tier are shown before you roll; the result lands in the roll log,
which you can filter (Ctrl+F) and export from the File menu. D rolls a d100, U the usage dice,
N lets you type any dice notation.</p>

<h4>Running the dungeon turn</h4>
<p>F6 starts, pauses and resumes the clock; F5 ends the dungeon turn: the lights and
effects roll their usage dice and the encounter check is made. F8 makes a loud-noise
check. Alt+Up and Alt+Down nudge the clock by a minute. The session log keeps what
happened, turn by turn. Ctrl+Shift+P opens the players' window: only what the players
should see, for a second screen. <b>From a crow</b> on the lights panel (or <b>Light it</b> on
the inventory board) lights a torch or lantern a crow carries: its own usage dice burn. A rest
starts, checks and finishes on the same panel; Finish rest asks for each crow's activity.</p>

<h4>Spells, fights and crafting</h4>
<p><b>Crows ▸ Cast a spell…</b> (Ctrl+Shift+M) casts from a book in the caster's hand, with the
odds of a backlash shown first. The <b>Fight</b> panel keeps the round, whose side acts and
every combatant; <b>Attack…</b> (Ctrl+Shift+A) takes the weapon in hand and shows the odds
before the roll. <b>Crows ▸ New crafting project…</b> tracks points toward an item, one roll
per crafter per rest.</p>

<h4>Travel and printing</h4>
<p>The <b>Travel</b> menu opens the hex map (paint habitats, roads, rivers and places) and the
travel day (pace, roles, route, rest and Miasma, each day one undo step). <b>File ▸ Print the
crow's sheet and cards…</b> (Ctrl+P) makes a PDF; the File menu also prints the party pack,
the catalogue's cards, spell cards and the referee's quick sheet.</p>

<h4>Crows</h4>
<p>The Crows menu builds a new crow step by step (Ctrl+Shift+N) and deals damage, heals and
rests the crow open on the sheet. On the inventory board, the arrow keys move, Space picks
an item up and puts it down, and W marks a wound. Drag items in from the item catalogue.
Import, export and back up crows from the same menu.</p>

<h4>Undo</h4>
<p>Almost everything can be undone (Ctrl+Z) and redone; the Edit menu names the step. If a
change cannot be saved, a bar under the toolbar says so, with Retry and Discard.</p>

<h4>Looking things up</h4>
<p>Ctrl+K opens the rules lookup from any Refkit window. Help ▸ Keyboard shortcuts lists
every key.</p>
"""


def shortcut_rows(registry: ActionRegistry) -> list[tuple[str, str, str]]:
    """(menu, command, keys) for every registered action that has keys, in menu order."""
    rows = []
    for spec in registry.specs():
        action = registry.action(spec.id)
        sequences = action.shortcuts()
        if not sequences:
            continue
        keys = ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in sequences)
        menu = spec.menu.replace("&", "") or "Window"
        command = spec.text.replace("&&", "\0").replace("&", "").replace("\0", "&")
        rows.append((menu, command, keys))
    return rows


class ShortcutsDialog(QDialog):
    """Every key of the window, with its menu and command (a table, sortable by column)."""

    def __init__(self, registry: ActionRegistry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcuts_dialog")
        self.setWindowTitle("Keyboard shortcuts")
        self.table = QTableWidget(0, 3, self)
        self.table.setObjectName("shortcuts_table")
        self.table.setHorizontalHeaderLabels(["Menu", "Command", "Keys"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self._registry = registry
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(560, 480)
        self.refresh()

    def refresh(self) -> None:
        """Read the registry again (features dock late and bring their keys with them)."""
        self.table.setSortingEnabled(False)
        rows = shortcut_rows(self._registry)
        self.table.setRowCount(len(rows))
        for row, values in enumerate(rows):
            for column, value in enumerate(values):
                self.table.setItem(row, column, QTableWidgetItem(value))  # items are plain text
        self.table.setSortingEnabled(True)


class GuideDialog(QDialog):
    """The short guide, in a scrolling text view."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("guide_dialog")
        self.setWindowTitle("Refkit guide")
        self.text = QTextBrowser(self)
        self.text.setObjectName("guide_text")
        self.text.setHtml(GUIDE_HTML)  # our own markup, no user text in it
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(600, 520)


def about_html() -> str:
    return (
        f"<h3>{escape(ABOUT_TITLE)}</h3><p>{escape(ABOUT_TEXT)}</p>"
        f"<p><small>{escape(ABOUT_NOTE)}</small></p>"
    )


__all__ = [
    "ABOUT_TEXT",
    "GUIDE_HTML",
    "GuideDialog",
    "ShortcutsDialog",
    "about_html",
    "shortcut_rows",
]
