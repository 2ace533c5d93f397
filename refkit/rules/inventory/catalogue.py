"""Refkit's catalogue of mundane gear (``resources/items.toml``), read and checked.

Each ``[[item]]`` entry has a ``name`` and may give:

- ``slots`` (default 1);
- ``stack = {kind = "potion", limit = 5}`` for things that share a slot;
- ``usage_dice = "2 (Refuel with lantern oil; DT)"``: a die count and modes, as a card prints
  them;
- ``ad`` for armour and shields (a shield carries the ``shield`` tag);
- ``damage = "2 / 4"`` (tier 2 / tier 3), with ``attack`` (the characteristic tested, default
  ``S``) and ``piercing``;
- the rest of a Playtest 2 card's print: ``keywords`` (a weapon's group and properties, e.g.
  ``["slashing", "disengage", "parry 4"]``), ``range`` (``"melee 1 / thrown 5"``), ``price`` in gc
  with ``fine_price`` and ``masterwork_price``, and the crafting footer ``crafting = {expertise,
  uses, materials, goal}``;
- ``tags`` and ``notes``.

:func:`load_item_catalogue` raises :class:`CatalogueError` naming the entry and key at fault.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from refkit.errors import DomainError
from refkit.locate import read_resource_text
from refkit.rules.common import file_bounds
from refkit.rules.inventory.model import (
    GROUND,
    SHIELD_TAG,
    Armor,
    Crafting,
    Item,
    Price,
    StackInfo,
    TierDamage,
    UsageDiceState,
)
from refkit.rules.usage_dice import UsageDiceEntry, UsageDiceMode, parse_usage_dice_entry

CATALOGUE_RESOURCE = ("items.toml",)
ARMOR_TAG = "armor"
WEAPON_TAG = "weapon"
ATTACK_CHARACTERISTICS = ("A", "M", "S", "A/S")

_KEYS = frozenset(
    {
        "name",
        "slots",
        "stack",
        "usage_dice",
        "ad",
        "damage",
        "attack",
        "piercing",
        "keywords",
        "range",
        "price",
        "fine_price",
        "masterwork_price",
        "crafting",
        "tags",
        "notes",
    }
)
_CRAFTING_KEYS = frozenset({"expertise", "uses", "materials", "goal"})
_DAMAGE = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


class CatalogueError(DomainError, ValueError):
    """The item catalogue cannot be read; the message names the entry and key."""


@dataclass(frozen=True)
class CatalogueItem:
    """One kind of gear as the catalogue describes it."""

    name: str
    slots: int = 1
    stack: StackInfo | None = None
    usage_dice: UsageDiceEntry | None = None
    ad: int | None = None
    damage: TierDamage | None = None
    tags: tuple[str, ...] = ()
    notes: str = ""
    keywords: tuple[str, ...] = ()
    attack_range: str = ""
    price: Price | None = None
    crafting: Crafting | None = None

    @property
    def is_shield(self) -> bool:
        return SHIELD_TAG in self.tags

    @property
    def is_armor(self) -> bool:
        """A suit of armour (worn from the backpack), not a shield."""
        return self.ad is not None and not self.is_shield

    @property
    def usage_dice_text(self) -> str:
        """The card's UD entry, e.g. ``2 (Refuel with lantern oil; DT)``; empty without dice."""
        if self.usage_dice is None:
            return ""
        parts = []
        for mode in UsageDiceMode:
            if mode not in self.usage_dice.modes:
                continue
            if mode is UsageDiceMode.REFUEL and self.usage_dice.refuel_with:
                parts.append(f"Refuel with {self.usage_dice.refuel_with}")
            else:
                parts.append(mode.value)
        modes = f" ({'; '.join(parts)})" if parts else ""
        return f"{self.usage_dice.count}{modes}"

    def to_item(
        self,
        area: str = GROUND,
        at: int | str | None = None,
        *,
        count: int = 1,
        item_id: str = "",
    ) -> Item:
        """A fresh inventory item of this kind (full usage dice and AD) at ``area``/``at``.

        For the magic area ``at`` is the magic slot's name.
        """
        if count > 1 and self.stack is None:
            raise ValueError(f"{self.name} does not stack; it cannot come {count} to a slot")
        dice = None
        if self.usage_dice is not None:
            dice = UsageDiceState(
                max=self.usage_dice.count,
                current=self.usage_dice.count,
                modes=self.usage_dice.modes,
                refuel_with=self.usage_dice.refuel_with,
            )
        item = Item(
            name=self.name,
            slots=self.slots,
            count=count,
            stack=self.stack,
            usage_dice=dice,
            armor=Armor(ad=self.ad, max_ad=self.ad) if self.ad is not None else None,
            damage=self.damage,
            tags=self.tags,
            notes=self.notes,
            id=item_id,
            keywords=self.keywords,
            attack_range=self.attack_range,
            price=self.price,
            crafting=self.crafting,
        )
        return item.moved_to(area, at)


