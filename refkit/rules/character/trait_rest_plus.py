"""Traits that change a rest activity or the rest itself (characters facts §4.4, RA+), beyond
Repair, Repair and Expert Plan (:mod:`refkit.rules.character.trait_rest`).

- **Midnight Oil, Double Duty, Twice Enchanted**: Craft Equipment on an alchemy, blacksmithing or
  enchanting item gives the crow a second crafting roll at the rest, on the same project or on
  another of the same craft (``craft:PROJECT[,OTHER]``).
- **Cram**: studying lore books at a rest covers two books instead of one.
- **Shared Knowledge**: the lore book is read aloud, so one other crow resting with the reader
  gets the same +1 use.
- **Delayed Inspiration, Bard**: Song of Rest's blessing held for later, given twice
  (:func:`song_blessings`; the held ones are used with :mod:`refkit.app.party.blessings`).
"""

from __future__ import annotations

from refkit.rules.character.build_data import fold
from refkit.rules.character.model import Character
from refkit.rules.character.trait_rest import has_trait

SECOND_ROLL_TRAITS: dict[str, str] = {
    "alchemy": "Alchemy: Midnight Oil",
    "blacksmithing": "Blacksmithing: Double Duty",
    "enchanting": "Enchantment: Twice Enchanted",
}
"""A crafting expertise → the trait giving a second crafting roll on its items at a rest."""

CRAM = "Knowledge: Cram"
DELAYED_INSPIRATION = "Camping: Delayed Inspiration"
BARD = "Camping: Bard"
HELD_BLESSINGS = "held_blessings"
"""The rest record's key: how many Song of Rest blessings the crow holds for later."""
SHARED_KNOWLEDGE = "Knowledge: Shared Knowledge"


def second_roll_trait(crow: Character, expertise: str) -> str:
    """The name of ``crow``'s trait that gives a second crafting roll on items made with
    ``expertise`` (``"Midnight Oil"`` …), or "" when it has none."""
    trait = SECOND_ROLL_TRAITS.get(fold(expertise), "")
    return trait.partition(": ")[2] if trait and has_trait(crow, trait) else ""


def second_roll_note(crow: Character) -> str:
    """What the crow's second-roll traits add to its Craft, for a preview ("" none):
    ``" (Double Duty: a second on a blacksmithing item)"``."""
    own = [
        f"{trait.partition(': ')[2]}: a second on an {craft} item"
        if craft[0] in "ae"
        else f"{trait.partition(': ')[2]}: a second on a {craft} item"
        for craft, trait in SECOND_ROLL_TRAITS.items()
        if has_trait(crow, trait)
    ]
    return f" ({'; '.join(own)})" if own else ""


def craft_targets(target: str) -> tuple[str, ...]:
    """The projects a Craft activity names: ``PROJECT`` or ``PROJECT,OTHER`` (spaces folded)."""
    return tuple(" ".join(part.split()) for part in target.split(",") if part.strip())


def books_studied(crow: Character) -> int:
    """How many lore books the crow can study at one rest: 2 with Cram, else 1."""
    return 2 if has_trait(crow, CRAM) else 1


def reads_aloud(crow: Character) -> bool:
    """Shared Knowledge: one other crow resting with the reader gains the same benefit."""
    return has_trait(crow, SHARED_KNOWLEDGE)


def song_blessings(singer: Character) -> tuple[bool, int]:
    """What ``singer``'s Song of Rest gives each crow resting with it: (blessed at once, how many
    blessings it holds for later). Delayed Inspiration holds the blessing instead; a Bard
    blesses twice a day (one at once and one held, or both held)."""
    times = 2 if has_trait(singer, BARD) else 1
    if has_trait(singer, DELAYED_INSPIRATION):
        return False, times
    return True, times - 1
