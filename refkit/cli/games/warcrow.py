"""The ``warcrow`` rows of the contract: pool (upgrades and downgrades), roll, versus; and
``warcrow odds``, the exact chances before rolling."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError
from refkit.cli.games.warcrow_parts import roll_options as options
from refkit.cli.parsing import Subcommands, add_json_flag, add_seed, whole_number

if TYPE_CHECKING:
    from fractions import Fraction

    from refkit.games.warcrow import DiceFaces, Pool
    from refkit.games.warcrow.roll import Roll, RolledDie

Result = tuple[dict[str, Any], str]

COLOURS_HELP = "comma-separated colours: red orange yellow green blue black (3 at most of each)"


def register(commands: Subcommands) -> None:
    warcrow = commands.add_parser("warcrow", help="Warcrow Adventures dice: pools, rolls, versus")
    actions = warcrow.add_subparsers(dest="warcrow_action", metavar="ACTION", required=True)

    pool = actions.add_parser("pool", help="a pool after its upgrades and downgrades")
    pool.add_argument("colours", metavar="COLOURS", help=COLOURS_HELP)
    pool.add_argument("--upgrade", type=whole_number, default=0, metavar="N", help="0 to 2")
    pool.add_argument("--downgrade", type=whole_number, default=0, metavar="N", help="0 to 2")
    pool.add_argument(
        "--kind",
        choices=("offensive", "defensive"),
        help="which dice to modify (needed when the pool holds both kinds)",
    )
    add_json_flag(pool)
    pool.set_defaults(handler=_run_pool)

    roll = actions.add_parser("roll", help="roll a pool and count its symbols")
    roll.add_argument("colours", metavar="COLOURS", help=COLOURS_HELP)
    roll.add_argument("--expertise", action="store_true", help="hollow symbols count as full ones")
    roll.add_argument(
        "--need", type=whole_number, metavar="N", help="an attribute test needing N Successes"
    )
    roll.add_argument(
        "--blocks",
        action="store_true",
        help="the --need test counts Blocks, not Successes (a test may ask for either)",
    )
    roll.add_argument(
        "--dice", metavar="F,F,…", help="the face number (1-8) each die shows, instead of rolling"
    )
    options.add_die_options(roll)
    options.add_roll_options(roll)
    options.add_roll_type(
        roll,
        "test",
        "attack, magical-attack, response, magical-resistance or test (the States read it)",
    )
    add_seed(roll)
    add_json_flag(roll)
    roll.set_defaults(handler=_run_roll)

    versus = actions.add_parser("versus", help="a face-to-face roll: Character against Enemy")
    versus.add_argument("--character", required=True, metavar="COLOURS", help=COLOURS_HELP)
    versus.add_argument("--enemy", required=True, metavar="COLOURS", help=COLOURS_HELP)
    versus.add_argument(
        "--dice",
        metavar="F,F,…",
        help="the face number each die shows, the Character's dice first, instead of rolling",
    )
    options.add_die_options(versus, who="the Character")
    options.add_die_options(versus, "enemy-", "the Enemy")
    options.add_roll_options(versus, who="the Character")
    options.add_roll_options(versus, "enemy-", "the Enemy")
    options.add_roll_type(
        versus,
        "attack",
        "the Character's roll: attack, magical-attack (against Magical Resistance) or response",
    )
    add_seed(versus)
    add_json_flag(versus)
    versus.set_defaults(handler=_run_versus)

    from refkit.cli.games.warcrow_parts import table

    table.register(actions)

    odds = actions.add_parser(
        "odds", help="exact odds: Successes of a pool, or face-to-face wounds"
    )
    odds.add_argument("colours", metavar="COLOURS", help=COLOURS_HELP)
    odds.add_argument(
        "--enemy", metavar="COLOURS", help="the Enemy's pool: odds of the wounds each way"
    )
    odds.add_argument("--expertise", action="store_true", help="hollow symbols count as full ones")
    add_json_flag(odds)
    odds.set_defaults(handler=_run_odds)


def _faces() -> DiceFaces:
    """The dice table: the user's copy in the data folder when there is one."""
    from refkit.games.warcrow import dice_faces
    from refkit.store.location import data_dir

    return dice_faces(data_dir())


