"""The Miasma's results written to the crows' sheets, with the travel step that rolled them.

After a rest in the Miasma each crow's sheet takes the cruelty its resistance test left and, on a
tier 1, a note of the Miasma effect rolled (and, at 13 or more, that the Miasma has claimed it); a
rest away from the Miasma clears the crows' cruelty. Travellers that are not crows in the database
(hirelings, animals) have no sheet and are left alone. The travel step and the sheets are done in
one unit of work and are one undo step: all of it is kept or none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Protocol

from refkit.app.character_commands import CharacterEdit, edit
from refkit.app.character_service import CharacterService
from refkit.app.undo import FollowedStep
from refkit.rules.character.model import Character
from refkit.rules.travel.miasma import MiasmaTest
from refkit.store.errors import CharacterNotFoundError


class ValuedStep(Protocol):
    @property
    def text(self) -> str: ...

    def do(self) -> None: ...

    def undo(self) -> None: ...


def miasma_note(day: int, test: MiasmaTest) -> str:
    """The line the crow's notes gain from a Miasma test, or '' when nothing is to be noted."""
    lines = []
    if test.effects is not None:
        lines.append(f"Miasma, travel day {day} (cruelty {test.cruelty}): {test.effects.text}")
    if test.claimed:
        lines.append(f"Claimed by the Miasma on travel day {day}: the referee's character now.")
    return "\n".join(lines)


def sheet_edits(
    characters: CharacterService,
    day: int,
    tests: Sequence[MiasmaTest],
    cleared: Sequence[str],
) -> list[CharacterEdit]:
    """The edits that put the Miasma's results (or the cruelty cleared) on the crows' sheets."""
    edits = []
    for test in tests:
        note = miasma_note(day, test)

        def after_test(crow: Character, test: MiasmaTest = test, note: str = note) -> Character:
            notes = crow.notes
            if note:
                notes = f"{notes.rstrip()}\n{note}" if notes.strip() else note
            return replace(crow, cruelty=test.cruelty, notes=notes)

        found = _edit(characters, test.traveller, after_test, f"Miasma: {test.traveller}")
        if found is not None:
            edits.append(found)
    for name in cleared:
        found = _edit(
            characters,
            name,
            lambda crow: replace(crow, cruelty=0),
            f"Cruelty cleared: {name}",
        )
        if found is not None:
            edits.append(found)
    return [one for one in edits if one.changes_anything]


def _edit(
    characters: CharacterService, name: str, change: Callable[[Character], Character], text: str
) -> CharacterEdit | None:
    try:
        return edit(characters, name, change, text)
    except CharacterNotFoundError:
        return None  # a hireling or an animal: no sheet


MiasmaResults = Callable[[], tuple[int, Sequence[MiasmaTest], Sequence[str]] | None]
"""After the step is done: (travel day, Miasma tests, crows whose cruelty was cleared), or None
when the step brought no Miasma results."""


class SheetsFollowMiasma(FollowedStep):
    """A travel step (the Miasma step, or a whole day) and the crows' sheets it changes, done and
    undone as one step."""

    def __init__(
        self,
        step: ValuedStep,
        results: MiasmaResults,
        characters: CharacterService,
    ) -> None:
        super().__init__(step)
        self.step: ValuedStep = step
        self._results = results
        self._characters = characters

    @property
    def sheets(self) -> tuple[str, ...]:
        """The crows whose sheets the step changed."""
        return tuple(child.name for child in self.children if isinstance(child, CharacterEdit))

    def follow(self) -> Iterator[CharacterEdit]:
        found = self._results()
        if found is not None:
            day, tests, cleared = found
            for one in sheet_edits(self._characters, day, tests, cleared):
                one.do()
                yield one
