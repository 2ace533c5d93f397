"""Wounds left to place after damage are kept with the crow (issue 9, "Damage and wounds"): in
the database, raised and lowered with the hit's undo, answered box by box, and given back by
undoing a placement — never healed by it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app import character_commands as commands
from refkit.app.character_service import CharacterService
from refkit.app.party.wound_prompts import (
    WoundPrompt,
    WoundPrompts,
    answering_prompt,
    raising_prompt,
)
from refkit.compose import open_character_service
from tests.wound_crows import IDA, wound_service


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "refkit.sqlite3"


@pytest.fixture
def service(db_path: Path) -> Iterator[CharacterService]:
    with wound_service(db_path) as opened:
        yield opened


def hit(service: CharacterService, prompts: WoundPrompts, amount: int) -> commands.CharacterEdit:
    edit, outcome = commands.apply_damage(service, IDA, amount, piercing=True)
    command = raising_prompt(prompts, edit, to_place=outcome.wounds_to_place)
    command.do()
    return command


def test_wounds_past_stamina_wait_in_the_database(service: CharacterService, db_path) -> None:
    prompts = WoundPrompts(service.repository)
    hit(service, prompts, 8)  # 5 off Stamina, 3 wounds to place
    assert prompts.get(IDA) == WoundPrompt(to_place=3)
    with open_character_service(str(db_path), seed_samples=False) as restarted:
        assert WoundPrompts(restarted.repository).get(IDA) == WoundPrompt(to_place=3)


def test_undoing_the_hit_takes_its_wounds_to_place_away(service: CharacterService) -> None:
    prompts = WoundPrompts(service.repository)
    prompts.add(IDA, to_place=1)  # a magic overload wound waiting already
    command = hit(service, prompts, 7)
    assert prompts.get(IDA).to_place == 3
    command.undo()
    assert prompts.get(IDA).to_place == 1
    assert service.get(IDA).stamina.current == 5
    command.do()
    assert prompts.get(IDA).to_place == 3


def test_undoing_a_placement_returns_the_wound_to_place(service: CharacterService) -> None:
    prompts = WoundPrompts(service.repository)
    hit(service, prompts, 7)
    place = answering_prompt(prompts, commands.place_wounds(service, IDA, [4]), placed=1)
    place.do()
    assert service.get(IDA).wound_slots == {4}
    assert prompts.get(IDA).to_place == 1
    place.undo()
    assert service.get(IDA).wound_slots == frozenset()
    assert prompts.get(IDA).to_place == 2  # back to be placed, not healed


def test_wounds_that_fill_the_backpack_leave_no_prompt_and_kill(
    service: CharacterService,
) -> None:
    prompts = WoundPrompts(service.repository)
    service.put(IDA, service.get(IDA).place_wounds(range(1, 9)))
    hit(service, prompts, 9)  # 5 off Stamina, 4 wounds for 2 free slots
    assert service.get(IDA).dead
    assert prompts.get(IDA) == WoundPrompt()


def test_a_hit_whose_wounds_with_those_waiting_fill_the_backpack_kills_at_once(
    service: CharacterService,
) -> None:
    prompts = WoundPrompts(service.repository)
    service.put(IDA, service.get(IDA).place_wounds(range(1, 6)))  # 5 free slots
    prompts.add(IDA, to_place=3)  # from a doubled magic slot, not placed yet
    edit, outcome = commands.apply_damage(service, IDA, 9, piercing=True)  # 4 wounds
    command = raising_prompt(prompts, edit, to_place=outcome.wounds_to_place)
    command.do()
    assert service.get(IDA).dead  # 3 + 4 wounds for 5 slots: no choice is left
    assert prompts.get(IDA) == WoundPrompt()
    command.undo()
    assert service.get(IDA).wound_slots == {1, 2, 3, 4, 5}
    assert prompts.get(IDA) == WoundPrompt(to_place=3)
