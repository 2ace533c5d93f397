"""Issue 29 §1 and §3: edits made while another program holds the lock, in any order, are all
saved by the bar's own retries once the lock goes — however long it stayed — and a retry that
meets the lock again keeps saying why once, not wrapped in itself.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from refkit.gui.main import RefkitApp
from refkit.gui.shell import save_problem_bar
from refkit.rules.dungeon.clock import ClockState
from tests.gui.locks import Lock
from tests.gui.test_save_problems import LOCKED, WREN, panels, stored_notes, type_notes

TYPED = "Swore to find her brother's grave before the thaw"

FAST_RETRIES = (100, 200, 400, 800, 1600)
"""The bar's own schedule, shortened five times so a "15 s" lock takes 3 s of test time."""


@pytest.fixture(autouse=True)
def fast_retries(monkeypatch) -> None:
    monkeypatch.setattr(save_problem_bar, "AUTO_RETRY_MS", FAST_RETRIES)


def _in_dungeon(app: RefkitApp) -> None:
    turn = app.dungeon.turn_panel
    turn.dungeon_edit.setText("The Drowned Crypt")
    turn.enter_dungeon()
    view = app.dungeon.session.view()
    assert view is not None and view.clock.state is ClockState.RUNNING
    choose = turn.party_combo
    index = choose.findText("The Sample Party")
    if index >= 0 and choose.currentIndex() != index:
        choose.setCurrentIndex(index)
        choose.activated.emit(index)


def _typed(app: RefkitApp) -> None:
    type_notes(app, TYPED)
    panels(app).sheet.notes.commit()  # what its timer or leaving the editor does


def _prone(app: RefkitApp) -> None:
    panels(app).sheet.condition_buttons["prone"].click()


def _end_dt(app: RefkitApp) -> None:
    app.actions.action("dt_end").trigger()


def _dt_count(app: RefkitApp) -> int:
    view = app.dungeon.session.view()
    assert view is not None
    return view.clock.dt


ORDERS: dict[str, list[Callable[[RefkitApp], None]]] = {
    "notes-prone-dt": [_typed, _prone, _end_dt],
    "dt-prone-notes": [_end_dt, _prone, _typed],
    "prone-notes-dt": [_prone, _typed, _end_dt],
}


CASES = [(order, 900) for order in ORDERS] + [
    (order, 3500) for order in ("notes-prone-dt", "dt-prone-notes")
]
"""Every order under a 4.5 s lock; both end orders under one past the last retry (17.5 s)."""


@pytest.mark.parametrize(("order", "lock_ms"), CASES)
def test_every_edit_made_under_a_lock_is_saved_when_it_goes(
    qtbot, start_app, db_file: Path, lock: Lock, order: str, lock_ms: int
) -> None:
    app: RefkitApp = start_app(db_file)
    session = panels(app).session
    session.open(WREN)
    _in_dungeon(app)
    assert "prone" not in session.character().conditions
    dt_before = _dt_count(app)
    steps_before = app.undo_stack.count()
    lock.take()
    for edit in ORDERS[order]:
        edit(app)
    bar = app.window.save_problems
    assert bar.isVisible() and len(bar.problems()) == 3
    qtbot.wait(lock_ms)
    for problem in bar.problems():  # however many tries met the lock, the reason is said once
        assert problem.text.count("not saved") == 1, problem.text
        assert problem.reason == LOCKED
    lock.release()
    qtbot.waitUntil(lambda: not bar.isVisible(), timeout=2 * FAST_RETRIES[-1] + 1000)
    assert stored_notes(db_file) == TYPED
    assert panels(app).sheet.notes.toPlainText() == TYPED
    assert not panels(app).sheet.notes.is_unsaved()
    assert "prone" in session.service.get(WREN).conditions
    assert panels(app).sheet.condition_buttons["prone"].isChecked()
    assert _dt_count(app) == dt_before + 1
    assert app.undo_stack.count() == steps_before + 3  # each edit is one undo step, none twice
