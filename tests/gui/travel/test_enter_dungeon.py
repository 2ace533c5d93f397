"""A dungeon on the travel map is the one the DT panel enters: its context menu's "Enter this
dungeon" starts DT 1 of that dungeon (its greed visits under its name) and chooses the map's
encounter table for it on the DT panel."""

from __future__ import annotations

from dataclasses import replace

from refkit.gui.shell.panel_registry import PanelId
from refkit.gui.travel.map_editor import MapEditor, rectangle_map
from refkit.rules.travel.hex_map import HexCell, PointOfInterest
from refkit.rules.travel.hexes import Hex


def with_dungeon(name, table):
    hex_map = rectangle_map("Fenlands", 6, 5)
    crypt = PointOfInterest(name, dungeon=True, encounter_table=table)
    cells = dict(hex_map.cells)
    cells[Hex(2, 2)] = HexCell("swamp", places=(crypt, PointOfInterest("A well")))
    return replace(hex_map, cells=cells)


def test_enter_this_dungeon_starts_dt_1_of_it_with_its_table(qtbot, start_app, tmp_path):
    app = start_app(tmp_path / "refkit.sqlite3")
    registry = app.panels
    qtbot.waitUntil(lambda: registry.has(PanelId.TRAVEL_MAP), timeout=5000)
    turn = registry.show(PanelId.DUNGEON_TURN)
    tables = [turn.encounters.table_combo.itemText(i)
              for i in range(turn.encounters.table_combo.count())]  # fmt: skip
    table = next(name for name in tables if name and "encounter" in name.casefold())
    app.actions.action("travel_map").trigger()
    editor = registry.widget(PanelId.TRAVEL_MAP, MapEditor)
    editor.show_map(with_dungeon("The Drowned Crypt", table), saved=False)
    assert editor.view.place_menu(Hex(0, 0)) is None  # no dungeon there: no menu
    menu = editor.view.place_menu(Hex(2, 2))
    assert [a.text() for a in menu.actions()] == ["Enter this dungeon: The Drowned Crypt"]
    menu.actions()[0].trigger()
    qtbot.waitUntil(lambda: turn.session.view().clock.dt == 1, timeout=5000)
    clock = turn.session.view().clock
    assert clock.dungeon == "The Drowned Crypt"
    assert turn.session.table_service.encounter_table("The Drowned Crypt") == table
    # The chooser follows once the tables are read (in the worker, not waited for).
    qtbot.waitUntil(lambda: turn.encounters.table_combo.currentText() == table, timeout=5000)
