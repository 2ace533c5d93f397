"""Issue 27 item 10: printing a crow *file* loads no database layer (SQLAlchemy, SQLModel,
Alembic or Refkit's store), so ``refkit export`` costs what drawing the pages costs."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.export.crows import crow_file

DATABASE_PACKAGES = ("sqlalchemy", "sqlmodel", "alembic", "sqlite3")


@pytest.mark.slow
@pytest.mark.parametrize("what", ["sheet", "cards", "party"])
def test_a_file_export_imports_no_database_layer(tmp_path, what):
    source = crow_file(tmp_path, items=16)
    out = tmp_path / "out.pdf"
    probe = (
        "import sys; from refkit.cli import run_cli;"
        f"code = run_cli(['export', {what!r}, {str(source)!r}, '--out', {str(out)!r}]);"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {DATABASE_PACKAGES!r}"
        " or m == 'refkit.store' or m.startswith('refkit.store.'));"
        "print(bad); raise SystemExit(code)"
    )
    env = {**os.environ, "REFKIT_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    assert out.exists()
    assert done.stdout.strip().splitlines()[-1] == "[]"
