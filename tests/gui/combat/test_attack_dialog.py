"""The attack window: the exact odds before the roll, updated as the situation changes; one press
rolls one undo step and logs the roll; the outcome is told plainly (hit and damage, a crit's
extra action, a counter offered with one click, ammunition spent); a refused attack says why."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from refkit.compose import Services
from refkit.dice.records import RollRecord
from refkit.gui.combat.attack_dialog import AttackDialog
from refkit.gui.shell.undo_adapter import RefkitUndoStack, push_command
from refkit.rules.combat.attack_odds import attack_odds


class FixedDice(random.Random):
    """Every die shows ``face`` (at most the die's sides)."""

    def __init__(self, face: int) -> None:
        super().__init__(0)
        self.face = face

    def randint(self, a: int, b: int) -> int:
        return max(a, min(b, self.face))


class Table:
    def __init__(self, tmp_path: Path) -> None:
        self.face = 5
        self.services = Services(
            db_url=str(tmp_path / "refkit.sqlite3"),
            rng_factory=lambda seed: (FixedDice(self.face), 0),
        )
        self.stack = RefkitUndoStack()
        self.rolls: list[RollRecord] = []
        fight = self.services.fight
        fight.add_creatures("Tunnel ghoul", 2).do()
        fight.add_crows(["Brannoc Tull", "Wren Ashdown"]).do()
        fight.start_round(die=8).do()

    def dialog(self, qtbot, attacker: str, target: str) -> AttackDialog:
        dialog = AttackDialog(
            self.services.fight,
            lambda command: push_command(self.stack, command),
            self.rolls.append,
            lambda: datetime(2026, 12, 1, tzinfo=UTC),
            attacker=attacker,
            target=target,
        )
        qtbot.addWidget(dialog)
        return dialog


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    made = Table(tmp_path)
    yield made
    made.services.close()


def test_the_odds_show_before_the_roll_and_follow_the_situation(qtbot, table: Table) -> None:
    dialog = table.dialog(qtbot, "Brannoc Tull", "Tunnel ghoul 1")
    assert dialog.weapon_combo.currentData() == "Axe"
    assert dialog.odds_label.text().splitlines()[1].startswith("Hit ")
    assert dialog.prepared is not None
    plain = attack_odds(dialog.prepared.request).hit
    dialog.flanking.setChecked(True)
    flanked = attack_odds(dialog.prepared.request).hit
    assert flanked > plain
    assert "flanking: an edge" in dialog.reasons_label.text()
    assert f"Hit {float(flanked) * 100:.1f} %" in dialog.odds_label.text()
    assert table.stack.count() == 0 and table.rolls == []  # nothing rolled yet


def test_a_crit_hits_for_tier_3_grants_an_action_and_undoes_as_one_step(
    qtbot, table: Table
) -> None:
    fight = table.services.fight
    before = fight.state
    dialog = table.dialog(qtbot, "Brannoc Tull", "Tunnel ghoul 1")
    table.face = 10
    dialog.roll_button.click()
    report = dialog.report
    assert report is not None and report.outcome.test.crit and report.hit is not None
    ghoul = fight.state.combatant("Tunnel ghoul 1")
    assert report.hit.creature is not None
    assert ghoul.stamina == report.hit.creature.stamina_after
    shown = dialog.outcome_label.text()
    assert f"Hit! Tunnel ghoul 1 takes {report.hit.amount} damage" in shown
    assert "Crit: Brannoc Tull gains another action." in shown
    assert table.stack.count() == 1
    assert [(r.kind, r.faces) for r in table.rolls] == [("attack", (10, 10))]
    table.stack.undo()
    assert fight.state == before


def test_a_miss_offers_the_counter_with_one_click(qtbot, table: Table) -> None:
    dialog = table.dialog(qtbot, "Brannoc Tull", "Tunnel ghoul 1")
    table.face = 1
    dialog.roll_button.click()
    report = dialog.report
    assert report is not None and report.hit is None and report.counter_damage is not None
    assert "Miss." in dialog.outcome_label.text()
    assert dialog.counter_button.isVisibleTo(dialog)
    assert f"{report.counter_damage} damage to Brannoc Tull" in dialog.counter_button.text()
    brannoc = table.services.characters.get("Brannoc Tull")
    dialog.counter_button.click()
    after = table.services.characters.get("Brannoc Tull")
    assert after != brannoc  # through the sheet's own damage flow
    assert "Counter: Brannoc Tull takes" in dialog.outcome_label.text()
    assert not dialog.counter_button.isVisibleTo(dialog)
    assert table.stack.count() == 2
    table.stack.undo()
    assert table.services.characters.get("Brannoc Tull") == brannoc


def test_a_creature_hitting_a_crow_goes_through_the_sheet(qtbot, table: Table) -> None:
    dialog = table.dialog(qtbot, "Tunnel ghoul 1", "Wren Ashdown")
    assert dialog.expertise_combo.count() == 1  # a creature spends no expertise
    table.face = 10
    report = dialog.roll()
    assert report is not None and report.hit is not None and report.hit.crow is not None
    wren = table.services.characters.get("Wren Ashdown")
    assert wren.stamina.current < wren.stamina.max or report.hit.wounds_to_place


def test_a_shot_spends_ammunition_and_says_so(qtbot, table: Table) -> None:
    dialog = table.dialog(qtbot, "Wren Ashdown", "Tunnel ghoul 2")
    assert dialog.weapon_combo.currentData() == "Shortbow"
    table.face = 10
    report = dialog.roll()
    assert report is not None and report.ammunition is not None
    assert "Ammunition: " in dialog.outcome_label.text()


def test_an_attack_that_cannot_be_made_says_why_and_cannot_be_rolled(qtbot, table: Table) -> None:
    dialog = table.dialog(qtbot, "Brannoc Tull", "Tunnel ghoul 1")
    dialog.distance_spin.setValue(4)
    assert dialog.odds_label.text().startswith("Cannot attack: Axe reaches 1 square")
    assert not dialog.roll_button.isEnabled()
    assert dialog.roll() is None and table.stack.count() == 0


def test_a_ranged_doom_beside_an_ally_hits_the_ally_and_says_so(qtbot, table: Table) -> None:
    dialog = table.dialog(qtbot, "Wren Ashdown", "Tunnel ghoul 2")
    allies = [dialog.allies_list.item(i).text() for i in range(dialog.allies_list.count())]
    assert allies == ["Brannoc Tull"]
    dialog.allies_list.item(0).setCheckState(Qt.CheckState.Checked)
    assert "An ally hit by a stray shot:" in dialog.odds_label.text()
    table.face = 1  # a doom
    report = dialog.roll()
    assert report is not None and report.stray is not None
    assert report.stray.name == "Brannoc Tull"
    assert f"Stray shot: Brannoc Tull takes {report.stray.amount} damage" in (
        dialog.outcome_label.text()
    )


def test_a_weapon_expertise_is_spent_when_it_raises_the_tier_and_said(qtbot, table: Table) -> None:
    dialog = table.dialog(qtbot, "Brannoc Tull", "Tunnel ghoul 1")
    dialog.expertise_combo.setCurrentIndex(dialog.expertise_combo.findData("Chopping"))
    before = {e.name: e.left for e in table.services.characters.get("Brannoc Tull").expertises}
    table.face = 5  # a roll the expertise raises to tier 3, so its use is spent
    report = dialog.roll()
    assert report is not None and report.expertise == "Chopping" and report.outcome.test.tier == 3
    assert "Brannoc Tull spent a use of Chopping." in dialog.outcome_label.text()
    after = {e.name: e.left for e in table.services.characters.get("Brannoc Tull").expertises}
    assert after["Chopping"] == before["Chopping"] - 1
