"""User text is shown as text, never as markup, and long names elide instead of widening the window.

The real app is started on a database full of hostile names (crows, players, parties, items, the
dungeon, effects and their owners, tables and their rows); every panel and dialog that shows them
is opened, and then every label, button, message box and tooltip of every window is walked.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, QSettings
from PySide6.QtGui import QAction, QGuiApplication, Qt  # QtGui's Qt adds mightBeRichText
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QGroupBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QWidget,
)

from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.compose import open_character_service, table_service_on
from refkit.gui.common.plain_text import TOOLTIP_LIMIT, ElidedLabel
from refkit.gui.main import RefkitApp
from refkit.rules.character.model import Expertise
from refkit.rules.inventory.model import Inventory
from refkit.rules.tables.model import RollableTable, TableRow
from refkit.slot_record import replace
from refkit.store.database import Database
from refkit.store.dungeon_turn_store import DungeonTurnStore

OPEN_TIMEOUT_MS = 20_000
SAMPLE_CROW = "Brannoc Tull"

HEADING = "<h1>BIG</h1>"
IMAGE = '<img src="/etc/passwd">'
BOLD_ENTITY = "<b>x</b>&amp;"
HOSTILE = (HEADING, IMAGE, BOLD_ENTITY)
"""Markup a user might type; each must be shown exactly as typed."""

CROW = f"{HEADING} Crow {BOLD_ENTITY}"
PLAYER = f"{IMAGE} player"
PARTY = f"{BOLD_ENTITY} party"
DUNGEON = f"{HEADING} crypt"
EFFECT = f"{IMAGE} glow"
OWNER = f"{BOLD_ENTITY} owner"
TABLE = f"{HEADING} table"
TABLE_ROW = f"{IMAGE} goblins {BOLD_ENTITY}"
ITEM = f"{BOLD_ENTITY} axe"
ITEM_NOTES = f"{HEADING} notes {IMAGE}"
EXPERTISE = f"{IMAGE} lore"
LONG_NAME = "Wide" + "W" * 9_996
"""A 10,000-character name: it made the main window 140,846 px wide."""
LONG_PARTY = "Long party " + "P" * 3_000
SMALL_SCREEN_WIDTH = 1366
"""The narrowest laptop screen Refkit is laid out for. The offscreen test screen is 800 px wide,
less than the main window's own minimum with every dock (about 1,075 px), so a window may be as
wide as the wider of the two, and never wider for a long name than for an ordinary one."""


@dataclass(frozen=True)
class Offence:
    where: str
    what: str
    text: str

    def __str__(self) -> str:
        return f"{self.where} [{self.what}]: {self.text[:120]!r}"


def path_of(widget: QWidget) -> str:
    """The widget's class/objectName path from its window, to name it in a failure."""
    parts = []
    current: QWidget | None = widget
    while current is not None:
        parts.append(f"{type(current).__name__}#{current.objectName() or '?'}")
        current = current.parentWidget()
    return " < ".join(parts)


def raw_hostile(text: str) -> bool:
    return any(markup in text for markup in HOSTILE)


def escaped_hostile(text: str) -> bool:
    return any(html.escape(markup, quote=False) in text for markup in HOSTILE)


def rendered_as_rich(label: QLabel) -> bool:
    text_format = label.textFormat()
    if text_format == Qt.TextFormat.PlainText:
        return False
    if text_format == Qt.TextFormat.RichText:
        return True
    return Qt.mightBeRichText(label.text())


def tooltip_offence(where: str, tip: str) -> Offence | None:
    """A tooltip is rich when it looks rich (QToolTip guesses): then user markup must be escaped;
    a plain one must not show entities."""
    if not tip:
        return None
    if Qt.mightBeRichText(tip) and raw_hostile(tip):
        return Offence(where, "tooltip renders user text as markup", tip)
    if not Qt.mightBeRichText(tip) and escaped_hostile(tip):
        return Offence(where, "tooltip shows escaped entities as text", tip)
    return None


def label_offence(label: QLabel) -> Offence | None:
    text = label.text()
    where = path_of(label)
    if rendered_as_rich(label) and raw_hostile(text):
        return Offence(where, "QLabel renders user text as markup", text)
    if not rendered_as_rich(label) and escaped_hostile(text):
        return Offence(where, "QLabel shows escaped entities as text", text)
    return None


