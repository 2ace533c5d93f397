"""A Crows test in words — the setup line, a one-line summary, a detailed line and the dice
panel's headline, meaning and notes — worded here once for the app, its roll log and the CLI.

Like d20's stringifiers: :mod:`refkit.rules.checks.crows_test` decides the result, this module
only says it, and every front end picks the form it needs. The summary is stored in the roll log,
so its wording (``Tier 2 — total 14``, ``Crit! Tier 3``, ``Doom — tier 1``) stays as older logs
have it.
"""

from __future__ import annotations

from collections.abc import Sequence

from refkit.rules.checks.crows_test import CRIT_MIN, Order, TestResult
from refkit.rules.common.slot_record import SlotRecord

TIER_MEANINGS = {1: "Failure", 2: "Success at a cost", 3: "Success"}
CRIT_MEANING = "Success, and a bonus"
DOOM_MEANING = "Failure with a major setback"
EXPERTISE_SPENT = "expertise spent"
NET_TEXT = {
    "double_edge": "Double edge: +1 tier",
    "edge": "Edge: +2",
    "none": "No edge or bane",
    "bane": "Bane: −2",
    "double_bane": "Double bane: −1 tier",
}
"""What the edges and banes come to, as the dice panel says it before the roll."""

MINUS = "\N{MINUS SIGN}"


def _signed(value: int) -> str:
    """``+2`` or ``-1``: plain ASCII, for the log's setup line that scripts read back."""
    return f"+{value}" if value >= 0 else str(value)


def shown_signed(value: int) -> str:
    """``+2``, ``0`` or ``−1`` with a real minus sign, for text people read."""
    if value > 0:
        return f"+{value}"
    return f"{MINUS}{-value}" if value < 0 else "0"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def describe_test(
    characteristic: int,
    *,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    expertise: bool = False,
    crit_min: int = CRIT_MIN,
    order: Order = "sequential",
) -> str:
    """The test asked for, e.g. ``2d10+1, 1 edge, bonus +2, expertise`` (only what is set)."""
    parts = [f"2d10{_signed(characteristic)}"]
    if edges:
        parts.append(_plural(edges, "edge"))
    if banes:
        parts.append(_plural(banes, "bane"))
    bonus = sum(bonuses)
    if bonus:
        parts.append(f"bonus {_signed(bonus)}")
    if expertise:
        parts.append("expertise")
    if crit_min != CRIT_MIN:
        parts.append(f"crit {crit_min}+")
    if order != "sequential":
        parts.append(f"{order} shifts")
    return ", ".join(parts)


def outcome_key(result: TestResult) -> str:
    """``doom``, ``crit`` or ``tier1``…``tier3``: what the result is, for colours and filters."""
    if result.doom:
        return "doom"
    if result.crit:
        return "crit"
    return f"tier{result.tier}"


def meaning(result: TestResult) -> str:
    """What the tier means at the table: ``Success at a cost``."""
    if result.doom:
        return DOOM_MEANING
    if result.crit:
        return CRIT_MEANING
    return TIER_MEANINGS[result.tier]


def summary_line(result: TestResult) -> str:
    """One line for the roll log: ``Tier 2 — total 14``, ``Crit! Tier 3``, ``Doom — tier 1``,
    with ``, expertise spent`` when a use went."""
    if result.doom:
        line = "Doom — tier 1"
    elif result.crit:
        line = "Crit! Tier 3"
    else:
        line = f"Tier {result.tier} — total {result.total}"
    return f"{line}, {EXPERTISE_SPENT}" if result.expertise_applied else line


def detail_line(result: TestResult) -> str:
    """Everything in one line, e.g. ``dice 10 + 9 = 19, total 20: tier 3 (success, and a bonus)
    — CRIT`` (the tags as the dice panel's headline has them)."""
    first, second = result.dice
    line = (
        f"dice {first} + {second} = {result.natural}, total {result.total}: "
        f"tier {result.tier} ({meaning(result).lower()})"
    )
    if result.doom:
        line += " — DOOM"
    elif result.crit:
        line += " — CRIT"
    return f"{line}, {EXPERTISE_SPENT}" if result.expertise_applied else line


