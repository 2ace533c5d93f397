"""The bestiary window: a creature written in the form is checked as a file's (the problem names
its field, nothing is saved), kept in the database, renamed or deleted; Refkit's examples are
never changed; files come in whole or not at all, and go out readable again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from refkit.app.combat.bestiary import Bestiary
from refkit.compose import bestiary_on
from refkit.gui.combat.bestiary_editor import DAMAGE, NAME, PIERCING, BestiaryDialog
from refkit.rules.combat.bestiary_file import read_bestiary_file
from refkit.store.database import Database


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    with Database.open(str(tmp_path / "refkit.sqlite3")) as opened:
        yield opened


@pytest.fixture
def dialog(qtbot, db: Database) -> BestiaryDialog:
    made = BestiaryDialog(bestiary_on(db))
    qtbot.addWidget(made)
    return made


def fill_bog_hag(dialog: BestiaryDialog, damage: str = "3 / 6") -> None:
    form = dialog.form
    form.name_edit.setText("Bog hag")
    form.size_combo.setCurrentText("medium")
    form.stamina_spin.setValue(14)
    form.ad_spin.setValue(1)
    form.characteristics["mind"].setValue(2)
    form.attacks.item(0, NAME).setText("Claws")
    form.attacks.item(0, DAMAGE).setText(damage)
    form.attacks.item(0, PIERCING).setCheckState(Qt.CheckState.Checked)


def names(bestiary: Bestiary) -> list[str]:
    return [c.name for c in bestiary.creatures()]


def test_a_creature_from_the_form_is_kept_in_the_database(
    dialog: BestiaryDialog, db: Database
) -> None:
    fill_bog_hag(dialog)
    saved = dialog.save()
    assert saved is not None and saved.attacks[0].piercing and saved.mind == 2
    assert "Bog hag (yours)" in [dialog.list.item(i).text() for i in range(dialog.list.count())]
    again = bestiary_on(db).get("bog hag")  # another program reads it back
    assert again == saved


def test_a_bad_field_is_named_with_its_reason_and_nothing_is_saved(
    dialog: BestiaryDialog, db: Database
) -> None:
    fill_bog_hag(dialog, damage="three")
    assert dialog.save() is None
    text = dialog.problem_label.text()
    assert text.startswith("Not saved: attack 1: damage: must read")
    assert dialog.form.attacks.currentColumn() == DAMAGE
    assert "Bog hag" not in names(bestiary_on(db))
    dialog.form.name_edit.setText("")
    dialog.form.attacks.item(0, DAMAGE).setText("3 / 6")
    assert dialog.save() is None
    assert dialog.problem_label.text() == "Not saved: name: needs a name"


def test_refkits_examples_are_copied_under_a_new_name_never_changed(
    dialog: BestiaryDialog, db: Database
) -> None:
    rows = [dialog.list.item(i).text() for i in range(dialog.list.count())]
    dialog.list.setCurrentRow(rows.index("Tunnel ghoul (Refkit's)"))
    assert dialog.form.name_edit.text() == "Tunnel ghoul"
    assert not dialog.delete_button.isEnabled()
    dialog.form.stamina_spin.setValue(12)
    assert dialog.save() is None
    assert "pick another name" in dialog.problem_label.text()
    dialog.form.name_edit.setText("Old ghoul")
    copy = dialog.save()
    assert copy is not None and copy.stamina == 12
    assert bestiary_on(db).get("Tunnel ghoul").stamina == 9


def test_renaming_and_deleting_the_referees_own(dialog: BestiaryDialog, db: Database) -> None:
    fill_bog_hag(dialog)
    dialog.save()
    dialog.form.name_edit.setText("Marsh hag")
    assert dialog.save() is not None
    kept = names(bestiary_on(db))
    assert "Marsh hag" in kept and "Bog hag" not in kept
    assert dialog.delete()
    assert "Marsh hag" not in names(bestiary_on(db))


def test_files_come_in_whole_or_not_at_all_and_go_out_readable(
    dialog: BestiaryDialog, db: Database, tmp_path: Path
) -> None:
    good = tmp_path / "hags.toml"
    good.write_text(
        'format = "refkit-bestiary"\nversion = 1\n\n[[creature]]\nname = "Fen hag"\n'
        'size = "medium"\nstamina = 10\n\n[[creature.attack]]\nname = "Claws"\n'
        'kind = "melee"\ndamage = "2 / 4"\n',
        encoding="utf-8",
    )
    bad = tmp_path / "bad.toml"
    bad.write_text(good.read_text(encoding="utf-8").replace('"2 / 4"', '"lots"'), "utf-8")
    assert not dialog.import_file(str(bad))
    assert dialog.problem_label.text().startswith("Nothing imported:")
    assert "damage" in dialog.problem_label.text()
    assert dialog.import_file(str(good))
    assert "Fen hag" in names(bestiary_on(db))
    out = tmp_path / "out.toml"
    assert dialog.export_file(str(out))  # Fen hag is the one picked
    assert [c.name for c in read_bestiary_file(out)] == ["Fen hag"]
