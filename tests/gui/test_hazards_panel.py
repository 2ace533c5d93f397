"""The hazard panel: falling, suffocation, toppling and harvest rolled for the referee, each roll
in the roll log (or, when it cannot be, said in the panel), docked through the panel registry."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from refkit.dice.records import RollRecord
from refkit.gui.dungeon.hazards_panel import HazardsPanel
from refkit.rules.dungeon.hazards import Size
from tests.gui.app_readiness import roll_log_open

AT = datetime(2030, 1, 1, tzinfo=UTC)


class RollLog:
    def __init__(self) -> None:
        self.records: list[RollRecord] = []
        self.answer: object = "logged"
        self.fails: Exception | None = None

    def __call__(self, record: RollRecord) -> object:
        if self.fails is not None:
            raise self.fails
        self.records.append(record)
        return self.answer


@pytest.fixture
def roll_log() -> RollLog:
    return RollLog()


@pytest.fixture
def panel(qtbot, roll_log: RollLog) -> Iterator[HazardsPanel]:
    panel = HazardsPanel(roll_log, make_rng=random.Random, now=lambda: AT)
    qtbot.addWidget(panel)
    panel.resize(420, 700)
    panel.show()
    qtbot.waitExposed(panel)
    yield panel


def choose(combo, size: Size) -> None:
    combo.setCurrentIndex(combo.findData(size))


def test_a_fall_rolls_a_d6_per_full_ten_feet_into_the_roll_log(panel, roll_log) -> None:
    panel.feet_spin.setValue(25)
    panel.fall_button.click()
    (record,) = roll_log.records
    assert (record.kind, record.expression, len(record.faces)) == (
        "hazard",
        "Fall of 25 ft: 2d6 piercing",
        2,
    )
    assert record.seed is not None
    assert random.Random(record.seed).randint(1, 6) == record.faces[0]  # the seed replays it
    assert panel.headline.text() == f"Fall of 25 ft: {record.summary}"
    assert "piercing damage" in panel.headline.text()
    assert panel.detail.text() == "In the roll log: Fall of 25 ft: 2d6 piercing"
    assert not panel.problem.isVisible()


def test_a_short_drop_and_a_held_breath_roll_nothing_and_log_nothing(panel, roll_log) -> None:
    panel.feet_spin.setValue(5)
    panel.fall_button.click()
    assert panel.headline.text() == "Fall of 5 ft: no damage"
    assert panel.detail.text() == "No dice to roll, so nothing goes to the roll log"
    panel.strength_spin.setValue(1)
    assert "Holds the breath 4 rounds; from round 5 on" in panel.breath_label.text()
    panel.round_spin.setValue(4)
    panel.breath_button.click()
    assert panel.headline.text() == "Suffocation, round 4: no damage"
    assert roll_log.records == []
    panel.round_spin.setValue(5)
    panel.breath_button.click()
    (record,) = roll_log.records
    assert record.faces[0] in range(1, 7) and "round 5" in record.expression


def test_toppling_says_what_it_takes_and_refuses_a_larger_creature(panel, roll_log) -> None:
    choose(panel.object_combo, Size.HUGE)
    choose(panel.creature_combo, Size.MEDIUM)
    choose(panel.toppler_combo, Size.MEDIUM)
    assert "an action and a Strength test with a double bane" in panel.effort_label.text()
    panel.topple_button.click()
    (record,) = roll_log.records
    assert len(record.faces) == 5 and record.expression.endswith("5d10")
    choose(panel.object_combo, Size.TINY)
    assert not panel.topple_button.isEnabled()
    assert "cannot fall on a larger Medium creature" in panel.effort_label.text()
    assert "a maneuver, no test" in panel.effort_label.text()
    choose(panel.object_combo, Size.HOLY_SHIT)
    choose(panel.toppler_combo, Size.TINY)
    # Too big for brute strength, but ropes and pulleys can (L789): no longer refused.
    assert "ropes, pulleys, crowbars or the like" in panel.effort_label.text()


def test_a_harvest_gives_parts_by_size(panel, roll_log) -> None:
    choose(panel.corpse_combo, Size.HOLY_SHIT)
    roll = panel.roll_harvest()
    assert roll is not None and roll.count == 4
    assert roll_log.records[-1].summary.split()[1] == "parts"


def test_a_roll_that_cannot_be_logged_is_said_in_the_panel(panel, roll_log) -> None:
    roll_log.fails = OSError("disk full")
    panel.harvest_button.click()
    assert panel.problem.isVisible()
    assert panel.problem.text() == "Rolled, but not written to the roll log: disk full"
    assert "parts" in panel.headline.text()  # the roll stands
    assert not panel.detail.text().startswith("In the roll log")
    roll_log.fails = None
    roll_log.answer = None  # the database is still opening
    panel.harvest_button.click()
    assert "still opening" in panel.problem.text()
    roll_log.answer = "logged"
    panel.harvest_button.click()
    assert not panel.problem.isVisible()


def test_the_panel_fits_a_short_screen_by_scrolling(panel) -> None:
    assert panel.minimumSizeHint().height() < 300


def test_docked_in_the_app_its_rolls_reach_the_real_roll_log(start_app, tmp_path) -> None:
    from refkit.gui.shell.panel_registry import PanelId

    app = start_app(tmp_path / "refkit.sqlite3", ready=roll_log_open)
    app.install_dungeon_panels()
    dock = app.panels.panel(PanelId.HAZARDS)
    assert dock.windowTitle() == "Hazards"
    assert dock in app.window.tabifiedDockWidgets(app.panels.panel(PanelId.EFFECTS))
    hazards = app.panels.widget(PanelId.HAZARDS, HazardsPanel)
    hazards.feet_spin.setValue(40)
    roll = hazards.roll_fall()
    assert roll is not None
    (logged,) = app.service.recent(kind="hazard")
    assert logged.record.expression == "Fall of 40 ft: 4d6 piercing"
    assert list(logged.record.faces) == list(roll.faces) and logged.source == "app"
