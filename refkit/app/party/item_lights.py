"""The crows' items behind the tracked lights: the dungeon turn's :class:`CarriedItems` keeper.

A torch lit from Wren's belt burns Wren's torch: End DT and dousing write the dice they burnt on
the item (the sheet's pips drop with them, a spent Useless torch is marked spent), and refuelling
the lantern spends a flask of oil Wren carries (L398). Each write is an ordinary crow edit
(revision-checked on undo) returned, done, for the dungeon step to join.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from refkit.app.character_commands import CharacterEdit
from refkit.app.character_commands import refuel as refuel_edit
from refkit.app.character_service import CharacterService
from refkit.app.dungeon.carried import CarriedDice, ItemKey, carried_dice_of
from refkit.app.dungeon.carried_lights import one_into_a_hand
from refkit.app.undo import CompositeCommand
from refkit.errors import DomainError
from refkit.rules.inventory.moves import carried_fuel
from refkit.store.errors import CharacterNotFoundError


class NoFuelCarried(DomainError, ValueError):
    """A light bound to a crow's item cannot be refuelled: the crow carries none of its fuel."""


class NoFreeHand(DomainError, ValueError):
    """One of a stack of lights cannot be taken to be lit: both hands are full."""


class PartyItems:
    """The crows' items as the dungeon turn's :class:`~refkit.app.dungeon.carried.CarriedItems`."""

    def __init__(self, characters: CharacterService) -> None:
        self._characters = characters

    def carried_dice(self, crow: str, item_id: str) -> CarriedDice | None:
        try:
            item = self._characters.get(crow).items.find(item_id)
        except (CharacterNotFoundError, KeyError):
            return None
        return carried_dice_of(item)

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
