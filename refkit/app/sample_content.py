"""The sample party a new user finds on first start: three ready-made crows in one party.

Each crow's gear is a fresh copy of its item catalogue card (the Playtest 2 numbers) at a place the
move rules allow. Seeding happens once per database. A flag records it, so crows the user deletes
later do not come back, and a database that already holds characters (an earlier sample party with
its older gear included) is left as it is.
"""

from __future__ import annotations

from refkit.app.ports import SampleContentShelf
from refkit.locate import resource_path
from refkit.rules.character.file_format import load_character_json
from refkit.rules.character.model import Character
from refkit.store.errors import NameTakenError
from refkit.store.records import Party
from refkit.store.row_forms import SAMPLES_SEEDED_KEY

SAMPLE_PARTY_NAME = "The Sample Party"
SAMPLE_FOLDER = "sample_party"
SEEDED_FLAG = SAMPLES_SEEDED_KEY
"""The ``app_meta`` key set once the sample content has been offered to this database."""


def sample_characters() -> list[Character]:
    """The sample crows shipped in ``resources/sample_party/``, ordered by file name."""
    folder = resource_path(SAMPLE_FOLDER)
    return [
        load_character_json(path.read_text(encoding="utf-8"), f"resources/{path.name}")
        for path in sorted(folder.glob("*.crow.json"))
    ]


def seed_sample_content(repo: SampleContentShelf) -> bool:
    """Put the sample crows and "The Sample Party" into a fresh database; True if it did.

    A database is fresh when the flag is not set and it holds no characters. The crows and the
    party are written in one transaction, so a failure midway (a full disk) leaves neither and
    raises a DatabaseError; the flag is set only afterwards, so the next start offers the party
    again. Once the flag is set this never runs again for that database.
    """
    if repo.get_meta(SEEDED_FLAG) is not None:
        return False
    seeded = False
    if repo.count() == 0:
        crows = sample_characters()
        try:
            party = Party(SAMPLE_PARTY_NAME, tuple(crow.name for crow in crows))
            repo.save_all(crows, replace_existing=False, parties=[party])
            seeded = True
        except NameTakenError:
            seeded = False  # another process seeded this database a moment ago
    repo.set_meta(SEEDED_FLAG, "1")
    return seeded
