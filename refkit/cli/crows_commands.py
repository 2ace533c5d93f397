"""The Crows rows of the contract: test, odds, d100, ud, encounter, greed, craft, roll.

The ``travel`` rows live in :mod:`refkit.cli.travel_commands`.

``test``, ``d100``, ``ud`` and ``roll`` go through the app's dice service, so each roll lands in the
roll log (tagged ``cli``) as the dice panel's do; ``--seed`` replays the same faces as the service
draws them, and faces given with ``--dice`` are logged without a seed.
"""

from __future__ import annotations

import argparse

from refkit.cli.errors import CliError
from refkit.cli.output import fraction_text, percent
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number
from refkit.cli.services import command_services
from refkit.dice.rng import make_rng, parse_dice_values

TYPE_CHECKING = False  # as typing's: a quick command's path leaves typing unimported
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeAlias

    Result: TypeAlias = tuple[dict[str, Any], str]

MAX_CLI_USAGE_DICE = 100
"""The command line rolls pools up to this (the dice panel stops at 20)."""


def register(commands: Subcommands) -> None:
    for register_command in COMMAND_REGISTERS.values():
        register_command(commands)


# --- shared option groups -------------------------------------------------------------------


def _add_test_modifiers(parser: argparse.ArgumentParser, *, named_expertise: bool = False) -> None:
    parser.add_argument("--edges", type=whole_number, default=0, metavar="E")
    parser.add_argument("--banes", type=whole_number, default=0, metavar="B")
    parser.add_argument(
        "--bonus",
        type=whole_number,
        action="append",
        default=[],
        metavar="N",
        help="a flat bonus or penalty (repeatable); never an edge or bane",
    )
    if named_expertise:
        # A bare --expertise is the contract's flag; with --crow it may name the expertise used.
        parser.add_argument(
            "--expertise",
            nargs="?",
            const=True,
            default=False,
            metavar="NAME",
            help="spend an expertise use; with --crow, NAME says which of its expertises",
        )
    else:
        parser.add_argument("--expertise", action="store_true", help="spend an expertise use")
    parser.add_argument("--crit-min", type=whole_number, default=19, metavar="N")


def _two_d10(
    args: argparse.Namespace, option: str = "--dice"
) -> tuple[tuple[int, int], int | None]:
    """The two d10 faces: given outright with --dice, else rolled from --seed (or a fresh seed)."""
    given = getattr(args, "dice", None)
    if given is not None:
        d1, d2 = parse_dice_values(given, sides=10, count=2, label=option)
        return (d1, d2), None
    rng, seed = make_rng(getattr(args, "seed", None))
    return (rng.randint(1, 10), rng.randint(1, 10)), seed


def _one_die(args: argparse.Namespace, sides: int) -> tuple[int, int | None]:
    """One d``sides`` face: given outright with --die, else rolled from --seed (or a fresh seed)."""
    if args.die is not None:
        (face,) = parse_dice_values(str(args.die), sides=sides, count=1, label="--die")
        return face, None
    rng, seed = make_rng(args.seed)
    return rng.randint(1, sides), seed


def _check_counts(args: argparse.Namespace) -> None:
    for name in ("edges", "banes"):
        if getattr(args, name) < 0:
            raise CliError(f"--{name} must be 0 or more, got {getattr(args, name)}")


# --- test -------------------------------------------------------------------------------------


def _register_test(commands: Subcommands) -> None:
    parser = commands.add_parser("test", help="roll a Crows test: 2d10 + characteristic")
    parser.add_argument(
        "--char",
        type=_characteristic_or_name,
        required=True,
        metavar="N",
        help="the characteristic; with --crow, its name: agility, strength or mind",
    )
    parser.add_argument(
        "--crow",
        metavar="NAME",
        help="roll for this crow: its characteristic and its conditions (blessed, weakened, "
        "unconscious) apply",
    )
    _add_test_modifiers(parser, named_expertise=True)
    parser.add_argument(
        "--prepared",
        action="store_true",
        help="with --crow: this is the task it prepared for at its last rest (+2)",
    )
    parser.add_argument("--dice", metavar="A,B", help="the two d10 faces, e.g. 7,9")
    add_seed(parser)
    add_json_flag(parser)
    parser.set_defaults(handler=_run_test)


