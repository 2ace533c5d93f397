"""The store's vocabulary modules — the value types, errors and name keys the app may name —
import no SQLAlchemy or SQLModel, so the app can use them without the database layer."""

from __future__ import annotations

import subprocess
import sys

import pytest

VOCABULARY = (
    "refkit.store.records",
    "refkit.store.errors",
    "refkit.store.row_forms",
    "refkit.store.dungeon_settings",
)


@pytest.mark.parametrize("module", VOCABULARY)
def test_vocabulary_module_imports_no_sql(module: str) -> None:
    script = (
        f"import sys, {module}\n"
        "print('SQL', sorted(m for m in ('sqlalchemy', 'sqlmodel', 'alembic') if m in sys.modules))"
    )
    completed = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert "SQL []" in completed.stdout, completed.stdout + completed.stderr
