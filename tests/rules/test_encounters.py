"""Encounter number and checks: vectors V30-V34 and the contract's reading of the EN flags."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.encounters import (
    EncounterCheck,
    check_encounter,
    encounter_number,
    roll_encounter,
)


def test_v30_dungeon_en_9():
    en = encounter_number()
    assert en == 9
    assert check_encounter(8, en).outcome == "none"
    sign = check_encounter(9, en)
    assert (sign.encounter, sign.immediate, sign.outcome) == (True, False, "sign")
    now = check_encounter(10, en)
    assert (now.encounter, now.immediate, now.outcome) == (True, True, "immediate")


def test_v31_crowded_and_chaos_give_en_7():
    en = encounter_number(crowded=True, chaos=True)
    assert en == 7
    assert check_encounter(7, en).outcome == "sign"
    assert encounter_number(crowded=True) == 8
    assert encounter_number(chaos=True) == 8


def test_v32_seclude_camp_raises_dungeon_rest_en_to_10():
    en = encounter_number(seclude=True)
    assert en == 10
    assert check_encounter(9, en) == EncounterCheck(en=10, roll=9, encounter=False, immediate=False)


def test_v33_fast_pace_on_a_road():
    en = encounter_number(pace="fast", road=True)
    assert en == 5
    assert check_encounter(5, en).encounter


def test_v34_travel_en_caps_at_10():
    en = encounter_number(pace="slow", modifiers=(2, 2))
    assert en == 10
    assert check_encounter(9, en).outcome == "none"
    assert check_encounter(10, en).outcome == "immediate"


def test_pace_bases():
    assert [encounter_number(pace=p) for p in ("slow", "normal", "fast")] == [8, 7, 6]


def test_explicit_en_wins_then_seclude_and_modifiers_apply():
    assert encounter_number(en=6, crowded=True, chaos=True, pace="fast", road=True) == 6
    assert encounter_number(en=6, seclude=True, modifiers=(-1, 3)) == 9


def test_road_needs_a_pace_and_floor_is_1():
    assert encounter_number(road=True) == 9
    assert encounter_number(crowded=True, modifiers=(-20,)) == 1


def test_roll_encounter_uses_the_die_or_the_rng():
    assert roll_encounter(random.Random(0), 7, die=7).encounter
    expected = random.Random(42).randint(1, 10)
    assert roll_encounter(random.Random(42), 7).roll == expected


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: encounter_number(en=0), "encounter number 0 is outside 1 to 10"),
        (lambda: encounter_number(en=11), "encounter number 11"),
        (lambda: encounter_number(pace="crawl"), "unknown pace 'crawl'"),
        (lambda: encounter_number(modifiers=(1.5,)), "got 1.5"),
        (lambda: check_encounter(0, 9), "encounter die shows 0"),
        (lambda: check_encounter(11, 9), "encounter die shows 11"),
        (lambda: check_encounter(5, 12), "encounter number 12"),
        (lambda: roll_encounter(random.Random(0), 9, die=13), "encounter die shows 13"),
    ],
)
def test_bad_input_raises_with_the_value(call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call()


@given(
    st.one_of(st.none(), st.integers(1, 10)),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.one_of(st.none(), st.sampled_from(["slow", "normal", "fast"])),
    st.booleans(),
    st.lists(st.integers(-15, 15), max_size=5),
)
def test_encounter_number_always_in_1_to_10(en, crowded, chaos, seclude, pace, road, modifiers):
    value = encounter_number(
        en=en,
        crowded=crowded,
        chaos=chaos,
        seclude=seclude,
        pace=pace,
        road=road,
        modifiers=modifiers,
    )
    assert 1 <= value <= 10


@given(st.integers(1, 10), st.integers(1, 10))
def test_check_reads_roll_against_en(roll, en):
    check = check_encounter(roll, en)
    assert check.encounter == (roll >= en)
    assert check.immediate == (roll == 10)
