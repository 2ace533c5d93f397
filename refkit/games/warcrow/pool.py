"""Warcrow dice pools: at most three dice of a colour, automatic symbols, upgrades and downgrades.

Modifying follows the rulebook's steps: an upgrade lifts the lowest die of the chosen kind one
colour (red adds a yellow, green adds a black); a downgrade lowers the highest (yellow and black
are removed); all upgrades come before all downgrades and there are at most two of each. Where the
book is silent, the fact file's proposals hold: a die a modification would make the fourth of its
colour is not added (the skirmish FAQ), and upgrading a kind the pool lacks adds its lowest die.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from refkit.errors import DomainError
from refkit.games.warcrow.dice import Colour, Kind, ladder
from refkit.games.warcrow.symbols import Symbols

MAX_PER_COLOUR = 3
MAX_UPGRADES = 2
MAX_DOWNGRADES = 2


class PoolError(DomainError, ValueError):
    """A pool or a change to it the rules do not allow; the message says why."""


class KindNeeded(PoolError):
    """The pool holds both kinds of dice, so a modification must say which kind it is for."""


@dataclass(frozen=True)
class Pool:
    """The dice to roll, in the order they were gathered, and the automatic symbols beside them."""

    dice: tuple[Colour, ...] = ()
    automatic: Symbols = field(default_factory=Symbols)

    def __post_init__(self) -> None:
        for colour, count in Counter(self.dice).items():
            if count > MAX_PER_COLOUR:
                raise PoolError(
                    f"a pool holds at most {MAX_PER_COLOUR} {colour.value} dice, not {count}"
                )

    def count(self, colour: Colour) -> int:
        return self.dice.count(colour)

    def kinds(self) -> frozenset[Kind]:
        return frozenset(colour.kind for colour in self.dice)

    def with_die(self, colour: Colour) -> Pool:
        """This pool with one more ``colour`` die; PoolError if that would be a fourth."""
        if self.count(colour) >= MAX_PER_COLOUR:
            raise PoolError(
                f"the pool already has {MAX_PER_COLOUR} {colour.value} dice; "
                f"a fourth is not allowed"
            )
        return Pool((*self.dice, colour), self.automatic)

    def without_die(self, index: int) -> Pool:
        if not 0 <= index < len(self.dice):
            raise PoolError(f"the pool has no die {index + 1}")
        return Pool(self.dice[:index] + self.dice[index + 1 :], self.automatic)

    def words(self) -> str:
        parts = [colour.value for colour in self.dice]
        if self.automatic:
            parts.append(f"+ {self.automatic.words()}")
        return ", ".join(parts) if parts else "no dice"


def build_pool(colours: Iterable[Colour], automatic: Symbols | None = None) -> Pool:
    """A pool of ``colours`` (in order); PoolError naming the die that would be a fourth."""
    pool = Pool(automatic=automatic or Symbols())
    for index, colour in enumerate(colours, start=1):
        try:
            pool = pool.with_die(colour)
        except PoolError:
            raise PoolError(
                f"die {index} ({colour.value}) would be a fourth {colour.value} die; "
                f"a pool holds at most {MAX_PER_COLOUR} of a colour"
            ) from None
    return pool


class Direction(StrEnum):
    UPGRADE = "upgrade"
    DOWNGRADE = "downgrade"


@dataclass(frozen=True)
class Modification:
    """One upgrade or downgrade; ``kind`` None means the kind the pool's dice leave no doubt on."""

    direction: Direction
    kind: Kind | None = None


@dataclass(frozen=True)
class Step:
    """What one modification did: the die it changed, added or removed, and any lost die."""

    modification: Modification
    kind: Kind
    before: Colour | None
    after: Colour | None
    added: Colour | None = None
    lost: Colour | None = None

    def words(self) -> str:
        verb = self.modification.direction.value.capitalize()
        if self.before is None and self.added is not None:
            text = f"{verb}: no {self.kind.value} die, added a {self.added.value} one"
        elif self.added is not None:
            text = f"{verb}: {self.before} stays, added {self.added.value}"
        elif self.after is None:
            text = f"{verb}: removed {self.before}"
        else:
            text = f"{verb}: {self.before} became {self.after}"
        if self.lost is not None:
            text += f" (a fourth {self.lost.value} die is not added)"
        return text


@dataclass(frozen=True)
class Modified:
    """A pool after its modifications, with what each step did (upgrades first)."""

    base: Pool
    pool: Pool
    steps: tuple[Step, ...]

    @property
    def lost(self) -> tuple[Colour, ...]:
        return tuple(step.lost for step in self.steps if step.lost is not None)


