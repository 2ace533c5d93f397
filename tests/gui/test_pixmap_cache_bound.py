"""Issue 30 §6: Qt's pixmap cache is sized for the maps on screen, not raised to 256 MiB.

The style keeps a picture of every combo and spin box it paints (per size, state and palette) in
the one pixmap cache the hex maps' blocks live in; the map scene raised the cache to 256 MiB, so
the pictures of every attack's closed dialog piled up all evening (heaptrack: ~0.3 MiB per
attack, all ``QCachedPainter``). Now the window sets one limit from its screens (or
``memory/pixmap_cache_mib``) and no map raises it.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QSettings, QSize
from PySide6.QtGui import QPixmap, QPixmapCache

from refkit.gui.main import RefkitApp
from refkit.gui.shell.panel_registry import PanelId
from refkit.gui.shell.pixmap_cache import (
    PIXMAP_CACHE_KEY,
    SCREENFULS,
    budget_kb,
    pixmap_cache_kb,
)
from refkit.gui.travel.map_document import MapDocument
from refkit.gui.travel.map_scene import HexMapScene

MIB = 1024


def test_the_window_bounds_the_cache_and_its_maps_leave_it_alone(
    qtbot, start_app, settings: QSettings, db_file: Path
) -> None:
    app: RefkitApp = start_app(db_file)
    app.panels.widget(PanelId.TRAVEL_DAY)  # the day's map, built if it was not yet
    app.panels.widget(PanelId.TRAVEL_MAP)  # the map editor's
    limit = pixmap_cache_kb(settings)
    assert QPixmapCache.cacheLimit() == limit
    HexMapScene(MapDocument(None))  # another map (the players')
    assert QPixmapCache.cacheLimit() == limit
    assert limit < 256 * MIB


def test_pictures_beyond_the_limit_go_oldest_first(
    qtbot, start_app, settings: QSettings, db_file: Path
) -> None:
    """What a long evening of closed dialogs' pictures would keep: never more than the limit."""
    settings.setValue(PIXMAP_CACHE_KEY, 12)
    start_app(db_file)
    qtbot.waitUntil(lambda: QPixmapCache.cacheLimit() == 12 * MIB, timeout=10_000)
    picture = QPixmap(512, 512)  # 1 MiB at 32 bits a pixel
    picture.fill()
    keys = [f"test-picture-{n}" for n in range(40)]
    for key in keys:
        QPixmapCache.insert(key, picture.copy())
    kept = [key for key in keys if QPixmapCache.find(key) is not None]
    assert 0 < len(kept) <= 12
    assert kept == keys[-len(kept) :]


def test_the_budget_follows_the_largest_screen() -> None:
    small = (QSize(1366, 768), 1.0)
    sharp = (QSize(1920, 1080), 2.0)
    assert budget_kb([small]) == 10 * MIB + round(SCREENFULS * 1366 * 768 * 4 / 1024)
    assert budget_kb([small, sharp]) == budget_kb([sharp])
    assert budget_kb([sharp]) == 10 * MIB + round(SCREENFULS * 3840 * 2160 * 4 / 1024)
    assert budget_kb([]) == budget_kb([(QSize(1920, 1080), 1.0)])


def test_the_setting_rules_and_nonsense_is_refused_saying_so(settings: QSettings, caplog) -> None:
    screens = [(QSize(1366, 768), 1.0)]
    assert pixmap_cache_kb(settings, screens) == budget_kb(screens)
    settings.setValue(PIXMAP_CACHE_KEY, "300")
    assert pixmap_cache_kb(settings, screens) == 300 * MIB
    for wrong in ("lots", "0", "9", "-4", "100000"):
        settings.setValue(PIXMAP_CACHE_KEY, wrong)
        with caplog.at_level(logging.WARNING):
            assert pixmap_cache_kb(settings, screens) == budget_kb(screens)
        assert PIXMAP_CACHE_KEY in caplog.text and repr(wrong) in caplog.text
        caplog.clear()
