"""The referee's own spells: stored in the database beside the shipped ones (shipped first), a
shipped name refused with the reason, and spell files read in and written out checked."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.app.magic.spell_library import SpellLibrary, SpellRefused
from refkit.compose import Services
from refkit.rules.magic.spell import SpellBook
from refkit.rules.magic.spell_file import (
    SpellFileError,
    load_spell_file,
    parse_spell_toml,
    spell_to_toml,
)
from refkit.rules.magic.spellbooks import find_spell, load_default_spells
from refkit.store.spell_store import SpellNameTakenError, UnknownStoredSpellError

SHIPPED = load_default_spells()
LIGHT = find_spell(SHIPPED, "Light")


def own(name: str, book: str | None = None, **changes) -> object:
    return replace(LIGHT, name=name, book=SpellBook(book or f"{name} book", 2, 40), **changes)


@pytest.fixture
def library(tmp_path: Path) -> Iterator[SpellLibrary]:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as services:
        yield services.spells


def test_own_spells_are_stored_and_listed_after_the_shipped_ones(library: SpellLibrary) -> None:
    library.add(own("Witchfire"))
    library.add(own("Ember ward", description='Quotes " and \\ and a\nnew line, ünïcode'))
    names = [spell.name for spell in library.spells()]
    assert names[: len(SHIPPED)] == [spell.name for spell in SHIPPED]
    assert names[len(SHIPPED) :] == ["Ember ward", "Witchfire"]
    stored = library.find("ember WARD book")
    assert stored == own("Ember ward", description='Quotes " and \\ and a\nnew line, ünïcode')


def test_a_shipped_name_or_book_name_is_refused_with_the_reason(library: SpellLibrary) -> None:
    with pytest.raises(SpellRefused, match="'light' is taken by Refkit's spell 'Light'"):
        library.add(own("light"))
    with pytest.raises(SpellRefused, match="book's name 'Fire lance book' is taken"):
        library.add(own("Witchfire", book="Fire lance book"))
    with pytest.raises(SpellRefused, match="cannot be deleted"):
        library.delete("Light")
    assert library.own() == []


def test_a_taken_own_name_is_refused_unless_replacing(library: SpellLibrary) -> None:
    library.add(own("Witchfire"))
    with pytest.raises(SpellNameTakenError, match="stored already"):
        library.add(own("WITCHFIRE"))
    library.add(own("Witchfire", rank=3), replace=True)
    assert [spell.rank for spell in library.own()] == [3]


def test_editing_renames_and_deleting_forgets(library: SpellLibrary) -> None:
    library.add(own("Witchfire"))
    library.edit("Witchfire", own("Witchlight"))
    assert [spell.name for spell in library.own()] == ["Witchlight"]
    library.delete("witchlight")
    assert library.own() == []
    with pytest.raises(UnknownStoredSpellError, match="no spell of yours"):
        library.delete("Witchlight")


def test_a_spell_file_is_imported_checked_and_exported_to_read_back_the_same(
    library: SpellLibrary, tmp_path: Path
) -> None:
    source = tmp_path / "witchfire.toml"
    source.write_text(spell_to_toml(own("Witchfire")), encoding="utf-8")
    assert library.import_file(source) == own("Witchfire")
    out = library.export_file("Witchfire", tmp_path / "out.toml")
    assert load_spell_file(out) == own("Witchfire")
    bad = tmp_path / "bad.toml"
    bad.write_text(spell_to_toml(own("Other")).replace("rank = 0", "rank = 9"), encoding="utf-8")
    with pytest.raises(SpellFileError, match=r"bad.toml, line 3, spell.rank: .* got 9"):
        library.import_file(bad)
    assert [spell.name for spell in library.own()] == ["Witchfire"]


def test_every_shipped_spell_and_a_hostile_one_read_back_the_same_from_their_file() -> None:
    hostile = own("Del\x7f and\ttab", description="<b>bold</b> \\u0041 'single' \"double\"")
    for spell in (*SHIPPED, hostile):
        back = parse_spell_toml(spell_to_toml(spell))
        assert back == spell and back.outcomes == spell.outcomes


def test_a_spell_changed_by_another_program_is_read_again(tmp_path: Path) -> None:
    db = str(tmp_path / "refkit.sqlite3")
    with Services(db_url=db) as here, Services(db_url=db) as there:
        here.spells.add(own("Witchfire"))
        assert [spell.rank for spell in here.spells.own()] == [0]  # read once, kept
        there.spells.edit("Witchfire", own("Witchfire", rank=4))
        there.spells.add(own("Ember ward"))
        assert [(spell.name, spell.rank) for spell in here.spells.own()] == [
            ("Ember ward", 0),
            ("Witchfire", 4),
        ]
