"""Issue 25 item 9: rest activities in town (L485) — up to four a day, each one's effect when its
two hours are done, Tend Wounds healing only after the patient's sleep, each one undo step."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.party.town_rest import TownActivityCommand, TownSleepCommand, read_town_day
from refkit.compose import Services
from refkit.rules.character.rest_activities import ActivityRefused, parse_activity
from tests.runner import run


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as built:
        yield built


def _activity(services, crow: str, text: str, seed: int = 1):
    command = TownActivityCommand(
        services.characters, crow, parse_activity(text), crafting=services.crafting, seed=seed
    )
    step = run(services.database, command)
    step.do()
    return step


def _wound(services, name: str, count: int) -> None:
    crow = services.characters.get(name)
    services.characters.save(crow.place_wounds(crow.free_wound_slots[:count]))


def test_four_activities_a_day_each_counted_and_undone_whole(services) -> None:
    for n in range(4):
        step = _activity(services, "Wren Ashdown", f"prepare:task {n}")
        assert step.report.done_today == n + 1 and step.report.left_today == 3 - n
    with pytest.raises(ActivityRefused, match="4 activities on town day 1"):
        _activity(services, "Wren Ashdown", "prepare:one more")
    assert read_town_day(services.characters.repository).left_for("Wren Ashdown") == 0
    step.undo()  # the fourth taken back: one left again
    assert read_town_day(services.characters.repository).left_for("Wren Ashdown") == 1
    assert read_town_day(services.characters.repository).left_for("Brannoc Tull") == 4


def test_an_activitys_effect_comes_after_its_two_hours_not_at_a_rest(services) -> None:
    before = services.characters.get("Brannoc Tull")
    step = _activity(services, "Brannoc Tull", "harvest:large", seed=3)
    parts = step.report.harvest_parts
    assert parts is not None and 2 <= parts <= 12
    assert services.characters.get("Brannoc Tull") != before  # the parts are in the pack now
    step.undo()
    assert services.characters.get("Brannoc Tull") == before
    assert read_town_day(services.characters.repository).done_by("Brannoc Tull") == ()


def test_tend_wounds_heals_only_after_the_patients_sleep_and_once_a_day(services) -> None:
    _wound(services, "Hesper Quill", 2)
    _activity(services, "Wren Ashdown", "tend-wounds:Hesper Quill")
    assert len(services.characters.get("Hesper Quill").wound_slots) == 2  # not yet
    with pytest.raises(ActivityRefused, match="once a day"):
        _activity(services, "Brannoc Tull", "tend-wounds:Hesper Quill")
    with pytest.raises(ActivityRefused, match="Seclude Camp"):
        _activity(services, "Brannoc Tull", "seclude-camp")
    sleep = run(services.database, TownSleepCommand(services.characters, services.party.prompts))
    sleep.do()
    assert len(services.characters.get("Hesper Quill").wound_slots) == 0
    assert [h.crow for h in sleep.healed] == ["Hesper Quill"] and sleep.day == 2
    assert read_town_day(services.characters.repository).left_for("Wren Ashdown") == 4
    sleep.undo()
    assert len(services.characters.get("Hesper Quill").wound_slots) == 2
    assert read_town_day(services.characters.repository).day == 1
