"""Issue 25 item 6 in the window: damage by hand to a crow in the fight tracker lets the owner
choose which armour loses AD first (L343); one step on the undo stack."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.compose import Services
from refkit.gui.combat.tracker import FightPanel
from refkit.gui.shell.undo_adapter import RefkitUndoStack, push_command


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as built:
        yield built


def _ad(services: Services, crow: str) -> dict[str, int]:
    items = services.characters.get(crow).items.armor_sources()
    return {item.name: item.armor.ad for item in items if item.armor is not None}


def test_the_owner_picks_the_armour_that_soaks_first(qtbot, services: Services) -> None:
    stack = RefkitUndoStack()
    panel = FightPanel(
        services.fight,
        services.characters,
        lambda command: push_command(stack, command),
        services.party.members,
    )
    qtbot.addWidget(panel)
    panel.show()
    panel.session.add_creatures("Tunnel ghoul").do()
    panel.session.add_crows(["Brannoc Tull", "Hesper Quill"]).do()
    panel.show_fight(panel.session.state)
    panel.rows["Tunnel ghoul 1"].pick.click()
    assert not panel.armour_combo.isVisible()  # a creature has one AD of its own
    panel.rows["Hesper Quill"].pick.click()
    assert not panel.armour_combo.isVisible()  # one suit: nothing to choose
    panel.rows["Brannoc Tull"].pick.click()
    assert panel.armour_combo.isVisible()
    options = [panel.armour_combo.itemText(i) for i in range(panel.armour_combo.count())]
    assert options == ["Medium armor first (AD 10)", "Shield first (AD 5)"]  # the sheet's order
    panel.armour_combo.setCurrentIndex(1)
    panel.damage_spin.setValue(3)
    panel.damage_button.click()
    assert _ad(services, "Brannoc Tull") == {"Shield": 2, "Medium armor": 10}
    assert panel.armour_combo.currentText() == "Shield first (AD 2)"  # still chosen
    stack.undo()
    assert _ad(services, "Brannoc Tull") == {"Shield": 5, "Medium armor": 10}
    panel.armour_combo.setCurrentIndex(0)
    panel.damage_button.click()
    assert _ad(services, "Brannoc Tull") == {"Shield": 5, "Medium armor": 7}
