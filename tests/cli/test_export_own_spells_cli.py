"""``refkit export spells`` prints the spell library: Refkit's spells and the referee's own."""

from __future__ import annotations

from dataclasses import replace

from refkit.compose import Services
from refkit.rules.magic.spellbooks import load_default_spells
from tests.export.pdf_reading import pdf_text


def own_spell(db: str, name: str) -> None:
    with Services(db_url=db) as services:
        first = load_default_spells()[0]
        services.spells.add(
            replace(first, name=name, book=replace(first.book, name=f"{name} book"))
        )


def test_every_spell_of_the_library_is_printed_own_ones_too(cli, tmp_path) -> None:
    db = str(tmp_path / "refkit.sqlite3")
    own_spell(db, "Mudwalk")
    out = tmp_path / "spells.pdf"
    run = cli("--db", db, "export", "spells", "--out", str(out), "--json")
    assert run.code == 0, run.err
    shipped = [spell.name for spell in load_default_spells()]
    assert run.json["spells"] == [*shipped, "Mudwalk"]
    assert "Mudwalk" in pdf_text(out)


def test_an_own_spell_is_printed_by_name(cli, tmp_path) -> None:
    db = str(tmp_path / "refkit.sqlite3")
    own_spell(db, "Mudwalk")
    out = tmp_path / "one.pdf"
    run = cli("--db", db, "export", "spells", "mudwalk", "--out", str(out), "--json")
    assert run.code == 0, run.err
    assert run.json["spells"] == ["Mudwalk"]
