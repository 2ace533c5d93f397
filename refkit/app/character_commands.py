"""The user's edits to a crow as undoable commands that save at once.

Every edit is a :class:`CharacterEdit`: the character before and after, and a text for the Edit
menu. ``do()`` stores the after-state and ``undo()`` the before-state, each straight to the
database, so an edit is never lost when the app is killed right after it (autosave).

The factory functions below read the stored crow, apply one rule from :mod:`refkit.rules` and
return the command without running it. A refused action (a move the slot rules forbid, a wound
in a slot that is taken, a rest with a doubled magic slot) raises there — MoveRefused,
WoundPlacementError, RestRefused or ValueError, each with a reason in plain words — and no
command exists, so nothing changes. Run the command with ``do()`` (or push it on the undo stack,
which calls ``do()``).

Undo and redo refuse with :class:`~refkit.app.undo.UndoConflictError`, changing nothing, when
the crow was saved by someone else since (another window, the command line, End DT): the store's
revision must still be the one this command left, or the crow exactly as it left it.

Drawing from the pack rolls a d10. Undoing the draw puts the item back, but the roll itself
stands: it was made at the table and is not rolled again on redo (redo repeats its outcome).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from refkit.app.character_service import CharacterService
from refkit.app.undo import UndoConflictError
from refkit.rules.character.model import (
    CHARACTERISTIC_NAMES,
    Character,
    Characteristics,
    DamageOutcome,
    Expertise,
)
from refkit.rules.character.slot_traits import inventory_rules
from refkit.rules.inventory.catalogue import CatalogueItem
from refkit.rules.inventory.model import (
    GROUND,
    HAND,
    Inventory,
    Item,
    describe_place,
    fresh_item_id,
)
from refkit.rules.inventory.moves import (
    DRAW_DIE_SIDES,
    DrawResult,
    MoveRefused,
    can_place_item,
    take_off_armor,
    wear_armor,
)
from refkit.rules.inventory.moves import add_item as add_item_anywhere
from refkit.rules.inventory.moves import draw_from_pack as draw_item
from refkit.rules.inventory.moves import drop_to_ground as drop_item
from refkit.rules.inventory.moves import move as move_item_to
from refkit.rules.inventory.moves import pick_up as pick_up_item
from refkit.rules.inventory.moves import refuel as refuel_item
from refkit.rules.inventory.moves import split_stack as split_item
from refkit.rules.inventory.moves import use_item as use_inventory_item
from refkit.rules.usage_dice import UsageDiceRoll
from refkit.store.errors import CharacterChangedError, CharacterNotFoundError


@dataclass
class CharacterEdit:
    """One undoable edit of one crow: store ``after`` on do, ``before`` on undo.

    ``name`` is the crow's stored name before the edit; an edit may rename it (``after.name``).
    """

    service: CharacterService
    name: str
    before: Character
    after: Character
    text: str
    read_revision: int | None = field(default=None, kw_only=True)
    """The revision ``before`` was read at (None: asked of the service, which knows it when
    ``before`` is the crow it last read; else the stored crow must still equal ``before``)."""
    # The crow's stored revision right after this command's last do or undo (None: not done yet).
    _revision: int | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.read_revision is None:
            self.read_revision = self.service.revision_read(self.before)

    @property
    def changes_anything(self) -> bool:
        return self.before != self.after

    def do(self) -> None:
        if self._revision is None:  # the first do: ``after`` was worked out from ``before``
            self._revision = self._first_do()
        else:
            self._swap(self.before, self.after, "redo")

    def _first_do(self) -> int:
        """Store ``after`` only if the crow is still the ``before`` it was worked out from:
        CharacterChangedError (a ConflictError), nothing saved, if someone saved it since. The
        runner of the step then works it out again on the fresh crow."""
        expected = self.read_revision
        if expected is None:
            stored, expected = self.service.repository.read(self.before.name)
            if stored != self.before:
                raise CharacterChangedError(
                    f"{self.before.name!r} was changed since it was read (in another window or "
                    "the command line); nothing was saved"
                )
        return self.service.put(self.before.name, self.after, expected_revision=expected)

    def undo(self) -> None:
        if self._revision is None:
            raise RuntimeError(f"{self.text!r} has not been done, so it cannot be undone")
        self._swap(self.after, self.before, "undo")

    def _swap(self, expected: Character, target: Character, action: str) -> None:
        """Store ``target`` if the crow is still as this command left it (``expected``)."""
        refused = f"cannot {action} {self.text!r}: {expected.name}"
        try:
            revision = self.service.revision(expected.name)
            # A save that changed nothing this command left (End DT moving conditions back and
            # forth) loses nothing: only a different crow is refused.
            if revision != self._revision and self.service.get(expected.name) != expected:
                raise UndoConflictError(
                    f"{refused} was changed since (in another window or the command line); "
                    "nothing was changed"
                )
            self._revision = self.service.put(expected.name, target, expected_revision=revision)
        except CharacterNotFoundError:
            raise UndoConflictError(f"{refused} was deleted since; nothing was changed") from None
        except CharacterChangedError:
            raise UndoConflictError(
                f"{refused} was changed at this very moment elsewhere; nothing was changed"
            ) from None


def edit(
    service: CharacterService, name: str, change: Callable[[Character], Character], text: str
) -> CharacterEdit:
    """A command for any change: ``change`` turns the stored crow into the edited one."""
    before = service.get(name)
    return CharacterEdit(service, before.name, before, change(before), text)


def _item_name(character: Character, item_id: str) -> str:
    try:
        return character.items.find(item_id).name
    except KeyError as error:
        raise MoveRefused(str(error.args[0])) from None


# -- damage and healing ---------------------------------------------------------------------------


def apply_damage(
    service: CharacterService,
    name: str,
    amount: int,
    *,
    piercing: bool = False,
    armour_order: Sequence[str] | None = None,
    wound_slots: Sequence[int] = (),
    vulnerable_roll: int | None = None,
    rng: random.Random | None = None,
) -> tuple[CharacterEdit, DamageOutcome]:
    """Damage through AD (armour in ``armour_order`` first), then Stamina, then wounds.

    ``wound_slots`` places wounds now; the outcome's ``wounds_to_place`` says how many more the
    player must place (with :func:`place_wounds`, a separate undoable step).
    """
    before = service.get(name)
    outcome = before.take_damage(
        amount,
        piercing=piercing,
        armour_order=armour_order,
        wound_slots=wound_slots,
        vulnerable_roll=vulnerable_roll,
        rng=rng,
    )
    kind = "piercing damage" if piercing else "damage"
    text = f"{amount} {kind} to {before.name}"
    return CharacterEdit(service, before.name, before, outcome.character, text), outcome


def place_wounds(service: CharacterService, name: str, slots: Sequence[int]) -> CharacterEdit:
    """Wounds put in the backpack slots the player picked."""
    where = ", ".join(str(slot) for slot in slots)
    plural = "s" if len(slots) != 1 else ""
    return edit(
        service,
        name,
        lambda c: c.place_wounds(slots),
        f"Wound{plural} in backpack slot{plural} {where}",
    )


def heal_wound(service: CharacterService, name: str, slot: int) -> CharacterEdit:
    """The wound in backpack ``slot`` healed."""
    return edit(service, name, lambda c: c.heal_wound(slot), f"Heal the wound in backpack {slot}")


def heal_stamina(service: CharacterService, name: str, amount: int) -> CharacterEdit:
    """Stamina regained, up to the maximum."""
    return edit(service, name, lambda c: c.heal_stamina(amount), f"Heal {amount} Stamina")


# -- inventory -------------------------------------------------------------------------------


def move_item(
    service: CharacterService, name: str, item_id: str, area: str, at: int | str | None
) -> CharacterEdit:
    """An item moved (or merged into a matching stack) to ``area`` at ``at``."""
    before = service.get(name)
    item_name = _item_name(before, item_id)
    items = move_item_to(
        before.items, item_id, area, at, rules=inventory_rules(before, service.rules)
    )
    place = _place_words(area, at)
    return CharacterEdit(
        service, before.name, before, before.with_items(items), f"Move {item_name} to {place}"
    )


def split_stack(
    service: CharacterService,
    name: str,
    item_id: str,
    count: int,
    area: str | None = None,
    at: int | str | None = None,
) -> tuple[CharacterEdit, str]:
    """``count`` taken off a stack as a new entry; returns the command and the new entry's id."""
    before = service.get(name)
    item_name = _item_name(before, item_id)
    result = split_item(
        before.items, item_id, count, area, at, rules=inventory_rules(before, service.rules)
    )
    command = CharacterEdit(
        service,
        before.name,
        before,
        before.with_items(result.inventory),
        f"Split {count} {item_name} off the stack",
    )
    return command, result.new_item_id


