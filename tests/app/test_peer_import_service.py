"""The character service's file import (the window's Import) reads the peer tools' files too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.compose import open_character_service


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(tmp_path / "refkit.sqlite3")) as opened:
        yield opened


def test_the_window_import_reads_a_nest_save_too(service: CharacterService) -> None:
    path = Path(__file__).parents[1] / "rules" / "data" / "nest-save-cook.json"
    result = service.import_file(path)
    stored = service.get("Marla Quince")
    assert result.character == stored and stored.background == "Cook"
    assert "## Not mapped from The Nest save" in stored.notes
