"""A card's crafting materials ("9 iron bars", "2 monster parts (any)"), found in the crafters'
inventories and taken out of them when an item is finished.

A carried item supplies a material when its name names the material's thing (the last word:
bar, log, part, gem) and its name, stack kind or notes name the rest ("iron"): a "Hickory log"
is a hickory log, and so is the catalogue's "Crafting material, log" once its notes say
hickory. Items on the ground tray are nobody's and supply nothing. What Refkit cannot check (a
gem's worth) is kept as the material's ``note`` for the referee.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from refkit.errors import DomainError
from refkit.rules.inventory.model import Inventory, Item

_COUNTED = re.compile(r"^(\d+)\s+(.+)$")
_WORTH = re.compile(r"\s+(worth\s+.+)$")
_WORD = re.compile(r"[a-z0-9]+")
MAX_MATERIAL_COUNT = 999


class MaterialsError(DomainError, ValueError):
    """A materials text that cannot be read, or materials the crafters do not carry."""


@dataclass(frozen=True)
class MaterialNeed:
    """``count`` of one material; ``any_kind`` for "(any)" (a part of any monster)."""

    count: int
    kind: str  # singular, lower case: "iron bar"
    any_kind: bool = False
    note: str = ""  # what only the referee can check, e.g. "worth 100 gc"

    @property
    def text(self) -> str:
        thing = self.kind if self.count == 1 else plural(self.kind)
        extra = " (any)" if self.any_kind else ""
        note = f" {self.note}" if self.note else ""
        return f"{self.count} {thing}{extra}{note}"


def singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def plural(kind: str) -> str:
    head, _, last = kind.rpartition(" ")
    last = last[:-1] + "ies" if last.endswith("y") else last + "s"
    return f"{head} {last}" if head else last


def _words(text: str) -> list[str]:
    return [singular(word) for word in _WORD.findall(text.casefold())]


def parse_materials(text: str) -> tuple[MaterialNeed, ...]:
    """The needs of a card's materials text (parts joined by "," "+" or "and"); an empty text
    needs nothing. MaterialsError naming the part that cannot be read."""
    needs: list[MaterialNeed] = []
    for part in re.split(r"\s*(?:,|\+|\band\b)\s*", " ".join(text.split())):
        if not part:
            continue
        count = 1
        counted = _COUNTED.match(part)
        body = part
        if counted is not None:
            count = int(counted.group(1))
            body = counted.group(2)
        if not 1 <= count <= MAX_MATERIAL_COUNT:
            raise MaterialsError(f"materials {text!r}: {count} is not a count from 1 to 999")
        note = ""
        worth = _WORTH.search(body)
        if worth is not None:
            note = worth.group(1)
            body = body[: worth.start()]
        any_kind = "(any)" in body.casefold()
        body = body.casefold().replace("(any)", " ")
        words = _words(body)
        if not words:
            raise MaterialsError(f"materials {text!r}: {part!r} names no material")
        needs.append(MaterialNeed(count, " ".join(words), any_kind, note))
    return tuple(needs)


def supplies(item: Item, need: MaterialNeed) -> bool:
    """True if ``item`` is (a stack of) the material ``need`` asks for."""
    wanted = need.kind.split()
    name_words = set(_words(item.name))
    if wanted[-1] not in name_words:
        return False
    known = name_words | set(_words(item.notes))
    if item.stack is not None:
        known |= set(_words(item.stack.kind))
    return all(word in known for word in wanted[:-1])


@dataclass(frozen=True)
class Taken:
    """``count`` taken from the item ``item_id`` that ``crow`` carries."""

    crow: str
    item_id: str
    item_name: str
    count: int


@dataclass(frozen=True)
class MaterialsCheck:
    """How many copies the carried materials allow, and what one copy takes (empty when none)."""

    copies: int
    taken: tuple[Taken, ...]
    missing: tuple[str, ...]  # "2 iron bars (carried: 1)", for the first copy

    @property
    def enough(self) -> bool:
        return self.copies >= 1


def carried(inventory: Inventory, need: MaterialNeed) -> list[Item]:
    return [item for item in inventory.items if supplies(item, need)]


def check_materials(
    needs: Sequence[MaterialNeed], inventories: Mapping[str, Inventory], *, copies: int = 1
) -> MaterialsCheck:
    """What ``copies`` copies take from ``inventories`` (crow name → inventory, searched in that
    order), and how many copies, up to ``copies``, what is carried allows."""
    if copies < 1:
        raise ValueError(f"copies must be 1 or more, got {copies}")
    held: dict[MaterialNeed, int] = {}
    for need in needs:
        held[need] = sum(
            item.count for inventory in inventories.values() for item in carried(inventory, need)
        )
    allowed = min((held[need] // need.count for need in needs), default=copies)
    allowed = min(allowed, copies)
    missing = tuple(
        f"{need.text} (carried: {held[need]})" for need in needs if held[need] < need.count
    )
    if allowed < 1:
        return MaterialsCheck(0, (), missing)
    taken: list[Taken] = []
    for need in needs:
        left = need.count * allowed
        for crow, inventory in inventories.items():
            for item in carried(inventory, need):
                already = sum(t.count for t in taken if t.crow == crow and t.item_id == item.id)
                take = min(left, item.count - already)
                if take > 0:
                    taken.append(Taken(crow, item.id, item.name, take))
                    left -= take
                if left == 0:
                    break
            if left == 0:
                break
    return MaterialsCheck(allowed, tuple(taken), missing)


def take_materials(inventory: Inventory, crow: str, taken: Sequence[Taken]) -> Inventory:
    """``inventory`` (of ``crow``) without what ``taken`` takes from it (a stack shrinks; the
    last of it leaves)."""
    for take in taken:
        if take.crow != crow:
            continue
        item = inventory.find(take.item_id)
        if take.count > item.count:
            raise MaterialsError(f"{crow} carries only {item.count} {item.name}, not {take.count}")
        if take.count == item.count:
            inventory = inventory.without(item.id)
        else:
            inventory = inventory.replaced(replace(item, count=item.count - take.count))
    return inventory
