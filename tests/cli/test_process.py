"""The command line as a separate process: no Qt, no traceback, fast, --version."""

from __future__ import annotations

import json

from refkit import __version__


def test_version(cli_process):
    run = cli_process("--version")
    assert run.code == 0
    assert __version__ in run.out


def test_headless_command_imports_no_qt_and_no_sql(cli_process):
    """A roll on a database that is already up to date is logged through the quick path: no
    SQLAlchemy, no Qt (the very first command of a data folder creates the file with them)."""
    assert cli_process("d100", "--json").code == 0  # creates and migrates the database
    probe = (
        "import sys, runpy; sys.argv=['refkit','test','--char','1','--json'];"
        "from refkit.cli import run_cli; code = run_cli(sys.argv[1:]);"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('PySide6','sqlalchemy','sqlmodel','reportlab','alembic'));"
        "print(bad, file=sys.stderr); raise SystemExit(code)"
    )
    import os
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=False,
        env=dict(os.environ),
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "[]"
    assert json.loads(done.stdout)["tier"] in (1, 2, 3)


def test_bad_input_exits_2_with_one_error_line(cli_process):
    run = cli_process("test", "--char", "1", "--dice", "12,1", "--json")
    assert run.code == 2
    assert run.out == ""
    assert run.err.startswith("error: ") and run.err.count("\n") == 1
    assert "Traceback" not in run.err


def test_json_is_exactly_one_object(cli_process):
    run = cli_process("encounter", "--die", "10", "--json")
    assert run.code == 0
    assert run.out.count("\n") == 1
    assert json.loads(run.out)["immediate"] is True
