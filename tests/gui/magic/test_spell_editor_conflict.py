"""Issue 22 item 3: a spell edited in the editor while another window (a second Services on the
same file) saved it is not overwritten — the editor shows the spell as stored now, says what
changed, and keeps what the user typed to put back and save on the fresh version."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.compose import Services
from refkit.gui.magic.spell_panel import SpellPanel
from refkit.rules.magic.spell import SpellBook
from refkit.rules.magic.spellbooks import find_spell, load_default_spells

EMBER = replace(
    find_spell(load_default_spells(), "Light"),
    name="Ember Lance",
    book=SpellBook("Ember book", 2, 40),
    description="A spear of embers.",
)


@pytest.fixture
def two_windows(tmp_path: Path) -> Iterator[tuple[Services, Services]]:
    path = str(tmp_path / "refkit.sqlite3")
    with Services(db_url=path) as mine, Services(db_url=path) as theirs:
        mine.spells.add(EMBER)
        yield mine, theirs


def test_a_spell_changed_elsewhere_while_edited_keeps_the_typed_text_and_shows_theirs(
    qtbot, two_windows: tuple[Services, Services]
) -> None:
    mine, theirs = two_windows
    panel = SpellPanel(mine.spells)
    qtbot.addWidget(panel)
    panel.select("Ember Lance")
    editor = panel.open_editor(panel.current_spell())
    editor.description.setPlainText("My typed words.")
    theirs.spells.edit("Ember Lance", replace(EMBER, description="Their words.", rank=2))

    editor.save()

    assert editor.isVisible()  # not closed: nothing was saved
    assert theirs.spells.find("Ember Lance").description == "Their words."
    assert editor.description.toPlainText() == "Their words."  # the fresh state shown
    assert editor.rank.value() == 2
    assert editor.conflict.isVisible()
    message = editor.conflict.message.text()
    assert message.startswith("The spell \u201cEmber Lance\u201d was changed in another window")
    assert "rank" in message and "description" in message
    assert "My typed words." in editor.conflict.kept.toPlainText()

    editor.conflict.put_back_button.click()
    assert editor.description.toPlainText() == "My typed words."
    assert editor.rank.value() == EMBER.rank  # the user's version, whole
    editor.save()
    assert not editor.isVisible()
    stored = theirs.spells.read_own("Ember Lance")
    assert stored is not None and stored[0].description == "My typed words."
    assert stored[1] == 3


def test_a_spell_deleted_elsewhere_while_edited_keeps_the_typed_values_to_store_anew(
    qtbot, two_windows: tuple[Services, Services]
) -> None:
    mine, theirs = two_windows
    panel = SpellPanel(mine.spells)
    qtbot.addWidget(panel)
    panel.select("Ember Lance")
    editor = panel.open_editor(panel.current_spell())
    editor.description.setPlainText("My typed words.")
    theirs.spells.delete("Ember Lance")

    editor.save()

    assert editor.isVisible() and editor.conflict.isVisible()
    assert "deleted" in editor.conflict.message.text()
    assert editor.description.toPlainText() == "My typed words."
    assert theirs.spells.read_own("Ember Lance") is None
    editor.save()
    stored = theirs.spells.read_own("Ember Lance")
    assert stored is not None and stored[0].description == "My typed words."


def test_deleting_a_spell_changed_elsewhere_since_it_was_listed_is_refused(
    qtbot, two_windows: tuple[Services, Services]
) -> None:
    mine, theirs = two_windows
    panel = SpellPanel(mine.spells)
    qtbot.addWidget(panel)
    panel.select("Ember Lance")
    theirs.spells.edit("Ember Lance", replace(EMBER, description="Their words."))
    panel.delete_current()
    assert "was changed since" in panel.problem.text()
    assert theirs.spells.read_own("Ember Lance") is not None
    assert "Their words." in panel.details.toPlainText()
