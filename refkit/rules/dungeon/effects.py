"""Effects the referee tracks across dungeon turns: lights, spell and backlash durations, others.

Each has usage dice (UD) and the modes that say when they are rolled or restored
(crows-facts.md §6). Effects with UD — spells, backlashes and the like — are rolled at the end of
every DT; equipment is rolled at the end of a DT when it has the DT mode (a light only while lit).
At 0 UD an effect ends and is removed; equipment stays: a Useless item is marked spent for good,
a light goes out until it is refuelled or restored by a rest. Dousing a light that burns down at
the end of a DT rolls its UD once more at once (L509).

A light lit from a crow's inventory is *bound* to that item (``crow`` and ``item_id``): its usage
dice are the item's, so the app reads them from the item before each step and writes what a roll
burnt back onto it (:func:`light_from_item`, :func:`synced_with_item`).

Everything here is immutable; each operation returns new values.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from refkit.rules.common.name_text import match_key
from refkit.rules.usage_dice import (
    UsageDiceMode,
    UsageDiceRoll,
    roll_usage_dice,
    usage_dice_from_faces,
)

MAX_USAGE_DICE = 20

_ITEM_MODES = frozenset(
    {UsageDiceMode.USELESS, UsageDiceMode.REFUEL, UsageDiceMode.REST, UsageDiceMode.ACTIVATE}
)


class EffectKind(StrEnum):
    LIGHT = "light"
    SPELL = "spell"
    BACKLASH = "backlash"
    CONDITION = "condition"
    CUSTOM = "custom"


class LightStatus(StrEnum):
    """What the players' window shows for a light, without giving away the dice."""

    BURNING = "burning"
    GUTTERING = "guttering"  # burnt down to its last usage die
    OUT = "out"


def parse_modes(modes: Iterable[str | UsageDiceMode] | str) -> frozenset[UsageDiceMode]:
    """Modes from names such as ``"DT,Useless"`` or ``["DT", "Useless"]`` (any case)."""
    if isinstance(modes, str):
        modes = [part for part in modes.replace(";", ",").split(",") if part.strip()]
    parsed = set()
    for mode in modes:
        parsed.add(mode if isinstance(mode, UsageDiceMode) else UsageDiceMode.parse(mode))
    return frozenset(parsed)


