"""Issue 30 §5: the stateless commands (``test``, ``roll``, ``odds``, ``cast``, ``lookup``) import
only what they use. Each runs in a fresh process through the console script's entry point
(:func:`refkit.main.main`) on an up-to-date file, and must leave out the database library, Qt,
the PDF writer, the odds engine (a Crows test's odds are counted, not built as an icepool die)
and the stdlib modules a quick command has no use for (``secrets``' hashing for a fresh seed,
``shutil``'s archive modules for argparse's terminal width). Their output is pinned elsewhere
(tests/cli/test_crows_commands.py, test_magic_commands.py…); here the exit code and the JSON
are checked to be the same as in-process."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest

PROBE = (
    "import sys; from refkit.main import main; code = main(sys.argv[1:]);"
    "print(sorted(sys.modules), file=sys.stderr); raise SystemExit(code)"
)

NEVER = ("PySide6", "sqlalchemy", "sqlmodel", "alembic", "pydantic", "reportlab", "icepool")
"""Loaded by no stateless command."""
QUICK_STDLIB = ("secrets", "hashlib", "shutil", "asyncio", "logging")
"""Standard modules none of them uses: each costs a share of a bare Python start."""
ROLL_ONLY = ("fractions", "refkit.dice.exact", "refkit.present.test_text")
"""A roll needs random only: no exact-odds arithmetic, no test wording."""
ODDS_ONLY = ("typing", "dataclasses", "inspect", "sqlite3", "pathlib", "datetime")
"""Odds touch no file and make two small frozen records (SlotRecord): no type-hint machinery, no
dataclass builder (with ``inspect``, ``ast`` and ``dis``), no database, paths or clock."""
LOGGED_ROLL = ("typing", "dataclasses", "inspect", "pathlib", "refkit.store.sqlite.quick")
"""A roll or test logs its roll with sqlite3 alone (refkit.store.sqlite.roll_append): no
type-hint machinery, no dataclass builder, no paths, not the quick path's ten store modules."""
CAST_ONLY = (
    "refkit.rules.magic.spell",
    "refkit.rules.tables.import_formats",
    "tomllib",
    "refkit.store.sqlite.quick",
)
"""A cast with no spell named, on the stored backlash table: no spell model, no TOML reader; its
table read and its roll logged with sqlite3 alone (refkit.store.sqlite.table_read, roll_append),
not through the quick path's ten store modules."""
LEAN_CAST = ("typing", "dataclasses", "inspect", "pathlib")
"""A cast's values (its table, rows, test, backlash, odds, the dice's ranges) are SlotRecords:
no type-hint machinery, no dataclass builder, no paths."""

COMMANDS: dict[str, tuple[list[str], tuple[str, ...]]] = {
    "roll": (["roll", "2d6"], NEVER + QUICK_STDLIB + ROLL_ONLY + LOGGED_ROLL),
    "roll keep": (["roll", "4d6kh3"], NEVER + QUICK_STDLIB + ROLL_ONLY + LOGGED_ROLL),
    "test": (["test", "--char", "1"], (*NEVER, *QUICK_STDLIB, "fractions", *LOGGED_ROLL)),
    "test seeded": (
        ["test", "--char", "2", "--edges", "1", "--seed", "7"],
        (*NEVER, *QUICK_STDLIB, "fractions", *LOGGED_ROLL),
    ),
    "odds": (["odds", "test", "--char", "1", "--edges", "2"], NEVER + QUICK_STDLIB + ODDS_ONLY),
    "cast": (
        ["cast", "--mind", "2", "--rank", "1", "--book-ud", "8", "--dice", "3,4"],
        NEVER + QUICK_STDLIB + CAST_ONLY + LEAN_CAST,
    ),
    "lookup": (["lookup", "shield"], (*NEVER, "secrets", "hashlib", "asyncio", "logging")),
}


def _loaded_by(args: list[str]) -> tuple[int, dict, set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args, "--json"],
        capture_output=True,
        text=True,
        check=False,
        env=dict(os.environ),
    )
    modules = json.loads(done.stderr.strip().splitlines()[-1].replace("'", '"'))
    return done.returncode, json.loads(done.stdout), set(modules)


def _heavy(loaded: set[str], excluded: tuple[str, ...]) -> list[str]:
    return sorted(
        name for name in loaded if any(name == x or name.startswith(x + ".") for x in excluded)
    )


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_stateless_command_imports_only_what_it_uses(cli, name: str) -> None:
    args, excluded = COMMANDS[name]
    assert cli("d100", "--json").code == 0  # the data folder's file, made, migrated and seeded
    assert cli("cast", "--mind", "2", "--rank", "1", "--book-ud", "8", "--json").code == 0
    expected = cli(*args, "--json")

    code, payload, loaded = _loaded_by(args)

    assert _heavy(loaded, excluded) == [], f"refkit {' '.join(args)} loaded these"
    assert code == expected.code == 0
    assert set(payload) == set(expected.json)
    if name in ("odds", "lookup") or "--seed" in args:  # no dice, or the same seed: the same
        assert payload == expected.json


@pytest.mark.parametrize("args", [["roll", "3d6kh2", "--seed", "11"], ["test", "--char", "2"]])
def test_a_roll_is_logged_with_sqlite3_alone(cli, refkit_data_dir, args: list[str]) -> None:
    assert cli("d100", "--json").code == 0  # the data folder's file, made, migrated and seeded
    path = refkit_data_dir / "refkit.sqlite3"
    newest = "SELECT id, kind, expression, source FROM roll_log ORDER BY id DESC LIMIT 1"
    with sqlite3.connect(path) as connection:
        before = connection.execute(newest).fetchone()
    connection.close()

    code, _payload, loaded = _loaded_by(args)

    with sqlite3.connect(path) as connection:
        after = connection.execute(newest).fetchone()
    connection.close()
    assert code == 0
    assert _heavy(loaded, LOGGED_ROLL) == []
    assert after[0] == before[0] + 1
    assert after[1] == ("notation" if args[0] == "roll" else "test")
    assert after[3] == "cli"
    if args[0] == "roll":
        assert after[2] == "3d6kh2"


@pytest.mark.parametrize("columns", [None, "123", "0", "-4", "wide"])
def test_the_help_width_is_shutils(monkeypatch, columns: str | None) -> None:
    import shutil

    from refkit.cli.parsing import terminal_columns

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


def test_a_users_default_data_folder_costs_no_platformdirs(tmp_path) -> None:
    """A user who set no REFKIT_DATA_DIR: the roll finds ~/.local/share/refkit with ``os`` alone
    (platformdirs loads pathlib, tempfile and shutil, more than a bare Python start) and is
    logged there."""
    env = {k: v for k, v in os.environ.items() if k not in ("REFKIT_DATA_DIR", "XDG_DATA_HOME")}
    env["HOME"] = str(tmp_path)
    made = subprocess.run(
        [sys.executable, "-m", "refkit", "d100", "--json"],
        env=env,
        capture_output=True,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    path = tmp_path / ".local" / "share" / "refkit" / "refkit.sqlite3"
    assert path.is_file()
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "roll", "2d6", "--json"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stderr.strip().splitlines()[-1].replace("'", '"')))
    assert _heavy(loaded, ("platformdirs", "tempfile", "shutil", *LOGGED_ROLL)) == []
    with sqlite3.connect(path) as connection:
        (count,) = connection.execute(
            "SELECT count(*) FROM roll_log WHERE source = 'cli'"
        ).fetchone()
    connection.close()
    assert count == 2
