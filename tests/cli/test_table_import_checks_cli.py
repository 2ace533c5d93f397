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