def resolve_kind(pool: Pool, modification: Modification) -> Kind:
    """The kind a modification acts on; KindNeeded when the pool holds both and none was said."""
    if modification.kind is not None:
        return modification.kind
    kinds = pool.kinds()
    if len(kinds) == 1:
        return next(iter(kinds))
    verb = modification.direction.value
    if kinds:
        raise KindNeeded(f"the pool has offensive and defensive dice: say which kind to {verb}")
    if modification.direction is Direction.DOWNGRADE:
        raise PoolError("a pool with no dice cannot be downgraded")
    raise KindNeeded(f"the pool has no dice: say which kind to {verb}")


def upgrade(pool: Pool, kind: Kind | None = None) -> tuple[Pool, Step]:
    """Lift the lowest die of ``kind`` one colour (the top colour adds the kind's lowest die)."""
    modification = Modification(Direction.UPGRADE, kind)
    kind = resolve_kind(pool, modification)
    colours = ladder(kind)
    mine = [index for index, colour in enumerate(pool.dice) if colour.kind is kind]
    if not mine:
        added = colours[0]
        return Pool((*pool.dice, added), pool.automatic), Step(
            modification, kind, None, None, added=added
        )
    index = min(mine, key=lambda i: pool.dice[i].rank)
    die = pool.dice[index]
    if die.rank == len(colours) - 1:
        added = colours[0]
        # All dice of this kind are at the top, so the lowest colour is never already full.
        return Pool((*pool.dice, added), pool.automatic), Step(
            modification, kind, die, die, added=added
        )
    return _replace(pool, index, colours[die.rank + 1], Step(modification, kind, die, None))


def downgrade(pool: Pool, kind: Kind | None = None) -> tuple[Pool, Step]:
    """Lower the highest die of ``kind`` one colour (yellow and black are removed)."""
    modification = Modification(Direction.DOWNGRADE, kind)
    if not pool.dice:
        raise PoolError("a pool with no dice (or only automatic symbols) cannot be downgraded")
    kind = resolve_kind(pool, modification)
    mine = [index for index, colour in enumerate(pool.dice) if colour.kind is kind]
    if not mine:
        raise PoolError(f"the pool has no {kind.value} die to downgrade")
    index = max(reversed(mine), key=lambda i: pool.dice[i].rank)
    die = pool.dice[index]
    if die.rank == 0:
        return pool.without_die(index), Step(modification, kind, die, None)
    lower = ladder(kind)[die.rank - 1]
    return _replace(pool, index, lower, Step(modification, kind, die, None))


def _replace(pool: Pool, index: int, colour: Colour, step: Step) -> tuple[Pool, Step]:
    rest = pool.without_die(index)
    if rest.count(colour) >= MAX_PER_COLOUR:
        lost = Step(step.modification, step.kind, step.before, colour, lost=colour)
        return rest, lost
    dice = list(pool.dice)
    dice[index] = colour
    done = Step(step.modification, step.kind, step.before, colour)
    return Pool(tuple(dice), pool.automatic), done


def modify(pool: Pool, modifications: Sequence[Modification]) -> Modified:
    """Apply ``modifications`` the rulebook's way: all upgrades first, then the downgrades.

    PoolError for a third upgrade or downgrade, a downgrade of nothing, or a kind left unsaid in a
    pool that holds both (KindNeeded).
    """
    ups = [m for m in modifications if m.direction is Direction.UPGRADE]
    downs = [m for m in modifications if m.direction is Direction.DOWNGRADE]
    if len(ups) > MAX_UPGRADES:
        raise PoolError(f"a roll takes at most {MAX_UPGRADES} upgrades, not {len(ups)}")
    if len(downs) > MAX_DOWNGRADES:
        raise PoolError(f"a roll takes at most {MAX_DOWNGRADES} downgrades, not {len(downs)}")
    current = pool
    steps: list[Step] = []
    for modification in (*ups, *downs):
        change = upgrade if modification.direction is Direction.UPGRADE else downgrade
        current, step = change(current, modification.kind)
        steps.append(step)
    return Modified(pool, current, tuple(steps))


def modifications(
    upgrades: int = 0, downgrades: int = 0, kind: Kind | None = None
) -> tuple[Modification, ...]:
    """``upgrades`` upgrades and ``downgrades`` downgrades, all for ``kind``."""
    if upgrades < 0 or downgrades < 0:
        raise PoolError("the number of upgrades and downgrades must be 0 or more")
    return (Modification(Direction.UPGRADE, kind),) * upgrades + (
        Modification(Direction.DOWNGRADE, kind),
    ) * downgrades
