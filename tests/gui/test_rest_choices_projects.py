"""The rest choice row's Craft offers the crow's crafting projects (the finished rest then makes
its roll on the one chosen); projects that cannot be read leave the row working as free text."""

from __future__ import annotations

import pytest

from refkit.app.character_service import CharacterService
from refkit.gui.common.rest_choices import RestChoices
from refkit.rules.character.rest_activities import Activity, ActivityChoice
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.cli.test_rest_craft_cli import SMITH, smith


@pytest.fixture
def crow():
    with Database.open("sqlite://") as database:
        yield smith(CharacterService(CharacterRepository(database), seed_samples=False))


def craft_row(qtbot, crow) -> tuple[RestChoices, object]:
    choices = RestChoices([crow])
    qtbot.addWidget(choices)
    choices.choose(SMITH, ActivityChoice(Activity.CRAFT))
    (row,) = choices.rows
    return choices, row


def test_craft_offers_the_crows_projects(qtbot, monkeypatch, crow) -> None:
    asked: list[str] = []

    def projects(name: str) -> list[str]:
        asked.append(name)
        return ["Knife", "Horseshoes"]

    monkeypatch.setattr(RestChoices, "open_projects", projects)
    choices, row = craft_row(qtbot, crow)
    offered = [row.target.itemText(i) for i in range(row.target.count())]
    assert offered == ["Knife", "Horseshoes"]
    assert asked == [SMITH]
    assert choices.choices()[SMITH] == ActivityChoice(Activity.CRAFT, "Knife")
    row.target.setCurrentIndex(1)
    assert choices.choices()[SMITH] == ActivityChoice(Activity.CRAFT, "Horseshoes")


def test_unreadable_projects_leave_free_text(qtbot, monkeypatch, crow) -> None:
    def broken(_name: str) -> list[str]:
        raise RuntimeError("the database is closed")

    monkeypatch.setattr(RestChoices, "open_projects", broken)
    choices, row = craft_row(qtbot, crow)
    assert row.target.count() == 0 and row.target.isEditable()
    choices.choose(SMITH, ActivityChoice(Activity.CRAFT, "Knife"))
    assert choices.choices()[SMITH] == ActivityChoice(Activity.CRAFT, "Knife")
