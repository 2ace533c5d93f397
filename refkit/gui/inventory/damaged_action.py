"""The board menu's "Mark damaged" / "Mark repaired" entry: offered on every item, greyed with the
reason on the ones that cannot be damaged (only armour, shields and tools can); and on stabbing
weapons "Mark useless (Bury the Point)" / "Mark fixed"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from refkit.gui.common.plain_text import rich_tooltip
from refkit.rules.character.build_data import fold
from refkit.rules.inventory.damaged import damage_refusal
from refkit.rules.inventory.model import Item
from refkit.rules.inventory.useless import BURY_THE_POINT, is_melee_stabbing

if TYPE_CHECKING:
    from refkit.gui.inventory.board import InventoryBoard


def add_damaged_action(board: InventoryBoard, menu: QMenu, item: Item) -> None:
    """Add the entry that marks ``item`` damaged, or repaired when it is damaged; then Bury the
    Point's entry where it applies (:func:`add_useless_action`)."""
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
    add_useless_action(board, menu, item)


def add_useless_action(board: InventoryBoard, menu: QMenu, item: Item) -> None:
    """On a stabbing weapon of a crow with Bury the Point, the entry that marks it useless until
    fixed after the trait's double damage; on a useless item, the one that marks it fixed; none
    on other items."""
    crow = board.character()
    buries = crow is not None and fold(BURY_THE_POINT) in {fold(t) for t in crow.traits}
    if item.useless:
        action = menu.addAction("Mark fixed")
        action.setToolTip(rich_tooltip(f"{item.name} was fixed: it can be used again"))
        action.triggered.connect(lambda _=False, i=item.id: board.set_useless(i, False))
    elif buries and is_melee_stabbing(item) and item.count == 1:
        action = menu.addAction("Mark useless (Bury the Point)")
        action.setToolTip(
            rich_tooltip(
                f"{item.name} buried its point for double damage: it is useless until the "
                "Bury the Point rest activity fixes it"
            )
        )
        action.triggered.connect(lambda _=False, i=item.id: board.set_useless(i, True))
    else:
        return
    action.setObjectName("useless_action")
