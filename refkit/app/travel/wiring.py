"""The travel feature's pieces made from one database's services, for the window and the CLI:
the journeys, the stored maps, the travel service, and the party at the table as travellers."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Protocol, TypeVar

from refkit.app.party.meal_records import meal_taken_back
from refkit.app.party.rest import RestCrafting, starvation_wounds
from refkit.app.party.table_party import read_choice
from refkit.app.travel.journey import Journey
from refkit.app.travel.journey_steps import (
    JourneyEditCommand,
    JourneyRollCommand,
    TravelDayCommand,
)
from refkit.app.travel.journey_store import JourneyStore
from refkit.app.travel.map_library import MapLibrary
from refkit.app.travel.miasma_sheets import SheetsFollowMiasma
from refkit.app.travel.rest_outdoors import RestFollowsTravel, RestTaken, resting_crows
from refkit.app.travel.sample_map import SEEDED_KEY, seed_sample_map
from refkit.app.travel.travel_service import StepTaken, TravelledDay, TravelService
from refkit.app.undo import Command, CompositeCommand
from refkit.dice.rng import SEED_BITS
from refkit.rules.character.model import Character
from refkit.rules.character.rest_activities import ActivityChoice
from refkit.rules.travel.day_steps import MIASMA, REST, DayInProgress
from refkit.rules.travel.hex_map import HexMap
from refkit.rules.travel.hexes import HexDirection
from refkit.rules.travel.miasma import MiasmaTest
from refkit.rules.travel.travel_day import DayPlan, Traveller

if TYPE_CHECKING:
    from refkit.app.character_service import CharacterService
    from refkit.app.dice_service import DiceService
    from refkit.app.dungeon_turn_service import DungeonTurnService
    from refkit.app.party.bridge import PartyBridge
    from refkit.app.table_service import TableService
    from refkit.app.travel.two_hours import TwoHoursCommand
    from refkit.app.versioned import VersionedMeta


T = TypeVar("T")


class Services(Protocol):
    """What :class:`refkit.compose.Services` gives the travel feature."""

    @property
    def versioned_meta(self) -> VersionedMeta: ...

    @property
    def dice(self) -> DiceService: ...

    @property
    def tables(self) -> TableService: ...

    @property
    def characters(self) -> CharacterService: ...

    @property
    def dungeon(self) -> DungeonTurnService: ...

    @property
    def party(self) -> PartyBridge: ...

    @property
    def crafting(self) -> RestCrafting: ...

    rng_factory: Callable[[int | None], tuple[random.Random, int]]

    def utc_now(self) -> datetime: ...

    def in_unit(self, function: Callable[[], T]) -> T: ...

    @property
    def may_seed(self) -> bool: ...


def journey_store(services: Services) -> JourneyStore:
    return JourneyStore(services.versioned_meta)


def map_library(services: Services) -> MapLibrary:
    """The database's maps; a fresh database gets the sample map (see :mod:`.sample_map`)."""
    meta = services.versioned_meta
    library = MapLibrary(meta)
    # Only a new database takes the write lock to seed, and never with a player's login.
    if meta.get_meta(SEEDED_KEY) is None and services.may_seed:
        services.in_unit(lambda: seed_sample_map(library, meta))
    return library


def travel_service(services: Services) -> TravelService:
    """A travel service whose encounters roll on the database's tables, rolls logged."""

    def encounter(name: str, rng: random.Random) -> str:
        return services.tables.roll(name, seed=rng.getrandbits(SEED_BITS)).roll.text

    return TravelService(
        journey_store(services),
        services.dice,
        clock=services.utc_now,
        rng_factory=services.rng_factory,
        miasma_table=lambda: services.tables.active_table("miasma"),
        encounter_roller=encounter,
    )


def crow_traveller(characters: CharacterService, name: str) -> Traveller:
    """A crow as a traveller: its characteristics, conditions and cruelty from its sheet."""
    crow = characters.get(name)
    marks = crow.characteristics
    return Traveller(
        crow.name,
        marks.agility,
        marks.mind,
        marks.strength,
        conditions=tuple(crow.conditions),
        cruelty=crow.cruelty,
    )


