"""``refkit character export NAME --out -`` writes the crow file to standard output (for a pipe),
never to a file called "-"; it reads back as the same crow."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from refkit.cli import run_cli
from refkit.rules.character.file_format import load_character_json


def test_out_dash_prints_the_crow_file_and_writes_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    db = str(tmp_path / "refkit.sqlite3")
    assert run_cli(["--db", db, "character", "export", "Wren Ashdown", "--out", "-"]) == 0
    out = capsys.readouterr().out
    assert load_character_json(out).name == "Wren Ashdown"
    assert not os.path.exists(tmp_path / "-")


def test_out_dash_with_json_is_refused(tmp_path: Path, capsys) -> None:
    db = str(tmp_path / "refkit.sqlite3")
    args = ["--json", "--db", db, "character", "export", "Wren Ashdown", "--out", "-"]
    assert run_cli(args) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("error: ")
