"""How a cast is worded for the CLI and the logs: each step on its line, the summary, the odds."""

from __future__ import annotations

from fractions import Fraction

from refkit.present.cast_text import backlash_line, book_line, cast_lines, cast_summary, odds_line
from refkit.rules.magic.backlash import roll_backlash, row_key
from refkit.rules.magic.casting import CastDice, cast_spell
from refkit.rules.magic.odds import CastOdds
from refkit.rules.tables.defaults import BACKLASH_TABLE, default_table
from refkit.rules.tables.model import RollableTable, TableRow
from tests.rules.scripted_random import ScriptedRandom

TABLE = default_table(BACKLASH_TABLE)


def cast(**dice: object):
    return cast_spell(
        mind=0,
        rank=1,
        book_usage_dice=1,
        backlash_table=TABLE,
        rng=ScriptedRandom(),
        dice=CastDice(**dice),
    )


def test_a_chaos_backlash_reads_step_by_step() -> None:
    result = cast(test=(3, 4), chaos=1, book=(2,), backlash=(4, 7))
    assert cast_lines(result, "Corrupt") == [
        "Corrupt: Mind test, dice 3 + 4 = 7, total 7: tier 1 (failure)",
        "chaos roll (tier 1): d6 1 — a backlash",
        "book: rolled 2 → 0 usage dice left — used up until a rest",
        "backlash instead of the spell: d100 47 + rank 1 = 48 (47–48), until a rest: "
        "Your footprints smoulder and smoke, leaving a trail anyone can follow.",
    ]
    assert cast_summary(result, "Corrupt") == "Corrupt: backlash 48 (chaos 1), book 1 → 0"


def test_a_crit_and_a_doom_read_as_such() -> None:
    crit = cast(test=(10, 10))
    assert book_line(crit) == "book: a crit, so its dice are not rolled (1 usage die left)"
    assert cast_lines(crit)[-1] == "the spell takes effect at tier 3"
    assert cast_summary(crit) == "crit, tier 3, book 1 → 1"
    doom = cast(test=(1, 1), book=(5,), backlash=(1, 1))
    assert cast_lines(doom)[1] == "a doom: the spell backlashes"
    assert cast_summary(doom) == "backlash 12 (doom), book 1 → 1"


def test_a_backlash_rolled_again_and_one_on_the_caster_say_so() -> None:
    lasting = TableRow(1, 50, "Your ears ring.", "2 UD")
    needs = TableRow(51, 105, "The target sings.", "1 UD, on a creature")
    table = RollableTable("Test", "d100", (lasting, needs), max_modifier=5, modifier_name="rank")
    rolled = roll_backlash(
        table,
        0,
        ScriptedRandom([6, 1]),
        faces=(1, 1),
        active={row_key(lasting)},
        targeted_object=True,
    )
    assert backlash_line(rolled) == (
        "backlash instead of the spell: d100 11 + rank 0 = 11 (1–50) already active, rolled "
        "again; d100 61 + rank 0 = 61 (51–105), 1 UD, on a creature: The target sings. "
        "(it falls on the caster: the spell targeted an object)"
    )


def test_the_odds_line_names_the_backlash_and_the_book() -> None:
    odds = CastOdds(
        tier1=Fraction(9, 20),
        tier2=Fraction(2, 5),
        tier3=Fraction(3, 20),
        crit=Fraction(3, 100),
        doom=Fraction(3, 100),
        backlash=Fraction(1, 10),
        book_loses_die=Fraction(97, 300),
        book_runs_out=Fraction(97, 300),
    )
    assert odds_line(odds) == (
        "tier 1 45.0% · tier 2 40.0% · tier 3 15.0% · backlash 10.0% · book loses a die 32.3%"
    )
