"""The uses a studied lore book gives, on the crow's expertises until its next rest ends
(characters facts §3: +1 use of the book's lore, a fine book 2, a masterwork 3).

At the rest where a crow studies (or hears a book read aloud with Shared Knowledge) the uses are
added to its expertise of that lore; a crow without that expertise gets it with just those uses.
The rest records keep what was added (``{"Monster Lore": {"uses": 1, "added": false}}``) and the
crow's next rest takes it off again before that rest's own benefits — spent extra uses first, so
a crow never ends with more spent uses than it has.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from refkit.rules.character.build_data import fold
from refkit.rules.character.model import Character, Expertise

LoreUses = dict[str, dict[str, Any]]
"""A lore expertise's name → ``{"uses": n, "added": whether the study gave the expertise}``."""


def with_lore_uses(crow: Character, uses: Mapping[str, int]) -> tuple[Character, LoreUses]:
    """``crow`` with ``uses`` more uses of each lore named, and what to record to take them
    off at its next rest."""
    expertises = list(crow.expertises)
    applied: LoreUses = {}
    for subject, extra in uses.items():
        if extra <= 0:
            continue
        at = next((i for i, e in enumerate(expertises) if fold(e.name) == fold(subject)), None)
        if at is None:
            expertises.append(Expertise(subject, "general", extra))
            applied[subject] = {"uses": extra, "added": True}
        else:
            expertises[at] = replace(expertises[at], uses=expertises[at].uses + extra)
            applied[expertises[at].name] = {"uses": extra, "added": False}
    return replace(crow, expertises=tuple(expertises)), applied


def without_lore_uses(crow: Character, applied: Any) -> Character:
    """``crow`` with the uses an earlier study gave (as :func:`with_lore_uses` recorded them)
    taken off; an expertise the study gave goes. Records that cannot be read change nothing."""
    if not isinstance(applied, dict) or not applied:
        return crow
    expertises: list[Expertise] = []
    for expertise in crow.expertises:
        given = applied.get(expertise.name)
        if not isinstance(given, dict) or not isinstance(given.get("uses"), int):
            expertises.append(expertise)
            continue
        uses = max(0, expertise.uses - given["uses"])
        if given.get("added") is True and uses == 0:
            continue
        expertises.append(replace(expertise, uses=uses, spent=min(expertise.spent, uses)))
    return replace(crow, expertises=tuple(expertises))


def lore_text(applied: LoreUses) -> str:
    """``+1 Monster Lore use`` for a sheet ("" none)."""
    return " and ".join(
        f"+{v['uses']} {name} use{'s' if v['uses'] != 1 else ''}" for name, v in applied.items()
    )
