"""A new crow from a background and the player's choices (rules/characters-facts.md §1), for the
builder: every choice checked with a reason, then the crow with its characteristics, Stamina,
expertises, starting trait, the standard kit and the background's, coins and pet.

The background sets one characteristic to 2 (fixed, one of two, or any); the other two are 1 and
0 (shape "10") or 2 and −1 (shape "m12"), ``high`` naming the one that gets the 1 (or the 2).
Coins are 3d6 plus the background's extra gold. Kit items are Refkit's catalogue cards, placed
in the first free slots (backpack, then belt, then hands); a suit of armour is worn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from refkit.errors import DomainError
from refkit.rules.character.build_data import Background, BuildData, UnknownNameError
from refkit.rules.character.model import (
    BASE_SPEED,
    CHARACTERISTIC_NAMES,
    Character,
    Characteristics,
    Expertise,
    Stamina,
    expertise_category,
)
from refkit.rules.character.peers.common import catalogue_entry
from refkit.rules.character.progress import Connection
from refkit.rules.inventory.model import BACKPACK, GROUND, Inventory, fresh_item_id
from refkit.rules.inventory.moves import add_item

SHAPES = ("10", "m12")
"""The other two characteristics: 1 and 0, or 2 and −1."""


class CreationRefused(DomainError, ValueError):
    """Choices a new crow cannot be made from; ``reasons`` lists each, in plain words."""

    def __init__(self, reasons: list[str]) -> None:
        super().__init__("; ".join(reasons))
        self.reasons = reasons


@dataclass(frozen=True)
class CreationChoices:
    name: str
    background: str
    two: str = ""
    """The characteristic set to 2 ("" : the background's, when it has only one)."""
    shape: str = "10"
    high: str = ""
    """Which of the other two gets the 1 (shape "10") or the 2 (shape "m12")."""
    coin_dice: tuple[int, ...] = (1, 1, 1)
    player: str = ""
    connection: Connection | None = None


def choice_problems(data: BuildData, choices: CreationChoices) -> list[str]:
    """Every reason the choices cannot make a crow (empty: they can)."""
    return [reason for _field, reason in field_problems(data, choices)]


FIELDS = ("name", "background", "two", "shape", "high", "coins")
"""The choices a reason may be about, as :func:`field_problems` names them."""


def field_problems(data: BuildData, choices: CreationChoices) -> list[tuple[str, str]]:
    """Every reason the choices cannot make a crow, each with the choice it is about (one of
    :data:`FIELDS`), so a builder can say it next to that field."""
    reasons: list[tuple[str, str]] = []
    if not choices.name.strip():
        reasons.append(("name", "the crow needs a name"))
    try:
        background = data.background(choices.background)
    except UnknownNameError as error:
        return [*reasons, ("background", str(error))]
    two = choices.two or (background.two_in[0] if len(background.two_in) == 1 else "")
    if not two:
        reasons.append(
            ("two", f"{background.name} sets one of {_names(background.two_in)} to 2: choose")
        )
    elif two not in background.two_in:
        reasons.append(
            ("two", f"{background.name} sets {_names(background.two_in)} to 2, not {two}")
        )
    if choices.shape not in SHAPES:
        reasons.append(("shape", 'the other two are "10" (1 and 0) or "m12" (2 and −1)'))
    others = [c for c in CHARACTERISTIC_NAMES if c != two]
    if two and choices.high not in others:
        reasons.append(("high", f"choose which of {_names(others)} gets the higher value"))
    if len(choices.coin_dice) != 3 or not all(
        isinstance(d, int) and 1 <= d <= 6 for d in choices.coin_dice
    ):
        reasons.append(("coins", "starting coins are three d6 faces, each 1-6"))
    return reasons


def _names(names: tuple[str, ...] | list[str]) -> str:
    return " or ".join(n.capitalize() for n in names)


def kit_names(background: Background) -> list[tuple[str, int]]:
    """The items a new crow of ``background`` carries: the standard kit, then the background's
    kit and spellbooks, as (name, count)."""
    found: list[tuple[str, int]] = [("Coin purse", 1), ("Knife", 1), ("Rope", 1), ("Ration", 6)]
    for entry in background.kit:
        name, _, count = entry.partition(" x")
        name = name.removeprefix("extra ").replace("(20) ", "20 ")
        found.append((name, int(count) if count.isdigit() else 1))
    found += [(f"{book} book", 1) for book in background.spellbooks]
    return found


def new_crow(data: BuildData, choices: CreationChoices) -> tuple[Character, tuple[str, ...]]:
    """The new crow, and the kit items Refkit's catalogue does not have (placed as plain
    items). Raises CreationRefused with every reason when the choices are not allowed."""
    reasons = choice_problems(data, choices)
    if reasons:
        raise CreationRefused(reasons)
    background = data.background(choices.background)
    two = choices.two or background.two_in[0]
    values = dict.fromkeys(CHARACTERISTIC_NAMES, 0)
    values[two] = 2
    low = next(c for c in CHARACTERISTIC_NAMES if c not in (two, choices.high))
    values[choices.high], values[low] = (1, 0) if choices.shape == "10" else (2, -1)
    expertises = []
    for starting in background.expertises:
        category = expertise_category(starting.name)
        assert category is not None  # the build data checks every background's expertises
        expertises.append(Expertise(starting.name, category, starting.uses))
    inventory, missing = Inventory(), []
    for name, count in kit_names(background):
        entry, extra = catalogue_entry(name)
        if entry is None:
            missing.append(name)
            continue
        taken = inventory.ids()
        for _ in range(count if entry.stack is None else 1):
            number = count if entry.stack is not None else 1
            item = entry.to_item(GROUND, count=number, item_id=fresh_item_id(entry.name, taken))
            if extra:
                item = replace(item, notes=f"{item.notes} ({extra})".strip())
            if item.armor is not None and not item.is_shield:
                item = replace(item, armor=replace(item.armor, worn=True))
            inventory = add_item(inventory, item)
            taken = inventory.ids()
    inventory = _worn_only_in_backpack(inventory)
    crow = Character(
        name=choices.name.strip(),
        player=choices.player,
        characteristics=Characteristics(**values),
        stamina=Stamina(background.stamina, background.stamina),
        speed_base=BASE_SPEED,
        expertises=tuple(expertises),
        items=inventory,
        background=background.name,
        traits=(background.starting_trait,),
        coins=sum(choices.coin_dice) + background.extra_gc,
        pets=(background.pet.title(),) if background.pet else (),
        connection=choices.connection,
    )
    return crow, tuple(missing)


def _worn_only_in_backpack(inventory: Inventory) -> Inventory:
    items = tuple(
        replace(i, armor=replace(i.armor, worn=False))
        if i.armor is not None and i.armor.worn and i.area != BACKPACK
        else i
        for i in inventory.items
    )
    return Inventory(items, inventory.ground)
