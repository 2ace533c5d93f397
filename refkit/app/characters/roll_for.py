"""The crows a test can be rolled for, and a test rolled for one crow with its own expertise.

The dice panel reads a crow afresh when it is chosen and when it is rolled for (its conditions may
have changed in between), and spends an expertise use through an undoable command. The command
line's ``test --crow NAME --expertise NAME`` goes through :func:`roll_test_for_crow`: the expertise
is checked before anything is rolled, and the roll and the use it spends are written together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from refkit.app.character_commands import CharacterEdit, spend_expertise
from refkit.errors import DomainError
from refkit.rules.checks.crows_test import CRIT_MIN
from refkit.store.row_forms import name_key

if TYPE_CHECKING:
    from refkit.app.character_service import CharacterService
    from refkit.app.dice_service import DiceService, LoggedResult
    from refkit.rules.character.model import Character, Expertise
    from refkit.rules.checks.crows_test import TestResult


class PartyAtTable(Protocol):
    """The party at the table (``refkit.app.party.bridge.PartyBridge`` fits)."""

    def members(self) -> tuple[str, ...]: ...

    def add_listener(self, callback: Callable[[], None]) -> None: ...


@dataclass(frozen=True)
class CrowChoices:
    """Names to offer: those at the table (party order), then the others (alphabetical)."""

    at_table: tuple[str, ...]
    others: tuple[str, ...]


class CrowsForTests:
    """What the dice panel needs to roll for a crow, from the characters and the party."""

    def __init__(
        self,
        characters: CharacterService,
        party: PartyAtTable | None = None,
        *,
        prepared: Callable[[str], str] | None = None,
    ) -> None:
        self._characters = characters
        self._party = party
        self._prepared = prepared

    def prepared_task(self, name: str) -> str:
        """The task the crow prepared for at its last rest, +2 on it until its next rest ends
        ("" none; the rest procedure keeps it)."""
        return self._prepared(name) if self._prepared is not None else ""

    def choices(self) -> CrowChoices:
        at_table = self._party.members() if self._party is not None else ()
        names = self._characters.names()
        known = {name_key(name) for name in names}
        table = tuple(name for name in at_table if name_key(name) in known)
        keys = {name_key(name) for name in table}
        others = tuple(sorted((name for name in names if name_key(name) not in keys), key=name_key))
        return CrowChoices(table, others)

    def get(self, name: str) -> Character:
        """The crow as stored now (CharacterNotFoundError when it was deleted meanwhile)."""
        return self._characters.get(name)

    def spend_expertise(self, name: str, expertise: str) -> CharacterEdit:
        """The undoable spending of one use of ``expertise`` (ValueError when none is left)."""
        return spend_expertise(self._characters, name, expertise)

    def add_listener(
        self, callback: Callable[[], None], saved: Callable[[str], None] | None = None
    ) -> None:
        """Call ``callback`` after any crow or the party at the table changed; with ``saved``,
        a crow saved (edited, or new) calls ``saved(its name)`` instead."""
        if saved is None:
            self._characters.add_listener(lambda _change: callback())
        else:
            self._characters.add_listener(
                lambda change: (
                    saved(change.name) if change.kind == "saved" and change.name else callback()
                )
            )
        if self._party is not None:
            self._party.add_listener(callback)


class ExpertiseRefused(DomainError):
    """The named expertise is not the crow's, or has no use left until the next rest."""


def usable_expertise(crow: Character, wanted: str) -> Expertise:
    """The crow's expertise called ``wanted`` (ignoring case), with a use left; else
    ExpertiseRefused naming the crow and what it has."""
    key = name_key(wanted)
    for expertise in crow.expertises:
        if name_key(expertise.name) == key:
            if expertise.left == 0:
                raise ExpertiseRefused(
                    f"{crow.name}'s {expertise.name} has no uses left until the next rest"
                )
            return expertise
    held = ", ".join(expertise.name for expertise in crow.expertises)
    has = f"it has {held}" if held else "it has none"
    raise ExpertiseRefused(f"{crow.name} has no expertise called {wanted!r} ({has})")


@dataclass(frozen=True)
class CrowTest:
    """A test rolled for a crow: the logged roll, the crow as it is now, and the expertise used
    (None when none was named) with its uses left after the roll."""

    logged: LoggedResult[TestResult]
    crow: Character
    characteristic: int
    expertise: str | None
    expertise_uses_left: int | None


def roll_test_for_crow(
    characters: CharacterService,
    dice: DiceService,
    name: str,
    tested: str,
    *,
    expertise: bool = False,
    expertise_name: str | None = None,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    crit_min: int = CRIT_MIN,
    seed: int | None = None,
    faces: tuple[int, int] | None = None,
) -> CrowTest:
    """Roll ``tested`` (agility, strength or mind) for the crow ``name``, its conditions applied.

    With ``expertise_name`` that expertise of the crow is used: one of its uses is spent when the
    expertise lifts the tier (``expertise_applied``), in the same transaction as the roll's log
    entry, so either both are written or neither. A bare ``expertise`` applies an expertise and
    spends nothing. Raises CharacterNotFoundError, ExpertiseRefused or ValueError (bad modifiers)
    before anything is rolled or written.
    """
    from refkit.rules.checks.crows_test import check_modifiers

    crow = characters.get(name)
    characteristic = crow.characteristics.as_dict()[tested]
    check_modifiers(
        characteristic, edges=edges, banes=banes, bonuses=tuple(bonuses), crit_min=crit_min
    )
    chosen = usable_expertise(crow, expertise_name) if expertise_name is not None else None
    logged = dice.crows_test(
        characteristic,
        edges=edges,
        banes=banes,
        bonuses=tuple(bonuses),
        expertise=expertise or chosen is not None,
        crit_min=crit_min,
        seed=seed,
        faces=faces,
        crow=crow.name,
        conditions=crow.conditions,
        tested=tested,
    )
    if chosen is not None and logged.result.expertise_applied:
        spend = spend_expertise(characters, crow.name, chosen.name)
        spend.do()
        crow = spend.after
    if chosen is None:
        return CrowTest(logged, crow, characteristic, None, None)
    left = next(e.left for e in crow.expertises if e.name == chosen.name)
    return CrowTest(logged, crow, characteristic, chosen.name, left)
