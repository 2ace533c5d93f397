"""A crow (player character): characteristics, Stamina, wounds, conditions, expertises, items.

Everything here is immutable; every operation returns a new :class:`Character`.

- Characteristics run −5..5 for any creature; a new crow starts each between −1 and 2, and none
  rises above 4 without magic (booklet L132).
- Wounds fill backpack slots the player picks (when they fill every free slot there is nothing to
  pick, so they go in at once). Speed drops by one for every backpack slot that holds both a wound
  and an item; grabbed and unconscious make it 0, prone halves it; a crow with all ten slots
  wounded is dead (L355–357, L369, L375, L383, §15 C1).
- Damage comes off armour (in the order the player picks), then Stamina, then becomes wounds
  (§15 B1).
- A finished rest restores all Stamina, heals one wound of the player's choice, restores expertise
  uses (not in the Miasma) and the usage dice of Rest items and spellbooks (L439, L1039); the
  Repair Armor activity brings one carried armour or shield back to full AD (L343, L473).
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from refkit.errors import DomainError
from refkit.locate import read_resource_text
from refkit.rules.character.damage import ArmourSource, apply_damage, speed_with_wounds
from refkit.rules.character.pet_packs import PetPack, distinct_pack_ids
from refkit.rules.character.progress import Connection, Experience
from refkit.rules.character.speed import speed_under_conditions
from refkit.rules.common.name_text import require_plain_name
from refkit.rules.common.whole_numbers import require_whole
from refkit.rules.inventory.model import (
    BACKPACK,
    GROUND,
    MAGIC,
    SLOT_AREAS,
    WARNING,
    Inventory,
    InventoryRules,
    Item,
    Problem,
)

CONDITIONS: tuple[str, ...] = (
    "blessed",
    "grabbed",
    "prone",
    "vulnerable",
    "unconscious",
    "weakened",
)
CONDITIONS_ENDING_WITH_THE_DT: frozenset[str] = frozenset({"blessed", "vulnerable", "weakened"})
EXPERTISE_CATEGORIES: tuple[str, ...] = ("general", "spellcasting", "weapon")
CHARACTERISTIC_NAMES: tuple[str, ...] = ("agility", "mind", "strength")

BASE_SPEED = 5
HARD_RANGE = (-5, 5)
CREATION_RANGE = (-1, 2)
MAXIMUM_WITHOUT_MAGIC = 4
CREATION_SPREADS: tuple[tuple[int, int, int], ...] = ((2, 1, 0), (2, 2, -1))
"""The sorted value triples a background gives at creation ([PUB] Characters book)."""
CREATION_STAMINA: tuple[int, ...] = (5, 7, 9)
"""The Stamina a background gives at creation ([PUB] Characters book)."""
BACKPACK_WOUND_SLOTS: tuple[int, ...] = tuple(range(1, SLOT_AREAS[BACKPACK] + 1))
SPELLBOOK_TAG = "spellbook"
OVERLOAD_WOUND_DIE = 6


EXPERTISES_RESOURCE = ("expertises.toml",)


def load_expertise_names(text: str | None = None) -> dict[str, tuple[str, ...]]:
    """Expertise names by category (general, spellcasting, weapon) from the resources.

    Raises ValueError naming the category when the file lacks one or lists something odd.
    """
    data = tomllib.loads(read_resource_text(*EXPERTISES_RESOURCE) if text is None else text)
    names: dict[str, tuple[str, ...]] = {}
    for category in EXPERTISE_CATEGORIES:
        entries = data.get(category)
        if not isinstance(entries, list) or not entries:
            raise ValueError(f"expertises.toml: {category} must be a non-empty list of names")
        if not all(isinstance(name, str) and name.strip() for name in entries):
            raise ValueError(f"expertises.toml: every {category} expertise must be a name")
        names[category] = tuple(entries)
    return names


def expertise_category(name: str, names: dict[str, tuple[str, ...]] | None = None) -> str | None:
    """The category of a listed expertise (ignoring case), or None for a name not on the lists."""
    wanted = name.strip().casefold()
    for category, listed in (names or load_expertise_names()).items():
        if any(entry.casefold() == wanted for entry in listed):
            return category
    return None


class WoundPlacementError(DomainError, ValueError):
    """Wounds placed (or healed) in slots that cannot take them."""


class RestRefused(DomainError, ValueError):
    """A rest the rules forbid (a doubled magic slot, a dead crow, an unchosen wound)."""


@dataclass(frozen=True)
class Characteristics:
    """Agility, Mind and Strength (any whole numbers; the checks report values out of range)."""

    agility: int
    mind: int
    strength: int

    def __post_init__(self) -> None:
        for name in CHARACTERISTIC_NAMES:
            require_whole(name, getattr(self, name))

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in CHARACTERISTIC_NAMES}


@dataclass(frozen=True)
class Stamina:
    """Stamina: ``current`` of ``max``."""

    max: int
    current: int

    def __post_init__(self) -> None:
        require_whole("maximum Stamina", self.max, minimum=0)
        require_whole("current Stamina", self.current, minimum=0)
        if self.current > self.max:
            raise ValueError(f"current Stamina {self.current} is above the maximum {self.max}")


@dataclass(frozen=True)
class Expertise:
    """An expertise with its uses and how many of them are spent until the next rest."""

    name: str
    category: str
    uses: int
    spent: int = 0

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("an expertise needs a name")
        require_plain_name("an expertise's name", self.name)
        if self.category not in EXPERTISE_CATEGORIES:
            raise ValueError(
                f"expertise {self.name!r}: category must be one of "
                f"{', '.join(EXPERTISE_CATEGORIES)}, got {self.category!r}"
            )
        require_whole(f"expertise {self.name!r}: uses", self.uses, minimum=0)
        require_whole(f"expertise {self.name!r}: spent uses", self.spent, minimum=0)
        if self.spent > self.uses:
            raise ValueError(
                f"expertise {self.name!r}: {self.spent} uses spent but it has only {self.uses}"
            )

    @property
    def left(self) -> int:
        return self.uses - self.spent


@dataclass(frozen=True)
class DamageOutcome:
    """What a hit did: the crow afterwards, and how many wounds the player still has to place."""

    character: Character
    absorbed_by_armour: int
    stamina_lost: int
    wounds_taken: int
    wounds_to_place: int


@dataclass(frozen=True)
class Character:
    """A crow. ``speed_base`` is the ``speed`` key of the character file; ``speed`` is derived.

    ``wounds`` lists wounded backpack slots in ascending order. A file may list a slot twice or
    one outside 1–10; :func:`rule_problems` reports that, and the operations here never make it.
    ``advanced`` marks a crow past creation (the −1..2 creation range no longer applies);
    ``magic_characteristics`` marks characteristics raised above 4 by magic. ``background``,
    ``xp``, ``traits`` (``"Tree: Name"``, the free starting trait too), ``coins`` (in the purse),
    ``pets`` and ``connection`` are the character file's version 2 keys. ``pet_packs`` is what
    the pets carry (packs with items only) and ``burden_pet`` the pet that has Beast of Burden's
    extra slots until the next rest ends ("" none; :mod:`refkit.rules.character.pet_moves`).
    """

    name: str
    characteristics: Characteristics
    stamina: Stamina
    player: str = ""
    speed_base: int = BASE_SPEED
    cruelty: int = 0
    conditions: tuple[str, ...] = ()
    expertises: tuple[Expertise, ...] = ()
    items: Inventory = field(default_factory=Inventory)
    wounds: tuple[int, ...] = ()
    notes: str = ""
    portrait: str | None = None
    advanced: bool = False
    magic_characteristics: bool = False
    background: str = ""
    xp: Experience = field(default_factory=Experience)
    traits: tuple[str, ...] = ()
    coins: int = 0
    pets: tuple[str, ...] = ()
    connection: Connection | None = None
    pet_packs: tuple[PetPack, ...] = ()
    burden_pet: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("a character needs a name")
        require_plain_name("a crow's name", self.name)
        require_plain_name("the background's name", self.background)
        require_whole("coins", self.coins, minimum=0)
        for pet in self.pets:
            require_plain_name("a pet's name", pet)
        object.__setattr__(self, "traits", tuple(self.traits))
        object.__setattr__(self, "pets", tuple(self.pets))
        require_plain_name("the Beast of Burden pet", self.burden_pet)
        packs = distinct_pack_ids(self.items.ids(), self.pet_packs)
        object.__setattr__(self, "pet_packs", packs)
        require_plain_name("the player's name", self.player)
        require_whole("speed", self.speed_base, minimum=0)
        require_whole("cruelty", self.cruelty, minimum=0)
        seen: set[str] = set()
        for condition in self.conditions:
            if condition not in CONDITIONS:
                raise ValueError(
                    f"unknown condition {condition!r} (expected one of {', '.join(CONDITIONS)})"
                )
            if condition in seen:
                raise ValueError(f"the condition {condition!r} is listed twice")
            seen.add(condition)
        for wound in self.wounds:
            require_whole("a wound's backpack slot", wound)
        object.__setattr__(self, "conditions", tuple(self.conditions))
        object.__setattr__(self, "expertises", tuple(self.expertises))
        object.__setattr__(self, "wounds", tuple(sorted(self.wounds)))

    # -- derived values ----------------------------------------------------------------------

    @property
    def wound_slots(self) -> frozenset[int]:
        """The backpack slots (1–10) that hold a wound."""
        return frozenset(w for w in self.wounds if w in BACKPACK_WOUND_SLOTS)

    @property
    def wounded_item_slots(self) -> frozenset[int]:
        """Backpack slots holding both a wound and an item: each costs 1 speed."""
        return self.wound_slots & self.items.backpack_slots_holding_items()

    @property
    def speed(self) -> int:
        """Base speed − backpack slots holding both a wound and an item, not below 0; then 0 when
        grabbed or unconscious, halved (rounded down) when prone."""
        after_wounds = speed_with_wounds(self.speed_base, len(self.wounded_item_slots))
        return speed_under_conditions(after_wounds, self.conditions)

    @property
    def dead(self) -> bool:
        """All ten backpack slots hold a wound."""
        return self.wound_slots >= frozenset(BACKPACK_WOUND_SLOTS)

    @property
    def free_wound_slots(self) -> tuple[int, ...]:
        return tuple(s for s in BACKPACK_WOUND_SLOTS if s not in self.wound_slots)

    @property
    def armor_defense(self) -> int:
        """The AD left on the worn suit and the shields in hand."""
        return sum(i.armor.ad for i in self.items.armor_sources() if i.armor is not None)

    @property
    def cannot_rest(self) -> bool:
        return bool(self.items.overloaded_magic_slots())

    def has(self, condition: str) -> bool:
        return condition in self.conditions

    # -- plain edits -------------------------------------------------------------------------

    def with_items(self, items: Inventory) -> Character:
        return replace(self, items=items)

    def with_condition(self, condition: str) -> Character:
        """The crow with ``condition`` (a second instance of a condition is never gained)."""
        if condition in self.conditions:
            return self
        return replace(self, conditions=(*self.conditions, condition))

    def without_condition(self, condition: str) -> Character:
        return replace(self, conditions=tuple(c for c in self.conditions if c != condition))

    def spend_expertise(self, name: str) -> Character:
        """One use of the named expertise spent; ValueError if it has none left."""
        for index, expertise in enumerate(self.expertises):
            if expertise.name == name:
                if expertise.left == 0:
                    raise ValueError(f"{name} has no uses left until the next rest")
                spent = replace(expertise, spent=expertise.spent + 1)
                expertises = (*self.expertises[:index], spent, *self.expertises[index + 1 :])
                return replace(self, expertises=expertises)
        raise ValueError(f"{self.name} has no expertise called {name!r}")

    # -- damage and healing ------------------------------------------------------------------

    def take_damage(
        self,
        amount: int,
        *,
        piercing: bool = False,
        armour_order: Sequence[str] | None = None,
        wound_slots: Sequence[int] = (),
        vulnerable_roll: int | None = None,
        rng: random.Random | None = None,
    ) -> DamageOutcome:
        """Damage through AD (armour in ``armour_order`` by item id, the rest after it), then
        Stamina, then wounds.

        A vulnerable crow takes +1d6 when it takes damage at all (0 damage stays 0, L379): pass
        the die as ``vulnerable_roll`` or give ``rng``. ``wound_slots`` places some or all of the
        wounds now; the outcome says how many are still to place (see :meth:`place_wounds`).
        Wounds that fill every free backpack slot leave nothing to choose, so they all go in at
        once (and the crow dies). Any damage wakes an unconscious crow.
        """
        require_whole("damage", amount, minimum=0)
        extra = self._vulnerable_extra(vulnerable_roll, rng) if amount > 0 else 0
        sources = self._armour_in_order(armour_order)
        result = apply_damage(
            self.stamina.current,
            [ArmourSource(name=item_id, ad=ad) for item_id, ad in sources],
            amount,
            piercing=piercing,
            vulnerable_extra=extra,
        )
        items = self.items
        for source in result.armour_after:
            item = items.find(source.name)
            if item.armor is not None and item.armor.ad != source.ad:
                items = items.replaced(replace(item, armor=replace(item.armor, ad=source.ad)))
        hurt = replace(
            self, items=items, stamina=replace(self.stamina, current=result.stamina_after)
        )
        if amount + extra > 0:
            hurt = hurt.without_condition("unconscious")
        to_place = min(result.wounds, len(hurt.free_wound_slots))
        if len(wound_slots) > to_place:
            raise WoundPlacementError(
                f"{len(wound_slots)} wound slots given, but only {to_place} wounds to place"
            )
        hurt = hurt.place_wounds(wound_slots)
        left = to_place - len(wound_slots)
        if left and left >= len(hurt.free_wound_slots):
            hurt = hurt.place_wounds(hurt.free_wound_slots)  # no choice left: every slot fills
            left = 0
        return DamageOutcome(
            character=hurt,
            absorbed_by_armour=result.absorbed_by_armour,
            stamina_lost=result.stamina_lost,
            wounds_taken=result.wounds,
            wounds_to_place=left,
        )

    def _vulnerable_extra(self, vulnerable_roll: int | None, rng: random.Random | None) -> int:
        if not self.has("vulnerable"):
            if vulnerable_roll not in (None, 0):
                raise ValueError(f"{self.name} is not vulnerable; no extra d6 applies")
            return 0
        if vulnerable_roll is None:
            if rng is None:
                raise ValueError(
                    f"{self.name} is vulnerable: roll 1d6 extra damage and pass it, or pass rng"
                )
            return rng.randint(1, 6)
        require_whole("the vulnerable d6", vulnerable_roll, minimum=1)
        if vulnerable_roll > 6:
            raise ValueError(f"the vulnerable d6 shows 1–6, got {vulnerable_roll}")
        return vulnerable_roll

    def _armour_in_order(self, armour_order: Sequence[str] | None) -> list[tuple[str, int]]:
        items = self.items.armor_sources()
        sources = {item.id: item.armor.ad for item in items if item.armor is not None}
        order: list[str] = []
        for item_id in armour_order or ():
            if item_id not in sources:
                names = ", ".join(f"{i.name} ({i.id})" for i in items) or "none"
                raise ValueError(
                    f"{item_id!r} is not worn armour or a shield in hand (AD sources: {names})"
                )
            if item_id not in order:
                order.append(item_id)
        order += [item_id for item_id in sources if item_id not in order]
        return [(item_id, sources[item_id]) for item_id in order]

    def place_wounds(self, slots: Sequence[int]) -> Character:
        """Wounds added in the backpack slots the player picked (each 1–10, not yet wounded)."""
        taken = set(self.wound_slots)
        for slot in slots:
            if (
                isinstance(slot, bool)
                or not isinstance(slot, int)
                or slot not in BACKPACK_WOUND_SLOTS
            ):
                raise WoundPlacementError(f"a wound goes in backpack slot 1–10, not {slot!r}")
            if slot in taken:
                raise WoundPlacementError(f"backpack slot {slot} already holds a wound")
            taken.add(slot)
        return replace(self, wounds=(*self.wounds, *slots))

    def heal_wound(self, slot: int) -> Character:
        """The wound in backpack ``slot`` healed (the player chooses which)."""
        if slot not in self.wound_slots:
            raise WoundPlacementError(f"backpack slot {slot} holds no wound to heal")
        wounds = list(self.wounds)
        wounds.remove(slot)
        return replace(self, wounds=tuple(wounds))

    def heal_stamina(self, amount: int) -> Character:
        """Stamina regained, up to the maximum."""
        require_whole("Stamina healed", amount, minimum=0)
        current = min(self.stamina.max, self.stamina.current + amount)
        return replace(self, stamina=replace(self.stamina, current=current))

    def repairable_armour(self) -> tuple[Item, ...]:
        """Carried armour and shields (not on the ground) that have lost AD."""
        return tuple(
            item
            for item in self.items
            if item.area != GROUND and item.armor is not None and item.armor.ad < item.armor.max_ad
        )

    def repair_armour(self, item_id: str) -> Character:
        """The Repair Armor rest activity: one carried armour or shield back to full AD (L473).

        Raises RestRefused naming the item when it is not carried armour that lost AD.
        """
        try:
            item = self.items.find(item_id)
        except KeyError:
            raise RestRefused(f"{self.name} carries no item {item_id!r} to repair") from None
        if item.armor is None:
            raise RestRefused(f"{item.name} is not armour or a shield; it has no AD to repair")
        if item.area == GROUND:
            raise RestRefused(f"{item.name} lies on the ground; a rest repairs what is carried")
        if item.armor.ad >= item.armor.max_ad:
            raise RestRefused(f"{item.name} is at full AD ({item.armor.max_ad}) already")
        repaired = replace(item, armor=replace(item.armor, ad=item.armor.max_ad))
        return replace(self, items=self.items.replaced(repaired))

    def finish_rest(
        self,
        healed_wounds: Sequence[int] = (),
        *,
        in_miasma: bool = False,
        wounds_healed: int = 1,
        repair_armour: str | None = None,
    ) -> Character:
        """The crow after finishing a rest.

        All Stamina back; ``wounds_healed`` wounds (1, or 2 with Tend Wounds) leave the slots the
        player names in ``healed_wounds`` (as many as there are wounds, up to that number);
        expertise uses restored unless the rest was in the Miasma, and a rest finished away from
        the Miasma clears all cruelty (L936); Rest items and spellbooks get their usage dice back;
        conditions that end with the DT are gone (they end at the rest's midpoint). With
        ``repair_armour`` (an item id: the crow's Repair Armor activity) that armour or shield is
        back to full AD. Raises RestRefused for a doubled magic slot, a dead crow, or a wrong
        choice.
        """
        if self.dead:
            raise RestRefused(f"{self.name} is dead")
        overloaded = self.items.overloaded_magic_slots()
        if overloaded:
            raise RestRefused(
                f"{self.name} cannot rest with two items in the {', '.join(overloaded)} slot"
            )
        due = min(wounds_healed, len(self.wound_slots))
        chosen = list(healed_wounds)
        if len(chosen) != due or len(set(chosen)) != len(chosen):
            raise RestRefused(
                f"choose {due} different wounded backpack slot(s) to heal, got {chosen}"
            )
        rested = self if repair_armour is None else self.repair_armour(repair_armour)
        for slot in chosen:
            try:
                rested = rested.heal_wound(slot)
            except WoundPlacementError as error:
                raise RestRefused(str(error)) from None
        expertises = self.expertises
        if not in_miasma:
            expertises = tuple(replace(e, spent=0) for e in expertises)
        items = rested.items
        for item in items.items:  # what is carried: the ground tray rests with nobody (L399)
            dice = item.usage_dice
            if dice is None:
                continue
            restored = dice.entry.after_rest(dice.current)
            if SPELLBOOK_TAG in item.tags:
                restored = dice.max
            if restored != dice.current:
                items = items.replaced(replace(item, usage_dice=replace(dice, current=restored)))
        return replace(
            rested,
            stamina=replace(self.stamina, current=self.stamina.max),
            expertises=expertises,
            items=items,
            cruelty=self.cruelty if in_miasma else 0,
            conditions=tuple(c for c in self.conditions if c not in CONDITIONS_ENDING_WITH_THE_DT),
        )

    def overload_wounds_at_dt_end(self, rng: random.Random) -> int:
        """Wounds gained at the end of a DT from doubled magic slots: 1d6 if any, else 0."""
        if not self.items.overloaded_magic_slots():
            return 0
        return rng.randint(1, OVERLOAD_WOUND_DIE)


# -- checks -----------------------------------------------------------------------------------


def wound_problems(character: Character) -> list[Problem]:
    """``wound_slot`` errors: wounds outside backpack slots 1–10, or a slot listed twice."""
    problems = []
    seen: set[int] = set()
    for wound in character.wounds:
        if wound not in BACKPACK_WOUND_SLOTS:
            problems.append(
                Problem("wound_slot", f"A wound is listed in backpack slot {wound}; slots are 1–10")
            )
        elif wound in seen:
            problems.append(
                Problem("wound_slot", f"Backpack slot {wound} is listed with two wounds")
            )
        seen.add(wound)
    return problems


def magic_fit_problems(character: Character) -> list[Problem]:
    """``magic_slot`` errors for what the move rules never put in a magic slot: an item taking
    more than one slot, or a stack (a magic slot holds one worn item)."""
    problems = []
    for item in character.items:
        if item.area != MAGIC:
            continue
        where = f"the {item.magic_slot} slot" if item.magic_slot else "a magic slot"
        if item.slots > 1:
            problems.append(
                Problem(
                    "magic_slot",
                    f"{item.name} takes {item.slots} slots, but {where} holds one worn item",
                )
            )
        if item.count > 1:
            problems.append(
                Problem(
                    "magic_slot",
                    f"{item.name} is a stack of {item.count} in {where}; a magic slot holds one "
                    "item",
                )
            )
    return problems


def characteristic_problems(character: Character) -> list[Problem]:
    """``characteristic_range`` errors (outside −5..5) and ``characteristic_above_max`` warnings."""
    low, high = HARD_RANGE
    problems = []
    for name, value in character.characteristics.as_dict().items():
        if not low <= value <= high:
            problems.append(
                Problem(
                    "characteristic_range",
                    f"{name.capitalize()} is {value}; characteristics run from {low} to {high}",
                )
            )
    for name, value in character.characteristics.as_dict().items():
        if MAXIMUM_WITHOUT_MAGIC < value <= high and not character.magic_characteristics:
            problems.append(
                Problem(
                    "characteristic_above_max",
                    f"{name.capitalize()} is {value}; without magic a crow's maximum is "
                    f"{MAXIMUM_WITHOUT_MAGIC}",
                    WARNING,
                )
            )
    return problems


def rule_problems(character: Character, rules: InventoryRules | None = None) -> list[Problem]:
    """Every rule breach of the character file contract: errors first, then warnings (the slot
    rules with the extra slots the crow's traits give; the pets' packs, code ``pet_pack``)."""
    from refkit.rules.character.pet_moves import pack_problems
    from refkit.rules.character.slot_traits import inventory_rules

    found = [
        *character.items.check(inventory_rules(character, rules)),
        *pack_problems(character, rules),
        *magic_fit_problems(character),
        *wound_problems(character),
        *characteristic_problems(character),
    ]
    return [p for p in found if not p.is_warning] + [p for p in found if p.is_warning]


def creation_problems(character: Character, rules: InventoryRules | None = None) -> list[Problem]:
    """Rule breaches plus what a new crow may not have.

    ``creation_range`` (error): a characteristic outside −1..2 on a crow not marked advanced.
    ``creation_spread`` and ``creation_stamina`` (warnings, from the [PUB] Characters book): the
    three values are not 2, 1, 0 or 2, 2, −1 in some order; Stamina is not 5, 7 or 9.
    """
    problems: list[Problem] = []
    if not character.advanced:
        low, high = CREATION_RANGE
        values = character.characteristics.as_dict()
        for name, value in values.items():
            if not low <= value <= high:
                problems.append(
                    Problem(
                        "creation_range",
                        f"{name.capitalize()} is {value}; a new crow starts each "
                        f"characteristic between {low} and {high}",
                    )
                )
        spread = tuple(sorted(values.values(), reverse=True))
        if spread not in CREATION_SPREADS:
            problems.append(
                Problem(
                    "creation_spread",
                    "A background sets one characteristic to 2 and the others to 1 and 0, or to "
                    f"2 and −1; these are {', '.join(str(v) for v in values.values())}",
                    WARNING,
                )
            )
        if character.stamina.max not in CREATION_STAMINA:
            problems.append(
                Problem(
                    "creation_stamina",
                    f"A background gives 5, 7 or 9 Stamina, not {character.stamina.max}",
                    WARNING,
                )
            )
    found = [*problems, *rule_problems(character, rules)]
    return [p for p in found if not p.is_warning] + [p for p in found if p.is_warning]
