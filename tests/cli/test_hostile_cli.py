"""Hostile input on the command line: negative Q,R values, huge numbers, control characters,
a locked, read-only or damaged database, and export targets that are not regular files."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import stat
import subprocess
import time
from pathlib import Path

import pytest

from tests.cli.cli_helpers import assert_bad_input, assert_error_line

HUGE = "99999999999999999999999"


# -- negative values (issue 7 §5) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("origin", "to"), [("-2,0", [-2, -1]), ("-2,-3", [-2, -4]), ("3,-2", [3, -3])]
)
def test_lost_takes_a_negative_position_as_the_contract_writes_it(cli, origin, to) -> None:
    run = cli("travel", "lost", "--from", origin, "--die", "1", "--json")
    assert run.code == 0, run.err
    assert run.json["to"] == to


def test_negative_values_work_for_other_options_too(cli) -> None:
    assert (
        cli("test", "--char", "-1", "--bonus", "-3", "--dice", "5,6", "--json").json["total"] == 7
    )
    assert cli("encounter", "--modifier", "-2", "--die", "7", "--json").json["en"] == 7
    run = cli("test", "--char", "1", "--dice", "-1,3")
    assert "expected one argument" not in run.err
    assert_bad_input(run)


# -- numbers too large for any option ------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("dt", "log", "--limit", HUGE),
        ("table", "roll", "Refkit default backlashes", "--total", HUGE),
        ("travel", "lost", "--from", f"{HUGE},0"),
        ("greed", "--value", HUGE, "--dt", "1"),
        ("test", "--char", "1", "--seed", HUGE),
        ("dt", "resolve", "--index", HUGE),
    ],
)
def test_a_number_too_large_for_any_option_is_one_error_line(cli, args) -> None:
    run = cli(*args)
    assert_bad_input(run, "is too large")
    assert "OverflowError" not in run.err


# -- control characters --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("dt", "start", "--dungeon", "Crypt\x1b[2J"), "--dungeon holds the control character"),
        (("effect", "add", "Torch\u202e", "--ud", "2"), "effect's name holds the control"),
        (("effect", "add", "Torch", "--ud", "2", "--owner", "Mara\x00"), "--owner holds"),
    ],
)
def test_control_characters_in_names_are_refused(cli, args, needle) -> None:
    run = cli(*args)
    assert_bad_input(run, needle)
    assert cli("--json", "effect", "list").json["effects"] == []


def test_a_table_name_with_escape_is_refused(cli, tmp_path: Path) -> None:
    table = tmp_path / "rats.txt"
    table.write_text("1-3 rats\n4-6 more rats\n", encoding="utf-8")
    run = cli("table", "import", str(table), "--name", "Rats\x1b]0;pwned\x07")
    assert_bad_input(run, "name holds the control character U+001B (ESC)")


def test_text_output_never_prints_control_characters_raw(cli, tmp_path: Path) -> None:
    table = tmp_path / "rats.txt"
    table.write_text("1-3 rats\x1b[2J\n4-6 more \u202erats\n", encoding="utf-8")
    assert cli("table", "import", str(table), "--name", "Rats").code == 0
    shown = cli("table", "show", "Rats")
    assert "\x1b" not in shown.out and "\u202e" not in shown.out
    assert "rats\\x1b[2J" in shown.out and "\\u202erats" in shown.out
    as_json = cli("--json", "table", "show", "Rats")
    assert "\x1b" not in as_json.out and "\u202e" not in as_json.out
    assert as_json.json["rows"][0]["text"] == "rats\x1b[2J"


def test_an_error_line_never_prints_control_characters_raw(cli, tmp_path: Path) -> None:
    run = cli("character", "check", str(tmp_path / "\x1b[2Jmara.crow.json"))
    line = assert_error_line(run, "\\x1b[2Jmara.crow.json: no such file")
    assert "\x1b" not in line


# -- the database: locked, read-only, damaged ----------------------------------------------------


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _assert_one_plain_error_line(run, *needles: str) -> None:
    assert run.code == 2, run
    line = assert_error_line(run, *needles)
    assert "INSERT" not in line and "UPDATE" not in line and "[SQL" not in line, line


def test_a_lock_held_by_another_program_is_one_error_line(cli, tmp_path: Path) -> None:
    db = tmp_path / "locked.sqlite3"
    assert cli("--db", str(db), "character", "list").code == 0
    crow = tmp_path / "mara.crow.json"
    assert cli("--db", str(db), "character", "export", "Wren Ashdown", "--out", str(crow)).code == 0
    crow.write_text(crow.read_text("utf-8").replace("Wren Ashdown", "Mara Vell"), "utf-8")
    holder = sqlite3.connect(db, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        started = time.monotonic()
        runs = [
            cli("--db", str(db), "effect", "add", "Torch", "--ud", "2"),
            cli("--db", str(db), "character", "import", str(crow)),
        ]
        assert time.monotonic() - started < 60
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    for run in runs:
        _assert_one_plain_error_line(run, "locked")
    assert cli("--db", str(db), "--json", "effect", "list").json["effects"] == []
    assert "Mara Vell" not in cli("--db", str(db), "character", "list").out


def _make_read_only(path: Path) -> bool:
    """Make ``path`` read-only even for root (``chattr +i``); False if this machine cannot."""
    if os.geteuid() != 0:
        os.chmod(path, 0o444)
        return True
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
    return done.returncode == 0


def _make_writable(path: Path) -> None:
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True, check=False)
    os.chmod(path, 0o644)


def test_a_read_only_database_file_is_one_error_line_and_stays_as_it_was(
    cli, tmp_path: Path
) -> None:
    db = tmp_path / "refkit.sqlite3"
    assert cli("--db", str(db), "character", "list").code == 0
    before = _digest(db)
    if not _make_read_only(db):
        pytest.skip("cannot make a file read-only for root here (no chattr)")
    try:
        runs = [
            cli("--db", str(db), "effect", "add", "Torch", "--ud", "2"),
            cli("--db", str(db), "dt", "start"),
        ]
    finally:
        _make_writable(db)
    for run in runs:
        _assert_one_plain_error_line(run, "read-only")
    assert _digest(db) == before


def _corrupt_a_page_mid_file(path: Path) -> None:
    size = path.stat().st_size
    page = 4096
    with path.open("r+b") as handle:
        handle.seek((size // page // 2) * page)
        handle.write(b"\xde\xad\xbe\xef" * (page // 4))


def test_a_damaged_database_is_one_error_line_and_never_written(cli, tmp_path: Path) -> None:
    db = tmp_path / "damaged.sqlite3"
    notes = tmp_path / "notes.txt"
    notes.write_text("".join(f"{n} {'long row text ' * 40}\n" for n in range(1, 101)), "utf-8")
    assert cli("--db", str(db), "table", "import", str(notes), "--name", "Notes").code == 0
    assert cli("--db", str(db), "character", "list").code == 0
    _corrupt_a_page_mid_file(db)
    before = _digest(db)
    for args in (
        ("character", "list"),
        ("dt", "status"),
        ("effect", "add", "Torch", "--ud", "2"),
        ("dt", "start"),
    ):
        run = cli("--db", str(db), *args)
        _assert_one_plain_error_line(run, "damaged")
        assert _digest(db) == before, args


# -- exports: follow a symlink, refuse what is not a regular file -------------------------------


def test_export_through_a_symlink_writes_its_target_and_keeps_the_link(cli, tmp_path: Path) -> None:
    real = tmp_path / "real.crow.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.crow.json"
    link.symlink_to(real)
    run = cli("character", "export", "Wren Ashdown", "--out", str(link))
    assert run.code == 0, run.err
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert json.loads(real.read_text(encoding="utf-8"))["name"] == "Wren Ashdown"


def _special_targets(tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "pipe.crow.json"
    os.mkfifo(fifo)
    link = tmp_path / "to-pipe.crow.json"
    link.symlink_to(fifo)
    targets = {"fifo": fifo, "link to a fifo": link}
    device = tmp_path / "null.crow.json"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        targets["device"] = device
    except (PermissionError, OSError):
        pass  # only root may make device nodes
    return targets


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_export_refuses_devices_and_fifos_and_replaces_nothing(cli, tmp_path: Path) -> None:
    for kind, target in _special_targets(tmp_path).items():
        mode = os.lstat(target).st_mode
        run = cli("character", "export", "Wren Ashdown", "--out", str(target))
        assert_bad_input(run, "not a regular file", "nothing written")
        assert os.lstat(target).st_mode == mode, kind
        markdown = cli("dt", "log", "--markdown", str(target))
        assert_bad_input(markdown, "not a regular file")
        assert os.lstat(target).st_mode == mode, kind