def drop_to_ground(service: CharacterService, name: str, item_id: str) -> CharacterEdit:
    before = service.get(name)
    item_name = _item_name(before, item_id)
    items = drop_item(before.items, item_id)
    return CharacterEdit(
        service, before.name, before, before.with_items(items), f"Drop {item_name}"
    )


def pick_up(
    service: CharacterService,
    name: str,
    item_id: str,
    area: str = HAND,
    at: int | str | None = None,
) -> CharacterEdit:
    """An item from the ground tray put into ``area`` (at ``at``, or the first place that fits)."""
    before = service.get(name)
    item_name = _item_name(before, item_id)
    items = pick_up_item(
        before.items, item_id, area, at, rules=inventory_rules(before, service.rules)
    )
    return CharacterEdit(
        service, before.name, before, before.with_items(items), f"Pick up {item_name}"
    )


def wear_armour(service: CharacterService, name: str, item_id: str) -> CharacterEdit:
    """The suit ``item_id`` worn from the backpack; any other suit taken off."""
    before = service.get(name)
    item_name = _item_name(before, item_id)
    items = wear_armor(before.items, item_id)
    return CharacterEdit(
        service, before.name, before, before.with_items(items), f"Wear {item_name}"
    )


def take_off_armour(service: CharacterService, name: str) -> CharacterEdit:
    before = service.get(name)
    items = take_off_armor(before.items)
    return CharacterEdit(service, before.name, before, before.with_items(items), "Take off armour")


