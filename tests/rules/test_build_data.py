"""The build data (``resources/characters/``) against the fact file's rows: every background,
expertise and trait, the advancement tables, and the loader's refusals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from refkit.locate import read_resource_text
from refkit.rules.character.build_data import (
    FILES,
    BuildDataError,
    UnknownNameError,
    load_build_data,
)

FACTS_COPY = Path(__file__).with_name("characters_facts_tables.md")
SHARED_FACTS = Path(__file__).parents[3] / "shared" / "rules" / "characters-facts.md"
_TWO = {
    "M": ("mind",),
    "S": ("strength",),
    "A": ("agility",),
    "M or S": ("mind", "strength"),
    "A or M": ("agility", "mind"),
    "A or S": ("agility", "strength"),
    "any": ("agility", "mind", "strength"),
}


def _rows(lines: list[str], header: str) -> list[list[str]]:
    """The rows of every table whose header line starts with ``header``."""
    rows, inside = [], False
    for line in lines:
        if line.startswith(header):
            inside = True
        elif inside and line.startswith("|---"):
            continue
        elif inside and line.startswith("| "):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
        else:
            inside = False
    return rows


def _table_lines(path: Path) -> list[str]:
    """Table rows and tree headings; any other line becomes "" (it ends a table)."""
    return [
        line if line.startswith(("|", "#### ")) else ""
        for line in path.read_text(encoding="utf-8").splitlines()
    ]


FACT_LINES = _table_lines(FACTS_COPY)
BACKGROUND_ROWS = _rows(FACT_LINES, "| Roll | Background")
EXPERTISE_ROWS = _rows(FACT_LINES, "| Category | Expertise")


def _trait_rows() -> list[tuple[str, list[str]]]:
    rows, tree = [], ""
    for line in FACT_LINES:
        heading = re.match(r"^#### (\S+) — ", line)
        if heading:
            tree = heading[1]
        elif re.match(r"^\| \d \(", line):
            rows.append((tree, [c.strip() for c in line.strip().strip("|").split("|")]))
    return rows


TRAIT_ROWS = _trait_rows()


@pytest.fixture(scope="module")
def data():
    return load_build_data()


def test_the_fact_copy_is_the_shared_fact_file() -> None:
    if not SHARED_FACTS.exists():
        pytest.skip("the shared fact file is not beside this checkout")
    ours = [line for line in FACT_LINES if line]
    theirs = set(_table_lines(SHARED_FACTS))
    assert [line for line in ours if line not in theirs] == []
    shared = _table_lines(SHARED_FACTS)
    assert _rows(shared, "| Roll | Background") == BACKGROUND_ROWS
    assert _rows(shared, "| Category | Expertise") == EXPERTISE_ROWS


def test_the_counts_are_the_fact_files(data) -> None:
    assert len(BACKGROUND_ROWS) == len(data.backgrounds) == 36
    assert len(EXPERTISE_ROWS) == len(data.expertises) == 30
    assert len(TRAIT_ROWS) == len(data.traits) == 276
    assert len(data.trees) == 23 and all(len(t.traits) == 12 for t in data.trees)
    # §4.2: The Nest's graph has 369 links; §4.4: the tagged families.
    assert sum(len(t.requires) for t in data.traits) == 369
    tags = [tag for t in data.traits for tag in t.tags]
    assert (tags.count("RA"), tags.count("RA+"), tags.count("T"), tags.count("S")) == (
        23,
        11,
        54,
        15,
    )


@pytest.mark.parametrize("row", BACKGROUND_ROWS, ids=[r[1] for r in BACKGROUND_ROWS])
def test_each_background_is_its_fact_row(data, row: list[str]) -> None:
    roll, name, two, stamina, trait, expertises, total, kit, pet, extra = row[:10]
    background = data.background(name)
    assert background.roll_text == roll
    assert background.index == 6 * (int(roll[0]) - 1) + int(roll[2]) - 1
    assert background.two_in == _TWO[two]
    assert background.stamina == int(stamina)
    tree, _, trait_name = re.sub(r"\s*\(printed.*\)$", "", trait).partition(": ")
    assert background.starting_trait == f"{tree}: {trait_name}"
    assert data.trait(background.starting_trait).starting
    listed = []
    for entry in expertises.split(", "):
        words = entry.rsplit(" ", 1)
        listed.append((words[0], int(words[1])) if words[-1].isdigit() else (entry, 1))
    assert [(e.name, e.uses) for e in background.expertises] == listed
    assert background.total_uses == int(total)
    books = kit.split("; spellbooks ")
    assert list(background.kit) == books[0].split(", ")
    assert list(background.spellbooks) == (books[1].split(", ") if len(books) > 1 else [])
    assert background.pet == ("" if pet == "—" else pet)
    assert background.extra_gc == (0 if extra == "—" else int(extra))


def test_the_roll_table_covers_every_2d6_result_once(data) -> None:
    rolls = sorted(b.roll for b in data.backgrounds)
    assert rolls == [(a, b) for a in range(1, 7) for b in range(1, 7)]
    assert data.background_rolled(6, 3).name == "Thief"
    with pytest.raises(UnknownNameError, match="7-1"):
        data.background_rolled(7, 1)


@pytest.mark.parametrize("row", EXPERTISE_ROWS, ids=[r[1] for r in EXPERTISE_ROWS])
def test_each_expertise_is_its_fact_row(data, row: list[str]) -> None:
    category, name, key, covers = row[:4]
    info = data.expertise_by_key(key.strip("`"))
    assert info is not None
    assert (info.name, info.category, info.covers) == (name, category, covers)
    granted = sum(1 for b in data.backgrounds for e in b.expertises if e.name == name)
    assert granted == int(row[4])


@pytest.mark.parametrize(
    ("tree", "row"), TRAIT_ROWS, ids=[f"{tree}: {row[2]}" for tree, row in TRAIT_ROWS]
)
def test_each_trait_is_its_fact_row(data, tree: str, row: list[str]) -> None:
    tier_xp, column, name, dv_above, lines, summary, tags = row
    trait = data.trait(f"{tree}: {name}")
    assert trait.tier == int(tier_xp[0])
    assert trait.cost == int(re.search(r"\(([\d,]+)\)", tier_xp)[1].replace(",", ""))
    assert trait.column == int(column)
    expected = {"starting": [], "same": [dv_above]}.get(lines, lines.split(", "))
    assert list(trait.requires) == expected
    assert trait.summary == summary
    assert list(trait.tags) == tags.split()


def test_every_prerequisite_is_a_trait_of_the_row_above_in_its_tree(data) -> None:
    for trait in data.traits:
        for needed in trait.requires:
            above = data.trait(f"{trait.tree}: {needed}")
            assert above.tier == trait.tier - 1


def test_names_match_loosely_and_a_shared_name_needs_its_tree(data) -> None:
    assert data.trait("seize the advantage").key == "Thievery: Sieze the Advantage"
    assert data.trait("Chop \u2019Em Down").key == "Chopping: Chop 'Em Down"
    with pytest.raises(UnknownNameError, match="Conjuration: Telepathic Connection"):
        data.trait("Telepathic Connection")
    with pytest.raises(UnknownNameError, match="no trait tree called 'Cooking'"):
        data.trait("Cooking: Hearty Meals")


@pytest.mark.parametrize(
    ("txp", "es", "chars", "most"),
    [
        (0, 0, 0, 2),
        (99, 0, 0, 2),
        (100, 1, 0, 2),
        (1_650, 3, 0, 2),
        (4_999, 5, 0, 2),
        (5_000, 6, 1, 3),
        (15_000, 7, 2, 3),
        (20_000, 8, 2, 4),
        (30_000, 9, 3, 4),
        (59_999, 9, 3, 4),
        (60_000, 10, 4, 4),
        (90_000, 11, 5, 4),
    ],
)
def test_the_advancement_tables_give_the_fact_files_bonuses(data, txp, es, chars, most) -> None:
    advancement = data.advancement
    assert advancement.expertise_stamina_bonuses(txp) == es
    assert advancement.characteristic_bonuses(txp) == chars
    assert advancement.max_uses(txp) == most
    assert advancement.trait_costs == (500, 1000, 1500, 2000)


def _shipped_texts() -> dict[str, str]:
    return {name: read_resource_text("characters", name) for name in FILES}


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        (
            "traits.toml",
            'requires = ["Midnight Oil"]',
            'requires = ["Midnight Oyl"]',
            "traits.toml: tree Alchemy: trait Alchemy Epiphany: requires 'Midnight Oyl'",
        ),
        ("traits.toml", "cost = 2000", "cost = 1999", "a tier 4 trait costs 2000, not 1999"),
        ("traits.toml", 'tags = ["RA+", "C"]', 'tags = ["XX"]', "unknown tag 'XX'"),
        ("backgrounds.toml", 'roll = "6-3"', 'roll = "6-7"', "background Thief: roll must read"),
        ("backgrounds.toml", 'roll = "6-3"', 'roll = "6-2"', "roll 6-2 is used twice"),
        (
            "backgrounds.toml",
            '"Thievery: Stealthy"',
            '"Thievery: Tumble"',
            "Thievery: Tumble is not in a tree's first row",
        ),
        (
            "backgrounds.toml",
            '{ name = "Alchemy", uses = 1 }',
            '{ name = "Cooking", uses = 1 }',
            "expertise 'Cooking' is not one of the 30",
        ),
        ("expertises.toml", 'key = "handlePet"', 'key = "alchemy"', "is listed twice"),
        (
            "advancement.toml",
            "tier = [500, 1000, 1500, 2000]",
            "tier = [500, 1000]",
            "trait_costs.tier must give 4 costs",
        ),
    ],
)
def test_bad_data_is_refused_naming_file_entry_and_key(file, old, new, message) -> None:
    texts = _shipped_texts()
    assert old in texts[file]
    texts[file] = texts[file].replace(old, new, 1)
    with pytest.raises(BuildDataError, match=re.escape(message)):
        load_build_data(texts)


def test_the_shipped_texts_read_as_the_shipped_data(data) -> None:
    assert load_build_data(_shipped_texts()) == data
