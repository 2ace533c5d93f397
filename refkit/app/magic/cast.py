"""A crow of the party casts the spell of a book in its hand: one press, one undo step.

:func:`plan_cast` reads the crow, checks the book (in a hand, a spell Refkit knows, dice left) and
the spellcasting expertise of the spell's discipline (one of the crow's, with a use left), then
makes the cast with its dice — before anything is written. :class:`CastCommand` writes it: the
book's usage dice on the item and the expertise use spent (one edit of the crow), and a spell or a
backlash with a duration as a tracked effect of the dungeon turn (ended with the DT, usage dice
rolled at each DT end, ended by the next rest, or — until removed, permanent — by the referee's
hand). A backlash giving a condition puts the conditions its row names on the crow (in the same
edit) and is tracked until they end: with the DT for weakened or vulnerable, by hand otherwise. A
spell cast out of combat takes its ten in-game minutes off the DT under way (the clock's adjust
step, with the reason). Its first ``do()`` also logs the cast in the roll log and the session log,
all in one unit of work; undo takes the crow's edit, the effect and the minutes back and marks the
session-log entry undone (the roll-log entry stays: the dice were rolled), redo puts back the same
result and unmarks it.

The repeat rule reads the caster's tracked backlashes: each is named ``Backlash <row>`` (``Backlash
49–50``) and owned by the crow, so a lasting row it still suffers is rolled again.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from refkit.app.character_commands import CharacterEdit
from refkit.app.characters.roll_for import usable_expertise
from refkit.app.dungeon_turn_commands import AddEffectCommand, AdjustTimeCommand
from refkit.app.magic.roll_records import cast_record
from refkit.app.undo import Command, CompositeCommand
from refkit.dice.records import RollRecord
from refkit.errors import DomainError
from refkit.present.cast_text import cast_lines
from refkit.rules.character.model import CONDITIONS, CONDITIONS_ENDING_WITH_THE_DT
from refkit.rules.checks.crows_test import CRIT_MIN
from refkit.rules.dungeon.clock import ClockState
from refkit.rules.dungeon.effects import EffectKind, TrackedEffect
from refkit.rules.inventory.model import HAND
from refkit.rules.magic.backlash import RowKey
from refkit.rules.magic.casting import ROLL_EVERY_DIE, CastDice, CastResult, cast_spell
from refkit.rules.magic.duration import SpellDurationKind
from refkit.rules.magic.spell import Spell
from refkit.rules.magic.spellbooks import UnknownSpellError, find_spell
from refkit.rules.tables.duration_kind import DurationKind
from refkit.rules.tables.model import RollableTable, TableRow
from refkit.store.records import SessionLogEntry

if TYPE_CHECKING:
    from refkit.app.character_service import CharacterService
    from refkit.app.dungeon_turn_service import DungeonTurnService
    from refkit.rules.character.model import Character

LogRoll = Callable[[RollRecord], object]
"""Lands a roll in the roll log (``DiceService.log_roll`` fits)."""
BACKLASH_EFFECT_PREFIX = "Backlash "
SESSION_LOG_KIND = "cast"


class CastRefused(DomainError, ValueError):
    """The crow cannot cast from that item; the message names the crow, the item and why."""


@dataclass(frozen=True)
class TrackedDuration:
    """The tracked effect a cast leaves: a spell or a backlash that outlasts the cast."""

    name: str
    kind: EffectKind
    usage_dice: int
    ends_at_dt_end: bool
    ends_at_rest: bool = False

    @property
    def ending(self) -> str:
        """When it ends, in the referee's words."""
        if self.usage_dice:
            return f"{self.usage_dice} UD, rolled at each DT end"
        if self.ends_at_dt_end:
            return "ends with the DT"
        return "ends with the next rest" if self.ends_at_rest else "until removed by hand"


@dataclass(frozen=True)
class CastPlan:
    """A cast made and not yet written: the crow before and after, the spell, the dice."""

    before: Character
    after: Character
    item_id: str
    spell: Spell
    result: CastResult
    expertise: str | None
    tracked: TrackedDuration | None
    seed: int | None
    edges: int = 0
    banes: int = 0
    bonuses: tuple[int, ...] = ()
    conditions_gained: tuple[str, ...] = ()
    minutes_taken: int = 0

    @property
    def lines(self) -> list[str]:
        lines = cast_lines(self.result, self.spell.name)
        if self.conditions_gained:
            lines.append(f"{self.before.name} is now {' and '.join(self.conditions_gained)}")
        if self.tracked is not None:
            lines.append(f"tracked: {self.tracked.name} ({self.tracked.ending})")
        if self.minutes_taken:
            lines.append(f"cast out of combat: {self.minutes_taken} minutes off the DT")
        return lines


