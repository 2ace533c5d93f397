"""Dice: notation, pools, exact odds and roll records. Pure: stdlib and icepool only.

The names below are loaded on first use (PEP 562), so importing ``refkit.dice.rng`` or
``refkit.dice.records`` (as every command-line roll does) does not build the notation parser and
the exact-odds engine too.
"""

from __future__ import annotations

from refkit.lazy_exports import lazy_getattr

TYPE_CHECKING = False  # as typing's: a quick command's path leaves typing unimported

if TYPE_CHECKING:
    from refkit.dice.errors import DiceNotationError, DiceOddsError, DiceValueError
    from refkit.dice.exact import MAX_ODDS_WORK
    from refkit.dice.limits import MAX_CONSTANT, MAX_DICE, MAX_SIDES, MIN_SIDES
    from refkit.dice.notation import (
        ConstantTerm,
        DiceExpression,
        DiceTerm,
        NotationRoll,
        TermRoll,
        parse_notation,
    )
    from refkit.dice.pools import pool_sum_distribution, pool_sum_odds, roll_pool
    from refkit.dice.records import Clock, RollRecord, notation_record, utc_now
    from refkit.dice.rng import check_faces, make_rng, parse_dice_values, roll_die

_EXPORTS: dict[str, str] = {
    "Clock": "refkit.dice.records",
    "ConstantTerm": "refkit.dice.notation",
    "DiceExpression": "refkit.dice.notation",
    "DiceNotationError": "refkit.dice.errors",
    "DiceOddsError": "refkit.dice.errors",
    "DiceTerm": "refkit.dice.notation",
    "DiceValueError": "refkit.dice.errors",
    "MAX_CONSTANT": "refkit.dice.limits",
    "MAX_DICE": "refkit.dice.limits",
    "MAX_ODDS_WORK": "refkit.dice.exact",
    "MAX_SIDES": "refkit.dice.limits",
    "MIN_SIDES": "refkit.dice.limits",
    "NotationRoll": "refkit.dice.notation",
    "RollRecord": "refkit.dice.records",
    "TermRoll": "refkit.dice.notation",
    "check_faces": "refkit.dice.rng",
    "make_rng": "refkit.dice.rng",
    "notation_record": "refkit.dice.records",
    "parse_dice_values": "refkit.dice.rng",
    "parse_notation": "refkit.dice.notation",
    "pool_sum_distribution": "refkit.dice.pools",
    "pool_sum_odds": "refkit.dice.pools",
    "roll_die": "refkit.dice.rng",
    "roll_pool": "refkit.dice.pools",
    "utc_now": "refkit.dice.records",
}

__all__ = [
    "MAX_CONSTANT",
    "MAX_DICE",
    "MAX_ODDS_WORK",
    "MAX_SIDES",
    "MIN_SIDES",
    "Clock",
    "ConstantTerm",
    "DiceExpression",
    "DiceNotationError",
    "DiceOddsError",
    "DiceTerm",
    "DiceValueError",
    "NotationRoll",
    "RollRecord",
    "TermRoll",
    "check_faces",
    "make_rng",
    "notation_record",
    "parse_dice_values",
    "parse_notation",
    "pool_sum_distribution",
    "pool_sum_odds",
    "roll_die",
    "roll_pool",
    "utc_now",
]

__getattr__ = lazy_getattr(globals(), _EXPORTS)