def refuel(service: CharacterService, name: str, item_id: str, fuel_id: str) -> CharacterEdit:
    """One of ``fuel_id`` spent to restore the usage dice of ``item_id``."""
    before = service.get(name)
    item_name = _item_name(before, item_id)
    items = refuel_item(before.items, item_id, fuel_id)
    return CharacterEdit(
        service, before.name, before, before.with_items(items), f"Refuel {item_name}"
    )


def use_item(
    service: CharacterService,
    name: str,
    item_id: str,
    rng: random.Random,
    faces: Sequence[int] | None = None,
) -> tuple[CharacterEdit, UsageDiceRoll]:
    """An Activate item used: its usage dice rolled now (L400), the pips on the sheet dropping
    with them; returns the command (not done yet: redo keeps the same dice) and the roll."""
    before = service.get(name)
    item_name = _item_name(before, item_id)
    items, roll = use_inventory_item(before.items, item_id, rng, faces=faces)
    edit = CharacterEdit(service, before.name, before, before.with_items(items), f"Use {item_name}")
    return edit, roll


def add_catalogue_item(
    service: CharacterService,
    name: str,
    entry: CatalogueItem,
    area: str | None = None,
    at: int | str | None = None,
    *,
    count: int = 1,
) -> tuple[CharacterEdit, str]:
    """A fresh item of a catalogue entry, placed at ``area``/``at`` (merging onto a matching
    stack), or without ``area`` in the first place that fits (else on the ground).

    Returns the command and the id the new item gets (or the stack it joins).
    """
    before = service.get(name)
    item = entry.to_item(count=count, item_id=fresh_item_id(entry.name, before.items.ids()))
    if area is None:
        items = add_item_anywhere(before.items, item, rules=inventory_rules(before, service.rules))
    elif area == GROUND:
        items = before.items.with_item(item)
    else:
        verdict = can_place_item(
            before.items, item, area, at, rules=inventory_rules(before, service.rules)
        )
        if not verdict.ok:
            raise MoveRefused(verdict.reason)
        if verdict.merged is not None and verdict.merged < count:
            raise MoveRefused(
                f"{_place_words(area, at).capitalize()} has room for only {verdict.merged} more "
                f"{entry.name}"
            )
        items = move_item_to(
            before.items.with_item(item),
            item.id,
            area,
            at,
            rules=inventory_rules(before, service.rules),
        )
    new_id = item.id if item.id in items.ids() else _joined_stack(items, before.items, item)
    command = CharacterEdit(
        service, before.name, before, before.with_items(items), f"Add {entry.name}"
    )
    return command, new_id