def model_tooltips(view: QAbstractItemView) -> Iterator[tuple[str, str]]:
    model = view.model()
    if model is None:
        return

    def walk(parent: QModelIndex, model: QAbstractItemModel) -> Iterator[tuple[str, str]]:
        for row in range(min(model.rowCount(parent), 500)):
            for column in range(64):  # a list model hides columnCount
                index = model.index(row, column, parent)
                if not index.isValid():
                    break
                tip = index.data(Qt.ItemDataRole.ToolTipRole)
                if isinstance(tip, str):
                    yield f"{path_of(view)} item ({row}, {column})", tip
                if column == 0 and model.rowCount(index) > 0:
                    yield from walk(index, model)

    yield from walk(QModelIndex(), model)


def offences_in(windows: list[QWidget]) -> list[Offence]:
    found: list[Offence] = []
    for window in windows:
        widgets = [window, *window.findChildren(QWidget)]
        for widget in widgets:
            problem = tooltip_offence(path_of(widget), widget.toolTip())
            if problem:
                found.append(problem)
            if isinstance(widget, QLabel):
                problem = label_offence(widget)
                if problem:
                    found.append(problem)
            if isinstance(widget, QAbstractItemView) and not isinstance(widget, QHeaderView):
                for where, tip in model_tooltips(widget):
                    problem = tooltip_offence(where, tip)
                    if problem:
                        found.append(problem)
            if isinstance(widget, (QAbstractButton, QGroupBox)):
                text = widget.text() if isinstance(widget, QAbstractButton) else widget.title()
                if "&amp;" in text.replace("&&", ""):  # a lone & is a mnemonic, not the text
                    found.append(Offence(path_of(widget), "button eats the user's &", text))
        for action in window.findChildren(QAction):
            where = f"{path_of(window)} action {action.objectName()}"
            problem = tooltip_offence(where, action.toolTip())
            if problem:
                found.append(problem)
            if "&amp;" in action.text().replace("&&", ""):
                found.append(Offence(where, "action eats the user's &", action.text()))
    unique: dict[tuple[str, str, str], Offence] = {}
    for offence in found:
        unique.setdefault((offence.where, offence.what, offence.text), offence)
    return list(unique.values())


# the hostile database ---------------------------------------------------------------------------


def seed_hostile_database(db_path: Path) -> None:
    """Crows, a party, items, the dungeon, effects and a table, all with markup in their names."""
    with open_character_service(str(db_path)) as characters:
        sample = characters.get(SAMPLE_CROW)
        items = tuple(
            replace(item, name=ITEM, notes=ITEM_NOTES) if index == 0 else item
            for index, item in enumerate(sample.items.items)
        )
        hostile = replace(
            sample,
            name=CROW,
            player=PLAYER,
            items=Inventory(items),
            expertises=(Expertise(EXPERTISE, "general", 2),),
            notes=ITEM_NOTES,
        )
        characters.create(hostile)
        characters.create(replace(sample, name=LONG_NAME, player=LONG_NAME))
        characters.create_party(PARTY, [CROW, LONG_NAME])
        characters.create_party(LONG_PARTY, [LONG_NAME])
    with Database.open(str(db_path)) as database:
        dungeon = DungeonTurnService(DungeonTurnStore(database))
        dungeon.start(dungeon=DUNGEON)
        dungeon.add_effect(EFFECT, 3, kind="light", owner=OWNER)
        dungeon.add_preset("torch", owner=CROW)
        dungeon.add_preset("lantern", owner=LONG_NAME)
        tables = table_service_on(database)
        tables.add(
            RollableTable(
                name=TABLE,
                dice="1d2",
                rows=(TableRow(1, 1, TABLE_ROW), TableRow(2, 2, f"{HEADING} two")),
                description=f"{IMAGE} from {BOLD_ENTITY}",
            )
        )
        tables.choose_encounter_table(DUNGEON, TABLE)


@pytest.fixture
def hostile_app(qtbot, settings: QSettings, tmp_path: Path) -> Iterator[RefkitApp]:
    db_path = tmp_path / "hostile.sqlite3"
    seed_hostile_database(db_path)
    app = RefkitApp(settings, db_url=str(db_path))
    qtbot.addWidget(app.window)
    with qtbot.waitSignal(app.window.first_painted, timeout=5000):
        app.window.show()
    app.start()
    qtbot.waitUntil(
        lambda: app.service is not None and app.character_panels is not None,
        timeout=OPEN_TIMEOUT_MS,
    )
    yield app
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QMessageBox):
            widget.close()
    app.window.close()
    app.shutdown()


