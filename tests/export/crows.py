"""Crows for the export tests, written as character files are (so they load as a user's do)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from refkit.rules.character.file_format import character_from_json
from refkit.rules.character.model import Character

HOSTILE_NAME = "Søren Ævarsson-Þórðarson"
HOSTILE_NOTES = 'Owes <b>Mara</b> 5 gc & "a favour"; it\'s <i>not</i> &amp; never was.'


def crow_data(
    name: str = "Mara Vell", *, notes: str = "", items: int = 6, player: str = "Ana"
) -> dict[str, Any]:
    """A valid crow file's data with ``items`` items (up to 16: hands, belt, backpack)."""
    kit: list[dict[str, Any]] = [
        {
            "name": "Torch",
            "slots": 1,
            "area": "hand",
            "at": 1,
            "usage_dice": {"max": 2, "current": 1, "modes": ["DT", "Useless"]},
        },
        {
            "name": "Shield",
            "slots": 1,
            "area": "hand",
            "at": 2,
            "tags": ["shield"],
            "armor": {"ad": 2, "max_ad": 2, "worn": False},
        },
    ]
    kit += [{"name": f"Belt pouch {n}", "slots": 1, "area": "belt", "at": n} for n in (1, 2, 3, 4)]
    kit += [
        {
            "name": "Leather armour",
            "slots": 2,
            "area": "backpack",
            "at": 1,
            "armor": {"ad": 3, "max_ad": 3, "worn": True},
        }
    ]
    kit += [
        {
            "name": f"Pack item {n}",
            "slots": 1,
            "area": "backpack",
            "at": n,
            "notes": f"note of pack item {n}",
        }
        for n in range(3, 11)
    ]
    kit += [{"name": "Ring of embers", "area": "magic", "magic_slot": "finger"}]
    kit.append({"name": "Rope", "slots": 1})  # on the ground
    return {
        "format": "refkit-character",
        "version": 1,
        "name": name,
        "player": player,
        "characteristics": {"agility": 1, "mind": 0, "strength": 2},
        "stamina": {"max": 7, "current": 5},
        "speed": 5,
        "cruelty": 1,
        "conditions": ["weakened"],
        "expertises": [{"name": "Stealth", "category": "general", "uses": 3, "spent": 1}],
        "items": [item for item in kit[:items] if "at" in item or "magic_slot" in item],
        "ground": [item for item in kit[:items] if "at" not in item and "magic_slot" not in item],
        "wounds": [2, 7],
        "notes": notes,
    }


def crow(name: str = "Mara Vell", **options: Any) -> Character:
    return character_from_json(crow_data(name, **options))


def crow_file(folder: Path, name: str = "Mara Vell", **options: Any) -> Path:
    path = folder / f"{name.split()[0].lower()}.crow.json"
    path.write_text(json.dumps(crow_data(name, **options), ensure_ascii=False), encoding="utf-8")
    return path


WORST_NAMES = (
    "Wilhelmina Bartholomew-Featherstonehaugh of the Drowned Marches",
    "李小龍",
    "أحمد الكبير",
)


def worst_case_data(name: str = WORST_NAMES[0]) -> dict[str, Any]:
    """The crow the print checks look at: 16 items (one of three slots wrapping a backpack
    row), 14 expertises with many uses, and 3,000 characters of notes."""
    data = crow_data(name, items=16, player="Theodora Quill")
    data["expertises"] = [
        {"name": f"{skill} lore", "category": "general", "uses": 1 + n % 4, "spent": n % 2}
        for n, skill in enumerate(
            (
                "Stealth", "Herbs", "Tracking", "Climbing", "Swimming", "Haggling", "Riddles",
                "Old tongues", "Beasts", "Weather", "Rope-work", "Cooking", "Lockpicking",
                "Dungeoneering",
            )
        )
    ]  # fmt: skip
    sentence = "She keeps a ledger of every debt owed to the company, in a cramped hand. "
    data["notes"] = (sentence * 60)[:3000]
    return data


def worst_case_crow(name: str = WORST_NAMES[0]) -> Character:
    return character_from_json(worst_case_data(name))
