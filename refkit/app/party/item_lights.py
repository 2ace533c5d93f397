"""The crows' items behind the tracked lights: the dungeon turn's :class:`CarriedItems` keeper.

A torch lit from Wren's belt burns Wren's torch: End DT and dousing write the dice they burnt on
the item (the sheet's pips drop with them, a spent Useless torch is marked spent), and refuelling
the lantern spends a flask of oil Wren carries (L398). Each write is an ordinary crow edit
(revision-checked on undo) returned, done, for the dungeon step to join.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from refkit.app.character_commands import CharacterEdit
from refkit.app.character_commands import refuel as refuel_edit
from refkit.app.character_service import CharacterService
from refkit.app.dungeon.carried import CarriedDice, ItemKey
from refkit.app.undo import CompositeCommand
from refkit.errors import DomainError
from refkit.rules.character.model import Character
from refkit.rules.dungeon.effects import TrackedEffect
from refkit.rules.inventory.model import GROUND, HAND, SLOT_AREAS, Inventory, Item
from refkit.rules.inventory.moves import MoveRefused, SplitResult, carried_fuel, split_stack
from refkit.rules.usage_dice import UsageDiceMode
from refkit.store.character_store import CharacterNotFoundError


class NoFuelCarried(DomainError, ValueError):
    """A light bound to a crow's item cannot be refuelled: the crow carries none of its fuel."""


class NoFreeHand(DomainError, ValueError):
    """One of a stack of lights cannot be taken to be lit: both hands are full."""


def one_into_a_hand(inventory: Inventory, item_id: str) -> SplitResult | None:
    """The inventory with one of the stack ``item_id`` in the first free hand (None: none free)."""
    for hand in range(1, SLOT_AREAS[HAND] + 1):
        try:
            return split_stack(inventory, item_id, 1, HAND, hand)
        except MoveRefused:
            continue
    return None


class PartyItems:
    """The crows' items as the dungeon turn's :class:`~refkit.app.dungeon.carried.CarriedItems`."""

    def __init__(self, characters: CharacterService) -> None:
        self._characters = characters

    def carried_dice(self, crow: str, item_id: str) -> CarriedDice | None:
        try:
            item = self._characters.get(crow).items.find(item_id)
        except (CharacterNotFoundError, KeyError):
            return None
        dice = item.usage_dice
        if dice is None:
            return None
        return CarriedDice(
            name=item.name,
            current=dice.current,
            max=dice.max,
            useless=dice.useless,
            modes=tuple(mode.value for mode in dice.ordered_modes),
            refuel_with=dice.refuel_with or "",
            count=item.count,
        )

    def burn(self, dice: Mapping[ItemKey, int], text: str) -> CompositeCommand | None:
        by_crow: dict[str, dict[str, int]] = {}
        for (crow, item_id), current in dice.items():
            by_crow.setdefault(crow, {})[item_id] = current
        edits = []
        for crow, items in by_crow.items():
            try:
                before = self._characters.get(crow)
            except CharacterNotFoundError:
                continue  # deleted since it was lit: the effect keeps its own dice
            inventory = before.items
            for item_id, current in items.items():
                try:
                    item = inventory.find(item_id)
                except KeyError:
                    continue  # given away or removed since
                if item.usage_dice is None or item.usage_dice.current == current:
                    continue
                inventory = inventory.replaced(
                    replace(item, usage_dice=replace(item.usage_dice, current=current))
                )
            if inventory != before.items:
                after = before.with_items(inventory)
                edits.append(CharacterEdit(self._characters, before.name, before, after, text))
        if not edits:
            return None
        command = CompositeCommand(text, edits)
        command.do()
        return command

    def take_one(self, crow: str, item_id: str) -> tuple[str, CharacterEdit]:
        """One of a stack (a torch of two) taken into a free hand to be lit: the new entry's id
        and the done edit. DomainError with the reason when no hand is free."""
        character = self._characters.get(crow)
        item = character.items.find(item_id)
        split = one_into_a_hand(character.items, item_id)
        if split is None:
            raise NoFreeHand(
                f"{character.name} needs a free hand to hold one {item.name} of the stack"
            )
        edit = CharacterEdit(
            self._characters,
            character.name,
            character,
            character.with_items(split.inventory),
            f"Take one {item.name} to light",
        )
        edit.do()
        return split.new_item_id, edit

    def refuel(self, crow: str, item_id: str) -> CharacterEdit:
        character = self._characters.get(crow)
        item = character.items.find(item_id)
        fuel = carried_fuel(character.items, item_id)
        wanted = item.usage_dice.refuel_with if item.usage_dice else None
        if fuel is None:
            raise NoFuelCarried(
                f"{character.name} carries no {wanted or 'fuel'} to refuel the {item.name}"
            )
        edit = refuel_edit(self._characters, character.name, item_id, fuel.id)
        edit.do()
        return edit


@dataclass(frozen=True)
class LightableItem:
    """A carried item that burns at the end of a DT (a torch, a lantern, a candle), as the
    referee's "Light a crow's item" list and the board's "Light it" offer it."""

    crow: str
    item_id: str
    name: str
    current: int
    max: int
    refused: str = ""  # why it cannot be lit now ("" when it can)

    count: int = 1

    @property
    def label(self) -> str:
        text = f"{self.crow}'s {self.name} ({self.current}/{self.max} UD)"
        return f"{text}, one of {self.count} into a hand" if self.count > 1 else text


def light_refusal(crow: Character, item: Item, effects: Sequence[TrackedEffect]) -> str | None:
    """Why ``crow``'s ``item`` cannot be lit now ("" when it can); None when it is no light at
    all (no usage dice that burn at the end of a DT)."""
    dice = item.usage_dice
    if dice is None or UsageDiceMode.DT not in dice.modes or dice.max == 0:
        return None
    tracked = next((e for e in effects if (e.crow, e.item_id) == (crow.name, item.id)), None)
    if tracked is not None and tracked.lit:
        return f"{crow.name}'s {item.name} is already lit"
    if dice.useless:
        return f"{item.name} is spent for good"
    if dice.current == 0:
        fuel = f": refuel it with {dice.refuel_with}" if dice.refuel_with else ""
        return f"{item.name} has no usage dice left{fuel}"
    if item.count > 1 and one_into_a_hand(crow.items, item.id) is None:
        return f"Free a hand first: one {item.name} of the stack is taken into it to be lit"
    if item.area == GROUND:
        return f"{item.name} lies on the ground: pick it up first"
    return ""


def lightable_items(
    crows: Iterable[Character], effects: Sequence[TrackedEffect]
) -> list[LightableItem]:
    """Every light the crows carry, in party and inventory order, with why each cannot be lit."""
    found = []
    for crow in crows:
        for item in crow.items:
            refused = light_refusal(crow, item, effects)
            dice = item.usage_dice
            if refused is None or dice is None:
                continue
            found.append(
                LightableItem(
                    crow.name, item.id, item.name, dice.current, dice.max, refused, item.count
                )
            )
    return found
