"""Issue 22 item 3: a creature edited in the bestiary while another window (a second database
object on the same file) saved or deleted it is not overwritten — the form shows the creature as
stored now, the window says what changed, and the user's version is kept to put back."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.app.combat.bestiary import Bestiary
from refkit.compose import bestiary_on
from refkit.gui.combat.bestiary_editor import BestiaryDialog
from refkit.rules.combat.bestiary_file import creature_from_entry
from refkit.store.database import Database

HAG = creature_from_entry(
    {
        "name": "Bog hag",
        "size": "medium",
        "stamina": 14,
        "attack": [{"name": "Claws", "kind": "melee", "damage": "3 / 6", "piercing": True}],
    }
)


@pytest.fixture
def two_windows(tmp_path: Path) -> Iterator[tuple[Bestiary, Bestiary]]:
    path = str(tmp_path / "refkit.sqlite3")
    with Database.open(path) as first, Database.open(path) as second:
        bestiary_on(first).save(HAG)
        yield bestiary_on(first), bestiary_on(second)


@pytest.fixture
def dialog(qtbot, two_windows) -> BestiaryDialog:
    made = BestiaryDialog(two_windows[0])
    qtbot.addWidget(made)
    made.refresh(keep="Bog hag")
    made._picked(made.list.currentItem())
    return made


def test_a_creature_changed_elsewhere_while_edited_keeps_the_typed_values_and_shows_theirs(
    dialog: BestiaryDialog, two_windows
) -> None:
    _mine, theirs = two_windows
    assert dialog.editing == "Bog hag"
    dialog.form.notes_edit.setPlainText("My notes on the hag")
    theirs.save(replace(HAG, stamina=20), was="Bog hag")

    assert dialog.save() is None

    assert bestiary_on_file(two_windows).get("Bog hag").stamina == 20
    assert dialog.form.stamina_spin.value() == 20  # the fresh state shown
    assert dialog.form.notes_edit.toPlainText() == ""
    message = dialog.conflict.message.text()
    assert message.startswith("The creature \u201cBog hag\u201d was changed in another window")
    assert "stamina" in message
    assert "My notes on the hag" in dialog.conflict.kept.toPlainText()

    dialog.conflict.put_back_button.click()
    assert dialog.form.notes_edit.toPlainText() == "My notes on the hag"
    assert dialog.form.stamina_spin.value() == 14
    assert dialog.save() is not None
    stored = bestiary_on_file(two_windows).get("Bog hag")
    assert (stored.stamina, stored.notes) == (14, "My notes on the hag")


def test_a_creature_deleted_elsewhere_while_edited_is_stored_anew_only_when_saved_again(
    dialog: BestiaryDialog, two_windows
) -> None:
    _mine, theirs = two_windows
    dialog.form.notes_edit.setPlainText("My notes on the hag")
    theirs.delete("Bog hag")
    assert dialog.save() is None
    assert "deleted" in dialog.conflict.message.text()
    assert "Bog hag" not in [c.name for c in bestiary_on_file(two_windows).creatures()]
    assert dialog.form.notes_edit.toPlainText() == "My notes on the hag"
    assert dialog.save() is not None
    assert bestiary_on_file(two_windows).get("Bog hag").notes == "My notes on the hag"


def bestiary_on_file(two_windows: tuple[Bestiary, Bestiary]) -> Bestiary:
    """The creatures as stored now (a third reader)."""
    stored = two_windows[1]
    stored.reload()
    return stored
