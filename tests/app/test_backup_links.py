"""Issue 29 §7: "Back up all" wrote through a symbolic link planted in the chosen folder, to a
file outside it. Links at the backup's names are refused before anything is written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.atomic_files import AtomicWriteError, write_text_atomic
from refkit.app.character_service import CharacterService, file_stem_for
from refkit.compose import open_character_service
from refkit.rules.character.file_format import FILE_SUFFIX

WREN_FILE = f"{file_stem_for('Wren Ashdown')}{FILE_SUFFIX}"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(tmp_path / "refkit.sqlite3")) as opened:
        yield opened


def test_a_link_planted_in_the_backup_folder_is_refused_and_nothing_written(
    service: CharacterService, tmp_path: Path
) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("not Refkit's", encoding="utf-8")
    folder = tmp_path / "backup"
    folder.mkdir()
    assert "Wren Ashdown" in service.names()
    (folder / WREN_FILE).symlink_to(outside)
    with pytest.raises(AtomicWriteError) as caught:
        service.export_all(folder)
    assert "symbolic link" in str(caught.value) and WREN_FILE in str(caught.value)
    assert outside.read_text(encoding="utf-8") == "not Refkit's"
    assert sorted(path.name for path in folder.iterdir()) == [WREN_FILE]  # nothing else
    assert (folder / WREN_FILE).is_symlink()


def test_a_link_planted_after_the_check_is_not_written_through(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("not Refkit's", encoding="utf-8")
    link = tmp_path / "crow.json"
    link.symlink_to(outside)
    from refkit.app import atomic_files

    real_check = atomic_files.check_target

    def checked_then_planted(path, *, follow_links=True):  # type: ignore[no-untyped-def]
        return Path(path)  # the check ran before the link was planted

    atomic_files.check_target = checked_then_planted  # type: ignore[assignment]
    try:
        with pytest.raises(AtomicWriteError) as caught:
            write_text_atomic(link, "{}", follow_links=False)
    finally:
        atomic_files.check_target = real_check
    assert str(caught.value) == (
        f"cannot write {link}: it is a symbolic link, not a regular file; give a file name"
    )
    assert outside.read_text(encoding="utf-8") == "not Refkit's"
    assert link.is_symlink() and not list(tmp_path.glob(".*.tmp"))