def _check_dice_count(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if not 0 <= value <= MAX_USAGE_DICE:
        raise ValueError(f"{name} must be between 0 and {MAX_USAGE_DICE}, got {value}")


@dataclass(frozen=True)
class TrackedEffect:
    """One tracked effect. ``id`` is unique within the referee's list.

    ``ends_at_dt_end`` marks an effect that simply ends when the DT ends (a spell lasting until
    the end of the DT, say) whether or not it has usage dice; ``ends_at_rest`` one that lasts
    until the next rest (a backlash "until a rest"), ending where a rest ends DT-bound effects.
    An effect with 0 UD and neither flag lasts until the referee removes it.
    """

    id: str
    name: str
    kind: EffectKind
    usage_dice: int
    max_usage_dice: int
    modes: frozenset[UsageDiceMode] = frozenset()
    spent: bool = False
    lit: bool = False
    ends_at_dt_end: bool = False
    refuel_with: str = ""
    owner: str = ""
    crow: str = ""
    item_id: str = ""
    ends_at_rest: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id.strip():
            raise ValueError(f"a tracked effect needs an id, got {self.id!r}")
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError(f"tracked effect {self.id!r} needs a name")
        if not isinstance(self.kind, EffectKind):
            object.__setattr__(self, "kind", _parse_kind(self.kind))
        object.__setattr__(self, "modes", parse_modes(self.modes))
        _check_dice_count(f"{self.name}: maximum usage dice", self.max_usage_dice)
        _check_dice_count(f"{self.name}: usage dice", self.usage_dice)
        if self.usage_dice > self.max_usage_dice:
            raise ValueError(
                f"{self.name}: usage dice {self.usage_dice} exceed the maximum "
                f"{self.max_usage_dice}"
            )
        if self.kind is EffectKind.LIGHT and self.max_usage_dice == 0:
            raise ValueError(f"{self.name}: a light needs at least 1 usage die")
        if self.lit and self.kind is not EffectKind.LIGHT:
            raise ValueError(f"{self.name}: only a light can be lit")
        if self.lit and (self.spent or self.usage_dice == 0):
            raise ValueError(f"{self.name}: a light with no usage dice left cannot be lit")
        if bool(self.crow) != bool(self.item_id):
            raise ValueError(f"{self.name}: an item's effect names both the crow and the item")

    @property
    def bound(self) -> bool:
        """True when the usage dice are those of an item a crow carries."""
        return bool(self.item_id)

    @property
    def source(self) -> str:
        """Where the dice come from, as the referee's list says it: "Wren's Torch" (or "")."""
        return f"{self.crow}'s {self.name}" if self.bound else ""

    # -- reading ----------------------------------------------------------------------------

    @property
    def is_equipment(self) -> bool:
        """Lights and items keep existing at 0 UD; other effects end there."""
        if self.kind is EffectKind.LIGHT:
            return True
        return self.kind is EffectKind.CUSTOM and bool(self.modes & _ITEM_MODES)

    @property
    def rolls_at_dt_end(self) -> bool:
        """True when this effect's usage dice are rolled at the end of each DT."""
        if self.spent or self.usage_dice == 0:
            return False
        if self.kind is EffectKind.LIGHT:
            return self.lit and UsageDiceMode.DT in self.modes
        if self.is_equipment:
            return UsageDiceMode.DT in self.modes
        return True  # effects with usage dice are always rolled at the end of a DT

    @property
    def bound_to_dt(self) -> bool:
        """Ends at the end of a DT or has its UD rolled then (ends at a rest's half-way point)."""
        return self.ends_at_dt_end or (not self.is_equipment and self.rolls_at_dt_end)

    @property
    def ends_with_rest(self) -> bool:
        """Ends at a rest's half-way point: bound to the DT, or lasting until a rest."""
        return self.ends_at_rest or self.bound_to_dt

    @property
    def light_status(self) -> LightStatus:
        if self.kind is not EffectKind.LIGHT:
            raise ValueError(f"{self.name} is not a light")
        if not self.lit or self.spent or self.usage_dice == 0:
            return LightStatus.OUT
        # A light that starts with one die (a torch, a candle) burns until it goes out; one that
        # has burnt down to its last die gutters.
        burnt_down = self.usage_dice == 1 and self.max_usage_dice > 1
        return LightStatus.GUTTERING if burnt_down else LightStatus.BURNING

    # -- persistence ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind.value,
            "usage_dice": self.usage_dice,
            "max_usage_dice": self.max_usage_dice,
            "modes": sorted(mode.value for mode in self.modes),
            "spent": self.spent,
            "lit": self.lit,
            "ends_at_dt_end": self.ends_at_dt_end,
            "refuel_with": self.refuel_with,
            "owner": self.owner,
            "crow": self.crow,
            "item_id": self.item_id,
            "ends_at_rest": self.ends_at_rest,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TrackedEffect:
        try:
            return cls(
                id=str(data["id"]),
                name=str(data["name"]),
                kind=_parse_kind(data["kind"]),
                usage_dice=data["usage_dice"],
                max_usage_dice=data.get("max_usage_dice", data["usage_dice"]),
                modes=parse_modes(data.get("modes", ())),
                spent=bool(data.get("spent", False)),
                lit=bool(data.get("lit", False)),
                ends_at_dt_end=bool(data.get("ends_at_dt_end", False)),
                refuel_with=str(data.get("refuel_with", "")),
                owner=str(data.get("owner", "")),
                crow=str(data.get("crow", "")),
                item_id=str(data.get("item_id", "")),
                ends_at_rest=bool(data.get("ends_at_rest", False)),
            )
        except KeyError as missing:
            raise ValueError(f"tracked effect data is missing the key {missing}") from None


def _parse_kind(value: object) -> EffectKind:
    try:
        return EffectKind(str(value).strip().casefold())
    except ValueError:
        kinds = ", ".join(kind.value for kind in EffectKind)
        raise ValueError(f"unknown effect kind {value!r} (expected one of {kinds})") from None


# -- presets ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LightPreset:
    name: str
    usage_dice: int
    modes: frozenset[UsageDiceMode]
    refuel_with: str = ""


# The Playtest 2 cards' numbers (items-facts.md); a test holds them to the shipped catalogue.
LIGHT_PRESETS: Mapping[str, LightPreset] = {
    "torch": LightPreset("Torch", 1, frozenset({UsageDiceMode.USELESS, UsageDiceMode.DT})),
    "lantern": LightPreset(
        "Lantern", 2, frozenset({UsageDiceMode.REFUEL, UsageDiceMode.DT}), refuel_with="Oil flask"
    ),
    "candle": LightPreset("Candle", 1, frozenset({UsageDiceMode.USELESS, UsageDiceMode.DT})),
}


def light(id: str, preset: str, *, owner: str = "", lit: bool = True) -> TrackedEffect:
    """A fresh light from :data:`LIGHT_PRESETS` (``torch``, ``lantern``, ``candle``)."""
    try:
        chosen = LIGHT_PRESETS[preset.strip().casefold()]
    except KeyError:
        names = ", ".join(LIGHT_PRESETS)
        raise ValueError(f"unknown light {preset!r} (presets: {names})") from None
    return TrackedEffect(
        id=id,
        name=chosen.name,
        kind=EffectKind.LIGHT,
        usage_dice=chosen.usage_dice,
        max_usage_dice=chosen.usage_dice,
        modes=chosen.modes,
        lit=lit,
        refuel_with=chosen.refuel_with,
        owner=owner,
    )


def light_from_item(
    id: str,
    crow: str,
    item_id: str,
    name: str,
    usage_dice: int,
    max_usage_dice: int,
    modes: Iterable[str | UsageDiceMode],
    *,
    refuel_with: str = "",
) -> TrackedEffect:
    """A light lit from ``crow``'s item ``item_id`` (a torch, a lantern): the item's dice and
    modes, burning. ValueError with the reason when the item cannot burn: no DT mode (it never
    burns down), or no usage dice left (a spent torch, an empty lantern)."""
    parsed = parse_modes(modes)
    if UsageDiceMode.DT not in parsed:
        raise ValueError(f"{name} does not burn down at the end of a DT: it is not a light")
    if usage_dice == 0:
        hint = " (refuel it first)" if UsageDiceMode.REFUEL in parsed else ""
        raise ValueError(f"{crow}'s {name} has no usage dice left to burn{hint}")
    return TrackedEffect(
        id=id,
        name=name,
        kind=EffectKind.LIGHT,
        usage_dice=usage_dice,
        max_usage_dice=max_usage_dice,
        modes=parsed,
        lit=True,
        refuel_with=refuel_with,
        owner=crow,
        crow=crow,
        item_id=item_id,
    )


def with_crow_renamed(
    effects: Sequence[TrackedEffect], old: str, new: str
) -> tuple[TrackedEffect, ...]:
    """The crow ``old`` is now ``new``: the lights lit from its items stay bound to them (and
    are carried by ``new``); an effect merely carried by a crow of that name follows too. Names
    are compared without regard to case or spacing."""
    key = match_key(old)

    def renamed(effect: TrackedEffect) -> TrackedEffect:
        crow = new if effect.crow and match_key(effect.crow) == key else effect.crow
        owner = new if effect.owner and match_key(effect.owner) == key else effect.owner
        if (crow, owner) == (effect.crow, effect.owner):
            return effect
        return replace(effect, crow=crow, owner=owner)

    return tuple(renamed(effect) for effect in effects)


def synced_with_item(
    effect: TrackedEffect, usage_dice: int, max_usage_dice: int, *, useless: bool
) -> TrackedEffect:
    """A bound effect with its item's dice as they are now (the item is the one truth: a rest,
    a refuel or an edit on the sheet changes them there). A light whose item has no dice left
    is out."""
    if not effect.bound:
        raise ValueError(f"{effect.name} is not bound to an item")
    if (effect.usage_dice, effect.max_usage_dice, effect.spent) == (
        usage_dice,
        max_usage_dice,
        useless,
    ):
        return effect
    lit = effect.lit and usage_dice > 0 and not useless
    return replace(
        effect,
        usage_dice=usage_dice,
        max_usage_dice=max_usage_dice,
        spent=useless,
        lit=lit,
    )


def spell_duration(
    id: str, name: str, usage_dice: int = 0, *, owner: str = "", ends_at_dt_end: bool = False
) -> TrackedEffect:
    """A spell's duration: ``usage_dice`` UD rolled at each DT end, or ending with the DT."""
    if usage_dice == 0 and not ends_at_dt_end:
        raise ValueError(f"{name}: a tracked spell needs usage dice or to end with the DT")
    return TrackedEffect(
        id=id,
        name=name,
        kind=EffectKind.SPELL,
        usage_dice=usage_dice,
        max_usage_dice=usage_dice,
        ends_at_dt_end=ends_at_dt_end,
        owner=owner,
    )


def backlash_effect(
    id: str,
    name: str,
    usage_dice: int = 0,
    *,
    owner: str = "",
    ends_at_dt_end: bool = False,
    ends_at_rest: bool = False,
) -> TrackedEffect:
    """A backlash with a duration: UD rolled at each DT end, or ending with the DT, or with the
    next rest, or none of these (until removed, permanent: the referee removes it)."""
    return TrackedEffect(
        id=id,
        name=name,
        kind=EffectKind.BACKLASH,
        usage_dice=usage_dice,
        max_usage_dice=usage_dice,
        ends_at_dt_end=ends_at_dt_end,
        owner=owner,
        ends_at_rest=ends_at_rest,
    )


def custom_effect(
    id: str,
    name: str,
    usage_dice: int,
    modes: Iterable[str | UsageDiceMode] | str = (),
    *,
    owner: str = "",
    ends_at_dt_end: bool = False,
) -> TrackedEffect:
    """Anything else with usage dice and modes (a burning fuse, a poison, a borrowed item...)."""
    return TrackedEffect(
        id=id,
        name=name,
        kind=EffectKind.CUSTOM,
        usage_dice=usage_dice,
        max_usage_dice=usage_dice,
        modes=parse_modes(modes),
        ends_at_dt_end=ends_at_dt_end,
        owner=owner,
    )


# -- operations ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class EffectRoll:
    """An effect's usage dice rolled: the effect after the roll (None if it ended) and the roll."""

    effect_id: str
    name: str
    roll: UsageDiceRoll
    effect: TrackedEffect | None

    @property
    def ran_out(self) -> bool:
        return self.roll.after == 0

    def to_dict(self) -> dict[str, Any]:
        """The ``usage_dice`` entry of ``refkit dt end``."""
        return {
            "effect": self.name,
            "before": self.roll.before,
            "rolled": list(self.roll.rolled),
            "after": self.roll.after,
        }


def apply_usage_roll(effect: TrackedEffect, roll: UsageDiceRoll) -> TrackedEffect | None:
    """The effect after a UD roll; None when an effect (not equipment) runs out and ends."""
    if roll.before != effect.usage_dice:
        raise ValueError(
            f"{effect.name} has {effect.usage_dice} usage dice, but the roll was of {roll.before}"
        )
    if roll.after > 0:
        return replace(effect, usage_dice=roll.after)
    if not effect.is_equipment:
        return None
    useless = UsageDiceMode.USELESS in effect.modes
    return replace(effect, usage_dice=0, lit=False, spent=effect.spent or useless)


def roll_effect(
    effect: TrackedEffect, rng: random.Random, *, faces: Sequence[int] | None = None
) -> EffectRoll:
    """Roll all of an effect's usage dice now; ``faces`` gives the dice outright (one d6 face
    per usage die, as the table rolled them), and then ``rng`` is not used."""
    if effect.spent:
        raise ValueError(f"{effect.name} is spent and has no usage dice to roll")
    if effect.usage_dice == 0:
        raise ValueError(f"{effect.name} has no usage dice left to roll")
    if faces is None:
        roll = roll_usage_dice(effect.usage_dice, rng)
    else:
        roll = usage_dice_from_faces(effect.usage_dice, faces)
    name = effect.source or effect.name  # "Wren's Torch" for one lit from an item
    return EffectRoll(effect.id, name, roll, apply_usage_roll(effect, roll))


def activate(
    effect: TrackedEffect, rng: random.Random, *, faces: Sequence[int] | None = None
) -> EffectRoll:
    """Use an item with the Activate mode: roll its UD after the use (L400)."""
    if UsageDiceMode.ACTIVATE not in effect.modes:
        raise ValueError(f"{effect.name} has no Activate mode; using it rolls no usage dice")
    return roll_effect(effect, rng, faces=faces)


@dataclass(frozen=True)
class DouseResult:
    effect: TrackedEffect
    roll: UsageDiceRoll | None  # the extra roll for a light that burns down at each DT end


def douse(
    effect: TrackedEffect, rng: random.Random, *, faces: Sequence[int] | None = None
) -> DouseResult:
    """Put a light out. One that burns down at each DT end rolls its UD once more (L509);
    ``faces`` gives that roll's dice outright."""
    if effect.kind is not EffectKind.LIGHT:
        raise ValueError(f"{effect.name} is not a light and cannot be doused")
    if not effect.lit:
        raise ValueError(f"{effect.name} is not lit")
    if UsageDiceMode.DT not in effect.modes:
        if faces:
            raise ValueError(f"{effect.name} rolls no usage dice when doused; give no faces")
        return DouseResult(replace(effect, lit=False), None)
    rolled = roll_effect(effect, rng, faces=faces)
    assert rolled.effect is not None  # lights are equipment: they never vanish
    return DouseResult(replace(rolled.effect, lit=False), rolled.roll)


def relight(effect: TrackedEffect) -> TrackedEffect:
    if effect.kind is not EffectKind.LIGHT:
        raise ValueError(f"{effect.name} is not a light")
    if effect.lit:
        raise ValueError(f"{effect.name} is already lit")
    if effect.spent:
        raise ValueError(f"{effect.name} is spent for good and cannot be lit")
    if effect.usage_dice == 0:
        raise ValueError(f"{effect.name} has no usage dice left; refuel it first")
    return replace(effect, lit=True)


def refuel(effect: TrackedEffect) -> TrackedEffect:
    """Spend the fuel (a pint of oil for a lantern): back to the maximum UD (L398)."""
    if UsageDiceMode.REFUEL not in effect.modes:
        raise ValueError(f"{effect.name} has no Refuel mode and cannot be refuelled")
    if effect.spent:
        raise ValueError(f"{effect.name} is spent for good and cannot be refuelled")
    # A light that went out for want of fuel burns again once refuelled; one doused on purpose
    # (with dice left) stays as the referee left it.
    relit = effect.lit or (effect.kind is EffectKind.LIGHT and effect.usage_dice == 0)
    return replace(effect, usage_dice=effect.max_usage_dice, lit=relit)


def restore_on_rest(effect: TrackedEffect) -> TrackedEffect:
    """After a finished rest: items with the Rest mode regain their maximum UD (L399)."""
    if UsageDiceMode.REST not in effect.modes or effect.spent:
        return effect
    return replace(effect, usage_dice=effect.max_usage_dice)


def find_effect(effects: Sequence[TrackedEffect], effect_id: str) -> TrackedEffect:
    for effect in effects:
        if effect.id == effect_id:
            return effect
    raise ValueError(f"no tracked effect with id {effect_id!r}")


def replace_effect(
    effects: Sequence[TrackedEffect], updated: TrackedEffect
) -> tuple[TrackedEffect, ...]:
    """The list with the effect of the same id replaced by ``updated``."""
    find_effect(effects, updated.id)
    return tuple(updated if effect.id == updated.id else effect for effect in effects)


def add_effect(
    effects: Sequence[TrackedEffect], effect: TrackedEffect
) -> tuple[TrackedEffect, ...]:
    if any(existing.id == effect.id for existing in effects):
        raise ValueError(f"a tracked effect with id {effect.id!r} already exists")
    return (*effects, effect)


def remove_effect(effects: Sequence[TrackedEffect], effect_id: str) -> tuple[TrackedEffect, ...]:
    find_effect(effects, effect_id)
    return tuple(effect for effect in effects if effect.id != effect_id)


def next_effect_id(effects: Sequence[TrackedEffect], prefix: str = "e") -> str:
    """An id not used in ``effects``: ``e1``, ``e2``, ..."""
    used = {effect.id for effect in effects}
    number = len(effects) + 1
    while f"{prefix}{number}" in used:
        number += 1
    return f"{prefix}{number}"
