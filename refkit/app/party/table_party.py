"""Which party is at the table, and whether the group rests in the Miasma, kept in ``app_meta``.

Until the referee chooses, the party at the table is the only party when there is exactly one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from refkit.store.row_forms import name_key

if TYPE_CHECKING:
    from refkit.store.character_store import CharacterRepository

PARTY_KEY: Final = "dungeon_party"
"""``app_meta`` key: ``{"party": name or null, "rest_in_miasma": bool}`` (no ``party`` key until
the referee chooses one)."""


@dataclass(frozen=True)
class PartyChoice:
    """The stored choice: ``chosen`` false means the referee has not chosen yet."""

    party: str | None = None
    chosen: bool = False
    rest_in_miasma: bool = False


def read_choice(repository: CharacterRepository) -> PartyChoice:
    """The stored choice; ValueError saying what is wrong when it cannot be read."""
    return choice_from_text(repository.get_meta(PARTY_KEY))


def choice_from_text(text: str | None) -> PartyChoice:
    """The choice stored as ``text`` (the PARTY_KEY value, None when there is none);
    ValueError saying what is wrong when it cannot be read."""
    if text is None:
        return PartyChoice()
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        party = data.get("party")
        miasma = data.get("rest_in_miasma", False)
        if party is not None and not isinstance(party, str):
            raise ValueError(f"party must be a name or null, not {party!r}")
        if not isinstance(miasma, bool):
            raise ValueError("rest_in_miasma must be true or false")
    except (ValueError, TypeError) as error:
        raise ValueError(f"the stored party in the dungeon cannot be read: {error}") from None
    return PartyChoice(party=party, chosen="party" in data, rest_in_miasma=miasma)


def party_at_table(choice: PartyChoice, names: Sequence[str]) -> str | None:
    """The party at the table among the parties ``names``: the chosen one (if it still
    exists), or, until the referee chooses, the only party when there is exactly one; None
    for nobody."""
    if not choice.chosen:
        return names[0] if len(names) == 1 else None
    if choice.party is None:
        return None
    wanted = name_key(choice.party)
    return next((name for name in names if name_key(name) == wanted), None)


def write_choice(repository: CharacterRepository, choice: PartyChoice) -> None:
    data: dict[str, Any] = {"rest_in_miasma": choice.rest_in_miasma}
    if choice.chosen:
        data["party"] = choice.party
    repository.set_meta(PARTY_KEY, json.dumps(data, ensure_ascii=False))
