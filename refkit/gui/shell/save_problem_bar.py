"""The bar across the main window that says an edit was not saved, with Retry and Discard.

A failed write is never only a line on stderr or a status-bar message that fades: it stays in
this bar until the user retries it successfully or gives it up. Each problem carries what to
run on Retry (the same write again) and on Discard (put the view back to what is stored).
Problems are keyed by what they are about, so the notes of one crow failing twice is one entry.

A write that met another program's lock (or a campaign server out of reach) is tried again by
the bar itself, a few times and less and less often (:data:`AUTO_RETRY_MS`): a lock passes, and
the window waits only briefly for it on each try, so the edit is saved as soon as the other
program lets go, without freezing the window meanwhile or asking the user to press Retry.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QToolBar, QWidget

from refkit.errors import DomainError
from refkit.store.errors import DatabaseError, DatabaseLockedError, DatabaseUnreachableError

log = logging.getLogger(__name__)

AUTO_RETRY_MS = (500, 1000, 2000, 4000, 8000)
"""When the bar tries an edit that met a lock again by itself (after each failed try, the next
wait); past the last, it goes on trying at that pace for as long as the lock stays."""


def underlying(error: BaseException) -> BaseException:
    """The database's own error behind ``error``: a retried step that failed again is raised
    wrapped (as "“Edit notes” was not saved: …", its ``cause`` the lock or full disk), and the
    bar judges and words the cause, not the wrapping."""
    cause = getattr(error, "cause", None)
    return cause if isinstance(cause, DatabaseError) else error


def passes_by_itself(error: BaseException) -> bool:
    """True when trying the same write later may work without anyone doing anything: a lock,
    or a campaign's server that cannot be reached (a dropped connection, a restart)."""
    return isinstance(underlying(error), DatabaseLockedError | DatabaseUnreachableError)


@dataclass(frozen=True)
class SaveProblem:
    """One edit that did not reach the database."""

    key: str
    """What it is about ("notes:mara vell"); a new problem with the same key replaces it."""
    what: str
    """What was not saved, in the game's words ("Mara Vell's notes")."""
    reason: str
    """Why, as a short phrase ("the database is locked by another program")."""
    retry: Callable[[], None]
    """Runs the write again; raises DatabaseError (or ValueError) if it fails again."""
    discard: Callable[[], None] | None = None
    """Gives the edit up (shows what is stored again); None if there is nothing to undo."""
    plural: bool = False
    """``what`` names several things ("notes"): "were not saved"."""
    passing: bool = False
    """The cause passes by itself (another program's lock, :func:`passes_by_itself`): the bar
    tries again on its own."""

    @property
    def text(self) -> str:
        verb = "were" if self.plural else "was"
        return f"{self.what} {verb} not saved: {self.reason}"


def reason_of(error: BaseException) -> str:
    """The short cause of a failed write, for "… was not saved: <reason>"."""
    error = underlying(error)
    reason = getattr(error, "reason", None)
    return str(reason) if reason else str(error)


def red_bar_body(bar: QWidget, name: str) -> tuple[QWidget, QHBoxLayout, QLabel]:
    """The body of a bar across the window that says something went wrong: dark red, white bold
    words in a plain-text label that wraps (``{name}_body``, ``{name}_text``), buttons after."""
    body = QWidget(bar)
    body.setObjectName(f"{name}_body")
    body.setAutoFillBackground(True)
    body.setStyleSheet(
        f"#{name}_body {{ background: #8b1e1e; }} "
        f"#{name}_body QLabel {{ color: white; font-weight: bold; }}"
    )
    layout = QHBoxLayout(body)
    layout.setContentsMargins(8, 4, 8, 4)
    label = QLabel(body)
    label.setObjectName(f"{name}_text")
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
    return body, layout, label


