"""Issue 29 §4 on the command line: spell and creature import of a 1 KB TOML file nested 500
deep printed a traceback and exited 1; now one error line naming the file, exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.cli_helpers import assert_bad_input

DEEP = "a = " + "[" * 500 + "]" * 500 + "\n"


@pytest.mark.parametrize(
    "command", [("spell", "import"), ("creature", "import"), ("creature", "check")]
)
def test_a_deeply_nested_toml_file_is_refused_in_one_line(
    cli, tmp_path: Path, command: tuple[str, str]
) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text(DEEP, encoding="utf-8")
    assert_bad_input(cli(*command, str(deep)), "deep.toml", "nested too deeply")
