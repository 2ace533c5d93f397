"""Fixtures the games' tests share: a campaign database on disk, a list for the roll log, and a
game command run as the command line runs it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from refkit.dice.records import RollRecord
from refkit.store.database import Database


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    with Database.open(str(tmp_path / "campaign.sqlite3")) as db:
        yield db


@pytest.fixture
def logged() -> list[RollRecord]:
    return []


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "campaign.sqlite3")


CliCall = Callable[..., "dict[str, Any] | str"]


@pytest.fixture
def game_cli(db_path: str, capsys: pytest.CaptureFixture[str]) -> Callable[..., CliCall]:
    """``game_cli("warcrow", "tracker")`` gives ``call(*argv, code=0)``: that command with
    ``argv`` and ``--json`` on ``db_path``, its JSON answer; when ``code`` is not 0, the one line
    it said on stderr (nothing on stdout)."""
    from refkit.cli.runner import run_cli

    def command(*words: str) -> CliCall:
        def call(*argv: str, code: int = 0) -> dict[str, Any] | str:
            assert run_cli(["--db", db_path, *words, *argv, "--json"]) == code
            captured = capsys.readouterr()
            if code:
                assert captured.out == "" and captured.err.count("\n") == 1
                return captured.err
            answer: dict[str, Any] = json.loads(captured.out)
            return answer

        return call

    return command
