"""The Widower's Wood rows of the contract: ``widowers damage``, ``hazard``, ``attack``,
``challenge``, ``spawn`` and ``odds`` (the exact chances of a roll before it is made)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number
from refkit.dice.rng import make_rng, parse_dice_values

if TYPE_CHECKING:
    from fractions import Fraction

    from refkit.games.widowers_wood import RollKind, RollPlan

Result = tuple[dict[str, Any], str]
ROLLS = "attack, challenge, damage, hazard, spawn or odds"


def register(commands: Subcommands) -> None:
    widowers = commands.add_parser(
        "widowers", help="Widower's Wood rolls: attack, challenge, damage, hazard, spawn, odds"
    )
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

    attack = rolls.add_parser("attack", help="an attack roll: 2d6 + ACC against DEF")
    attack.add_argument("--acc", type=whole_number, required=True, metavar="A")
    attack.add_argument("--def", dest="defence", type=whole_number, required=True, metavar="D")
    _add_attack_flags(attack)
    _add_plan_options(attack)
    add_seed(attack)
    add_json_flag(attack)
    attack.set_defaults(handler=_run_attack)

    challenge = rolls.add_parser("challenge", help="a stat challenge: 2d6 + stat against TN")
    challenge.add_argument("--stat", type=whole_number, required=True, metavar="S")
    challenge.add_argument("--tn", type=whole_number, required=True, metavar="T")
    _add_plan_options(challenge)
    add_seed(challenge)
    add_json_flag(challenge)
    challenge.set_defaults(handler=_run_challenge)

    spawn = rolls.add_parser(
        "spawn", help="a spawn roll: the villain type, its passage and which miniature to take"
    )
    spawn.add_argument(
        "--dice", metavar="TYPE,PASSAGE", help="the type die and the passage die, outright"
    )
    spawn.add_argument(
        "--red",
        type=whole_number,
        metavar="N",
        help="red miniatures of the rolled type left in its reserve",
    )
    spawn.add_argument(
        "--blue",
        type=whole_number,
        metavar="N",
        help="blue miniatures of the rolled type left in its reserve",
    )
    spawn.add_argument(
        "--from-tracker",
        action="store_true",
        help="read the rolled type's reserve (and the round's priority colour) from the "
        "campaign's tracker, and take the miniature from it as an undoable step",
    )
    spawn.add_argument(
        "--priority",
        choices=("red", "blue"),
        help="the round's priority colour (the event card's); needed on a tie",
    )
    spawn.add_argument("--gone", metavar="P,…", help="passages that no longer exist on the board")
    add_seed(spawn)
    add_json_flag(spawn)
    spawn.set_defaults(handler=_run_spawn)

    odds = rolls.add_parser("odds", help="the exact chances of a roll before it is made")
    odds.add_argument(
        "roll",
        choices=("attack", "challenge", "damage", "hazard"),
        metavar="ROLL",
        help="attack, challenge, damage or hazard",
    )
    odds.add_argument("--acc", type=whole_number, metavar="A", help="attack: ACC")
    odds.add_argument("--def", dest="defence", type=whole_number, metavar="D", help="attack: DEF")
    odds.add_argument("--pow", type=whole_number, metavar="P", help="damage: POW")
    odds.add_argument("--arm", type=whole_number, metavar="A", help="damage: ARM")
    odds.add_argument("--stat", type=whole_number, metavar="S", help="challenge: the stat")
    odds.add_argument("--tn", type=whole_number, metavar="T", help="challenge: target number")
    _add_attack_flags(odds)
    _add_plan_options(odds, dice=False)
    add_json_flag(odds)
    odds.set_defaults(handler=_run_odds)

    from refkit.cli.games.trackers import widowers as widowers_tracker

    widowers_tracker.add_tracker(rolls)


def _add_attack_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ranged", action="store_true", help="a ranged attack")
    parser.add_argument(
        "--cover", action="store_true", help="the target is in cover: +2 DEF against ranged"
    )
    parser.add_argument(
        "--camouflage", action="store_true", help="Camouflage: +1 DEF more while in cover"
    )
    parser.add_argument(
        "--auto-hit",
        action="store_true",
        help="an automatic hit (a knocked-down target, an AOE): no roll; beats --auto-miss",
    )
    parser.add_argument("--auto-miss", action="store_true", help="an automatic miss: no roll")


def _add_plan_options(parser: argparse.ArgumentParser, *, dice: bool = True) -> None:
    parser.add_argument(
        "--boost", action="store_true", help="one Boost die (one at most, however many sources)"
    )
    parser.add_argument(
        "--additional",
        type=whole_number,
        default=0,
        metavar="N",
        help="additional dice, each from a different rule",
    )
    parser.add_argument(
        "--discard-lowest",
        type=whole_number,
        default=0,
        metavar="N",
        help="dice dropped, lowest first, before totalling",
    )
    parser.add_argument(
        "--discard-highest",
        type=whole_number,
        default=0,
        metavar="N",
        help="dice dropped, highest first, before totalling",
    )
    if dice:
        parser.add_argument(
            "--dice",
            metavar="a,b,…",
            help="every die rolled, outright, as many as the roll declares (2, +1 with "
            "--boost, + --additional); without it they are rolled",
        )


def _missing_roll(args: argparse.Namespace) -> Result:
    raise CliError(f"widowers: say which roll: {ROLLS}")


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


def _plan(args: argparse.Namespace, kind: RollKind) -> RollPlan:
    from refkit.games.widowers_wood import plan_for

    for option in ("additional", "discard_lowest", "discard_highest"):
        if getattr(args, option) < 0:
            raise CliError(f"--{option.replace('_', '-')}: cannot be negative")
    return plan_for(
        kind,
        boosted=args.boost,
        additional=args.additional,
        discard_lowest=args.discard_lowest,
        discard_highest=args.discard_highest,
    )


def _faces(args: argparse.Namespace, plan: RollPlan) -> tuple[tuple[int, ...], int | None]:
    """The dice of a declared roll: typed with ``--dice`` (as many as it declares) or rolled."""
    from refkit.games.widowers_wood import roll_dice
    from refkit.games.widowers_wood.rolls import check_faces

    if args.dice is not None:
        faces = parse_dice_values(args.dice, sides=6, label="--dice")
        try:
            return check_faces(plan, faces), None
        except ValueError as problem:
            raise CliError(f"--dice: {problem}") from None
    rng, seed = make_rng(args.seed)
    return roll_dice(plan, rng), seed


def _kept(plan: RollPlan, faces: tuple[int, ...]) -> list[int]:
    from refkit.games.widowers_wood import discarded_positions

    dropped = discarded_positions(plan, faces)
    return [face for index, face in enumerate(faces) if index not in dropped]


def _run_attack(args: argparse.Namespace) -> Result:
    from refkit.games.widowers_wood import RollKind, resolve_attack

    plan = _plan(args, RollKind.ATTACK)
    flags = {
        "ranged": args.ranged,
        "cover": args.cover,
        "camouflage": args.camouflage,
        "auto_hit": args.auto_hit,
        "auto_miss": args.auto_miss,
    }
    if args.auto_hit or args.auto_miss:
        unused = (
            list(parse_dice_values(args.dice, sides=6, label="--dice"))
            if args.dice is not None
            else []
        )
        result = resolve_attack(None, plan, accuracy=args.acc, defence=args.defence, **flags)
        payload: dict[str, Any] = {
            "hit": result.hit,
            "automatic": True,
            "total": None,
            "defence": result.defence,
            "dice": [],
            "kept": [],
            "seed": None,
        }
        if unused:
            payload["unused_dice"] = unused
        word = "hits" if result.hit else "misses"
        return payload, f"the attack {word} automatically: no roll needed"
    faces, seed = _faces(args, plan)
    result = resolve_attack(faces, plan, accuracy=args.acc, defence=args.defence, **flags)
    kept = _kept(plan, faces)
    payload = {
        "hit": result.hit,
        "automatic": False,
        "total": result.total,
        "defence": result.defence,
        "dice": list(faces),
        "kept": kept,
        "seed": seed,
    }
    text = (
        f"attack {'+'.join(map(str, kept))} + ACC {args.acc} = {result.total} against DEF "
        f"{result.defence}: {'HIT' if result.hit else 'MISS'}"
    )
    return payload, text


def _run_challenge(args: argparse.Namespace) -> Result:
    from refkit.games.widowers_wood import RollKind, resolve_challenge

    plan = _plan(args, RollKind.CHALLENGE)
    faces, seed = _faces(args, plan)
    total, passed = resolve_challenge(faces, plan, stat=args.stat, target=args.tn)
    kept = _kept(plan, faces)
    payload = {
        "total": total,
        "passed": passed,
        "dice": list(faces),
        "kept": kept,
        "seed": seed,
    }
    text = (
        f"challenge {'+'.join(map(str, kept))} + stat {args.stat} = {total} against TN "
        f"{args.tn}: {'PASSED' if passed else 'FAILED'}"
    )
    return payload, text


def _run_spawn(args: argparse.Namespace) -> Result:
    reserve: tuple[int | None, int | None] = (args.red, args.blue)
    if args.from_tracker:
        if args.red is not None or args.blue is not None:
            raise CliError("spawn: --from-tracker reads the reserve; leave out --red and --blue")
    elif args.red is None or args.blue is None:
        raise CliError("spawn: give the rolled type's reserve (--red N --blue N) or --from-tracker")
    for option, value in (("--red", args.red), ("--blue", args.blue)):
        if value is not None and value < 0:
            raise CliError(f"{option}: a reserve cannot hold {value} miniatures")
    seed: int | None = None
    if args.dice is not None:
        type_die, passage_die = parse_dice_values(args.dice, sides=6, count=2, label="--dice")
    else:
        rng, seed = make_rng(args.seed)
        type_die, passage_die = rng.randint(1, 6), rng.randint(1, 6)
    gone: tuple[int, ...] = ()
    if args.gone is not None:
        gone = parse_dice_values(args.gone, sides=6, label="--gone")
    if args.from_tracker:
        return _spawn_from_tracker(args, (type_die, passage_die), gone, seed)
    red, blue = reserve
    assert red is not None and blue is not None  # both required without --from-tracker
    spawn = _decide(args, type_die, passage_die, red, blue, args.priority, gone)
    payload = _spawn_payload(spawn, red, blue, args.priority, type_die, seed)
    return payload, _spawn_text(spawn)


def _decide(
    args: argparse.Namespace,
    type_die: int,
    passage_die: int,
    red: int,
    blue: int,
    priority: Any,
    gone: tuple[int, ...],
    villains: dict[int, str] | None = None,
) -> Any:
    from refkit.games.widowers_wood import decide_spawn

    try:
        return decide_spawn(
            type_die,
            passage_die,
            red_left=red,
            blue_left=blue,
            priority=priority,
            villains=villains,
            passages_gone=gone,
        )
    except ValueError as problem:
        raise CliError(f"spawn: {problem}; say it with --priority red|blue") from None


def _spawn_payload(
    spawn: Any, red: int, blue: int, priority: Any, type_die: int, seed: int | None
) -> dict[str, Any]:
    # The contract's "villain" is a colour: the miniature taken, else the one the reserve rule
    # gives (its majority colour, the round's priority colour on a tie; None when neither says).
    colour = spawn.take
    if colour is None and red != blue:
        colour = "red" if red > blue else "blue"
    elif colour is None:
        colour = priority
    return {
        "villain": colour,
        "type": spawn.type_index,
        "passage": spawn.passage,
        "take": spawn.take,
        "activate_farthest": spawn.activate_farthest,
        "dice": [type_die, spawn.passage],
        "seed": seed,
    }


def _spawn_text(spawn: Any, name: str | None = None) -> str:
    where = f"{name or f'villain type {spawn.type_index}'} at passage {spawn.passage}"
    if spawn.take is not None:
        return f"{where}: take a {spawn.take} miniature"
    why = (
        f"passage {spawn.passage} no longer exists"
        if spawn.passage_gone
        else "none of that type is left in its reserve"
    )
    return (
        f"{where}: it cannot be generated ({why}); activate the villain of that type "
        "farthest from any hero instead"
    )


def _spawn_from_tracker(
    args: argparse.Namespace, dice: tuple[int, int], gone: tuple[int, ...], seed: int | None
) -> Result:
    """The spawn read against the stored tracker: the type holding the rolled index token, its
    reserve, the round's priority colour (``--priority`` when no round has begun); a miniature
    taken leaves the reserve for the board as one undoable step."""
    from refkit.app.games.widowers_table import WidowersTable
    from refkit.cli.games.trackers.widowers import table_payload
    from refkit.cli.services import command_services
    from refkit.games.widowers_wood.tracker import TrackerError

    type_die, passage_die = dice
    with command_services(args) as services:
        store = WidowersTable(services.versioned_meta)
        try:
            table = store.read()[0]
        except TrackerError as problem:
            raise CliError(str(problem)) from None
        villain = table.villain_for_token(type_die)
        if villain is None:
            raise CliError(
                f"spawn: the type die shows {type_die} and no villain type at the table holds "
                f"that index token (widowers tracker villain NAME --tokens {type_die})"
            )
        priority = table.deck.priority or args.priority
        red, blue = villain.reserve_red, villain.reserve_blue
        spawn = _decide(
            args, type_die, passage_die, red, blue, priority, gone, {type_die: villain.name}
        )
        if spawn.take is not None:
            try:
                step = store.step(
                    f"Spawn: a {spawn.take} {villain.name} at passage {spawn.passage}",
                    lambda t: t.spawned(villain.name, spawn.take),
                )
            except TrackerError as problem:
                raise CliError(f"spawn: {problem}") from None
            services.do(step)
        after = store.read()[0]
    payload = _spawn_payload(spawn, red, blue, priority, type_die, seed)
    payload["villain_type"] = villain.name
    payload["tracker"] = table_payload(after)
    left = after.villain(villain.name)
    text = _spawn_text(spawn, villain.name)
    text += f"\n{villain.name} reserve: {left.reserve_red} red, {left.reserve_blue} blue left"
    return payload, text


def _needed(args: argparse.Namespace, *options: str) -> tuple[int, ...]:
    missing = [option for option in options if getattr(args, option.lstrip("-")) is None]
    if missing:
        raise CliError(f"odds {args.roll}: needs {' and '.join(missing)}")
    return tuple(getattr(args, option.lstrip("-")) for option in options)


def _run_odds(args: argparse.Namespace) -> Result:
    from refkit.games.widowers_wood import (
        RollKind,
        attack_odds,
        challenge_odds,
        damage_odds,
        hazard_odds,
    )

    chances: dict[str, Fraction]
    if args.roll == "hazard":
        plan_text = "1d6"
        chances = {"damage": hazard_odds()}
    elif args.roll == "attack":
        if args.acc is None or args.defence is None:
            raise CliError("odds attack: needs --acc and --def")
        plan = _plan(args, RollKind.ATTACK)
        plan_text = plan.describe()
        chances = {
            "hit": attack_odds(
                plan,
                accuracy=args.acc,
                defence=args.defence,
                ranged=args.ranged,
                cover=args.cover,
                camouflage=args.camouflage,
                auto_hit=args.auto_hit,
                auto_miss=args.auto_miss,
            )
        }
    elif args.roll == "challenge":
        stat, target = _needed(args, "--stat", "--tn")
        plan = _plan(args, RollKind.CHALLENGE)
        plan_text = plan.describe()
        chances = {"pass": challenge_odds(plan, stat=stat, target=target)}
    else:
        power, armour = _needed(args, "--pow", "--arm")
        plan = _plan(args, RollKind.DAMAGE)
        plan_text = plan.describe()
        wounds = damage_odds(plan, power=power, armour=armour)
        chances = {"no_wound": wounds[0], "one_wound": wounds[1], "two_wounds": wounds[2]}
    payload = {
        "roll": args.roll,
        "dice": plan_text,
        "chances": {name: str(chance) for name, chance in chances.items()},
        "percent": {name: round(float(chance) * 100, 2) for name, chance in chances.items()},
    }
    text = f"{args.roll} {plan_text}: " + ", ".join(
        f"{name.replace('_', ' ')} {float(chance) * 100:.1f}% ({chance})"
        for name, chance in chances.items()
    )
    return payload, text