def shown_windows() -> list[QWidget]:
    QApplication.processEvents()
    return [w for w in QApplication.topLevelWidgets() if w.isVisible()]


def open_everything(qtbot, app: RefkitApp, crow: str) -> list[Offence]:
    """Open every panel and dialog that shows the hostile names, walking the windows after each
    step (a later step may replace what an earlier one showed); the offences found."""
    panels = app.character_panels
    dungeon = app.dungeon
    assert panels is not None and dungeon is not None
    found: list[Offence] = []

    def walk() -> None:
        for offence in offences_in(shown_windows()):
            if offence not in found:
                found.append(offence)

    sheet = panels.sheet
    panels.session.open(crow)
    qtbot.waitUntil(lambda: sheet.name_label.text() == crow, timeout=5000)
    sheet.condition_buttons["blessed"].click()
    panels.session.damage(1)  # "Undo 1 damage to <the crow>"
    turn = dungeon.turn_panel
    combo = turn.party_combo
    qtbot.waitUntil(lambda: combo.findData(PARTY) >= 0, timeout=5000)
    combo.setCurrentIndex(combo.findData(PARTY))
    combo.activated.emit(combo.currentIndex())  # as when the referee picks it
    assert "party:" in combo.toolTip()  # it names the chosen party and its crows
    if not turn.players_button.isChecked():
        turn.toggle_players_window()
    editor = dungeon.table_editor
    qtbot.waitUntil(lambda: TABLE in editor.table_names(), timeout=5000)
    editor.select_table(TABLE)
    editor.roll()
    assert editor.ask_delete() is not None
    app.window.show_panel("effects_dock")
    app.dice_panel.notation.setText(f"2d6 {HEADING}")  # refused: the message quotes it
    app.dice_panel.roll_notation()
    assert HEADING in app.dice_panel.notation_error_text()
    walk()

    for open_dialog in (
        sheet.open_damage_dialog,
        sheet.open_rest_dialog,
        lambda: sheet.open_draw_dialog(None),
    ):
        assert open_dialog() is not None
        walk()

    turn.end_turn()
    turn.roll_encounter_table()
    walk()
    turn.start_rest()
    walk()
    turn.finish_rest()
    walk()
    return found


def test_every_widget_shows_hostile_names_as_plain_text(qtbot, hostile_app: RefkitApp) -> None:
    offences = open_everything(qtbot, hostile_app, CROW)
    assert not offences, "user text shown as markup:\n" + "\n".join(map(str, offences))


def test_a_ten_thousand_character_name_elides_inside_the_screen(
    qtbot, hostile_app: RefkitApp
) -> None:
    window = hostile_app.window
    panels = hostile_app.character_panels
    assert panels is not None
    panels.session.open(SAMPLE_CROW)
    QApplication.processEvents()
    ordinary = window.minimumSizeHint().width()

    open_everything(qtbot, hostile_app, LONG_NAME)
    windows = shown_windows()
    limit = max(QGuiApplication.primaryScreen().availableGeometry().width(), SMALL_SCREEN_WIDTH)
    wide = [
        f"{path_of(w)}: {w.width()} px wide, at least {w.minimumSizeHint().width()} px"
        for w in windows
        if max(w.width(), w.minimumSizeHint().width()) > limit
    ]
    assert not wide, f"wider than a {limit} px screen: {wide}"
    assert window.minimumSizeHint().width() <= ordinary  # the long name adds nothing

    sheet = panels.sheet
    assert isinstance(sheet.name_label, ElidedLabel)
    assert sheet.name_label.text() == LONG_NAME  # the whole name is kept …
    assert sheet.name_label.shown_text().endswith("…")  # … painted cut to the label …
    assert LONG_NAME[:TOOLTIP_LIMIT] in html.unescape(sheet.name_label.toolTip())  # … and told
    players = [w for w in windows if w.objectName() == "players_window"]
    assert players, "the players' window is open"
    tiles = [label for label in players[0].findChildren(ElidedLabel) if LONG_NAME in label.text()]
    assert tiles and all(label.is_elided() for label in tiles)