TESTED_NAMES = ("agility", "strength", "mind")


def _characteristic_or_name(text: str) -> int | str:
    """argparse type for --char: a whole number, or (for --crow) a characteristic's name."""
    if text.strip().lower() in TESTED_NAMES:
        return text.strip().lower()
    try:
        return whole_number(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is neither a whole number nor agility, strength or mind"
        ) from None


def _given_pair(args: argparse.Namespace) -> tuple[int, int] | None:
    """The two d10 faces of ``--dice``, or None to roll them. Faces after the first two,
    rolled ahead and not needed, are kept in ``args.unused_faces`` (reported, not refused)."""
    if args.dice is None:
        return None
    faces = parse_dice_values(args.dice, sides=10, label="--dice")
    if len(faces) < 2:
        raise CliError(f"--dice: a test rolls two d10, got {len(faces)} value (e.g. 7,9)")
    args.unused_faces = faces[2:]
    return faces[0], faces[1]


def _with_unused(args: argparse.Namespace, result: Result) -> Result:
    payload, text = result
    unused = getattr(args, "unused_faces", ())
    if unused:
        payload["unused_dice"] = [{"option": "--dice", "dice": list(unused)}]
        text += f" (--dice {','.join(str(f) for f in unused)}: not needed, unused)"
    return payload, text


def _run_test(args: argparse.Namespace) -> Result:
    from refkit.present.test_text import detail_line
    from refkit.rules.checks.crows_test import check_modifiers

    _check_counts(args)
    faces = _given_pair(args)
    if args.crow is None and isinstance(args.char, str):
        raise CliError(f"--char {args.char} needs --crow NAME (or give --char a number)")
    if args.crow is not None and not isinstance(args.char, str):
        raise CliError(f"with --crow, --char is agility, strength or mind, got {args.char}")
    if args.crow is not None:
        return _with_unused(args, _run_test_for_crow(args, faces))
    if args.prepared:
        raise CliError("--prepared is a crow's prepared task: it needs --crow NAME")
    if isinstance(args.expertise, str):
        raise CliError(
            f"--expertise {args.expertise} names a crow's expertise: it needs --crow NAME "
            "(or give a bare --expertise)"
        )
    # Refused before the roll log is opened: bad input writes nothing anywhere.
    check_modifiers(
        args.char,
        edges=args.edges,
        banes=args.banes,
        bonuses=tuple(args.bonus),
        crit_min=args.crit_min,
    )
    with command_services(args) as services:
        logged = services.dice.crows_test(
            args.char,
            edges=args.edges,
            banes=args.banes,
            bonuses=tuple(args.bonus),
            expertise=args.expertise,
            crit_min=args.crit_min,
            seed=args.seed,
            faces=faces,
        )
    return _with_unused(
        args, (_test_payload(logged.result, logged.record.seed), detail_line(logged.result))
    )


