"""The full parser (``refkit --help``, a mistyped command) is built from every command module:
a game's part module (``krynn_tracker``, ``stworze_tracker``) must not be registered again at the
top, where two ``tracker`` commands broke every such run with a traceback."""

from __future__ import annotations

import pytest

from refkit.cli.games import game_command_modules
from refkit.cli.runner import run_cli


def test_game_parts_are_not_games_of_their_own() -> None:
    names = {module.__name__.rsplit(".", 1)[1] for module in game_command_modules()}
    assert {"krynn", "stworze", "warcrow", "widowers", "lookup"} <= names
    assert not {name for name in names if name.endswith("_tracker")}


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        run_cli(["--help"])
    assert done.value.code == 0
    said = capsys.readouterr().out
    assert "krynn" in said and "stworze" in said


def test_a_mistyped_command_is_refused_with_usage_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_cli(["nosuchcommand"]) == 2
    assert "nosuchcommand" in capsys.readouterr().err
