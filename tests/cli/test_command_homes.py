"""``refkit COMMAND`` loads only the module that registers COMMAND (runner.COMMAND_HOMES): the
map names every command, each in the module that really registers it, and a command's own
parser takes the same arguments as the full one."""

from __future__ import annotations

import argparse
import importlib

from refkit.cli.games import game_command_modules
from refkit.cli.runner import COMMAND_HOMES, COMMAND_MODULES, build_parser


def registered() -> dict[str, str]:
    found: dict[str, str] = {}
    modules = [importlib.import_module(f"refkit.cli.{name}") for name in COMMAND_MODULES]
    for module in (*modules, *game_command_modules()):
        parser = argparse.ArgumentParser()
        commands = parser.add_subparsers(dest="command")
        module.register(commands)
        for name in commands.choices:
            found[name] = module.__name__
    return found


def test_every_command_is_mapped_to_the_module_that_registers_it() -> None:
    assert registered() == COMMAND_HOMES


def test_a_commands_own_parser_knows_all_its_subcommands() -> None:
    full = build_parser()
    for command in COMMAND_HOMES:
        own = build_parser(command)
        own_choices = own._subparsers._group_actions[0].choices  # type: ignore[union-attr]
        full_choices = full._subparsers._group_actions[0].choices  # type: ignore[union-attr]
        assert command in own_choices and set(own_choices) <= set(full_choices)
        assert len(own_choices) < len(full_choices)  # not every module loaded
        assert own_choices[command].format_help() == full_choices[command].format_help()


def test_the_whole_parser_builds_and_the_game_parts_stay_under_their_games() -> None:
    # The trackers' modules register 'tracker' under their game's command; taken for games of
    # their own they clashed ("conflicting subparser: tracker") and 'refkit --help' crashed.
    full = build_parser()
    choices = full._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert "tracker" not in choices
    for game in ("widowers", "krynn", "stworze"):
        assert "tracker" in choices[game]._subparsers._group_actions[0].choices  # type: ignore[union-attr]
