"""Frame time while panning a 100 × 100 hex map (issue 11), printed in ms per frame.

Each frame scrolls the view by 40 pixels and repaints it at once (``viewport().repaint()``), on a
1366 × 768 view, at three zooms: close (a hex ~80 px wide), middle (~24 px) and far (the whole
map, colour only). The blocks are timed cached as device pixmaps (what Refkit does) in a pixmap
cache as large as the window makes it (``refkit.gui.shell.pixmap_cache``, from the screen) and in
the 256 MiB the map scene used to raise it to, and uncached, side by side in one run.

    xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python tests/bench/bench_hex_map.py
"""

from __future__ import annotations

import math
import random
import statistics
import time

from PySide6.QtGui import QPixmapCache
from PySide6.QtWidgets import QApplication, QGraphicsItem

from refkit.gui.shell.pixmap_cache import budget_kb
from refkit.gui.travel.map_document import MapDocument
from refkit.gui.travel.map_scene import HexBlock, HexMapScene, PartyPlace
from refkit.gui.travel.map_view import HexMapView
from refkit.rules.travel.hex_map import DEFAULT_HABITATS, HexCell, HexMap, PointOfInterest
from refkit.rules.travel.hexes import Hex, HexDirection

FRAMES = 120
SIDE = 100


def big_map(rng: random.Random) -> HexMap:
    names = [h.name for h in DEFAULT_HABITATS]
    cells: dict[Hex, HexCell] = {}
    for q in range(SIDE):
        for row in range(SIDE):
            hex_ = Hex(q, row - q // 2)
            band = int((math.sin(q * 0.3) + math.cos(row * 0.25) + 2) * 1.7) % len(names)
            habitat = names[band] if rng.random() < 0.8 else rng.choice(names)
            road = row == 50 or q == 50
            river = rng.choice(list(HexDirection)) if rng.random() < 0.06 else None
            places = (
                (PointOfInterest(f"Place {q},{row}", rng.random() < 0.5, "notes"),)
                if (rng.random() < 0.01)
                else ()
            )
            cells[hex_] = HexCell(habitat, road=road, river=river, places=places)
    return HexMap("Bench", cells, start=Hex(0, 0))


def pan_frames(view: HexMapView, app: QApplication) -> list[float]:
    bar = view.horizontalScrollBar()
    times = []
    step = 40
    for frame in range(FRAMES):
        if bar.value() + step > bar.maximum() or bar.value() + step < bar.minimum():
            step = -step
        began = time.perf_counter()
        bar.setValue(bar.value() + step)
        view.viewport().repaint()
        app.processEvents()
        times.append((time.perf_counter() - began) * 1000)
        del frame
    return times


def run(
    mode: QGraphicsItem.CacheMode, limit_kb: int, hex_map: HexMap, app: QApplication
) -> dict[str, float]:
    HexBlock.cache_mode = mode
    QPixmapCache.clear()
    QPixmapCache.setCacheLimit(limit_kb)
    scene = HexMapScene(MapDocument(hex_map))
    scene.set_party(PartyPlace(Hex(50, 0), Hex(50, 0), False, frozenset()))
    view = HexMapView(scene)
    view.resize(1366, 768)
    view.show()
    app.processEvents()
    results = {}
    for label, scale in (("close", 1.0), ("middle", 0.3), ("far", None)):
        view.resetTransform()
        if scale is None:
            view.fit_map()
        else:
            view.scale(scale, scale)
        view.centerOn(scene.map_rect().center())
        view.viewport().repaint()  # the first frame at a zoom fills the caches
        app.processEvents()
        times = pan_frames(view, app)
        results[label] = statistics.median(times)
        results[label + " p95"] = sorted(times)[int(len(times) * 0.95)]
    view.close()
    return results


def main() -> None:
    app = QApplication.instance() or QApplication([])
    hex_map = big_map(random.Random(11))
    print(f"{len(hex_map.cells)} hexes, {FRAMES} frames per zoom, 1366x768, ms per frame")
    screens = [(screen.size(), screen.devicePixelRatio()) for screen in app.screens()]
    bound = budget_kb(screens)  # what the window sets on this screen, with no setting
    cached = QGraphicsItem.CacheMode.DeviceCoordinateCache
    rows = {}
    for name, mode, limit in ((f"cached {bound // 1024} MiB", cached, bound),
                              ("cached 256 MiB", cached, 256 * 1024),
                              ("uncached", QGraphicsItem.CacheMode.NoCache, bound)):  # fmt: skip
        rows[name] = run(mode, limit, hex_map, app)
    HexBlock.cache_mode = QGraphicsItem.CacheMode.DeviceCoordinateCache
    labels = list(next(iter(rows.values())))
    print(f"{'':16}" + "".join(f"{label:>12}" for label in labels))
    for name, values in rows.items():
        print(f"{name:16}" + "".join(f"{values[label]:12.1f}" for label in labels))


if __name__ == "__main__":
    main()
