"""Two clients saving one crow from the same read: the second is refused, never silently kept.

The interleaving is the one a second program makes: client A reads the crow and checks its
revision, client B saves the crow in full (its own transaction, committed), then A writes. Before
saves were conditional on the revision, both reported "revision 2" and B's edit was gone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from refkit.errors import ConflictError
from refkit.store import CharacterRepository, Database
from refkit.store.character_store import CharacterChangedError

CROW = "Brannoc Tull"


def test_an_interleaved_save_at_the_same_revision_is_refused(
    two_clients: tuple[Database, Database],
    before_first_flush: Callable[[Callable[[], None]], None],
) -> None:
    first, second = (CharacterRepository(db) for db in two_clients)
    read = first.revision(CROW)
    crow = first.get(CROW)

    def other_client_saves() -> None:
        second.save(replace(second.get(CROW), notes="B's note"), expected_revision=read)

    before_first_flush(other_client_saves)
    with pytest.raises(CharacterChangedError) as refused:
        first.save(replace(crow, notes="A's note"), expected_revision=read)
    assert isinstance(refused.value, ConflictError)
    assert CROW in str(refused.value)
    assert second.get(CROW).notes == "B's note"
    assert first.revision(CROW) == read + 1


def test_a_save_without_an_expected_revision_still_never_undoes_a_write_it_did_not_read(
    two_clients: tuple[Database, Database],
    before_first_flush: Callable[[Callable[[], None]], None],
) -> None:
    """A plain save replaces the stored crow, but the row it read must be the row it writes:
    a write landing between its read and its write makes it fail, not merge half of each."""
    first, second = (CharacterRepository(db) for db in two_clients)
    read = first.revision(CROW)

    def other_client_saves() -> None:
        second.save(replace(second.get(CROW), notes="B's note"))

    before_first_flush(other_client_saves)
    with pytest.raises(CharacterChangedError):
        first.save(replace(first.get(CROW), notes="A's note"))
    assert first.get(CROW).notes == "B's note"
    assert first.revision(CROW) == read + 1


def test_a_rename_racing_an_edit_is_refused(
    two_clients: tuple[Database, Database],
    before_first_flush: Callable[[Callable[[], None]], None],
) -> None:
    first, second = (CharacterRepository(db) for db in two_clients)

    def other_client_saves() -> None:
        second.save(replace(second.get(CROW), notes="B's note"))

    before_first_flush(other_client_saves)
    with pytest.raises(CharacterChangedError):
        first.rename(CROW, "Brannoc the Bold")
    assert first.get(CROW).notes == "B's note"
