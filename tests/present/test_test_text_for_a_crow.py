"""The words of a test rolled for a crow: a doom its condition forced, the expertise it spent."""

from __future__ import annotations

from refkit.present.test_text import result_note, summary_line
from refkit.rules.checks.crows_test import resolve_test


def test_a_forced_doom_names_its_condition_not_the_dice() -> None:
    result = resolve_test(10, 9, 2, forced="doom")
    note = result_note(result, expertise_asked=True, forced_by="unconscious")
    assert (
        note
        == "Unconscious: an automatic doom whatever the dice; no expertise on a doom (keep the use)"
    )
    assert summary_line(result) == "Doom — tier 1"  # the stored summary is worded as before


def test_the_spent_expertise_is_named() -> None:
    result = resolve_test(4, 5, 2, expertise=True)
    assert result_note(result, expertise_asked=True, expertise_name="Stealth") == (
        "Expertise used: +1 tier (a use of Stealth spent)"
    )
    assert result_note(result, expertise_asked=True) == "Expertise used: +1 tier (spend a use)"
