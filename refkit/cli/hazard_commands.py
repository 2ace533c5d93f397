"""``refkit hazard fall|suffocate|topple|harvest``: the hazards rolled, each roll in the roll log.

Arguments and faces are checked before anything is rolled or written; ``--seed`` replays a roll
and ``--dice`` gives the faces rolled at the table (logged without a seed). A hazard that calls
for no dice (a 5 ft drop, a breath still held) rolls nothing and logs nothing.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number

if TYPE_CHECKING:
    import random

    from refkit.rules.dungeon.hazard_rolls import HazardRoll
    from refkit.rules.dungeon.hazards import Size

Result = tuple[dict[str, Any], str]

MAX_FALL_FEET = 10_000
SIZES = "tiny, small, medium, large, huge, holy-shit"


def register(commands: Subcommands) -> None:
    hazard = commands.add_parser("hazard", help="roll a hazard: a fall, suffocation, toppling…")
    kinds = hazard.add_subparsers(dest="hazard_kind", metavar="HAZARD", required=True)

    fall = kinds.add_parser("fall", help="1d6 piercing per full 10 ft fallen")
    fall.add_argument("--feet", type=whole_number, required=True, metavar="N")
    fall.add_argument(
        "--agility",
        type=int,
        metavar="A",
        help="the faller uses its reaction: an RR of 2d10 + A takes 1d6 off at tier 2, 2d6 at 3",
    )
    fall.add_argument("--rr-dice", metavar="A,B", help="the RR's two d10 faces (with --agility)")
    _dice_options(fall, "the d6 faces, one per die")
    fall.set_defaults(handler=_run_fall)

    breath = kinds.add_parser(
        "suffocate", help="1d6 damage at the start of each round after 3 + Strength held"
    )
    breath.add_argument("--strength", type=whole_number, required=True, metavar="S")
    breath.add_argument(
        "--round", type=whole_number, required=True, metavar="R", help="1: the first round"
    )
    _dice_options(breath, "the d6 face")
    breath.set_defaults(handler=_run_suffocate)

    topple = kinds.add_parser("topple", help="an object toppled onto a creature: 1d10 + 2d10/size")
    topple.add_argument("--object", required=True, metavar="SIZE", help=f"one of {SIZES}")
    topple.add_argument("--creature", required=True, metavar="SIZE", help="the one it falls on")
    topple.add_argument(
        "--your-size", metavar="SIZE", help="the one toppling it: what it costs (action, test)"
    )
    topple.add_argument(
        "--strength",
        type=int,
        metavar="S",
        help="with --your-size: make the Strength test (tier 1 it does not move, 2 it topples "
        "and the toppler takes 1d6 piercing, 3 it topples)",
    )
    topple.add_argument("--test-dice", metavar="A,B", help="the Strength test's two d10 faces")
    topple.add_argument("--self-die", type=int, metavar="D", help="the toppler's d6 at tier 2")
    _dice_options(topple, "the d10 faces, one per die")
    topple.set_defaults(handler=_run_topple)

    harvest = kinds.add_parser("harvest", help="parts from a corpse: 1d6 to 4d6 by size")
    harvest.add_argument("--size", required=True, metavar="SIZE", help=f"one of {SIZES}")
    _dice_options(harvest, "the d6 faces, one per die")
    harvest.set_defaults(handler=_run_harvest)


def _dice_options(parser: argparse.ArgumentParser, faces_help: str) -> None:
    parser.add_argument("--dice", metavar="a,b,…", help=faces_help)
    add_seed(parser)
    add_json_flag(parser)


def _given(args: argparse.Namespace, count: int, sides: int) -> tuple[int, ...] | None:
    """The faces of ``--dice`` (exactly ``count`` of them), or None to roll."""
    if args.dice is None:
        return None
    from refkit.dice.rng import parse_dice_values

    if count == 0:  # rolled ahead, and the hazard calls for none: kept as unused, not refused
        args.unused_faces = list(parse_dice_values(args.dice, sides=sides, label="--dice"))
        return None

    return parse_dice_values(args.dice, sides=sides, count=count, label="--dice")


def _rolled(
    args: argparse.Namespace,
    roll_it: Callable[[random.Random, tuple[int, ...] | None], HazardRoll],
    count: int,
    sides: int,
) -> tuple[HazardRoll, int | None]:
    """Roll (or read ``--dice``) and land the roll in the roll log, tagged ``cli``."""
    from refkit.cli.services import command_services
    from refkit.dice.rng import make_rng
    from refkit.rules.dungeon.hazard_rolls import hazard_record

    faces = _given(args, count, sides)
    rng, seed = make_rng(args.seed)
    roll: HazardRoll = roll_it(rng, faces)
    used_seed = None if faces is not None else seed
    if roll.rolled:
        with command_services(args) as services:
            services.dice.log_roll(hazard_record(roll, used_seed, services.utc_now()))
    return roll, used_seed if roll.rolled else None


def _size(option: str, text: str) -> Size:
    from refkit.rules.dungeon.hazards import Size

    try:
        return Size.parse(text)
    except ValueError:
        raise CliError(f"{option}: unknown size {text[:40]!r} (one of {SIZES})") from None


def _payload(
    roll: HazardRoll, seed: int | None, total_name: str, args: argparse.Namespace | None = None
) -> dict[str, Any]:
    payload = {
        **dict(roll.facts),
        "dice": roll.count,
        "sides": roll.sides,
        "rolled": list(roll.faces),
        total_name: roll.total,
        "seed": seed,
    }
    unused = getattr(args, "unused_faces", None)
    if unused:
        payload["unused_dice"] = [{"option": "--dice", "dice": unused}]
    return payload


def _run_fall(args: argparse.Namespace) -> Result:
    from refkit.rules.dungeon.hazard_rolls import fall_dice_after, roll_fall
    from refkit.rules.dungeon.hazards import falling_dice

    if not 0 <= args.feet <= MAX_FALL_FEET:
        raise CliError(f"hazard fall: --feet must be 0 to {MAX_FALL_FEET}, got {args.feet}")
    rr = _fall_rr(args)
    count = fall_dice_after(args.feet, rr)
    unused: list[int] = []
    if args.dice is not None and rr is not None and count < falling_dice(args.feet):
        # Dice rolled ahead for the whole fall: the RR took some off, so the last are unused.
        from refkit.dice.rng import parse_dice_values

        given = parse_dice_values(args.dice, sides=6, label="--dice")
        if len(given) == falling_dice(args.feet):
            unused = list(given[count:])
            args.dice = ",".join(str(face) for face in given[:count]) if count else None
    roll, seed = _rolled(args, lambda rng, faces: roll_fall(rng, args.feet, faces, rr=rr), count, 6)
    payload = {**_payload(roll, seed, "damage", args), "piercing": True}
    if unused:
        payload["unused_dice"] = [{"option": "--dice", "dice": unused}]
    text = f"Fall of {args.feet} ft: {roll.headline()}"
    if rr is not None:
        text += f" (RR {rr.total}, tier {rr.tier}: {falling_dice(args.feet) - count}d6 saved)"
    return payload, text


def _fall_rr(args: argparse.Namespace) -> Any:
    """The faller's reaction RR, with ``--agility`` (faces from ``--rr-dice`` or rolled)."""
    from refkit.dice.rng import make_rng, parse_dice_values
    from refkit.rules.dungeon.hazard_rolls import fall_rr

    if args.agility is None:
        if args.rr_dice is not None:
            raise CliError("hazard fall: --rr-dice is the RR's dice; give --agility with it")
        return None
    if not -5 <= args.agility <= 5:
        raise CliError(f"hazard fall: --agility must be -5 to 5, got {args.agility}")
    if args.rr_dice is not None:
        a, b = parse_dice_values(args.rr_dice, sides=10, count=2, label="--rr-dice")
    else:
        rng, _ = make_rng(None if args.seed is None else args.seed + 1)
        a, b = rng.randint(1, 10), rng.randint(1, 10)
    return fall_rr(args.agility, (a, b))


