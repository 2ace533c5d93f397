"""What a Warcrow roll may be given besides its pool, as the command line types it.

``--fix D=F`` fixes die D (1-based) to face F before the roll; ``--reroll D,D`` rerolls those
dice after it (each once) — ``versus`` has them for each side (``--enemy-fix``,
``--enemy-reroll``); ``--auto SYMBOL,…`` adds automatic symbols; ``--switch
NAME:COST=GAIN`` pays a Switch (symbols joined by ``+``); ``--state S`` applies a State to the
roll of kind ``--roll`` (Frightened removes a die first, Focus upgrades one, Stunned and
Vulnerable take a Success or a Block after the Switches).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from refkit.cli.errors import CliError

if TYPE_CHECKING:
    from refkit.games.warcrow import DiceFaces, Pool, Roll, Switch, Symbols
    from refkit.games.warcrow.states import RollType, State


def add_roll_options(parser: argparse.ArgumentParser, prefix: str = "", who: str = "") -> None:
    """The options of one side's roll; ``prefix`` (``enemy-``) names the other side's."""
    side = f" ({who})" if who else ""
    parser.add_argument(
        f"--{prefix}auto", metavar="SYMBOL,…", help=f"automatic symbols added to the roll{side}"
    )
    parser.add_argument(
        f"--{prefix}switch",
        action="append",
        default=[],
        metavar="NAME:COST[=GAIN]",
        help=f"a Switch paid from the roll, e.g. 'Master of Magic:special=block'{side}",
    )
    parser.add_argument(
        f"--{prefix}state",
        action="append",
        default=[],
        metavar="STATE",
        help=f"a State on the roller: frightened stunned focus vulnerable (repeatable){side}",
    )


def add_die_options(parser: argparse.ArgumentParser, prefix: str = "", who: str = "") -> None:
    """``--fix`` and ``--reroll`` for one side's dice; ``prefix`` (``enemy-``) names the other
    side's, whose dice are numbered from 1 again."""
    side = f" ({who})" if who else ""
    parser.add_argument(
        f"--{prefix}fix",
        action="append",
        default=[],
        metavar="D=F",
        help=f"fix die D (1 = the first) to face F before rolling; it is not rolled{side}",
    )
    parser.add_argument(
        f"--{prefix}reroll",
        metavar="D,D,…",
        help=f"reroll these dice after the roll (each die once){side}",
    )


def add_roll_type(parser: argparse.ArgumentParser, default: str, help_text: str) -> None:
    parser.add_argument("--roll", default=default, metavar="TYPE", help=help_text)


@dataclass(frozen=True)
class SideOptions:
    """One side's typed options, checked."""

    automatic: Symbols
    switches: tuple[Switch, ...]
    states: frozenset[State]
    option: str = ""

    def words(self) -> list[str]:
        return [state.value for state in sorted(self.states)]


@dataclass(frozen=True)
class Prepared:
    """A pool after the States that act before the roll: the die Frightened removed (index in
    the pool as typed) and the steps Focus made."""

    pool: Pool
    removed: tuple[str, ...] = ()
    steps: tuple[str, ...] = field(default_factory=tuple)


def _symbols(text: str, where: str) -> Symbols:
    from refkit.games.warcrow import Symbols, parse_symbol

    words = [word for word in text.replace("+", ",").split(",") if word.strip()]
    try:
        return Symbols.of(parse_symbol(word, where=where) for word in words)
    except ValueError as problem:
        raise CliError(str(problem)) from None


def _switch(text: str, where: str) -> Switch:
    from refkit.games.warcrow import Switch

    name, colon, rest = text.partition(":")
    cost, _, gain = rest.partition("=")  # no gain: the Switch acts off the roll (a heal)
    if not colon or not name.strip() or not cost.strip():
        raise CliError(
            f"{where}: {text!r} is not NAME:COST[=GAIN] (e.g. 'Staff:hollow_success=success')"
        )
    return Switch(
        name.strip(),
        _symbols(cost, f"{where} {name.strip()} cost"),
        _symbols(gain, f"{where} {name.strip()} gain"),
    )


