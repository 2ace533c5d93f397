"""Usage dice: vectors V23-V26, entry parsing, and the pool never growing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.usage_dice import (
    UsageDiceEntry,
    UsageDiceMode,
    UsageDiceRoll,
    parse_usage_dice_entry,
    parse_usage_dice_mode,
    roll_usage_dice,
    usage_dice_from_faces,
)


def test_v23_ones_and_twos_are_removed():
    assert usage_dice_from_faces(3, [1, 4, 2]) == UsageDiceRoll(before=3, rolled=(1, 4, 2), after=1)


def test_v24_threes_and_up_stay():
    assert usage_dice_from_faces(2, [3, 6]).after == 2


def test_v25_candle_burns_out_for_good():
    candle = parse_usage_dice_entry("UD: 1 (Useless; DT)")
    assert candle.rolls_at_dt_end
    roll = usage_dice_from_faces(candle.count, [2])
    assert roll.after == 0
    assert candle.is_useless(roll.after)
    assert candle.after_rest(roll.after) == 0


def test_v26_lantern_refuelled_with_oil_is_back_to_two():
    lantern = parse_usage_dice_entry("2 (Refuel w oil; DT)")
    assert lantern == UsageDiceEntry(
        count=2, modes=frozenset({UsageDiceMode.REFUEL, UsageDiceMode.DT}), refuel_with="oil"
    )
    assert not lantern.is_useless(0)
    assert lantern.refuel(0, "Oil") == 2
    assert lantern.refuel(1) == 2


def test_refuel_with_the_wrong_item_or_without_refuel_mode():
    lantern = parse_usage_dice_entry("2 (Refuel w oil; DT)")
    with pytest.raises(ValueError, match="'oil', not 'water'"):
        lantern.refuel(0, "water")
    with pytest.raises(ValueError, match="no Refuel mode"):
        parse_usage_dice_entry("1 (Rest)").refuel(0)


def test_rest_mode_restores_the_maximum():
    ring = parse_usage_dice_entry("UD 1 (Rest; Activate)")
    assert ring.rolls_on_use and not ring.rolls_at_dt_end
    assert ring.after_rest(0) == 1
    torch = parse_usage_dice_entry("3 (DT)")
    assert torch.after_rest(1) == 1


@pytest.mark.parametrize(
    ("text", "count", "modes", "fuel"),
    [
        ("UD 2 (activate; useless)", 2, {"Activate", "Useless"}, None),
        ("UD: 2 (Refuel w oil; DT)", 2, {"Refuel", "DT"}, "oil"),
        ("ud:1 (useless, dt)", 1, {"Useless", "DT"}, None),
        ("2 (Refuel with lamp oil)", 2, {"Refuel"}, "lamp oil"),
        ("3 (Refuel)", 3, {"Refuel"}, None),
        ("4", 4, set(), None),
    ],
)
def test_parse_entries(text, count, modes, fuel):
    entry = parse_usage_dice_entry(text)
    assert entry.count == count
    assert {mode.value for mode in entry.modes} == modes
    assert entry.refuel_with == fuel


def test_mode_parser_ignores_case():
    assert parse_usage_dice_mode(" dt ") is UsageDiceMode.DT
    assert UsageDiceMode.parse("ACTIVATE") is UsageDiceMode.ACTIVATE


def test_unknown_mode_is_named():
    with pytest.raises(ValueError, match="unknown usage-dice mode 'Sparkle'"):
        parse_usage_dice_mode("Sparkle")
    with pytest.raises(ValueError, match=r"'Sparkle'.*'2 \(DT; Sparkle\)'"):
        parse_usage_dice_entry("2 (DT; Sparkle)")


@pytest.mark.parametrize("text", ["", "two (DT)", "2 DT", "(DT)", "-1 (DT)"])
def test_unreadable_entries_are_named(text):
    with pytest.raises(ValueError, match="cannot read usage-dice entry"):
        parse_usage_dice_entry(text)


def test_zero_dice_roll_nothing():
    rng = random.Random(3)
    state = rng.getstate()
    assert roll_usage_dice(0, rng) == UsageDiceRoll(before=0, rolled=(), after=0)
    assert rng.getstate() == state


def test_roll_uses_the_injected_rng():
    expected = random.Random(8)
    faces = tuple(expected.randint(1, 6) for _ in range(4))
    assert roll_usage_dice(4, random.Random(8)) == usage_dice_from_faces(4, faces)


@pytest.mark.parametrize(
    ("before", "faces", "fragment"),
    [
        (-1, [], "cannot be negative, got -1"),
        (2, [3], "2 usage dice need exactly 2 faces, got 1"),
        (1, [7], "usage die 1 shows 7"),
        (2, [3, 0], "usage die 2 shows 0"),
    ],
)
def test_bad_faces_raise_with_the_value(before, faces, fragment):
    with pytest.raises(ValueError, match=fragment):
        usage_dice_from_faces(before, faces)


def test_negative_pool_cannot_be_rolled():
    with pytest.raises(ValueError, match="got -2"):
        roll_usage_dice(-2, random.Random(0))


@given(st.integers(min_value=0, max_value=30), st.randoms(use_true_random=False))
def test_usage_dice_never_grow(before, rng):
    roll = roll_usage_dice(before, rng)
    assert 0 <= roll.after <= roll.before == before
    assert len(roll.rolled) == before
    assert roll.after == sum(1 for face in roll.rolled if face >= 3)
