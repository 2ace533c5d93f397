"""The board menu's "Mark damaged" / "Mark repaired" entry: offered on every item, greyed with the
reason on the ones that cannot be damaged (only armour, shields and tools can)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from refkit.gui.common.plain_text import rich_tooltip
from refkit.rules.inventory.damaged import damage_refusal
from refkit.rules.inventory.model import Item

if TYPE_CHECKING:
    from refkit.gui.inventory.board import InventoryBoard


def add_damaged_action(board: InventoryBoard, menu: QMenu, item: Item) -> None:
    """Add the entry that marks ``item`` damaged, or repaired when it is damaged."""
    if item.damaged:
        action = menu.addAction("Mark repaired")
        action.setToolTip(rich_tooltip(f"{item.name} was repaired: its tests take no bane now"))
        action.triggered.connect(lambda _=False, i=item.id: board.set_damaged(i, False))
    else:
        action = menu.addAction("Mark damaged (a bane until repaired)")
        refused = damage_refusal(item)
        action.setEnabled(not refused)
        action.setToolTip(
            rich_tooltip(refused or f"Tests made with {item.name} take a bane until it is repaired")
        )
        action.triggered.connect(lambda _=False, i=item.id: board.set_damaged(i, True))
    action.setObjectName("damaged_action")
