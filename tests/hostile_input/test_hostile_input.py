"""The hostile-input corpus: every file is refused clearly, quickly, and nothing is written.

Each crow file goes through ``refkit character check`` and ``character import`` and through the
app's import (the character list panel's, which must show a dialog naming the problem); each
table file through ``refkit table import`` and ``TableService.parse``. See README.md here.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refkit.app.table_service import TableService
from refkit.cli import run_cli
from refkit.compose import open_character_service
from refkit.rules.character.file_format import CharacterFileError, load_character_json
from refkit.rules.common import file_bounds
from refkit.rules.tables.import_formats import TableImportError
from refkit.store.location import DATABASE_FILE_NAME

HERE = Path(__file__).parent
SECONDS = 5.0
"""Generous: each refusal takes well under a second; before the fix some took minutes."""

CROW_CASES: dict[str, str] = {
    "slots-ten-million": "items[1].slots: 10000000 is more than 99",
    "slots-two-to-the-31": "items[1].slots: 2147483648 is more than 99",
    "slots-googol": "items[1].slots: a number of about 101 digits is more than 99",
    "stamina-googol": "stamina.max: a number of about 101 digits is more than 999",
    "uses-ten-to-the-30": "expertises[0].uses: a number of about 31 digits is more than 99",
    "usage-dice-million": "items[0].usage_dice.max: 1000000 is more than 20",
    "count-billion": "items[1].count: 1000000000 is more than 999",
    "at-minus-trillion": "items[1].at: -1000000000000 is less than -99",
    "number-five-thousand-digits": "not a readable JSON file",
    "name-escape": "name holds the control character U+001B (ESC) at character 5",
    "name-nul": "name holds the control character U+0000 (NUL)",
    "name-right-to-left-override": "name holds the control character U+202E",
    "player-escape": "player holds the control character U+001B (ESC)",
    "item-name-csi": "items[0].name holds the control character U+009B (CSI)",
}

TABLE_CASES: dict[str, str] = {
    "row-end-trillion.csv": "its high end 1000000000000 is more than 10000000",
    "max-modifier-googol.toml": "is more than 1000",
    "name-escape.toml": "name holds the control character U+001B (ESC)",
    "huge-integer.toml": "not readable TOML",
}


def _valid_crow() -> dict:
    """A crow that passes: the ten-million-slot rope of the corpus cut back to one slot."""
    data = json.loads((HERE / "crows" / "slots-ten-million.crow.json").read_text("utf-8"))
    data["items"][1]["slots"] = 1
    return data


def _nested(folder: Path) -> Path:
    path = folder / "nested.crow.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    return path


def _many_items(folder: Path) -> Path:
    data = _valid_crow()
    pebble = {"name": "Pebble", "area": "belt", "at": 1, "stack": {"kind": "pebble", "limit": 5}}
    data["items"] = [pebble] * 20_000
    path = folder / "many-items.crow.json"
    path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    return path


def _oversized(folder: Path) -> Path:
    path = folder / "oversized.crow.json"
    data = _valid_crow()
    data["notes"] = "n" * (3 * 1024 * 1024)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _fifo(folder: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = folder / "pipe.crow.json"
    os.mkfifo(path)
    return path


def _folder(folder: Path) -> Path:
    path = folder / "folder.crow.json"
    path.mkdir()
    return path


MADE_CROWS: dict[str, tuple[Callable[[Path], Path], str]] = {
    "100,000 nested lists": (_nested, "nested too deeply to read"),
    "20,000 items": (_many_items, "items: 20000 entries is more than 200"),
    "a 3 MB file": (_oversized, "too large (3.0 MB); a character file holds at most 2 MB"),
    "/dev/zero": (lambda _: Path("/dev/zero"), "/dev/zero: is a character device"),
    "a FIFO": (_fifo, "is a FIFO (named pipe), not a regular file"),
    "a folder": (_folder, "is a folder, not a character file"),
}


def _deep_toml(folder: Path) -> Path:
    path = folder / "deep.toml"
    path.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    return path


def _many_rows(folder: Path) -> Path:
    path = folder / "many-rows.txt"
    path.write_text("".join(f"{n} row {n}\n" for n in range(1, 100_001)), encoding="utf-8")
    return path


def _table_fifo(folder: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = folder / "pipe.txt"
    os.mkfifo(path)
    return path


MADE_TABLES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "deeply nested TOML": (_deep_toml, "nested too deeply to read"),
    "100,000 rows": (_many_rows, "line 1001: more than 1000 rows (row 1001 is here)"),
    "/dev/zero": (lambda _: Path("/dev/zero"), "is a character device, not a regular file"),
    "a FIFO": (_table_fifo, "is a FIFO (named pipe), not a regular file"),
}


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str
    seconds: float


@pytest.fixture
def refkit(capsys) -> Callable[..., Run]:
    def run(*args: str) -> Run:
        started = time.monotonic()
        code = run_cli(list(args))
        seconds = time.monotonic() - started
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err, seconds)

    return run


def _assert_refused(run: Run, needle: str) -> None:
    lines = run.err.splitlines()
    assert run.code == 2, run
    assert len(lines) == 1 and lines[0].startswith("error: "), run.err
    assert "Traceback" not in run.err
    assert needle in lines[0], lines[0]
    assert "\x1b" not in run.err and "\u202e" not in run.err and "\x00" not in run.err
    assert run.seconds < SECONDS, f"took {run.seconds:.1f} s"


def _crow_files() -> Iterator[object]:
    for name, needle in CROW_CASES.items():
        yield pytest.param(lambda _, n=name: HERE / "crows" / f"{n}.crow.json", needle, id=name)
    for label, (make, needle) in MADE_CROWS.items():
        yield pytest.param(make, needle, id=label)


def _table_files() -> Iterator[object]:
    for name, needle in TABLE_CASES.items():
        yield pytest.param(lambda _, n=name: HERE / "tables" / n, needle, id=name)
    for label, (make, needle) in MADE_TABLES.items():
        yield pytest.param(make, needle, id=label)


@pytest.mark.parametrize(("make", "needle"), list(_crow_files()))
def test_character_check_and_import_refuse_and_write_nothing(
    refkit, make, needle: str, tmp_path: Path, refkit_data_dir: Path
) -> None:
    path = make(tmp_path)
    _assert_refused(refkit("character", "check", str(path)), needle)
    _assert_refused(refkit("character", "import", str(path)), needle)
    assert not (refkit_data_dir / DATABASE_FILE_NAME).exists()  # the database was never opened


@pytest.mark.parametrize(("make", "needle"), list(_crow_files()))
def test_the_apps_character_import_refuses_and_writes_nothing(
    make, needle: str, tmp_path: Path
) -> None:
    path = make(tmp_path)
    with open_character_service(str(tmp_path / "refkit.sqlite3")) as service:
        before = service.names()
        started = time.monotonic()
        with pytest.raises(CharacterFileError) as refused:
            service.import_file(path)
        assert time.monotonic() - started < SECONDS
        assert service.names() == before
    assert needle in str(refused.value)


@pytest.mark.parametrize(("make", "needle"), list(_table_files()))
def test_table_import_refuses_and_writes_nothing(refkit, make, needle: str, tmp_path: Path) -> None:
    path = make(tmp_path)
    db = str(tmp_path / "refkit.sqlite3")
    before = refkit("--db", db, "--json", "table", "list").out
    _assert_refused(refkit("--db", db, "table", "import", str(path), "--dice", "1d6"), needle)
    assert refkit("--db", db, "--json", "table", "list").out == before
    started = time.monotonic()
    with pytest.raises(TableImportError) as refused:
        TableService.parse(path, dice="1d6")
    assert time.monotonic() - started < SECONDS
    assert needle in str(refused.value)


# -- fuzzing the loader around the corpus ------------------------------------------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
_TEMPLATE = _valid_crow()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    key=st.sampled_from(
        [
            ("speed",),
            ("cruelty",),
            ("stamina", "max"),
            ("characteristics", "mind"),
            ("items", 1, "slots"),
            ("items", 1, "count"),
            ("items", 1, "at"),
            ("items", 0, "usage_dice", "max"),
            ("expertises", 0, "uses"),
            ("wounds",),
            ("name",),
        ]
    ),
    value=_JSON | st.integers(min_value=-(10**40), max_value=10**40),
)
def test_any_value_anywhere_is_read_or_refused_with_a_file_error(key, value) -> None:
    assert load_character_json(json.dumps(_TEMPLATE)).name == "Mara Vell"
    data = json.loads(json.dumps(_TEMPLATE))
    node = data
    for part in key[:-1]:
        node = node[part]
    node[key[-1]] = value
    started = time.monotonic()
    try:
        character = load_character_json(json.dumps(data), "fuzz.crow.json")
    except CharacterFileError as error:
        assert str(error).startswith("fuzz.crow.json: ")
    else:
        assert character.stamina.max <= 999
        assert all(item.slots <= file_bounds.ITEM_SLOTS_READ[1] for item in character.items)
    assert time.monotonic() - started < SECONDS
