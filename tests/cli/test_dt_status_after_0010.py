"""``refkit dt status --json`` on a database the previous Refkit wrote (its settings still in
``app_meta``) and on the same file once migrated, when the quick path reads it with plain
sqlite3: the clock's length comes from the stored settings both times."""

from __future__ import annotations

import json
from pathlib import Path

from refkit.cli import run_cli
from refkit.store.sqlite.quick import open_quick
from tests.store.test_versioned_documents_migration import OLD_VALUES, old_database


def dt_status(path: Path, capsys) -> dict[str, object]:
    assert run_cli(["--json", "--db", str(path), "dt", "status"]) == 0
    return json.loads(capsys.readouterr().out)


def test_dt_status_reads_the_settings_before_and_after_the_move(tmp_path: Path, capsys) -> None:
    path = old_database(tmp_path, OLD_VALUES)  # the settings say DTs of 20 minutes
    assert open_quick(str(path)) is None  # an older schema: the full open migrates it

    before = dt_status(path, capsys)

    quick = open_quick(str(path))
    assert quick is not None  # migrated: the next command reads the file with plain sqlite3
    with quick:
        assert quick.dungeon_turn().settings.dt_minutes == 20
    after = dt_status(path, capsys)
    assert before == after
    assert (after["state"], after["length_s"]) == ("stopped", 1200)
