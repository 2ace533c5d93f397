"""What the dice panel says about the crow it rolls for, without a widget (issue 24: the dice
panel's presenter)."""

from __future__ import annotations

from dataclasses import replace

from refkit.present.dice_crow import (
    characteristic_caption,
    conditions_line,
    effect_on_test,
    expertise_offer,
    prepared_offer,
)
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
from refkit.rules.checks.conditions import NO_EFFECT

WREN = Character("Wren", Characteristics(agility=1, strength=-1, mind=2), Stamina(9, 9))


def test_the_characteristic_buttons_show_the_crow_s_value_signed() -> None:
    assert characteristic_caption("Agility", WREN, "agility") == "Agility +1"
    assert characteristic_caption("Strength", WREN, "strength") == "Strength −1"
    assert characteristic_caption("Mind", None, "mind") == "Mind"


def test_only_expertises_with_uses_left_are_offered() -> None:
    crow = replace(
        WREN,
        expertises=(Expertise("Climbing", "general", 2), Expertise("Lore", "general", 2, 2)),
    )
    offer = expertise_offer(crow)
    assert offer.choices == (("Climbing (2 left)", "Climbing"),)
    assert offer.spendable and "Wren's chosen expertise" in offer.tooltip
    spent = expertise_offer(replace(WREN, expertises=(Expertise("Lore", "general", 2, 2),)))
    assert not spent.spendable
    assert spent.tooltip == "Wren has no expertise uses left until the next rest"


def test_the_prepared_task_is_offered_only_for_a_crow_that_prepared_one() -> None:
    text, tooltip = prepared_offer(WREN, "Picking the lock")
    assert text == "Prepared for: Picking the lock (+2)"
    assert tooltip.startswith("Wren prepared for this at the last rest: +2")
    assert prepared_offer(WREN, "") == ("", "")
    assert prepared_offer(None, "Picking the lock") == ("", "")


def test_the_conditions_line_asks_for_a_characteristic_and_warns_of_the_doom() -> None:
    out = replace(WREN, conditions=("unconscious",))
    line = conditions_line(out, None, effect_on_test(out, None))
    assert line.startswith("For Wren · choose Agility, Strength or Mind")
    assert line.endswith("unconscious: Agility and Strength tests are a doom")
    assert "choose" not in conditions_line(out, "agility", effect_on_test(out, "agility"))
    assert effect_on_test(None, "agility") is NO_EFFECT