def find_catalogue_item(catalogue: list[CatalogueItem], name: str) -> CatalogueItem:
    """The entry called ``name`` (ignoring case); KeyError naming it if there is none."""
    wanted = name.strip().casefold()
    for entry in catalogue:
        if entry.name.casefold() == wanted:
            return entry
    raise KeyError(f"the item catalogue has no item called {name!r}")


def load_item_catalogue(
    text: str | None = None,
    source_name: str = "resources/items.toml",
    *,
    also_known: Iterable[str] = (),
) -> list[CatalogueItem]:
    """The catalogue in ``text`` (TOML), or Refkit's own ``resources/items.toml`` when None.

    An item's fuel (``Refuel with …``) must be an item of ``text`` or one of ``also_known``
    (e.g. the shipped catalogue's names, for an own item made on its own).
    """
    if text is None:
        return list(_shipped_catalogue(read_resource_text(*CATALOGUE_RESOURCE)))
    return _read_catalogue(text, source_name, also_known)


@functools.lru_cache(maxsize=1)
def _shipped_catalogue(text: str) -> tuple[CatalogueItem, ...]:
    # Reading 136 cards' TOML takes tens of milliseconds in pure-Python tomllib, and the panel,
    # the editor and the service each ask for it; the entries are frozen, so one reading of the
    # same text serves them all.
    return tuple(_read_catalogue(text, "resources/items.toml", ()))


def _read_catalogue(text: str, source_name: str, also_known: Iterable[str]) -> list[CatalogueItem]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CatalogueError(f"{source_name}: not valid TOML ({error})") from None
    entries = data.get("item")
    if not isinstance(entries, list) or not entries:
        raise CatalogueError(f"{source_name}: no [[item]] entries")
    catalogue: list[CatalogueItem] = []
    seen: dict[str, int] = {}
    for number, entry in enumerate(entries, start=1):
        where = f"{source_name}: item {number}"
        if isinstance(entry, dict) and isinstance(entry.get("name"), str):
            where += f" ({entry['name']})"
        try:
            item = _read_entry(entry)
        except ValueError as error:
            raise CatalogueError(f"{where}: {error}") from None
        key = item.name.casefold()
        if key in seen:
            raise CatalogueError(f"{where}: the name is already used by item {seen[key]}")
        seen[key] = number
        catalogue.append(item)
    names = set(seen) | {name.casefold() for name in also_known}
    for number, item in enumerate(catalogue, start=1):
        fuel = item.usage_dice.refuel_with if item.usage_dice is not None else None
        if fuel is not None and fuel.casefold() not in names:
            raise CatalogueError(
                f"{source_name}: item {number} ({item.name}): usage_dice refuels with "
                f"{fuel!r}, which is not in the catalogue"
            )
    return catalogue


