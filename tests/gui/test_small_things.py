"""Issue 24, item 8: the small things — labels that read as words, a guide that counts its
workspaces, and a catalogue search in British spelling (tests/gui/test_catalogue_panel.py)."""

from __future__ import annotations

import re

from refkit.gui.combat.attack_dialog import BETTER
from refkit.gui.shell.help_dialogs import GUIDE_HTML
from refkit.present.usage_text import usage_dice_change


def test_the_guide_counts_the_workspaces_it_names() -> None:
    named = re.findall(r"<b>(\w+)</b> \(Ctrl\+\d", GUIDE_HTML)
    assert named == ["Referee", "Characters", "Travel"]
    assert "The three workspaces" in GUIDE_HTML


def test_a_usage_dice_roll_that_keeps_them_says_so() -> None:
    assert usage_dice_change(2, 2) == "2 usage dice kept"
    assert usage_dice_change(2, 1) == "2 → 1 usage die"


def test_the_attack_s_tested_characteristic_reads_as_words() -> None:
    assert BETTER.capitalize() != "The better"
    assert BETTER.startswith("the better ")


def test_the_encounter_table_list_leaves_out_the_backlash_and_miasma_tables(
    qtbot, rig, settings
) -> None:
    """Issue 24 item 8: the DT panel's encounter tables are the encounter tables."""
    from tests.gui.dungeon_helpers import opened_turn_panel

    with opened_turn_panel(qtbot, rig, settings) as panel:
        panel.dungeon_edit.setText("Sunken chapel")
        panel.enter_button.click()
        combo = panel.encounters.table_combo
        offered = [combo.itemText(index) for index in range(combo.count())]
        assert "Encounters: goblin warren" in offered
        assert not [name for name in offered if "backlash" in name or "Miasma" in name]


def test_a_table_chosen_for_a_dungeon_stays_offered() -> None:
    from refkit.present.table_choices import encounter_table_names

    names = ["Goblins", "Refkit default backlashes", "My Miasma"]
    assert encounter_table_names(names, ["refkit default backlashes", "My Miasma"]) == ["Goblins"]
    assert encounter_table_names(names, ["My Miasma"], chosen="My Miasma") == names
