"""Where the board's cards are drawn: the rectangles a click or a drag hits.

Whether a card may go somewhere, and what the board says about it, is decided in
:mod:`refkit.present.board_moves` (Qt-free); nothing here paints or handles events.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF

from refkit.gui.inventory.board_layout import BoardLayout, Place, laid_out_places
from refkit.present.board_moves import entries_at
from refkit.rules.character.model import Character
from refkit.rules.inventory.model import GROUND, MAGIC


@dataclass(frozen=True)
class CardHit:
    """A card drawn on the board: the item, the rectangle, and its first slot in that piece."""

    item_id: str
    rect: QRectF
    first_index: int
    place: Place


def card_hits(character: Character | None, layout: BoardLayout) -> list[CardHit]:
    """Every card rectangle on the board, in painting order (later ones on top)."""
    hits: list[CardHit] = []
    if character is None:
        return hits
    done: set[str] = set()
    for place in laid_out_places(layout):
        entries = entries_at(character, place)
        if not entries:
            continue
        cell = layout.card_area(place)
        shared = len(entries) > 1
        for index, item in enumerate(entries):
            if item.id in done and not shared:
                continue
            if shared:
                band = cell.height() / len(entries)
                rect = QRectF(cell.left(), cell.top() + index * band, cell.width(), band)
                first = (place.at - item.at) if isinstance(place.at, int) and item.at else 0
                hits.append(CardHit(item.id, rect, first, place))
                continue
            done.add(item.id)
            if place.area == MAGIC or item.at is None:
                hits.append(CardHit(item.id, cell, 0, place))
                continue
            for first, rect in layout.span_pieces(item.area, item.at, item.slots):
                hits.append(CardHit(item.id, rect, first - item.at, Place(item.area, first)))
    for index, item in enumerate(character.items.ground):
        if index < len(layout.ground_cells):
            hits.append(CardHit(item.id, layout.ground_cells[index], 0, Place(GROUND, index)))
    return hits
