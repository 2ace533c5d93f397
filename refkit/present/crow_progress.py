"""The sheet's crow facts and advancement bonuses, Qt-free (rules/characters-facts.md §3, §5).

What the Traits & XP tab says about the crow besides its traits: its background, the coins in its
purse, its pets and its NPC connection; and the advancement bonuses its TXP has earned and it has
not claimed yet (Expertise & Stamina bonuses, uses left of a claimed one, characteristic bonuses),
with the next one it will earn. The purchases themselves are the undoable edits of
:mod:`refkit.app.characters.advancement`.
"""

from __future__ import annotations

from dataclasses import dataclass

from refkit.rules.character.advancement import bonuses_left, next_es_threshold
from refkit.rules.character.build_data import BuildData
from refkit.rules.character.model import Character


@dataclass(frozen=True)
class BonusesLeft:
    expertise_stamina: int
    """Expertise & Stamina bonuses earned and not claimed."""
    expertise_uses: int
    """Expertise uses left over from a claimed "3 uses" bonus."""
    characteristic: int
    """Characteristic bonuses earned and not claimed."""

    @property
    def any_use(self) -> bool:
        """One expertise use may be added now (from a left-over use or a new bonus)."""
        return self.expertise_uses > 0 or self.expertise_stamina > 0


def bonuses(character: Character, data: BuildData) -> BonusesLeft:
    es_left, char_left = bonuses_left(character, data)
    return BonusesLeft(es_left, character.xp.es_uses_left, char_left)


def _count(number: int, one: str, many: str) -> str:
    return f"{number:,} {one if number == 1 else many}"


def bonuses_text(character: Character, data: BuildData) -> str:
    """One line: what the crow may claim now, or that it has nothing to claim and when the next
    Expertise & Stamina bonus comes."""
    left = bonuses(character, data)
    parts = []
    if left.expertise_stamina:
        parts.append(
            _count(
                left.expertise_stamina, "Expertise & Stamina bonus", "Expertise & Stamina bonuses"
            )
        )
    if left.expertise_uses:
        parts.append(_count(left.expertise_uses, "expertise use", "expertise uses") + " left over")
    if left.characteristic:
        parts.append(_count(left.characteristic, "characteristic bonus", "characteristic bonuses"))
    if parts:
        return "Bonuses to claim: " + ", ".join(parts)
    return (
        f"No bonus to claim at {character.xp.total:,} TXP; the next Expertise & Stamina bonus "
        f"comes at {next_es_threshold(character.xp.total, data):,} TXP"
    )


FACT_CAPTIONS: tuple[str, ...] = ("Background", "Purse", "Pets", "Connection")
"""The captions of :func:`facts`, in its order."""


def facts(character: Character) -> tuple[str, ...]:
    """Background, coins, pets and NPC connection, one value each in :data:`FACT_CAPTIONS`'s
    order; "none" where the crow has none. The values are user text, to be shown as typed."""
    connection = character.connection
    if connection is None:
        tie = "none"
    else:
        tie = connection.name
        if connection.relationship:
            tie += f" ({connection.relationship})"
        if connection.benefit:
            tie += f", benefit: {connection.benefit}"
    return (
        character.background or "none",
        _count(character.coins, "coin", "coins"),
        ", ".join(character.pets) if character.pets else "none",
        tie,
    )
