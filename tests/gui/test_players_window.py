"""The players' window: what the players may see, and never the referee's numbers."""

from __future__ import annotations

import re

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

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
    lantern = light("t1", "lantern", owner="Mara")
    torch = light("t2", "torch")  # the card's one die: it burns until a DT end puts it out
    candle = light("t3", "candle", lit=False)
    view = players_view(clock, [lantern, torch, candle, spell_duration("s1", "Ward", 3)], T0 + 61)
    assert view.dt == 1
    assert view.clock_text == "28:59"
    assert view.greed_percent == 30
    assert view.mood is ClockMood.RUNNING
    assert [(light.label, light.status) for light in view.lights] == [
        ("Mara’s lantern", LightStatus.BURNING),
        ("Torch", LightStatus.BURNING),
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


def test_on_one_screen_it_opens_windowed_with_a_frame(qtbot) -> None:
    # The offscreen platform has one screen: the referee's laptop.
    window = PlayersWindow(PlayersOptions(full_screen=True))
    qtbot.addWidget(window)
    window.show_view(players_view(running_clock(), [], T0))
    window.place()
    qtbot.waitExposed(window)
    assert not window.isFullScreen()
    assert not window.windowFlags() & Qt.WindowType.FramelessWindowHint
    area = window.screen().availableGeometry()
    # Beside the referee's window, not over it: at most half of the screen.
    assert window.width() * window.height() <= area.width() * area.height() // 2
    assert area.contains(window.geometry())


def test_escape_always_returns_to_windowed_and_f11_never_leaves_it_frameless(qtbot) -> None:
    window = PlayersWindow(PlayersOptions(full_screen=False))
    qtbot.addWidget(window)
    window.show_view(players_view(running_clock(), [], T0))
    window.place()
    window.activateWindow()  # the window's keys are shortcuts: they need it active
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert window.isFullScreen()
    window.state_label.setFocus()  # a child has focus: Esc still reaches the window
    qtbot.keyClick(window.state_label, Qt.Key.Key_Escape)
    assert not window.isFullScreen()
    assert not window.options().full_screen
    for _ in range(2):  # F11 into full screen and out again
        qtbot.keyClick(window, Qt.Key.Key_F11)
    assert not window.isFullScreen()
    assert not window.windowFlags() & Qt.WindowType.FramelessWindowHint
    window.showMaximized()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.isMaximized()


def test_it_can_always_be_closed(qtbot) -> None:
    window = PlayersWindow(PlayersOptions(full_screen=False))
    qtbot.addWidget(window)
    window.place()
    window.activateWindow()  # the window's keys are shortcuts: they need it active
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert window.isFullScreen()
    with qtbot.waitSignal(window.closed, timeout=1000):
        qtbot.keyClick(window, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible()
    # The right-click menu offers the same ways out, for a full screen without a title bar.
    assert window.close_action in window.actions() and window.windowed_action in window.actions()


def test_the_referees_keys_work_from_it(qtbot) -> None:
    referee = QWidget()
    qtbot.addWidget(referee)
    fired: list[str] = []
    for key in ("F5", "F6", "Ctrl+Shift+P", "Escape"):
        action = QAction(key, referee)
        action.setShortcut(QKeySequence(key))
        action.triggered.connect(lambda _checked=False, key=key: fired.append(key))
        referee.addAction(action)
    window = PlayersWindow(PlayersOptions(full_screen=False), referee)
    qtbot.addWidget(window)
    window.place()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.keyClick(window, Qt.Key.Key_F6)
    qtbot.keyClick(
        window,
        Qt.Key.Key_P,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    qtbot.keyClick(window, Qt.Key.Key_Escape)  # the players' window's own key wins
    assert fired == ["F5", "F6", "Ctrl+Shift+P"]
