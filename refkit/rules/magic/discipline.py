"""The six disciplines of magic (L980–987); each names the spellcasting expertise that applies."""

from __future__ import annotations

from enum import StrEnum

from refkit.rules.magic.words import SpellFieldError, plain_words


class Discipline(StrEnum):
    ALTERATION = "alteration"  # changes matter
    BENEFACTION = "benefaction"  # heals and strengthens
    CONJURATION = "conjuration"  # moves things through space, summons
    ELEMENTAL = "elemental"  # air, earth, fire, water
    ILLUSION = "illusion"  # fools the senses
    NECROMANCY = "necromancy"  # curses, poison, disease, the dead

    @property
    def expertise(self) -> str:
        """The spellcasting expertise of this discipline, as a crow's sheet names it."""
        return self.value.capitalize()


def parse_discipline(text: str) -> Discipline:
    wanted = plain_words(text)
    for discipline in Discipline:
        if discipline.value == wanted:
            return discipline
    names = ", ".join(discipline.value for discipline in Discipline)
    raise SpellFieldError(f"unknown discipline {text!r} (expected one of {names})")