def _run_test_for_crow(args: argparse.Namespace, faces: tuple[int, int] | None) -> Result:
    """``test --crow NAME --char NAME [--expertise [NAME]]``: the crow's characteristic, with its
    conditions; a named expertise is the crow's own, and the use it spends is written with the
    roll (refused before the roll when it is unknown or has no use left)."""
    from refkit.app.characters.roll_for import roll_test_for_crow
    from refkit.app.party.rest import prepared_task
    from refkit.cli.crow_names import full_crow_name
    from refkit.errors import DomainError
    from refkit.present.test_text import detail_line
    from refkit.rules.checks.prepared import PREPARED_BONUS
    from refkit.store.character_store import CharacterNotFoundError

    named = args.expertise if isinstance(args.expertise, str) else None
    with command_services(args) as services:
        args.crow = full_crow_name(services, args.crow)
        bonuses = tuple(args.bonus)
        task = ""
        if args.prepared:
            try:
                stored = services.characters.get(args.crow).name
            except CharacterNotFoundError:
                raise CliError(f"no crow called {args.crow!r}") from None
            task = prepared_task(services.characters.repository, stored)
            if not task:
                raise CliError(
                    f"--prepared: {stored} prepared for no task at its last rest "
                    "(Prepare for a Task is a rest activity)"
                )
            bonuses = (*bonuses, PREPARED_BONUS)
        try:
            rolled = roll_test_for_crow(
                services.characters,
                services.dice,
                args.crow,
                args.char,
                expertise=args.expertise is True,
                expertise_name=named,
                edges=args.edges,
                banes=args.banes,
                bonuses=bonuses,
                crit_min=args.crit_min,
                seed=args.seed,
                faces=faces,
            )
        except DomainError as error:
            raise CliError(str(error)) from None
    logged, crow = rolled.logged, rolled.crow
    result, detail = logged.result, logged.record.detail
    payload = _test_payload(result, logged.record.seed)
    reasons = list(detail.get("conditions", []))
    payload.update(
        crow=crow.name,
        tested=args.char,
        characteristic=rolled.characteristic,
        conditions=reasons,
        forced=detail.get("forced"),
        expertise=rolled.expertise,
        expertise_uses_left=rolled.expertise_uses_left,
        prepared=task or None,
    )
    text = f"{crow.name}, {args.char.capitalize()}: {detail_line(result)}"
    if task:
        text += f" (prepared for {task}: +{PREPARED_BONUS})"
    if reasons:
        text += f" ({'; '.join(reasons)})"
    if rolled.expertise is not None:
        spent = "spent a use of" if result.expertise_applied else "no use spent of"
        text += f" — {spent} {rolled.expertise} ({rolled.expertise_uses_left} left)"
    return payload, text


def _test_payload(result: Any, seed: int | None) -> dict[str, Any]:
    d1, d2 = result.dice
    payload = {
        "dice": [d1, d2],
        "natural": result.natural,
        "total": result.total,
        "tier": result.tier,
        "crit": result.crit,
        "doom": result.doom,
        "net": result.net,
        "expertise_applied": result.expertise_applied,
        "seed": seed,
    }
    return payload


# --- odds test --------------------------------------------------------------------------------


def _register_odds(commands: Subcommands) -> None:
    odds = commands.add_parser("odds", help="exact odds, before rolling")
    kinds = odds.add_subparsers(dest="odds_kind", metavar="KIND", required=True)
    parser = kinds.add_parser("test", help="exact odds of a Crows test")
    parser.add_argument("--char", type=whole_number, required=True, metavar="N")
    _add_test_modifiers(parser)
    add_json_flag(parser)
    parser.set_defaults(handler=_run_odds_test)


def _run_odds_test(args: argparse.Namespace) -> Result:
    from refkit.rules.checks.odds import test_odds

    _check_counts(args)
    odds = test_odds(
        args.char,
        edges=args.edges,
        banes=args.banes,
        bonuses=tuple(args.bonus),
        expertise=args.expertise,
        crit_min=args.crit_min,
    )
    names = ("tier1", "tier2", "tier3", "crit", "doom")
    values = {name: getattr(odds, name) for name in names}
    payload: dict[str, Any] = {name: float(value) for name, value in values.items()}
    payload["exact"] = {name: fraction_text(value) for name, value in values.items()}
    text = "  ".join(f"{name} {percent(value)}" for name, value in values.items())
    return payload, text


# --- d100 and usage dice ----------------------------------------------------------------------


def _register_d100(commands: Subcommands) -> None:
    parser = commands.add_parser("d100", help="roll d100 as two d10 (tens, ones)")
    parser.add_argument("--dice", metavar="TENS,ONES")
    add_seed(parser)
    add_json_flag(parser)
    parser.set_defaults(handler=_run_d100)


def _run_d100(args: argparse.Namespace) -> Result:
    faces = _given_pair(args)
    with command_services(args) as services:
        logged = services.dice.d100(seed=args.seed, faces=faces)
    tens, ones, value = logged.result.tens, logged.result.ones, logged.result.value
    seed = logged.record.seed
    return {
        "dice": [tens, ones],
        "value": value,
        "seed": seed,
    }, f"d100: {value} (tens {tens}, ones {ones})"


