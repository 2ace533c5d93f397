"""Issue 25 item 9 in the window: the fight tracker's Grab, Escape grab and Knockback buttons.
The one whose turn it is acts on the row picked; each is one undo step; the row says who holds
whom; the message says the tier, what it did and the counter offered."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.compose import Services
from refkit.gui.combat.tracker import FightPanel
from refkit.gui.shell.undo_adapter import RefkitUndoStack, push_command
from tests.gui.combat.test_fight_tracker import FixedDice


class Table:
    def __init__(self, tmp_path: Path) -> None:
        self.face = 9
        self.services = Services(
            db_url=str(tmp_path / "refkit.sqlite3"),
            rng_factory=lambda seed: (FixedDice(self.face), 0),
        )


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    made = Table(tmp_path)
    yield made
    made.services.close()


def test_grab_escape_and_knockback_from_the_tracker_each_one_undo_step(qtbot, table) -> None:
    services, stack = table.services, RefkitUndoStack()
    panel = FightPanel(
        services.fight,
        services.characters,
        lambda command: push_command(stack, command),
        services.party.members,
    )
    qtbot.addWidget(panel)
    panel.session.add_creatures("Tunnel ghoul", 2).do()
    panel.session.add_crows(["Wren Ashdown"]).do()
    panel.new_round(die=3)  # Tunnel ghoul 1's turn
    count = stack.count()

    assert not panel.grab_button.click() and "click the one" in panel.message.text()
    assert stack.count() == count  # nothing picked: nothing done, and said
    panel.rows["Wren Ashdown"].pick.click()
    panel.grab_button.click()
    assert stack.count() == count + 1
    assert "Wren Ashdown is grabbed by Tunnel ghoul 1" in panel.message.text()
    assert "held by Tunnel ghoul 1" in panel.rows["Wren Ashdown"].state_label.text()
    assert panel.rows["Wren Ashdown"].chips["grabbed"].isChecked()  # on the crow's sheet

    stack.undo()
    assert "held by" not in panel.rows["Wren Ashdown"].state_label.text()
    assert "grabbed" not in services.characters.get("Wren Ashdown").conditions
    stack.redo()

    panel.session.choose("Tunnel ghoul 2").do()
    panel.rows["Tunnel ghoul 1"].pick.click()
    table.face = 1  # a doom: Tunnel ghoul 1 counters at tier 3
    panel.knockback_button.click()
    assert "may counter for" in panel.message.text()

    panel.session.end_round().do()
    panel.rows["Wren Ashdown"].pick.click()  # no turn running: the picked one tries
    table.face = 9
    panel.escape_button.click()
    assert "is free of Tunnel ghoul 1" in panel.message.text()
    assert "held by" not in panel.rows["Wren Ashdown"].state_label.text()
    assert not panel.rows["Wren Ashdown"].chips["grabbed"].isChecked()
    stack.undo()
    assert "held by Tunnel ghoul 1" in panel.rows["Wren Ashdown"].state_label.text()
