"""The warning chime: which player is tried, how quietly a failure is found, the beep fallback."""

from __future__ import annotations

import enum
import functools
import shutil
import sys
import threading
import types
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar

import pytest
from PySide6.QtCore import QObject, QThread, Signal

from refkit.gui.dungeon import sound_cue as sound_cue_module
from refkit.gui.dungeon.sound_cue import (
    LINUX_PLAYERS,
    PlayerProgram,
    QtSoundEffect,
    SoundCue,
    WindowsSound,
    find_sound_ways,
    run_quietly,
)

PYTHON = sys.executable


class FakeRunner:
    """Plays nothing: answers each start at once, as ``verdicts`` says for the program's name."""

    def __init__(self, verdicts: dict[str, bool]) -> None:
        self.verdicts = verdicts
        self.started: list[list[str]] = []

    def __call__(self, argv: Sequence[str], done: Callable[[bool], None]) -> None:
        self.started.append(list(argv))
        done(self.verdicts[Path(argv[0]).name])

    @property
    def programs(self) -> list[str]:
        return [Path(argv[0]).name for argv in self.started]


def players(*names: str) -> list[PlayerProgram]:
    return [PlayerProgram(name, (f"/usr/bin/{name}",)) for name in names]


def python_player(name: str, code: str) -> PlayerProgram:
    """A stand-in player: this Python running ``code`` (the chime's path arrives as argv[1])."""
    return PlayerProgram(name, (PYTHON, "-c", code))


def on_path(*names: str) -> Callable[[str], str | None]:
    return lambda name: f"/usr/bin/{name}" if name in names else None


def test_linux_tries_pipewire_then_pulseaudio_then_alsa_whichever_are_installed() -> None:
    ways = find_sound_ways("linux", on_path("aplay", "paplay"), qt_multimedia=False)
    assert ways == [
        PlayerProgram("paplay", ("/usr/bin/paplay",)),
        PlayerProgram("aplay", ("/usr/bin/aplay", "-q")),
    ]
    every = find_sound_ways("linux", on_path(*(name for name, _ in LINUX_PLAYERS)), False)
    assert [way.name for way in every] == ["pw-play", "paplay", "aplay"]


def test_qt_multimedia_comes_after_the_players_and_only_when_installed() -> None:
    assert find_sound_ways("linux", on_path(), qt_multimedia=False) == []
    assert find_sound_ways("linux", on_path(), qt_multimedia=True) == [QtSoundEffect()]
    assert [w.name for w in find_sound_ways("linux", on_path("aplay"), qt_multimedia=True)] == [
        "aplay",
        "QSoundEffect",
    ]


def test_windows_uses_winsound_and_macos_afplay() -> None:
    assert find_sound_ways("win32", on_path(), qt_multimedia=False) == [WindowsSound()]
    assert find_sound_ways("darwin", on_path("afplay"), qt_multimedia=False) == [
        PlayerProgram("afplay", ("/usr/bin/afplay",))
    ]


def test_the_chime_goes_to_the_player_with_the_bundled_file(qtbot) -> None:
    runner = FakeRunner({"paplay": True})
    cue = SoundCue(ways=players("paplay"), runner=runner)
    cue.play()
    assert runner.started == [
        ["/usr/bin/paplay", str(sound_cue_module.resource_path("sounds", "warning.wav"))]
    ]
    assert (cue.played, cue.beeps, cue.backend, cue.way) == (1, 0, "sound", "paplay")


def test_a_player_that_cannot_play_passes_the_cue_on_and_is_never_tried_again(qtbot) -> None:
    runner = FakeRunner({"pw-play": False, "paplay": False, "aplay": True})
    cue = SoundCue(ways=players("pw-play", "paplay", "aplay"), runner=runner)
    cue.play()
    assert runner.programs == ["pw-play", "paplay", "aplay"]  # the first cue still sounds
    cue.play()
    cue.play()
    assert runner.programs == ["pw-play", "paplay", "aplay", "aplay", "aplay"]
    assert (cue.played, cue.beeps, cue.way) == (3, 0, "aplay")


def test_when_nothing_can_play_it_beeps_for_the_rest_of_the_session(qtbot) -> None:
    runner = FakeRunner({"paplay": False, "aplay": False})
    cue = SoundCue(ways=players("paplay", "aplay"), runner=runner)
    assert cue.backend == "sound"  # nothing has been tried yet
    cue.play()
    assert (cue.beeps, cue.backend, cue.way) == (1, "beep", "beep")
    cue.play()
    assert runner.programs == ["paplay", "aplay"]  # found out once, at the first cue
    assert (cue.played, cue.beeps) == (2, 2)


