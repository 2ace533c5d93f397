"""The rest records (starvation wounds, prepared tasks) are one versioned value: a rest writes
them on the version it read, and its undo or redo on the version it left, so records another
program wrote meanwhile are never overwritten — the step is refused and nothing is written."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.party.rest import RECORDS_KEY, CrowRestCommand, prepared_task, read_records
from refkit.app.party.wound_prompts import WoundPrompts
from refkit.errors import ConflictError
from refkit.rules.character.rest_activities import Activity, ActivityChoice
from refkit.rules.inventory.model import BELT, Item, StackInfo
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.wound_crows import IDA, add_wound_crows

VAULT = "the vault lock"
BRAM_RECORD = {"bram holloway": {"starvation_wounds": 1}}  # written by another program


@pytest.fixture
def two_programs(tmp_path: Path) -> Iterator[tuple[CharacterService, CharacterRepository]]:
    path = tmp_path / "refkit.sqlite3"
    with Database.open(str(path)) as first, Database.open(str(path)) as second:
        characters = CharacterService(CharacterRepository(first), seed_samples=False)
        add_wound_crows(characters)
        crow = characters.get(IDA)
        ration = Item("Ration", area=BELT, at=1, count=2, stack=StackInfo("ration", 6), id="r")
        characters.save(crow.with_items(crow.items.with_item(ration)))
        yield characters, CharacterRepository(second)


def rest_preparing(characters: CharacterService) -> CrowRestCommand:
    return CrowRestCommand(
        characters,
        WoundPrompts(characters.repository),
        [characters.get(IDA)],
        in_miasma=False,
        choices={IDA: ActivityChoice(Activity.PREPARE, VAULT)},
    )


def test_undoing_a_rest_after_the_records_changed_elsewhere_is_refused(
    two_programs: tuple[CharacterService, CharacterRepository],
) -> None:
    characters, other = two_programs
    command = rest_preparing(characters)
    command.do()
    assert prepared_task(other, IDA) == VAULT
    stored = other.read_state(RECORDS_KEY)
    records = {**json.loads(stored.text or "{}"), **BRAM_RECORD}
    other.write_state(RECORDS_KEY, json.dumps(records), stored.version)

    with pytest.raises(ConflictError, match=r"the rest records .* were changed since"):
        command.undo()

    assert read_records(other) == records  # the other program's starvation wound is kept
    assert prepared_task(characters.repository, IDA) == VAULT  # and the rest is not undone


def test_a_rest_and_its_undo_and_redo_each_write_on_the_version_they_read(
    two_programs: tuple[CharacterService, CharacterRepository],
) -> None:
    characters, other = two_programs
    other.write_state(RECORDS_KEY, json.dumps(BRAM_RECORD), 0)
    command = rest_preparing(characters)
    command.do()
    assert read_records(other) == {**BRAM_RECORD, "ida fenwick": {"prepared": VAULT}}
    command.undo()
    assert read_records(other) == BRAM_RECORD
    command.do()  # redo
    assert prepared_task(other, IDA) == VAULT
    assert other.read_state(RECORDS_KEY).version == 4
