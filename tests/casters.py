"""The caster the spellcasting tests share: Ilse Marrow (Mind +2) with spellbooks, as a crow file.

``book`` is one spellbook entry of the file format; ``caster`` the whole crow file with the
books and expertises a test wants; ``services_with`` a fresh database holding that crow.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from refkit.compose import Services
from refkit.rules.character.file_format import load_character_json

CROW = "Ilse Marrow"
ILLUSION = {"name": "Illusion", "category": "spellcasting", "uses": 1, "spent": 0}


def book(
    name: str, item_id: str, area: str, at: int, current: int = 1, most: int | None = None
) -> dict[str, Any]:
    """A spellbook of the crow file: ``current`` usage dice of ``most`` (default: full)."""
    return {
        "id": item_id,
        "name": name,
        "slots": 1,
        "area": area,
        "at": at,
        "usage_dice": {
            "max": current if most is None else most,
            "current": current,
            "modes": ["Rest", "Activate"],
        },
    }


def caster(items: Sequence[dict[str, Any]], expertises: Sequence[dict[str, Any]] = ()) -> dict:
    return {
        "format": "refkit-character",
        "version": 1,
        "name": CROW,
        "characteristics": {"agility": 0, "mind": 2, "strength": 0},
        "stamina": {"max": 7, "current": 7},
        "speed": 5,
        "cruelty": 0,
        "conditions": [],
        "expertises": list(expertises),
        "items": list(items),
        "wounds": [],
        "notes": "",
    }


@contextmanager
def services_with(tmp_path: Path, crow_file: dict[str, Any]) -> Iterator[Services]:
    """Every service of a fresh database in ``tmp_path`` holding the caster."""
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as built:
        built.characters.create(load_character_json(json.dumps(crow_file)))
        yield built