def _register_ud(commands: Subcommands) -> None:
    parser = commands.add_parser("ud", help="roll N usage dice (each 1 or 2 is lost)")
    parser.add_argument("count", type=whole_number, metavar="N")
    parser.add_argument("--dice", metavar="a,b,…", help="the d6 faces, one per usage die")
    add_seed(parser)
    add_json_flag(parser)
    parser.set_defaults(handler=_run_ud)


def _run_ud(args: argparse.Namespace) -> Result:
    if args.count < 0:
        raise CliError(f"ud: the number of usage dice must be 0 or more, got {args.count}")
    if args.count > MAX_CLI_USAGE_DICE:
        raise CliError(f"ud: at most {MAX_CLI_USAGE_DICE} usage dice, got {args.count}")
    faces = None
    if args.dice is not None:
        faces = parse_dice_values(args.dice, sides=6, count=args.count, label="--dice")
    with command_services(args) as services:
        logged = services.dice.usage_dice(
            args.count, seed=args.seed, faces=faces, least=0, most=MAX_CLI_USAGE_DICE
        )
    roll, seed = logged.result, logged.record.seed
    payload = {
        "before": roll.before,
        "rolled": list(roll.rolled),
        "after": roll.after,
        "seed": seed,
    }
    rolled = ", ".join(str(f) for f in roll.rolled) or "nothing to roll"
    return payload, f"usage dice {roll.before} → {roll.after} (rolled {rolled})"


# --- encounter --------------------------------------------------------------------------------


def _register_encounter(commands: Subcommands) -> None:
    parser = commands.add_parser("encounter", help="an encounter check: 1d10 ≥ EN")
    parser.add_argument("--en", type=whole_number, metavar="N", help="use this EN outright")
    parser.add_argument("--crowded", action="store_true", help="crowded dungeon level (−1)")
    parser.add_argument("--chaos", action="store_true", help="chaos left behind (−1)")
    parser.add_argument("--seclude", action="store_true", help="resting with Seclude Camp (+1)")
    parser.add_argument("--pace", choices=("slow", "normal", "fast"), help="travel pace")
    parser.add_argument("--road", action="store_true", help="on a road all day (−1)")
    parser.add_argument("--modifier", type=whole_number, action="append", default=[], metavar="M")
    parser.add_argument("--die", type=whole_number, metavar="D", help="the d10 outright")
    add_seed(parser)
    add_json_flag(parser)
    parser.set_defaults(handler=_run_encounter)


def _run_encounter(args: argparse.Namespace) -> Result:
    from refkit.rules.encounters import check_encounter, encounter_number

    en = encounter_number(
        en=args.en,
        crowded=args.crowded,
        chaos=args.chaos,
        seclude=args.seclude,
        pace=args.pace,
        road=args.road,
        modifiers=tuple(args.modifier),
    )
    roll, seed = _one_die(args, 10)
    check = check_encounter(roll, en)
    payload = {
        "en": check.en,
        "roll": check.roll,
        "encounter": check.encounter,
        "immediate": check.immediate,
        "seed": seed,
    }
    from refkit.present.encounter_text import CheckPlace, sign_comes

    if check.immediate:
        verdict = "ENCOUNTER NOW"
    elif check.encounter:  # a travel check (a pace) is for the day, not a DT (L954)
        place = (
            CheckPlace.REST
            if args.seclude
            else CheckPlace.TRAVEL
            if args.pace
            else CheckPlace.DUNGEON
        )
        verdict = f"a sign now; the encounter comes {sign_comes(place)}"
    else:
        verdict = "no encounter"
    return payload, f"EN {check.en}, rolled {check.roll}: {verdict}"


# --- greed and crafting -----------------------------------------------------------------------


def _register_greed(commands: Subcommands) -> None:
    parser = commands.add_parser("greed", help="treasure value with the greed bonus")
    parser.add_argument("--value", type=whole_number, required=True, metavar="V")
    parser.add_argument("--dt", type=whole_number, required=True, metavar="N")
    parser.add_argument("--revisit", action="store_true", help="not the group's first visit")
    add_json_flag(parser)
    parser.set_defaults(handler=_run_greed)


