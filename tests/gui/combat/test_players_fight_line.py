"""The players' window shows the fight: the round, whose side acts, and each combatant as the
players see it ("wounded", "down"), never Stamina or AD; no fight, no line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from refkit.app.combat.fight_view import players_fight
from refkit.compose import Services
from tests.gui.dungeon_helpers import make_rig, opened_turn_panel


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as built:
        yield built


def test_the_players_window_shows_the_fight_as_the_players_see_it(
    qtbot, settings: QSettings, services: Services
) -> None:
    fight = services.fight
    fight.add_creatures("Tunnel ghoul", 2).do()
    fight.add_crows(["Wren Ashdown"]).do()
    fight.damage("Tunnel ghoul 1", 4)[0].do()
    fight.damage("Tunnel ghoul 2", 30)[0].do()
    fight.start_round(die=2).do()
    rig = make_rig()
    with opened_turn_panel(qtbot, rig, settings) as panel:
        # Told before the window exists: it shows the fight as soon as it opens.
        panel.set_players_fight(players_fight(fight.state, services.characters.get))
        panel.settings_box.full_screen_check.setChecked(False)
        panel.players_button.click()
        window = panel.players_window
        assert window is not None
        shown = [text for text in window.visible_texts() if "Round" in text]
        assert shown == [
            "Round 1 · The enemies act\nTunnel ghoul 1 (wounded), Tunnel ghoul 2 (down), "
            "Wren Ashdown"
        ]
        assert not any("Stamina" in text or "AD " in text for text in window.visible_texts())
        panel.set_players_fight(None)  # the fight is over
        assert not window.fight_label.isVisible()