def _joined_stack(after_items: Inventory, before_items: Inventory, item: Item) -> str:
    """The id of the stack a new item merged into."""
    for candidate in after_items:
        try:
            old = before_items.find(candidate.id)
        except KeyError:
            continue
        if candidate.count > old.count and candidate.same_thing_as(item):
            return candidate.id
    return item.id


def remove_item(service: CharacterService, name: str, item_id: str) -> CharacterEdit:
    """An item (or a whole stack) taken out of the inventory and the ground tray for good."""
    before = service.get(name)
    item_name = _item_name(before, item_id)
    return CharacterEdit(
        service,
        before.name,
        before,
        before.with_items(before.items.without(item_id)),
        f"Remove {item_name}",
    )


def draw_from_pack(
    service: CharacterService,
    name: str,
    item_id: str,
    *,
    roll: int | None = None,
    rng: random.Random | None = None,
    hand: int = 1,
    make_room: str = "drop",
) -> tuple[CharacterEdit | None, DrawResult]:
    """The Draw From Pack maneuver: roll a d10 (or use ``roll``) and, on a success, put the
    item in hand.

    Returns the command (None after a failed roll: nothing moved) and the draw's result. The
    roll is not part of the command: undo returns the item to the pack, redo repeats this roll's
    outcome without rolling again.
    """
    before = service.get(name)
    if roll is None:
        if rng is None:
            raise ValueError("draw from pack needs a d10: pass the roll or a random source")
        roll = rng.randint(1, DRAW_DIE_SIDES)
    item_name = _item_name(before, item_id)
    result = draw_item(
        before.items,
        item_id,
        roll,
        hand=hand,
        make_room=make_room,
        rules=inventory_rules(before, service.rules),
    )
    if not result.success:
        return None, result
    command = CharacterEdit(
        service,
        before.name,
        before,
        before.with_items(result.inventory),
        f"Draw {item_name} from the pack (rolled {roll})",
    )
    return command, result


# -- sheet details ---------------------------------------------------------------------------


def edit_characteristics(
    service: CharacterService,
    name: str,
    *,
    agility: int | None = None,
    mind: int | None = None,
    strength: int | None = None,
) -> CharacterEdit:
    """New values for some characteristics (the check reports values out of range)."""
    given = {"agility": agility, "mind": mind, "strength": strength}

    def change(character: Character) -> Character:
        values = character.characteristics.as_dict()
        values.update({key: value for key, value in given.items() if value is not None})
        return replace(character, characteristics=Characteristics(**values))

    changed = [key.capitalize() for key in CHARACTERISTIC_NAMES if given[key] is not None]
    return edit(service, name, change, f"Edit {', '.join(changed) or 'characteristics'}")


