"""Midnight Oil, Double Duty and Twice Enchanted (characters facts §4.4, RA+): Craft Equipment on
an item of the trait's craft gives a second crafting roll at the rest — on the same project
(``craft:PROJECT``) or on another of that craft (``craft:PROJECT,OTHER``) — in the rest's one
undo step; without the trait a second project is refused with nothing written."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.app.party.rest import CrowRestCommand
from refkit.compose import Services
from refkit.dice.rng import make_rng
from refkit.rules.character.rest_activities import Activity, ActivityChoice, ActivityRefused
from tests.app.crafting.doing import doing
from tests.cli.test_rest_craft_cli import SMITH, smith

DOUBLE_DUTY = "Blacksmithing: Double Duty"


def forge(tmp_path: Path, *traits: str) -> Iterator[Services]:
    fixed = lambda seed: make_rng(5 if seed is None else seed)  # noqa: E731
    with Services(db_url=str(tmp_path / "refkit.sqlite3"), rng_factory=fixed) as built:
        built.characters.create(replace(smith(built.characters), traits=traits))
        built.characters.create_party("Smiths", [SMITH])
        built.party.set_party("Smiths")
        doing(built).start("Knife", [SMITH])
        doing(built).start("Axe", [SMITH])
        yield built


@pytest.fixture
def dutiful(tmp_path: Path) -> Iterator[Services]:
    yield from forge(tmp_path, DOUBLE_DUTY)


@pytest.fixture
def plain(tmp_path: Path) -> Iterator[Services]:
    yield from forge(tmp_path)


def rest(services: Services, target: str) -> CrowRestCommand:
    return CrowRestCommand(
        services.characters,
        services.party.prompts,
        [services.characters.get(SMITH)],
        in_miasma=False,
        choices={SMITH: ActivityChoice(Activity.CRAFT, target)},
        crafting=services.crafting,
        rng=random.Random(2),
        occasion="the rest at camp",
    )


def rolls(services: Services, project: str) -> list[str]:
    return [roll.rest for roll in services.crafting.view(project).project.rolls]


def test_double_duty_makes_a_second_roll_on_the_same_project(dutiful: Services) -> None:
    command = rest(dutiful, "knife")
    command.do()
    assert rolls(dutiful, "Knife") == ["the rest at camp", "the rest at camp (Double Duty)"]
    assert command.step is not None
    (entry,) = command.step.entries
    assert entry.activity_result.startswith("crafting roll on Knife: +")
    assert ", Double Duty +" in entry.activity_result
    command.undo()  # both rolls go with the rest
    assert rolls(dutiful, "Knife") == []
    command.do()
    assert len(rolls(dutiful, "Knife")) == 2


def test_double_duty_second_roll_on_another_smithing_project(dutiful: Services) -> None:
    command = rest(dutiful, "Knife, Axe")
    command.do()
    assert rolls(dutiful, "Knife") == ["the rest at camp"]
    assert rolls(dutiful, "Axe") == ["the rest at camp"]
    assert command.step is not None
    (entry,) = command.step.entries
    assert "; Double Duty: second crafting roll on Axe: +" in entry.activity_result


def test_without_the_trait_one_roll_and_a_second_project_is_refused(plain: Services) -> None:
    rest(plain, "knife").do()
    assert rolls(plain, "Knife") == ["the rest at camp"]
    before = plain.characters.get(SMITH)
    with pytest.raises(ActivityRefused, match="a second project needs a trait for its craft"):
        rest(plain, "Knife,Axe").do()
    assert plain.characters.get(SMITH) == before
    assert rolls(plain, "Axe") == []
