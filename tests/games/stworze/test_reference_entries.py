"""Stworze's reference entries: one for every topic of the fact file's inventory, all loadable."""

from __future__ import annotations

import shutil
from pathlib import Path

from refkit.games.reference import read_reference
from refkit.locate import resource_path

INVENTORY = [
    "toc",
    "components",
    "setup",
    "character-card",
    "map",
    "movement",
    "influence",
    "vitality",
    "mission-deck",
    "mission-cards",
    "attribute-cards",
    "mission-setup",
    "winning",
    "ruler-cards",
    "round",
    "phase1-effects",
    "phase2-action",
    "phase3",
    "phase4-events",
    "phase5-tally",
    "phase6-missions",
    "actions",
    "act-quest",
    "act-influence",
    "act-hereiam",
    "act-track",
    "act-rest",
    "act-duel",
    "act-warrior-mage",
    "act-hunter-children",
    "tests",
    "example-round",
    "optional",
    "two-player",
    "solo",
    "characters",
    "events",
    "card-examples",
]


def _library(tmp_path: Path):
    # Only Stworze's folder, so another game's work in progress cannot hide a mistake here.
    shutil.copytree(resource_path("reference", "stworze"), tmp_path / "stworze")
    return read_reference(tmp_path)


def test_every_inventory_topic_has_an_entry_and_all_links_resolve(tmp_path: Path) -> None:
    library, problems = _library(tmp_path)
    assert problems == ()
    assert sorted(entry.id for entry in library) == sorted(INVENTORY)
    assert {entry.game for entry in library} == {"stworze"}


def test_the_tests_entry_says_the_deck_is_refkits_unverified_proposal(tmp_path: Path) -> None:
    library, _ = _library(tmp_path)
    tests = next(entry for entry in library if entry.id == "tests")
    assert "unverified" in tests.body
    assert "never fewer than 1 and never more than 6" in tests.body
