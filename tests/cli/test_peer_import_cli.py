"""``refkit character import`` of The Nest's save and the Foundry actors, and ``character export
--format nest``: exit codes, what is said, nothing half-written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.cli_helpers import assert_bad_input

DATA = Path(__file__).parents[1] / "rules" / "data"
SAMPLES = [*sorted((DATA / "peers").glob("*.json")), DATA / "nest-save-cook.json"]


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_each_peer_file_imports(cli, path: Path) -> None:
    run = cli("character", "import", str(path), "--json")
    assert run.code == 0, run.err
    payload = run.json
    assert payload["imported"] is True
    assert payload["source_format"] in {"nest", "dv", "dv-pt1", "pirsqed"}
    assert payload["unmapped"] or payload["migrated"]
    listed = cli("character", "list", "--json").json["characters"]
    assert payload["name"] in [c["name"] for c in listed]


def test_the_text_says_what_was_not_mapped(cli) -> None:
    run = cli("character", "import", str(DATA / "nest-save-cook.json"))
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0] == "imported Marla Quince from The Nest's save"
    assert "  not mapped (kept in the notes): condition Hidden (not one of Refkit's)" in lines


def test_a_broken_nest_save_is_one_error_and_imports_nothing(cli, tmp_path: Path) -> None:
    data = json.loads((DATA / "peers" / "nest-save-1.json").read_text(encoding="utf-8"))
    data["bg"] = 77
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    before = cli("character", "list", "--json").json
    assert_bad_input(cli("character", "import", str(bad)), "read as The Nest's save", "bg is 77")
    assert cli("character", "list", "--json").json == before


def test_deep_nesting_is_refused_cleanly(cli, tmp_path: Path) -> None:
    bad = tmp_path / "deep.json"
    bad.write_text('{"v": 1, "bg": 0, "inv": [], "notes": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert_bad_input(cli("character", "import", str(bad)), "deep")


def test_export_as_a_nest_save_and_back(cli, tmp_path: Path) -> None:
    assert cli("character", "import", str(DATA / "peers" / "nest-save-2.json")).code == 0
    out = tmp_path / "aldric.json"
    run = cli(
        "character",
        "export",
        "Brother Aldric Penn",
        "--format",
        "nest",
        "--out",
        str(out),
        "--json",
    )
    assert run.code == 0, run.err
    assert run.json["format"] == "nest"
    save = json.loads(out.read_text(encoding="utf-8"))
    assert (save["v"], save["bg"], save["txp"]) == (1, 0, 1650)
    again = cli("character", "import", str(out), "--replace", "--json")
    assert again.code == 0, again.err
    assert again.json["source_format"] == "nest"


def test_export_as_a_nest_save_needs_a_background(cli, tmp_path: Path) -> None:
    out = tmp_path / "wren.json"
    run = cli("character", "export", "Wren Ashdown", "--format", "nest", "--out", str(out))
    assert_bad_input(run, "The Nest needs one of the 36 backgrounds", "nothing written")
    assert not out.exists()
