"""The builder's rules: each of the 36 backgrounds makes a crow that checks clean, with the
background's numbers, kit, coins and pet; choices the rules do not allow are refused with every
reason."""

from __future__ import annotations

import pytest

from refkit.rules.character.build_data import load_build_data
from refkit.rules.character.creation import CreationChoices, CreationRefused, kit_names, new_crow
from refkit.rules.character.file_format import check_character
from refkit.rules.character.model import CHARACTERISTIC_NAMES, creation_problems

DATA = load_build_data()
CASES = [
    (b.name, two, shape, high)
    for b in DATA.backgrounds
    for two in b.two_in
    for shape in ("10", "m12")
    for high in [c for c in CHARACTERISTIC_NAMES if c != two][: 1 if shape == "10" else 2]
]


def test_every_background_and_choice_is_covered() -> None:
    assert {case[0] for case in CASES} == {b.name for b in DATA.backgrounds}
    assert len({case[0] for case in CASES}) == 36


@pytest.mark.parametrize(("background", "two", "shape", "high"), CASES)
def test_each_background_makes_a_crow_that_checks_clean(background, two, shape, high) -> None:
    crow, missing = new_crow(
        DATA,
        CreationChoices("Pip", background, two=two, shape=shape, high=high, coin_dice=(2, 5, 6)),
    )
    source = DATA.background(background)
    assert missing == ()
    assert check_character(crow).valid
    assert creation_problems(crow) == []
    values = crow.characteristics.as_dict()
    assert values[two] == 2 and values[high] == (1 if shape == "10" else 2)
    assert crow.stamina.max == source.stamina and crow.speed == 5
    assert [(e.name, e.uses) for e in crow.expertises] == [
        (e.name, e.uses) for e in source.expertises
    ]
    assert crow.traits == (source.starting_trait,)
    assert crow.coins == 13 + source.extra_gc
    assert crow.pets == ((source.pet.title(),) if source.pet else ())
    assert crow.items.ground == ()
    carried = sum(item.count for item in crow.items)
    assert carried == sum(count for _, count in kit_names(source))
    worn = [i for i in crow.items if i.worn]
    assert len(worn) == (1 if "light armor" in source.kit else 0)


def test_the_fixed_2_needs_no_choice_but_any_does() -> None:
    thief, _ = new_crow(DATA, CreationChoices("Pip", "Thief", high="mind"))
    assert thief.characteristics.as_dict() == {"agility": 2, "mind": 1, "strength": 0}
    with pytest.raises(CreationRefused, match="Cook sets one of Agility or Mind or Strength"):
        new_crow(DATA, CreationChoices("Pip", "Cook", high="mind"))


def test_every_reason_is_given_at_once() -> None:
    with pytest.raises(CreationRefused) as refused:
        new_crow(
            DATA,
            CreationChoices(" ", "Noble", two="strength", shape="22", coin_dice=(0, 7)),
        )
    assert refused.value.reasons == [
        "the crow needs a name",
        "Noble sets Agility or Mind to 2, not strength",
        'the other two are "10" (1 and 0) or "m12" (2 and −1)',
        "choose which of Agility or Mind gets the higher value",
        "starting coins are three d6 faces, each 1-6",
    ]
    with pytest.raises(CreationRefused, match="no background called 'Pirate'"):
        new_crow(DATA, CreationChoices("Pip", "Pirate"))
