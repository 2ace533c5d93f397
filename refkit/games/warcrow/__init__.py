"""Warcrow Adventures: the six symbol dice, pools and their upgrades, rolls, face-to-face and odds.

Pure: no Qt, no SQL. Random sources are injected; the dice faces are data
(``resources/games/warcrow/dice.toml``, community-sourced, replaceable by the user).
"""

from refkit.games.warcrow.data import dice_faces, shipped_faces, user_faces_path
from refkit.games.warcrow.dice import (
    CONTRACT_ORDER,
    Colour,
    DiceFaces,
    Face,
    Kind,
    ladder,
    load_dice_faces,
    parse_colours,
)
from refkit.games.warcrow.pool import (
    MAX_DOWNGRADES,
    MAX_PER_COLOUR,
    MAX_UPGRADES,
    Direction,
    KindNeeded,
    Modification,
    Modified,
    Pool,
    PoolError,
    build_pool,
    downgrade,
    modifications,
    modify,
    upgrade,
)
from refkit.games.warcrow.resolve import (
    AttributeTest,
    FaceToFace,
    States,
    Switch,
    apply_states,
    attribute_test,
    face_to_face,
    use_switches,
)
from refkit.games.warcrow.roll import RerollError, Roll, RolledDie, given_roll, reroll, roll_pool
from refkit.games.warcrow.symbols import Symbol, Symbols, parse_symbol

__all__ = [
    "CONTRACT_ORDER",
    "MAX_DOWNGRADES",
    "MAX_PER_COLOUR",
    "MAX_UPGRADES",
    "AttributeTest",
    "Colour",
    "DiceFaces",
    "Direction",
    "Face",
    "FaceToFace",
    "Kind",
    "KindNeeded",
    "Modification",
    "Modified",
    "Pool",
    "PoolError",
    "RerollError",
    "Roll",
    "RolledDie",
    "States",
    "Switch",
    "Symbol",
    "Symbols",
    "apply_states",
    "attribute_test",
    "build_pool",
    "dice_faces",
    "downgrade",
    "face_to_face",
    "given_roll",
    "ladder",
    "load_dice_faces",
    "modifications",
    "modify",
    "parse_colours",
    "parse_symbol",
    "reroll",
    "roll_pool",
    "shipped_faces",
    "upgrade",
    "use_switches",
    "user_faces_path",
]
