"""A map kept fitted to its view settles: fitting it at any size does not set off a loop of
resizes (scroll bars that come and go as the fitted map fills the view, each one a resize and
another fit), which froze the Travel workspace at some sizes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

from refkit.app.travel.sample_map import SAMPLE_MAP_FILE
from refkit.gui.travel.map_document import MapDocument
from refkit.gui.travel.map_scene import HexMapScene, MapViewer
from refkit.gui.travel.map_view import HexMapView
from refkit.locate import resource_path
from refkit.rules.travel.map_file import parse_map


class Resizes(QObject):
    """Counts the viewport's resizes; past LOOPING it stops the view refitting, so a test of a
    view caught in the loop ends (and fails) instead of hanging."""

    LOOPING = 50

    def __init__(self, view: HexMapView) -> None:
        super().__init__()
        self.view = view
        self.count = 0

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.count += 1
            if self.count > self.LOOPING:
                self.view.zoom_by(1.0)  # as if the user zoomed: the view stops refitting
        return False


@pytest.mark.parametrize("size", [(150, 199), (198, 302), (320, 240), (640, 480), (150, 500)])
def test_a_fitted_map_settles_after_a_resize(qtbot, size: tuple[int, int]) -> None:
    path = resource_path(*SAMPLE_MAP_FILE)
    document = MapDocument(parse_map(path.read_text(encoding="utf-8"), str(path)))
    scene = HexMapScene(document, MapViewer.REFEREE)
    view = HexMapView(scene)
    qtbot.addWidget(view)
    view.resize(500, 500)
    view.show()
    view.fit_map()
    resizes = Resizes(view)
    view.viewport().installEventFilter(resizes)
    view.resize(*size)
    for _ in range(20):
        QApplication.processEvents()
    view.viewport().removeEventFilter(resizes)
    assert resizes.count <= 4, f"{resizes.count} resizes of the viewport at {size}"
