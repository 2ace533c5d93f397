"""Party names refuse control characters (ESC, NUL, right-to-left override) like crow names."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService, read_parties_file
from refkit.compose import open_character_service


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(tmp_path / "refkit.sqlite3")) as opened:
        yield opened


@pytest.mark.parametrize("name", ["Crows\x1b[2J", "Crows\x00", "\u202eCrows"])
def test_a_new_party_with_a_control_character_is_refused(service, name: str) -> None:
    before = service.list_parties()
    with pytest.raises(ValueError, match="party's name holds the control character"):
        service.create_party(name)
    assert service.list_parties() == before


def test_a_rename_to_a_control_character_is_refused(service) -> None:
    service.create_party("Crows")
    with pytest.raises(ValueError, match=r"U\+001B \(ESC\)"):
        service.rename_party("Crows", "Crows\x1b]0;x\x07")
    assert [party.name for party in service.list_parties()].count("Crows") == 1


def test_a_parties_file_with_a_control_character_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "refkit-parties.json"
    data = {"format": "refkit-parties", "version": 1, "parties": [{"name": "A\x1b", "members": []}]}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match=r"parties\[0\]\.name holds the control character"):
        read_parties_file(path)
