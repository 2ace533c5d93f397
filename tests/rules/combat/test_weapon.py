"""Every weapon card of the catalogue reads as attacks: melee, thrown, shot with ammunition, or a
spell's area reached from a distance."""

from __future__ import annotations

import pytest

from refkit.rules.combat.weapon import weapon_attacks
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import Item, TierDamage

CATALOGUE = load_item_catalogue()


@pytest.mark.parametrize(
    "entry", [e for e in CATALOGUE if e.to_item().damage is not None], ids=lambda e: e.name
)
def test_every_catalogue_weapon_reads_as_at_least_one_attack(entry) -> None:  # type: ignore[no-untyped-def]
    attacks = weapon_attacks(entry.to_item())
    assert attacks
    assert all(a.squares >= 1 for a in attacks)


def uses(name: str) -> list[tuple[str, str, int, bool, bool]]:
    item = find_catalogue_item(CATALOGUE, name).to_item()
    return [(a.name, a.kind, a.squares, a.thrown, a.ammunition) for a in weapon_attacks(item)]


def test_a_knife_is_a_melee_weapon_and_a_thrown_one() -> None:
    assert uses("Knife") == [
        ("Knife (melee)", "melee", 1, False, False),
        ("Knife (thrown)", "ranged", 5, True, False),
    ]


def test_bows_spend_ammunition_and_other_ranged_cards_do_not() -> None:
    assert uses("Longbow") == [("Longbow", "ranged", 20, False, True)]
    assert uses("Acid vial") == [("Acid vial", "ranged", 5, False, False)]
    assert uses("Fire lance book") == [("Fire lance book", "ranged", 10, False, False)]


def test_a_line_spell_reaches_the_end_of_its_line() -> None:
    assert uses("Stream book") == [("Stream book", "ranged", 6, False, False)]


def test_a_range_that_cannot_be_read_names_the_item() -> None:
    odd = Item("Odd stick", damage=TierDamage(1, 2), attack_range="sideways 3")
    with pytest.raises(ValueError, match="Odd stick: range 'sideways 3'"):
        weapon_attacks(odd)
