""" "Back up all crows" run in the window's worker, a crow per job, its progress in the status bar.

Written on the GUI thread, a campaign's backup froze the window for as long as it took: some 3 s
for a thousand crows, 10-20 s for ten thousand (every crow read, encoded and written to its own
file, each made durable). Here the backup's steps (``CharacterService.export_all_steps``) run in
the worker the edits use, one crow per job, so an edit made meanwhile waits for one crow, not the
whole backup; the status bar says how far it is, quitting meanwhile asks first, and a second
backup is refused (said in the status bar) until the first is done.
"""

from __future__ import annotations

from collections.abc import Generator
from concurrent.futures import Future

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from refkit.app.character_service import BackupResult, run_to_the_end
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.store.errors import CharacterStoreError

PROGRESS_MS = 250
"""How often the status bar's count moves while a backup is written."""

BackupSteps = Generator[tuple[int, int], None, BackupResult]


class BackupRun(QObject):
    """Runs one backup at a time where ``stack`` writes (its window's worker; here, at once,
    without one). Says what it did through :attr:`status_message`, :attr:`finished` (the result)
    and :attr:`failed` (what went wrong, and how far it got)."""

    status_message = Signal(str)
    finished = Signal(object)
    """The :class:`BackupResult` of a backup written to the end."""
    failed = Signal(str)
    """Why a backup stopped (a folder that cannot be written, a full disk), and how far it got."""

    def __init__(self, stack: QUndoStack | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._stack = stack
        self._folder: str | None = None
        self._progress = (0, 0)
        """(written, planned) as the worker last said (a tuple replaced whole: no lock needed)."""
        self._timer = QTimer(self)
        self._timer.setInterval(PROGRESS_MS)
        self._timer.timeout.connect(self._tell_progress)

    @property
    def running(self) -> bool:
        return self._folder is not None

    def progress(self) -> tuple[int, int]:
        """(crows written, crows planned) of the backup under way, or of the last one."""
        return self._progress

    def start(self, steps: BackupSteps, folder: str) -> bool:
        """Write the backup ``steps`` make into ``folder``; False, starting nothing, while
        another backup is being written."""
        if self.running:
            return False
        self._progress = (0, 0)
        worker = self._stack.worker if isinstance(self._stack, RefkitUndoStack) else None
        self._folder = folder
        if worker is None or not worker.writes_here:  # no window's worker: here, at once
            try:
                result = run_to_the_end(self._counted(steps))
            except (CharacterStoreError, OSError) as error:
                self._stopped(error)
                return True
            self._folder = None
            self.finished.emit(result)
            return True
        try:
            worker.then_in_steps(self._counted(steps), self._done)
        except RuntimeError:  # the worker shut down: the window is closing
            self._folder = None
            return False
        self._tell_progress()
        self._timer.start()
        return True

    def _counted(self, steps: BackupSteps) -> Generator[None, None, BackupResult]:
        """``steps``, keeping the progress each says (in the worker)."""
        while True:
            try:
                self._progress = next(steps)
            except StopIteration as stop:
                result: BackupResult = stop.value
                return result
            yield

    def closing_loses(self) -> str:
        """What quitting now would leave unfinished ("": nothing)."""
        if not self.running:
            return ""
        written, planned = self._progress
        return (
            f"A backup of the crows into {self._folder} is being written ({written} of "
            f"{planned or '?'} crows so far): quitting now leaves it unfinished."
        )

    def _tell_progress(self) -> None:
        written, planned = self._progress
        counted = f"{written} of {planned} crows" if planned else "planning"
        self.status_message.emit(f"Backing up the crows into {self._folder}: {counted}…")

    def _done(self, future: Future[BackupResult]) -> None:
        self._timer.stop()
        if future.cancelled():  # the window closed meanwhile
            self._folder = None
            return
        error = future.exception()
        if isinstance(error, (CharacterStoreError, OSError)):
            self._stopped(error)
            return
        self._folder = None
        self.finished.emit(future.result())  # anything else is a fault: the error hook shows it

    def _stopped(self, error: BaseException) -> None:
        self._folder = None
        written, planned = self._progress
        said = str(error)
        if written:
            said += (
                f"\n{written} of {planned} crows were written before it stopped; the parties "
                "file was not, so this folder is not a whole backup."
            )
        self.failed.emit(said)


def backed_up_message(result: BackupResult) -> str:
    """The status bar's word on a finished backup."""
    count = len(result.files)
    said = f"Backed up {count} crow{'' if count == 1 else 's'} and the parties to {result.folder}"
    if result.left_out:
        names = ", ".join(result.left_out[:3]) + (", …" if len(result.left_out) > 3 else "")
        said += f" ({len(result.left_out)} deleted meanwhile left out: {names})"
    return said


__all__ = ["BackupRun", "BackupSteps", "backed_up_message"]
