"""A PDF built and written on a worker thread, so the window keeps answering meanwhile.

The job builds the whole document in memory (``refkit.export``) and writes it in one atomic
rename; progress, the path written or the failure come back as queued signals.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from refkit.app.atomic_files import write_bytes_atomic
from refkit.errors import DomainError
from refkit.export.documents import Document, ProgressCallback

Build = Callable[[ProgressCallback], Document]


class ExportJob(QObject):
    """Runs ``build`` and writes its bytes to ``path``; lives on its own thread."""

    progress = Signal(int, int)
    finished = Signal(str, int)
    """The path written and its page count."""
    failed = Signal(str)

    def __init__(self, build: Build, path: Path) -> None:
        super().__init__()
        self._build = build
        self._path = path

    @Slot()
    def run(self) -> None:
        try:
            document = self._build(lambda done, total: self.progress.emit(done, total))
            written = write_bytes_atomic(self._path, document.data)
        except (DomainError, OSError, ValueError) as error:
            self.failed.emit(f"Could not write {self._path.name}: {error}")
            return
        self.finished.emit(str(written), document.pages)


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
