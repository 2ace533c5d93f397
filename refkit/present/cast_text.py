"""A cast in words: each step on its own line (the test, the chaos roll, the book's dice, the
backlash), a one-line summary for the roll log, and the odds before the roll. Worded here once
for the CLI, the roll and session logs and, later, the casting dialog."""

from __future__ import annotations

from fractions import Fraction

from refkit.present.test_text import detail_line
from refkit.rules.magic.backlash import Backlash
from refkit.rules.magic.casting import CastResult
from refkit.rules.magic.odds import CastOdds


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.1f}%"


def _dice(count: int) -> str:
    return f"{count} usage {'die' if count == 1 else 'dice'}"


def odds_line(odds: CastOdds) -> str:
    """``tier 1 45.0% · tier 2 40.0% · tier 3 15.0% · backlash 10.0% · book loses a die 32.3%``"""
    return " · ".join(
        (
            f"tier 1 {_percent(odds.tier1)}",
            f"tier 2 {_percent(odds.tier2)}",
            f"tier 3 {_percent(odds.tier3)}",
            f"backlash {_percent(odds.backlash)}",
            f"book loses a die {_percent(odds.book_loses_die)}",
        )
    )


def book_line(cast: CastResult) -> str:
    """``book: crit, its dice are not rolled (2 usage dice)`` or ``book: rolled 4, 1 → 1 usage
    die left``; ``… — used up until a rest`` when none are left."""
    if cast.book_roll is None:
        return f"book: a crit, so its dice are not rolled ({_dice(cast.book_before)} left)"
    faces = ", ".join(str(face) for face in cast.book_roll.rolled)
    line = f"book: rolled {faces} → {_dice(cast.book_after)} left"
    return line + " — used up until a rest" if cast.book_after == 0 else line


def backlash_line(backlash: Backlash) -> str:
    """``backlash: d100 47 + rank 2 = 49 (49–50, 1 UD): <text>``, with the rows rolled again
    first and who it falls on."""
    draws = [
        f"d100 {draw.d100.value} + rank {backlash.rank} = {draw.index} ({draw.row.label})"
        for draw in backlash.draws
    ]
    rolled = "; ".join(
        [*(f"{draw} already active, rolled again" for draw in draws[:-1]), draws[-1]]
    )
    duration = f", {backlash.row.duration}" if backlash.row.duration else ""
    line = f"backlash instead of the spell: {rolled}{duration}: {backlash.text}"
    if backlash.falls_on_caster:
        line += " (it falls on the caster: the spell targeted an object)"
    return line


def cast_lines(cast: CastResult, spell: str = "") -> list[str]:
    """Every step of the cast, one line each."""
    named = f"{spell}: " if spell else ""
    lines = [f"{named}Mind test, {detail_line(cast.test)}"]
    if cast.condition_reasons:
        lines.append("conditions: " + "; ".join(cast.condition_reasons))
    if cast.test.doom:
        lines.append("a doom: the spell backlashes")
    elif cast.chaos is not None:
        verdict = "a backlash" if cast.backlashed else "no backlash, the tier 1 effect happens"
        lines.append(f"chaos roll (tier 1): d6 {cast.chaos} — {verdict}")
    lines.append(book_line(cast))
    if cast.backlash is not None:
        lines.append(backlash_line(cast.backlash))
    else:
        lines.append(f"the spell takes effect at tier {cast.test.tier}")
    return lines


def cast_summary(cast: CastResult, spell: str = "") -> str:
    """One line for the roll log: ``Fire Lance: tier 2, book 1 → 0`` or ``…: backlash 49``."""
    named = f"{spell}: " if spell else ""
    book = f"book {cast.book_before} → {cast.book_after}"
    if cast.backlash is not None:
        why = "doom" if cast.test.doom else "chaos 1"
        return f"{named}backlash {cast.backlash.index} ({why}), {book}"
    crit = "crit, " if cast.test.crit else ""
    return f"{named}{crit}tier {cast.test.tier}, {book}"
