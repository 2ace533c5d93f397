"""Keeps a scroll area over a list of equal rows showing whole rows only (see
:mod:`refkit.present.whole_rows`): the view is cut to whole rows, the space under them left
blank, and it scrolls a row at a time."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QScrollArea

from refkit.present.whole_rows import blank_below, snapped


class WholeRows(QObject):
    """``pitch()``: a row's height plus the spacing after it (0: no rows, or whole rows not
    wanted now, as while a form above the rows is open); ``spacing``: between rows."""

    def __init__(self, scroll: QScrollArea, pitch: Callable[[], int], spacing: int) -> None:
        super().__init__(scroll)
        self._scroll = scroll
        self._pitch = pitch
        self._spacing = spacing
        self._blank = 0
        scroll.installEventFilter(self)
        bar = scroll.verticalScrollBar()
        bar.valueChanged.connect(self._snap)
        bar.rangeChanged.connect(lambda _low, _high: self._snap(bar.value()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._scroll and event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def fit(self) -> None:
        """Cut the view to whole rows for the scroll area's height and its rows now."""
        pitch = self._pitch()
        frame = 2 * self._scroll.frameWidth()
        blank = blank_below(self._scroll.height() - frame, pitch, self._spacing)
        if blank != self._blank:
            self._blank = blank
            # A margin of the scroll area itself: the view (and its page) ends at a row's foot.
            self._scroll.setViewportMargins(0, 0, 0, blank)
        bar = self._scroll.verticalScrollBar()
        bar.setSingleStep(pitch if pitch > 0 else 20)
        self._snap(bar.value())

    def _snap(self, value: int) -> None:
        pitch = self._pitch()
        bar = self._scroll.verticalScrollBar()
        wanted = snapped(value, pitch, bar.maximum())
        if wanted != value:
            bar.setValue(wanted)