def read_item_table(entry: Any) -> CatalogueItem:
    """One entry with the keys of an ``[[item]]`` table (e.g. a stored own item's JSON object);
    ValueError saying which key is wrong."""
    return _read_entry(entry)


def item_table(item: CatalogueItem) -> dict[str, Any]:
    """The ``[[item]]`` keys describing ``item`` (the inverse of :func:`read_item_table`)."""
    entry: dict[str, Any] = {"name": item.name, "slots": item.slots}
    if item.stack is not None:
        entry["stack"] = {"kind": item.stack.kind, "limit": item.stack.limit}
    if item.usage_dice is not None:
        entry["usage_dice"] = item.usage_dice_text
    if item.ad is not None:
        entry["ad"] = item.ad
    if item.damage is not None:
        entry["damage"] = f"{item.damage.tier2} / {item.damage.tier3}"
        entry["attack"] = item.damage.characteristic
        entry["piercing"] = item.damage.piercing
    if item.keywords:
        entry["keywords"] = list(item.keywords)
    if item.attack_range:
        entry["range"] = item.attack_range
    if item.price is not None:
        entry["price"] = item.price.gc
        if item.price.fine is not None:
            entry["fine_price"] = item.price.fine
        if item.price.masterwork is not None:
            entry["masterwork_price"] = item.price.masterwork
    if item.crafting is not None:
        entry["crafting"] = {
            "expertise": item.crafting.expertise,
            "uses": item.crafting.uses,
            "materials": item.crafting.materials,
            "goal": item.crafting.goal,
        }
    entry["tags"] = list(item.tags)
    entry["notes"] = item.notes
    return entry


def _read_entry(entry: Any) -> CatalogueItem:
    if not isinstance(entry, dict):
        raise ValueError("an [[item]] entry must be a table of keys")
    unknown = sorted(set(entry) - _KEYS)
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r} (known keys: {', '.join(sorted(_KEYS))})")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ValueError("name must be non-empty text")
    slots = _whole(entry.get("slots", 1), "slots", minimum=1, bounds=file_bounds.ITEM_SLOTS)
    stack = None
    if "stack" in entry:
        raw = entry["stack"]
        if not isinstance(raw, dict) or set(raw) != {"kind", "limit"}:
            raise ValueError('stack must be a table {kind = "…", limit = N}')
        if not isinstance(raw["kind"], str) or not raw["kind"].strip():
            raise ValueError("stack.kind must be non-empty text")
        limit = _whole(raw["limit"], "stack.limit", minimum=1, bounds=file_bounds.ITEM_COUNT)
        stack = StackInfo(kind=raw["kind"], limit=limit)
    usage_dice = None
    if "usage_dice" in entry:
        if not isinstance(entry["usage_dice"], str):
            raise ValueError('usage_dice must be text such as "2 (Useless; DT)"')
        usage_dice = parse_usage_dice_entry(entry["usage_dice"])
        if usage_dice.count < 1:
            raise ValueError("usage_dice must have at least 1 die")
        if UsageDiceMode.REFUEL in usage_dice.modes and not usage_dice.refuel_with:
            raise ValueError('usage_dice has Refuel but names no fuel ("Refuel with …")')
    ad = (
        _whole(entry["ad"], "ad", minimum=0, bounds=file_bounds.ARMOUR_DEFENSE)
        if "ad" in entry
        else None
    )
    tags = _texts(entry.get("tags", []), "tags")
    keywords = _texts(entry.get("keywords", []), "keywords")
    attack_range = entry.get("range", "")
    if not isinstance(attack_range, str):
        raise ValueError('range must be text such as "melee 1 / thrown 5"')
    notes = entry.get("notes", "")
    if not isinstance(notes, str):
        raise ValueError("notes must be text")
    if SHIELD_TAG in tags and ad is None:
        raise ValueError("a shield needs an ad value")
    return CatalogueItem(
        name=name.strip(),
        slots=slots,
        stack=stack,
        usage_dice=usage_dice,
        ad=ad,
        damage=_read_damage(entry),
        tags=tuple(tags),
        notes=" ".join(notes.split()),
        keywords=tuple(" ".join(k.split()) for k in keywords),
        attack_range=" ".join(attack_range.split()),
        price=_read_price(entry),
        crafting=_read_crafting(entry),
    )


