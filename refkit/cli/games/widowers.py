"""The Widower's Wood rows of the contract: ``widowers damage`` and ``widowers hazard``."""

from __future__ import annotations

import argparse
from typing import Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number
from refkit.dice.rng import make_rng, parse_dice_values

Result = tuple[dict[str, Any], str]


def register(commands: Subcommands) -> None:
    widowers = commands.add_parser("widowers", help="Widower's Wood rolls: damage and hazard")
    rolls = widowers.add_subparsers(
        dest="widowers_command", metavar="ROLL", parser_class=type(widowers)
    )
    widowers.set_defaults(handler=_missing_roll)

    damage = rolls.add_parser("damage", help="a damage roll: 2d6 + POW against ARM")
    damage.add_argument("--pow", type=whole_number, required=True, metavar="P")
    damage.add_argument("--arm", type=whole_number, required=True, metavar="A")
    damage.add_argument(
        "--dice",
        metavar="a,b,…",
        help="the kept d6 faces, outright (two, or three when boosted, or more with "
        "additional dice); without it two dice are rolled",
    )
    add_seed(damage)
    add_json_flag(damage)
    damage.set_defaults(handler=_run_damage)

    hazard = rolls.add_parser("hazard", help="a hazard roll: 1d6, 5 or 6 deals 1 damage")
    hazard.add_argument("--die", type=whole_number, metavar="D", help="the d6 face, outright")
    add_seed(hazard)
    add_json_flag(hazard)
    hazard.set_defaults(handler=_run_hazard)


def _missing_roll(args: argparse.Namespace) -> Result:
    raise CliError("widowers: say which roll: damage or hazard")


def _run_damage(args: argparse.Namespace) -> Result:
    from refkit.games.widowers_wood import RollKind, plan_for, resolve_damage

    seed: int | None = None
    if args.dice is not None:
        faces = parse_dice_values(args.dice, sides=6, label="--dice")
        if len(faces) < 2:
            raise CliError(f"--dice: a damage roll has at least 2 dice, got {len(faces)}")
    else:
        rng, seed = make_rng(args.seed)
        faces = (rng.randint(1, 6), rng.randint(1, 6))
    # Given dice are the ones kept: a third is the Boost die, any more are additional dice.
    plan = plan_for(RollKind.DAMAGE, boosted=len(faces) > 2, additional=max(0, len(faces) - 3))
    result = resolve_damage(faces, plan, power=args.pow, armour=args.arm)
    payload = {"total": result.total, "wounds": result.wounds, "dice": list(faces), "seed": seed}
    wound_text = {0: "no wound", 1: "1 wound (normal)", 2: "2 wounds (severe)"}[result.wounds]
    text = (
        f"damage {'+'.join(map(str, faces))} + POW {args.pow} = {result.total} "
        f"against ARM {args.arm}: {wound_text}"
    )
    return payload, text


def _run_hazard(args: argparse.Namespace) -> Result:
    from refkit.games.widowers_wood import hazard_damage

    seed: int | None = None
    if args.die is not None:
        (die,) = parse_dice_values(str(args.die), sides=6, count=1, label="--die")
    else:
        rng, seed = make_rng(args.seed)
        die = rng.randint(1, 6)
    damage = hazard_damage(die)
    text = f"hazard roll {die}: " + ("1 damage" if damage else "no damage")
    return {"die": die, "damage": damage, "seed": seed}, text