class SaveProblemBar(QToolBar):
    """A fixed bar at the top of the window, shown only while an edit is unsaved."""

    problems_changed = Signal(int)
    """How many edits are waiting to be saved (0: the bar is hidden)."""
    saved = Signal(str)
    """A retried edit was saved (its text, for the status bar)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Unsaved edits", parent)
        self.setObjectName("save_problem_bar")
        self.setMovable(False)
        self.setFloatable(False)
        self.toggleViewAction().setVisible(False)  # not something to hide from the View menu
        self._problems: dict[str, SaveProblem] = {}
        body, layout, self.label = red_bar_body(self, "save_problem")
        self.retry_button = QPushButton("&Retry", body)
        self.retry_button.setObjectName("save_problem_retry")
        self.retry_button.setToolTip("Try to save the edit again")
        self.discard_button = QPushButton("&Discard", body)
        self.discard_button.setObjectName("save_problem_discard")
        self.discard_button.setToolTip("Give the edit up and show what is stored")
        layout.addWidget(self.label, 1)
        layout.addWidget(self.retry_button)
        layout.addWidget(self.discard_button)
        self.addWidget(body)
        self.retry_button.clicked.connect(self.retry)
        self.discard_button.clicked.connect(self.discard)
        self._auto_retry = QTimer(self)
        self._auto_retry.setSingleShot(True)
        self._auto_retry.timeout.connect(self._retry_passing)
        self._auto_tries = 0
        self.setVisible(False)

    # -- what is waiting ----------------------------------------------------------------------

    def problems(self) -> list[SaveProblem]:
        """Unsaved edits, oldest first; the bar shows the oldest."""
        return list(self._problems.values())

    def current(self) -> SaveProblem | None:
        return next(iter(self._problems.values()), None)

    def has_problems(self) -> bool:
        return bool(self._problems)

    def report(self, problem: SaveProblem) -> None:
        """Show ``problem`` (replacing one with the same key) until it is retried or discarded."""
        self._problems.pop(problem.key, None)
        self._problems[problem.key] = problem
        self._show()
        if problem.passing:
            self._auto_tries = 0
            self._auto_retry.start(AUTO_RETRY_MS[0])

    def forget(self, key: str) -> None:
        """Drop the problem ``key`` without running anything (it was saved another way)."""
        if self._problems.pop(key, None) is not None:
            self._show()

    # -- the buttons --------------------------------------------------------------------------

    def retry(self) -> bool:
        """Run the shown edit again; True if it is saved now (then the next one is shown)."""
        problem = self.current()
        if problem is None:
            return True
        return self._retry(problem)

    def _retry(self, problem: SaveProblem) -> bool:
        try:
            problem.retry()
        except (DatabaseError, ValueError) as error:
            still = self._problems.get(problem.key, problem)
            self._problems[problem.key] = replace(
                still, reason=reason_of(error), passing=passes_by_itself(error)
            )
            self._show()
            return False
        self._problems.pop(problem.key, None)
        self._show()
        self.saved.emit(f"{problem.what} saved")
        return True

    def _retry_passing(self) -> None:
        """Try the edits that met a lock again (oldest first; the first still locked ends the
        round: the others would only wait for the same lock), then wait longer for the next."""
        for problem in [problem for problem in self._problems.values() if problem.passing]:
            try:
                if not self._retry(problem):
                    break
            except DomainError as error:  # a refusal now (changed since): the user decides
                self._problems[problem.key] = replace(problem, reason=str(error), passing=False)
                self._show()
        self._auto_tries += 1
        if any(problem.passing for problem in self._problems.values()):
            self._auto_retry.start(AUTO_RETRY_MS[min(self._auto_tries, len(AUTO_RETRY_MS) - 1)])

    def retry_all(self) -> bool:
        """Retry every waiting edit in turn; True if none is left unsaved."""
        for _ in range(len(self._problems)):
            if not self.retry():
                return False
        return not self._problems

    def discard(self) -> None:
        """Give the shown edit up."""
        problem = self.current()
        if problem is None:
            return
        self._problems.pop(problem.key, None)
        if problem.discard is not None:
            try:
                problem.discard()
            except (DatabaseError, ValueError):
                # Showing the stored state again failed too: the edit is given up all the same.
                log.warning("could not show the stored state after discarding %s", problem.what)
        self._show()

    def _show(self) -> None:
        problem = self.current()
        if problem is None:
            self.label.clear()
            self.setVisible(False)
        else:
            more = len(self._problems) - 1
            suffix = f" (and {more} more unsaved edit{'s' if more > 1 else ''})" if more else ""
            self.label.setText(problem.text + suffix)
            self.discard_button.setEnabled(True)
            self.setVisible(True)
        self.problems_changed.emit(len(self._problems))
