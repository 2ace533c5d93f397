"""What the three peer formats share: reading a field with its path, the one depth guard, items
mapped onto Refkit's catalogue, and the notes section that says what could not be mapped.

Field readers raise :class:`PeerFileError`-ready :class:`BadField` errors (``system.stamina.max
must be a whole number``); the importer adds the file name in front.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field, replace
from typing import Any

from refkit.errors import DomainError
from refkit.rules.character.file_format import CharacterFileError
from refkit.rules.common.file_bounds import number_words
from refkit.rules.common.nesting import depth_of
from refkit.rules.inventory.catalogue import CatalogueItem, load_item_catalogue
from refkit.rules.inventory.model import (
    BACKPACK,
    BELT,
    GROUND,
    MAGIC,
    MAGIC_SLOTS,
    SLOT_AREAS,
    Armor,
    Item,
    StackInfo,
)

MAX_DEPTH = 16
"""Lists and objects nested deeper than this are refused before anything is read (a Foundry
actor export nests about eight levels)."""
NUMBER = (-10_000_000, 100_000_000)
TEXT_LONGEST = 20_000
ENTRIES = 1_000


class PeerFileError(CharacterFileError):
    """A peer tool's file that cannot be read; the message names the file and the field (a
    CharacterFileError, so every place that reads crow files says it as one)."""


class BadField(DomainError, ValueError):
    """One field is wrong: ``path`` and what is wrong with it."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path} {problem}" if path else problem)


def check_depth(data: Any, limit: int = MAX_DEPTH) -> None:
    """BadField when ``data`` nests lists or objects more than ``limit`` deep (counted without
    recursion, by the one depth guard every file format uses)."""
    if depth_of(data, limit + 1) > limit:
        raise BadField("", f"nests lists or objects more than {limit} levels deep")


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "an object"
    if isinstance(value, int):
        return number_words(value)
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def obj(value: Any, path: str, *, missing_ok: bool = False) -> dict[str, Any]:
    if value is None and missing_ok:
        return {}
    if not isinstance(value, dict):
        raise BadField(path, f"must be an object with keys, not {_shown(value)}")
    return value


def seq(value: Any, path: str, *, missing_ok: bool = True) -> list[Any]:
    if value is None and missing_ok:
        return []
    if not isinstance(value, list):
        raise BadField(path, f"must be a list, not {_shown(value)}")
    if len(value) > ENTRIES:
        raise BadField(path, f"has {len(value)} entries, more than {ENTRIES}")
    return value


def whole(value: Any, path: str, *, default: int | None = None, low: int | None = None) -> int:
    if value is None and default is not None:
        return default
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadField(path, f"must be a whole number, not {_shown(value)}")
    floor = NUMBER[0] if low is None else low
    if not floor <= value <= NUMBER[1]:
        raise BadField(path, f"is {number_words(value)}, outside {floor}..{NUMBER[1]}")
    return value


def text(value: Any, path: str, *, default: str | None = "") -> str:
    if value is None and default is not None:
        return default
    if not isinstance(value, str):
        raise BadField(path, f"must be text, not {_shown(value)}")
    if len(value) > TEXT_LONGEST:
        raise BadField(path, f"is {len(value)} characters long, more than {TEXT_LONGEST}")
    return value


def plain(value: str) -> str:
    """Text with HTML tags dropped, entities read and control characters removed."""
    no_tags = re.sub(r"<[^>]*>", " ", value)
    cleaned = "".join(c if c.isprintable() else " " for c in html.unescape(no_tags))
    return " ".join(cleaned.split())


def name_text(value: Any, path: str) -> str:
    """A name: plain text, non-empty."""
    name = plain(text(value, path))
    if not name:
        raise BadField(path, "must not be empty")
    return name


@dataclass
class Report:
    """What an import could not map (to the notes, under a heading) and what it changed."""

    unmapped: list[str] = field(default_factory=list)
    migrated: list[str] = field(default_factory=list)

    def note(self, line: str) -> None:
        if line and line not in self.unmapped:
            self.unmapped.append(line)


def notes_with_report(notes: str, heading: str, report: Report) -> str:
    """The crow's notes, then the unmapped facts under ``heading`` (nothing when none)."""
    lines = [*report.migrated, *report.unmapped]
    if not lines:
        return notes
    section = "\n".join([f"## {heading}", *(f"- {line}" for line in lines)])
    return f"{notes.rstrip()}\n\n{section}" if notes.strip() else section


# -- items ---------------------------------------------------------------------------------------

_ALIASES = {
    "rations": "Ration",
    "smith's tools": "Blacksmith's tools",
    "quill and inkpot": "Quill & inkpot",
    "quill and ink pot": "Quill & inkpot",
    "gluepot": "Glue pot",
    "quiver of arrows": "Quiver of 20 arrows",
    "lockpicks": "Lockpick set",
}


@dataclass(frozen=True)
class PeerItem:
    """One carried thing as a peer file describes it."""

    name: str
    area: str
    at: int | str | None
    count: int = 1
    slots: int | None = None
    stack_limit: int | None = None
    ud_current: int | None = None
    ad_current: int | None = None
    ad_max: int | None = None
    worn: bool | None = None
    shield: bool = False


