"""The trait browser's decisions, without Qt (``refkit.present.trait_tree``): each trait's state
and why, the tree's printed lines, the tree list's labels, which tree opens first, the detail."""

from __future__ import annotations

from dataclasses import replace

from refkit.present import trait_tree as tt
from refkit.rules.character.build_data import load_build_data
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.progress import Experience

DATA = load_build_data()
CAMPING = next(tree for tree in DATA.trees if tree.name == "Camping")


def crow(*traits: str, spendable: int = 0, background: str = "") -> Character:
    base = Character("Oda Fenn", Characteristics(0, 2, 1), Stamina(7, 7))
    return replace(
        base,
        traits=tuple(DATA.trait(t).key for t in traits),
        xp=Experience(total=spendable, spendable=spendable),
        background=background,
    )


def states(character: Character) -> dict[str, str]:
    return {cell.trait.name: cell.state for cell in tt.tree_view(character, CAMPING).cells}


def test_bought_buyable_short_and_locked() -> None:
    cook = crow("Hearty Meals", spendable=1000)
    seen = states(cook)
    assert seen["Hearty Meals"] == tt.BOUGHT
    assert seen["Plotting"] == tt.BUYABLE  # a starting trait, 500 XP
    assert seen["Leftovers"] == tt.BUYABLE  # joined to Hearty Meals, 1,000 XP
    assert seen["Weakness Diagram"] == tt.LOCKED  # nothing joined to it yet
    poor = states(crow("Hearty Meals", spendable=100))
    assert poor["Plotting"] == tt.SHORT and poor["Leftovers"] == tt.SHORT
    assert poor["Weakness Diagram"] == tt.LOCKED  # the line matters more than the XP
    reason = tt.state_of(crow(spendable=100), DATA.trait("Camping: Plotting"))[1]
    assert reason and "XP" in reason


def test_the_lines_run_from_the_row_above() -> None:
    view = tt.tree_view(crow(), CAMPING)
    assert len(view.cells) == 12
    leftovers = DATA.trait("Camping: Leftovers")
    into = {start for start, end in view.lines if end == (leftovers.tier - 1, leftovers.column - 1)}
    assert into == {(0, 0), (0, 1)}  # from Hearty Meals and Plotting
    assert all(end[0] == start[0] + 1 for start, end in view.lines)


def test_the_tree_list_counts_owned_traits_and_marks_the_background_tree() -> None:
    cook = crow("Hearty Meals", "Plotting", background="Cook")
    assert tt.tree_label(cook, CAMPING, DATA) == "Camping (2/12) — background"
    alchemy = next(tree for tree in DATA.trees if tree.name == "Alchemy")
    assert tt.tree_label(cook, alchemy, DATA) == "Alchemy"


def test_the_first_tree_is_the_backgrounds_then_the_first_traits_then_the_first() -> None:
    names = [tree.name for tree in DATA.trees]
    assert names[tt.first_tree(crow(background="Cook"), DATA)] == "Camping"
    assert names[tt.first_tree(crow("Stealthy"), DATA)] == "Thievery"
    assert tt.first_tree(crow(), DATA) == 0


def test_the_detail_says_cost_lines_tags_and_state() -> None:
    view = tt.tree_view(crow("Hearty Meals", spendable=0), CAMPING)
    cell = next(c for c in view.cells if c.trait.name == "Leftovers")
    detail = tt.cell_detail(cell).splitlines()
    assert detail[0] == "Camping: Leftovers — tier 2, 1,000 XP"
    assert detail[2] == "Joined from: Hearty Meals, Plotting. (a rest activity)"
    assert detail[3].startswith("Not enough XP yet: ")
    start = next(c for c in view.cells if c.trait.name == "Hearty Meals")
    assert tt.cell_detail(start).splitlines()[3] == "Has it."
    assert tt.xp_text(crow(spendable=1500)) == "1,500 XP earned · 1,500 XP to spend"
