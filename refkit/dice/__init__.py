"""Dice: notation, pools, exact odds and roll records. Pure: stdlib and icepool only."""

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
