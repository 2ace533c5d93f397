"""The players' window: what the players may see, and never the referee's numbers."""

from __future__ import annotations

import re
from dataclasses import replace

from PySide6.QtCore import QSettings

from refkit.gui.dungeon.clock_widget import ClockMood
from refkit.gui.dungeon.players_window import (
    APPROACH_TEXT,
    PlayersOptions,
    PlayersWindow,
    choose_screen,
    players_view,
)
from refkit.rules.dungeon.clock import DungeonTurnClock, PendingEncounter
from refkit.rules.dungeon.effects import LightStatus, custom_effect, light, spell_duration

T0 = 1_900_000_000.0


def running_clock(dt_minutes: float = 30) -> DungeonTurnClock:
    return DungeonTurnClock.new(dt_minutes).start(T0, dungeon="Sunken chapel")


def test_view_counts_down_and_names_the_light_states_only() -> None:
    clock = running_clock()
    torch = light("t1", "torch", owner="Mara")
    lantern = replace(light("t2", "lantern"), usage_dice=1)
    candle = light("t3", "candle", lit=False)
    view = players_view(clock, [torch, lantern, candle, spell_duration("s1", "Ward", 3)], T0 + 61)
    assert view.dt == 1
    assert view.clock_text == "28:59"
    assert view.greed_percent == 30
    assert view.mood is ClockMood.RUNNING
    assert [(light.label, light.status) for light in view.lights] == [
        ("Mara’s torch", LightStatus.BURNING),
        ("Lantern", LightStatus.GUTTERING),
        ("Candle", LightStatus.OUT),
    ]


def test_view_says_paused_and_times_up() -> None:
    clock = running_clock(1)
    assert players_view(clock.pause(T0 + 10), [], T0 + 500).state_text == "Paused"
    assert players_view(clock.pause(T0 + 10), [], T0 + 500).clock_text == "00:50"
    up = players_view(clock, [], T0 + 61)
    assert (up.clock_text, up.mood, up.state_text) == ("00:00", ClockMood.TIME_UP, "Time's up")


def test_window_never_shows_usage_dice_encounter_numbers_or_rolls(qtbot) -> None:
    clock = running_clock().add_pending_encounter(
        PendingEncounter(dt=1, roll=7, en=6, immediate=False)
    )
    effects = [
        light("t1", "lantern", owner="Brannoc"),
        custom_effect("c1", "Poisoned blade", 4, "DT"),
        spell_duration("s1", "Ward of thorns", 3),
    ]
    window = PlayersWindow(PlayersOptions(full_screen=False))
    qtbot.addWidget(window)
    window.show_view(players_view(clock, effects, T0 + 125))
    window.show()
    qtbot.waitExposed(window)
    texts = window.visible_texts()
    assert APPROACH_TEXT in texts
    assert "27:55" in texts
    assert "Dungeon turn 1" in texts
    assert "Greed +30 %" in texts
    assert "Brannoc’s lantern" in texts and "burning" in texts
    joined = " ".join(texts)
    assert "Poisoned" not in joined and "Ward" not in joined  # not lights: referee only
    # Apart from the DT number, the greed step and the clock, no number at all reaches the screen.
    numbers = set(re.findall(r"\d+", joined.replace("27:55", "").replace("Greed +30 %", "")))
    assert numbers == {"1"}
    assert "UD" not in joined and "EN" not in joined.split()


def test_referee_chooses_what_is_shown(qtbot) -> None:
    clock = running_clock().add_pending_encounter(
        PendingEncounter(dt=1, roll=10, en=9, immediate=True)
    )
    window = PlayersWindow(
        PlayersOptions(show_greed=False, show_encounter=False, show_lights=False, full_screen=False)
    )
    qtbot.addWidget(window)
    window.show_view(players_view(clock, [light("t1", "torch")], T0))
    texts = window.visible_texts()
    assert APPROACH_TEXT not in texts
    assert not any("Greed" in text for text in texts)
    assert "burning" not in texts
    assert "30:00" in texts


def test_options_survive_in_settings_and_a_screen_is_always_found(settings: QSettings) -> None:
    options = PlayersOptions(show_lights=False, full_screen=False, screen_name="HDMI-1")
    options.save(settings)
    assert PlayersOptions.load(settings) == options
    assert PlayersOptions.load(QSettings()) == PlayersOptions()
    assert choose_screen("no such screen") is not None


def test_escape_leaves_full_screen(qtbot) -> None:
    window = PlayersWindow(PlayersOptions(full_screen=True))
    qtbot.addWidget(window)
    window.show_view(players_view(running_clock(), [], T0))
    window.place()
    qtbot.waitExposed(window)
    assert window.isFullScreen()
    qtbot.keyClick(window, "\x1b")
    assert not window.isFullScreen()
    assert not window.options().full_screen
