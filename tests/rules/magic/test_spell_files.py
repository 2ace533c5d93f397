"""Spells as data: the shipped Playtest 2 spellbooks and the checked spell-file loader."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from refkit.locate import resource_path
from refkit.rules.inventory.catalogue import load_item_catalogue
from refkit.rules.magic.discipline import Discipline
from refkit.rules.magic.spell_file import SpellFileError, load_spell_file, parse_spell_toml
from refkit.rules.magic.spellbooks import UnknownSpellError, find_spell, load_default_spells

FACTS = Path(__file__).parents[1] / "items_facts_table.md"
BOOKLET = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "crows-rules-booklet.txt"


def _facts_rows() -> dict[str, list[str]]:
    rows = {}
    for line in FACTS.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) > 3 and cells[2] == "spellbook":
            rows[cells[1]] = cells
    return rows


def test_every_playtest_2_spellbook_ships_with_its_facts() -> None:
    facts = _facts_rows()
    spells = {spell.book.name.casefold(): spell for spell in load_default_spells()}
    assert len(facts) == len(spells) == 27
    for name, cells in facts.items():
        spell = spells[name.casefold()]
        keywords = cells[8]
        rank = int(re.match(r"R(\d)", keywords)[1])
        assert spell.rank == rank, name
        assert spell.discipline is Discipline(keywords.split(";")[1].strip()), name
        assert spell.attack == ("attack" in keywords.split(";")[2]), name
        assert spell.book.price == int(cells[10].rstrip("†")), name
        assert spell.book.usage_dice == int(cells[5].split(":")[0]), name
        reach = cells[9]
        if reach.startswith("line"):  # "line 5x1 within 1": an area and its origin's range
            area, _, within = reach.partition(" within ")
            assert (spell.area.text, spell.range.text) == (
                area.replace("x", "×"),
                f"within {within}",
            )
        else:
            assert spell.range.text == reach, name
        if "dur " in keywords:
            written = keywords.split("dur ")[1].split(";")[0]
            assert spell.duration.text == written.replace("end of DT", "end of DT"), name


def test_every_shipped_book_is_in_the_item_catalogue_with_the_same_price() -> None:
    catalogue = {item.name: item for item in load_item_catalogue()}
    for spell in load_default_spells():
        item = catalogue[spell.book.name]
        assert item.price is not None and item.price.gc == spell.book.price, spell.name


def test_descriptions_are_refkits_own_words_not_the_rulebook() -> None:
    if not BOOKLET.is_file():
        pytest.skip(f"the rulebook text is not here ({BOOKLET}); the guard needs ../shared/seeds")
    words = re.findall(r"[a-z']+", BOOKLET.read_text(encoding="utf-8").casefold())
    runs = {" ".join(words[i : i + 8]) for i in range(len(words) - 7)}
    for spell in load_default_spells():
        texts = [spell.description, *(outcome.text for outcome in spell.outcomes.values())]
        for text in texts:
            mine = re.findall(r"[a-z']+", text.casefold())
            for i in range(len(mine) - 7):
                assert " ".join(mine[i : i + 8]) not in runs, (spell.name, text)


def test_a_spell_is_found_by_its_name_or_its_books() -> None:
    spells = load_default_spells()
    assert find_spell(spells, "fire  lance").name == "Fire Lance"
    assert find_spell(spells, "Fire lance book").name == "Fire Lance"
    with pytest.raises(UnknownSpellError, match="no spell or spellbook called 'Fireball'"):
        find_spell(spells, "Fireball")


GOOD = """\
[spell]
name = "Ember"
rank = 1
discipline = "elemental"
casting_time = "maneuver"
targets = "1 object"
range = "melee 1"
duration = "2 UD"
description = "A coal that will not go out."

[book]
name = "Ember book"
usage_dice = 2
price = 300

[tier1]
text = "Warm."

[tier2]
text = "Hot."

[tier3]
text = "Blazing."
"""


def test_a_users_spell_file_loads(tmp_path) -> None:
    path = tmp_path / "ember.toml"
    path.write_text(GOOD, encoding="utf-8")
    spell = load_spell_file(path)
    assert (spell.name, spell.rank, spell.book.usage_dice, spell.duration.text) == (
        "Ember",
        1,
        2,
        "2 UD",
    )
    assert spell.outcome(3).text == "Blazing."


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("rank = 1", "rank = 9"),
            "ember.toml, line 3, spell.rank: a spell's rank runs from 0 to 5",
        ),
        (("rank = 1", 'rank = "one"'), "line 3, spell.rank: must be a whole number"),
        (('"elemental"', '"fire"'), "line 4, spell.discipline: unknown discipline 'fire'"),
        (('"1 object"', '"1 dragon"'), "line 6, spell.targets: cannot read targets"),
        (('"2 UD"', '"forever"'), "line 8, spell.duration: cannot read duration"),
        (("usage_dice = 2", "usage_dice = 0"), "line 11, book: a spellbook has 1 to 20"),
        (("price = 300", "colour = 3"), "line 14, book.colour: unknown field"),
        (('[tier3]\ntext = "Blazing."\n', ""), "spell: spell 'Ember' needs outcomes"),
        (('name = "Ember"\n', ""), "line 1, spell: [spell] needs name"),
        (("[book]", "[book"), "ember.toml: not valid TOML"),
    ],
)
def test_a_bad_spell_file_names_the_file_line_and_field(tmp_path, change, message) -> None:
    path = tmp_path / "ember.toml"
    path.write_text(GOOD.replace(*change, 1), encoding="utf-8")
    with pytest.raises(SpellFileError) as caught:
        load_spell_file(path)
    assert message in str(caught.value)


def test_an_attack_spell_needs_damage_at_tiers_2_and_3() -> None:
    text = GOOD.replace('duration = "2 UD"', 'duration = "instant"\nattack = true')
    with pytest.raises(SpellFileError, match=r"tier2: attack spell 'Ember' needs damage at tier 2"):
        parse_spell_toml(text, "ember.toml")


def test_a_spell_file_that_is_not_a_regular_small_file_is_refused(tmp_path) -> None:
    with pytest.raises(ValueError, match="no such file"):
        load_spell_file(tmp_path / "missing.toml")
    with pytest.raises(ValueError, match="is a folder"):
        load_spell_file(tmp_path)
    assert resource_path("spells").is_dir()
