"""The roll log catches up once per step (issue 30: a roll's path made short): the undo stack's
move and the dungeon session's "log changed" both ask for it, and the second request is taken by
the catch-up already on its way; the step's stored rolls still reach the log, none twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from refkit.gui.main import RefkitApp
from refkit.store.roll_log import RollLogRepository
from tests.gui.app_readiness import OPEN_TIMEOUT_MS


@pytest.fixture
def catch_up_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The ``after_id`` of every read of the rolls stored after the newest one shown."""
    reads: list[int] = []
    recent = RollLogRepository.recent

    def counting(self: RollLogRepository, *args: object, **kwargs: object) -> object:
        if kwargs.get("after_id") is not None:
            reads.append(int(kwargs["after_id"]))  # type: ignore[call-overload]
        return recent(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(RollLogRepository, "recent", counting)
    return reads


def settle(qtbot, app: RefkitApp) -> None:
    """Wait until the catch-ups asked for so far have read and shown what they found, and the
    jobs before them are done: a loaded machine may take longer than any fixed wait."""
    worker = app.undo_stack.worker
    assert worker is not None
    for _ in range(3):  # a shown catch-up may lead to one more request (a step's lines)
        qtbot.waitUntil(lambda: not app.dice._catching_up, timeout=OPEN_TIMEOUT_MS)
        worker.wait_for(lambda: None)  # every job before it done, their answers delivered
        qtbot.wait(20)


def test_one_step_catches_the_roll_log_up_once(
    qtbot, start_app, tmp_path: Path, catch_up_reads: list[int]
) -> None:
    app = start_app(tmp_path / "evening.sqlite3")
    qtbot.waitUntil(lambda: app.dungeon is not None, timeout=OPEN_TIMEOUT_MS)
    session = app.dungeon.session
    assert session.start_turn(dungeon="The Drowned Crypt") == 1
    settle(qtbot, app)  # the start's own catch-up is done
    catch_up_reads.clear()

    session.loud_noise()  # one step: its encounter check stored with its session-log lines
    qtbot.waitUntil(lambda: app.log_model.rowCount() == 1)
    settle(qtbot, app)  # any later catch-up has come by now
    assert len(catch_up_reads) == 1, catch_up_reads
    ids = [roll.id for roll in app.log_model.rolls()]
    assert len(ids) == len(set(ids)) == 1


def test_a_roll_logged_while_a_catch_up_is_on_its_way_is_shown_once(
    qtbot, start_app, tmp_path: Path
) -> None:
    app = start_app(tmp_path / "evening.sqlite3")
    qtbot.waitUntil(lambda: app.dungeon is not None, timeout=OPEN_TIMEOUT_MS)
    session = app.dungeon.session
    assert session.start_turn(dungeon="The Drowned Crypt") == 1
    session.loud_noise()
    app.dice.panel.roll_d100()  # logged while the step's catch-up may still be reading
    qtbot.waitUntil(lambda: app.log_model.rowCount() == 2)
    qtbot.wait(100)
    ids = [roll.id for roll in app.log_model.rolls()]
    assert len(ids) == len(set(ids)) == 2
    assert ids == sorted(ids, reverse=True)  # the newest first


def test_a_check_that_reads_after_the_windows_own_step_announces_nothing(
    qtbot, start_app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, catch_up_reads: list[int]
) -> None:
    """The dungeon's poll for another program's writes remembers the version shown when it is
    asked; when it is asked just before this window's own step and reads just after it, it
    sees a new version, but that step's move has shown the state and caught the log up."""
    app = start_app(tmp_path / "evening.sqlite3")
    qtbot.waitUntil(lambda: app.dungeon is not None, timeout=OPEN_TIMEOUT_MS)
    session = app.dungeon.session
    assert session.start_turn(dungeon="The Drowned Crypt") == 1
    session.loud_noise()
    qtbot.waitUntil(lambda: app.log_model.rowCount() == 1)
    settle(qtbot, app)
    announced: list[bool] = []
    session.log_changed.connect(lambda: announced.append(True))
    catch_up_reads.clear()
    shown = session.view()
    assert shown is not None
    store = session._service.store
    monkeypatch.setattr(store, "version", lambda: -1)  # as if remembered before the step
    session.check_for_outside_changes()
    settle(qtbot, app)
    now_shown = session.view()
    assert now_shown is not None and now_shown.version == shown.version
    assert announced == [] and catch_up_reads == []