def _run_suffocate(args: argparse.Namespace) -> Result:
    from refkit.rules.dungeon.hazard_rolls import roll_suffocation
    from refkit.rules.dungeon.hazards import suffocation_damage_dice

    if args.round < 1:
        raise CliError(f"hazard suffocate: --round counts from 1, got {args.round}")
    if not -5 <= args.strength <= 5:
        raise CliError(f"hazard suffocate: --strength must be -5 to 5, got {args.strength}")
    count = suffocation_damage_dice(args.strength, args.round)
    roll, seed = _rolled(
        args, lambda rng, faces: roll_suffocation(rng, args.strength, args.round, faces), count, 6
    )
    held = roll.facts["rounds_held"]
    if roll.rolled:
        text = f"Round {args.round}, out of breath (held {held} rounds): {roll.headline()}"
    else:
        text = f"Round {args.round}: breath still held (up to {held} rounds), no damage"
    return _payload(roll, seed, "damage", args), text


def _run_topple(args: argparse.Namespace) -> Result:
    from refkit.rules.dungeon.hazard_rolls import (
        effort_text,
        effort_to_dict,
        roll_topple,
        topple_effort,
    )
    from refkit.rules.dungeon.hazards import topple_dice

    obj = _size("--object", args.object)
    creature = _size("--creature", args.creature)
    effort = None
    if args.your_size is not None:
        effort = topple_effort(obj, _size("--your-size", args.your_size))  # ValueError: too big
    try:
        count = topple_dice(obj, creature)
    except ValueError as problem:
        raise CliError(f"hazard topple: {problem}") from None
    test = _topple_test(args, effort)
    if test is not None and test["tier"] == 1:  # it does not move: no damage is rolled
        payload: dict[str, Any] = {"damage": 0, "dice": 0, "rolled": [], "toppled": False}
        if args.dice is not None:
            from refkit.dice.rng import parse_dice_values

            payload["unused_dice"] = [
                {"option": "--dice", "dice": list(parse_dice_values(args.dice, sides=10))}
            ]
        assert effort is not None
        payload.update(effort=effort_to_dict(effort), test=test)
        text = f"Strength test {test['total']} (tier 1): the {obj.value} object does not move"
        return payload, text
    roll, seed = _rolled(args, lambda rng, faces: roll_topple(rng, obj, creature, faces), count, 10)
    payload = _payload(roll, seed, "damage", args)
    text = f"{obj.value} object on a {creature.value} creature: {roll.headline()}"
    if effort is not None:
        payload["effort"] = effort_to_dict(effort)
        text += f"; toppling it takes {effort_text(effort)}"
    if test is not None:
        payload.update(test=test, toppled=True)
        text += f"; Strength test {test['total']} (tier {test['tier']})"
        if test["self_damage"] is not None:
            text += f": the toppler takes {test['self_damage']} piercing"
    return payload, text