def backlash_effect_name(row: TableRow) -> str:
    return f"{BACKLASH_EFFECT_PREFIX}{row.label}"


def active_backlashes(
    effects: Iterable[TrackedEffect], crow: str, table: RollableTable
) -> frozenset[RowKey]:
    """The rows of ``table`` the crow suffers now as tracked backlashes (for the repeat rule)."""
    names = {backlash_effect_name(row): (row.low, row.high) for row in table.rows}
    return frozenset(
        names[effect.name]
        for effect in effects
        if effect.kind is EffectKind.BACKLASH and effect.owner == crow and effect.name in names
    )


def backlash_conditions(text: str) -> tuple[str, ...]:
    """The crow's conditions a backlash row's text names ("you are weakened and vulnerable")."""
    words = set(re.findall(r"[a-z]+", text.casefold()))
    return tuple(condition for condition in CONDITIONS if condition in words)


def _tracked(spell: Spell, result: CastResult) -> TrackedDuration | None:
    backlash = result.backlash
    if backlash is not None:
        duration = backlash.duration
        if duration is None or duration.kind is DurationKind.INSTANT:
            return None  # a row with no kind read: the referee judges it
        name = backlash_effect_name(backlash.row)
        kind = duration.kind
        if kind is DurationKind.USAGE_DICE:
            return TrackedDuration(name, EffectKind.BACKLASH, duration.usage_dice, False)
        if kind is DurationKind.END_OF_DT:
            return TrackedDuration(name, EffectKind.BACKLASH, 0, True)
        if kind is DurationKind.UNTIL_REST:
            return TrackedDuration(name, EffectKind.BACKLASH, 0, False, ends_at_rest=True)
        if kind is DurationKind.CONDITION:
            # Tracked as long as its conditions last: those that end with the DT take it along.
            gained = backlash_conditions(backlash.text)
            with_the_dt = bool(gained) and set(gained) <= CONDITIONS_ENDING_WITH_THE_DT
            return TrackedDuration(name, EffectKind.BACKLASH, 0, with_the_dt)
        return TrackedDuration(name, EffectKind.BACKLASH, 0, False)  # until removed, permanent
    if spell.duration.kind is SpellDurationKind.USAGE_DICE:
        return TrackedDuration(spell.name, EffectKind.SPELL, spell.duration.usage_dice, False)
    if spell.duration.kind is SpellDurationKind.END_OF_DT:
        return TrackedDuration(spell.name, EffectKind.SPELL, 0, True)
    return None


def plan_cast(
    characters: CharacterService,
    crow_name: str,
    item_id: str,
    *,
    spells: Sequence[Spell],
    backlash_table: RollableTable,
    rng: random.Random,
    seed: int | None = None,
    effects: Iterable[TrackedEffect] = (),
    dt_under_way: bool = False,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    expertise: bool = False,
    crit_min: int = CRIT_MIN,
    targeted_object: bool | None = None,
    dice: CastDice = ROLL_EVERY_DIE,
) -> CastPlan:
    """Cast the spell of the book ``item_id`` the crow ``crow_name`` holds. With ``expertise``
    the crow's spellcasting expertise of the spell's discipline is used (a use is spent only when
    it lifts the tier). ``targeted_object`` defaults to the spell targeting only objects. With
    ``dt_under_way`` a spell cast out of combat takes its minutes off the DT clock.

    Raises CastRefused, ExpertiseRefused, BookEmptyError, TableError or ValueError — before any
    die is rolled; nothing is written until the command is done."""
    crow = characters.get(crow_name)
    try:
        item = crow.items.find(item_id)
    except KeyError:
        raise CastRefused(f"{crow.name} carries no item {item_id!r}") from None
    try:
        spell = find_spell(spells, item.name)
    except UnknownSpellError:
        raise CastRefused(
            f"{crow.name}'s {item.name} holds no spell Refkit knows (a spellbook is named like "
            "'Fire lance book')"
        ) from None
    if item.area != HAND and not item.absorbed:  # Burned in the Brain: always wielded
        raise CastRefused(
            f"{crow.name}'s {item.name} is not in a hand: a spellbook must be held to be cast"
        )
    book = item.usage_dice
    if book is None:
        raise CastRefused(f"{crow.name}'s {item.name} has no usage dice to cast with")
    chosen = usable_expertise(crow, spell.expertise) if expertise else None
    result = cast_spell(
        mind=crow.characteristics.mind,
        rank=spell.rank,
        book_usage_dice=book.current,
        backlash_table=backlash_table,
        rng=rng,
        edges=edges,
        banes=banes,
        bonuses=bonuses,
        expertise=chosen is not None,
        conditions=crow.conditions,
        crit_min=crit_min,
        dice=dice,
        active_backlashes=active_backlashes(effects, crow.name, backlash_table),
        targeted_object=spell.targets.only_objects if targeted_object is None else targeted_object,
    )
    used = replace(item, usage_dice=replace(book, current=result.book_after))
    after = crow.with_items(crow.items.replaced(used))
    if chosen is not None and result.test.expertise_applied:
        after = after.spend_expertise(chosen.name)
    gained: tuple[str, ...] = ()
    backlash = result.backlash
    duration = None if backlash is None else backlash.duration
    if backlash is not None and duration is not None and duration.kind is DurationKind.CONDITION:
        gained = tuple(c for c in backlash_conditions(backlash.text) if not after.has(c))
        for condition in gained:
            after = after.with_condition(condition)
    return CastPlan(
        before=crow,
        after=after,
        item_id=item_id,
        spell=spell,
        result=result,
        expertise=None if chosen is None else chosen.name,
        tracked=_tracked(spell, result),
        seed=seed,
        edges=edges,
        banes=banes,
        bonuses=tuple(bonuses),
        conditions_gained=gained,
        minutes_taken=spell.casting_time.in_game_minutes if dt_under_way else 0,
    )


