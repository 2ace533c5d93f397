"""The inventory board's context menu: move to any place (with the reason a place is closed),
split, wear, use an Activate item, draw from the pack, drop, remove, and place or heal a wound."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from refkit.gui.common.plain_text import mnemonic_safe, rich_tooltip
from refkit.gui.inventory.board_layout import GROUND_PLACE, Place, laid_out_places
from refkit.gui.inventory.damaged_action import add_damaged_action
from refkit.present.board_moves import Carry
from refkit.present.pet_packs_view import put_moves
from refkit.rules.inventory.model import BACKPACK, GROUND, MAGIC, Item
from refkit.rules.inventory.moves import carried_fuel
from refkit.rules.usage_dice import UsageDiceMode

if TYPE_CHECKING:
    from refkit.gui.inventory.board import InventoryBoard


def build_board_menu(board: InventoryBoard, item: Item | None, place: Place | None) -> QMenu:
    """The context menu for ``item`` (or the empty ``place``) on ``board``; not shown."""
    menu = QMenu(board)
    menu.setObjectName("inventory_menu")
    menu.setToolTipsVisible(True)
    if item is not None:
        _item_menu(board, menu, item)
    character = board.character()
    if place is not None and place.area == BACKPACK and isinstance(place.at, int) and character:
        slot = place.at
        if item is not None:
            menu.addSeparator()
        if slot in character.wound_slots:
            action = menu.addAction(f"Heal the wound in backpack slot {slot}")
        else:
            action = menu.addAction(f"Place a wound in backpack slot {slot}")
        action.setObjectName("wound_action")
        action.triggered.connect(lambda _=False, s=slot: board.toggle_wound(s))
    return menu


def _item_menu(board: InventoryBoard, menu: QMenu, item: Item) -> None:
    title = menu.addAction(f"{item.name} — {item.location}")
    title.setEnabled(False)
    move_menu = menu.addMenu("Move to")
    move_menu.setObjectName("move_menu")
    move_menu.setToolTipsVisible(True)
    carry = Carry(item, 0)
    for place in [*laid_out_places(board.board_layout()), GROUND_PLACE]:
        if (place.area, place.at) == (item.area, item.at) or (
            place.area == MAGIC and item.area == MAGIC and place.at == item.magic_slot
        ):
            continue
        if place.area == GROUND and item.area == GROUND:
            continue
        verdict = board.verdict(carry, place)
        text = "The ground" if place.area == GROUND else place.label
        if verdict.ok and verdict.merged is not None:
            text += f" (joins the stack: {verdict.merged})"
        if verdict.ok and verdict.warning:
            text += " ⚠"
        action = move_menu.addAction(text)
        action.setObjectName(f"move_to_{place.area}_{place.at}")
        action.setEnabled(verdict.ok)
        action.setToolTip(rich_tooltip(verdict.reason if not verdict.ok else verdict.warning))
        action.triggered.connect(lambda _=False, p=place, c=carry: board.drop_carry(c, p))
    _pets_menu(board, menu, item)
    if item.count > 1:
        split = menu.addAction(f"Split the stack of {item.count}…")
        split.setObjectName("split_action")
        split.triggered.connect(lambda _=False, i=item.id: board.split_requested.emit(i))
    if item.armor is not None and not item.is_shield:
        _armour_action(board, menu, item)
    add_damaged_action(board, menu, item)
    dice = item.usage_dice
    if dice is not None and UsageDiceMode.ACTIVATE in dice.modes:
        _use_action(board, menu, item, dice.current)
    if dice is not None and UsageDiceMode.REFUEL in dice.modes and dice.refuel_with:
        _refuel_action(board, menu, item)
    _light_action(board, menu, item)
    if item.area == BACKPACK:
        draw = menu.addAction("Draw from pack…")
        draw.setObjectName("draw_action")
        draw.triggered.connect(lambda _=False, i=item.id: board.draw_requested.emit(i))
    menu.addSeparator()
    if item.area != GROUND:
        drop = menu.addAction("Drop on the ground")
        drop.setObjectName("drop_action")
        drop.triggered.connect(lambda _=False, i=item.id: board.drop_item(i, GROUND_PLACE))
    remove = menu.addAction("Remove from the inventory")
    remove.setObjectName("remove_action")
    remove.triggered.connect(lambda _=False, i=item: board.remove(i))


def _pets_menu(board: InventoryBoard, menu: QMenu, item: Item) -> None:
    """ "Put on a pet": each pet, closed with the reason when the item does not fit its pack."""
    character = board.character()
    if character is None or not character.pets:
        return
    pets = menu.addMenu("Put on a pet")
    pets.setObjectName("pets_menu")
    pets.setToolTipsVisible(True)
    for move in put_moves(character, item.id, board.rules()):
        action = pets.addAction(mnemonic_safe(move.text))
        action.setObjectName(f"put_on_{move.pet}")
        action.setEnabled(move.ok)
        action.setToolTip(rich_tooltip(move.reason))
        action.triggered.connect(
            lambda _=False, i=item.id, p=move.pet: board.pack_requested.emit(i, p)
        )


def _use_action(board: InventoryBoard, menu: QMenu, item: Item, dice: int) -> None:
    word = "die" if dice == 1 else "dice"
    action = menu.addAction(f"Use it (roll {dice} usage {word})" if dice else "Use it")
    action.setObjectName("use_action")
    action.setEnabled(dice > 0)
    if not dice:
        action.setToolTip(rich_tooltip(f"{item.name} has no usage dice left"))
    action.triggered.connect(lambda _=False, i=item.id: board.use_item(i))


def _refuel_action(board: InventoryBoard, menu: QMenu, item: Item) -> None:
    dice = item.usage_dice
    character = board.character()
    if dice is None or character is None:
        return
    action = menu.addAction(f"Refuel with {dice.refuel_with}")
    action.setObjectName("refuel_action")
    fuel = carried_fuel(character.items, item.id)
    refused = ""
    if dice.current >= dice.max:
        refused = f"{item.name} is full: it needs no {dice.refuel_with}"
    elif dice.entry.is_useless(dice.current):
        refused = f"{item.name} is used up for good"
    elif fuel is None:
        refused = f"{character.name} has no {dice.refuel_with} carried"
    action.setEnabled(not refused)
    if refused:
        action.setToolTip(rich_tooltip(refused))
    if fuel is not None:
        action.triggered.connect(lambda _=False, i=item.id, f=fuel.id: board.refuel_item(i, f))


def _light_action(board: InventoryBoard, menu: QMenu, item: Item) -> None:
    """ "Light it" on a torch, lantern or candle: a tracked light of the DT burning this item."""
    character = board.character()
    lighter = board.lighter
    if character is None or lighter is None:
        return
    refused = lighter.refusal(character, item)
    if refused is None:  # not a light
        return
    action = menu.addAction("Light it (tracked on the DT panel)")
    action.setObjectName("light_action")
    action.setEnabled(not refused)
    if refused:
        action.setToolTip(rich_tooltip(refused))
    action.triggered.connect(lambda _=False, c=character.name, i=item.id: lighter.light(c, i))


def _armour_action(board: InventoryBoard, menu: QMenu, item: Item) -> None:
    action: QAction
    if item.worn:
        action = menu.addAction("Take this armour off")
        action.triggered.connect(lambda _=False, i=item.id: board.set_worn(i, False))
    else:
        action = menu.addAction("Wear this armour")
        action.setEnabled(item.area == BACKPACK)
        if item.area != BACKPACK:
            action.setToolTip("Worn armour stays in the backpack: move it there first")
        action.triggered.connect(lambda _=False, i=item.id: board.set_worn(i, True))
    action.setObjectName("worn_action")
