"""``trait show`` says how Refkit applies the last traits of issue 26 (Beast of Burden too, now
that pets carry things); the JSON carries it as ``in_refkit``, the trait browser's detail as its
last line; a trait with nothing to say has neither."""

from __future__ import annotations

import pytest

from refkit.present.trait_in_refkit import IN_REFKIT
from refkit.present.trait_tree import cell_detail, tree_view
from refkit.rules.character.build_data import fold, load_build_data
from refkit.rules.character.model import Character, Characteristics, Stamina

SAID = {
    "Bury the Point": "character useless NAME ITEM",
    "Prepare Campsite": "--campsite on a journey's rest",
    "Double Quiver": "Two quivers of 20 arrows share one slot",
    "Bursting Purse": "holds 500 gc more",
    "Beast of Burden": "Applied: a finished rest gives one pet 2 more pack slots",
    "Burned in the Brain": "absorbs a carried elemental spellbook",
}


@pytest.mark.parametrize(("name", "words"), SAID.items())
def test_trait_show_says_how_refkit_applies_it(cli, name: str, words: str) -> None:
    shown = cli("trait", "show", name)
    assert shown.code == 0, shown.err
    assert "\nIn Refkit: " in shown.out and words in shown.out
    assert words in cli("trait", "show", name, "--json").json["traits"][0]["in_refkit"]


def test_every_note_names_a_known_trait_and_others_have_none(cli) -> None:
    data = load_build_data()
    assert set(IN_REFKIT) <= {fold(trait.key) for trait in data.traits}
    plain = cli("trait", "show", "Javelin", "--json").json["traits"][0]
    assert "in_refkit" not in plain
    assert "In Refkit" not in cli("trait", "show", "Javelin").out


def test_the_trait_browser_detail_ends_with_it() -> None:
    data = load_build_data()
    crow = Character("Vale", Characteristics(0, 1, 2), Stamina(9, 9))
    view = tree_view(crow, data.tree("Pets"))
    cell = next(c for c in view.cells if c.trait.name == "Beast of Burden")
    assert cell_detail(cell).splitlines()[-1].startswith("In Refkit: Applied")