def dt_under_way(dungeon: DungeonTurnService) -> bool:
    """True when a DT is running or paused, so its clock can take a casting's minutes."""
    return dungeon.store.load().clock.state in (ClockState.RUNNING, ClockState.PAUSED)


class CastCommand(CompositeCommand):
    """The cast written as one undo step (see the module's notes)."""

    def __init__(
        self,
        plan: CastPlan,
        characters: CharacterService,
        dungeon: DungeonTurnService,
        log_roll: LogRoll,
        clock: Callable[[], datetime],
    ) -> None:
        self.plan = plan
        self._dungeon = dungeon
        self._log_roll = log_roll
        self._clock = clock
        crow = plan.before.name
        children: list[Command] = []
        if plan.after != plan.before:
            children.append(
                CharacterEdit(characters, crow, plan.before, plan.after, f"Cast {plan.spell.name}")
            )
        if plan.tracked is not None:
            tracked = plan.tracked
            children.append(
                AddEffectCommand(
                    dungeon,
                    tracked.name,
                    tracked.usage_dice,
                    (),
                    tracked.kind,
                    owner=crow,
                    ends_at_dt_end=tracked.ends_at_dt_end,
                    ends_at_rest=tracked.ends_at_rest,
                )
            )
        if plan.minutes_taken:
            reason = f"{crow} casts {plan.spell.name} out of combat"
            children.append(AdjustTimeCommand(dungeon, -plan.minutes_taken, reason))
        self._log_id: int | None = None
        super().__init__(f"{crow} casts {plan.spell.name}", children)

    def do(self) -> None:
        super().do()
        if self._log_id is None:
            log_id = self._log()
        else:
            log_id = self._log_id
            self._dungeon.store.session_log.set_undone([log_id], False)
        self._log_id = log_id  # only once everything is written: a retried save logs it then

    def undo(self) -> None:
        super().undo()
        if self._log_id is not None:
            self._dungeon.store.session_log.set_undone([self._log_id], True)

    def _log(self) -> int:
        plan = self.plan
        now = self._clock()
        record = cast_record(
            plan.result,
            spell=plan.spell.name,
            mind=plan.before.characteristics.mind,
            rank=plan.spell.rank,
            edges=plan.edges,
            banes=plan.banes,
            bonuses=plan.bonuses,
            expertise=plan.expertise is not None,
            seed=plan.seed,
            rolled_at=now,
        )
        record = record.with_detail({**record.detail, "crow": plan.before.name})
        self._log_roll(record)
        store = self._dungeon.store
        return store.session_log.add(
            SessionLogEntry(
                kind=SESSION_LOG_KIND,
                dt=store.load().clock.dt,
                text=f"{plan.before.name} casts " + "; ".join(plan.lines),
                at=now,
                detail={"crow": plan.before.name, "cast": dict(record.detail)},
            )
        )
