"""What a crow carries beyond the table state (character file version 2): its background, XP,
traits, coins, pets and NPC connection.

``Experience.total`` is every XP ever earned (TXP) and ``spendable`` what is left after buying
traits. The bonuses taken so far are kept too, because the rules give a bonus per TXP threshold
and a crow may hold some unclaimed: ``es_taken`` Expertise & Stamina bonuses claimed,
``es_uses_left`` expertise uses of a claimed "3 uses" bonus not yet put on an expertise, and
``char_taken`` characteristic bonuses claimed (rules/characters-facts.md §5).
"""

from __future__ import annotations

from dataclasses import dataclass

from refkit.rules.common.name_text import require_plain_name
from refkit.rules.common.whole_numbers import require_whole

CONNECTION_BENEFITS: tuple[str, ...] = (
    "Animal Lover",
    "Caretaker",
    "Concerned",
    "Crafty",
    "Foodie",
    "Magic Enthusiast",
    "Money Bags",
    "Monster Collector",
    "Rival",
    "Smarty Pants",
)
"""The ten benefits an NPC connection gives (rules/characters-facts.md §6)."""


@dataclass(frozen=True)
class Experience:
    total: int = 0
    spendable: int = 0
    es_taken: int = 0
    es_uses_left: int = 0
    char_taken: int = 0

    def __post_init__(self) -> None:
        for what in ("total", "spendable", "es_taken", "es_uses_left", "char_taken"):
            require_whole(f"XP {what.replace('_', ' ')}", getattr(self, what), minimum=0)
        if self.spendable > self.total:
            raise ValueError(
                f"spendable XP ({self.spendable}) cannot be more than the total ({self.total})"
            )

    @property
    def bonuses_recorded(self) -> bool:
        return bool(self.es_taken or self.es_uses_left or self.char_taken)


@dataclass(frozen=True)
class Connection:
    """The crow's NPC connection in the village: a name, the relationship, one benefit."""

    name: str
    relationship: str = ""
    benefit: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("an NPC connection needs a name")
        require_plain_name("the NPC connection's name", self.name)
        if self.benefit and self.benefit not in CONNECTION_BENEFITS:
            raise ValueError(
                f"a connection's benefit is one of {', '.join(CONNECTION_BENEFITS)}, "
                f"not {self.benefit!r}"
            )
