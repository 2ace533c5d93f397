"""The big clock: its text, repainting only on change, and the warning sound's fallback."""

from __future__ import annotations

import wave
from io import BytesIO

import pytest
from PySide6.QtCore import QRectF

from refkit.gui.dungeon.clock_widget import (
    BigClock,
    ClockMood,
    ClockTicker,
)
from refkit.gui.dungeon.sound_cue import SoundCue, synthesize_warning_tone
from refkit.locate import resource_path
from refkit.present.clock_text import clock_text, overdue_text


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(1800, "30:00"), (1799.2, "30:00"), (1799.0, "29:59"), (61, "01:01"), (0.3, "00:01"),
     (0, "00:00"), (-4, "00:00"), (3600, "60:00")],
)  # fmt: skip
def test_clock_text_rounds_up_so_zero_means_time_is_up(seconds: float, shown: str) -> None:
    assert clock_text(seconds) == shown


def test_overdue_text() -> None:
    assert overdue_text(0.4) == "+00:00"
    assert overdue_text(75.9) == "+01:15"


def test_ticker_signals_only_when_the_shown_text_changes(qtbot) -> None:
    now = [100.0]
    ticker = ClockTicker(lambda: clock_text(1800 - now[0]), interval_ms=10)
    seen: list[object] = []
    ticker.changed.connect(seen.append)
    ticker.poll(force=True)
    for step in range(8):  # four reads inside one second, then the next second
        now[0] += 0.25
        ticker.poll()
        assert ticker.reads == step + 2
    assert seen == ["28:20", "28:19", "28:18"]


def test_big_clock_repaints_only_when_its_text_or_mood_changes(qtbot) -> None:
    clock = BigClock()
    qtbot.addWidget(clock)
    clock.resize(400, 160)
    clock.show()
    qtbot.waitExposed(clock)
    clock.show_time("12:00", ClockMood.RUNNING)
    qtbot.waitUntil(lambda: clock.paints > 0)
    clock.repaint()
    painted = clock.paints
    for _ in range(5):
        clock.show_time("12:00", ClockMood.RUNNING)
    qtbot.wait(30)
    assert clock.paints == painted
    clock.show_time("11:59", ClockMood.RUNNING)
    qtbot.waitUntil(lambda: clock.paints > painted)


def test_the_time_is_drawn_as_large_as_its_box_allows(qtbot) -> None:
    clock = BigClock()
    qtbot.addWidget(clock)
    clock.show_time("29:59", ClockMood.RUNNING)
    small = clock.fitted_font(QRectF(0, 0, 300, 100)).pixelSize()
    large = clock.fitted_font(QRectF(0, 0, 1200, 400)).pixelSize()
    assert large >= 3.5 * small
    assert small >= 40


def test_bundled_warning_sound_is_our_synthesized_chime() -> None:
    data = resource_path("sounds", "warning.wav").read_bytes()
    assert data == synthesize_warning_tone()
    with wave.open(BytesIO(data)) as sound:
        seconds = sound.getnframes() / sound.getframerate()
        assert sound.getnchannels() == 1 and sound.getsampwidth() == 2
    assert 0.1 < seconds < 1.0


def test_sound_cue_falls_back_to_a_beep_quietly_when_there_is_no_audio(qtbot) -> None:
    cue = SoundCue()
    cue.play()  # headless: no audio device; must neither raise nor warn (Qt warnings fail tests)
    assert cue.played == 1
    assert cue.backend in ("sound", "beep")
    cue.muted = True
    cue.play()
    assert cue.played == 1
