"""The meals of the travel days without a rest, kept so the command line can take them back.

The window's undo stack takes a travel day back with its meal in one step; ``refkit travel
journey undo`` runs in a process of its own, so each day's meal leaves a record in the versioned
``app_state`` document :data:`MEALS_KEY`: per journey and day, each fed or starving crow's sheet
before the meal (and a digest of it after), the prompts the meal raised and the rest records
before and after. Taking the day back puts the sheets, the prompts and the records back as they
were — only if every crow is still as the meal left it (else a ConflictError names the crow and
nothing is changed) — and forgets the record, in the day's one step.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from refkit.app.character_commands import CharacterEdit
from refkit.app.character_service import CharacterService
from refkit.app.party.rest import PartyRest
from refkit.app.party.wound_prompts import WoundPrompts
from refkit.app.undo import CompositeCommand, FunctionCommand
from refkit.app.versioned import StateValues
from refkit.errors import ConflictError
from refkit.rules.character.file_format import character_from_json, character_to_json
from refkit.rules.character.model import Character
from refkit.store.errors import CharacterNotFoundError
from refkit.store.row_forms import name_key

MEALS_KEY: Final = "travel_day_meals"
"""State key: ``{journey's folded name: {day: record}}`` (see :class:`MealRecord`)."""


def sheet_digest(character: Character) -> str:
    """A digest of the crow's sheet, to tell whether it changed since the meal."""
    text = json.dumps(character_to_json(character), ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class MealRecord:
    """What one day's meal did: the crows' sheets before it (and a digest of each after), the
    prompts it raised ``(crow, to place, to heal)`` and the rest records around it."""

    crows: tuple[tuple[str, dict[str, Any], str], ...]  # (name, sheet before, digest after)
    raised: tuple[tuple[str, int, int], ...]
    records_before: str | None
    records_after: str | None
    eaters: tuple[str, ...] = ()  # every crow fed or starving that day, sheet changed or not

    def to_json(self) -> dict[str, Any]:
        return {
            "crows": [
                {"name": name, "before": before, "after_digest": after}
                for name, before, after in self.crows
            ],
            "raised": [list(entry) for entry in self.raised],
            "records_before": self.records_before,
            "records_after": self.records_after,
            "eaters": list(self.eaters),
        }

    @classmethod
    def from_json(cls, data: Any) -> MealRecord:
        """ValueError when ``data`` is not a stored meal."""
        try:
            crows = tuple(
                (str(crow["name"]), dict(crow["before"]), str(crow["after_digest"]))
                for crow in data["crows"]
            )
            raised = tuple((str(n), int(p), int(h)) for n, p, h in data["raised"])
            eaters = tuple(str(name) for name in data.get("eaters", ()))
            return cls(crows, raised, data["records_before"], data["records_after"], eaters)
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"a stored day's meal cannot be read: {error!r}") from None

    @classmethod
    def of(cls, step: PartyRest, eaters: Sequence[str]) -> MealRecord:
        """The record of a meal worked out as ``step`` (not necessarily done yet)."""
        return cls(
            tuple(
                (edit.after.name, character_to_json(edit.before), sheet_digest(edit.after))
                for edit in step.edits
            ),
            step.raised,
            step.records_before,
            step.records_after,
            tuple(eaters),
        )


class MealBook:
    """The stored day meals of every journey (saved only on the version read)."""

    def __init__(self, repository: StateValues) -> None:
        self._repository = repository

    def _read(self) -> tuple[dict[str, dict[str, Any]], int]:
        stored = self._repository.read_state(MEALS_KEY)
        if stored.text is None:
            return {}, stored.version
        try:
            data = json.loads(stored.text)
        except ValueError as error:
            raise ValueError(f"the stored day meals cannot be read: {error}") from None
        if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
            raise ValueError("the stored day meals cannot be read: not an object of objects")
        return data, stored.version

    def _write(self, data: dict[str, dict[str, Any]], version: int) -> None:
        kept = {journey: days for journey, days in data.items() if days}
        text = json.dumps(kept, ensure_ascii=False, sort_keys=True)
        self._repository.write_state(MEALS_KEY, text, version)

    def get(self, journey: str, day: int) -> MealRecord | None:
        data, _ = self._read()
        found = data.get(name_key(journey), {}).get(str(day))
        return None if found is None else MealRecord.from_json(found)

    def put(self, journey: str, day: int, record: MealRecord | None) -> None:
        """Keep ``record`` as the meal of ``day`` (None: forget it)."""
        data, version = self._read()
        days = dict(data.get(name_key(journey), {}))
        if record is None:
            days.pop(str(day), None)
        else:
            days[str(day)] = record.to_json()
        data[name_key(journey)] = days
        self._write(data, version)


def remembered(
    repository: StateValues, journey: str, day: int, record: MealRecord
) -> FunctionCommand:
    """The step that keeps the meal's record with the meal (forgotten when it is undone)."""
    book = MealBook(repository)
    return FunctionCommand(
        f"Remember the meal of day {day}",
        lambda: book.put(journey, day, record),
        lambda: book.put(journey, day, None),
    )


def meal_taken_back(
    characters: CharacterService, prompts: WoundPrompts, journey: str, day: int
) -> tuple[CompositeCommand, tuple[str, ...]] | None:
    """The step that takes the meal of ``day`` back, and the crows it gives back their sheet;
    None when that day had no meal kept (a day with a rest, or the crows had no sheets).
    ConflictError, nothing changed, when a crow was changed or deleted since the meal."""
    repository = characters.repository
    record = MealBook(repository).get(journey, day)
    if record is None:
        return None
    edits: list[CharacterEdit] = []
    for name, before, digest in record.crows:
        try:
            now = characters.get(name)
        except CharacterNotFoundError:
            raise ConflictError(
                f"{name} was deleted since day {day}'s meal, which cannot be taken back; "
                "nothing was changed"
            ) from None
        if sheet_digest(now) != digest:
            raise ConflictError(
                f"{name} was changed since day {day}'s meal (a wound placed, an item moved…), "
                "so the day and its meal cannot be taken back; nothing was changed"
            )
        sheet = character_from_json(before, f"{name}'s sheet before day {day}'s meal")
        edits.append(CharacterEdit(characters, now.name, now, sheet, f"Take back day {day}'s meal"))
    lowered: Sequence[tuple[str, int, int]] = tuple(
        (name, -to_place, -to_heal) for name, to_place, to_heal in record.raised
    )
    back = PartyRest(
        edits=tuple(edits),
        prompts=prompts,
        raised=tuple(lowered),
        service=None,
        text=f"Take back day {day}'s meal",
        repository=repository,
        records_before=record.records_after,
        records_after=record.records_before,
    )
    forget = FunctionCommand(
        f"Forget the meal of day {day}",
        lambda: MealBook(repository).put(journey, day, None),
        lambda: MealBook(repository).put(journey, day, record),
    )
    names = record.eaters or tuple(name for name, _, _ in record.crows)
    return CompositeCommand(back.text, (back, forget)), names
