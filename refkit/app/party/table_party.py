"""Which party is at the table, and whether the group rests in the Miasma: one versioned value.

Until the referee chooses, the party at the table is the only party when there is exactly one.
The choice is saved only on the version it was read at (:class:`PartyChoiceAggregate`, for the
step runner): a choice worked out from a stale read is read and worked out again, so a second
window or the command line is never silently overwritten.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from refkit.app.steps import Loaded, LogLine, Saved
from refkit.app.versioned import StateValues
from refkit.errors import StaleWriteError
from refkit.store.row_forms import name_key

PARTY_KEY: Final = "party_at_table"
"""State key: ``{"party": name or null, "rest_in_miasma": bool}`` (no ``party`` key until the
referee chooses one)."""


@dataclass(frozen=True)
class PartyChoice:
    """The stored choice: ``chosen`` false means the referee has not chosen yet."""

    party: str | None = None
    chosen: bool = False
    rest_in_miasma: bool = False


def read_choice(repository: StateValues) -> PartyChoice:
    """The stored choice; ValueError saying what is wrong when it cannot be read."""
    return read_choice_versioned(repository)[0]


def read_choice_versioned(repository: StateValues) -> tuple[PartyChoice, int]:
    """The stored choice and its version (0: never chosen); ValueError as :func:`read_choice`."""
    stored = repository.read_state(PARTY_KEY)
    return choice_from_text(stored.text), stored.version


def choice_from_text(text: str | None) -> PartyChoice:
    """The choice stored as ``text`` (the PARTY_KEY value, None when there is none);
    ValueError saying what is wrong when it cannot be read."""
    if text is None:
        return PartyChoice()
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        party = data.get("party")
        miasma = data.get("rest_in_miasma", False)
        if party is not None and not isinstance(party, str):
            raise ValueError(f"party must be a name or null, not {party!r}")
        if not isinstance(miasma, bool):
            raise ValueError("rest_in_miasma must be true or false")
    except (ValueError, TypeError) as error:
        raise ValueError(f"the stored party in the dungeon cannot be read: {error}") from None
    return PartyChoice(party=party, chosen="party" in data, rest_in_miasma=miasma)


def party_at_table(choice: PartyChoice, names: Sequence[str]) -> str | None:
    """The party at the table among the parties ``names``: the chosen one (if it still
    exists), or, until the referee chooses, the only party when there is exactly one; None
    for nobody."""
    if not choice.chosen:
        return names[0] if len(names) == 1 else None
    if choice.party is None:
        return None
    wanted = name_key(choice.party)
    return next((name for name in names if name_key(name) == wanted), None)


def write_choice(repository: StateValues, choice: PartyChoice, expected_version: int) -> int:
    """Save ``choice`` if the stored one is still at ``expected_version``; the new version.
    StaleWriteError, nothing saved, otherwise."""
    data: dict[str, Any] = {"rest_in_miasma": choice.rest_in_miasma}
    if choice.chosen:
        data["party"] = choice.party
    return repository.write_state(PARTY_KEY, json.dumps(data, ensure_ascii=False), expected_version)


class PartyChoiceAggregate:
    """The stored choice, for :class:`~refkit.app.steps.StepRunner` (no session-log lines of its
    own: the bridge writes them with the step)."""

    stale_error = StaleWriteError

    def __init__(self, repository: StateValues) -> None:
        self._repository = repository

    def load(self) -> Loaded[PartyChoice]:
        return Loaded(*read_choice_versioned(self._repository))

    def save(
        self,
        read: Loaded[PartyChoice],
        state: PartyChoice,
        *,
        log: Sequence[LogLine] = (),
        at: float = 0.0,
        mark_undone: Sequence[int] = (),
        mark_done: Sequence[int] = (),
    ) -> Saved:
        if state == read.state:
            return Saved(read.version)
        return Saved(write_choice(self._repository, state, read.version))

    def same(self, stored: PartyChoice, expected: PartyChoice) -> bool:
        return stored == expected