def _run_greed(args: argparse.Namespace) -> Result:
    from refkit.rules.dungeon.greed import greed_percent, greed_value

    pct = greed_percent(args.dt, revisit=args.revisit)
    value = greed_value(args.value, args.dt, revisit=args.revisit)
    return {"percent": pct, "value": value}, f"+{pct}% greed bonus: {value} gc"


def _register_craft(commands: Subcommands) -> None:
    parser = commands.add_parser("craft", help="a crafting roll: 2d10 + Mind as crafting points")
    # Not required=True: ``craft project …`` and ``craft harvest`` need no Mind (checked below).
    parser.add_argument("--mind", type=whole_number, metavar="M")
    parser.add_argument("--dice", metavar="A,B")
    parser.add_argument("--edges", type=whole_number, default=0, metavar="E")
    parser.add_argument("--banes", type=whole_number, default=0, metavar="B")
    parser.add_argument("--expertises", type=whole_number, default=0, metavar="K")
    parser.add_argument(
        "--bonus",
        type=whole_number,
        action="append",
        default=[],
        metavar="N",
        help="a flat bonus or penalty (repeatable): masterwork tools +2, fine tools +1",
    )
    parser.add_argument("--crit-min", type=whole_number, default=19, metavar="N")
    add_seed(parser)
    add_json_flag(parser)
    parser.set_defaults(handler=_run_craft)
    from refkit.cli import crafting_commands

    crafting_commands.register(parser)


def _run_craft(args: argparse.Namespace) -> Result:
    from refkit.rules.crafting.project import crafting_roll

    if args.mind is None:
        raise CliError("craft: the following arguments are required: --mind")
    _check_counts(args)
    (d1, d2), seed = _two_d10(args)
    roll = crafting_roll(
        d1,
        d2,
        args.mind,
        edges=args.edges,
        banes=args.banes,
        bonuses=tuple(args.bonus),
        expertises=args.expertises,
        crit_min=args.crit_min,
    )
    payload = {
        "dice": [d1, d2],
        "points": roll.points,
        "crit": roll.crit,
        "doom": roll.doom,
        "extra_roll": roll.extra_roll,
        "seed": seed,
    }
    extra = " — crit: roll again" if roll.extra_roll else (" — doom" if roll.doom else "")
    return (
        payload,
        f"dice {d1} + {d2}: {roll.points} crafting point{'s' if roll.points != 1 else ''}{extra}",
    )


# --- free notation ----------------------------------------------------------------------------


def _register_roll(commands: Subcommands) -> None:
    parser = commands.add_parser("roll", help="roll dice notation: 3d6+2, d%%, 4d6kh3, 2d10-1")
    parser.add_argument("expression", metavar="EXPR")
    add_seed(parser)
    add_json_flag(parser)
    parser.set_defaults(handler=_run_roll)


def _run_roll(args: argparse.Namespace) -> Result:
    from refkit.dice.notation import parse_notation

    parse_notation(args.expression)  # refused before the roll log is opened
    with command_services(args) as services:
        logged = services.dice.notation(args.expression, seed=args.seed)
    roll, seed = logged.result, logged.record.seed
    payload = {
        "expression": roll.expression,
        "total": roll.total,
        "dice": list(roll.dice),
        "seed": seed,
    }
    faces = ", ".join(str(f) for f in roll.dice)
    return payload, f"{roll.expression}: {roll.total}  [{faces}]"


COMMAND_REGISTERS: dict[str, Callable[[Subcommands], None]] = {
    "test": _register_test,
    "odds": _register_odds,
    "d100": _register_d100,
    "ud": _register_ud,
    "encounter": _register_encounter,
    "greed": _register_greed,
    "craft": _register_craft,
    "roll": _register_roll,
}
"""Each command's own registration, in ``--help`` order: ``refkit roll`` builds the parser of
``roll`` alone (:func:`refkit.cli.runner.build_parser`)."""