def _pool(text: str, where: str, *, need_dice: bool = True) -> Pool:
    from refkit.games.warcrow import PoolError, build_pool, parse_colours

    try:
        pool = build_pool(parse_colours(text, where=where))
    except PoolError as problem:
        raise CliError(f"{where}: {problem}") from None
    if need_dice and not pool.dice:
        raise CliError(f"{where}: no dice given; list colours like red,orange,black")
    return pool


def _log(
    args: argparse.Namespace,
    sides: dict[str, Any],
    *,
    summary: str,
    total: int,
    seed: int | None,
    expertise: bool = False,
) -> None:
    """Put the roll in the roll log, tagged ``cli``, as the crows' rolls are (only once the input
    has been checked: bad input writes nothing)."""
    from refkit.cli.services import command_services
    from refkit.games.warcrow.records import roll_record

    with command_services(args) as services:
        services.dice.log_roll(
            roll_record(
                sides,
                summary=summary,
                total=total,
                seed=seed,
                rolled_at=services.utc_now(),
                expertise=expertise,
            )
        )


# --- pool -----------------------------------------------------------------------------------


def _run_pool(args: argparse.Namespace) -> Result:
    from refkit.games.warcrow import (
        MAX_DOWNGRADES,
        MAX_UPGRADES,
        Kind,
        KindNeeded,
        PoolError,
        modifications,
        modify,
    )

    where = "warcrow pool"
    for name, limit in (("upgrade", MAX_UPGRADES), ("downgrade", MAX_DOWNGRADES)):
        value = getattr(args, name)
        if not 0 <= value <= limit:
            raise CliError(f"{where}: --{name} must be 0 to {limit}, got {value}")
    pool = _pool(args.colours, f"{where} COLOURS", need_dice=False)
    kind = Kind(args.kind) if args.kind else None
    try:
        result = modify(pool, modifications(args.upgrade, args.downgrade, kind))
    except KindNeeded as problem:
        raise CliError(f"{where}: {problem} (--kind offensive or --kind defensive)") from None
    except PoolError as problem:
        raise CliError(f"{where}: {problem}") from None
    payload = {
        "pool": [colour.value for colour in result.pool.dice],
        "steps": [step.words() for step in result.steps],
        "lost": [colour.value for colour in result.lost],
    }
    lines = [f"pool: {result.pool.words()}", *(step.words() for step in result.steps)]
    return payload, "\n".join(lines)


# --- roll -----------------------------------------------------------------------------------


def _dice_entry(die: RolledDie) -> dict[str, Any]:
    return {"colour": die.colour.value, "face": [symbol.value for symbol in die.face]}


def _face_numbers(text: str, count: int) -> list[int]:
    words = [word.strip() for word in text.split(",")]
    numbers = []
    for index, word in enumerate(words, start=1):
        try:
            numbers.append(int(word))
        except ValueError:
            shown = word if len(word) <= 20 else word[:19] + "…"
            raise CliError(f"--dice: {shown!r} is not a face number (value {index})") from None
    if len(numbers) != count:
        raise CliError(f"--dice: expected {count} face numbers, one a die, got {len(numbers)}")
    return numbers


