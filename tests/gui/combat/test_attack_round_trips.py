"""The attack press in the running window stays within a frame budget: opening the attack window
reads the attacker's sheet once, and one roll makes few waits on the database worker (each wait
holds the press back; the soak measured 20 of them in one roll, ~250 ms a press on a filled
database)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer

from refkit.app.character_service import CharacterService
from refkit.gui.combat.attack_dialog import AttackDialog
from refkit.gui.combat.tracker import FightPanel
from refkit.gui.shell.panel_registry import PanelId
from refkit.gui.shell.worker import Worker
from tests.gui.app_readiness import OPEN_TIMEOUT_MS
from tests.gui.combat.fight_setup import has_fight, window_with_a_fight

MOST_WAITS_ON_OPEN = 1
"""The attacker's choices (weapons, expertises, Bury the Point) and the odds of the first pick, in
one wait (there were two: the odds read after the choices)."""
MOST_WAITS_PER_ROLL = 1
"""The attack made, its step done, the roll logged and the choices and odds offered again, in one
wait: its dice are rolled inside the step, and the window's reads after a step — the dungeon turn,
the open crow's held blessings — ride in the same job, and so do the roll logged and the next
choices and odds (the target down, the next foe's odds are read there too). The fight's crows
for the players' line and the tracker are read in the worker inside the step, and the roll log
catches up once per step without a wait. There were 15, then 9, then 4, then 2 (the roll logged
and the odds read again in a wait after the step's); the waits are counted where the GUI thread
waits on the worker."""
MOST_ATTACKER_READS_PER_ROLL = 3
"""The fight's crows (once for the players' line and the tracker), the choices and the odds
(there were ten)."""


class Counter:
    def __init__(self) -> None:
        self.waits = 0
        self.crow_reads: list[str] = []

    def reset(self) -> None:
        self.waits = 0
        self.crow_reads = []


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counter:
    counter = Counter()
    wait_for = Worker.wait_for
    get = CharacterService.get

    def counting_wait(self: Worker, function: Callable[..., Any], *args: Any) -> Any:
        if self._waits_here():  # the GUI thread waits (in the worker, or inline: no wait)
            counter.waits += 1
        return wait_for(self, function, *args)

    def counting_get(self: CharacterService, name: str) -> Any:
        counter.crow_reads.append(name)
        return get(self, name)

    monkeypatch.setattr(Worker, "wait_for", counting_wait)
    monkeypatch.setattr(CharacterService, "get", counting_get)
    return counter


def test_an_attack_press_reads_the_attacker_once_and_waits_on_the_worker_little(
    qtbot, start_app, tmp_path: Path, counted: Counter
) -> None:
    app, _tracker = window_with_a_fight(qtbot, start_app, tmp_path / "refkit.sqlite3")
    qtbot.wait(50)  # the refreshes the setting-up started are done

    counted.reset()
    app.panels.action("fight_attack").trigger()
    dialog = app.window.findChild(AttackDialog)
    assert dialog is not None and dialog.isVisible()
    attacker = dialog.attacker_combo.currentText()
    assert attacker == "Brannoc Tull" and dialog.prepared is not None
    assert counted.waits <= MOST_WAITS_ON_OPEN, counted.waits
    assert counted.crow_reads.count(attacker) <= 2, counted.crow_reads  # choices, then odds

    for _ in range(3):
        counted.reset()
        assert dialog.roll() is not None
        assert counted.waits <= MOST_WAITS_PER_ROLL, counted.waits
        reads = counted.crow_reads.count(attacker)
        assert reads <= MOST_ATTACKER_READS_PER_ROLL, counted.crow_reads
    dialog.close()


def test_the_tracker_follows_the_fight_and_the_crows_sheets_in_the_window(
    qtbot, start_app, tmp_path: Path
) -> None:
    """The window shows each change on the tracker and the players' line from one read of the
    crows (the tracker no longer listens on its own): a step and a sheet edit both show."""
    app = start_app(tmp_path / "refkit.sqlite3")
    qtbot.waitUntil(lambda: has_fight(app), timeout=OPEN_TIMEOUT_MS)
    tracker = app.panels.widget(PanelId.FIGHT, FightPanel)
    assert tracker.add_party()
    tracker.creature_combo.setCurrentText("Tunnel ghoul")
    assert tracker.add_creatures()
    assert tracker.new_round(die=9)
    assert tracker.turn_label.text() == "Brannoc Tull's turn"
    tracker.next_turn()
    assert tracker.turn_label.text() != "Brannoc Tull's turn"  # a step: shown at once
    stamina = tracker.rows["Brannoc Tull"].stamina_bar
    before = stamina.value()
    crows = app.character_panels.session
    crows.open("Brannoc Tull")
    crows.damage(1, piercing=True)  # on the sheet (through no armour), not a fight step
    qtbot.waitUntil(lambda: stamina.value() == before - 1)


def test_a_roll_on_the_open_crow_shows_it_from_the_steps_own_read(
    qtbot, start_app, tmp_path: Path, counted: Counter
) -> None:
    """A tunnel ghoul's attack on the crow open on the sheet: the sheet, its wounds to place and
    the crow list's line are shown from what was read in the step's own worker job — no wait of
    their own (they were told of the crow's save while the step was still being saved, and read
    it again then, two more waits a roll; the soak's slowest press)."""
    app, tracker = window_with_a_fight(qtbot, start_app, tmp_path / "refkit.sqlite3")
    crows = app.character_panels.session
    app.panels.widget(PanelId.CHARACTERS)  # the crow list and the sheet, as at the table
    app.panels.widget(PanelId.CHARACTER_SHEET)
    crows.open("Brannoc Tull")
    qtbot.wait(50)
    app.panels.action("fight_attack").trigger()
    dialog = app.window.findChild(AttackDialog)
    assert dialog is not None and dialog.isVisible()
    ghoul = next(f.name for f in tracker.session.state.combatants if not f.is_crow)
    dialog.attacker_combo.setCurrentIndex(dialog.attacker_combo.findText(ghoul))
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findText("Brannoc Tull"))
    assert dialog.target_combo.currentText() == "Brannoc Tull"
    qtbot.wait(50)
    for _ in range(12):
        before = crows.character()
        counted.reset()
        rolled: list[object] = []
        # Pressed in the running window: its event loop turns while the step is saved.
        QTimer.singleShot(0, lambda rolled=rolled: rolled.append(dialog.roll()))
        qtbot.waitUntil(lambda rolled=rolled: bool(rolled))
        qtbot.wait(20)  # whatever the step posted to the GUI thread is delivered
        assert rolled[0] is not None
        assert counted.waits <= MOST_WAITS_PER_ROLL, counted.waits
        after = crows.character()
        assert after is not None and before is not None
        if after != before:  # hit: the sheet shows the saved crow
            assert app.services.characters.get("Brannoc Tull") == after
    dialog.close()
