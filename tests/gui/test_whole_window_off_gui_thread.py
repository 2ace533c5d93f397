"""The whole window, once started, runs no database statement on the GUI thread (issue 22 item 7).

The real main window is started on a database holding the sample party (and a smith, so a
crafting project can be started and rolled), start-up is let finish, and then a script drives
the window the way an evening at the table does: every workspace (Ctrl+1, Ctrl+2, Ctrl+3), every
panel's refresh, a crow edit with its undo and redo, End DT, a rest, dice rolls, table rolls,
crafting, a travel day step by step, the map editor and the fight tracker. Every statement the
window's engine is asked to execute on the GUI thread is recorded (SQLAlchemy's
``before_cursor_execute``) with the script step and the app frames that asked for it; the test
fails naming each one.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QKeySequence
from sqlalchemy import event

from refkit.compose import Services
from refkit.gui.main import RefkitApp
from refkit.gui.shell.panel_registry import PanelId
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
from refkit.rules.inventory.catalogue import find_catalogue_item
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.roles import Task

WREN = "Wren Ashdown"
SMITH = "Hild the Smith"
REFRESHES = ("refresh", "reload", "refresh_maps", "refresh_bestiary", "refresh_crows")
"""The methods a panel reads its state again with (each panel has one or more of them)."""


def _with_a_smith(db_file: Path) -> None:
    """The sample database, with a crow who can start and roll a crafting project."""
    with Services(db_url=str(db_file)) as services:
        tools = find_catalogue_item(services.characters.catalogue(), "Blacksmith's tools")
        bars = Item(
            "Iron bar", area=BACKPACK, at=2, count=2, stack=StackInfo("bar", 2), tags=("material",)
        )
        services.characters.create(
            Character(
                SMITH,
                Characteristics(1, 1, 2),
                Stamina(5, 5),
                expertises=(Expertise("Blacksmithing", "general", 2),),
                items=Inventory((tools.to_item().moved_to(BACKPACK, 1), bars)),
            )
        )


class GuiThreadStatements:
    """Every statement the window's engine runs on the GUI thread, and the step that ran it."""

    def __init__(self) -> None:
        self.step = "start-up"
        self.seen: list[str] = []

    def __call__(self, _conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        frames = [
            f"{Path(frame.filename).name}:{frame.lineno} {frame.name}"
            for frame in traceback.extract_stack()
            if "/refkit/" in frame.filename and "/store/" not in frame.filename
        ]
        where = " < ".join(reversed(frames[-5:]))
        self.seen.append(f"[{self.step}] {statement.split()[0]} from {where}")


@contextmanager
def watching(app: RefkitApp) -> Iterator[GuiThreadStatements]:
    assert app.database is not None
    engine = app.database.engine
    statements = GuiThreadStatements()
    event.listen(engine, "before_cursor_execute", statements)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", statements)


@pytest.fixture
def app(start_app, qtbot, db_file: Path) -> RefkitApp:
    _with_a_smith(db_file)
    started: RefkitApp = start_app(db_file)
    ready: list[bool] = []
    started.when_ready(lambda *_args: ready.append(True))
    qtbot.waitUntil(lambda: bool(ready), timeout=30000)
    qtbot.wait(300)  # the panels' first reads, asked for once they were built, come back
    return started


def _in_the_event_loop(qtbot, step: Callable[[], object]) -> None:
    """Run ``step`` from inside the running event loop, as a click or a key press does."""
    done: list[bool] = []

    def run() -> None:
        try:
            step()
        finally:
            done.append(True)

    QTimer.singleShot(0, run)
    qtbot.waitUntil(lambda: bool(done), timeout=20000)


def _by_shortcut(app: RefkitApp, keys: str) -> None:
    wanted = QKeySequence(keys)
    for action in app.window.findChildren(type(app.actions.action("workspace_referee"))):
        if wanted in action.shortcuts() and action.isEnabled():
            action.trigger()
            return
    raise AssertionError(f"no action has the shortcut {keys}")


def _script(app: RefkitApp) -> Iterator[tuple[str, Callable[[], object]]]:
    """(what, how) for every step the script takes, in order."""
    panels = app.panels
    for keys in ("Ctrl+1", "Ctrl+2", "Ctrl+3", "Ctrl+1"):
        yield f"workspace {keys}", lambda keys=keys: _by_shortcut(app, keys)
    for panel in PanelId:
        if not panels.has(panel):
            continue
        yield f"show {panel.value}", lambda panel=panel: panels.show(panel)
        widget = panels.widget(panel)
        for name in REFRESHES:
            if callable(getattr(widget, name, None)):
                yield f"{panel.value}.{name}", getattr(widget, name)
    yield "dungeon refresh", app.dungeon.session.refresh

    assert app.character_panels is not None
    crows = app.character_panels.session
    yield "open a crow", lambda: crows.open(WREN)
    yield "crow condition", lambda: crows.toggle_condition("blessed", True)
    yield "crow damage", lambda: crows.damage(1)
    yield "crow heal", lambda: crows.heal_stamina(1)
    yield "crow list refresh", app.character_panels.list_panel.refresh

    turn = panels.widget(PanelId.DUNGEON_TURN)
    yield "start the DT clock", turn.toggle_run
    yield "End DT", turn.end_turn
    yield "End DT again", turn.end_turn
    yield "encounter table roll", turn.roll_encounter_table
    party = turn.party_combo
    at_table = party.currentIndex()
    yield "no party at the table", lambda: party.activated.emit(0)
    yield "the party back at the table", lambda: party.activated.emit(at_table)
    yield "start a rest", turn.start_rest
    yield "finish the rest", lambda: turn.finish_rest()

    dice = panels.widget(PanelId.DICE)
    yield "choose a crow to roll for", lambda: dice.choose_crow(WREN)
    yield "roll a test", dice.roll_test
    yield "roll d100", dice.roll_d100
    tables = panels.widget(PanelId.TABLES)
    yield "table roll", tables.roll

    crafting = panels.widget(PanelId.CRAFTING)
    yield "start a crafting project", lambda: crafting.start("Knife", [SMITH], "")
    yield "crafting odds", crafting.show_odds
    yield "crafting roll", lambda: (crafting.rest_edit.setText("town, day 1"), crafting.roll())

    from refkit.gui.travel.map_editor import Tool, rectangle_map

    editor = panels.widget(PanelId.TRAVEL_MAP)
    yield "a new map", lambda: editor.show_map(rectangle_map("Fenlands", 8, 6), saved=False)
    yield "paint a hex", lambda: (editor.set_tool(Tool.HABITAT), editor.apply_at(Hex(3, 0)))
    yield "save the map", editor.save
    yield "open the map", lambda: editor.open_map("Fenlands")
    day = panels.widget(PanelId.TRAVEL_DAY)

    def start_journey() -> None:
        day.start_map.setCurrentText("Fenlands")
        day.new_journey.setText("Across the fen")
        day.hirelings.setText("Ivo=1,1,1")
        day.with_party.setChecked(False)
        day.start_button.click()
        row = day.role_row("Ivo")
        row.task.setCurrentIndex(row.task.findData(Task.NORMAL_ROUTE))
        day.add_step(HexDirection.SE)

    yield "start a journey", start_journey
    yield "begin the day", day.steps_box.begin_button.click
    for number in range(1, 4):
        yield f"travel step {number}", day.steps_box.next_button.click

    spells = panels.widget(PanelId.SPELLS)

    def new_spell() -> None:
        editor = spells.open_editor(None)
        shipped = spells.library.shipped[0]
        book = replace(shipped.book, name="Hild's ember book")
        editor.saved.emit((replace(shipped, name="Hild's Ember", book=book), None))
        assert "Hild's Ember" in spells.names_shown(), editor.problem.text()

    yield "a spell of one's own", new_spell

    fight = panels.widget(PanelId.FIGHT)
    yield "fight: the party joins", fight.add_party
    yield "fight: creatures join", fight.add_creatures
    yield "fight: new round", lambda: fight.new_round(die=1)
    yield "fight: next turn", fight.next_turn
    yield "fight: damage", lambda: (fight.pick(next(iter(fight.rows))), fight.damage_picked())

    yield "fight: the attack window", lambda: fight.attack_requested.emit("")

    def attack() -> None:
        from refkit.gui.combat.attack_dialog import AttackDialog

        dialog = app.window.findChild(AttackDialog)
        assert dialog is not None, "the attack window opened"
        dialog.roll()
        dialog.close()

    yield "fight: an attack", attack
    yield "the players' window", turn.toggle_players_window
    yield "the players' window closed", turn.toggle_players_window

    yield "undo", app.undo_stack.undo
    yield "undo again", app.undo_stack.undo
    yield "redo", app.undo_stack.redo
    for keys in ("Ctrl+2", "Ctrl+3", "Ctrl+1"):
        yield f"workspace {keys} again", lambda keys=keys: _by_shortcut(app, keys)


def test_driving_every_workspace_and_panel_runs_no_statement_on_the_gui_thread(
    app: RefkitApp, qtbot
) -> None:
    with watching(app) as statements:
        for what, step in _script(app):
            statements.step = what
            _in_the_event_loop(qtbot, step)
            qtbot.wait(20)  # what the step asked for later (a view refreshed after it) runs
        statements.step = "afterwards"
        qtbot.wait(500)
    assert app.undo_stack.count() > 10, "the script's steps were made"
    assert statements.seen == [], f"{len(statements.seen)} statements on the GUI thread:\n" + (
        "\n".join(statements.seen)
    )
