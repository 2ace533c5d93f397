"""``test --crow NAME --prepared``: the task a crow prepared for at its last rest gives +2 on the
test until its next rest ends; without one the option is refused and nothing is rolled."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from refkit.cli import run_cli

WREN = "Wren Ashdown"


def cli(db: str, *args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict, str]:
    code = run_cli(["--json", "--db", db, *args])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else {}), err


def rest_preparing(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    for step in (
        ("dt", "party", "The Sample Party"),
        ("dt", "start", "--dungeon", "Crypt"),
        ("dt", "rest", "start"),
        ("dt", "rest", "check", "--die", "1"),
    ):
        code, _, err = cli(db, *step, capsys=capsys)
        assert code == 0, err
    code, finished, err = cli(
        db, "dt", "rest", "finish", "--activity", f"{WREN}=prepare:climbing the wall", capsys=capsys
    )
    assert code == 0, err
    (wren,) = [crow for crow in finished["crows"] if crow["character"] == WREN]
    assert wren["activity"] == "prepare"


def test_the_prepared_task_adds_two_to_the_crows_test(tmp_path: Path, capsys) -> None:
    db = str(tmp_path / "refkit.sqlite3")
    rest_preparing(db, capsys)
    plain = cli(db, "test", "--crow", WREN, "--char", "agility", "--dice", "5,6", capsys=capsys)
    prepared = cli(
        db,
        "test",
        "--crow",
        WREN,
        "--char",
        "agility",
        "--dice",
        "5,6",
        "--prepared",
        capsys=capsys,
    )
    assert plain[0] == prepared[0] == 0
    assert prepared[1]["total"] == plain[1]["total"] + 2
    assert prepared[1]["prepared"] == "climbing the wall"
    assert plain[1]["prepared"] is None


def test_no_prepared_task_is_refused_and_nothing_is_rolled(tmp_path: Path, capsys) -> None:
    db = str(tmp_path / "refkit.sqlite3")
    code, _, err = cli(db, "test", "--crow", WREN, "--char", "agility", "--prepared", capsys=capsys)
    assert code == 2
    assert err.startswith("error: ") and "prepared for no task" in err
    code, _, err = cli(db, "test", "--char", "2", "--prepared", capsys=capsys)
    assert code == 2 and "needs --crow" in err
