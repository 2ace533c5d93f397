"""The roll log catches up once per step (issue 30: a roll's path made short): the undo stack's
move and the dungeon session's "log changed" both ask for it, and the second request is taken by
the catch-up already on its way; the step's stored rolls still reach the log, none twice."""

from __future__ import annotations

from pathlib import Path

import pytest

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


def test_one_step_catches_the_roll_log_up_once(
    qtbot, start_app, tmp_path: Path, catch_up_reads: list[int]
) -> None:
    app = start_app(tmp_path / "evening.sqlite3")
    qtbot.waitUntil(lambda: app.dungeon is not None, timeout=OPEN_TIMEOUT_MS)
    session = app.dungeon.session
    assert session.start_turn(dungeon="The Drowned Crypt") == 1
    qtbot.wait(100)  # the start's own catch-up is done
    catch_up_reads.clear()

    session.loud_noise()  # one step: its encounter check stored with its session-log lines
    qtbot.waitUntil(lambda: app.log_model.rowCount() == 1)
    qtbot.wait(100)  # any later catch-up would have come by now
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
