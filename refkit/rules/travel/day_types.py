"""What a travel day is made of: the travellers, the journey's state, the day's plan, the faces
given at the table, and the record of a day travelled (fact sheet §9)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from refkit.rules.checks.crows_test import TestResult, check_characteristic
from refkit.rules.common.pace import Pace
from refkit.rules.encounters import EncounterCheck
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.lost_walk import Walk
from refkit.rules.travel.miasma import MiasmaTest
from refkit.rules.travel.roles import RoleAssignment, TaskOutcome

T = TypeVar("T")

ROLE_EDGES = {"edge": (1, 0), "none": (0, 0), "bane": (0, 1)}


def _frozen(mapping: Mapping[str, T] | None) -> Mapping[str, T]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class Traveller:
    """Someone on the journey: characteristics, whether human (the Miasma touches only humans),
    conditions that act on tests, cruelty and the Miasma's marks."""

    name: str
    agility: int = 0
    mind: int = 0
    strength: int = 0
    human: bool = True
    conditions: tuple[str, ...] = ()
    cruelty: int = 0
    miasma_effects: tuple[str, ...] = ()
    claimed: bool = False
    """The Miasma has taken this crow: it is the referee's now."""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("a traveller needs a name")
        for which in ("agility", "mind", "strength"):
            check_characteristic(f"{self.name}'s {which}", getattr(self, which))
        if isinstance(self.cruelty, bool) or not isinstance(self.cruelty, int) or self.cruelty < 0:
            raise ValueError(f"{self.name}'s cruelty must be 0 or more, got {self.cruelty!r}")

    def characteristic(self, name: str) -> int:
        if name not in ("agility", "mind", "strength"):
            raise ValueError(f"a test is of agility, mind or strength, not {name!r}")
        value: int = getattr(self, name)
        return value


@dataclass(frozen=True)
class TravelState:
    """Where the party really is, where it believes it is, and what the journey carries."""

    true_hex: Hex
    believed_hex: Hex
    lost: bool = False
    day: int = 0
    travellers: tuple[Traveller, ...] = ()
    rations_found: int = 0
    explored: frozenset[Hex] = frozenset()
    """The hexes the players believe they have been to (what their map shows)."""

    def __post_init__(self) -> None:
        if not self.lost and self.true_hex != self.believed_hex:
            raise ValueError("a party that is not lost is where it believes it is")
        names = [traveller.name for traveller in self.travellers]
        doubled = sorted({name for name in names if names.count(name) > 1})
        if doubled:
            raise ValueError(f"two travellers called {doubled[0]}")
        object.__setattr__(self, "explored", frozenset(self.explored) | {self.believed_hex})

    def traveller(self, name: str) -> Traveller:
        for traveller in self.travellers:
            if traveller.name == name:
                return traveller
        known = ", ".join(t.name for t in self.travellers) or "nobody yet"
        raise ValueError(f"no traveller called {name!r} on this journey (travellers: {known})")


@dataclass(frozen=True)
class DayPlan:
    """What the party means to do today."""

    pace: Pace
    slowest_speed: int
    route: tuple[HexDirection, ...] = ()
    roles: tuple[RoleAssignment, ...] = ()
    road: bool = False
    river_cross: bool = False
    downstream: bool = False
    encounter_at: int = 0
    """How many hexes into the walk the travel encounter check falls (the referee picks)."""
    rest: bool = True
    seclude: bool = False
    campsite: bool = False
    """A crow with Prepare Campsite prepared the rest (+1 to a rest EN of 5 or lower)."""
    in_miasma: bool = True
    miasma_raises: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pace", Pace.parse(self.pace))
        object.__setattr__(self, "route", tuple(self.route))
        object.__setattr__(self, "roles", tuple(self.roles))
        object.__setattr__(self, "miasma_raises", _frozen(self.miasma_raises))
        if self.campsite and not self.rest:
            raise ValueError("Prepare Campsite is planned, but the party does not rest today")
        if isinstance(self.encounter_at, bool) or not isinstance(self.encounter_at, int):
            raise ValueError(
                f"the encounter's hex must be a whole number, got {self.encounter_at!r}"
            )
        if self.encounter_at < 0:
            raise ValueError(f"the encounter's hex is counted from 0, got {self.encounter_at}")


@dataclass(frozen=True)
class DayFaces:
    """Faces rolled at the table, by traveller where a roll is someone's."""

    tests: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    rations: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    encounter: int | None = None
    rest_encounter: int | None = None
    lost: tuple[int, ...] = ()
    miasma: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    miasma_effects: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("tests", "rations", "miasma", "miasma_effects"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        object.__setattr__(self, "lost", tuple(self.lost))


NO_FACES = DayFaces()


@dataclass(frozen=True)
class RoleResult:
    """One role test and what it did."""

    assignment: RoleAssignment
    characteristic: int
    edges: int
    banes: int
    bonus: int
    test: TestResult
    seed: int | None
    outcome: TaskOutcome
    reasons: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    rations: int = 0
    ration_faces: tuple[int, ...] = ()


@dataclass(frozen=True)
class DayRecord:
    """Everything that happened on one travel day, in order."""

    day: int
    plan: DayPlan
    before: TravelState
    after: TravelState
    role_tests: str
    roles: tuple[RoleResult, ...]
    hexes: int
    travel_en: int
    rest_en: int
    crafting_bonus: int
    lost_today: bool
    found_bearings: bool
    encounter: EncounterCheck
    encounter_hex: Hex
    encounter_habitat: str
    encounter_table: str | None
    walk: Walk
    rest_check: EncounterCheck | None
    miasma: tuple[MiasmaTest, ...]
    cruelty_cleared: tuple[str, ...]
    rations: int
    finds: tuple[str, ...]
    unused_dice: tuple[tuple[str, str, tuple[int, ...]], ...] = ()
    """Dice given ahead that the day turned out not to need, as (option, traveller or "",
    faces): lost dice when the party was not lost (or walked fewer hexes), a rest die and Miasma
    dice on a day without a rest. A script rolls its dice ahead, so they are kept, not refused."""
