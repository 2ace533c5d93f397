"""The bestiary file: the shipped creatures load, files round-trip, and a bad file is refused with
its file, line and field named."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.locate import resource_path
from refkit.rules.combat.bestiary_file import (
    BestiaryFileError,
    bestiary_text,
    read_bestiary_file,
    read_bestiary_text,
)
from refkit.rules.combat.creature import Attack, Creature
from refkit.rules.combat.keywords import KEYWORD_NOTES, Keyword
from refkit.rules.combat.sizes import SIZES

GOOD = """\
format = "refkit-bestiary"
version = 1

[[creature]]
name = "Pit ghoul"
size = "medium"
stamina = 9
ad = 2

[[creature.attack]]
name = "Claws"
kind = "melee"
reach = 1
damage = "2 / 5"

[[creature]]
name = "Wisp"
size = "small"
stamina = 4

[[creature.attack]]
name = "Spark"
kind = "ranged"
range = 6
damage = "2 / 4"
characteristic = "M"
keywords = ["light", { name = "parry 2", note = "Our table: stops 2 damage once a round." }]
"""


def shipped_files() -> list[Path]:
    return sorted(resource_path("bestiary").glob("*.toml"))


def test_refkit_ships_a_handful_of_its_own_creatures() -> None:
    creatures = [c for path in shipped_files() for c in read_bestiary_file(path)]
    assert len(creatures) >= 5
    assert len({c.name for c in creatures}) == len(creatures)
    assert {"melee", "ranged"} <= {a.kind for c in creatures for a in c.attacks}
    assert any(a.piercing for c in creatures for a in c.attacks)


@pytest.mark.parametrize("path", shipped_files(), ids=lambda p: p.name)
def test_each_shipped_file_reads_back_the_same_after_writing(path: Path) -> None:
    creatures = read_bestiary_file(path)
    assert read_bestiary_text(bestiary_text(creatures)) == creatures


def test_a_file_reads_into_creatures_with_defaults_and_keyword_notes() -> None:
    ghoul, wisp = read_bestiary_text(GOOD)
    assert (ghoul.stamina, ghoul.ad, ghoul.speed, ghoul.reach) == (9, 2, 5, 1)
    assert ghoul.attacks[0].damage_text == "2+S / 5+S"
    light, parry = wisp.attacks[0].keywords
    assert light.note == KEYWORD_NOTES["light"]
    assert (parry.name, parry.value, parry.note) == (
        "parry",
        2,
        "Our table: stops 2 damage once a round.",
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("stamina = 9", "stamina = 0"),
            "beasts.toml:7: creature 1 (Pit ghoul), stamina: must be from 1 to 999, got 0",
        ),
        (
            ('damage = "2 / 5"', 'damage = "2-5"'),
            'beasts.toml:14: creature 1 (Pit ghoul), attack 1: damage: must read "tier 2 / tier 3"',
        ),
        (
            ("range = 6", "range = 0"),
            "beasts.toml:24: creature 2 (Wisp), attack 1: range: must be from 1 to 999, got 0",
        ),
        (
            ('size = "small"', 'size = "tall"'),
            "beasts.toml:18: creature 2 (Wisp), size: must be one of",
        ),
        (
            ("ad = 2", "armour = 2"),
            "beasts.toml:8: creature 1 (Pit ghoul), armour: unknown field 'armour'",
        ),
        (
            ('kind = "melee"', 'kind = "magic"'),
            "beasts.toml:12: creature 1 (Pit ghoul), attack 1: kind: must be melee or ranged",
        ),
        (
            ("reach = 1", "range = 1"),
            "beasts.toml:13: creature 1 (Pit ghoul), attack 1: range: a melee attack has reach",
        ),
        (
            ('name = "Wisp"', 'name = "pit ghoul"'),
            "beasts.toml:17: creature 2: the name 'pit ghoul' is taken by creature 1",
        ),
        (("version = 1", "version = 7"), "beasts.toml:2: version 7 is not one Refkit reads"),
        (('"Claws"', '"Claws'), "beasts.toml: not TOML:"),
    ],
)
def test_a_bad_file_names_its_file_line_and_field(change: tuple[str, str], message: str) -> None:
    old, new = change
    text = GOOD.replace(old, new, 1)
    with pytest.raises(BestiaryFileError) as refused:
        read_bestiary_text(text, "beasts.toml")
    assert str(refused.value).startswith(message), str(refused.value)


def test_a_missing_file_and_a_folder_are_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no such file"):
        read_bestiary_file(tmp_path / "none.toml")
    with pytest.raises(ValueError, match="is a folder"):
        read_bestiary_file(tmp_path)


names = st.text(
    alphabet=st.characters(codec="utf-8", categories=("L", "N", "P", "Zs")), min_size=1, max_size=20
).filter(lambda t: t.strip() != "")
keywords = st.builds(
    Keyword,
    name=st.sampled_from(sorted(KEYWORD_NOTES)),
    value=st.none() | st.integers(0, 9),
    note=st.text(alphabet=st.characters(codec="utf-8", categories=("L", "P", "Zs")), max_size=30),
)


@st.composite
def attacks(draw: st.DrawFn, name: str) -> Attack:
    kind = draw(st.sampled_from(["melee", "ranged"]))
    tier2 = draw(st.integers(0, 20))
    ranged = kind == "ranged"
    thrown = ranged and draw(st.booleans())
    return Attack(
        name=name,
        kind=kind,
        squares=draw(st.integers(1, 30)),
        tier2=tier2,
        tier3=tier2 + draw(st.integers(0, 10)),
        characteristic=draw(st.sampled_from(["A", "S", "M", "A/S", ""])),
        piercing=draw(st.booleans()),
        keywords=tuple(draw(st.lists(keywords, max_size=3))),
        thrown=thrown,
        ammunition=ranged and not thrown and draw(st.booleans()),
    )


@st.composite
def creatures(draw: st.DrawFn) -> Creature:
    attack_names = draw(
        st.lists(names, min_size=1, max_size=3, unique_by=lambda n: " ".join(n.split()).lower())
    )
    return Creature(
        name=draw(names),
        size=draw(st.sampled_from(SIZES)),
        stamina=draw(st.integers(1, 99)),
        ad=draw(st.integers(0, 20)),
        speed=draw(st.integers(0, 12)),
        agility=draw(st.integers(-5, 5)),
        strength=draw(st.integers(-5, 5)),
        attacks=tuple(draw(attacks(name)) for name in attack_names),
        conditions=tuple(
            draw(st.lists(st.sampled_from(["prone", "weakened", "blessed"]), unique=True))
        ),
        notes=draw(st.text(max_size=40)),
        uses_wounds=draw(st.booleans()),
    )


@given(creatures())
def test_any_creature_written_reads_back_the_same(creature: Creature) -> None:
    assert read_bestiary_text(bestiary_text([creature])) == (creature,)