def side_options(args: argparse.Namespace, prefix: str = "") -> SideOptions:
    from refkit.games.warcrow.states import StateError, parse_state

    key = prefix.replace("-", "_")
    auto = getattr(args, f"{key}auto")
    where = f"--{prefix}"
    try:
        states = frozenset(
            parse_state(text, where=f"{where}state") for text in getattr(args, f"{key}state")
        )
    except StateError as problem:
        raise CliError(str(problem)) from None
    return SideOptions(
        automatic=_symbols(auto, f"{where}auto") if auto else _symbols("", ""),
        switches=tuple(_switch(text, f"{where}switch") for text in getattr(args, f"{key}switch")),
        states=states,
        option=prefix,
    )


def roll_type(text: str) -> RollType:
    from refkit.games.warcrow.states import StateError, parse_roll_type

    try:
        return parse_roll_type(text, where="--roll")
    except StateError as problem:
        raise CliError(str(problem)) from None


def prepare(
    pool: Pool, side: SideOptions, roll: RollType, where: str, *, blocks: bool = False
) -> Prepared:
    """The pool with the automatic symbols, less the die Frightened removes, with the upgrade
    Focus gives (on the roll's kind of die: offensive for attacks, defensive for responses and
    resistances; for a test, the kind that shows what it counts) — the window's own steps
    (:func:`refkit.games.warcrow.prepare.prepare_roll`)."""
    from refkit.games.warcrow import PoolError, Symbol, build_pool
    from refkit.games.warcrow.prepare import prepare_roll

    pool = build_pool(pool.dice, pool.automatic + side.automatic)
    counted = Symbol.BLOCK if blocks else Symbol.SUCCESS
    try:
        done = prepare_roll(pool, (), side.states, roll, counted=counted)
    except PoolError as problem:
        raise CliError(f"{where}: {problem}") from None
    removed = (done.removed.value,) if done.removed is not None else ()
    steps = tuple(done.steps) if done.focused else ()
    return Prepared(done.pool, removed, steps)


def fixed_dice(texts: Sequence[str], count: int, option: str = "--fix") -> dict[int, int]:
    fixed: dict[int, int] = {}
    for text in texts:
        die, equals, face = text.partition("=")
        try:
            index, number = int(die) - 1, int(face)
        except ValueError:
            raise CliError(f"{option}: {text!r} is not D=F (die number = face number)") from None
        if not equals or not 0 <= index < count:
            raise CliError(f"{option}: {text!r}: the pool has dice 1 to {count}")
        if index in fixed:
            raise CliError(f"{option}: die {index + 1} is fixed twice")
        fixed[index] = number
    return fixed


def reroll_indices(text: str | None, count: int, option: str = "--reroll") -> list[int]:
    if not text:
        return []
    indices = []
    for word in text.split(","):
        try:
            index = int(word) - 1
        except ValueError:
            raise CliError(f"{option}: {word.strip()!r} is not a die number") from None
        if not 0 <= index < count:
            raise CliError(f"{option}: the pool has dice 1 to {count}, not {index + 1}")
        indices.append(index)
    return indices


def roll_with(
    pool: Pool,
    faces: DiceFaces,
    rng: random.Random,
    fixed: dict[int, int],
    rerolls: list[int],
    *,
    given: Roll | None = None,
    prefix: str = "",
) -> Roll:
    """Roll ``pool`` (its ``fixed`` dice set, not rolled) — or take the ``given`` roll — then
    reroll the dice ``rerolls`` names; ``prefix`` (``enemy-``) names the side's options in a
    refusal."""
    from refkit.games.warcrow import RerollError, reroll, roll_pool

    try:
        rolled = given if given is not None else roll_pool(pool, faces, rng, fixed=fixed)
        return reroll(rolled, rerolls, faces, rng) if rerolls else rolled
    except RerollError as problem:
        raise CliError(f"--{prefix}reroll/--{prefix}fix: {problem}") from None


def resolve(symbols: Symbols, side: SideOptions, roll: RollType) -> tuple[Symbols, dict[str, Any]]:
    """The symbols after the Switches the roll can pay (in order, once each; one it cannot pay
    is not used, and listed so) and then Stunned and Vulnerable; what was done, for JSON."""
    from refkit.games.warcrow.prepare import pay_switches
    from refkit.games.warcrow.states import result_states

    try:
        paid = pay_switches(symbols, side.switches, (), roll)  # the States come after, below
    except ValueError as problem:
        raise CliError(f"--{side.option}switch: {problem}") from None
    after = result_states(side.states, roll).apply(paid.symbols)
    done = {
        "switches": list(paid.paid),
        "switches_unpaid": list(paid.unpaid),
        "states": side.words(),
        "before_states": paid.symbols.as_dict(),
    }
    return after, done
