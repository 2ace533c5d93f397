"""Creating a database imports no syntax highlighter: a first start is not slowed for nothing.

Alembic imports Mako, and Mako's error pages colour their code with Pygments whenever Pygments
is installed (it often is: pytest and many tools bring it). Importing its lexers cost about
250 ms of a first start — a quarter of a second spent on pages Refkit never renders.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = r"""
import sys
from refkit.store.database import Database
database = Database.open(sys.argv[1])
database.close()
import mako.exceptions
print("PYGMENTS", "pygments" in sys.modules, "alembic" in sys.modules)
"""


def test_creating_a_database_does_not_import_pygments(tmp_path: Path) -> None:
    pytest.importorskip("pygments")  # without it there is nothing to keep out
    completed = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "new.db")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "PYGMENTS False True" in completed.stdout, completed.stdout + completed.stderr
