"""Crafting projects in the database: stored and read back, names unique ignoring case, a save
over a project changed elsewhere refused with nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from refkit.rules.crafting.tracker import CraftingProject
from refkit.rules.inventory.model import Crafting
from refkit.store.crafting_store import (
    CraftingProjectRepository,
    ProjectChangedError,
    ProjectNameTakenError,
    ProjectNotFoundError,
)
from refkit.store.database import Database

SWORD = CraftingProject(
    "Sword", "Sword", Crafting("blacksmithing", 1, "1 iron bar", 10), ("Brannoc",)
)


@pytest.fixture
def repo(tmp_path: Path):
    with Database.open(str(tmp_path / "craft.sqlite3")) as db:
        yield CraftingProjectRepository(db)


def test_a_project_reads_back_as_it_was_saved(repo):
    assert repo.save(SWORD, None) == 1
    assert repo.get("sword") == (SWORD, 1)
    assert repo.projects() == [(SWORD, 1)]


def test_a_second_project_of_the_same_name_is_refused(repo):
    repo.save(SWORD, None)
    with pytest.raises(ProjectNameTakenError, match="exists already"):
        repo.save(SWORD, None)


def test_a_stale_save_is_refused_and_writes_nothing(repo):
    repo.save(SWORD, None)
    from dataclasses import replace

    repo.save(replace(SWORD, points=5), 1)
    with pytest.raises(ProjectChangedError, match="changed since"):
        repo.save(replace(SWORD, points=9), 1)
    assert repo.get("Sword") == (replace(SWORD, points=5), 2)


def test_delete_needs_the_revision_it_read(repo):
    repo.save(SWORD, None)
    with pytest.raises(ProjectChangedError):
        repo.delete("Sword", 2)
    repo.delete("Sword", 1)
    with pytest.raises(ProjectNotFoundError, match="no crafting project called 'Sword'"):
        repo.get("Sword")