def test_muted_gives_no_cue_at_all(qtbot) -> None:
    runner = FakeRunner({"paplay": True})
    cue = SoundCue(ways=players("paplay"), runner=runner)
    cue.muted = True
    cue.play()
    assert (runner.started, cue.played, cue.beeps) == ([], 0, 0)


def test_a_missing_sound_file_beeps(qtbot, monkeypatch) -> None:
    def missing(*parts: str) -> Path:
        raise sound_cue_module.ResourceMissingError("sounds/warning.wav is missing")

    monkeypatch.setattr(sound_cue_module, "resource_path", missing)
    runner = FakeRunner({"paplay": True})
    cue = SoundCue(ways=players("paplay"), runner=runner)
    cue.play()
    assert (runner.started, cue.beeps, cue.backend) == ([], 1, "beep")


def test_a_real_failing_player_is_found_out_off_the_gui_thread_and_silently(qtbot, capfd) -> None:
    noisy_failure = python_player(
        "noisy", "import sys; print('Connection failure: refused', file=sys.stderr); sys.exit(1)"
    )
    answered_on: list[bool] = []
    cue = SoundCue(ways=[noisy_failure])
    beep = cue._beep

    def beep_and_note_the_thread() -> None:
        answered_on.append(QThread.currentThread() is cue.thread())
        beep()

    cue._beep = beep_and_note_the_thread
    cue.play()
    assert cue.beeps == 0  # play() returned before the player ended: the answer comes later
    qtbot.waitUntil(lambda: cue.beeps == 1, timeout=30_000)
    assert answered_on == [True]
    assert cue.backend == "beep"
    captured = capfd.readouterr()
    assert (captured.out, captured.err) == ("", "")


def test_a_real_player_that_plays_is_kept(qtbot) -> None:
    finished = threading.Event()
    runner_done: list[bool] = []

    def runner(argv: Sequence[str], done: Callable[[bool], None]) -> None:
        def note(played: bool) -> None:
            runner_done.append(played)
            done(played)
            finished.set()

        run_quietly(argv, note)

    cue = SoundCue(
        ways=[python_player("plays", "import sys, pathlib; pathlib.Path(sys.argv[1]).stat()")],
        runner=runner,
    )
    cue.play()
    assert finished.wait(30)
    qtbot.wait(20)  # let the answer cross back to the GUI thread
    assert runner_done == [True]
    assert (cue.beeps, cue.way) == (0, "plays")


def test_a_stuck_player_is_killed_and_counts_as_unable_to_play(qtbot) -> None:
    stuck = python_player("stuck", "import time; time.sleep(120)")
    cue = SoundCue(ways=[stuck], runner=functools.partial(run_quietly, timeout=0.3))
    cue.play()
    qtbot.waitUntil(lambda: cue.beeps == 1, timeout=30_000)
    assert cue.backend == "beep"


def test_a_player_that_cannot_even_start_beeps_at_once(qtbot, tmp_path) -> None:
    cue = SoundCue(ways=[PlayerProgram("gone", (str(tmp_path / "no-such-player"),))])
    cue.play()
    assert (cue.beeps, cue.backend) == (1, "beep")


class FakeSoundEffect(QObject):
    """Stands in for QtMultimedia's QSoundEffect, which the test machine need not have."""

    class Status(enum.Enum):
        Null = 0
        Loading = 1
        Ready = 2
        Error = 3

    statusChanged = Signal()
    made: ClassVar[list[FakeSoundEffect]] = []

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.plays = 0
        self.source = None
        self.state = FakeSoundEffect.Status.Ready
        FakeSoundEffect.made.append(self)

    def setSource(self, url) -> None:
        self.source = url.toLocalFile()

    def setVolume(self, volume: float) -> None:
        self.volume = volume

    def status(self) -> FakeSoundEffect.Status:
        return self.state

    def play(self) -> None:
        self.plays += 1

    def fail(self) -> None:
        self.state = FakeSoundEffect.Status.Error
        self.statusChanged.emit()


