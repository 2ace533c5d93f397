"""The Spells panel: search and filters, the details, the editor (checked as a spell file, a
shipped name refused in the window), import and export of one's own spells."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.compose import Services
from refkit.gui.magic.spell_panel import SpellPanel
from refkit.rules.magic.spell_file import load_spell_file, spell_to_toml
from refkit.rules.magic.spellbooks import load_default_spells


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as built:
        yield built


@pytest.fixture
def panel(qtbot, services: Services) -> SpellPanel:
    made = SpellPanel(services.spells)
    qtbot.addWidget(made)
    made.resize(500, 700)
    return made


def _write_witchfire(panel: SpellPanel) -> None:
    editor = panel.open_editor(None)
    editor.name.setText("Witchfire")
    editor.rank.setValue(2)
    editor.discipline.setCurrentText("elemental")
    editor.casting.setCurrentText("out of combat")
    editor.targets.setText("1 creature")
    editor.range.setText("ranged 5")
    editor.duration.setText("2 UD")
    editor.description.setPlainText("Pale flames that do not burn <b>wood</b>.")
    editor.book.setText("Witchfire book")
    for tier in (1, 2, 3):
        editor.tier_text[tier].setPlainText(f"Flames of tier {tier}.")
    editor.save()


def test_search_and_filters_narrow_the_list_and_the_details_show_the_spell(
    panel: SpellPanel,
) -> None:
    assert panel.names_shown() == [spell.name for spell in load_default_spells()]
    panel.search.setText("fire")
    assert "Fire Lance" in panel.names_shown()
    spells = {spell.name: spell for spell in load_default_spells()}
    shown = panel.names_shown()
    assert 0 < len(shown) < len(spells)
    for name in shown:
        spell = spells[name]
        assert "fire" in f"{spell.name} {spell.book.name} {spell.description}".casefold()
    panel.search.clear()
    panel.rank.setCurrentIndex(panel.rank.findData(1))
    panel.discipline.setCurrentIndex(panel.discipline.findData("necromancy"))
    assert "Corrupt" in panel.names_shown()
    assert all(
        spell.rank == 1 and spell.discipline.value == "necromancy"
        for spell in load_default_spells()
        if spell.name in panel.names_shown()
    )
    panel.select("Corrupt")
    assert panel.details.toPlainText().startswith("Corrupt\nrank 1 necromancy")
    assert not panel.edit_button.isEnabled()  # Refkit's own spell


def test_a_spell_written_in_the_editor_is_stored_listed_after_refkits_and_editable(
    panel: SpellPanel, services: Services
) -> None:
    _write_witchfire(panel)
    assert panel.editor is None or not panel.editor.isVisible()
    assert panel.names_shown()[-1] == "Witchfire"
    assert panel.list.currentItem().text() == "Witchfire — rank 2 elemental (yours)"
    assert "takes 10 in-game minutes" in panel.details.toPlainText()
    assert panel.edit_button.isEnabled()
    editor = panel.open_editor(panel.current_spell())
    assert editor.name.text() == "Witchfire" and editor.duration.text() == "2 UD"
    editor.rank.setValue(3)
    editor.save()
    assert [spell.rank for spell in services.spells.own()] == [3]


def test_a_bad_field_or_a_shipped_name_is_refused_in_the_editor_and_nothing_is_stored(
    panel: SpellPanel, services: Services
) -> None:
    editor = panel.open_editor(None)
    editor.name.setText("Witchfire")
    editor.range.setText("far away")
    editor.duration.setText("instant")
    editor.description.setPlainText("x")
    editor.book.setText("Witchfire book")
    for tier in (1, 2, 3):
        editor.tier_text[tier].setPlainText("y")
    editor.save()
    assert editor.problem.text().startswith(
        "Not saved: the spell editor, spell.range: cannot read range 'far away'"
    )
    editor.range.setText("ranged 3")
    editor.name.setText("Fire Lance")
    editor.save()
    assert "taken by Refkit's spell 'Fire Lance'" in editor.problem.text()
    assert editor.isVisible()
    assert services.spells.own() == []


def test_import_and_export_go_through_the_checked_file_and_say_a_refusal_in_the_panel(
    panel: SpellPanel, services: Services, tmp_path: Path
) -> None:
    _write_witchfire(panel)
    out = tmp_path / "witchfire.toml"
    assert panel.export_file(str(out))
    spell = load_spell_file(out)
    assert spell.name == "Witchfire"
    services.spells.delete("Witchfire")
    panel.reload()
    bad = tmp_path / "bad.toml"
    bad.write_text(spell_to_toml(spell).replace("rank = 2", "rank = 8"), encoding="utf-8")
    assert panel.import_file(str(bad)) is None
    assert panel.problem.text().startswith("Not imported: bad.toml, line 3, spell.rank")
    assert panel.import_file(str(out)) == spell
    assert panel.problem.text() == ""
    assert panel.names_shown()[-1] == "Witchfire"
