"""What the "Cast a spell" window needs, without Qt: the crows (the party at the table first),
each crow's spellbooks with whether it can cast from them and why not, the exact odds before the
roll, and the cast itself as one :class:`~refkit.app.magic.cast.CastCommand`.

Every refusal is a sentence for the window: a book not in a hand says to move it to a hand, a
book at 0 usage dice says a rest restores them, a book of a spell Refkit does not know says so.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from refkit.app.characters.roll_for import CrowChoices, CrowsForTests, PartyAtTable
from refkit.app.magic.cast import (
    CastCommand,
    CastPlan,
    CastRefused,
    LogRoll,
    dt_under_way,
    plan_cast,
)
from refkit.rules.character.model import SPELLBOOK_TAG, Character
from refkit.rules.inventory.model import HAND
from refkit.rules.magic.casting import ROLL_EVERY_DIE, CastDice
from refkit.rules.magic.odds import CastOdds, cast_odds
from refkit.rules.magic.spell import Spell
from refkit.rules.magic.spellbooks import UnknownSpellError, find_spell
from refkit.rules.tables.defaults import BACKLASH_TABLE, default_table
from refkit.rules.tables.model import RollableTable

if TYPE_CHECKING:
    from refkit.app.character_service import CharacterChange, CharacterService
    from refkit.app.dungeon_turn_service import DungeonTurnService

SpellSource = Callable[[], Sequence[Spell]]
"""Every spell a cast can use now (shipped, then the referee's own)."""
TableSource = Callable[[str], RollableTable]
"""The backlash table of that name (the referee's imported copy, or Refkit's default)."""


@dataclass(frozen=True)
class BookChoice:
    """One spellbook a crow carries: its spell (None if Refkit knows none by its name), its dice
    left, and ``refusal`` — why it cannot be cast now ("" when it can)."""

    item_id: str
    name: str
    spell: Spell | None
    in_hand: bool
    dice_left: int
    refusal: str

    @property
    def castable(self) -> bool:
        return not self.refusal


@dataclass(frozen=True)
class ExpertiseChoice:
    """The crow's spellcasting expertise of the spell's discipline, and its uses left."""

    name: str
    left: int


class CastDesk:
    """The crows, their books, the odds and the cast, for one window."""

    def __init__(
        self,
        characters: CharacterService,
        dungeon: DungeonTurnService,
        spells: SpellSource,
        log_roll: LogRoll,
        clock: Callable[[], datetime],
        *,
        party: PartyAtTable | None = None,
        tables: TableSource | None = None,
        make_rng: Callable[[], tuple[random.Random, int | None]] | None = None,
        active_table: Callable[[], str] | None = None,
    ) -> None:
        self.characters = characters
        self.dungeon = dungeon
        self._spells = spells
        self._log_roll = log_roll
        self._clock = clock
        self._crows = CrowsForTests(characters, party)
        self._party = party
        self._listeners: dict[Callable[[], None], Callable[[object], None]] = {}
        self._tables = tables
        self._make_rng = make_rng or (lambda: (random.Random(), None))
        self._active_table = active_table

    def crows(self) -> CrowChoices:
        return self._crows.choices()

    def add_listener(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after any crow or the party at the table changed (until
        :meth:`remove_listener`)."""

        def told(_change: object) -> None:
            callback()

        self._listeners[callback] = told
        self.characters.add_listener(told)
        if self._party is not None:
            self._party.add_listener(callback)

    def follow_crows(self, callback: Callable[[CharacterChange | None], None]) -> None:
        """Call ``callback(change)`` after any crow changed, ``callback(None)`` after the party
        at the table changed, for as long as the desk lives."""
        self.characters.add_listener(callback)
        if self._party is not None:
            self._party.add_listener(lambda: callback(None))

    def remove_listener(self, callback: Callable[[], None]) -> None:
        told = self._listeners.pop(callback, None)
        if told is not None:
            self.characters.remove_listener(told)
            remove = getattr(self._party, "remove_listener", None)
            if remove is not None:
                remove(callback)

    def crow(self, name: str) -> Character:
        return self.characters.get(name)

    def books(self, crow: Character) -> list[BookChoice]:
        """The crow's spellbooks (items holding a spell, or tagged spellbook), those in a hand
        first; each says why it cannot be cast, if it cannot."""
        spells = self._spells()
        found: list[BookChoice] = []
        for item in crow.items:
            try:
                spell: Spell | None = find_spell(spells, item.name)
            except UnknownSpellError:
                spell = None
            if spell is None and SPELLBOOK_TAG not in item.tags:
                continue
            dice = item.usage_dice
            left = 0 if dice is None else dice.current
            in_hand = item.area == HAND or item.absorbed  # Burned in the Brain
            if spell is None:
                refusal = f"{item.name} holds no spell Refkit knows (write it in the spell list)"
            elif not in_hand:
                refusal = f"{item.name} is in the {item.area}: move it to a hand to cast it"
            elif dice is None or left == 0:
                refusal = (
                    f"{item.name} has no usage dice left: it cannot be cast until a rest "
                    "restores them"
                )
            else:
                refusal = ""
            found.append(BookChoice(item.id, item.name, spell, in_hand, left, refusal))
        return sorted(found, key=lambda book: (not book.in_hand, book.name.casefold()))

    def expertise(self, crow: Character, spell: Spell) -> ExpertiseChoice | None:
        """The crow's spellcasting expertise for ``spell`` (None if it has none)."""
        for expertise in crow.expertises:
            if expertise.name.casefold() == spell.expertise.casefold():
                return ExpertiseChoice(expertise.name, expertise.left)
        return None

    def casting_note(self, spell: Spell) -> str:
        """How long the casting takes, and what it does to the DT clock."""
        minutes = spell.casting_time.in_game_minutes
        if not minutes:
            return spell.casting_time.text
        if dt_under_way(self.dungeon):
            return f"{spell.casting_time.text}: takes {minutes} minutes off the DT under way"
        return f"{spell.casting_time.text}: {minutes} in-game minutes (no DT under way)"

    def active_backlash_table(self) -> str:
        """The name of the backlash table in use (the referee's choice, else Refkit's)."""
        return BACKLASH_TABLE if self._active_table is None else self._active_table()

    def backlash_table(self, name: str | None = None) -> RollableTable:
        """The table called ``name`` (None: the one in use)."""
        if name is None:
            name = self.active_backlash_table()
        if self._tables is None or name == BACKLASH_TABLE:
            return default_table(BACKLASH_TABLE)
        return self._tables(name)

    def odds(
        self,
        crow: Character,
        book: BookChoice,
        *,
        edges: int = 0,
        banes: int = 0,
        expertise: bool = False,
    ) -> CastOdds:
        """The exact odds of this cast (the crow's Mind and conditions, the book's dice left).
        Raises what the cast would: a book at 0 dice, an illegal number of edges."""
        return cast_odds(
            crow.characteristics.mind,
            book_usage_dice=book.dice_left,
            edges=edges,
            banes=banes,
            expertise=expertise,
            conditions=crow.conditions,
        )

    def plan(
        self,
        crow: Character,
        book: BookChoice,
        *,
        edges: int = 0,
        banes: int = 0,
        expertise: bool = False,
        targeted_object: bool | None = None,
        table: str | None = None,
        dice: CastDice = ROLL_EVERY_DIE,
    ) -> CastPlan:
        """Roll the cast (nothing written yet). Raises CastRefused and the other refusals."""
        if book.refusal:
            raise CastRefused(book.refusal)
        rng, seed = self._make_rng()
        return plan_cast(
            self.characters,
            crow.name,
            book.item_id,
            spells=self._spells(),
            backlash_table=self.backlash_table(table),
            rng=rng,
            seed=seed,
            effects=self.dungeon.effects(),
            dt_under_way=dt_under_way(self.dungeon),
            edges=edges,
            banes=banes,
            expertise=expertise,
            targeted_object=targeted_object,
            dice=dice,
        )

    def command(self, plan: CastPlan) -> CastCommand:
        """The cast as one undo step, for the undo stack."""
        return CastCommand(plan, self.characters, self.dungeon, self._log_roll, self._clock)
