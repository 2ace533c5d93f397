"""The lore uses a study adds to a crow's expertises, and taking them off at its next rest."""

from __future__ import annotations

from dataclasses import replace

from refkit.rules.character.lore_uses import lore_text, with_lore_uses, without_lore_uses
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina


def ada(*expertises: Expertise) -> Character:
    made = Character("Ada", Characteristics(0, 1, 2), Stamina(5, 5))
    return replace(made, expertises=expertises)


def test_added_to_an_expertise_the_crow_has_and_given_one_it_lacks() -> None:
    crow = ada(Expertise("Monster Lore", "general", 2, spent=1))
    studied, applied = with_lore_uses(crow, {"monster lore": 1, "Nature Lore": 2})
    assert [(e.name, e.uses, e.spent) for e in studied.expertises] == [
        ("Monster Lore", 3, 1),
        ("Nature Lore", 2, 0),
    ]
    assert applied == {
        "Monster Lore": {"uses": 1, "added": False},
        "Nature Lore": {"uses": 2, "added": True},
    }
    assert lore_text(applied) == "+1 Monster Lore use and +2 Nature Lore uses"
    assert without_lore_uses(studied, applied) == crow


def test_spent_extra_uses_go_first_and_a_given_expertise_goes() -> None:
    crow = ada(Expertise("Monster Lore", "general", 1))
    studied, applied = with_lore_uses(crow, {"Monster Lore": 2, "Nature Lore": 1})
    spent = replace(studied, expertises=tuple(replace(e, spent=e.uses) for e in studied.expertises))
    back = without_lore_uses(spent, applied)
    assert [(e.name, e.uses, e.spent) for e in back.expertises] == [("Monster Lore", 1, 1)]


def test_unreadable_records_change_nothing() -> None:
    crow = ada(Expertise("Monster Lore", "general", 1))
    assert without_lore_uses(crow, "junk") == crow
    assert without_lore_uses(crow, {"Monster Lore": {"uses": "x"}}) == crow
