"""Fixtures the game tabs' tests share: a campaign database on disk and a list for the roll log."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

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