def edit_expertises(
    service: CharacterService, name: str, expertises: Sequence[Expertise]
) -> CharacterEdit:
    """The crow's expertises replaced by ``expertises`` (in that order)."""
    return edit(
        service,
        name,
        lambda c: replace(c, expertises=tuple(expertises)),
        "Edit expertises",
    )


def spend_expertise(service: CharacterService, name: str, expertise: str) -> CharacterEdit:
    """One use of an expertise spent; ValueError if it has none left."""
    return edit(
        service, name, lambda c: c.spend_expertise(expertise), f"Spend a use of {expertise}"
    )


def set_conditions(
    service: CharacterService, name: str, conditions: Sequence[str]
) -> CharacterEdit:
    """The crow's conditions set to ``conditions``; ValueError for an unknown one."""
    return edit(
        service,
        name,
        lambda c: replace(c, conditions=tuple(conditions)),
        "Edit conditions",
    )


def add_condition(service: CharacterService, name: str, condition: str) -> CharacterEdit:
    """The crow gains a condition (a second instance of one is never gained)."""
    return edit(service, name, lambda c: c.with_condition(condition), f"Gain {condition}")


def remove_condition(service: CharacterService, name: str, condition: str) -> CharacterEdit:
    return edit(service, name, lambda c: c.without_condition(condition), f"End {condition}")


class TypedTextChangedError(CharacterChangedError):
    """Text the user typed over a stored text that was changed elsewhere meanwhile (another
    window, the command line): nothing was saved. ``stored`` is the text as it is now and
    ``typed`` the user's, kept so the window can show both and let the user apply it again."""

    def __init__(self, crow: str, what: str, *, stored: str, typed: str) -> None:
        super().__init__(
            f"{crow}'s {what} were changed elsewhere (in another window or the command line) "
            "while you typed; nothing was saved and your text is kept"
        )
        self.crow = crow
        self.what = what
        self.stored = stored
        self.typed = typed


def edit_notes(
    service: CharacterService, name: str, notes: str, *, based_on: str | None = None
) -> CharacterEdit:
    """The crow's notes replaced by ``notes``. ``based_on``: the stored notes the typing started
    from; if the notes stored now are neither those nor ``notes``, someone else changed them
    meanwhile and TypedTextChangedError refuses rather than write over their text."""

    def change(character: Character) -> Character:
        if based_on is not None and character.notes not in (based_on, notes):
            raise TypedTextChangedError(
                character.name, "notes", stored=character.notes, typed=notes
            )
        return replace(character, notes=notes)

    return edit(service, name, change, "Edit notes")


def edit_details(
    service: CharacterService,
    name: str,
    *,
    new_name: str | None = None,
    player: str | None = None,
    cruelty: int | None = None,
    stamina_max: int | None = None,
    speed_base: int | None = None,
) -> CharacterEdit:
    """Name, player, cruelty, maximum Stamina or base speed changed (current Stamina is kept
    within the new maximum)."""

    def change(character: Character) -> Character:
        edited = character
        if new_name is not None:
            edited = replace(edited, name=new_name)
        if player is not None:
            edited = replace(edited, player=player)
        if cruelty is not None:
            edited = replace(edited, cruelty=cruelty)
        if speed_base is not None:
            edited = replace(edited, speed_base=speed_base)
        if stamina_max is not None:
            current = min(edited.stamina.current, stamina_max)
            edited = replace(
                edited, stamina=replace(edited.stamina, max=stamina_max, current=current)
            )
        return edited

    return edit(service, name, change, "Edit details")


def _place_words(area: str, at: int | str | None) -> str:
    if area == GROUND:
        return "the ground"
    if isinstance(at, str):
        return describe_place(area, None, 1, at)
    return describe_place(area, at)
