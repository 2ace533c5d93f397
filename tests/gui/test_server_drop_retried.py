"""Issue 23 §3: an edit made while the campaign's server cannot be reached waits in the
save-problem bar and is saved by itself once the server answers again (as an edit that met a
lock is), instead of waiting for someone to press Retry."""

from __future__ import annotations

from refkit.gui.shell.save_problem_bar import (
    AUTO_RETRY_MS,
    SaveProblem,
    SaveProblemBar,
    passes_by_itself,
)
from refkit.store.errors import DatabaseFullError, DatabaseUnreachableError

LOST = DatabaseUnreachableError(
    "postgresql://referee:***@db.example/crows", "the connection to the server was lost"
)


def test_a_lost_server_connection_passes_by_itself_and_a_full_disk_does_not() -> None:
    assert passes_by_itself(LOST)
    assert not passes_by_itself(DatabaseFullError("crows.sqlite3", "the disk is full"))


def test_an_edit_refused_by_a_lost_server_is_saved_once_it_answers(qtbot) -> None:
    bar = SaveProblemBar()
    qtbot.addWidget(bar)
    tries: list[int] = []

    def retry() -> None:
        tries.append(1)
        if len(tries) < 2:  # still away at the first try, back at the second
            raise LOST

    bar.report(
        SaveProblem("notes:wren", "Wren Ashdown's notes", LOST.reason, retry,
                    passing=passes_by_itself(LOST))
    )  # fmt: skip
    with qtbot.waitSignal(bar.saved, timeout=sum(AUTO_RETRY_MS[:2]) + 3000) as saved:
        pass
    assert saved.args == ["Wren Ashdown's notes saved"]
    assert not bar.has_problems()