def headline(result: TestResult) -> str:
    """The dice panel's big line: ``Tier 2``, ``CRIT · Tier 3``, ``DOOM · Tier 1``."""
    if result.doom:
        return "DOOM · Tier 1"
    if result.crit:
        return "CRIT · Tier 3"
    return f"Tier {result.tier}"


def total_terms(result: TestResult, *, characteristic: int, bonus: int) -> tuple[str, ...]:
    """What made the total, in order, ending with it: ``natural 14``, ``+1 characteristic``,
    ``+2 bonus``, ``+2 edge``, ``total 19`` (doubles move the tier, not the total)."""
    terms = [f"natural {result.natural}"]
    if characteristic:
        terms.append(f"{shown_signed(characteristic)} characteristic")
    if bonus:
        terms.append(f"{shown_signed(bonus)} bonus")
    if result.net == "edge":
        terms.append("+2 edge")
    elif result.net == "bane":
        terms.append(f"{MINUS}2 bane")
    terms.append(f"total {result.total}")
    return tuple(terms)


def result_note(
    result: TestResult,
    *,
    expertise_asked: bool,
    forced_by: str | None = None,
    expertise_name: str | None = None,
) -> str:
    """Why the tier is what it is, when that is not plain from the total; ``""`` otherwise.

    ``forced_by`` names the condition that forced a doom (``unconscious``), if one did;
    ``expertise_name`` the crow's expertise whose use a roll for a crow spends."""
    notes: list[str] = []
    if result.doom and forced_by is not None:
        notes.append(f"{forced_by}: an automatic doom whatever the dice")
        if expertise_asked:
            notes.append("no expertise on a doom (keep the use)")
    elif result.doom:
        notes.append(f"a natural {result.natural} is a doom whatever the edges and bonuses")
        if expertise_asked:
            notes.append("no expertise on a doom (keep the use)")
    elif result.crit:
        notes.append(f"a natural {result.natural} is a crit whatever the banes and penalties")
        if expertise_asked:
            notes.append("expertise not needed (keep the use)")
    else:
        if result.net == "double_edge":
            notes.append("double edge: +1 tier")
        elif result.net == "double_bane":
            notes.append(f"double bane: {MINUS}1 tier")
        if result.expertise_applied and expertise_name:
            notes.append(f"expertise used: +1 tier (a use of {expertise_name} spent)")
        elif result.expertise_applied:
            notes.append("expertise used: +1 tier (spend a use)")
        elif expertise_asked:
            notes.append("already tier 3: expertise not needed (keep the use)")
    if notes:
        notes[0] = notes[0][0].upper() + notes[0][1:]
    return "; ".join(notes)


class ResultWording(SlotRecord):
    """Every form of one result, for a front end that shows several at once (a SlotRecord: a
    ``refkit test`` imports no dataclasses)."""

    FIELDS = ("outcome", "headline", "meaning", "terms", "note", "summary", "detail")
    __slots__ = FIELDS
    outcome: str
    headline: str
    meaning: str
    terms: tuple[str, ...]
    note: str
    summary: str
    detail: str

    def __init__(
        self,
        outcome: str,
        headline: str,
        meaning: str,
        terms: tuple[str, ...],
        note: str,
        summary: str,
        detail: str,
    ) -> None:
        self._fill(outcome, headline, meaning, terms, note, summary, detail)


def word_result(
    result: TestResult,
    *,
    characteristic: int,
    bonus: int,
    expertise_asked: bool,
    forced_by: str | None = None,
    expertise_name: str | None = None,
) -> ResultWording:
    """All the words for ``result``, given the characteristic, the summed bonus and whether an
    expertise use was offered (the result alone cannot tell these apart in its total)."""
    return ResultWording(
        outcome=outcome_key(result),
        headline=headline(result),
        meaning=meaning(result),
        terms=total_terms(result, characteristic=characteristic, bonus=bonus),
        note=result_note(
            result,
            expertise_asked=expertise_asked,
            forced_by=forced_by,
            expertise_name=expertise_name,
        ),
        summary=summary_line(result),
        detail=detail_line(result),
    )
