"""The roll-log records of a cast and of a backlash roll, so they land in the roll log beside
tests and usage dice (kinds ``cast`` and ``backlash``), each with its seed to repeat it."""

from __future__ import annotations

from refkit.dice.records import RollRecord
from refkit.present.cast_text import backlash_line, cast_summary
from refkit.present.test_text import describe_test

TYPE_CHECKING = False  # as typing's: a cast's path leaves typing unimported
if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime
    from typing import Any

    from refkit.rules.magic.backlash import Backlash
    from refkit.rules.magic.casting import CastResult

KIND_CAST = "cast"
KIND_BACKLASH = "backlash"


def backlash_detail(backlash: Backlash) -> dict[str, Any]:
    """The backlash as JSON types: every draw, the row, its rolled text and duration."""
    row = backlash.row
    return {
        "table": backlash.table,
        "rank": backlash.rank,
        "index": backlash.index,
        "draws": [
            {"dice": [draw.d100.tens, draw.d100.ones], "d100": draw.d100.value, "index": draw.index}
            for draw in backlash.draws
        ],
        "entry": {"low": row.low, "high": row.high, "text": row.text, "duration": row.duration},
        "text": backlash.text,
        "falls_on_caster": backlash.falls_on_caster,
    }


def cast_record(
    cast: CastResult,
    *,
    spell: str,
    mind: int,
    rank: int,
    edges: int,
    banes: int,
    bonuses: Sequence[int],
    expertise: bool,
    seed: int | None,
    rolled_at: datetime,
) -> RollRecord:
    """The roll-log record of ``cast``: the test's dice as its faces, its tier as its total."""
    test = cast.test
    detail: dict[str, Any] = {
        "spell": spell,
        "rank": rank,
        "mind": mind,
        "natural": test.natural,
        "test_total": test.total,
        "tier": test.tier,
        "crit": test.crit,
        "doom": test.doom,
        "expertise_applied": test.expertise_applied,
        "conditions": list(cast.condition_reasons),
        "chaos": cast.chaos,
        "book_ud": {
            "before": cast.book_before,
            "rolled": None if cast.book_roll is None else list(cast.book_roll.rolled),
            "after": cast.book_after,
        },
        "backlash": None if cast.backlash is None else backlash_detail(cast.backlash),
    }
    setup = describe_test(mind, edges=edges, banes=banes, bonuses=bonuses, expertise=expertise)
    named = f"{spell} (rank {rank})" if spell else f"rank {rank} spell"
    return RollRecord(
        kind=KIND_CAST,
        expression=f"cast {named}: {setup}",
        faces=test.dice,
        total=test.tier,
        seed=seed,
        rolled_at=rolled_at,
        summary=cast_summary(cast, spell),
        detail=detail,
    )


def backlash_record(backlash: Backlash, *, seed: int | None, rolled_at: datetime) -> RollRecord:
    """The roll-log record of a backlash rolled on its own: d100 faces, the index as its total."""
    final = backlash.final.d100
    return RollRecord(
        kind=KIND_BACKLASH,
        expression=f"backlash: d100 + rank {backlash.rank} on {backlash.table}",
        faces=(final.tens, final.ones),
        total=backlash.index,
        seed=seed,
        rolled_at=rolled_at,
        summary=backlash_line(backlash),
        detail=backlash_detail(backlash),
    )
