"""An export built and written on a worker thread, so the window keeps answering meanwhile.

The job builds the whole document in memory (a PDF from ``refkit.export``, or the text of a
Markdown export: :func:`text_export`) and writes it through the one checked, atomic writer
(:func:`refkit.app.atomic_files.write_bytes_atomic`: a folder, a device or a FIFO is refused,
a failed write leaves the old file whole) in one rename; progress (at most ten updates a second,
and the last), the path written or the failure come back as queued signals.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from refkit.app.atomic_files import write_bytes_atomic
from refkit.errors import DomainError

ProgressCallback = Callable[[int, int], None]
"""(done, total): how far the build is (the same shape as ``refkit.export``'s)."""


class Built(Protocol):
    """What a build gives: the file's bytes and its page count (a PDF ``Document``)."""

    @property
    def data(self) -> bytes: ...

    @property
    def pages(self) -> int: ...

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the file lacks though it was written (a glyph no font has)."""
        ...


@dataclass(frozen=True)
class TextFile:
    """The bytes of a text export (UTF-8); ``pages`` 0, since it has none, and no warnings."""

    data: bytes
    pages: int = 0
    warnings: tuple[str, ...] = ()


def text_export(text: str) -> Callable[[ProgressCallback], Built]:
    """A build for :class:`ExportJob` that gives ``text`` as a UTF-8 file."""
    return lambda _tell: TextFile(text.encode("utf-8"))


Build = Callable[[ProgressCallback], Built]
PROGRESS_EVERY_S = 0.1
YIELD_S = 0.0005


class ExportJob(QObject):
    """Runs ``build`` and writes its bytes to ``path``; lives on its own thread."""

    progress = Signal(int, int)
    finished = Signal(str, int)
    """The path written and its page count."""
    failed = Signal(str)
    warned = Signal(str)
    """Something the PDF lacks though it was written (sent before ``finished``)."""

    def __init__(self, build: Build, path: Path) -> None:
        super().__init__()
        self._build = build
        self._path = path
        self._told = float("-inf")

    @Slot()
    def run(self) -> None:
        try:
            document = self._build(self._tell)
            written = write_bytes_atomic(self._path, document.data)
        except (DomainError, OSError, ValueError) as error:
            self.failed.emit(f"Could not write {self._path.name}: {error}")
            return
        for warning in document.warnings:
            self.warned.emit(warning)
        self.finished.emit(str(written), document.pages)

    def _tell(self, done: int, total: int) -> None:
        # After each sheet and card, a pause with the GIL let go: the GUI thread, waiting for it,
        # runs at once instead of after Python's 5 ms switch interval.
        time.sleep(YIELD_S)
        # At most one update per PROGRESS_EVERY_S: each queued update makes the GUI thread take
        # the GIL back from this one, and a hundred in a row stalled the window.
        now = time.monotonic()
        if done < total and now - self._told < PROGRESS_EVERY_S:
            return
        self._told = now
        self.progress.emit(done, total)


def start_export(job: ExportJob, parent: QObject) -> QThread:
    """Move ``job`` to a new thread and run it; the thread quits and is deleted when it ends."""
    thread = QThread(parent)
    job.moveToThread(thread)
    thread.started.connect(job.run)
    # Direct: quit from the worker thread as the job ends, so the GUI thread may wait for it.
    job.finished.connect(thread.quit, Qt.ConnectionType.DirectConnection)
    job.failed.connect(thread.quit, Qt.ConnectionType.DirectConnection)
    thread.finished.connect(job.deleteLater)
    thread.finished.connect(thread.deleteLater)
    thread.start()
    return thread
