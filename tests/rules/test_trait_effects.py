"""Traits that change tests change them through the engine: crit ranges, bonuses and rolling
twice reach the exact odds and the resolver (rules/characters-facts.md §4.4)."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import pytest

from refkit.locate import read_resource_text
from refkit.rules.character.build_data import BuildDataError, load_build_data
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.trait_effects import (
    TestChanges,
    changes_for,
    load_trait_effects,
    odds_with_changes,
    resolve_with_changes,
)
from refkit.rules.checks.odds import test_odds as plain_odds

BUILD = load_build_data()
EFFECTS = load_trait_effects(BUILD)


def crow(*traits: str) -> Character:
    base = Character("Tess", Characteristics(1, 0, 2), Stamina(7, 7))
    return replace(base, traits=tuple(BUILD.trait(t).key for t in traits))


def test_the_fact_files_families_are_all_there() -> None:
    by_kind = {
        "crit": {e.trait for e in EFFECTS if e.crit_min is not None},
        "twice": {e.trait for e in EFFECTS if e.roll_twice},
    }
    assert by_kind["crit"] == {
        "Alchemy: Alchemy Epiphany",  # crafting rolls: the crafting service asks "craft:…"
        "Blacksmithing: Smithing Epiphany",
        "Enchantment: Enchanting Epiphany",
        "Bashing: Bashing Crit",
        "Chopping: Chopping Crit",
        "Chopping: Improved Chop",
        "Stabbing: Stabbing Crit",
        "Stabbing: Improved Stab",
    }
    assert by_kind["twice"] == {
        "Thievery: Safe Cracking",
        "Thievery: Stealthy",
        "Travel: I Spy",
        "Travel: Orienteering",
        "Travel: Hunting Expert",
        "Unarmed: Hard to Pin",
    }
    assert all("T" in BUILD.trait(e.trait).tags for e in EFFECTS)


def test_a_wider_crit_range_reaches_the_odds() -> None:
    changes = changes_for(crow("Improved Chop", "Chopping Crit"), "attack:chopping", [], EFFECTS)
    assert (changes.crit_min, changes.bonus, changes.roll_twice) == (17, 0, False)
    odds = odds_with_changes(1, changes)
    assert odds.crit == Fraction(4 + 3 + 2 + 1, 100)  # naturals 17..20 on 2d10
    assert odds == plain_odds(1, crit_min=17)
    assert odds.crit > plain_odds(1).crit
    untouched = changes_for(crow("Improved Chop"), "attack:stabbing", [], EFFECTS)
    assert untouched == TestChanges()


def test_rolling_twice_keeps_the_better_result_in_the_odds() -> None:
    changes = changes_for(crow("Safe Cracking"), "pick-lock", ["lockpicks"], EFFECTS)
    assert changes.roll_twice and changes.traits == ("Thievery: Safe Cracking",)
    once = plain_odds(0)
    twice = odds_with_changes(0, changes)
    assert twice.tier1 == once.tier1**2
    assert twice.doom == once.doom**2
    assert twice.crit == 1 - (1 - once.crit) ** 2
    assert twice.tier1 + twice.tier2 + twice.tier3 == 1
    without_tools = changes_for(crow("Safe Cracking"), "pick-lock", [], EFFECTS)
    assert not without_tools.roll_twice


def test_bonuses_add_up_only_when_their_conditions_hold() -> None:
    both = crow("Headgear", "Mind Protection")
    assert changes_for(both, "rr:mind", ["head-item"], EFFECTS).bonus == 2
    assert changes_for(both, "rr:mind", ["armor"], EFFECTS).bonus == 1
    assert changes_for(both, "rr:mind", [], EFFECTS).bonus == 0
    dodgy = changes_for(crow("Dodgy"), "rr:agility", ["unarmored"], EFFECTS)
    assert odds_with_changes(0, dodgy) == plain_odds(0, bonuses=(2,))


def test_the_resolver_rolls_twice_and_keeps_the_better() -> None:
    changes = changes_for(crow("Stealthy"), "hide", ["unarmored"], EFFECTS)
    kept, other = resolve_with_changes([1, 2, 9, 8], 0, changes)
    assert (kept.natural, kept.crit) == (17, False) and other is not None and other.doom
    with pytest.raises(ValueError, match="takes 4 d10 faces"):
        resolve_with_changes([5, 5], 0, changes)
    crit = changes_for(crow("Improved Stab"), "attack:stabbing", [], EFFECTS)
    kept, other = resolve_with_changes([9, 8], 0, crit)
    assert kept.crit and kept.tier == 3 and other is None


@pytest.mark.parametrize(
    ("test", "conditions", "message"),
    [
        ("cooking", [], "no trait changes a test called 'cooking'"),
        ("hide", ["invisible"], "no trait names the condition 'invisible'"),
        ("hide", ["armor", "unarmored"], "cannot both hold"),
    ],
)
def test_unclear_tests_are_refused(test, conditions, message) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        changes_for(crow("Stealthy"), test, conditions, EFFECTS)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('trait = "Bashing: Bashing Crit"', 'trait = "Bashing: Shatter"', "no trait called"),
        ('trait = "Bashing: Bashing Crit"', 'trait = "Alchemy: Big Boom"', "not tagged"),
        ("crit_min = 18", "crit_min = 18\nbonus = 1", "exactly one of"),
        ("crit_min = 18", "crit_min = 1", "crit_min must be a natural 2-20"),
    ],
)
def test_bad_effects_are_refused_naming_the_entry(old, new, message) -> None:
    text = read_resource_text("characters", "trait_effects.toml").replace(old, new, 1)
    with pytest.raises(BuildDataError, match=f"effect 1: .*{re.escape(message)}"):
        load_trait_effects(BUILD, text)
