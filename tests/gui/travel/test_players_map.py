"""The map as the players know it in the players' window: M shows it instead of the clock and
back; it shows the believed position and explored hexes, never the true position or notes; the
DT panel's players' window gets the page from the travel feature in the real window."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

from refkit.app.travel.journey import Journey
from refkit.gui.dungeon.players_window import PlayersWindow
from refkit.gui.shell.panel_registry import PanelId
from refkit.gui.travel.map_editor import rectangle_map
from refkit.gui.travel.players_map import PlayersMap
from refkit.rules.travel.hex_map import HexCell, PointOfInterest
from refkit.rules.travel.hexes import Hex
from refkit.rules.travel.travel_day import Traveller, TravelState


def lost_journey() -> Journey:
    base = rectangle_map("Vale", 6, 5)
    hex_map = base.with_cells(
        [(Hex(1, 0), HexCell("plains", places=(PointOfInterest("Mill", False, "a ghoul"),)))]
    )
    journey = Journey.begin("Trip", hex_map, Hex(0, 0), [Traveller("Mara")])
    state = TravelState(
        Hex(4, -1), Hex(1, 0), lost=True, day=1, travellers=journey.state.travellers,
        explored=frozenset({Hex(0, 0), Hex(1, 0)}),
    )  # fmt: skip
    return Journey(journey.name, hex_map, state)


def test_the_players_map_shows_what_they_believe_and_never_the_truth(qtbot):
    page = PlayersMap()
    qtbot.addWidget(page)
    journey = lost_journey()
    page.show_journey(journey)
    scene = page.scene
    assert scene.believed_mark.isVisible() and not scene.true_mark.isVisible()
    assert scene.cell_text(Hex(1, 0)) == "Hex 1,0 — plains, Mill (place)"
    assert scene.cell_text(Hex(4, -1)) == "Hex 4,-1 — unexplored"  # where they truly are
    (mark,) = scene.place_marks().values()
    assert "ghoul" not in mark.tooltip_text
    assert page.caption.text() == "Trip, day 1: 1,0"


def test_m_shows_the_map_page_instead_of_the_clock_and_back(qtbot):
    window = PlayersWindow()
    qtbot.addWidget(window)
    window.show()
    assert not window.map_action.isEnabled()
    page = PlayersMap()
    window.set_map_page(page)
    assert window.map_action.isEnabled() and not page.isVisible()
    window.map_action.trigger()
    assert window.map_page_shown() and page.isVisible()
    assert not window.clock.isVisibleTo(window)
    window.map_action.trigger()
    assert not window.map_page_shown() and window.clock.isVisibleTo(window)
    window.show_map_page(True)
    window.set_map_page(None)
    assert not window.map_page_shown() and window.clock.isVisibleTo(window)


def test_the_dt_panels_players_window_gets_the_travel_map(qtbot, start_app, tmp_path):
    app = start_app(tmp_path / "refkit.sqlite3")
    registry = app.panels
    qtbot.waitUntil(lambda: registry.has(PanelId.TRAVEL_DAY), timeout=5000)
    turn = registry.widget(PanelId.DUNGEON_TURN)
    turn.set_players_window_shown(True)
    window = turn.players_window
    assert window.map_action.isEnabled()
    assert window.map_action.shortcut() == QKeySequence("M")
    window.map_action.trigger()
    assert window.map_page_shown()
    turn.set_players_window_shown(False)
