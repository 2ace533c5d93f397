"""The command line's runner of steps: a command that lost a race and wrote nothing runs again."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from refkit.cli import runner
from refkit.cli.errors import StepConflictError
from refkit.store import CharacterRepository, Database


def _losing(times: int, *, wrote_nothing: bool = True):  # type: ignore[no-untyped-def]
    calls: list[int] = []

    def handler(_args: argparse.Namespace) -> tuple[dict[str, int], str]:
        calls.append(1)
        if len(calls) <= times:
            raise StepConflictError("changed since", wrote_nothing=wrote_nothing)
        return {"tries": len(calls)}, "done"

    return handler, calls


@pytest.fixture(autouse=True)
def _no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "RETRY_PAUSE_S", 0.0)


def test_a_command_that_lost_races_and_wrote_nothing_is_run_again() -> None:
    handler, calls = _losing(3)
    assert runner.run_step(handler, argparse.Namespace()) == ({"tries": 4}, "done")
    assert len(calls) == 4


def test_a_command_that_wrote_part_of_itself_is_not_run_twice() -> None:
    handler, calls = _losing(1, wrote_nothing=False)
    with pytest.raises(StepConflictError):
        runner.run_step(handler, argparse.Namespace())
    assert len(calls) == 1


def test_the_runner_gives_up_after_its_attempts() -> None:
    handler, calls = _losing(runner.STEP_ATTEMPTS)
    with pytest.raises(StepConflictError):
        runner.run_step(handler, argparse.Namespace())
    assert len(calls) == runner.STEP_ATTEMPTS


def test_the_database_counts_only_transactions_that_wrote(tmp_path: Path) -> None:
    with Database.open(str(tmp_path / "refkit.sqlite3")) as database:
        repository = CharacterRepository(database)
        repository.names()
        repository.count()
        assert database.commits == 0
        repository.set_meta("probe", "1")
        assert database.commits == 1
        with database.unit_of_work():
            repository.set_meta("probe", "2")
            repository.set_meta("probe", "3")
        assert database.commits == 2
        with pytest.raises(RuntimeError), database.unit_of_work():
            repository.set_meta("probe", "4")
            raise RuntimeError("rolled back")
        assert database.commits == 2
