"""A Crows test result in words: the roll log's summary, the CLI's detailed line, the panel's."""

from __future__ import annotations

import pytest

from refkit.present.test_text import (
    NET_TEXT,
    describe_test,
    detail_line,
    headline,
    meaning,
    outcome_key,
    result_note,
    shown_signed,
    summary_line,
    total_terms,
    word_result,
)
from refkit.rules.checks.crows_test import resolve_test


def test_the_summary_keeps_the_words_older_roll_logs_have() -> None:
    assert summary_line(resolve_test(7, 7, 0)) == "Tier 2 — total 14"
    assert summary_line(resolve_test(10, 10, 0)) == "Crit! Tier 3"
    assert summary_line(resolve_test(1, 1, 5)) == "Doom — tier 1"
    assert summary_line(resolve_test(7, 7, 0, expertise=True)) == (
        "Tier 3 — total 14, expertise spent"
    )


@pytest.mark.parametrize(
    ("result", "line"),
    [
        (resolve_test(6, 5, 0), "dice 6 + 5 = 11, total 11: tier 1 (failure)"),
        (resolve_test(6, 6, 0), "dice 6 + 6 = 12, total 12: tier 2 (success at a cost)"),
        (resolve_test(9, 8, 1), "dice 9 + 8 = 17, total 18: tier 3 (success)"),
        (
            resolve_test(6, 6, 1, expertise=True),
            "dice 6 + 6 = 12, total 13: tier 3 (success), expertise spent",
        ),
        (
            resolve_test(10, 9, -5, banes=2),
            "dice 10 + 9 = 19, total 14: tier 3 (success, and a bonus) — CRIT",
        ),
        (
            resolve_test(1, 2, 3, edges=3, expertise=True),
            "dice 1 + 2 = 3, total 6: tier 1 (failure with a major setback) — DOOM",
        ),
    ],
)
def test_the_detailed_line_says_everything_once(result, line: str) -> None:
    assert detail_line(result) == line


def test_the_panel_headline_and_meaning() -> None:
    plain, crit, doom = resolve_test(6, 6, 0), resolve_test(10, 9, 0), resolve_test(1, 1, 0)
    assert [headline(r) for r in (plain, crit, doom)] == [
        "Tier 2",
        "CRIT · Tier 3",
        "DOOM · Tier 1",
    ]
    assert [outcome_key(r) for r in (plain, crit, doom)] == ["tier2", "crit", "doom"]
    assert [meaning(r) for r in (plain, crit, doom)] == [
        "Success at a cost",
        "Success, and a bonus",
        "Failure with a major setback",
    ]


def test_the_terms_that_made_the_total_end_with_it() -> None:
    result = resolve_test(5, 6, -1, edges=1, bonuses=(2, 1))
    assert total_terms(result, characteristic=-1, bonus=3) == (
        "natural 11",
        "−1 characteristic",
        "+3 bonus",
        "+2 edge",
        "total 15",
    )
    bane = resolve_test(5, 6, 0, banes=1)
    assert total_terms(bane, characteristic=0, bonus=0) == ("natural 11", "−2 bane", "total 9")
    # a double moves the tier, not the total: it is in the note, not the sum
    double = resolve_test(5, 6, 0, edges=2)
    assert total_terms(double, characteristic=0, bonus=0) == ("natural 11", "total 11")
    assert result_note(double, expertise_asked=False) == "Double edge: +1 tier"


@pytest.mark.parametrize(
    ("result", "asked", "note"),
    [
        (resolve_test(6, 6, 0), False, ""),
        (resolve_test(6, 6, 0, expertise=True), True, "Expertise used: +1 tier (spend a use)"),
        (
            resolve_test(9, 9, 0, expertise=True),
            True,
            "Already tier 3: expertise not needed (keep the use)",
        ),
        (
            resolve_test(1, 2, 0, expertise=True),
            True,
            "A natural 3 is a doom whatever the edges and bonuses; "
            "no expertise on a doom (keep the use)",
        ),
        (
            resolve_test(10, 9, 0, expertise=True),
            True,
            "A natural 19 is a crit whatever the banes and penalties; "
            "expertise not needed (keep the use)",
        ),
        (resolve_test(6, 6, 0, banes=2), False, "Double bane: −1 tier"),
    ],
)
def test_the_note_says_why_the_tier_is_not_plain_from_the_total(result, asked, note) -> None:
    assert result_note(result, expertise_asked=asked) == note


def test_all_the_words_at_once_agree_with_each_form() -> None:
    result = resolve_test(6, 6, 2, edges=1, expertise=True)
    words = word_result(result, characteristic=2, bonus=0, expertise_asked=True)
    assert words.summary == summary_line(result)
    assert words.detail == detail_line(result)
    assert words.headline == headline(result) and words.outcome == outcome_key(result)
    assert words.terms[-1] == f"total {result.total}"


def test_the_setup_line_names_only_what_is_set() -> None:
    assert describe_test(0) == "2d10+0"
    assert describe_test(2, edges=1, bonuses=(1,), expertise=True) == (
        "2d10+2, 1 edge, bonus +1, expertise"
    )
    assert describe_test(-2, banes=2, bonuses=(-1, -2), crit_min=18, order="net") == (
        "2d10-2, 2 banes, bonus -3, crit 18+, net shifts"
    )


def test_signs_people_read_use_a_real_minus() -> None:
    assert [shown_signed(v) for v in (2, 0, -1)] == ["+2", "0", "−1"]
    assert NET_TEXT["bane"] == "Bane: −2"
