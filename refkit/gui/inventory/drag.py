"""What a drag onto the inventory board carries: an item already carried, or a catalogue entry.

Both are small JSON payloads under Refkit's own MIME types, so a drag from another application
(plain text, files) is never mistaken for an item.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from PySide6.QtCore import QMimeData

ITEM_MIME = "application/x-refkit-inventory-item"
CATALOGUE_MIME = "application/x-refkit-catalogue-item"


@dataclass(frozen=True)
class CarriedItemDrag:
    """An item of a crow's inventory being moved.

    ``grab_index`` is which of the item's slots the pointer took it by (0 for the first), so a
    two-slot card dropped by its right half lands where the pointer is.
    """

    character: str
    item_id: str
    grab_index: int = 0


@dataclass(frozen=True)
class CatalogueDrag:
    """A catalogue entry being added to a crow's inventory."""

    name: str


def carried_item_mime(drag: CarriedItemDrag) -> QMimeData:
    mime = QMimeData()
    payload = {"character": drag.character, "item_id": drag.item_id, "grab": drag.grab_index}
    mime.setData(ITEM_MIME, json.dumps(payload).encode("utf-8"))
    mime.setText(drag.item_id)
    return mime


def catalogue_mime(drag: CatalogueDrag) -> QMimeData:
    mime = QMimeData()
    mime.setData(CATALOGUE_MIME, json.dumps({"name": drag.name}).encode("utf-8"))
    mime.setText(drag.name)
    return mime


def read_drag(mime: QMimeData | None) -> CarriedItemDrag | CatalogueDrag | None:
    """The item a drag carries, or None for anything that is not a Refkit item."""
    if mime is None:
        return None
    if mime.hasFormat(ITEM_MIME):
        data = _payload(mime, ITEM_MIME)
        if (
            isinstance(data, dict)
            and isinstance(data.get("character"), str)
            and isinstance(data.get("item_id"), str)
        ):
            grab = data.get("grab", 0)
            return CarriedItemDrag(
                data["character"], data["item_id"], grab if isinstance(grab, int) else 0
            )
    if mime.hasFormat(CATALOGUE_MIME):
        data = _payload(mime, CATALOGUE_MIME)
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            return CatalogueDrag(data["name"])
    return None


def _payload(mime: QMimeData, kind: str) -> object:
    try:
        return json.loads(bytes(mime.data(kind).data()).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
