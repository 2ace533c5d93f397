"""The spawn decision from the rulebook's spawning rules (rules/widowers_krynn.md §A2.5): the
majority colour of the rolled type's reserve, the priority colour on a tie, and — when the type
cannot be generated (none left, or the passage is gone) — no miniature but the farthest villain
of that type activates."""

from __future__ import annotations

import pytest

from refkit.games.widowers_wood import decide_spawn

CHAPTER_TWO = {1: "Swamp Gobber", 2: "Swamp Gobber"} | {n: "Gatorman" for n in range(3, 7)}


def test_generation_example_one_takes_the_majority_colour() -> None:
    # 2 blue and 1 red Bog Trog left: a blue one is generated.
    spawn = decide_spawn(4, 2, red_left=1, blue_left=2, priority="red")
    assert (spawn.take, spawn.activate_farthest, spawn.passage) == ("blue", False, 2)


def test_generation_example_two_breaks_a_tie_with_the_priority_colour() -> None:
    spawn = decide_spawn(3, 6, red_left=1, blue_left=1, priority="red", villains=CHAPTER_TWO)
    assert (spawn.villain, spawn.take, spawn.activate_farthest) == ("Gatorman", "red", False)
    assert decide_spawn(3, 6, red_left=2, blue_left=2, priority="blue").take == "blue"


@pytest.mark.parametrize("priority", ["red", "blue", None])
def test_an_empty_reserve_generates_nothing_and_activates_the_farthest(priority) -> None:
    spawn = decide_spawn(1, 4, red_left=0, blue_left=0, priority=priority, villains=CHAPTER_TWO)
    assert spawn.take is None and spawn.activate_farthest
    assert (spawn.villain, spawn.passage, spawn.passage_gone) == ("Swamp Gobber", 4, False)


def test_a_passage_that_no_longer_exists_activates_the_farthest() -> None:
    spawn = decide_spawn(5, 3, red_left=2, blue_left=1, priority="red", passages_gone=[3, 6])
    assert spawn.take is None and spawn.activate_farthest and spawn.passage_gone
    standing = decide_spawn(5, 2, red_left=2, blue_left=1, priority="red", passages_gone=[3])
    assert standing.take == "red" and not standing.activate_farthest


def test_one_colour_left_is_taken_whatever_the_priority() -> None:
    assert decide_spawn(2, 2, red_left=0, blue_left=1, priority="red").take == "blue"


def test_a_tie_needs_the_priority_colour() -> None:
    with pytest.raises(ValueError, match="priority colour"):
        decide_spawn(2, 2, red_left=1, blue_left=1, priority=None)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"red_left": -1, "blue_left": 0}, "fewer than 0"),
        ({"red_left": 1, "blue_left": 0, "passages_gone": [7]}, "a passage that is gone: 7"),
    ],
)
def test_impossible_reserves_and_passages_are_refused(kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        decide_spawn(2, 2, priority="red", **kwargs)


def test_every_roll_and_reserve_agrees_with_a_brute_force_reading() -> None:
    """All 36 rolls × reserves 0–3 of each colour × priority × a gone passage, against the
    rule written out again plainly."""
    checked = 0
    for type_die in range(1, 7):
        for passage in range(1, 7):
            for red in range(4):
                for blue in range(4):
                    for priority in ("red", "blue"):
                        spawn = decide_spawn(
                            type_die,
                            passage,
                            red_left=red,
                            blue_left=blue,
                            priority=priority,
                            passages_gone=[6],
                        )
                        if passage == 6 or red + blue == 0:
                            expected = None
                        elif red > blue:
                            expected = "red"
                        elif blue > red:
                            expected = "blue"
                        else:
                            expected = priority
                        assert spawn.take == expected
                        assert spawn.activate_farthest is (expected is None)
                        checked += 1
    assert checked == 36 * 16 * 2
