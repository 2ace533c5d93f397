"""One creature saved by hand (the bestiary editor's form): checked as a file's entry, kept in
the database, renamed without a copy left behind; Refkit's examples and taken names refused with
nothing changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from refkit.app.combat.bestiary import BestiaryRefusal
from refkit.compose import bestiary_on
from refkit.rules.combat.bestiary_file import CreatureEntryError, creature_from_entry
from refkit.store.database import Database

HAG = {
    "name": "Bog hag",
    "size": "medium",
    "stamina": 14,
    "attack": [{"name": "Claws", "kind": "melee", "damage": "3 / 6", "piercing": True}],
}


def test_an_entry_is_checked_as_a_file_is_and_names_the_field() -> None:
    assert creature_from_entry(HAG).attacks[0].tier3 == 6
    bad = {**HAG, "attack": [{**HAG["attack"][0], "kind": "ranged"}]}  # type: ignore[dict-item]
    with pytest.raises(CreatureEntryError, match="attack 1: kind: a ranged attack needs range"):
        creature_from_entry(bad)
    with pytest.raises(CreatureEntryError, match=r"^stamina: must be from 1"):
        creature_from_entry({**HAG, "stamina": 0})


def test_saved_renamed_and_refused(tmp_path: Path) -> None:
    with Database.open(str(tmp_path / "refkit.sqlite3")) as db:
        bestiary = bestiary_on(db)
        hag = creature_from_entry(HAG)
        bestiary.save(hag)
        with pytest.raises(BestiaryRefusal, match="already has Bog hag"):
            bestiary.save(hag)  # a second new one of that name
        renamed = creature_from_entry({**HAG, "name": "Marsh hag"})
        bestiary.save(renamed, was="Bog hag")
        names = [c.name for c in bestiary_on(db).creatures()]
        assert "Marsh hag" in names and "Bog hag" not in names
        with pytest.raises(BestiaryRefusal, match="Refkit's examples"):
            bestiary.save(creature_from_entry({**HAG, "name": "Tunnel ghoul"}), was="Marsh hag")
        with pytest.raises(BestiaryRefusal, match="Refkit's examples"):
            bestiary.save(creature_from_entry({**HAG, "name": "Ghoul"}), was="Tunnel ghoul")
        assert bestiary_on(db).get("Marsh hag") == renamed  # the refusals changed nothing
