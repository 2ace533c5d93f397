"""Every conflict the services raise inside a command becomes an ``error:`` line, not a traceback.

A command's services turn Refkit's refusals into CliError (the ``error:`` line and exit code the
contract names). Conflicts are told apart by the error family (``ConflictError``), so a kind of
conflict added later is refused as cleanly as the dungeon turn's.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from refkit.app.dungeon.settings import SettingsChangedError
from refkit.cli.errors import CliError
from refkit.cli.services import command_services
from refkit.errors import ConflictError


@pytest.mark.parametrize(
    "conflict",
    [SettingsChangedError("the DT settings changed meanwhile"), ConflictError("changed since")],
)
def test_a_conflict_inside_a_command_is_an_error_line(tmp_path: Path, conflict: Exception) -> None:
    args = argparse.Namespace(db=str(tmp_path / "refkit.db"))
    with pytest.raises(CliError, match=str(conflict)), command_services(args):
        raise conflict


def test_a_bug_inside_a_command_is_not_dressed_up_as_a_refusal(tmp_path: Path) -> None:
    args = argparse.Namespace(db=str(tmp_path / "refkit.db"))
    with pytest.raises(KeyError), command_services(args):
        raise KeyError("a bug")
