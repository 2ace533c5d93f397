"""Autosave: an edit survives the app being killed the moment after it (no clean shutdown)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from refkit.compose import open_character_service

EDIT_THEN_DIE = r"""
import os, signal, sys
from refkit.compose import open_character_service
from refkit.app.character_commands import edit_notes, place_wounds

service = open_character_service(sys.argv[1])
place_wounds(service, "Brannoc Tull", [4]).do()
edit_notes(service, "Hesper Quill", "Owes the ferryman <two> coins & a song").do()
print("edited", flush=True)
os.kill(os.getpid(), signal.SIGKILL)   # no close(), no atexit, no flush: killed outright
"""


@pytest.mark.slow
def test_edits_are_on_disk_when_the_process_is_killed_right_after(tmp_path: Path) -> None:
    database = tmp_path / "table.sqlite3"
    open_character_service(str(database)).close()  # a fresh database with the sample party
    done = subprocess.run(
        [sys.executable, "-c", EDIT_THEN_DIE, str(database)],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        check=False,
        timeout=60,
    )
    assert done.returncode == -signal.SIGKILL, done.stderr
    assert done.stdout.strip() == "edited"
    service = open_character_service(str(database))
    try:
        assert 4 in service.get("Brannoc Tull").wound_slots
        assert service.get("Hesper Quill").notes == "Owes the ferryman <two> coins & a song"
    finally:
        service.close()
