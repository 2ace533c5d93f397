"""The inventory board's decisions, Qt-free: where a carried card lands, whether it may, what
the hint says while it hovers and once it is let go, and what hovering a wound box says.

The board widget (:class:`refkit.gui.inventory.board.InventoryBoard`), its keyboard, painter and
"Move to" menu all ask these, so a drag, the keyboard and the menu judge a move the same way; the
widget only draws the verdicts and hands the move it is told to make to the crow's editing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from refkit.present.sheet_layout import GROUND_PLACE, Place, all_slot_places
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


class DropKind(Enum):
    """What letting a card go asks of the crow's editing."""

    ADD = "add the catalogue's item"
    MOVE = "move the crow's item"
    NOTHING = "nothing (refused, or a card on the ground let go on the ground)"


@dataclass(frozen=True)
class Drop:
    """What letting ``carry`` go over a place does: the edit (:attr:`kind`) into ``area`` at
    ``at``, the hint once it is made (:attr:`done`), or why it is refused (:attr:`refused`)."""

    kind: DropKind
    area: str = GROUND
    at: int | str | None = None
    done: str = ""
    refused: str = ""


def plan_drop(
    character: Character | None, rules: InventoryRules, carry: Carry, place: Place
) -> Drop:
    """What letting ``carry`` go over ``place`` does (see :class:`Drop`)."""
    verdict = judge(character, rules, carry, place)
    if not verdict.ok:
        return Drop(DropKind.NOTHING, refused=not_moved(verdict.reason))
    area, at = target_for(place, carry.grab_index)
    if carry.from_catalogue:
        return Drop(DropKind.ADD, area, at, f"Added {carry.item.name} to {place.label}")
    if area == GROUND and carry.item.area == GROUND:
        return Drop(DropKind.NOTHING, area, at)
    done = describe_verdict(carry, place, verdict).removeprefix("✓ ")
    return Drop(DropKind.MOVE, area, at, f"Done: {done}")


def not_moved(reason: str) -> str:
    """The hint for a move the rules or the editing refused."""
    return f"✗ Not moved: {reason}"


def wound_box_tooltip(character: Character | None, slot: int) -> str:
    """What hovering the wound box of backpack ``slot`` says (nothing without a crow)."""
    if character is None:
        return ""
    if slot in character.wound_slots:
        return f"Backpack slot {slot} holds a wound. Click to heal it."
    return f"Click to place a wound in backpack slot {slot}."
