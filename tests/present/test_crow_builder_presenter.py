"""The builder's decisions, without Qt (``refkit.present.crow_builder``): the 2d6 odds, what a
roll says, the Stamina/uses trade, the characteristic shapes, the purse, the connection and the
reasons a page cannot be left."""

from __future__ import annotations

from fractions import Fraction

import pytest

from refkit.present import crow_builder as cb
from refkit.rules.character.build_data import load_build_data
from refkit.rules.character.creation import CreationChoices

DATA = load_build_data()


def test_each_background_is_one_chance_in_36_and_the_rows_follow_the_table() -> None:
    chances = cb.odds(DATA)
    assert len(chances) == 36 and set(chances.values()) == {Fraction(1, 36)}
    rows = cb.background_rows(DATA)
    assert [row.roll for row in rows[:2]] == ["1-1", "1-2"]
    assert rows[0].name == "Acolyte of the Gardner" and rows[0].odds == "1 in 36 (2.8%)"
    assert rows[0].two_in == "Mind" and rows[0].stamina == 5 and rows[0].uses == 9


def test_a_roll_names_the_dice_the_background_and_its_odds() -> None:
    assert cb.rolled_text(DATA, 2, 5) == (
        "Rolled 2 (row) and 5 (column): Blacksmith, a 1 in 36 (2.8%) chance"
    )


@pytest.mark.parametrize(
    ("name", "words"),
    [("Beggar", "any"), ("Noble", "Agility or Mind"), ("Blacksmith", "Strength")],
)
def test_the_characteristic_set_to_two(name: str, words: str) -> None:
    assert cb.two_in_text(DATA.background(name)) == words


def test_the_trade_says_where_a_background_is_off_the_usual_pattern() -> None:
    assert cb.usual_uses(DATA) == {9: 3, 7: 6, 5: 9}
    usual = cb.trade_text(DATA, DATA.background("Blacksmith"))
    assert "Stamina 9 comes with 3 uses" in usual and "off the usual" not in usual
    odd = cb.trade_text(DATA, DATA.background("Keraunomancer"))
    assert "Stamina 7 and 7 expertise uses — printed so, off the usual 6" in odd


def test_characteristic_values_for_each_shape_and_an_incomplete_choice() -> None:
    smith = DATA.background("Blacksmith")
    assert cb.characteristic_values(smith, "", "10", "agility") == {
        "agility": 1,
        "mind": 0,
        "strength": 2,
    }
    assert cb.characteristic_values(smith, "", "m12", "mind") == {
        "agility": -1,
        "mind": 2,
        "strength": 2,
    }
    assert cb.characteristic_values(smith, "", "10", "strength") is None  # the 2 itself
    assert cb.characteristic_values(smith, "mind", "10", "agility") is None  # not its 2
    noble = DATA.background("Noble")
    assert cb.characteristic_values(noble, "", "10", "agility") is None  # two-way: choose
    assert cb.values_text(None).startswith("Choose the shape")
    assert cb.values_text({"agility": 1, "mind": 0, "strength": 2}) == (
        "Agility +1, Mind +0, Strength +2"
    )


def test_the_purse_adds_the_backgrounds_gold_and_pets_are_named() -> None:
    merchant = DATA.background("Merchant")
    assert cb.coins_text(merchant, (3, 4, 5)) == (
        "3d6 = 3 + 4 + 5 = 12 gc, plus 50 gc from the Merchant: 62 gc in the purse"
    )
    assert cb.coins_text(DATA.background("Beggar"), (1, 1, 6)).endswith(": 8 gc in the purse")
    assert "goat" in cb.pet_text(DATA.background("Farmer"))
    assert cb.pet_text(DATA.background("Beggar")) == "No pet comes with this background."


def test_the_kit_counts_repeated_items_and_the_trait_says_what_it_does() -> None:
    lines = cb.kit_lines(DATA.background("Farmer"))
    assert lines[:4] == ["Coin purse", "Knife", "Rope", "6 × Ration"]
    assert "6 × animal feed" in lines
    trait = cb.starting_trait_text(DATA, DATA.background("Beggar"))
    assert trait.startswith("Leverage: More for Less (free) — ")
    expertise = cb.expertise_lines(DATA, DATA.background("Beggar"))
    assert any(line.startswith("Search — 2 uses (") for line in expertise)


def test_an_empty_connection_is_none_and_a_bad_benefit_is_a_problem() -> None:
    assert cb.connection_from("", " ", "") is None
    made = cb.connection_from(" Old Maud ", "aunt", "Foodie")
    assert made is not None and made.name == "Old Maud"
    assert cb.connection_problems("Old Maud", "aunt", "Foodie") == []
    (problem,) = cb.connection_problems("Old Maud", "aunt", "Free Beer")
    assert "Free Beer" in problem


def test_a_page_lists_only_its_own_fields_problems() -> None:
    unchosen = CreationChoices(name="Wren", background="")
    background_page = cb.page_problems(DATA, unchosen, "background")
    assert background_page and {f for f, _ in background_page} <= set(cb.PAGE_FIELDS["background"])
    assert cb.find_background(DATA, "Nobody") is None
    assert cb.summary_lines(DATA, unchosen) == ["No background chosen yet."]
    chosen = CreationChoices(name="Wren", background="Farmer", high="agility")
    summary = cb.summary_lines(DATA, chosen)
    assert summary[0] == "Farmer (roll 4-1)" and "Pet: goat" in summary
    assert summary[-1].startswith("No NPC connection")