def _run_roll(args: argparse.Namespace) -> Result:
    from refkit.dice.rng import make_rng
    from refkit.games.warcrow import RerollError, Symbol, attribute_test, given_roll
    from refkit.games.warcrow.records import roll_outcome

    side = options.side_options(args)
    kind = options.roll_type(args.roll)
    prepared = options.prepare(
        _pool(args.colours, "warcrow roll COLOURS"), side, kind, "warcrow roll", blocks=args.blocks
    )
    pool = prepared.pool
    if args.need is not None and args.need < 0:
        raise CliError(f"--need must be 0 or more, got {args.need}")
    if args.blocks and args.need is None:
        raise CliError("--blocks says what a --need test counts: give --need N too")
    faces = _faces()
    seed: int | None = None
    fixed = options.fixed_dice(args.fix, len(pool.dice))
    rerolls = options.reroll_indices(args.reroll, len(pool.dice))
    if args.dice is not None:
        if fixed:
            raise CliError("--fix is for a roll made here; with --dice every die is given")
        try:
            roll = given_roll(pool, faces, _face_numbers(args.dice, len(pool.dice)))
        except RerollError as problem:
            raise CliError(f"--dice: {problem}") from None
        if rerolls:
            rng, seed = make_rng(args.seed)
            roll = options.roll_with(pool, faces, rng, {}, rerolls, given=roll)
    else:
        rng, seed = make_rng(args.seed)
        roll = options.roll_with(pool, faces, rng, fixed, rerolls)
    symbols, done = options.resolve(roll.symbols(expertise=args.expertise), side, kind)
    counted = Symbol.BLOCK if args.blocks else Symbol.SUCCESS
    test = attribute_test(symbols, args.need, symbol=counted) if args.need is not None else None
    _log(
        args,
        {"pool": (pool, roll)},
        summary=roll_outcome(symbols, test),
        total=symbols.success,
        seed=seed,
        expertise=args.expertise,
    )
    payload: dict[str, Any] = {
        "dice": [_dice_entry(die) for die in roll.dice],
        "symbols": symbols.as_dict(),
        "seed": seed,
        "faces": list(roll.faces()),
        "faces_source": "community" if faces.community else "verified",
        **_extras(prepared, roll, kind, done),
    }
    text = _prepared_text(prepared) + _roll_text(roll) + _switches_text(done)
    text += f"\n= {symbols.words()}"
    if test is not None:
        payload["test"] = {"needed": test.needed, "passed": test.passed}
        payload["test"]["blocks" if args.blocks else "successes"] = test.counted
        word = "Blocks" if args.blocks else "Successes"
        text += f"\ntest needing {test.needed} {word}: {'passed' if test.passed else 'failed'}"
    return payload, text


def _extras(
    prepared: options.Prepared, roll: Roll, kind: Any, done: dict[str, Any]
) -> dict[str, Any]:
    """What the roll's options did (the keys the contract's rows leave open)."""
    return {
        "roll": kind.value,
        "pool": [colour.value for colour in prepared.pool.dice],
        "automatic": prepared.pool.automatic.as_dict(),
        "frightened_removed": list(prepared.removed),
        "focus": list(prepared.steps),
        "fixed": [n for n, die in enumerate(roll.dice, start=1) if die.fixed],
        "rerolled": [n for n, die in enumerate(roll.dice, start=1) if die.rerolled],
        **done,
    }


def _prepared_text(prepared: options.Prepared) -> str:
    lines = [f"Frightened: one {colour} die removed" for colour in prepared.removed]
    lines += [f"Focus: {step}" for step in prepared.steps]
    return "".join(line + "\n" for line in lines)


def _roll_text(roll: Roll) -> str:
    from refkit.games.warcrow import Symbols

    return "; ".join(f"{die.colour.value}: {Symbols.of(die.face).words()}" for die in roll.dice)


# --- versus ---------------------------------------------------------------------------------


