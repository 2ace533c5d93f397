"""The Dice panel: live exact odds, a legible seeded result, quick dice and notation errors."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt

from refkit.app.dice_service import DiceService
from refkit.gui.dice.panel import DicePanel
from refkit.gui.dice.widgets import percent_text
from refkit.rules.checks.odds import test_odds as exact_odds
from refkit.store.database import Database
from refkit.store.roll_log import RollLogRepository
from tests.gui.helpers import SeededRngs, seed_giving


@pytest.fixture
def database() -> Iterator[Database]:
    db = Database.open("sqlite://")
    yield db
    db.close()


@pytest.fixture
def repository(database) -> RollLogRepository:
    return RollLogRepository(database)


@pytest.fixture
def rngs() -> SeededRngs:
    return SeededRngs()


@pytest.fixture
def panel(qtbot, repository, rngs, fake_clock) -> DicePanel:
    panel = DicePanel()
    qtbot.addWidget(panel)
    panel.set_service(DiceService(repository, rngs, fake_clock))
    return panel


def odds_text(**setup: object) -> str:
    odds = exact_odds(setup.pop("characteristic", 0), **setup)  # type: ignore[arg-type]
    parts = zip(
        ("Tier 1", "Tier 2", "Tier 3", "Crit", "Doom"),
        (odds.tier1, odds.tier2, odds.tier3, odds.crit, odds.doom),
        strict=True,
    )
    return " · ".join(f"{name} {percent_text(p)}" for name, p in parts)


def test_odds_show_before_rolling_and_follow_every_change(qtbot, panel) -> None:
    assert panel.odds.text() == "Tier 1 55% · Tier 2 35% · Tier 3 10% · Crit 3% · Doom 3%"
    assert panel.odds.text() == odds_text()
    qtbot.mouseClick(panel.edges.findChild(type(panel.edges._plus), "edges_plus"),
                     Qt.MouseButton.LeftButton)  # fmt: skip
    assert panel.edges.value() == 1
    assert panel.odds.text() == odds_text(edges=1)
    panel.characteristic.setValue(2)
    panel.banes.setValue(2)
    panel.expertise.setChecked(True)
    panel.bonus.setValue(-1)
    panel.crit_min.setValue(18)
    expected = odds_text(
        characteristic=2, edges=1, banes=2, bonuses=(-1,), expertise=True, crit_min=18
    )
    assert panel.odds.text() == expected
    assert panel.net_label.text() == "Bane: −2"  # double bane + edge leaves one bane


def test_odds_tooltips_give_the_exact_fraction(panel) -> None:
    label = panel.odds.findChild(type(panel.net_label), "odds_tier3")
    assert label.text() == "10%"
    assert label.toolTip() == "exactly 1/10"


def test_a_seeded_roll_shows_the_tier_big_with_the_dice(qtbot, panel, rngs, repository) -> None:
    rngs.queue(seed_giving(9, 8))
    panel.characteristic.setValue(1)
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert panel.result.headline() == "Tier 3"
    assert panel.result.meaning() == "Success"
    assert panel.result.outcome == "tier3"
    assert "total 18" in panel.result.dice_text()
    assert "&nbsp;9&nbsp;" in panel.result.dice_text()
    (logged,) = repository.recent()
    assert logged.record.faces == (9, 8) and logged.record.total == 18
    assert logged.record.seed == rngs.used[0]


def test_doom_and_crit_are_spelled_out_not_only_coloured(panel, rngs) -> None:
    rngs.queue(seed_giving(1, 2), seed_giving(10, 9))
    panel.edges.setValue(3)
    panel.expertise.setChecked(True)
    panel.roll_test()
    assert panel.result.headline() == "DOOM · Tier 1"
    assert panel.result.outcome == "doom"
    assert "no expertise on a doom" in panel.result.note()
    assert panel.result.note().startswith("A natural 3 is a doom")
    panel.reset_modifiers()
    panel.characteristic.setValue(-5)
    panel.banes.setValue(2)
    panel.roll_test()
    assert panel.result.headline() == "CRIT · Tier 3"
    assert panel.result.outcome == "crit"
    assert panel.result.background() != panel.result.colours().doom


def test_bad_notation_shows_an_error_and_logs_nothing(qtbot, panel, repository) -> None:
    qtbot.keyClicks(panel.notation, "2d")
    qtbot.keyClick(panel.notation, Qt.Key.Key_Return)
    assert panel.notation_error_text().startswith("⚠ ")
    assert len(panel.notation_error_text()) > 4
    assert repository.count() == 0
    panel.notation.clear()
    qtbot.keyClicks(panel.notation, "3d6+1")
    assert panel.notation_error_text() == ""  # editing clears the old complaint
    panel.roll_notation()
    assert repository.count() == 1
    assert panel.result.headline().startswith("3d6+1 = ")


def test_quick_d100_and_usage_dice_are_logged(panel, repository) -> None:
    panel.roll_d100()
    assert panel.result.headline().startswith("d100: ")
    value = int(panel.result.headline().removeprefix("d100: "))
    assert 1 <= value <= 100
    panel.usage_dice_count.setValue(4)
    panel.roll_usage_dice()
    assert panel.result.headline().startswith("Usage dice: 4 → ")
    kinds = [roll.record.kind for roll in repository.recent()]
    assert kinds == ["usage_dice", "d100"]


def test_rolling_waits_for_the_service(qtbot) -> None:
    panel = DicePanel()
    qtbot.addWidget(panel)
    assert not panel.roll_button.isEnabled()
    with qtbot.waitSignal(panel.status_message) as message:
        panel.roll_test()
    assert "still opening" in message.args[0]
    assert panel.result.headline() == "Ready to roll"


def test_characteristic_reads_with_its_sign_and_takes_typed_values(qtbot, panel) -> None:
    panel.characteristic.setValue(2)
    assert panel.characteristic.text() == "+2"
    panel.characteristic.lineEdit().selectAll()
    qtbot.keyClicks(panel.characteristic, "-3")
    assert panel.characteristic.value() == -3
    panel.characteristic.lineEdit().selectAll()
    qtbot.keyClicks(panel.characteristic, "+4")
    assert panel.characteristic.value() == 4
    assert panel.odds.text() == odds_text(characteristic=4)
