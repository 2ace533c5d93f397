"""The map as the players know it, for the players' window: the hexes they believe they explored
and where they believe they are; never the true position, the lost dice or the places' notes.

What it shows is decided by :class:`~refkit.gui.travel.map_scene.HexMapScene` with the players'
viewer: an unexplored hex is blank parchment, a place shows its name only.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from refkit.app.travel.journey import Journey
from refkit.gui.common.plain_text import PLAIN
from refkit.gui.travel.map_document import MapDocument
from refkit.gui.travel.map_scene import HexMapScene, MapViewer, PartyPlace
from refkit.gui.travel.map_view import HexMapView


class PlayersMap(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("players_map")
        self.document = MapDocument(parent=self)
        self.scene = HexMapScene(self.document, MapViewer.PLAYERS, self)
        self.view = HexMapView(self.scene, self)
        self.caption = QLabel("No journey yet")
        self.caption.setTextFormat(PLAIN)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.view, 1)
        self._map_name: str | None = None

    def show_journey(self, journey: Journey | None) -> None:
        if journey is None:
            self.document.set_map(None)
            self.scene.set_party(None)
            self.caption.setText("No journey yet")
            self._map_name = None
            return
        state = journey.state
        if self.document.hex_map != journey.hex_map:
            self.document.set_map(journey.hex_map)
        # The players' view is given only what they believe: the true hex is the believed one.
        self.scene.set_party(
            PartyPlace(state.believed_hex, state.believed_hex, False, state.explored)
        )
        if self._map_name != journey.hex_map.name:
            self._map_name = journey.hex_map.name
            self.view.fit_map()
        self.view.centre_on_hex(state.believed_hex)
        self.caption.setText(f"{journey.name}, day {state.day}: {state.believed_hex.label}")