def _run_versus(args: argparse.Namespace) -> Result:
    from refkit.games.warcrow import face_to_face
    from refkit.games.warcrow.records import versus_outcome
    from refkit.games.warcrow.states import RollType

    kind = options.roll_type(args.roll)
    answers = {
        RollType.ATTACK: RollType.RESPONSE,
        RollType.MAGICAL_ATTACK: RollType.MAGICAL_RESISTANCE,
        RollType.RESPONSE: RollType.ATTACK,
    }
    if kind not in answers:
        raise CliError("--roll: a face-to-face roll is an attack, magical-attack or response")
    side, enemy_side = options.side_options(args), options.side_options(args, "enemy-")
    where = "warcrow versus"
    character = options.prepare(
        _pool(args.character, f"{where} --character"), side, kind, where
    ).pool
    enemy = options.prepare(
        _pool(args.enemy, f"{where} --enemy"), enemy_side, answers[kind], where
    ).pool
    character_roll, enemy_roll, seed = _versus_rolls(args, character, enemy)
    character_symbols, character_done = options.resolve(character_roll.symbols(), side, kind)
    enemy_symbols, enemy_done = options.resolve(enemy_roll.symbols(), enemy_side, answers[kind])
    result = face_to_face(character_symbols, enemy_symbols)
    _log(
        args,
        {"character": (character, character_roll), "enemy": (enemy, enemy_roll)},
        summary=versus_outcome(result),
        total=result.wounds_to_enemy,
        seed=seed,
    )
    payload = {
        "character": result.character.as_dict(),
        "enemy": result.enemy.as_dict(),
        "wounds_to_enemy": result.wounds_to_enemy,
        "wounds_to_character": result.wounds_to_character,
        "success": result.success,
        "character_dice": [_dice_entry(die) for die in character_roll.dice],
        "enemy_dice": [_dice_entry(die) for die in enemy_roll.dice],
        "seed": seed,
        "roll": kind.value,
        "character_pool": [colour.value for colour in character.dice],
        "enemy_pool": [colour.value for colour in enemy.dice],
        "character_switches": character_done["switches"],
        "enemy_switches": enemy_done["switches"],
        "character_switches_unpaid": character_done["switches_unpaid"],
        "enemy_switches_unpaid": enemy_done["switches_unpaid"],
        "character_states": character_done["states"],
        "enemy_states": enemy_done["states"],
        "character_fixed": _numbers(character_roll, fixed=True),
        "enemy_fixed": _numbers(enemy_roll, fixed=True),
        "character_rerolled": _numbers(character_roll, fixed=False),
        "enemy_rerolled": _numbers(enemy_roll, fixed=False),
    }
    text = "\n".join(
        (
            f"character: {_roll_text(character_roll)}{_switches_text(character_done)}"
            f" = {result.character.words()}",
            f"enemy: {_roll_text(enemy_roll)}{_switches_text(enemy_done)} = {result.enemy.words()}",
            f"wounds to enemy {result.wounds_to_enemy}, "
            f"wounds to character {result.wounds_to_character}",
        )
    )
    return payload, text


def _versus_rolls(
    args: argparse.Namespace, character: Pool, enemy: Pool
) -> tuple[Roll, Roll, int | None]:
    """Both sides' rolls: typed with ``--dice`` (the Character's dice first) or rolled here with
    each side's fixed dice; then each side's rerolls. The seed is None when nothing was rolled."""
    from refkit.dice.rng import make_rng
    from refkit.games.warcrow import RerollError, given_roll

    faces = _faces()
    fixed = options.fixed_dice(args.fix, len(character.dice))
    enemy_fixed = options.fixed_dice(args.enemy_fix, len(enemy.dice), "--enemy-fix")
    rerolls = options.reroll_indices(args.reroll, len(character.dice))
    enemy_rerolls = options.reroll_indices(args.enemy_reroll, len(enemy.dice), "--enemy-reroll")
    given: tuple[Roll | None, Roll | None] = (None, None)
    if args.dice is not None:
        if fixed or enemy_fixed:
            raise CliError("--fix is for a roll made here; with --dice every die is given")
        count = len(character.dice)
        numbers = _face_numbers(args.dice, count + len(enemy.dice))
        try:
            given = (
                given_roll(character, faces, numbers[:count]),
                given_roll(enemy, faces, numbers[count:]),
            )
        except RerollError as problem:
            raise CliError(f"--dice: {problem}") from None
        if not rerolls and not enemy_rerolls:
            assert given[0] is not None and given[1] is not None
            return given[0], given[1], None
    rng, seed = make_rng(args.seed)
    character_roll = options.roll_with(character, faces, rng, fixed, rerolls, given=given[0])
    enemy_roll = options.roll_with(
        enemy, faces, rng, enemy_fixed, enemy_rerolls, given=given[1], prefix="enemy-"
    )
    return character_roll, enemy_roll, seed


