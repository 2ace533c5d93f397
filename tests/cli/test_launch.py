"""One reading of ``refkit``'s own options: the window for window options alone, else the CLI."""

from __future__ import annotations

import subprocess
import sys
import types

import pytest

from refkit import main as launcher
from refkit.cli import launch
from refkit.cli.launch import Launch, plain_window_options, read_launch


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], Launch(window=True)),
        (["--db", "crows.sqlite3"], Launch(window=True, db_url="crows.sqlite3")),
        (["--db=crows.sqlite3"], Launch(window=True, db_url="crows.sqlite3")),
        (["--exit-after-paint", "--db", "x"], Launch(True, db_url="x", exit_after_paint=True)),
        (["--exit-after-paint"], Launch(window=True, exit_after_paint=True)),
    ],
)
def test_window_options_alone_open_the_window(argv, expected):
    assert read_launch(argv) == expected


@pytest.mark.parametrize(
    "argv",
    [
        ["test", "--char", "1"],
        ["--db", "x", "dt", "status"],
        ["--json"],
        ["--version"],
        ["-h"],
        ["--db"],  # no value: the command line says so
        ["--exit"],  # no abbreviations: the command line refuses it
        ["--bogus"],
    ],
)
def test_anything_else_is_the_command_line(argv):
    assert read_launch(argv).window is False


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--exit-after-paint"],
        ["--db", "x", "--exit-after-paint"],
        ["--db=x"],
        ["--db="],
        ["--db", "a", "--db=b"],
        ["--db", "-5"],
        ["--db"],
        ["--db", "--exit-after-paint"],
        ["--json"],
        ["--exit"],
        ["roll", "2d6"],
    ],
)
def test_the_quick_reading_of_window_options_is_argparses(monkeypatch, argv):
    quick = plain_window_options(argv)
    monkeypatch.setattr(launch, "plain_window_options", lambda _argv: None)
    assert quick is None or quick == read_launch(argv)


def test_opening_the_window_does_not_import_argparse() -> None:
    probe = (
        "import sys; from refkit.cli.launch import read_launch;"
        "assert read_launch(['--exit-after-paint', '--db', 'x']).window;"
        "print('argparse' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


@pytest.fixture
def fake_window(monkeypatch):
    """refkit.gui.main replaced: the launcher's call is recorded, no window opens."""
    calls: list[dict] = []
    module = types.ModuleType("refkit.gui.main")
    module.run_app = lambda **options: calls.append(options) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "refkit.gui.main", module)
    monkeypatch.setattr(launcher, "no_display_reason", lambda environ, platform: None)
    return calls


def test_the_launcher_opens_the_window_with_the_options_it_read(fake_window):
    assert launcher.main(["--db", "party.sqlite3", "--exit-after-paint"]) == 0
    assert fake_window == [{"db_url": "party.sqlite3", "exit_after_paint": True}]


def test_the_launcher_hands_a_command_to_the_cli_with_the_same_options(
    fake_window, tmp_path, capsys
):
    path = tmp_path / "own.sqlite3"
    assert launcher.main(["--db", str(path), "--json", "d100", "--dice", "1,2"]) == 0
    assert fake_window == []
    assert '"value": 12' in capsys.readouterr().out
    assert path.exists()  # the CLI used the --db the launcher saw


def test_a_mistake_in_the_options_is_the_cli_s_error_line(fake_window, capsys):
    assert launcher.main(["--db"]) == 2
    assert fake_window == []
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "--db" in err and err.count("\n") == 1
