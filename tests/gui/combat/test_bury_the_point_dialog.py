"""Bury the Point in the attack window (issue 26): the box is shown only for a crow with the
trait; checked, a stabbing hit deals double damage and leaves the spear useless until fixed (one
undo step takes both back); an attack with the useless spear is then refused with the reason."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.rules.inventory.model import HAND, Inventory, Item, TierDamage
from tests.gui.combat.test_attack_dialog import Table

WREN = "Wren Ashdown"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    made = Table(tmp_path)
    characters = made.services.characters
    wren = characters.get(WREN)
    spear = Item(
        "Spear", area=HAND, at=1, damage=TierDamage(3, 7), keywords=("stabbing",), id="spear"
    )
    kept = tuple(item for item in wren.items.items if item.area != HAND)
    items = Inventory((*kept, spear), wren.items.ground)
    characters.save(replace(wren, items=items, traits=("Stabbing: Bury the Point",)))
    yield made
    made.services.close()


def test_only_a_crow_with_the_trait_sees_the_box(qtbot, table: Table) -> None:
    brannoc = table.dialog(qtbot, "Brannoc Tull", "Tunnel ghoul 1")
    brannoc.show()
    assert not brannoc.bury.isVisible()
    wren = table.dialog(qtbot, WREN, "Tunnel ghoul 1")
    wren.show()
    assert wren.bury.isVisible()


def test_a_buried_point_doubles_the_hit_and_the_spear_goes_useless(qtbot, table: Table) -> None:
    dialog = table.dialog(qtbot, WREN, "Tunnel ghoul 1")
    dialog.bury.setChecked(True)
    assert dialog.prepared is not None and dialog.prepared.bury
    table.face = 9
    dialog.roll_button.click()
    report = dialog.report
    assert report is not None and report.buried and report.hit is not None
    assert report.outcome.damage > 0 and report.hit.amount == 2 * report.outcome.damage
    assert "Bury the Point: double damage; the Spear is useless until fixed." in (
        dialog.outcome_label.text()
    )
    characters = table.services.characters
    assert characters.get(WREN).items.find("spear").useless
    again = table.dialog(qtbot, WREN, "Tunnel ghoul 2")
    assert again.prepared is None
    assert "Spear is useless until fixed" in again.odds_label.text()
    table.stack.undo()
    assert not characters.get(WREN).items.find("spear").useless
