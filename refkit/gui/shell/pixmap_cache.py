"""How much Qt's pixmap cache may keep: enough for the hex maps on screen, no more (issue 30 §6).

One cache (``QPixmapCache``) serves the whole window: the hex maps' blocks, kept as device
pixmaps so that panning only copies them, and the style's pictures of widgets (Fusion paints a
combo box's or spin box's frame once per size, state and palette and keeps it). A dialog made
anew for every attack paints its boxes under keys never asked for again, so the style's share
fills whatever room the cache has: with the map's 256 MiB the window grew by about 0.3 MiB per
attack through the evening, all of it pictures of closed dialogs (heaptrack, ``QCachedPainter``).
Bounded, attacks back to back grow it 8.7 KiB a press after warm-up instead of 309
(``tests/bench/bench_dense_presses.py``, one run each, 600 presses).

The cache holds Qt's own 10 MiB plus :data:`SCREENFULS` of the largest screen: the maps on
screen (the referee's, the players' on another screen), the blocks half in view around them and
those a pan back and forth comes back to; pixmaps beyond it go oldest first. Panning a 100 × 100
map close up on a 1366 × 768 screen (``tests/bench/bench_hex_map.py``) took about as long per
frame with it (34 MiB) as with 256 MiB; with three screenfuls (22 MiB) it was slower in two runs
of three (2-4x). A user panning huge maps on a big screen may give it more with the
``memory/pixmap_cache_mib`` setting.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from PySide6.QtCore import QSettings, QSize
from PySide6.QtGui import QGuiApplication, QPixmapCache

log = logging.getLogger(__name__)

PIXMAP_CACHE_KEY = "memory/pixmap_cache_mib"
"""The settings key for the pixmap cache's size in MiB (else it follows the screens)."""
QT_DEFAULT_KB = 10 * 1024
"""Qt's own limit: the style's and icons' pictures fit in it."""
SCREENFULS = 6
"""Screens' worth of map blocks kept besides: the maps on screen and the blocks around them."""
BYTES_PER_PIXEL = 4
FALLBACK_SCREEN = QSize(1920, 1080)
"""The screen assumed when Qt names none (offscreen, before a screen is known)."""
MIN_MIB, MAX_MIB = 10, 4096


def budget_kb(screens: Iterable[tuple[QSize, float]]) -> int:
    """The cache's limit in KiB for ``screens`` (their size in device-independent pixels and
    their device pixel ratio): Qt's default plus :data:`SCREENFULS` of the largest."""
    largest = max(
        (size.width() * size.height() * ratio * ratio for size, ratio in screens),
        default=FALLBACK_SCREEN.width() * FALLBACK_SCREEN.height(),
    )
    return QT_DEFAULT_KB + round(SCREENFULS * largest * BYTES_PER_PIXEL / 1024)


def _screens() -> list[tuple[QSize, float]]:
    return [(screen.size(), screen.devicePixelRatio()) for screen in QGuiApplication.screens()]


def pixmap_cache_kb(
    settings: QSettings, screens: Iterable[tuple[QSize, float]] | None = None
) -> int:
    """The limit the settings ask for (``memory/pixmap_cache_mib``, a whole number of MiB from
    ``MIN_MIB`` to ``MAX_MIB``), else :func:`budget_kb` of the screens (``screens``: the
    application's). A value that is not such a number is ignored, and logged."""
    chosen = budget_kb(_screens() if screens is None else screens)
    value = settings.value(PIXMAP_CACHE_KEY)
    if value is None:
        return chosen
    try:
        mib = int(str(value).strip())
    except ValueError:
        mib = 0
    if MIN_MIB <= mib <= MAX_MIB:
        return mib * 1024
    log.warning(
        "%s in the settings is %r, not a whole number from %d to %d: %d MiB are kept",
        PIXMAP_CACHE_KEY, value, MIN_MIB, MAX_MIB, chosen // 1024,
    )  # fmt: skip
    return chosen


def bound_pixmap_cache(settings: QSettings) -> int:
    """Set the application's pixmap cache limit (:func:`pixmap_cache_kb`); returns it in KiB.
    Lowering it lets the oldest pictures go at once."""
    limit = pixmap_cache_kb(settings)
    QPixmapCache.setCacheLimit(limit)
    return limit


__all__ = [
    "PIXMAP_CACHE_KEY",
    "SCREENFULS",
    "bound_pixmap_cache",
    "budget_kb",
    "pixmap_cache_kb",
]
