"""Rules tests that close gaps found by mutation testing (issue 8): each pins one comparison or
formula that a mutant changed while the whole suite still passed."""

from __future__ import annotations

from refkit.rules.dungeon.clock import DungeonTurnClock
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo
from refkit.rules.inventory.moves import can_place

T0 = 1_750_000_000.0
POTION = StackInfo("potion", 5)
ODD_POTION = StackInfo("potion", 3)  # the same kind, but this flask only stacks three high


# -- a slot with stacks of different limits: the smallest limit rules -------------------------


def test_a_slot_holding_stacks_of_different_limits_is_checked_against_the_smallest() -> None:
    # 2 + 2 potions: legal under the 5-high limit, one too many under the 3-high one
    inventory = Inventory(
        (
            Item("Healing potion", area=BACKPACK, at=3, count=2, stack=POTION),
            Item("Odd potion", area=BACKPACK, at=3, count=2, stack=ODD_POTION),
        )
    )
    problems = inventory.check()
    assert [problem.code for problem in problems] == ["stack_limit"]
    assert problems[0].message.endswith("a potion stack holds at most 3")


def test_the_same_slot_at_the_smallest_limit_is_legal() -> None:
    inventory = Inventory(
        (
            Item("Healing potion", area=BACKPACK, at=3, count=2, stack=POTION),
            Item("Odd potion", area=BACKPACK, at=3, count=1, stack=ODD_POTION),
        )
    )
    assert inventory.check() == []


def test_moving_the_stack_with_the_smaller_limit_onto_a_slot_counts_its_own_limit() -> None:
    # the slot holds 3 potions (limit 5); the moving flask only stacks three high: no room
    inventory = Inventory(
        (
            Item("Healing potion", area=BACKPACK, at=3, count=3, stack=POTION, id="healing"),
            Item("Odd potion", area=BACKPACK, at=4, count=1, stack=ODD_POTION, id="odd"),
        )
    )
    verdict = can_place(inventory, "odd", BACKPACK, 3)
    assert not verdict.ok
    assert verdict.reason == "Backpack slot 3 already holds a full stack of potion (3 of 3)"


# -- the clock's warnings fire when exactly that much time is left -----------------------------


def test_the_five_minute_warning_fires_with_exactly_five_minutes_left() -> None:
    clock = DungeonTurnClock.new().start(T0, minutes=30, dungeon="Sunken Crypt")
    assert clock.remaining(T0 + 1500) == 300
    assert clock.warnings_due(T0 + 1499.5, (300, 60)) == ()
    assert clock.warnings_due(T0 + 1500, (300, 60)) == (300,)


def test_the_one_minute_warning_fires_with_exactly_one_minute_left() -> None:
    clock = DungeonTurnClock.new().start(T0, minutes=30, dungeon="Sunken Crypt")
    clock = clock.mark_warnings_fired((300,))
    assert clock.remaining(T0 + 1740) == 60
    assert clock.warnings_due(T0 + 1739.5, (300, 60)) == ()
    assert clock.warnings_due(T0 + 1740, (300, 60)) == (60,)
