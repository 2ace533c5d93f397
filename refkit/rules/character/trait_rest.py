"""Traits that are rest activities (characters facts §4.4, the 23 tagged RA), Prepare
Campsite, which uses up the crow's activity (its +1 to a low EN is made with the rest's
encounter check: ``dt rest check --campsite``), and Bury the Point, whose weapon left useless
is fixed by a rest activity (``trait:Bury the Point[:WEAPON]``).

A crow who has one of these traits may do it as its one activity at a rest
(``trait:TRAIT[:TARGET]``). :func:`plan_trait` checks the choice — the crow has the trait, carries
what it needs, names what it is aimed at — and :func:`trait_result` is what the finished rest
does: Hearty Meals turns a ration into a hearty ration, Soothing Candies a ration into 1d10
soothing candies, Improvised Bomb makes a fire bomb, Alteration Stone a new alteration stone (the
old one goes), Scrap Arrows rolls 2d6 arrows; Song of Rest blesses the crows resting with the
singer and Leftovers feeds half the group without a ration (both done by the rest for the whole
group, :mod:`refkit.app.party.rest`). The others give a benefit that lasts until the crow's next
rest ends, or a one-off the referee settles at the table; the rest's report says which and the
rest records keep a lasting one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from refkit.errors import DomainError
from refkit.rules.character.absorbed_book import BURNED_IN_THE_BRAIN, absorb, book_to_absorb
from refkit.rules.character.build_data import fold
from refkit.rules.character.model import Character
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import GROUND, Item, fresh_item_id
from refkit.rules.inventory.moves import MoveRefused, add_item
from refkit.rules.inventory.useless import BURY_THE_POINT, item_to_fix


class TraitActivityRefused(DomainError, ValueError):
    """A trait rest activity the rules do not allow (the message says who, what and why)."""


HEARTY, CANDIES, BOMB, STONE, ARROWS = "hearty", "candies", "bomb", "stone", "arrows"
BLESS, LEFTOVERS, LASTING, ONE_OFF = "bless", "leftovers", "lasting", "one-off"
CAMPSITE, FIX_POINT, ABSORB = "campsite", "fix-point", "absorb"


@dataclass(frozen=True)
class TraitActivity:
    trait: str  # "Tree: Name"
    does: str  # in our words, what the rest gives
    kind: str  # one of the kinds above
    needs: tuple[str, ...] = ()  # items it needs carried (by name, any of them)
    target: str = ""  # what TARGET names ("" none)

    @property
    def name(self) -> str:
        return self.trait.partition(": ")[2]


_COOK = ("cook's utensils",)
_SONG = ("musical instrument",)
_BOOK = ("lore book",)
_JOURNAL = ("journal",)

TRAIT_ACTIVITIES: dict[str, TraitActivity] = {
    fold(t.trait): t
    for t in (
        TraitActivity("Alteration: Alteration Stone", "makes an alteration stone", STONE),
        TraitActivity("Archery: Scrap Arrows", "whittles 2d6 arrows from scrap wood", ARROWS),
        TraitActivity(
            "Camping: Hearty Meals", "turns a ration into a hearty ration", HEARTY, _COOK
        ),
        TraitActivity(
            "Camping: Leftovers", "feeds half the resting crows without a ration", LEFTOVERS
        ),
        TraitActivity(
            "Camping: Soothing Candies", "turns a ration into 1d10 soothing candies", CANDIES, _COOK
        ),
        TraitActivity(
            "Camping: Prepare Campsite",
            "the rest's EN +1 when it is 5 or lower (made with the rest's encounter check)",
            CAMPSITE,
        ),
        TraitActivity(
            "Camping: Plotting",
            "+2 on the first test using each of up to 3 items",
            LASTING,
            target="items",
        ),
        TraitActivity(
            "Camping: Weakness Diagram",
            "+1 on attacks against the sketched monster for the resting group",
            LASTING,
            target="monster",
        ),
        TraitActivity(
            "Camping: Prepare Your Gear",
            "+1 UD on up to 2 gear items",
            LASTING,
            target="items",
        ),
        TraitActivity(
            "Camping: Song of Rest", "the crows resting with you end the rest blessed", BLESS, _SONG
        ),
        TraitActivity("Camping: Song of Travel", "allies +2 on travel-role tests", LASTING, _SONG),
        TraitActivity(
            "Chopping: Hone the Blade",
            "+1 damage with up to 2 chopping weapons (lost on a tier 1 attack)",
            LASTING,
            target="weapons",
        ),
        TraitActivity(
            BURNED_IN_THE_BRAIN,
            "absorbs an elemental spellbook: always wielded, no slot",
            ABSORB,
            target="spellbook",
        ),
        TraitActivity(
            "Enchantment: Material Transfer",
            "swaps the materials of two armours or weapons",
            ONE_OFF,
            target="items",
        ),
        TraitActivity(
            "Enchantment: Enchantransfer",
            "swaps the magic properties of two weapons, armours or shields",
            ONE_OFF,
            target="items",
        ),
        TraitActivity(
            "Enchantment: Energy Transfer",
            "destroys a magic item for its crafting goal in points on a project",
            ONE_OFF,
            target="item",
        ),
        TraitActivity(
            "Knowledge: Specific Research",
            "up to 3 questions to the referee on the lore book's subject",
            ONE_OFF,
            _BOOK,
        ),
        TraitActivity(
            "Knowledge: Memorization",
            "keeps the lore book's expertise as if wielding it, until done again",
            ONE_OFF,
            _BOOK,
        ),
        TraitActivity(
            "Knowledge: Schematics",
            "+2 on tests about the sketched room",
            LASTING,
            target="room",
        ),
        TraitActivity(
            "Knowledge: Improvised Equipment",
            "a one-use stand-in for a mundane item",
            ONE_OFF,
            target="item",
        ),
        TraitActivity(
            "Knowledge: Improvised Bomb", "makes a fire bomb, useless after the next rest", BOMB
        ),
        TraitActivity(
            "Knowledge: Special Item",
            "+1 on tests that use one mundane item",
            LASTING,
            target="item",
        ),
        TraitActivity(
            "Leverage: Recycling",
            "one potion from 10 empty vials of its kind",
            ONE_OFF,
            target="potion",
        ),
        TraitActivity(
            "Pets: Buddy", "+2 on Mind tests with the chosen pets", LASTING, target="pets"
        ),
        TraitActivity(
            BURY_THE_POINT,
            "fixes a weapon useless since it buried the point",
            FIX_POINT,
            target="weapon",  # may be left out when only one is useless
        ),
    )
}
"""Trait (folded ``"Tree: Name"``) → what it does as a rest activity."""


def trait_activity(name: str) -> TraitActivity:
    """The rest activity of the trait ``name`` (``"Tree: Name"`` or ``"Name"``, any case)."""
    wanted = fold(name)
    for key, activity in TRAIT_ACTIVITIES.items():
        if wanted in (key, fold(activity.name)):
            return activity
    names = ", ".join(a.name for a in TRAIT_ACTIVITIES.values())
    raise TraitActivityRefused(f"{name!r} is not a trait that is a rest activity (one of {names})")


REPAIR_REPAIR = "Blacksmithing: Repair, Repair"
EXPERT_PLAN = "Knowledge: Expert Plan"
_PLAN_TOOLS = ("journal", "quill", "ink")


def has_trait(crow: Character, trait: str) -> bool:
    """Whether ``crow`` has ``trait`` (``"Tree: Name"``, any case)."""
    return fold(trait) in {fold(t) for t in crow.traits}


def expert_planner(crow: Character) -> bool:
    """Expert Plan: the crow has the trait and carries a journal, a quill and an inkpot (the
    quill and inkpot may be one card), so its Prepare for a Task helps every crow resting."""
    return has_trait(crow, EXPERT_PLAN) and carries_writing_kit(crow)


def carries_writing_kit(crow: Character) -> bool:
    """Whether the crow carries a journal, a quill and an inkpot (the quill and inkpot may be
    one card), as Expert Plan and Prepare Campsite need."""
    names = [fold(item.name) for item in crow.items.items]
    return all(any(tool in name for name in names) for tool in _PLAN_TOOLS)


def crow_trait_activities(crow: Character) -> tuple[TraitActivity, ...]:
    """The trait rest activities ``crow`` can do, in the order it has the traits."""
    return tuple(TRAIT_ACTIVITIES[fold(t)] for t in crow.traits if fold(t) in TRAIT_ACTIVITIES)


def _carried(crow: Character, names: Sequence[str]) -> Item | None:
    for item in crow.items.items:
        if any(fold(item.name).startswith(fold(name)) for name in names):
            return item
    return None


def _ration(crow: Character) -> Item | None:
    for item in crow.items.items:
        if fold(item.name) == "ration":
            return item
    return None


def plan_trait(crow: Character, trait: str, target: str) -> TraitActivity:
    """The checked trait activity; TraitActivityRefused naming the crow and what is missing."""
    activity = trait_activity(trait)
    if fold(activity.trait) not in {fold(t) for t in crow.traits}:
        own = ", ".join(a.name for a in crow_trait_activities(crow)) or "none"
        raise TraitActivityRefused(
            f"{crow.name} does not have the trait {activity.name} "
            f"(its trait rest activities: {own})"
        )
    if activity.needs and _carried(crow, activity.needs) is None:
        raise TraitActivityRefused(
            f"{crow.name}: {activity.name} needs a carried {' or '.join(activity.needs)}"
        )
    if activity.kind == CAMPSITE and not carries_writing_kit(crow):
        raise TraitActivityRefused(
            f"{crow.name}: {activity.name} needs a carried journal, quill and inkpot"
        )
    if activity.kind == FIX_POINT:
        try:
            item_to_fix(crow.items, crow.name, target)
        except MoveRefused as refused:
            raise TraitActivityRefused(f"{activity.name}: {refused}") from None
    if activity.kind == ABSORB and target:
        book = book_to_absorb(crow, target)
        if isinstance(book, str):
            raise TraitActivityRefused(f"{activity.name}: {book}")
    if activity.kind in (HEARTY, CANDIES) and _ration(crow) is None:
        raise TraitActivityRefused(f"{crow.name}: {activity.name} needs a carried ration")
    if activity.target and not target and activity.kind != FIX_POINT:
        raise TraitActivityRefused(
            f"{crow.name}: name the {activity.target} for {activity.name} "
            f"(trait:{activity.name}:{activity.target.upper()})"
        )
    return activity


def _catalogue_item(name: str, crow: Character, count: int = 1, notes: str = "") -> Item:
    entry = find_catalogue_item(load_item_catalogue(), name)
    item = entry.to_item(GROUND, None, count=count, item_id=fresh_item_id(name, crow.items.ids()))
    return replace(item, notes=notes) if notes else item


def _with_ration_made_into(crow: Character, made: Item) -> Character:
    ration = _ration(crow)
    assert ration is not None  # checked by plan_trait
    items = crow.items
    if ration.count > 1:
        items = items.replaced(replace(ration, count=ration.count - 1))
    else:
        items = items.without(ration.id)
    return crow.with_items(add_item(items, made))


def trait_result(
    crow: Character, activity: TraitActivity, target: str, rng: random.Random
) -> tuple[Character, str]:
    """The crow after the trait activity and what to say about it."""
    aimed = f" ({target})" if target else ""
    if activity.kind == HEARTY:
        made = _catalogue_item("Hearty ration", crow)
        return _with_ration_made_into(crow, made), "Hearty Meals: a ration became a hearty ration"
    if activity.kind == CANDIES:
        count = rng.randint(1, 10)
        made = _catalogue_item("Soothing candy", crow, count=count)
        text = (
            f"Soothing Candies: a ration became {count} soothing cand{'y' if count == 1 else 'ies'}"
        )
        return _with_ration_made_into(crow, made), text
    if activity.kind == BOMB:
        bomb = _catalogue_item("Fire bomb", crow, notes="Improvised: useless after your next rest.")
        return crow.with_items(add_item(crow.items, bomb)), "Improvised Bomb: made a fire bomb"
    if activity.kind == STONE:
        items = crow.items
        for old in items.items + items.ground:
            if fold(old.name) == "alteration stone":
                items = items.without(old.id)
        stone = _catalogue_item("Alteration stone", crow)
        return crow.with_items(
            add_item(items, stone)
        ), "Alteration Stone: made a new alteration stone"
    if activity.kind == ARROWS:
        arrows = rng.randint(1, 6) + rng.randint(1, 6)
        return crow, f"Scrap Arrows: 2d6 → {arrows} arrows from scrap wood"
    if activity.kind == LASTING:
        return crow, f"{activity.name}{aimed}: {activity.does} until the next rest ends"
    if activity.kind == CAMPSITE:
        return crow, "Prepare Campsite: prepared the camp (the rest's check counted it)"
    if activity.kind == ABSORB:
        book = book_to_absorb(crow, target)
        assert not isinstance(book, str)  # checked by plan_trait
        return absorb(crow, book)
    if activity.kind == FIX_POINT:
        weapon = item_to_fix(crow.items, crow.name, target)
        fixed = crow.with_items(crow.items.replaced(weapon.with_useless(False)))
        return fixed, f"Bury the Point: fixed {weapon.name}; it can be used again"
    return crow, f"{activity.name}{aimed}: {activity.does}"
