"""The sample crows as Refkit shipped them before their gear became the Playtest 2 cards: files
written before the card fields existed, and the crows an existing user's database still holds."""

from __future__ import annotations

from pathlib import Path

from refkit.rules.character.file_format import load_character_json
from refkit.rules.character.model import Character

OLD_SAMPLE_FOLDER = Path(__file__).parent / "old_sample_party"
OLD_WREN_FILE = OLD_SAMPLE_FOLDER / "wren-ashdown.crow.json"
OLD_BRANNOC_FILE = OLD_SAMPLE_FOLDER / "brannoc-tull.crow.json"


def old_sample_crows() -> list[Character]:
    """Brannoc, Hesper and Wren with their old gear (Hand axe, Chain shirt, Lantern oil …)."""
    return [
        load_character_json(path.read_text(encoding="utf-8"), path.name)
        for path in sorted(OLD_SAMPLE_FOLDER.glob("*.crow.json"))
    ]
