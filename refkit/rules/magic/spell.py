"""A spell and the book that holds it: rank 0–5, discipline, casting time, targets, range, area,
duration, and what each tier does (an attack spell's tier 2 and 3 deal damage; its tier 1 misses).

A spellbook is an inventory item (its usage dice live on the item) holding one spell; it must be
in a hand to be cast. ``book`` gives the item's catalogue name, its usage dice and its price.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from refkit.rules.magic.area import Area
from refkit.rules.magic.casting_time import CastingTime
from refkit.rules.magic.discipline import Discipline
from refkit.rules.magic.duration import SpellDuration
from refkit.rules.magic.ranks import MOST_BOOK_DICE as MOST_BOOK_DICE
from refkit.rules.magic.ranks import RANK_MAX as RANK_MAX
from refkit.rules.magic.ranks import RANK_MIN as RANK_MIN
from refkit.rules.magic.ranks import check_rank as check_rank
from refkit.rules.magic.spell_range import SpellRange
from refkit.rules.magic.targets import Targets
from refkit.rules.magic.words import SpellFieldError


@dataclass(frozen=True)
class TierOutcome:
    """What one tier of the casting does; ``damage`` (``2+M``) for an attack's hit."""

    text: str
    damage: str = ""


@dataclass(frozen=True)
class SpellBook:
    """The item that holds the spell: its catalogue name, usage dice and price in gc."""

    name: str
    usage_dice: int = 1
    price: int = 0

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise SpellFieldError("a spellbook needs a name")
        dice = self.usage_dice
        if isinstance(dice, bool) or not isinstance(dice, int) or not 1 <= dice <= MOST_BOOK_DICE:
            raise SpellFieldError(
                f"a spellbook has 1 to {MOST_BOOK_DICE} usage dice, got {self.usage_dice!r}"
            )
        if isinstance(self.price, bool) or not isinstance(self.price, int) or self.price < 0:
            raise SpellFieldError(f"a spellbook's price is 0 gc or more, got {self.price!r}")


@dataclass(frozen=True)
class Spell:
    name: str
    rank: int
    discipline: Discipline
    casting_time: CastingTime
    targets: Targets
    range: SpellRange
    duration: SpellDuration
    book: SpellBook
    description: str
    attack: bool = False
    area: Area | None = None
    outcomes: dict[int, TierOutcome] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise SpellFieldError("a spell needs a name")
        check_rank(self.rank)
        if not self.description.strip():
            raise SpellFieldError(f"spell {self.name!r} needs a description")
        tiers = set(self.outcomes)
        wanted = {2, 3} if self.attack else {1, 2, 3}
        allowed = {1, 2, 3}
        if not wanted <= tiers or not tiers <= allowed:
            shown = " and ".join(f"tier {tier}" for tier in sorted(wanted))
            raise SpellFieldError(f"spell {self.name!r} needs outcomes for {shown}")
        if self.attack:
            for tier in (2, 3):
                if not self.outcomes[tier].damage:
                    raise SpellFieldError(f"attack spell {self.name!r} needs damage at tier {tier}")

    @property
    def expertise(self) -> str:
        """The spellcasting expertise that helps cast it: its discipline's."""
        return self.discipline.expertise

    def outcome(self, tier: int) -> TierOutcome | None:
        """What the spell does at ``tier`` (None: an attack's tier 1, a miss)."""
        return self.outcomes.get(tier)
