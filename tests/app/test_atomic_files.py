"""Atomic writes follow the user's symlink and never replace a device, FIFO or folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from refkit.app.atomic_files import AtomicWriteError, check_target, write_text_atomic


def test_a_symlink_stays_a_link_and_its_target_gets_the_text(tmp_path: Path) -> None:
    real = tmp_path / "notes" / "log.md"
    real.parent.mkdir()
    real.write_text("old", encoding="utf-8")
    os.chmod(real, 0o600)
    link = tmp_path / "log.md"
    link.symlink_to(real)
    assert write_text_atomic(link, "new") == link
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert real.read_text(encoding="utf-8") == "new"
    assert real.stat().st_mode & 0o777 == 0o600
    assert not list(real.parent.glob(".*.tmp"))


def test_a_dangling_symlink_creates_the_file_it_names(tmp_path: Path) -> None:
    link = tmp_path / "out.md"
    link.symlink_to(tmp_path / "made.md")
    write_text_atomic(link, "made")
    assert link.is_symlink() and (tmp_path / "made.md").read_text(encoding="utf-8") == "made"


def test_a_device_and_a_link_to_one_are_refused_and_left_alone(tmp_path: Path) -> None:
    # Like /dev/stdout on a terminal: a link to a character device. The link is followed, so
    # neither the link nor the device node can be renamed over.
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null here")
    link = tmp_path / "stdout"
    link.symlink_to("/dev/null")
    mode = os.stat("/dev/null").st_mode
    for target in ("/dev/null", link):
        with pytest.raises(AtomicWriteError, match="it is a device, not a regular file"):
            check_target(target)
        with pytest.raises(AtomicWriteError, match="it is a device, not a regular file"):
            write_text_atomic(target, "x")
    assert os.stat("/dev/null").st_mode == mode and link.is_symlink()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_and_a_link_to_one_are_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "link"
    link.symlink_to(fifo)
    for target in (fifo, link):
        with pytest.raises(AtomicWriteError, match=r"FIFO \(named pipe\), not a regular file"):
            write_text_atomic(target, "x")
    assert fifo.is_fifo() and link.is_symlink()


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(AtomicWriteError, match="is a folder"):
        write_text_atomic(tmp_path, "x")
