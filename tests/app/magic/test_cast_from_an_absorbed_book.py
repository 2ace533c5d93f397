"""Burned in the Brain in the cast window's desk (issue 26): a spellbook absorbed with the trait
is offered as in hand (always wielded, though it has no slot) and casts; the same book in the
backpack is offered with the reason it cannot be cast."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.compose import Services
from refkit.rules.magic.casting import CastDice
from tests.casters import CROW, book, caster, services_with


def absorbed(item: dict) -> dict:
    item = {**item, "area": "magic", "tags": ["spellbook", "absorbed"]}
    item.pop("at")
    return item


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    crow = caster(
        [absorbed(book("Fire lance book", "lance", "hand", 1, 1)),
         book("Create water book", "water", "backpack", 2, 1)]
    )  # fmt: skip
    with services_with(tmp_path, crow) as built:
        yield built


def test_the_absorbed_book_is_offered_as_held_and_casts(services: Services) -> None:
    from refkit.app.magic.cast_desk import CastDesk

    desk = CastDesk(
        services.characters,
        services.dungeon,
        services.spells.spells,
        services.dice.log_roll,
        services.utc_now,
    )
    crow = services.characters.get(CROW)
    choices = {choice.item_id: choice for choice in desk.books(crow)}
    assert choices["lance"].in_hand and choices["lance"].refusal == ""
    assert not choices["water"].in_hand and "move it to a hand" in choices["water"].refusal
    plan = desk.plan(crow, choices["lance"], dice=CastDice(test=(6, 6), book=(6,)))
    assert plan.spell.name == "Fire Lance" and plan.item_id == "lance"
    assert plan.after.items.find("lance").absorbed  # cast from, and still absorbed
