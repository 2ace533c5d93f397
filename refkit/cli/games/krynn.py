"""The Warriors of Krynn row of the contract: ``krynn conflict``, with the battle dice typed in
(``--hits``/``--woes``) or rolled from the face table (``--seed``), which is unverified."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number

if TYPE_CHECKING:
    from refkit.games.warriors_of_krynn.battle import LineState
    from refkit.games.warriors_of_krynn.conflict import ConflictResult

Result = tuple[dict[str, Any], str]


def register(commands: Subcommands) -> None:
    krynn = commands.add_parser(
        "krynn", help="Warriors of Krynn: conflicts, encounter costs, battle lines"
    )
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
    _add_track(conflict)
    add_seed(conflict)
    add_json_flag(conflict)
    conflict.set_defaults(handler=_run_conflict)

    encounter = subcommands.add_parser(
        "encounter", help="actions to activate a tile's power or refresh a shaken commander"
    )
    encounter.add_argument(
        "--value",
        type=whole_number,
        required=True,
        metavar="V",
        help="the value on the commander or tile",
    )
    encounter.add_argument(
        "--mastered", action="store_true", help="the attribute matches the hero's mastered one"
    )
    encounter.add_argument(
        "--discards",
        type=whole_number,
        default=0,
        metavar="C",
        help="ability cards discarded (1 action less each)",
    )
    _add_track(encounter)
    add_json_flag(encounter)
    encounter.set_defaults(handler=_run_encounter)

    battle = subcommands.add_parser(
        "battle", help="a line in battle: who attacks, where the hits and woes land"
    )
    battle.add_argument(
        "--alliance",
        required=True,
        metavar="UNITS,TACTICS",
        help="the Alliance's units and tactic tokens on the line",
    )
    battle.add_argument(
        "--dragon",
        required=True,
        metavar="UNITS,TACTICS",
        help="the Dragon Army's units and tactic tokens on the line",
    )
    battle.add_argument(
        "--defending",
        metavar="B,R,S",
        help="the defending line: barricades, ready units, shaken units",
    )
    battle.add_argument(
        "--attacking",
        metavar="B,R,S",
        help="the attacking line: barricades, ready units, shaken units",
    )
    battle.add_argument("--hits", type=whole_number, default=0, metavar="H")
    battle.add_argument("--woes", type=whole_number, default=0, metavar="W")
    add_json_flag(battle)
    battle.set_defaults(handler=_run_battle)

    skirmish = subcommands.add_parser(
        "skirmish", help="the skirmish die: which line fights, and the Commander symbol"
    )
    skirmish.add_argument(
        "--face", type=whole_number, metavar="N", help="the face the real die shows (1 = first)"
    )
    add_seed(skirmish)
    add_json_flag(skirmish)
    skirmish.set_defaults(handler=_run_skirmish)

    from refkit.cli.games.trackers import krynn as krynn_tracker

    krynn_tracker.add_tracker(subcommands)


def _add_track(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--track",
        action="store_true",
        help="also record it for the active hero in the stored tracker (actions, cards, stress)",
    )


def _missing_command(args: argparse.Namespace) -> Result:
    raise CliError("krynn: say which command: conflict, encounter, battle, skirmish or tracker")


def face_table_override(resource: tuple[str, ...] | None = None) -> Path | None:
    """The user's battle die faces (or ``resource``, another die's table) in the data folder,
    when there is anything at that path."""
    from refkit.games.warriors_of_krynn.battle_dice import RESOURCE
    from refkit.store.location import data_dir

    path = data_dir().joinpath(*(resource or RESOURCE))
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
    payload: dict[str, Any] = {
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
    text = _text(result, rolled is not None and not verified)
    if args.track:
        tracked = _track(
            args,
            "A conflict",
            lambda t: t.conflict(args.actions, args.discards, result),
        )
        payload["tracker"] = tracked[0]
        text += "\n" + tracked[1]
    return payload, text


def _track(args: argparse.Namespace, text: str, change: Any) -> Result:
    from refkit.cli.games.trackers.krynn import do_step, tracker_payload, tracker_text

    tracker = do_step(args, text, change)
    return tracker_payload(tracker), tracker_text(tracker)


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


def _run_encounter(args: argparse.Namespace) -> Result:
    from refkit.games.warriors_of_krynn import encounter_cost

    for name in ("value", "discards"):
        if getattr(args, name) < 0:
            raise CliError(
                f"krynn encounter: --{name} must be 0 or more, got {getattr(args, name)}"
            )
    cost = encounter_cost(args.value, mastered=args.mastered, discards=args.discards)
    payload: dict[str, Any] = {"actions": cost}
    text = f"{_count(cost, 'action')} to spend"
    if args.track:
        payload["tracker"], tracked = _track(
            args, "An encounter", lambda t: t.encounter(cost, args.discards)
        )
        text += "\n" + tracked
    return payload, text


def _numbers(text: str, option: str, names: tuple[str, ...]) -> tuple[int, ...]:
    words = [word.strip() for word in text.split(",")]
    if len(words) != len(names) or not all(word.isdigit() for word in words):
        raise CliError(
            f"krynn battle: {option} takes {len(names)} whole numbers, 0 or more "
            f"({', '.join(names)}), like {','.join('1' for _ in names)}; got {text[:40]!r}"
        )
    return tuple(int(word) for word in words)


def _line(text: str | None, option: str) -> LineState | None:
    from refkit.games.warriors_of_krynn import LineState

    if text is None:
        return None
    barricades, ready, shaken = _numbers(text, option, ("barricades", "ready", "shaken"))
    return LineState(barricades, ready, shaken)


def _line_payload(line: LineState, left: int) -> dict[str, int]:
    return {
        "barricades": line.barricades,
        "ready": line.ready,
        "shaken": line.shaken,
        "hits_left_over": left,
    }


def _run_battle(args: argparse.Namespace) -> Result:
    from refkit.games.warriors_of_krynn import apply_hits, attacking_side

    alliance = _numbers(args.alliance, "--alliance", ("units", "tactics"))
    dragon = _numbers(args.dragon, "--dragon", ("units", "tactics"))
    for name in ("hits", "woes"):
        if getattr(args, name) < 0:
            raise CliError(f"krynn battle: --{name} must be 0 or more, got {getattr(args, name)}")
    defending = _line(args.defending, "--defending")
    attacking = _line(args.attacking, "--attacking")
    if args.hits and defending is None:
        raise CliError("krynn battle: --hits land on the defending line: give --defending B,R,S")
    if args.woes and attacking is None:
        raise CliError("krynn battle: --woes land on the attacking line: give --attacking B,R,S")
    attacker = attacking_side(*alliance, *dragon)
    payload: dict[str, Any] = {"attacker": attacker, "defending": None, "attacking": None}
    lines = [
        f"strength: Alliance {sum(alliance)}, Dragon Army {sum(dragon)}; "
        + (f"the {attacker.title()} attacks" if attacker else "a tie: the referee decides")
    ]
    for key, line, count, what in (
        ("defending", defending, args.hits, "hits"),
        ("attacking", attacking, args.woes, "woes"),
    ):
        if line is None:
            continue
        after, left = apply_hits(line, count)
        payload[key] = _line_payload(after, left)
        lines.append(
            f"{key} line after {_count(count, what[:-1])}: {after.barricades} barricades, "
            f"{after.ready} ready, {after.shaken} shaken"
            + (f" ({left} with nothing left to take)" if left else "")
        )
    return payload, "\n".join(lines)


def _run_skirmish(args: argparse.Namespace) -> Result:
    from refkit.cli.output import fraction_text
    from refkit.dice.rng import make_rng
    from refkit.games.warriors_of_krynn.skirmish import RESOURCE, load_skirmish_die

    if args.face is not None and args.seed is not None:
        raise CliError("krynn skirmish: give either --face or --seed, not both")
    try:
        die = load_skirmish_die(face_table_override(RESOURCE))
        seed: int | None = None
        if args.face is not None:
            number, face = args.face, die.face(args.face)
        else:
            rng, seed = make_rng(args.seed)
            number, face = die.roll(rng)
    except ValueError as problem:
        raise CliError(f"krynn skirmish: {problem}") from None
    payload = {
        "face": number,
        "line": face.line,
        "commander": face.commander,
        "seed": seed,
        "faces_verified": die.verified,
        "line_chances": {line: fraction_text(c) for line, c in die.line_chances().items()},
        "commander_chance": fraction_text(die.commander_chance()),
    }
    text = f"skirmish die face {number}: the {face.line} line fights; " + (
        "the Commander symbol shows (ready commanders on the active flank activate, "
        "the Dragon Commander first)"
        if face.commander
        else "no Commander symbol"
    )
    if not die.verified:
        text += "\n(faces from an unverified table: check it against your die)"
    return payload, text