def _topple_test(args: argparse.Namespace, effort: Any) -> dict[str, Any] | None:
    """The Strength test of toppling it by brute strength (with ``--strength``)."""
    from refkit.dice.rng import make_rng, parse_dice_values
    from refkit.rules.dungeon.hazard_rolls import TOPPLE_OUTCOMES, topple_test

    if args.strength is None:
        for option in ("test_dice", "self_die"):
            if getattr(args, option) is not None:
                flag = "--" + option.replace("_", "-")
                raise CliError(f"hazard topple: {flag} goes with --strength (the test)")
        return None
    if effort is None:
        raise CliError("hazard topple: --strength needs --your-size (the one toppling it)")
    if not effort.test:
        raise CliError("hazard topple: toppling it takes no Strength test; leave --strength out")
    if not -5 <= args.strength <= 5:
        raise CliError(f"hazard topple: --strength must be -5 to 5, got {args.strength}")
    rng, _ = make_rng(None if args.seed is None else args.seed + 1)
    if args.test_dice is not None:
        a, b = parse_dice_values(args.test_dice, sides=10, count=2, label="--test-dice")
    else:
        a, b = rng.randint(1, 10), rng.randint(1, 10)
    result = topple_test(args.strength, effort, (a, b))
    self_damage = None
    if result.tier == 2:
        if args.self_die is not None:
            self_damage = parse_dice_values(
                str(args.self_die), sides=6, count=1, label="--self-die"
            )[0]
        else:
            self_damage = rng.randint(1, 6)
    return {
        "dice": [a, b],
        "total": result.total,
        "tier": result.tier,
        "outcome": TOPPLE_OUTCOMES[result.tier],
        "self_damage": self_damage,
    }


def _run_harvest(args: argparse.Namespace) -> Result:
    from refkit.rules.dungeon.hazard_rolls import roll_harvest
    from refkit.rules.dungeon.hazards import harvest_dice

    size = _size("--size", args.size)
    count = harvest_dice(size)
    roll, seed = _rolled(args, lambda rng, faces: roll_harvest(rng, size, faces), count, 6)
    return _payload(
        roll, seed, "parts", args
    ), f"Harvest of a {size.value} corpse: {roll.headline()}"