def _numbers(roll: Roll, *, fixed: bool) -> list[int]:
    """The dice (numbered from 1) fixed before the roll, or rerolled after it."""
    return [n for n, die in enumerate(roll.dice, start=1) if (die.fixed if fixed else die.rerolled)]


def _switches_text(done: dict[str, Any]) -> str:
    """The Switches paid and those the roll could not pay (not used), for the text output."""
    parts = [f"switch {name} paid" for name in done["switches"]]
    parts += [
        f"switch {name} not paid (the roll cannot afford it)" for name in done["switches_unpaid"]
    ]
    return f"; {', '.join(parts)}" if parts else ""


# --- odds -----------------------------------------------------------------------------------


def _chances(table: Mapping[int, Fraction]) -> tuple[dict[str, float], dict[str, str]]:
    from refkit.cli.output import fraction_text

    return (
        {str(n): float(p) for n, p in table.items()},
        {str(n): fraction_text(p) for n, p in table.items()},
    )


def _run_odds(args: argparse.Namespace) -> Result:
    from refkit.cli.output import fraction_text, percent
    from refkit.games.warcrow.odds import at_least, count_distribution, face_to_face_odds

    character = _pool(args.colours, "warcrow odds COLOURS")
    faces = _faces()
    if args.enemy is not None:
        if args.expertise:
            raise CliError("warcrow odds: --expertise is for a single pool, not with --enemy")
        enemy = _pool(args.enemy, "warcrow odds --enemy")
        odds = face_to_face_odds(character, enemy, faces)
        to_enemy, to_enemy_exact = _chances(odds.wounds_to_enemy)
        to_character, to_character_exact = _chances(odds.wounds_to_character)
        payload: dict[str, Any] = {
            "wounds_to_enemy": to_enemy,
            "wounds_to_character": to_character,
            "success": float(odds.success),
            "exact": {
                "wounds_to_enemy": to_enemy_exact,
                "wounds_to_character": to_character_exact,
                "success": fraction_text(odds.success),
            },
        }
        text = "\n".join(
            (
                f"character succeeds {percent(odds.success)}",
                "wounds to enemy: "
                + "  ".join(f"{n}: {percent(p)}" for n, p in odds.wounds_to_enemy.items()),
                "wounds to character: "
                + "  ".join(f"{n}: {percent(p)}" for n, p in odds.wounds_to_character.items()),
            )
        )
        return payload, text
    from refkit.games.warcrow import Symbol

    payload = {}
    lines = []
    for symbol, key, word in (
        (Symbol.SUCCESS, "successes", "Successes"),
        (Symbol.BLOCK, "blocks", "Blocks"),
    ):
        distribution = count_distribution(character, faces, symbol=symbol, expertise=args.expertise)
        ladder = {n: at_least(distribution, n) for n in range(1, max(distribution) + 1)}
        chances, exact = _chances(distribution)
        at_least_chances, at_least_exact = _chances(ladder)
        prefix = "" if symbol is Symbol.SUCCESS else "blocks_"
        payload[key] = chances
        payload[f"{prefix}at_least"] = at_least_chances
        payload.setdefault("exact", {}).update({key: exact, f"{prefix}at_least": at_least_exact})
        if ladder:
            lines.append(
                f"{word} at least: " + "  ".join(f"{n}: {percent(p)}" for n, p in ladder.items())
            )
        else:
            lines.append(f"{word}: none possible with these dice")
    return payload, "\n".join(lines)
