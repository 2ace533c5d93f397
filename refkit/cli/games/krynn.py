"""The Warriors of Krynn row of the contract: ``krynn conflict``, with the battle dice typed in
(``--hits``/``--woes``) or rolled from the face table (``--seed``), which is unverified."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number

if TYPE_CHECKING:
    from refkit.games.warriors_of_krynn.conflict import ConflictResult

Result = tuple[dict[str, Any], str]


def register(commands: Subcommands) -> None:
    krynn = commands.add_parser("krynn", help="Warriors of Krynn: conflicts")
    subcommands = krynn.add_subparsers(
        dest="krynn_command", metavar="COMMAND", parser_class=type(krynn)
    )
    krynn.set_defaults(handler=_missing_command)

    conflict = subcommands.add_parser(
        "conflict", help="a conflict: battle dice against a vile champion or a task"
    )
    conflict.add_argument("--actions", type=whole_number, required=True, metavar="A")
    conflict.add_argument("--discards", type=whole_number, default=0, metavar="C")
    conflict.add_argument("--difficulty", type=whole_number, required=True, metavar="D")
    conflict.add_argument(
        "--mastered", action="store_true", help="the required ability is the hero's mastered one"
    )
    conflict.add_argument("--hits", type=whole_number, metavar="H", help="hits on the real dice")
    conflict.add_argument("--woes", type=whole_number, metavar="W", help="woes on the real dice")
    conflict.add_argument(
        "--task",
        action="store_true",
        help="against a scenario task, not a vile champion (overkill wins no equipment)",
    )
    conflict.add_argument(
        "--stress-per-woe",
        action="store_true",
        help="1 stress for each woe instead of 1 for any woe (a reading to check)",
    )
    add_seed(conflict)
    add_json_flag(conflict)
    conflict.set_defaults(handler=_run_conflict)


def _missing_command(args: argparse.Namespace) -> Result:
    raise CliError("krynn: say which command: conflict")


def face_table_override() -> Path | None:
    """The user's battle die faces in the data folder, when there is anything at that path."""
    from refkit.games.warriors_of_krynn.battle_dice import RESOURCE
    from refkit.store.location import data_dir

    path = data_dir().joinpath(*RESOURCE)
    # Anything there (a folder too) is the user's table: reading it says what is wrong with it.
    return path if path.exists() else None


def _run_conflict(args: argparse.Namespace) -> Result:
    from refkit.dice.rng import make_rng
    from refkit.games.warriors_of_krynn import (
        check_counts,
        conflict_dice,
        load_face_table,
        resolve_conflict,
        roll_battle_dice,
    )

    for name in ("actions", "discards", "difficulty", "hits", "woes"):
        value = getattr(args, name)
        if value is not None and value < 0:
            raise CliError(f"krynn conflict: --{name} must be 0 or more, got {value}")
    typed = (args.hits is not None, args.woes is not None)
    if typed[0] != typed[1]:
        raise CliError("krynn conflict: give --hits and --woes together (the dice as rolled)")
    if any(typed) and args.seed is not None:
        raise CliError("krynn conflict: give either --hits and --woes, or --seed, not both")
    try:
        dice = conflict_dice(args.actions, args.discards)
    except ValueError as problem:
        raise CliError(f"krynn conflict: --{problem}") from None
    seed: int | None = None
    rolled: list[dict[str, int]] | None = None
    verified: bool | None = None
    if any(typed):
        hits, woes = args.hits, args.woes
        try:
            check_counts(load_face_table(face_table_override()), dice, hits=hits, woes=woes)
        except ValueError as problem:
            raise CliError(f"krynn conflict: --{problem}") from None
    else:
        table = load_face_table(face_table_override())
        rng, seed = make_rng(args.seed)
        roll = roll_battle_dice(table, dice, rng)
        hits, woes = roll.hits, roll.woes
        rolled = [{"hits": face.hits, "woes": face.woes} for face in roll.faces]
        verified = table.verified
    result = resolve_conflict(
        actions=args.actions,
        discards=args.discards,
        difficulty=args.difficulty,
        mastered=args.mastered,
        hits=hits,
        woes=woes,
        vile_champion=not args.task,
        stress_per_woe=args.stress_per_woe,
    )
    payload = {
        "dice": result.dice,
        "difficulty": result.difficulty,
        "hits": result.hits,
        "woes": result.woes,
        "success": result.success,
        "overkill": result.overkill,
        "stress": result.stress,
        "equipment": result.equipment,
        "seed": seed,
        "rolled": rolled,
        "faces_verified": verified,
    }
    return payload, _text(result, rolled is not None and not verified)


def _text(result: ConflictResult, unverified_roll: bool) -> str:
    outcome = "success" if result.success else "failure"
    if result.overkill:
        outcome += ", overkill" + (" (gain an equipment card)" if result.equipment else "")
    line = (
        f"{_count(result.dice, 'battle die', 'battle dice')}: {_count(result.hits, 'hit')} "
        f"against difficulty {result.difficulty}, {_count(result.woes, 'woe')}: {outcome}; "
        f"stress +{result.stress}"
    )
    if unverified_roll:
        line += "\n(virtual roll from an unverified face table: check it against your dice)"
    return line


def _count(number: int, one: str, many: str | None = None) -> str:
    return f"{number} {one if number == 1 else (many or one + 's')}"