def catalogue_entry(name: str) -> tuple[CatalogueItem | None, str]:
    """The catalogue entry a peer's item name means (None if Refkit has none), and a note on
    what the name said beyond it (a lore book's subject, an instrument)."""
    catalogue = {entry.name.casefold(): entry for entry in load_item_catalogue()}
    cleaned = re.sub(r"\s+R\d+$", "", name.strip())  # pirsqed's spellbook rank suffix
    extra = ""
    bracket = re.match(r"^(.*?)\s*\((.+)\)$", cleaned)
    candidates = [cleaned]
    if bracket:
        candidates.append(bracket[1])
        extra = bracket[2]
    for candidate in candidates:
        key = _ALIASES.get(candidate.casefold(), candidate).casefold()
        for attempt in (key, f"{key} book"):
            if attempt in catalogue:
                found = catalogue[attempt]
                return found, extra if candidate != cleaned else ""
    return None, ""


def make_item(peer: PeerItem, report: Report, item_id: str) -> Item:
    """A Refkit item for ``peer``: the catalogue's card where Refkit knows the name, else a plain
    item of the peer's slots and stack; usage dice and AD left as the peer file says."""
    entry, extra = catalogue_entry(peer.name)
    if entry is not None:
        item = replace(entry.to_item(GROUND, item_id=item_id), count=peer.count)
        if extra:
            item = replace(item, notes=f"{item.notes} ({extra})".strip())
        if peer.count > 1 and item.stack is None:
            item = replace(item, stack=StackInfo(kind=item.name.casefold(), limit=peer.count))
            report.note(
                f"{peer.name}: {peer.count} in one slot, which Refkit's card does not stack"
            )
    else:
        limit = peer.stack_limit or 1
        item = Item(
            name=plain(peer.name) or "Unnamed item",
            slots=max(1, min(peer.slots or 1, 10)),
            count=peer.count,
            stack=StackInfo(kind=peer.name.casefold(), limit=max(limit, peer.count))
            if max(limit, peer.count) > 1
            else None,
            tags=("shield",) if peer.shield else (),
            id=item_id,
            notes="not on Refkit's item list",
        )
        if peer.ad_max is not None and peer.ad_max > 0 and (peer.shield or peer.worn):
            item = replace(item, armor=Armor(ad=peer.ad_max, max_ad=peer.ad_max))
        report.note(f"{item.name}: not an item Refkit knows; kept as a plain item")
    if peer.ud_current is not None and item.usage_dice is not None:
        current = max(0, min(peer.ud_current, item.usage_dice.max))
        item = replace(item, usage_dice=replace(item.usage_dice, current=current))
    if item.armor is not None:
        most = peer.ad_max if peer.ad_max else item.armor.max_ad
        now = item.armor.max_ad if peer.ad_current is None else peer.ad_current
        item = replace(item, armor=replace(item.armor, max_ad=most, ad=max(0, min(now, most))))
    elif peer.ad_current is not None and peer.ad_max and peer.ad_current < peer.ad_max:
        lost = peer.ad_max - peer.ad_current
        report.note(f"{item.name}: parry AD {lost} lost (Refkit keeps no parry damage)")
    if peer.area == MAGIC:
        slot = peer.at if isinstance(peer.at, str) and peer.at in MAGIC_SLOTS else None
        if slot is None:
            return replace(item, area=GROUND)
        return replace(item, tags=tuple(dict.fromkeys((*item.tags, "magic")))).moved_to(MAGIC, slot)
    placed = item.moved_to(peer.area, peer.at)
    if placed.armor is not None and not placed.is_shield and peer.area == BACKPACK:
        placed = replace(placed, armor=replace(placed.armor, worn=bool(peer.worn)))
    return placed


def one_worn(items: list[Item]) -> list[Item]:
    """At most one worn suit: the first marked worn keeps it."""
    seen = False
    kept = []
    for item in items:
        if item.armor is not None and item.armor.worn:
            if seen:
                item = replace(item, armor=replace(item.armor, worn=False))
            seen = True
        kept.append(item)
    return kept


def extra_belt_slot(
    placed: list[Item], ground: list[Item], traits: tuple[str, ...], report: Report
) -> tuple[list[Item], list[Item]]:
    """The items the peer file put past the fourth belt slot: one the crow's traits let into
    the fifth belt slot (Scabbard for a sword, Portal Pocket for anything) stays there; any
    other goes to the ground tray, said in the report with the reason."""
    from refkit.rules.character.slot_traits import slot_grants
    from refkit.rules.inventory.slot_grants import grant_refusal

    grants = tuple(g for g in slot_grants(traits) if g.area == BELT)
    extra = SLOT_AREAS[BELT] + 1
    kept: list[Item] = []
    dropped = list(ground)
    for item in placed:
        if item.area != BELT or item.at is None or item.at + item.slots - 1 <= SLOT_AREAS[BELT]:
            kept.append(item)
            continue
        taken = any(o.area == BELT and o.at == extra for o in kept)
        why = ""
        if not grants:
            why = "the crow has no trait that gives it"
        elif item.at != extra or item.slots != 1:
            why = f"belt slot {item.at} is past the one extra slot"
        elif taken:
            why = "another item is there already"
        else:
            why = grant_refusal(grants, item, BELT, extra) or ""
        if not why:
            kept.append(item)
            continue
        report.note(
            f"{item.name} was in belt slot {item.at}, a trait's extra slot ({why}); "
            "it is on the ground"
        )
        dropped.append(item.moved_to(GROUND, None))
    return kept, dropped
