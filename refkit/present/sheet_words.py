"""The words of the character sheet's tiles and prompt line (Qt-free): signed characteristics,
where the crow's AD comes from, what lowers its speed, and the wounds left to place or heal."""

from __future__ import annotations

from typing import Protocol

from refkit.rules.character.model import Character
from refkit.rules.character.speed import speed_reason

SPEED_TIP = (
    "Speed drops by one for each backpack slot holding both a wound and an item; "
    "grabbed or unconscious makes it 0, prone halves it"
)


class WoundPrompt(Protocol):
    """What damage or a rest left the player to choose."""

    @property
    def to_place(self) -> int: ...

    @property
    def to_heal(self) -> int: ...


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("−" + str(-value) if value < 0 else "0")


def armour_words(character: Character) -> tuple[str, str]:
    """The AD tile's detail (none worn, suit, shield or how many sources) and its tooltip's
    list of each source's AD."""
    sources = [s for s in character.items.armor_sources() if s.armor is not None]
    full = ", ".join(f"{s.name} {s.armor.ad}/{s.armor.max_ad}" for s in sources if s.armor)
    if not sources:
        ad_detail = "none worn"
    elif len(sources) == 1:
        ad_detail = "suit" if sources[0].worn else "shield"
    else:
        ad_detail = f"{len(sources)} sources"
    return ad_detail, full


def speed_detail(character: Character) -> str:
    """Under a living crow's speed: its base, what wounded slots with items take, and the
    condition that stops or halves it."""
    costly = sorted(character.wounded_item_slots)
    detail = f"of {character.speed_base}"
    if costly:
        detail += f" · −{len(costly)}: wounded slot{'s' if len(costly) > 1 else ''} with items"
    reason = speed_reason(character.conditions)
    if reason:
        detail += f" · {reason}"
    return detail


def wound_prompt_lines(prompt: WoundPrompt) -> list[str]:
    """The sheet's prompt: wounds waiting to be placed, and wounds a rest lets the player heal."""
    lines: list[str] = []
    if prompt.to_place:
        lines.append(
            f"⚠ Wounds waiting: place {prompt.to_place} wound"
            f"{'s' if prompt.to_place != 1 else ''} — click a free wound box on the board for "
            "each (they stay here until placed)"
        )
    if prompt.to_heal:
        lines.append(
            f"Rest: heal {prompt.to_heal} wound{'s' if prompt.to_heal != 1 else ''} of the "
            "player's choice — click the wounded box on the board"
        )
    return lines