def table_party_names(services: Services) -> list[str]:
    """The crows of the party at the table (the only party when none was chosen); [] if none."""
    characters = services.characters
    choice = read_choice(services.versioned_meta)
    party = choice.party if choice.chosen else None
    if party is None:
        parties = characters.list_parties()
        if len(parties) != 1:
            return []
        party = parties[0].name
    return list(characters.get_party(party).members)


def sheets_follow_step(
    services: Services, command: JourneyRollCommand[StepTaken]
) -> SheetsFollowMiasma:
    """The Miasma step with its results written to the crows' sheets, as one step."""

    def results() -> tuple[int, Sequence[MiasmaTest], Sequence[str]] | None:
        taken = command.value
        if taken is None or taken.step.kind != MIASMA:
            return None
        progress = taken.progress
        return progress.before.day + 1, progress.miasma, progress.cruelty_cleared

    return SheetsFollowMiasma(command, results, services.characters)


def sheets_follow_day(services: Services, command: TravelDayCommand) -> SheetsFollowMiasma:
    """A whole travel day with its Miasma results written to the crows' sheets, as one step."""

    def results() -> tuple[int, Sequence[MiasmaTest], Sequence[str]] | None:
        day = command.day
        if day is None:
            return None
        return day.record.day, day.record.miasma, day.record.cruelty_cleared

    return SheetsFollowMiasma(command, results, services.characters)


def rest_follows_step(
    services: Services,
    command: JourneyRollCommand[StepTaken],
    activities: Mapping[str, ActivityChoice] | None = None,
) -> RestFollowsTravel:
    """The guided day's rest step with the crows' rest through the one rest procedure."""

    def rest_of() -> RestTaken | None:
        taken = command.value
        if taken is None or taken.step.kind != REST:
            return None
        progress = taken.progress
        names = tuple(t.name for t in progress.before.travellers if not t.claimed)
        plan = progress.plan
        return RestTaken(
            names,
            plan.in_miasma,
            taken.step.seed,
            secluded=plan.seclude,
            campsite=plan.campsite,
            crafting_bonus=sum(outcome.crafting_bonus for outcome in progress.outcomes),
            day=progress.before.day + 1,
        )

    return RestFollowsTravel(
        command,
        rest_of,
        services.characters,
        services.party.prompts,
        activities=activities,
        crafting=services.crafting,
    )


def rest_follows_day(
    services: Services,
    command: TravelDayCommand,
    activities: Mapping[str, ActivityChoice] | None = None,
) -> RestFollowsTravel:
    """A whole travel day: its Miasma results on the sheets, then the crows' rest (if it rests)."""
    sheets = sheets_follow_day(services, command)

    def rest_of() -> RestTaken | None:
        day = command.day
        if day is None:
            return None
        names = tuple(t.name for t in day.record.before.travellers if not t.claimed)
        plan = day.record.plan
        return RestTaken(
            names,
            plan.in_miasma,
            day.seed or 0,
            secluded=plan.seclude,
            campsite=plan.campsite,
            crafting_bonus=day.record.crafting_bonus,
            day=day.record.day,
            rested=day.record.rest_check is not None,  # no rest: the day's food all the same
            journey=command.journey,
        )

    return RestFollowsTravel(
        sheets,
        rest_of,
        services.characters,
        services.party.prompts,
        activities=activities,
        crafting=services.crafting,
    )


def meal_follows_finish(
    services: Services, command: JourneyRollCommand[TravelledDay]
) -> RestFollowsTravel:
    """A day finished step by step: with no rest step taken, its crows eat or starve (L521)
    with the journal entry, as one step."""

    def rest_of() -> RestTaken | None:
        day = command.value
        if day is None or day.record.rest_check is not None:
            return None  # the rest fed them
        names = tuple(t.name for t in day.record.before.travellers if not t.claimed)
        return RestTaken(
            names,
            day.record.plan.in_miasma,
            0,
            day=day.record.day,
            rested=False,
            journey=command.journey,
        )

    return RestFollowsTravel(command, rest_of, services.characters, services.party.prompts)


