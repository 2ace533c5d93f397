"""The character sheet's words, Qt-free: signed characteristics and the wound prompt."""

from __future__ import annotations

from dataclasses import dataclass

from refkit.present.sheet_words import signed, wound_prompt_lines


@dataclass(frozen=True)
class Prompt:
    to_place: int = 0
    to_heal: int = 0


def test_characteristics_show_their_sign() -> None:
    assert [signed(value) for value in (2, 0, -1)] == ["+2", "0", "−1"]


def test_the_prompt_says_what_waits_and_nothing_when_nothing_does() -> None:
    assert wound_prompt_lines(Prompt()) == []
    placed, healed = wound_prompt_lines(Prompt(to_place=2, to_heal=1))
    assert placed.startswith("⚠ Wounds waiting: place 2 wounds ")
    assert healed.startswith("Rest: heal 1 wound of the player's choice")
    (one,) = wound_prompt_lines(Prompt(to_place=1))
    assert "place 1 wound —" in one
