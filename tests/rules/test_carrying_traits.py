"""Double Quiver and Bursting Purse (issue 26 item 3), modelled where Refkit has the concept:
with Double Quiver two quivers of 20 arrows (each keeping its own usage dice) share one slot in
the move rules and the character check; with Bursting Purse each carried coin purse holds 500 gc
more, which the PDF sheet prints beside the coins. Without the traits neither applies."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.export.sheet_progress import progress_text
from refkit.rules.character.model import rule_problems
from refkit.rules.character.purse import purse_capacity, purse_text
from refkit.rules.character.slot_traits import inventory_rules, slot_trait_lines
from refkit.rules.inventory.model import BACKPACK, BELT, Item, UsageDiceState
from refkit.rules.inventory.moves import MoveRefused, move
from refkit.rules.usage_dice import UsageDiceMode
from tests.rules.test_slot_shaping import crow

MODES = frozenset({UsageDiceMode.USELESS, UsageDiceMode.ACTIVATE})


def quiver(item_id: str, at: int, left: int = 2) -> Item:
    dice = UsageDiceState(2, left, MODES)
    return Item("Quiver of 20 arrows", area=BELT, at=at, usage_dice=dice, id=item_id)


def purse(name: str = "Coin purse", count: int = 1) -> Item:
    return Item(name, area=BACKPACK, at=10, count=count, tags=("container", "coins"), id="purse")


def test_double_quiver_puts_two_quivers_in_one_slot() -> None:
    items = (quiver("q1", 1), quiver("q2", 2, left=1))
    doubled = crow("Double Quiver", items=items)
    moved = move(doubled.items, "q2", BELT, 1, rules=inventory_rules(doubled))
    together = moved.occupants(BELT, 1)
    assert {i.id for i in together} == {"q1", "q2"}  # each keeps its own dice
    assert {i.usage_dice.current for i in together if i.usage_dice} == {1, 2}
    assert rule_problems(replace(doubled, items=moved)) == []
    plain = crow(items=items)
    with pytest.raises(MoveRefused):
        move(plain.items, "q2", BELT, 1, rules=inventory_rules(plain))
    codes = [p.code for p in rule_problems(replace(plain, items=moved))]
    assert "overlap" in codes


def test_a_third_quiver_does_not_fit_the_slot() -> None:
    items = (quiver("q1", 1), quiver("q2", 1), quiver("q3", 2))
    doubled = crow("Double Quiver", items=items)
    with pytest.raises(MoveRefused):
        move(doubled.items, "q3", BELT, 1, rules=inventory_rules(doubled))


@pytest.mark.parametrize(
    ("name", "count", "traits", "room"),
    [
        ("Coin purse", 1, (), 500),
        ("Fine coin purse", 1, (), 750),
        ("Masterwork coin purse", 1, (), 1000),
        ("Coin purse", 2, (), 1000),
        ("Coin purse", 1, ("Bursting Purse",), 1000),
        ("Fine coin purse", 2, ("Bursting Purse",), 2500),
    ],
)
def test_a_purse_holds_by_its_quality_and_bursting_purse(name, count, traits, room) -> None:
    assert purse_capacity(crow(*traits, items=(purse(name, count),))) == room


def test_the_sheet_prints_what_the_purses_hold_beside_the_coins() -> None:
    plain = replace(crow(items=(purse(),)), coins=800)
    assert "Purse: 800 gc (purses hold 500)" in progress_text(plain)
    bursting = replace(crow("Bursting Purse", items=(purse(),)), coins=800)
    assert "Purse: 800 gc (purses hold 1,000)" in progress_text(bursting)
    loose = replace(crow(), coins=50)  # no purse carried: the gold alone
    assert purse_capacity(loose) is None and "Purse: 50 gc ·" in progress_text(loose) + " ·"


def test_the_sheet_lines_say_what_the_traits_do() -> None:
    lines = slot_trait_lines(crow("Double Quiver", "Bursting Purse"))
    assert "Double Quiver: two quivers of 20 arrows share 1 slot (40 arrows)" in lines
    assert "Bursting Purse: a coin purse holds 500 gc more" in lines


def test_the_purse_line_the_board_and_the_sheet_share() -> None:
    bursting = replace(crow("Bursting Purse", items=(purse(),)), coins=35)
    assert purse_text(bursting) == "Purse: 35 gc (purses hold 1,000)"
    assert purse_text(crow(items=(purse(),))) == "Purse: 0 gc (purses hold 500)"
    assert purse_text(replace(crow(), coins=12)) == "Purse: 12 gc"
    assert purse_text(crow()) == ""
