"""Issue 29, done means: faults injected as a hostile environment would, each asserting that
nothing the user did is lost and that what happened is said.

In this module (the window's share is in tests/gui: ``test_lock_combinations.py`` — locks of
several lengths, past the last scheduled retry, under every order of typed notes, a toggle and
End DT —, ``test_file_gone.py`` and ``test_save_problems.py``):

- two app instances starting together on a new database (separate processes, one barrier);
- a process killed (SIGKILL) in the middle of a stream of writes: the file opens, passes
  ``quick_check``, and holds every write that was acknowledged;
- a full disk (a small tmpfs, where the machine lets a test mount one; CI runs as root) and an
  immutable file (``chattr +i``, which binds root too), said in plain words by the command line
  with exit status 2 and nothing changed.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database

ROOT = Path(__file__).resolve().parents[2]
WREN = "Wren Ashdown"


def _python(code: str, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )


# -- two app instances starting together -------------------------------------------------------

START = """
import sys, time
from pathlib import Path
from refkit.compose import Services
from refkit.app.travel.wiring import map_library
go = float(sys.argv[2])
while time.time() < go:
    time.sleep(0.001)
with Services(db_url=sys.argv[1], roll_source="app") as services:
    services.characters.list_characters()   # the sample party
    services.tables.summaries()            # the default tables
    names = map_library(services).names()  # the sample map
print(len(names))
"""


@pytest.mark.slow
@pytest.mark.parametrize("trial", range(2))
def test_two_instances_starting_together_on_a_new_database_both_start(
    tmp_path: Path, trial: int
) -> None:
    database = tmp_path / f"new-{trial}.sqlite3"
    go = f"{time.time() + 1.5:.3f}"  # both past their imports, then off at the same moment
    starts = [_python(START, str(database), go) for _ in range(2)]
    outcomes = [start.communicate(timeout=60) for start in starts]
    for start, (out, err) in zip(starts, outcomes, strict=True):
        assert start.returncode == 0, err
        assert out.strip() == "1"  # one sample map, seen by both
    with Database.open(str(database)) as opened:
        repo = CharacterRepository(opened)
        assert sorted(repo.names()) == ["Brannoc Tull", "Hesper Quill", WREN]
        assert [party.name for party in repo.list_parties()] == ["The Sample Party"]


# -- a process killed mid-write ----------------------------------------------------------------

WRITER = """
import dataclasses, sys
from refkit.store.database import Database
from refkit.app.character_service import CharacterService
from refkit.store.character_store import CharacterRepository
with Database.open(sys.argv[1]) as db:
    service = CharacterService(CharacterRepository(db), seed_samples=False)
    for number in range(1, 100_000):
        with db.unit_of_work():
            crow = service.get("Wren Ashdown")
            service.save(dataclasses.replace(crow, notes=f"entry {number} " + "x" * 4000))
        print(number, flush=True)   # acknowledged: committed
"""


@pytest.fixture
def seeded(tmp_path: Path) -> Path:
    from refkit.app.character_service import CharacterService

    path = tmp_path / "killed.sqlite3"
    with Database.open(str(path)) as opened:
        CharacterService(CharacterRepository(opened)).list_characters()
    return path


@pytest.mark.slow
@pytest.mark.parametrize("after", [5, 40, 120])
def test_a_process_killed_mid_write_loses_no_acknowledged_write(seeded: Path, after: int) -> None:
    writer = _python(WRITER, str(seeded))
    assert writer.stdout is not None
    acknowledged = 0
    for line in writer.stdout:
        acknowledged = int(line)
        if acknowledged >= after:
            break
    writer.send_signal(signal.SIGKILL)
    writer.communicate(timeout=10)  # reaped, its pipes closed
    with sqlite3.connect(seeded) as plain:
        assert plain.execute("PRAGMA quick_check").fetchone() == ("ok",)
    with Database.open(str(seeded)) as opened:
        notes = CharacterRepository(opened).get(WREN).notes
    stored = int(notes.split()[1])
    assert stored >= acknowledged  # every acknowledged write is there (one more may be too)


# -- a full disk and an immutable file, on the command line ------------------------------------


def _refkit(database: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "refkit", "--db", str(database), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "REFKIT_DATA_DIR": str(database.parent)},
    )


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB tmpfs (skipped where the test may not mount one)."""
    folder = tmp_path / "small"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _fill(folder: Path) -> None:
    descriptor = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        while True:
            os.write(descriptor, b"\0" * 4096)
    except OSError:
        pass  # the disk is full
    finally:
        os.close(descriptor)


@pytest.mark.slow
def test_the_command_line_says_the_disk_is_full_and_keeps_nothing_half_done(
    small_disk: Path,
) -> None:
    database = small_disk / "refkit.sqlite3"
    assert _refkit(database, "character", "list").returncode == 0
    before = _refkit(database, "dt", "status").stdout
    _fill(small_disk)
    started = _refkit(database, "dt", "start", "--dungeon", "The Drowned Crypt")
    assert started.returncode == 2
    assert "the disk is full" in started.stderr, started.stderr
    assert "disk I/O error" not in started.stderr and "Traceback" not in started.stderr
    (small_disk / "filler").unlink()
    assert _refkit(database, "dt", "status").stdout == before  # nothing half-done kept


@pytest.mark.slow
def test_an_immutable_database_is_said_read_only_and_left_as_it_was(tmp_path: Path) -> None:
    if shutil.which("chattr") is None:
        pytest.skip("no chattr here")
    database = tmp_path / "refkit.sqlite3"
    assert _refkit(database, "character", "list").returncode == 0
    before = database.read_bytes()
    if subprocess.run(["chattr", "+i", str(database)], capture_output=True).returncode != 0:
        pytest.skip("this file system keeps no immutable flag")
    try:
        started = _refkit(database, "dt", "start", "--dungeon", "The Drowned Crypt")
    finally:
        subprocess.run(["chattr", "-i", str(database)], check=False)
    assert started.returncode == 2
    assert "read-only" in started.stderr, started.stderr
    assert "could not be read or written" not in started.stderr
    assert database.read_bytes() == before
