"""``refkit table import``: an overlap's error line carries the suggested fix, nothing stored."""

from __future__ import annotations

from pathlib import Path

from tests.cli.cli_helpers import assert_bad_input


def test_an_overlap_is_refused_with_the_fix_to_make(cli, tmp_path: Path) -> None:
    file = tmp_path / "backlash.txt"
    file.write_text("1-2 Sparks\n2-4 Smoke for 1 UD\n5-6 Frost\n", encoding="utf-8")
    before = cli("table", "list", "--json").json
    run = cli("table", "import", str(file), "--name", "My backlashes", "--dice", "1d6", "--json")
    assert_bad_input(run, "rows 1 and 2", "both cover 2", "make row 2 start at 3?")
    assert cli("table", "list", "--json").json == before


def test_apply_fixes_imports_with_the_suggestions_and_says_which(cli, tmp_path: Path) -> None:
    file = tmp_path / "backlash.txt"
    file.write_text("1-2 Sparks\n2-4 Smoke for 1 UD\n3-4 Ash\n5-6 Frost\n", encoding="utf-8")
    run = cli(
        "table", "import", str(file), "--name", "My backlashes", "--dice", "1d6",
        "--apply-fixes", "--json",
    )  # fmt: skip
    assert run.code == 0, run.err
    assert run.json["fixes"] == ["make row 2 start at 3?", "the same range twice: remove row 3?"]
    shown = cli("table", "show", "My backlashes", "--json").json
    assert [(row["low"], row["high"]) for row in shown["rows"]] == [(1, 2), (3, 4), (5, 6)]


def test_apply_fixes_still_refuses_a_problem_without_a_fix(cli, tmp_path: Path) -> None:
    file = tmp_path / "gappy.txt"
    file.write_text("1-2 Sparks\n5-6 Frost\n", encoding="utf-8")
    run = cli("table", "import", str(file), "--name", "Gappy", "--dice", "1d6", "--apply-fixes")
    assert_bad_input(run, "no row covers 3–4")
