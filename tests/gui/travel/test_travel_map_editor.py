"""The hex map panel: the readout, keyboard cursor and zoom; painting, roads and rivers drawn by
dragging, places added, each stroke undone and redone; a map saved to the database; the players'
view hides what they have not explored and the true position."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, Qt

from refkit.app.travel.map_library import MapLibrary
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.gui.travel.hex_geometry import centre
from refkit.gui.travel.map_document import MapDocument
from refkit.gui.travel.map_editor import MapEditor, Tool, rectangle_map
from refkit.gui.travel.map_scene import HexMapScene, MapViewer, PartyPlace
from refkit.gui.travel.map_view import HexMapView, step_for_key
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database


@pytest.fixture
def library(tmp_path):
    with Database.open(str(tmp_path / "refkit.sqlite3")) as db:
        yield MapLibrary(CharacterRepository(db))


@pytest.fixture
def editor(qtbot, library):
    stack = RefkitUndoStack()
    widget = MapEditor(stack, library)
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.show()
    widget.show_map(rectangle_map("Vale", 6, 5), saved=False)
    widget.stack = stack
    return widget


def point_of(view: HexMapView, hex_: Hex) -> QPoint:
    return view.mapFromScene(centre(hex_))


def drag(qtbot, view: HexMapView, hexes: list[Hex]) -> None:
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=point_of(view, hexes[0]))
    for hex_ in hexes[1:]:
        qtbot.mouseMove(viewport, point_of(view, hex_))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=point_of(view, hexes[-1]))


def test_arrow_keys_go_and_come_back_to_the_same_hex():
    for start in (Hex(0, 0), Hex(1, -1), Hex(-3, 2)):
        right = step_for_key(start, Qt.Key.Key_Right)
        assert right is not None and start.distance(right) == 1
        assert step_for_key(right, Qt.Key.Key_Left) == start
        assert step_for_key(start, Qt.Key.Key_Up) == start.step(HexDirection.N)


def test_the_keyboard_cursor_moves_and_the_readout_names_the_hex(qtbot, editor):
    editor.view.setFocus()
    editor.view.move_cursor(Hex(2, 0))
    qtbot.keyClick(editor.view, Qt.Key.Key_Down)
    assert editor.scene.cursor_hex == Hex(2, 1)
    assert editor.readout.text() == "Hex 2,1 — plains"
    qtbot.keyClick(editor.view, Qt.Key.Key_Right)
    assert editor.scene.cursor_hex == Hex(3, 1)  # even column: right is south-east


def test_zoom_with_ctrl_plus_minus_and_the_wheel_stays_in_bounds(qtbot, editor):
    view = editor.view
    before = view.scale_now()
    qtbot.keyClick(view, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert view.scale_now() == pytest.approx(before * 1.25)
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert view.scale_now() == pytest.approx(before)
    for _ in range(60):
        view.zoom_by(0.5)
    assert view.scale_now() == pytest.approx(0.04)


def test_painting_a_habitat_by_dragging_is_one_undoable_step(qtbot, editor):
    editor.set_tool(Tool.HABITAT)
    editor.habitat.setCurrentText("forest")
    drag(qtbot, editor.view, [Hex(1, 0), Hex(2, 0), Hex(3, -1)])
    cells = editor.document.hex_map.cells
    assert [cells[h].habitat for h in (Hex(1, 0), Hex(2, 0), Hex(3, -1))] == ["forest"] * 3
    assert editor.stack.count() == 1
    editor.stack.undo()
    assert editor.document.hex_map.cells[Hex(2, 0)].habitat == "plains"
    editor.stack.redo()
    assert editor.document.hex_map.cells[Hex(2, 0)].habitat == "forest"


def test_a_river_flows_the_way_it_is_drawn_and_a_road_joins_hexes(qtbot, editor):
    editor.set_tool(Tool.RIVER)
    drag(qtbot, editor.view, [Hex(1, 0), Hex(1, 1), Hex(2, 1)])
    cells = editor.document.hex_map.cells
    assert cells[Hex(1, 0)].river is HexDirection.S
    assert cells[Hex(1, 1)].river is HexDirection.SE
    assert cells[Hex(2, 1)].river is None  # where the drawing ended: no flow out yet
    editor.set_tool(Tool.ROAD)
    drag(qtbot, editor.view, [Hex(0, 2), Hex(1, 2)])
    assert editor.document.hex_map.cells[Hex(1, 2)].road
    editor.erase.setChecked(True)
    drag(qtbot, editor.view, [Hex(1, 2)])
    assert not editor.document.hex_map.cells[Hex(1, 2)].road
    assert editor.stack.count() == 3


def test_a_place_is_added_from_the_form_with_the_keyboard_and_its_notes_are_the_referees(
    qtbot, editor
):
    editor.set_tool(Tool.PLACE)
    editor.view.move_cursor(Hex(2, 1))
    qtbot.keyClick(editor.view, Qt.Key.Key_Return)
    assert "name" in editor.problem.text() and not editor.problem.isHidden()
    editor.place_name.setText("Sunken <b>Abbey</b>")
    editor.place_dungeon.setChecked(True)
    editor.place_notes.setText("greed 2")
    qtbot.keyClick(editor.view, Qt.Key.Key_Return)
    (place,) = editor.document.hex_map.cells[Hex(2, 1)].places
    assert (place.name, place.dungeon, place.notes) == ("Sunken <b>Abbey</b>", True, "greed 2")
    mark = editor.scene.place_marks()[Hex(2, 1)]
    assert mark.tooltip_text == "Sunken <b>Abbey</b> (dungeon): greed 2"
    assert "&lt;b&gt;" in mark.toolTip()  # shown as typed, not as bold


def test_a_dungeon_is_given_its_encounter_table_in_the_place_form(qtbot, editor):
    editor.set_tool(Tool.PLACE)
    assert not editor.place_table.isEnabled()  # only a dungeon has one
    editor.place_name.setText("The Drowned Crypt")
    editor.place_dungeon.setChecked(True)
    editor.place_table.setText(" Crypt foes ")
    editor.view.move_cursor(Hex(2, 1))
    qtbot.keyClick(editor.view, Qt.Key.Key_Return)
    (place,) = editor.document.hex_map.cells[Hex(2, 1)].places
    assert (place.dungeon, place.encounter_table) == (True, "Crypt foes")


def test_the_map_is_saved_to_the_database_and_opened_again(qtbot, editor, library):
    editor.set_tool(Tool.HABITAT)
    editor.habitat.setCurrentText("swamp")
    drag(qtbot, editor.view, [Hex(0, 0)])
    assert editor.save_button.text().endswith("*")
    assert editor.save()
    assert library.load("Vale").cells[Hex(0, 0)].habitat == "swamp"
    assert editor.maps.currentText() == "Vale" and editor.save_button.text() == "Save map"


def test_an_edit_of_a_map_saved_elsewhere_meanwhile_is_refused_not_saved_over(
    qtbot, editor, library
):
    assert editor.save()  # Vale stored, then opened as another window would open it
    editor.open_map("Vale")
    elsewhere = library.load_versioned("Vale")
    library.save(replace(elsewhere.hex_map, start=None), expected_version=elsewhere.version)
    editor.set_tool(Tool.HABITAT)
    editor.habitat.setCurrentText("swamp")
    drag(qtbot, editor.view, [Hex(0, 0)])

    assert not editor.save()

    assert "the map 'Vale' was changed since" in editor.problem.text()
    stored = library.load("Vale")
    assert stored.start is None and stored.cells[Hex(0, 0)].habitat != "swamp"
    editor.open_map("Vale")  # read again, the edit is made on the map as it now is
    drag(qtbot, editor.view, [Hex(0, 0)])
    assert editor.save()
    assert library.load("Vale").cells[Hex(0, 0)].habitat == "swamp"


def test_a_failed_save_is_said_in_the_panel_and_the_map_is_kept(qtbot, editor):
    class Refusing:
        def names(self):
            return []

        def save(self, hex_map, *, replace=True, expected_version=None):
            raise ValueError("the database is read-only")

    editor.book = Refusing()
    assert not editor.save()
    assert "not saved: the database is read-only" in editor.problem.text()
    assert editor.document.hex_map.name == "Vale"


def test_the_players_see_only_what_they_explored_and_never_the_true_position(qtbot):
    hex_map = rectangle_map("Vale", 6, 5)
    document = MapDocument(hex_map)
    players = HexMapScene(document, MapViewer.PLAYERS)
    referee = HexMapScene(document, MapViewer.REFEREE)
    party = PartyPlace(Hex(1, 0), Hex(3, -1), True, frozenset({Hex(0, 0), Hex(1, 0)}))
    for scene in (players, referee):
        scene.set_party(party)
    assert players.believed_mark.isVisible() and not players.true_mark.isVisible()
    assert referee.true_mark.isVisible()
    assert players.cell_text(Hex(4, 0)) == "Hex 4,0 — unexplored"
    assert players.cell_text(Hex(3, -1)) == "Hex 3,-1 — unexplored"
    assert referee.cell_text(Hex(3, -1)) == "Hex 3,-1 — plains, the party is truly here"


def test_a_fresh_undo_stack_takes_strokes_too(qtbot, library):
    widget = MapEditor(RefkitUndoStack(), library)
    qtbot.addWidget(widget)
    widget.show_map(rectangle_map("Small", 2, 2), saved=False)
    widget.set_tool(Tool.CLEAR)
    widget.apply_at(Hex(0, 0))  # nothing to clear: no step
    assert widget.undo_stack.count() == 0


def test_a_habitat_is_added_with_its_colour_and_pattern_and_undone(qtbot, editor):
    editor.habitat_name.setText("ashfield")
    editor.habitat_colour.setText("#6e6259")
    editor.habitat_pattern.setCurrentText("stones")
    assert editor.keep_habitat()
    assert editor.document.hex_map.habitat("ashfield").pattern == "stones"
    assert editor.habitat.currentText() == "ashfield"
    editor.set_tool(Tool.HABITAT)
    drag(qtbot, editor.view, [Hex(1, 1)])
    assert editor.document.hex_map.cells[Hex(1, 1)].habitat == "ashfield"
    editor.stack.undo()  # the paint
    editor.stack.undo()  # the habitat
    assert "ashfield" not in [h.name for h in editor.document.hex_map.habitats]
    assert editor.habitat.findText("ashfield") == -1


def test_a_bad_habitat_colour_is_refused_in_the_panel(qtbot, editor):
    editor.habitat_name.setText("lava")
    editor.habitat_colour.setText("red")
    assert not editor.keep_habitat()
    assert "#3f6b35" in editor.problem.text() and editor.stack.count() == 0
