"""Issue 25 item 10 in the window: the cast dialog says a melee attack spell's tier 1 opens the
caster to the target's counter (as ``refkit cast`` does), and an attack spell's damage as a
number with the caster's Mind (``4+M = 6 damage``), not the bare formula."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.compose import Services
from refkit.gui.magic.cast_dialog import result_lines
from refkit.rules.magic.casting import CastDice
from tests.casters import CROW, book, caster, services_with


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    crow = caster([book("Fire hands book", "fire", "hand", 1, 3)])
    with services_with(tmp_path, crow) as built:
        yield built


def _cast(services: Services, dice: CastDice) -> list[str]:
    from refkit.app.magic.cast_desk import CastDesk

    desk = CastDesk(
        services.characters,
        services.dungeon,
        services.spells.spells,
        services.dice.log_roll,
        services.utc_now,
    )
    crow = services.characters.get(CROW)
    (choice,) = [b for b in desk.books(crow) if b.item_id == "fire"]
    return result_lines(desk.plan(crow, choice, dice=dice))


def test_a_melee_attack_spells_miss_offers_the_counter(services: Services) -> None:
    lines = _cast(services, CastDice(test=(1, 5), chaos=3, book=(6, 6, 6)))  # 6 + 2: tier 1
    assert lines[-1].startswith("tier 1: a miss: the target may counter")


def test_an_attack_spells_damage_is_worked_out_with_the_casters_mind(services: Services) -> None:
    lines = _cast(services, CastDice(test=(6, 6), book=(6, 6, 6)))  # 12 + 2: tier 2
    assert lines[-1] == "tier 2: Scorched. (4+M = 6 damage)"  # Ilse's Mind is +2
