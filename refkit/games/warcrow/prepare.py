"""A Warcrow roll made ready: the States that act before the dice are rolled, and the Switches a
roll can pay for after.

Before the roll (rulebook L186-200, L958-966): Frightened takes one die of the roll's kind out of
the gathered pool (an offensive die from an Attack, a defensive one from a Response); then the
upgrades are made — the roller's own, then the one Focus allows, which counts toward the two a
roll may have — and then the downgrades. After the roll, the Switches are paid in the order the
roller picks them, each at most once (L622-632); Stunned and Vulnerable act on what is left.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from refkit.games.warcrow.dice import Colour, Kind
from refkit.games.warcrow.pool import (
    MAX_UPGRADES,
    Direction,
    Modification,
    Pool,
    PoolError,
    modify,
)
from refkit.games.warcrow.resolve import Switch
from refkit.games.warcrow.states import RollType, State, frightened_pool, result_states
from refkit.games.warcrow.symbols import Symbol, Symbols

_OFFENSIVE_ROLLS = frozenset({RollType.ATTACK, RollType.MAGICAL_ATTACK})


@dataclass(frozen=True)
class Prepared:
    """The pool that will be rolled, and what each step before the roll did, in words."""

    pool: Pool
    removed: Colour | None = None
    steps: tuple[str, ...] = ()
    focus: str = ""
    focused: bool = False
    """Focus made an upgrade (the last of ``steps`` that is an upgrade)."""

    def notes(self) -> tuple[str, ...]:
        lines = []
        if self.removed is not None:
            lines.append(f"Frightened: one {self.removed.value} die removed")
        lines.extend(self.steps)
        if self.focus:
            lines.append(self.focus)
        return tuple(lines)


def focus_kind(roll: RollType, pool: Pool, counted: Symbol = Symbol.SUCCESS) -> Kind | None:
    """The kind of die Focus upgrades: offensive for an Attack or Magical Attack, defensive for a
    Response or Magical Resistance, and for a test the kind that shows what it counts. None when
    the pool's dice leave no doubt (one kind only)."""
    if roll in _OFFENSIVE_ROLLS:
        wanted = Kind.OFFENSIVE
    elif roll is RollType.TEST:
        wanted = Kind.DEFENSIVE if counted is Symbol.BLOCK else Kind.OFFENSIVE
    else:
        wanted = Kind.DEFENSIVE
    kinds = pool.kinds()
    return wanted if wanted in kinds or len(kinds) != 1 else None


def prepare_roll(
    gathered: Pool,
    modifications: Sequence[Modification],
    states: Collection[State],
    roll: RollType,
    *,
    counted: Symbol = Symbol.SUCCESS,
) -> Prepared:
    """The gathered dice after Frightened, the upgrades (Focus's last), then the downgrades.

    PoolError when the roller's own modifications do not fit; Focus adds nothing when the roll
    has its two upgrades already, or no dice left (it says so in ``focus``)."""
    pool, index = (
        frightened_pool(gathered, roll) if State.FRIGHTENED in states else (gathered, None)
    )
    removed = gathered.dice[index] if index is not None else None
    ups = [m for m in modifications if m.direction is Direction.UPGRADE]
    downs = [m for m in modifications if m.direction is Direction.DOWNGRADE]
    focus = ""
    focused = False
    if State.FOCUS in states:
        if len(ups) >= MAX_UPGRADES:
            focus = f"Focus: no upgrade, the roll has its {MAX_UPGRADES} already"
        elif not pool.dice:
            focus = "Focus: no die to upgrade"
        else:
            kind = focus_kind(roll, modify(pool, ups).pool, counted)
            ups.append(Modification(Direction.UPGRADE, kind))
            focus, focused = "Focus: the last upgrade above is Focus's", True
    try:
        result = modify(pool, [*ups, *downs])
    except PoolError as problem:
        raise PoolError(f"{problem} (after the States)") from None
    steps = tuple(s.words() for s in result.steps)
    return Prepared(result.pool, removed, steps, focus, focused)


@dataclass(frozen=True)
class PaidSwitches:
    """The symbols after the Switches and the States, and which Switches were paid."""

    symbols: Symbols
    paid: tuple[str, ...]
    unpaid: tuple[str, ...]


def affordable(symbols: Symbols, switches: Sequence[Switch]) -> tuple[bool, ...]:
    """For each Switch in turn: can the roll pay for it, after the ones before it are paid?
    A Switch it cannot pay for is skipped and leaves the symbols as they were."""
    answers = []
    for switch in switches:
        can = symbols.covers(switch.cost)
        answers.append(can)
        if can:
            symbols = symbols.minus(switch.cost) + switch.gain
    return tuple(answers)


def pay_switches(
    symbols: Symbols, switches: Sequence[Switch], states: Collection[State], roll: RollType
) -> PaidSwitches:
    """Pay each chosen Switch the roll can afford, in order (once each), then apply Stunned (only
    on Attack, Magical Attack and Response rolls) and Vulnerable."""
    names = [switch.name for switch in switches]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(f"switch {name!r} can be used only once per roll")
    paid: list[str] = []
    unpaid: list[str] = []
    for switch in switches:
        if symbols.covers(switch.cost):
            symbols = symbols.minus(switch.cost) + switch.gain
            paid.append(switch.name)
        else:
            unpaid.append(switch.name)
    after = result_states(states, roll).apply(symbols)
    return PaidSwitches(after, tuple(paid), tuple(unpaid))
