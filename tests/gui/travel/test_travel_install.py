"""The travel feature in the real window: the Travel menu, its two panels docked and built when
shown, a map saved in the map panel offered for a new journey on the day panel."""

from __future__ import annotations

from refkit.gui.shell.panel_registry import MenuId, PanelId
from refkit.gui.travel.day_panel import TravelDayPanel
from refkit.gui.travel.map_editor import MapEditor, rectangle_map


def test_the_travel_menu_opens_the_panels_and_a_saved_map_starts_a_journey(
    qtbot, start_app, tmp_path
):
    app = start_app(tmp_path / "refkit.sqlite3")
    registry = app.panels
    qtbot.waitUntil(lambda: registry.has(PanelId.TRAVEL_DAY), timeout=5000)
    titles = [action.text() for action in registry.menu(MenuId.TRAVEL).actions()]
    assert "Travel &day" in titles and "Travel &map" in titles
    app.actions.action("travel_map").trigger()
    editor = registry.widget(PanelId.TRAVEL_MAP, MapEditor)
    assert registry.panel(PanelId.TRAVEL_MAP).isVisible()
    editor.show_map(rectangle_map("Fenlands", 8, 6), saved=False)
    assert editor.save()
    app.actions.action("travel_day").trigger()
    day = registry.widget(PanelId.TRAVEL_DAY, TravelDayPanel)
    # The panel reads its journeys and maps in the worker once it is built.
    qtbot.waitUntil(lambda: day.start_map.findText("Fenlands") >= 0, timeout=5000)
    day.start_map.setCurrentText("Fenlands")
    day.new_journey.setText("Across the fen")
    day.hirelings.setText("Ivo=1,1,1")
    day.start_button.click()
    assert day.problem.isHidden(), day.problem.text()
    assert day.journey.hex_map.name == "Fenlands"


def test_the_travel_workspace_puts_the_day_in_front_beside_the_map(qtbot, start_app, tmp_path):
    from refkit.gui.shell.workspaces import in_front

    app = start_app(tmp_path / "refkit.sqlite3")
    registry = app.panels
    qtbot.waitUntil(lambda: registry.has(PanelId.TRAVEL_DAY), timeout=5000)
    app.actions.action("workspace_travel").trigger()
    window = registry.window

    def fronts():
        return {p for p in registry.panels() if in_front(window, registry.panel(p))}

    qtbot.waitUntil(lambda: {PanelId.TRAVEL_DAY, PanelId.TRAVEL_MAP} <= fronts(), timeout=3000)
    assert PanelId.DUNGEON_TURN not in fronts()


def test_a_map_edited_and_saved_is_the_journeys_map_from_then_on(qtbot, start_app, tmp_path):
    from refkit.gui.travel.map_editor import Tool
    from refkit.rules.travel.hexes import Hex

    app = start_app(tmp_path / "refkit.sqlite3")
    registry = app.panels
    qtbot.waitUntil(lambda: registry.has(PanelId.TRAVEL_DAY), timeout=5000)
    editor = registry.widget(PanelId.TRAVEL_MAP, MapEditor)
    editor.show_map(rectangle_map("Fenlands", 8, 6), saved=False)
    assert editor.save()
    day = registry.widget(PanelId.TRAVEL_DAY, TravelDayPanel)
    day.reload()
    day.start_map.setCurrentText("Fenlands")
    day.new_journey.setText("Across the fen")
    day.hirelings.setText("Ivo=1,1,1")
    day.with_party.setChecked(False)
    day.start_button.click()
    editor.set_tool(Tool.HABITAT)
    editor.habitat.setCurrentText("swamp")
    editor.apply_at(Hex(3, 0))
    assert editor.save()
    assert day.journey.hex_map.cell(Hex(3, 0)).habitat == "swamp"
    app.undo_stack.undo()  # the journey back on the map it had
    assert day.journey.hex_map.cell(Hex(3, 0)).habitat == "plains"
