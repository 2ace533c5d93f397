"""The Playtest 2 item catalogue: the players' own items keep their names clear of the shipped ones.

Refkit's catalogue is read from ``resources/items.toml`` at run time (it is not stored), so its new
numbers reach every database without a copy to update; the crows' items are their own copies and
are left as they are. What can clash is a name: an own item called, say, "Sword" or "Shield" was
allowed while the catalogue had no such item, and would now hide behind the shipped one (the
catalogue finds items by name, shipped first). Each such own item is renamed "<name> (own)" (or
"(own 2)", … when that is taken too), in its row and in its stored payload; nothing else changes.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import json
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

SHIPPED_NAMES: tuple[str, ...] = (
    "Axe",
    "Crossbow",
    "Exploding greatsword",
    "Flail",
    "Glaive",
    "Greataxe",
    "Greatsword",
    "Halberd",
    "Hammer",
    "Handaxe",
    "Knife",
    "Longbow",
    "Mace",
    "Maul",
    "Pike",
    "Shortbow",
    "Spear",
    "Steel axe",
    "Steel knife",
    "Stiletto",
    "Sword",
    "Vicious steel flail",
    "Warpick",
    "Case of 20 crossbow bolts",
    "Quiver of 20 arrows",
    "Heavy armor",
    "Light armor",
    "Medium armor",
    "Shield",
    "Candle",
    "Lantern",
    "Torch",
    "Alchemist's tools",
    "Blacksmith's tools",
    "Block & tackle",
    "Cook's utensils",
    "Crowbar",
    "Enchanter's tools",
    "Lockpick set",
    "Merchant's scales",
    "Miner's pick",
    "Shovel",
    "Surgical kit",
    "Acid vial",
    "Blood concoction",
    "Fire bomb",
    "Glue pot",
    "Healing potion",
    "Oil flask",
    "Poison vial",
    "Rage potion",
    "Smoke bomb",
    "Soothing candy",
    "Speed potion",
    "Strong acid vial",
    "Strong poison",
    "Animal feed",
    "Hearty ration",
    "Ration",
    "Ball bearings",
    "Bear trap",
    "Caltrops",
    "Bucket",
    "Coin purse",
    "Fine coin purse",
    "11-foot pole",
    "Card deck",
    "Chain",
    "Chalk",
    "Cold weather gear",
    "Compass",
    "Grappling hook",
    "Holy symbol",
    "Ladder",
    "Magnifying glass",
    "Mirror",
    "Musical instrument",
    "Net",
    "Padlock",
    "Pitons",
    "Pot",
    "Quill & inkpot",
    "Rope",
    "Soap",
    "Spyglass",
    "String",
    "Tent",
    "Whistle",
    "Journal",
    "Lore book",
    "Alteration stone",
    "Boom wand",
    "Death ring",
    "Hurling wand",
    "Life ring",
    "Minor telekinesis ring",
    "Necklace of teeth",
    "Plague mask",
    "Whistle of dog summoning",
    "Art object, medium",
    "Art object, small",
    "Art object, tiny",
    "Gem",
    "Magic ring",
    "Magic wand",
    "Potion",
    "Crafting material, bar",
    "Crafting material, log",
    "Monster part",
    "Animal form book",
    "Bone capture book",
    "Cacophony book",
    "Corrupt book",
    "Create water book",
    "Deadspeech book",
    "Fire hands book",
    "Fire lance book",
    "Group healing book",
    "Jaunt book",
    "Light book",
    "Minor blessing book",
    "Minor curse book",
    "Minor healing book",
    "Minor phantasm book",
    "Minor ward book",
    "Monster sense book",
    "Repair book",
    "Shrink book",
    "Spark book",
    "Stream book",
    "Stubborn object book",
    "Summon object book",
    "Take shape book",
    "Teleport object book",
    "Thunder book",
    "Wound closure book",
)
"""The names of the catalogue this revision ships (a copy: a migration must not change with the
app)."""


def _name_key(name: str) -> str:
    # A copy of refkit.store.character_store.name_key.
    return unicodedata.normalize("NFC", name.strip()).casefold()


def upgrade() -> None:
    connection = op.get_bind()
    shipped = {_name_key(name) for name in SHIPPED_NAMES}
    rows = connection.execute(
        sa.text("SELECT id, name, name_key, payload FROM custom_item ORDER BY id")
    ).all()
    taken = {key for _id, _name, key, _payload in rows} | shipped
    for item_id, name, key, payload in rows:
        if key not in shipped:
            continue
        number = 1
        new_name = f"{name} (own)"
        while _name_key(new_name) in taken:
            number += 1
            new_name = f"{name} (own {number})"
        taken.add(_name_key(new_name))
        try:
            entry = json.loads(payload)
        except ValueError:
            entry = None  # unreadable: the app says so by the new name; the text stays as it was
        if isinstance(entry, dict):
            entry["name"] = new_name
            payload = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
        connection.execute(
            sa.text(
                "UPDATE custom_item SET name = :name, name_key = :key, payload = :payload"
                " WHERE id = :id"
            ),
            {"name": new_name, "key": _name_key(new_name), "payload": payload, "id": item_id},
        )


def downgrade() -> None:
    # The renamed items keep their new names: the older catalogue has no item they could clash
    # with, and guessing which "(own)" a player typed themselves would rename theirs.
    pass
