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
