"""Exporting to The Nest's save (issue 26): a weapon useless until fixed and a spellbook absorbed
with Burned in the Brain have no place in the save; the export says so (``left_out``) instead of
dropping them silently, and puts no book in a magic slot without a name."""

from __future__ import annotations

from dataclasses import replace

from refkit.rules.character.model import Characteristics
from refkit.rules.character.peers import write_nest
from refkit.rules.inventory.model import HAND, MAGIC, Item, TierDamage
from tests.rules.test_slot_shaping import crow


def test_a_nest_save_says_what_it_leaves_out_of_issue_26s_states() -> None:
    spear = Item("Spear", area=HAND, at=1, damage=TierDamage(3, 7), keywords=("stabbing",))
    book = Item("Fire lance book", area=MAGIC, tags=("spellbook", "absorbed"))
    gladiator = replace(
        crow("Bury the Point", items=(replace(spear, useless=True), book)),
        background="Gladiator",
        characteristics=Characteristics(1, 0, 2),
    )
    save, left_out = write_nest(gladiator)
    assert "Spear: useless until fixed (Bury the Point); The Nest keeps no such state" in left_out
    assert "Fire lance book: absorbed with Burned in the Brain; The Nest has no place for it" in (
        left_out
    )
    assert save["play"]["magic"] == {}  # not put in a slot the save has no name for
    assert [card["key"] for card in save["inv"]] == ["Spear"]
