"""The window's "Print the spell cards" prints the spell library's spells (shipped and own)."""

from __future__ import annotations

from dataclasses import replace

from refkit.gui.export.install import ExportSources
from refkit.rules.magic.spellbooks import load_default_spells
from tests.export.pdf_reading import pdf_text
from tests.gui.export.test_export_dialog import _actions, _export, window  # noqa: F401


def test_print_spells_takes_the_librarys_spells(qtbot, window, settings, tmp_path):  # noqa: F811
    first = load_default_spells()[0]
    own = replace(first, name="Mudwalk", book=replace(first.book, name="Mudwalk book"))
    actions = _actions(window, settings)
    actions.sources = ExportSources(
        crow=lambda: None,
        party=list,
        catalogue=list,
        spells=lambda: [*load_default_spells(), own],
    )
    dialog = actions.print_spells()
    dialog.marks.setChecked(False)
    _export(qtbot, dialog, tmp_path / "spells.pdf")
    assert "Mudwalk" in pdf_text(tmp_path / "spells.pdf")