def _texts(value: Any, key: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(t, str) and t.strip() for t in value):
        raise ValueError(f"{key} must be a list of non-empty texts")
    return value


def _read_price(entry: dict[str, Any]) -> Price | None:
    if "price" not in entry:
        if "fine_price" in entry or "masterwork_price" in entry:
            raise ValueError("fine_price and masterwork_price need a price")
        return None
    gc = _whole(entry["price"], "price", minimum=0, bounds=file_bounds.PRICE)
    tiers = [
        _whole(entry[key], key, minimum=0, bounds=file_bounds.PRICE) if key in entry else None
        for key in ("fine_price", "masterwork_price")
    ]
    return Price(gc=gc, fine=tiers[0], masterwork=tiers[1])


def _read_crafting(entry: dict[str, Any]) -> Crafting | None:
    if "crafting" not in entry:
        return None
    raw = entry["crafting"]
    if not isinstance(raw, dict) or set(raw) != _CRAFTING_KEYS:
        raise ValueError(
            'crafting must be a table {expertise = "…", uses = N, materials = "…", goal = N}'
        )
    for key in ("expertise", "materials"):
        if not isinstance(raw[key], str) or not raw[key].strip():
            raise ValueError(f"crafting.{key} must be non-empty text")
    return Crafting(
        expertise=" ".join(raw["expertise"].split()),
        uses=_whole(raw["uses"], "crafting.uses", minimum=1, bounds=file_bounds.EXPERTISE_USES),
        materials=" ".join(raw["materials"].split()),
        goal=_whole(raw["goal"], "crafting.goal", minimum=0, bounds=file_bounds.PRICE),
    )


def _read_damage(entry: dict[str, Any]) -> TierDamage | None:
    if "damage" not in entry:
        if "attack" in entry or "piercing" in entry:
            raise ValueError("attack and piercing belong to a weapon with a damage entry")
        return None
    raw = entry["damage"]
    match = _DAMAGE.match(raw) if isinstance(raw, str) else None
    if match is None:
        raise ValueError(f'damage must read "tier 2 / tier 3", e.g. "2 / 4", not {raw!r}')
    attack = entry.get("attack", "S")
    if attack not in ATTACK_CHARACTERISTICS:
        raise ValueError(
            f"attack must be one of {', '.join(ATTACK_CHARACTERISTICS)}, not {attack!r}"
        )
    piercing = entry.get("piercing", False)
    if not isinstance(piercing, bool):
        raise ValueError("piercing must be true or false")
    tier2 = _whole(_digits(match[1]), "damage tier 2", minimum=0, bounds=file_bounds.DAMAGE)
    tier3 = _whole(_digits(match[2]), "damage tier 3", minimum=0, bounds=file_bounds.DAMAGE)
    return TierDamage(tier2=tier2, tier3=tier3, characteristic=attack, piercing=piercing)


def _digits(text: str) -> int:
    """The number written, or 10**30 for anything longer (Python refuses over 4300 digits)."""
    return int(text) if len(text) <= 30 else 10**30


def _whole(value: Any, key: str, *, minimum: int, bounds: tuple[int, int] | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key} must be a whole number, not {value!r}")
    if value < minimum:
        raise ValueError(f"{key} must be {minimum} or more, not {value}")
    # The character file's bounds: an item beyond them could never be saved with a crow.
    beyond = None if bounds is None else file_bounds.bound_problem(value, bounds)
    if beyond is not None:
        raise ValueError(f"{key}: {beyond}")
    return value