def take_back_day_command(
    services: Services, name: str | None = None
) -> tuple[Command, tuple[str, ...]]:
    """Take the journey's last day back with the meal its crows had on it (a day without a
    rest, L521), as one step, and the crows whose sheets the meal gives back. ConflictError,
    nothing changed, when a crow was changed since the meal."""
    service = travel_service(services)
    command = service.take_back_day_command(name)
    journey = service.journey(name)
    day = journey.days[-1].day
    meal = meal_taken_back(services.characters, services.party.prompts, journey.name, day)
    if meal is None:
        return command, ()
    back, crows = meal
    return CompositeCommand(command.text, (command, back)), crows


class TravelDesk:
    """The travel feature for a window: journeys, stored maps and the party at the table."""

    def __init__(self, services: Services) -> None:
        self._services = services
        self.service = travel_service(services)
        self.journeys = journey_store(services)
        self.maps = map_library(services)

    def journey_names(self) -> list[str]:
        return self.journeys.names()

    def journey(self, name: str | None = None) -> Journey:
        return self.service.journey(name)

    def map_names(self) -> list[str]:
        return self.maps.names()

    def load_map(self, name: str) -> HexMap:
        return self.maps.load(name)

    def start(self, name: str, hex_map: HexMap, travellers: Sequence[Traveller]) -> Journey:
        return self.service.start(name, hex_map, None, travellers)

    def travel_day_command(
        self,
        plan: DayPlan,
        name: str,
        *,
        activities: Mapping[str, ActivityChoice] | None = None,
    ) -> RestFollowsTravel:
        """The whole day; ``activities``: each resting crow's rest activity (none without)."""
        command = self.service.travel_day_command(plan, name=name)
        return rest_follows_day(self._services, command, activities)

    def resting_crows(self, name: str) -> list[Character]:
        """The journey's crows that rest with it (their sheets); hirelings have none."""
        # A day under way keeps the state it set out from until it is finished.
        travellers = self.service.journey(name).state.travellers
        names = [t.name for t in travellers if not t.claimed]
        return resting_crows(self._services.characters, names)

    def starvation(self, names: Sequence[str]) -> dict[str, int]:
        """Each crow's starvation wounds so far (the rest rows show what the rest does to them)."""
        repository = self._services.versioned_meta
        return {name: starvation_wounds(repository, name) for name in names}

    def progress(self, name: str) -> DayInProgress:
        return self.service.progress(name)

    def begin_day_command(self, plan: DayPlan, name: str) -> JourneyEditCommand:
        return self.service.begin_day_command(plan, name)

    def day_step_command(
        self,
        kind: str,
        name: str,
        *,
        direction: HexDirection | None = None,
        activities: Mapping[str, ActivityChoice] | None = None,
    ) -> JourneyRollCommand[StepTaken] | SheetsFollowMiasma | RestFollowsTravel:
        """One step of the day under way; ``activities`` are the rest step's (by crow)."""
        command = self.service.day_step_command(kind, direction=direction, name=name)
        if kind == MIASMA:
            return sheets_follow_step(self._services, command)
        if kind == REST:
            return rest_follows_step(self._services, command, activities)
        return command

    def finish_day_command(self, name: str) -> RestFollowsTravel:
        return meal_follows_finish(self._services, self.service.finish_day_command(name))

    def take_back_step_command(self, name: str) -> JourneyEditCommand:
        return self.service.take_back_step_command(name)

    def note_command(
        self, day: int, note: str, name: str, *, seen: str | None = None
    ) -> JourneyEditCommand:
        return self.service.note_command(day, note, name, seen=seen)

    def map_command(self, hex_map: HexMap, name: str) -> JourneyEditCommand:
        return self.service.map_command(hex_map, name)

    def journal_markdown(self, name: str) -> str:
        return self.service.journal_markdown(name)

    def two_hours_command(self) -> TwoHoursCommand:
        """2 hours of fiction pass outside a dungeon: the tracked effects roll as at End DT."""
        from refkit.app.travel.two_hours import TwoHoursCommand

        return TwoHoursCommand(self._services.dungeon)

    def party_at_table(self) -> list[Traveller]:
        characters = self._services.characters
        return [crow_traveller(characters, name) for name in table_party_names(self._services)]
