"""A form's whole-crow edit put over a crow saved elsewhere meanwhile: both sides' work kept."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.app.characters.merge import EditCollisionError, merge_edit
from refkit.errors import ConflictError
from refkit.rules.character.model import Character, Characteristics, Stamina

BASE = Character("Wren", Characteristics(agility=1, mind=0, strength=2), Stamina(8, 8), notes="old")


def test_nothing_saved_meanwhile_gives_the_edit_itself() -> None:
    mine = replace(BASE, player="Ola")
    assert merge_edit(BASE, mine, BASE) is mine


def test_fields_changed_on_different_sides_are_both_kept() -> None:
    mine = replace(BASE, player="Ola", notes="mine")
    theirs = BASE.with_condition("blessed")
    merged = merge_edit(BASE, mine, theirs)
    assert merged.player == "Ola" and merged.notes == "mine"
    assert "blessed" in merged.conditions


def test_stamina_lost_meanwhile_survives_a_new_maximum() -> None:
    mine = replace(BASE, stamina=Stamina(10, 8))
    theirs = replace(BASE, stamina=Stamina(8, 5))
    assert merge_edit(BASE, mine, theirs).stamina == Stamina(10, 5)


def test_one_field_changed_both_ways_is_refused_naming_it() -> None:
    mine = replace(BASE, notes="mine", player="Ola")
    theirs = replace(BASE, notes="theirs")
    with pytest.raises(EditCollisionError) as refused:
        merge_edit(BASE, mine, theirs)
    assert refused.value.fields == ("notes",)
    assert isinstance(refused.value, ConflictError)
    assert "notes" in str(refused.value) and "Wren" in str(refused.value)


def test_the_same_change_on_both_sides_is_no_collision() -> None:
    mine = replace(BASE, notes="same")
    assert merge_edit(BASE, mine, replace(BASE, notes="same")).notes == "same"


def test_the_maximum_moved_both_ways_is_refused() -> None:
    mine = replace(BASE, stamina=Stamina(4, 4))  # the form lowers the maximum to 4
    theirs = replace(BASE, stamina=Stamina(12, 12))  # meanwhile it was raised to 12
    with pytest.raises(EditCollisionError):
        merge_edit(BASE, mine, theirs)
