"""Song of Rest's blessing held for later (characters facts §4.5, Camping: Delayed Inspiration
and Bard).

A singer with **Delayed Inspiration** lets each crow its Song of Rest blesses keep the blessing
instead of ending the rest blessed: the rest records (``"held_blessings": n`` under the crow's
folded name) hold it, the sheet shows it, and the crow takes it when it chooses — at the start
of a later DT — with ``refkit character blessing use NAME`` or the sheet's button, one undo step
that makes it blessed and takes one held blessing. A **Bard** blesses twice a day: each crow gets
two blessings from the song (both held with Delayed Inspiration, else one at once and one held).
Held blessings last until the crow's next rest ends, as the records' other benefits do.
"""

from __future__ import annotations

import json

from refkit.app.character_commands import CharacterEdit
from refkit.app.character_service import CharacterService
from refkit.app.party.rest import RECORDS_KEY, RECORDS_WHAT, read_records, records_from_text
from refkit.app.undo import CompositeCommand, FunctionCommand
from refkit.app.versioned import StateValues
from refkit.errors import DomainError, StaleWriteError
from refkit.rules.character.trait_rest_plus import HELD_BLESSINGS as HELD
from refkit.store.row_forms import name_key


class BlessingRefused(DomainError, ValueError):
    """A held blessing that cannot be used (the message says who and why)."""


def held_blessings(repository: StateValues, name: str) -> int:
    """How many Song of Rest blessings ``name`` holds (0 when the records cannot be read)."""
    try:
        value = read_records(repository).get(name_key(name), {}).get(HELD, 0)
    except ValueError:
        return 0
    return value if isinstance(value, int) and value > 0 else 0


def use_blessing(characters: CharacterService, name: str) -> CompositeCommand:
    """The step that makes ``name`` blessed with one of its held blessings (not run yet);
    BlessingRefused, nothing made, when it holds none or is blessed already."""
    crow = characters.get(name)
    repository = characters.repository
    before = repository.read_state(RECORDS_KEY).text
    try:
        records = records_from_text(before)
    except ValueError as error:
        raise BlessingRefused(f"{crow.name}: {error}") from None
    record = dict(records.get(name_key(crow.name), {}))
    held = record.get(HELD, 0)
    if not isinstance(held, int) or held <= 0:
        raise BlessingRefused(
            f"{crow.name} holds no blessing (a Song of Rest by a singer with Delayed "
            "Inspiration or Bard gives one to keep)"
        )
    if "blessed" in crow.conditions:
        raise BlessingRefused(
            f"{crow.name} is blessed already: keep the held blessing for when it is not"
        )
    record[HELD] = held - 1
    records[name_key(crow.name)] = {k: v for k, v in record.items() if v}
    if not records[name_key(crow.name)]:
        del records[name_key(crow.name)]
    after = json.dumps(records, ensure_ascii=False, sort_keys=True)
    blessed = crow.with_condition("blessed")
    text = f"{crow.name} takes a held blessing"
    edit = CharacterEdit(characters, crow.name, crow, blessed, text)
    return CompositeCommand(text, (edit, _records_swap(repository, before, after)))


def _records_swap(repository: StateValues, before: str | None, after: str) -> FunctionCommand:
    """Write the records as ``after`` if they are still ``before`` (undo: the other way),
    on the version read; StaleWriteError, nothing written, when someone wrote them since."""

    def swap(expected: str | None, target: str | None) -> None:
        stored = repository.read_state(RECORDS_KEY)
        if records_from_text(stored.text) != records_from_text(expected):
            raise StaleWriteError(RECORDS_WHAT, plural=True)
        records = json.dumps(records_from_text(target), ensure_ascii=False, sort_keys=True)
        repository.write_state(RECORDS_KEY, records, stored.version)

    return FunctionCommand(RECORDS_WHAT, lambda: swap(before, after), lambda: swap(after, before))
