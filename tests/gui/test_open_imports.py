"""The window's open of an up-to-date SQLite file imports nothing it does not use.

The worker's open (``open_store_once``: the database, the newest rolls, the front panels' Qt-free
modules, the services) is nearly all import time, the same on a small file and a ten times bigger
one, and it stands between the first paint and a live window (issue 30). Neither Alembic (only a
file to migrate needs it) nor SQLAlchemy's PostgreSQL dialect (only a server campaign needs it:
some 50 ms of imports) belongs in it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from refkit.store.database import Database

SCRIPT = r"""
import sys
from refkit.gui.app_opening import open_store_once
database, rolls, services = open_store_once(sys.argv[1])
database.close()
unused = ("alembic", "sqlalchemy.dialects.postgresql", "psycopg", "psycopg2", "asyncpg")
print("UNUSED", sorted(name for name in unused if name in sys.modules))
"""


def test_opening_an_up_to_date_file_imports_no_migration_tool_or_server_dialect(
    tmp_path: Path,
) -> None:
    path = tmp_path / "refkit.db"
    Database.open(str(path)).close()  # made and migrated: at head from now on
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        REFKIT_DATA_DIR=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    env.pop("REFKIT_DATABASE_URL", None)
    completed = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env=env,
    )
    assert "UNUSED []" in completed.stdout, completed.stdout + completed.stderr
