"""Issue 30 §5: ``refkit cast`` imports only what it uses: on an up-to-date file its backlash table
is read, and its roll logged, with plain sqlite3 — no SQLAlchemy, no SQLModel, no Qt — and it is
still the table the referee chose, with their own wording."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from refkit.store.location import DATABASE_FILE_NAME, data_dir
from tests.cli.test_active_tables_cli import own_copy

CAST = ["cast", "--mind", "5", "--rank", "0", "--book-ud", "1", "--dice", "1,1", "--ud-dice",
        "6", "--backlash-dice", "10,1", "--json"]  # fmt: skip
"""A cast that fails with doubles: a backlash, read on the 10-1 row of the table."""

PROBE = (
    "import sys; from refkit.cli import run_cli; code = run_cli(sys.argv[1:]);"
    "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
    "('PySide6','sqlalchemy','sqlmodel','reportlab','alembic'));"
    "print(bad, file=sys.stderr); raise SystemExit(code)"
)


def _cast_in_a_process() -> tuple[dict, str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *CAST],
        capture_output=True,
        text=True,
        check=False,
        env=dict(os.environ),
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), done.stderr.strip()


def test_a_cast_on_the_chosen_backlash_table_loads_no_orm(cli, tmp_path: Path) -> None:
    own_copy(cli, tmp_path, "backlash.toml", "Official backlashes", "Sparks fly from the page.")
    assert cli("table", "use", "official backlashes", "--as", "backlash").code == 0
    expected = cli(*CAST).json  # in this process: the full store's answer

    cast, loaded = _cast_in_a_process()

    assert loaded == "[]", f"cast loaded {loaded}"
    assert cast["backlash"] is True
    assert cast["backlash_entry"] == expected["backlash_entry"]
    assert "Sparks fly from the page." in json.dumps(cast)
    with sqlite3.connect(data_dir() / DATABASE_FILE_NAME) as database:
        (casts,) = database.execute("SELECT count(*) FROM roll_log WHERE kind = 'cast'").fetchone()
    database.close()
    assert casts == 2, "each cast is in the roll log"


def test_a_cast_on_refkits_default_table_loads_no_orm(cli) -> None:
    assert cli("d100", "--json").code == 0  # the data folder's file, made and seeded
    expected = cli(*CAST).json
    cast, loaded = _cast_in_a_process()
    assert loaded == "[]", f"cast loaded {loaded}"
    assert cast["backlash_entry"] == expected["backlash_entry"]
