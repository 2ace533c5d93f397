"""Reading a user's file: only regular files, a size cap, and never a blocking open."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from refkit.rules.common.file_reading import UserFileError, read_user_file


def test_a_regular_file_within_the_cap_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "mara.crow.json"
    path.write_bytes(b"x" * 100)
    assert read_user_file(path, limit=100) == b"x" * 100


def test_a_file_over_the_cap_is_refused_with_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big.crow.json"
    path.write_bytes(b"x" * (2 * 1024 * 1024 + 1))
    with pytest.raises(UserFileError, match=r"big\.crow\.json: too large \(2\.0 MB\); a crow"):
        read_user_file(path, limit=2 * 1024 * 1024, what="crow file")


def test_dev_zero_is_refused_at_once_not_read_forever() -> None:
    started = time.monotonic()
    with pytest.raises(UserFileError, match="/dev/zero: is a character device"):
        read_user_file("/dev/zero", limit=1024, what="character file")
    assert time.monotonic() - started < 5


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.crow.json"
    os.mkfifo(fifo)
    with pytest.raises(UserFileError, match=r"pipe\.crow\.json: is a FIFO \(named pipe\)"):
        read_user_file(fifo, limit=1024)


def test_a_folder_and_a_missing_file_are_named(tmp_path: Path) -> None:
    with pytest.raises(UserFileError, match="is a folder, not a table file"):
        read_user_file(tmp_path, limit=1024, what="table file")
    with pytest.raises(UserFileError, match=r"nope\.toml: no such file"):
        read_user_file(tmp_path / "nope.toml", limit=1024)


def test_a_symlink_to_a_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "sneaky.crow.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(UserFileError, match="character device"):
        read_user_file(link, limit=1024)
