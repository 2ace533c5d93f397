"""How Refkit applies a trait whose rule is about things Refkit keeps (items, rests, slots), in
plain words for ``trait show`` and the trait browser — and, where Refkit has no place for what the
trait changes, why the table applies it by hand."""

from __future__ import annotations

from refkit.rules.character.build_data import fold

IN_REFKIT: dict[str, str] = {
    fold(key): text
    for key, text in (
        (
            "Stabbing: Bury the Point",
            "'fight attack … --bury-the-point' (the attack window's box) doubles a melee stabbing "
            "hit and leaves the weapon useless until fixed ('character useless NAME ITEM' or the "
            "board's menu marks it by hand); attacks with it are refused until the rest activity "
            "trait:Bury the Point fixes it.",
        ),
        (
            "Camping: Prepare Campsite",
            "Made with the rest's encounter check: 'dt rest check --campsite' in a dungeon, "
            "--campsite on a journey's rest (or the Prepare Campsite box); that crow's activity "
            "is then the trait.",
        ),
        (
            "Archery: Double Quiver",
            "Two quivers of 20 arrows share one slot on the board, in the move rules and in the "
            "check; each keeps its own usage dice.",
        ),
        (
            "Thievery: Bursting Purse",
            "Each coin purse the crow carries holds 500 gc more; the board and the PDF sheet "
            "show what its purses hold beside its coins.",
        ),
        (
            "Pets: Beast of Burden",
            "Applied: a finished rest gives one pet 2 more pack slots until the crow's next rest "
            "ends (the pet that had them, else the first that carries things; 'dt rest finish "
            "--beast-of-burden CROW=PET' chooses). The board, the moves and the check count them.",
        ),
        (
            "Elemental: Burned in the Brain",
            "The rest activity trait:Burned in the Brain:BOOK absorbs a carried elemental "
            "spellbook: it leaves its slot (kept among the magic items with none), is cast from "
            "as if held, and a new one replaces it.",
        ),
    )
}
"""Trait (folded ``"Tree: Name"``) → how Refkit applies it."""


def in_refkit(key: str) -> str:
    """How Refkit applies the trait ``key`` (``"Tree: Name"``); "" when nothing is said."""
    return IN_REFKIT.get(fold(key), "")
