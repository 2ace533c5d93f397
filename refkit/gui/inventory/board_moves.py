"""Where the board's cards are and whether a card may go somewhere: hits, targets and verdicts.

Nothing here paints or handles events; the board widget, its painter and its context menu all ask
these functions, so a drag, the keyboard and the "Move to" menu judge a move the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF

from refkit.gui.inventory.board_layout import (
    GROUND_PLACE,
    BoardLayout,
    Place,
    all_slot_places,
    laid_out_places,
)
from refkit.rules.character.model import Character
from refkit.rules.character.slot_traits import inventory_rules
from refkit.rules.inventory.model import BELT, GROUND, MAGIC, SLOT_AREAS, InventoryRules, Item
from refkit.rules.inventory.moves import MoveRefused, Verdict, can_place, can_place_item


@dataclass(frozen=True)
class Carry:
    """An item on its way to a new place (dragged, or picked up with the keyboard)."""

    item: Item
    grab_index: int = 0
    from_catalogue: bool = False


@dataclass(frozen=True)
class CardHit:
    """A card drawn on the board: the item, the rectangle, and its first slot in that piece."""

    item_id: str
    rect: QRectF
    first_index: int
    place: Place


def place_of(character: Character, item: Item) -> Place:
    """The place a carried item is drawn at."""
    if item.area == MAGIC:
        return Place(MAGIC, item.magic_slot)
    if item.area == GROUND:
        return Place(GROUND, [i.id for i in character.items.ground].index(item.id))
    return Place(item.area, item.at)


def entries_at(character: Character | None, place: Place) -> list[Item]:
    """The items drawn in one slot (several for a shared stack or a doubled magic slot)."""
    if character is None:
        return []
    inventory = character.items
    if place.area == GROUND:
        ground = inventory.ground
        if isinstance(place.at, int) and 0 <= place.at < len(ground):
            return [ground[place.at]]
        return []
    if place.at is None:
        return []
    return list(inventory.occupants(place.area, place.at))


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


def target_for(place: Place, grab_index: int = 0) -> tuple[str, int | str | None]:
    """The area and first slot an item lands in when let go over ``place``."""
    if place.area == GROUND:
        return GROUND, None
    if place.area == MAGIC:
        return MAGIC, place.at
    assert isinstance(place.at, int)
    return place.area, place.at - grab_index


def judge(
    character: Character | None, rules: InventoryRules, carry: Carry, place: Place
) -> Verdict:
    """Whether ``carry`` may be let go over ``place``, and if not, why."""
    if character is None:
        return Verdict(ok=False, reason="No crow is open")
    area, at = target_for(place, carry.grab_index)
    inventory = character.items
    rules = inventory_rules(character, rules)
    if area not in (GROUND, MAGIC) and isinstance(at, int) and at < 1:
        slots = carry.item.slots
        return Verdict(
            ok=False,
            reason=f"{carry.item.name} takes {slots} slots; there is no room for it to the "
            f"left of {place.label}",
        )
    if carry.from_catalogue:
        return can_place_item(inventory, carry.item, area, at, rules=rules)
    if area == GROUND and carry.item.area == GROUND:
        return Verdict(ok=True)
    return can_place(inventory, carry.item.id, area, at, rules=rules)


def judge_everywhere(
    character: Character | None, rules: InventoryRules, carry: Carry
) -> dict[Place, Verdict]:
    """The verdict for every slot and the ground (to colour the targets while carrying)."""
    belt = inventory_rules(character, rules).size(BELT) if character else SLOT_AREAS[BELT]
    places = [*all_slot_places(belt), GROUND_PLACE]
    return {place: judge(character, rules, carry, place) for place in places}


def describe_verdict(carry: Carry, place: Place, verdict: Verdict) -> str:
    """The verdict in words, for the hint line, the tooltip and the screen reader."""
    name = carry.item.name
    if not verdict.ok:
        return f"✗ {verdict.reason}"
    if place.area == GROUND:
        return f"✓ Drop {name} on the ground"
    text = f"✓ {name} fits in {place.label}"
    if verdict.merged is not None:
        left = carry.item.count - verdict.merged
        text = f"✓ {verdict.merged} of {carry.item.count} {name} join the stack in {place.label}"
        if left:
            text += f"; {left} stay where they are"
    if verdict.warning:
        text += f" — ⚠ {verdict.warning}"
    return text


def refusal_reason(error: BaseException) -> str:
    """Why an edit the board asked for was refused, in the rules' words."""
    if isinstance(error, MoveRefused):
        return error.reason
    if isinstance(error, KeyError) and error.args:
        return str(error.args[0])
    return str(error)
