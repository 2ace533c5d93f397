"""Casting a spell from a book in hand, as one pure step (L1039–1061, crows-facts §11, §15 F).

1. A Mind test (:mod:`refkit.rules.checks.crows_test`), with edges, banes, bonuses, the caster's
   conditions and an optional spellcasting expertise of the spell's discipline.
2. A doom is a backlash. A final tier 1 that is not a doom makes the chaos roll, 1d6: a 1 is a
   backlash (a tier 1 reached through a double bane counts, §15 F3).
3. The book's usage dice are rolled, also on a backlash, but never on a crit.
4. A backlash rolls d100 + rank on the active table (:mod:`refkit.rules.magic.backlash`) and
   happens instead of the spell.

A book at 0 usage dice cannot be cast. Every check is made before any die is rolled, so a refused
cast rolls nothing. Dice come from ``rng`` in the order above unless :class:`CastDice` gives them.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence

from refkit.errors import DomainError
from refkit.rules.checks.conditions import conditions_on_test
from refkit.rules.checks.crows_test import (
    CRIT_MIN,
    Order,
    TestResult,
    check_die,
    check_modifiers,
    resolve_test,
)
from refkit.rules.common.slot_record import SlotRecord
from refkit.rules.magic.backlash import Backlash, RowKey, check_backlash_table, roll_backlash
from refkit.rules.magic.ranks import MOST_BOOK_DICE, check_rank
from refkit.rules.tables.model import RollableTable
from refkit.rules.usage_dice import UsageDiceRoll, roll_usage_dice, usage_dice_from_faces

CHAOS_BACKLASH = 1
"""The chaos die's face that is a backlash."""


class BookEmptyError(DomainError, ValueError):
    """The spellbook has no usage dice left; it cannot be cast until a rest restores them."""


class CastDice(SlotRecord):
    """Faces rolled at the table, given outright; None rolls that die with the RNG. A face given
    for a die the cast does not need (a chaos die on a tier 2) is not used. (A frozen record, not
    a dataclass: ``refkit cast`` leaves ``dataclasses`` unimported.)"""

    FIELDS = ("test", "chaos", "book", "backlash")
    __slots__ = FIELDS
    test: tuple[int, int] | None
    chaos: int | None
    book: Sequence[int] | None
    backlash: tuple[int, int] | None

    def __init__(
        self,
        test: tuple[int, int] | None = None,
        chaos: int | None = None,
        book: Sequence[int] | None = None,
        backlash: tuple[int, int] | None = None,
    ) -> None:
        self._fill(test, chaos, book, backlash)


ROLL_EVERY_DIE = CastDice()
"""No faces given: every die the cast needs is rolled."""


class CastResult(SlotRecord):
    """Everything a cast did, step by step (a frozen record, not a dataclass)."""

    FIELDS = ("test", "chaos", "backlash", "book_before", "book_roll", "condition_reasons")
    __slots__ = FIELDS
    test: TestResult
    chaos: int | None  # the chaos d6, when a non-doom tier 1 called for it
    backlash: Backlash | None
    book_before: int
    book_roll: UsageDiceRoll | None  # None on a crit: the book's dice are not rolled
    condition_reasons: tuple[str, ...]

    def __init__(
        self,
        test: TestResult,
        chaos: int | None,
        backlash: Backlash | None,
        book_before: int,
        book_roll: UsageDiceRoll | None,
        condition_reasons: tuple[str, ...] = (),
    ) -> None:
        self._fill(test, chaos, backlash, book_before, book_roll, condition_reasons)

    @property
    def backlashed(self) -> bool:
        return self.backlash is not None

    @property
    def book_after(self) -> int:
        return self.book_before if self.book_roll is None else self.book_roll.after

    @property
    def spell_tier(self) -> int | None:
        """The tier the spell takes effect at; None when a backlash happens instead."""
        return None if self.backlash is not None else self.test.tier


def check_book_dice(book_usage_dice: int) -> None:
    """Raise unless the book can be cast: BookEmptyError at 0, ValueError for a bad count."""
    value = book_usage_dice
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MOST_BOOK_DICE:
        raise ValueError(
            f"a spellbook's usage dice run from 0 to {MOST_BOOK_DICE}, got {book_usage_dice!r}"
        )
    if value == 0:
        raise BookEmptyError(
            "the spellbook has no usage dice left: it cannot be cast until a rest restores them"
        )


def _check_given(dice: CastDice, book_usage_dice: int) -> None:
    if dice.test is not None:
        check_die("first test die", dice.test[0], 10)
        check_die("second test die", dice.test[1], 10)
    if dice.chaos is not None:
        check_die("chaos die", dice.chaos, 6)
    if dice.book is not None:
        if len(dice.book) != book_usage_dice:
            raise ValueError(
                f"the book has {book_usage_dice} usage {'die' if book_usage_dice == 1 else 'dice'}"
                f", so it needs exactly {book_usage_dice} faces, got {len(dice.book)}"
            )
        for position, face in enumerate(dice.book, start=1):
            check_die(f"book usage die {position}", face, 6)
    if dice.backlash is not None:
        check_die("backlash tens die", dice.backlash[0], 10)
        check_die("backlash ones die", dice.backlash[1], 10)


def cast_spell(
    *,
    mind: int,
    rank: int,
    book_usage_dice: int,
    backlash_table: RollableTable,
    rng: random.Random,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    expertise: bool = False,
    conditions: Iterable[str] = (),
    crit_min: int = CRIT_MIN,
    order: Order = "sequential",
    dice: CastDice = ROLL_EVERY_DIE,
    active_backlashes: Collection[RowKey] = (),
    targeted_object: bool = False,
) -> CastResult:
    """Cast a rank ``rank`` spell from a book with ``book_usage_dice`` left, by a caster with
    ``mind``. Raises BookEmptyError for a used-up book, TableError for a table that cannot be a
    backlash table, ValueError for any other bad input — always before a die is rolled."""
    check_rank(rank)
    check_book_dice(book_usage_dice)
    effect = conditions_on_test(conditions, "mind")
    edges, banes = edges + effect.edges, banes + effect.banes
    bonuses = tuple(bonuses)
    check_modifiers(mind, edges=edges, banes=banes, bonuses=bonuses, crit_min=crit_min, order=order)
    _check_given(dice, book_usage_dice)
    check_backlash_table(backlash_table, rank)

    d1, d2 = dice.test if dice.test is not None else (rng.randint(1, 10), rng.randint(1, 10))
    test = resolve_test(
        d1,
        d2,
        mind,
        edges=edges,
        banes=banes,
        bonuses=bonuses,
        expertise=expertise,
        crit_min=crit_min,
        order=order,
        forced=effect.forced,
    )
    chaos: int | None = None
    backlashed = test.doom
    if test.tier == 1 and not test.doom:
        chaos = dice.chaos if dice.chaos is not None else rng.randint(1, 6)
        backlashed = chaos == CHAOS_BACKLASH
    book_roll: UsageDiceRoll | None = None
    if not test.crit:
        if dice.book is not None:
            book_roll = usage_dice_from_faces(book_usage_dice, dice.book)
        else:
            book_roll = roll_usage_dice(book_usage_dice, rng)
    backlash: Backlash | None = None
    if backlashed:
        backlash = roll_backlash(
            backlash_table,
            rank,
            rng,
            faces=dice.backlash,
            active=active_backlashes,
            targeted_object=targeted_object,
        )
    return CastResult(
        test=test,
        chaos=chaos,
        backlash=backlash,
        book_before=book_usage_dice,
        book_roll=book_roll,
        condition_reasons=effect.reasons,
    )
