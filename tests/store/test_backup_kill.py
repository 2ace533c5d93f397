"""A backup copy killed halfway never counts among the kept copies, and its leftover goes away."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

from refkit.store.database import Database
from refkit.store.sqlite.backups import BACKUPS_KEPT, list_backups, make_backup

_COPY_THEN_HANG = textwrap.dedent(
    """
    import sqlite3, sys, time
    from datetime import UTC, datetime
    from pathlib import Path

    real_connect = sqlite3.connect

    def connect(target, *args, **kwargs):
        connection = real_connect(target, *args, **kwargs)
        if "mode=ro" not in str(target):  # the copy being written, not the source
            print("copying", flush=True)
            time.sleep(120)  # killed here, halfway through the copy
        return connection

    sqlite3.connect = connect
    from refkit.store.sqlite.backups import make_backup

    make_backup(Path(sys.argv[1]), "0001", datetime(2031, 1, 1, tzinfo=UTC))
    """
)


def _database(tmp_path: Path) -> Path:
    path = tmp_path / "refkit.sqlite3"
    Database.open(str(path)).close()
    return path


def _kill_during_backup(path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _COPY_THEN_HANG, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "copying"
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(timeout=60)
        if child.stdout is not None:
            child.stdout.close()


def test_a_backup_killed_halfway_is_not_counted_as_a_backup(tmp_path: Path) -> None:
    path = _database(tmp_path)
    _kill_during_backup(path)
    assert list_backups(path) == []


def test_the_leftover_of_a_killed_backup_is_cleaned_up_by_the_next_one(tmp_path: Path) -> None:
    path = _database(tmp_path)
    _kill_during_backup(path)
    made = make_backup(path, "0002", datetime(2031, 1, 2, tzinfo=UTC))
    assert list_backups(path) == [made]
    assert sorted(p.name for p in tmp_path.iterdir() if "backup" in p.name) == [made.name]
    with sqlite3.connect(f"{made.as_uri()}?mode=ro", uri=True) as copy:
        assert copy.execute("PRAGMA quick_check").fetchone() == ("ok",)


def test_five_good_copies_are_kept_even_after_a_killed_one(tmp_path: Path) -> None:
    path = _database(tmp_path)
    good = [make_backup(path, "0001", datetime(2031, 1, day, tzinfo=UTC)) for day in (1, 2, 3)]
    _kill_during_backup(path)
    good += [make_backup(path, "0001", datetime(2031, 2, day, tzinfo=UTC)) for day in (1, 2, 3)]
    kept = list_backups(path)
    assert kept == good[-BACKUPS_KEPT:]
    assert all(backup.stat().st_size > 0 for backup in kept)
