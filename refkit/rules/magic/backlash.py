"""A backlash: d100 + the spell's rank on the active backlash table (1–105), with the repeat rule.

The backlash happens instead of the spell (L1053). When the caster already suffers the same
lasting backlash and it does not stack, it is rolled again (L1055); an instant row, a condition
(which cannot be had twice) or a row that stacks stands. A row marked ``on a creature`` falls on
the caster when the spell targeted an object. The row's duration kind
(:mod:`refkit.rules.tables.duration_kind`) says which case applies; a row whose duration names no
kind is taken as it comes, for the referee to judge.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from refkit.errors import DomainError
from refkit.rules.checks.d100 import D100Roll, d100_from_faces, roll_d100
from refkit.rules.common.name_text import match_key
from refkit.rules.common.slot_record import SlotRecord
from refkit.rules.magic.ranks import check_rank
from refkit.rules.tables.duration_kind import RowDuration, row_duration
from refkit.rules.tables.model import (
    RollableTable,
    TableError,
    TableRow,
    check_table,
    roll_table,
    row_for,
)

BACKLASH_DICE = frozenset({"d100", "1d100", "d%", "1d%"})
MOST_REROLLS = 1000
"""Re-rolls made at most before giving up (only reachable if nearly every row is active)."""

RowKey = tuple[int, int | None]
"""A row's identity within its table, for the repeat rule: its (low, high)."""


class EveryBacklashActiveError(DomainError, ValueError):
    """Every row the roll can reach is a lasting backlash the caster already suffers."""


class BacklashDraw(SlotRecord):
    """One d100 read on the table: the dice, the index (d100 + rank) and the row it landed on."""

    FIELDS = ("d100", "index", "row_number", "row")
    __slots__ = FIELDS
    d100: D100Roll
    index: int
    row_number: int  # 1-based
    row: TableRow

    def __init__(self, d100: D100Roll, index: int, row_number: int, row: TableRow) -> None:
        self._fill(d100, index, row_number, row)


class Backlash(SlotRecord):
    """The backlash that happens: every draw (those rolled again first), the last one's row, its
    text with any dice in it rolled, its duration read, and whom it falls on (a frozen record,
    not a dataclass: ``refkit cast`` leaves ``dataclasses`` unimported)."""

    FIELDS = ("table", "rank", "draws", "text", "duration", "falls_on_caster")
    __slots__ = FIELDS
    table: str
    rank: int
    draws: tuple[BacklashDraw, ...]
    text: str
    duration: RowDuration | None
    falls_on_caster: bool

    def __init__(
        self,
        table: str,
        rank: int,
        draws: tuple[BacklashDraw, ...],
        text: str,
        duration: RowDuration | None,
        falls_on_caster: bool,
    ) -> None:
        self._fill(table, rank, draws, text, duration, falls_on_caster)

    @property
    def final(self) -> BacklashDraw:
        return self.draws[-1]

    @property
    def index(self) -> int:
        return self.final.index

    @property
    def row(self) -> TableRow:
        return self.final.row

    @property
    def rerolled(self) -> int:
        return len(self.draws) - 1


def row_key(row: TableRow) -> RowKey:
    return (row.low, row.high)


def check_backlash_table(table: RollableTable, rank: int) -> None:
    """Raise TableError unless ``table`` can be rolled as d100 + ``rank``."""
    check_rank(rank)
    check_table(table)
    if match_key(table.dice) not in BACKLASH_DICE:
        raise TableError(
            f"table {table.name!r} rolls {table.dice}, but a backlash is d100 + the spell's rank"
        )
    if table.max_modifier is not None and rank > table.max_modifier:
        what = table.modifier_name or "modifier"
        raise TableError(
            f"table {table.name!r} takes a {what} of at most {table.max_modifier}, so it cannot "
            f"be rolled for a rank {rank} spell (import it with --max-modifier 5)"
        )


def _rolled_again(row: TableRow, active: Collection[RowKey]) -> bool:
    if row_key(row) not in active:
        return False
    duration = row_duration(row.duration)
    return duration is not None and duration.rolled_again_when_active


def _check_some_row_stands(table: RollableTable, rank: int, active: Collection[RowKey]) -> None:
    if not active:
        return
    for index in range(1 + rank, 101 + rank):
        _, row = row_for(table, index)
        if not _rolled_again(row, active):
            return
    raise EveryBacklashActiveError(
        f"every row of {table.name!r} a rank {rank} spell can roll is a lasting backlash the "
        "caster already suffers: end one of them first"
    )


def roll_backlash(
    table: RollableTable,
    rank: int,
    rng: random.Random,
    *,
    faces: tuple[int, int] | None = None,
    active: Collection[RowKey] = (),
    targeted_object: bool = False,
) -> Backlash:
    """Roll d100 + ``rank`` on ``table``; ``faces`` (tens, ones) give the first d100 outright,
    re-rolls are drawn from ``rng``. ``active`` holds the rows of the backlashes the caster
    suffers now. Raises TableError for a table that cannot be used, ValueError for bad faces."""
    check_backlash_table(table, rank)
    first = None if faces is None else d100_from_faces(*faces)
    _check_some_row_stands(table, rank, active)
    draws: list[BacklashDraw] = []
    while True:
        d100 = first if first is not None and not draws else roll_d100(rng)
        rolled = roll_table(table, rng, total=d100.value, modifier=rank)
        draws.append(BacklashDraw(d100, rolled.index, rolled.row_number, rolled.row))
        if not _rolled_again(rolled.row, active):
            duration = row_duration(rolled.row.duration)
            on_a_creature = duration is not None and duration.on_a_creature
            return Backlash(
                table=table.name,
                rank=rank,
                draws=tuple(draws),
                text=rolled.text,
                duration=duration,
                falls_on_caster=targeted_object and on_a_creature,
            )
        if len(draws) > MOST_REROLLS:
            raise EveryBacklashActiveError(
                f"rolled {len(draws)} backlashes on {table.name!r} and every one is already "
                "active: end some of them first"
            )