@pytest.fixture
def fake_qt_multimedia(monkeypatch) -> type[FakeSoundEffect]:
    module = types.ModuleType("PySide6.QtMultimedia")
    module.QSoundEffect = FakeSoundEffect  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "PySide6.QtMultimedia", module)
    FakeSoundEffect.made = []
    return FakeSoundEffect


def test_qt_multimedia_is_loaded_only_after_a_child_process_says_it_can_play(
    qtbot, fake_qt_multimedia
) -> None:
    runner = FakeRunner({Path(PYTHON).name: True})
    cue = SoundCue(ways=[QtSoundEffect()], runner=runner)
    cue.play()
    assert len(runner.started) == 1 and runner.started[0][1] == "-c"  # the quiet probe
    assert runner.started[0][-1].endswith("warning.wav")
    [effect] = fake_qt_multimedia.made
    assert effect.plays == 1 and effect.source.endswith("warning.wav")
    cue.play()
    assert (len(runner.started), effect.plays, cue.beeps) == (1, 2, 0)  # probed once


def test_qt_multimedia_that_cannot_play_is_never_loaded_here(qtbot, fake_qt_multimedia) -> None:
    runner = FakeRunner({Path(PYTHON).name: False})
    cue = SoundCue(ways=[QtSoundEffect()], runner=runner)
    cue.play()
    cue.play()
    assert fake_qt_multimedia.made == []
    assert (len(runner.started), cue.beeps, cue.backend) == (1, 2, "beep")


def test_a_sound_effect_whose_output_fails_later_gives_way_to_a_beep(
    qtbot, fake_qt_multimedia
) -> None:
    cue = SoundCue(ways=[QtSoundEffect()], runner=FakeRunner({Path(PYTHON).name: True}))
    cue.play()
    fake_qt_multimedia.made[0].fail()
    cue.play()
    assert (cue.beeps, cue.backend) == (1, "beep")


def test_the_qt_probe_script_is_valid_python() -> None:
    compile(sound_cue_module.QT_PROBE, "<QT_PROBE>", "exec")


REAL_PLAYERS = [name for name, _ in LINUX_PLAYERS if shutil.which(name)]


@pytest.mark.slow
@pytest.mark.skipif(not REAL_PLAYERS, reason="no pw-play, paplay or aplay installed")
def test_the_real_players_with_no_sound_server_fall_back_to_a_beep_silently(
    qtbot, capfd, monkeypatch, tmp_path
) -> None:
    # Make sure no server or card is reachable, even on a desktop that has them.
    monkeypatch.setenv("PULSE_SERVER", f"unix:{tmp_path / 'no-pulse-server'}")
    monkeypatch.setenv("PIPEWIRE_REMOTE", str(tmp_path / "no-pipewire-server"))
    monkeypatch.setenv("PIPEWIRE_RUNTIME_DIR", str(tmp_path))
    monkeypatch.setenv("ALSA_CARD", "refkit-no-such-card")
    ways = [w for w in find_sound_ways(qt_multimedia=False) if w.name in REAL_PLAYERS]
    started: list[str] = []

    def runner(argv: Sequence[str], done: Callable[[bool], None]) -> None:
        started.append(Path(argv[0]).name)
        run_quietly(argv, done)

    cue = SoundCue(ways=ways, runner=runner)
    cue.play()
    qtbot.waitUntil(lambda: cue.beeps == 1, timeout=30_000)
    assert started == REAL_PLAYERS  # each tried once, in order
    cue.play()
    assert (cue.beeps, started) == (2, REAL_PLAYERS)  # the rest of the session just beeps
    captured = capfd.readouterr()
    assert (captured.out, captured.err) == ("", "")


@pytest.mark.slow
@pytest.mark.skipif(
    not sound_cue_module.qt_multimedia_installed(), reason="QtMultimedia is not installed"
)
def test_the_real_qt_multimedia_with_no_sound_server_is_found_out_silently(
    qtbot, capfd, monkeypatch, tmp_path
) -> None:
    monkeypatch.setenv("PULSE_SERVER", f"unix:{tmp_path / 'no-pulse-server'}")
    monkeypatch.setenv("PIPEWIRE_REMOTE", str(tmp_path / "no-pipewire-server"))
    cue = SoundCue(ways=[QtSoundEffect()])
    cue.play()
    qtbot.waitUntil(lambda: cue.beeps == 1, timeout=60_000)
    assert cue.backend == "beep"
    captured = capfd.readouterr()
    assert (captured.out, captured.err) == ("", "")
