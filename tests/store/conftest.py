"""Fixtures for the store tests: a fake clock, migration folders with an extra revision, and a
database file holding the sample party."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import event
from sqlmodel import Session

from refkit.app.character_service import CharacterService
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.migrations import SCRIPT_LOCATION
from tests.store.store_helpers import current_head


@pytest.fixture
def clock() -> Callable[[], datetime]:
    """A fake UTC clock that moves one minute per call."""
    moments = iter(
        datetime(2031, 5, 6, 7, 8, 9, tzinfo=UTC) + timedelta(minutes=n) for n in range(999)
    )
    return lambda: next(moments)


@pytest.fixture
def database_file(tmp_path: Path) -> Path:
    """A migrated database file with the sample party seeded, closed again."""
    path = tmp_path / "refkit.sqlite3"
    with Database.open(str(path)) as database:
        CharacterService(CharacterRepository(database)).list_characters()  # seeds the party
    return path


@pytest.fixture
def newer_migrations(tmp_path: Path) -> Callable[[str], Path]:
    """Build a copy of Refkit's migrations plus one extra revision ``9999`` after the current head.

    The body is the text of an ``upgrade()`` function using ``op`` and ``sa``.
    """

    def build(upgrade_body: str) -> Path:
        target = tmp_path / "newer-migrations"
        shutil.copytree(SCRIPT_LOCATION, target, ignore=shutil.ignore_patterns("__pycache__"))
        (target / "versions" / "9999_test_extra.py").write_text(
            '"""Test-only revision."""\n'
            "import sqlalchemy as sa\n"
            "from alembic import op\n\n"
            'revision = "9999"\n'
            f'down_revision = "{current_head()}"\n'
            "branch_labels = None\n"
            "depends_on = None\n\n\n"
            "def upgrade():\n"
            + "".join(f"    {line}\n" for line in upgrade_body.strip().splitlines())
            + "\n\ndef downgrade():\n    raise NotImplementedError\n",
            encoding="utf-8",
        )
        return target

    return build


@pytest.fixture
def two_clients(database_file: Path) -> Iterator[tuple[Database, Database]]:
    with Database.open(str(database_file)) as first, Database.open(str(database_file)) as second:
        yield first, second


@pytest.fixture
def before_first_flush() -> Iterator[Callable[[Callable[[], None]], None]]:
    """``arm(do)``: run ``do()`` once, right before the next session flush anywhere (client A
    has read the crow and not written it yet)."""
    hooks: list[Callable[..., None]] = []

    def arm(do: Callable[[], None]) -> None:
        fired: list[bool] = []

        def hook(_session: Session, _context: object, _instances: object) -> None:
            if not fired:  # removed at teardown: SQLAlchemy refuses a removal mid-dispatch
                fired.append(True)
                do()

        hooks.append(hook)
        event.listen(Session, "before_flush", hook)

    yield arm
    for hook in hooks:
        event.remove(Session, "before_flush", hook)


@pytest.fixture
def arm(before_first_flush: Callable[[Callable[[], None]], None]) -> Callable[..., None]:
    """``before_first_flush`` by a shorter name: client B's save, run once between client A's
    read and its write."""
    return before_first_flush
