"""The trait tree browser's decisions, Qt-free (rules/characters-facts.md §4).

For a crow and one of the 23 trees: each trait's place (row = tier, column), whether the crow has
it, may buy it now, lacks the XP for it or lacks a trait joined to it by a line, and why; the
printed lines between rows; the crow's XP. The sheet draws these; a purchase goes through
:func:`refkit.app.characters.advancement.buy_trait` (one undo step).
"""

from __future__ import annotations

from dataclasses import dataclass

from refkit.present.trait_in_refkit import in_refkit
from refkit.rules.character.advancement import has_trait, trait_refusal
from refkit.rules.character.build_data import BuildData, Trait, TraitTree, fold
from refkit.rules.character.model import Character

BOUGHT, BUYABLE, SHORT, LOCKED = "bought", "buyable", "short", "locked"
"""A trait's state for the crow: has it; may buy it now; has the lines but not the XP; has no
trait joined to it by a line yet."""
STATE_WORDS = {
    BOUGHT: "has it",
    BUYABLE: "can buy it now",
    SHORT: "not enough XP yet",
    LOCKED: "needs a trait joined to it first",
}
TAG_WORDS = {
    "RA": "a rest activity",
    "RA+": "changes a rest activity",
    "T": "changes tests",
    "C": "crafting",
    "S": "slots or stacks",
    "UD": "usage dice",
    "M": "scales with a characteristic (at least 1)",
}


@dataclass(frozen=True)
class TraitCell:
    trait: Trait
    state: str
    reason: str
    """Why it cannot be bought ("" when it can, or the crow has it)."""

    @property
    def row(self) -> int:
        return self.trait.tier - 1

    @property
    def column(self) -> int:
        return self.trait.column - 1


@dataclass(frozen=True)
class TreeView:
    tree: TraitTree
    cells: tuple[TraitCell, ...]
    lines: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    """Each printed line as ((row, column) above, (row, column) below), 0-based."""


def xp_text(character: Character) -> str:
    xp = character.xp
    return f"{xp.total:,} XP earned · {xp.spendable:,} XP to spend"


def state_of(character: Character, trait: Trait) -> tuple[str, str]:
    """(state, reason) of ``trait`` for ``character``."""
    if has_trait(character, trait):
        return BOUGHT, ""
    refusal = trait_refusal(character, trait)
    if refusal is None:
        return BUYABLE, ""
    if character.xp.spendable < trait.cost and not _needs_line(character, trait):
        return SHORT, refusal
    return LOCKED, refusal


def _needs_line(character: Character, trait: Trait) -> bool:
    owned = {fold(t) for t in character.traits}
    return bool(trait.requires) and not any(
        fold(f"{trait.tree}: {needed}") in owned for needed in trait.requires
    )


def tree_view(character: Character, tree: TraitTree) -> TreeView:
    cells = tuple(TraitCell(t, *state_of(character, t)) for t in tree.traits)
    place = {t.name: (t.tier - 1, t.column - 1) for t in tree.traits}
    lines = tuple(
        (place[needed], place[t.name])
        for t in tree.traits
        for needed in t.requires
        if needed in place
    )
    return TreeView(tree, cells, lines)


def tree_label(character: Character, tree: TraitTree, data: BuildData) -> str:
    """The tree list's entry: its name, how many the crow has, and its starting tree."""
    owned = sum(1 for t in tree.traits if has_trait(character, t))
    label = f"{tree.name} ({owned}/{len(tree.traits)})" if owned else tree.name
    background = _background_tree(character, data)
    return f"{label} — background" if background == tree.name else label


def _background_tree(character: Character, data: BuildData) -> str:
    for background in data.backgrounds:
        if fold(background.name) == fold(character.background or ""):
            return background.starting_trait.partition(":")[0]
    return ""


def first_tree(character: Character, data: BuildData) -> int:
    """The tree to show first: the crow's background tree, else its first trait's, else 0."""
    names = [fold(tree.name) for tree in data.trees]
    for name in (
        _background_tree(character, data),
        *(t.partition(":")[0] for t in character.traits),
    ):
        if fold(name) in names:
            return names.index(fold(name))
    return 0


def cell_detail(cell: TraitCell) -> str:
    """The text under the tree for the chosen trait."""
    trait = cell.trait
    needs = f"Joined from: {', '.join(trait.requires)}." if trait.requires else "A starting trait."
    tags = "; ".join(TAG_WORDS[tag] for tag in trait.tags if tag in TAG_WORDS)
    lines = [
        f"{trait.key} — tier {trait.tier}, {trait.cost:,} XP",
        trait.summary,
        needs + (f" ({tags})" if tags else ""),
        _first_upper(STATE_WORDS[cell.state]) + (f": {cell.reason}" if cell.reason else "."),
    ]
    said = in_refkit(trait.key)
    return "\n".join([*lines, f"In Refkit: {said}"] if said else lines)


def _first_upper(words: str) -> str:
    """``words`` with its first letter upper case, the rest as written ("XP" stays "XP")."""
    return words[:1].upper() + words[1:]
