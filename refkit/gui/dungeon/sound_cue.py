"""The warning sound of the dungeon-turn clock: the bundled chime through the platform's player.

The chime is ``resources/sounds/warning.wav``, made by :func:`synthesize_warning_tone` (a
two-note tone written with the standard ``wave`` module, so the file is our own). Refkit ships
no multimedia stack of its own (PySide6's Addons wheel is 417 MB), so the chime is played the
way the platform plays a file: ``winsound`` on Windows, ``afplay`` on macOS, and on Linux the
first of ``pw-play``, ``paplay`` or ``aplay`` found on the PATH. QtMultimedia's ``QSoundEffect``
is still used where no player program exists and the module happens to be installed.

Finding out whether a way can play is done quietly, once per session: a player runs detached
from the GUI thread with its output thrown away, and its exit code is the answer (``paplay`` with
no sound server and ``aplay`` with no card both exit 1, in about 25 ms; ``aplay -l`` would say 0
with no card at all, so it is no probe). QtMultimedia is first tried in a child process, because
loading it prints a dozen ``qt.multimedia`` lines and, with libpulse but no server, fails. A way
that fails is dropped for the rest of the session and the same cue is given by the next one,
down to ``QApplication.beep()``. A cue never raises and never prints: a missing sound must not
stop the clock or fill the terminal.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import logging
import math
import os
import shutil
import struct
import sys
import threading
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLoggingCategory, QObject, QUrl, Signal
from PySide6.QtWidgets import QApplication

from refkit.locate import ResourceMissingError, resource_path

log = logging.getLogger(__name__)

SAMPLE_RATE = 22_050
TONE_NOTES_HZ = (880.0, 1174.7)  # A5 then D6: a rising "ding-dong" that cuts through talk
NOTE_SECONDS = 0.16
PEAK = 0.6  # of full scale

# The chime lasts 0.32 s; a player still running long after that is stuck (a hung sound server)
# and is killed, and counted as unable to play.
PLAYER_TIMEOUT_SECONDS = 10.0

# Linux players in the order tried: PipeWire's, PulseAudio's (also served by pipewire-pulse),
# then plain ALSA. Each is called as ``name [options] FILE``.
LINUX_PLAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("pw-play", ()),
    ("paplay", ()),
    ("aplay", ("-q",)),
)

# Run as ``python -c QT_PROBE FILE``: exit 0 when QtMultimedia loads, has an audio output and
# can load the chime. Its output is thrown away; only the exit code is read.
QT_PROBE = """\
import sys
from PySide6.QtCore import QCoreApplication, QLoggingCategory, QTimer, QUrl
QLoggingCategory.setFilterRules("qt.multimedia.*=false")
app = QCoreApplication(["refkit-sound-probe"])
from PySide6.QtMultimedia import QMediaDevices, QSoundEffect
if not QMediaDevices.audioOutputs():
    raise SystemExit(3)
effect = QSoundEffect()
effect.setSource(QUrl.fromLocalFile(sys.argv[1]))
def settle():
    if effect.status() != QSoundEffect.Status.Loading:
        app.exit(0 if effect.status() == QSoundEffect.Status.Ready else 4)
effect.statusChanged.connect(settle)
QTimer.singleShot(0, settle)
QTimer.singleShot(3000, lambda: app.exit(5))
raise SystemExit(app.exec())
"""

# Starts ``argv`` without blocking and later calls the callback with True when it exited 0. The
# callback may be called from any thread; SoundCue brings the answer back to the GUI thread.
Runner = Callable[[Sequence[str], Callable[[bool], None]], None]


def synthesize_warning_tone() -> bytes:
    """The chime as a complete 16-bit mono WAV file (deterministic: same bytes every time)."""
    frames = bytearray()
    per_note = round(SAMPLE_RATE * NOTE_SECONDS)
    attack = round(SAMPLE_RATE * 0.008)
    for frequency in TONE_NOTES_HZ:
        for index in range(per_note):
            envelope = min(1.0, index / attack) * math.exp(-4.0 * index / per_note)
            # A touch of the second harmonic makes it sound like a bell rather than a test tone.
            phase = 2 * math.pi * frequency * index / SAMPLE_RATE
            sample = PEAK * envelope * (0.8 * math.sin(phase) + 0.2 * math.sin(2 * phase))
            frames += struct.pack("<h", round(sample * 32767))
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(bytes(frames))
    return buffer.getvalue()


def write_warning_tone(path: Path) -> None:
    """Write the chime to ``path`` (how ``resources/sounds/warning.wav`` was made)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(synthesize_warning_tone())


@dataclass(frozen=True)
class PlayerProgram:
    """A program of the platform that plays a sound file: ``command`` followed by the file."""

    name: str
    command: tuple[str, ...]


@dataclass(frozen=True)
class WindowsSound:
    """The standard library's ``winsound``, asynchronous, on Windows."""

    name: str = "winsound"


@dataclass(frozen=True)
class QtSoundEffect:
    """QtMultimedia's ``QSoundEffect``, when that optional module is installed."""

    name: str = "QSoundEffect"


SoundWay = PlayerProgram | WindowsSound | QtSoundEffect


def qt_multimedia_installed() -> bool:
    """Whether the QtMultimedia module exists (says nothing about whether it can load or play)."""
    try:
        return importlib.util.find_spec("PySide6.QtMultimedia") is not None
    except (ImportError, ValueError):
        return False


def find_sound_ways(
    platform: str = sys.platform,
    which: Callable[[str], str | None] = shutil.which,
    qt_multimedia: bool | None = None,
) -> list[SoundWay]:
    """The ways this machine may play the chime, best first (none of them tried yet)."""
    ways: list[SoundWay] = []
    if platform == "win32":
        ways.append(WindowsSound())
    elif platform == "darwin":
        if afplay := which("afplay"):
            ways.append(PlayerProgram("afplay", (afplay,)))
    else:
        for name, options in LINUX_PLAYERS:
            if program := which(name):
                ways.append(PlayerProgram(name, (program, *options)))
    if qt_multimedia is None:
        qt_multimedia = qt_multimedia_installed()
    if qt_multimedia:
        ways.append(QtSoundEffect())
    return ways


def run_quietly(
    argv: Sequence[str], done: Callable[[bool], None], *, timeout: float = PLAYER_TIMEOUT_SECONDS
) -> None:
    """Start ``argv`` with no terminal output; call ``done(exited 0)`` from a worker thread.

    Only the start happens on the caller's thread (a fork and exec, a few milliseconds); the
    wait is a daemon thread's, so the GUI never waits for a sound.
    """
    import subprocess  # here: the panel that owns the cue is built before any sound is due

    try:
        process = subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=True,
            start_new_session=os.name == "posix",  # a Ctrl+C in the terminal is not for it
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
        )
    except (OSError, ValueError):
        done(False)
        return

    def wait() -> None:
        try:
            played = process.wait(timeout=timeout) == 0
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            played = False
        done(played)

    threading.Thread(target=wait, name="refkit-sound-cue", daemon=True).start()


def _play_with_winsound(sound: Path) -> bool:
    import winsound  # Windows only

    flags = winsound.SND_FILENAME | winsound.SND_ASYNC | winsound.SND_NODEFAULT
    try:
        winsound.PlaySound(str(sound), flags)
    except RuntimeError:  # "Failed to play sound": no output device
        return False
    return True


def _quiet_sound_effect(parent: QObject, sound: Path) -> Any | None:
    """A QSoundEffect for ``sound`` in this process, with QtMultimedia's chatter turned off."""
    # Loading the module logs which optional libraries (PipeWire, VA-API…) it did not find.
    QLoggingCategory.setFilterRules("qt.multimedia.*=false")
    try:
        from PySide6.QtMultimedia import QSoundEffect
    except (ImportError, OSError) as error:
        log.info("QtMultimedia does not load (%s)", error)
        return None
    effect = QSoundEffect(parent)
    effect.setSource(QUrl.fromLocalFile(str(sound)))
    effect.setVolume(0.9)
    return effect


class SoundCue(QObject):
    """Plays the warning chime (or beeps). ``muted`` silences it; the visual cue stays.

    ``ways`` and ``runner`` are for tests: the ways to try (default: :func:`find_sound_ways` at
    first use) and how a player program is started (default: :func:`run_quietly`).
    """

    # (callback, played): a player's answer, sent from its worker thread to the GUI thread.
    _answer = Signal(object, bool)

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        sound: Path | None = None,
        ways: Sequence[SoundWay] | None = None,
        runner: Runner = run_quietly,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("sound_cue")
        self.muted = False
        self.played = 0  # how many cues were given (sound or beep), for tests and the log
        self.beeps = 0  # how many of them were beeps
        self._sound = sound
        self._ways: list[SoundWay] | None = None if ways is None else list(ways)
        self._runner = runner
        self._effect: Any | None = None
        self._prepared = False
        self._answer.connect(self._deliver)

    @property
    def backend(self) -> str:
        """``"sound"`` while a way to play the chime is left to use or try, else ``"beep"``."""
        self._prepare()
        return "sound" if self._ways else "beep"

    @property
    def way(self) -> str:
        """The name of the way the next cue is given by (``"paplay"``, …, or ``"beep"``)."""
        self._prepare()
        return self._ways[0].name if self._ways else "beep"

    def play(self) -> None:
        """Give the cue now (does nothing when muted). Returns at once; never raises."""
        if self.muted:
            return
        self._prepare()
        self.played += 1
        self._give()

    def _prepare(self) -> None:
        if self._prepared:
            return
        self._prepared = True
        try:
            self._sound = self._sound or resource_path("sounds", "warning.wav")
        except ResourceMissingError as error:
            log.warning("%s; warnings will beep", error)
            self._ways = []
            return
        if self._ways is None:
            self._ways = find_sound_ways()
        log.info("warning sound: %s", ", ".join(w.name for w in self._ways) or "beep only")

    def _give(self) -> None:
        """Sound this cue by the first way left; a way that cannot play passes it on."""
        if not self._ways:
            self._beep()
            return
        way = self._ways[0]

        def ended(played: bool) -> None:
            if played:
                return
            if self._ways and self._ways[0] is way:
                self._ways.pop(0)
                log.info("%s cannot play here; not trying it again this session", way.name)
            self._give()

        try:
            self._start(way, ended)
        except Exception:  # a sound problem must never reach the clock
            log.exception("%s failed", way.name)
            ended(False)

    def _start(self, way: SoundWay, ended: Callable[[bool], None]) -> None:
        assert self._sound is not None
        if isinstance(way, PlayerProgram):
            self._runner([*way.command, str(self._sound)], self._in_gui_thread(ended))
        elif isinstance(way, WindowsSound):
            ended(_play_with_winsound(self._sound))
        elif self._effect is not None:
            self._effect.play()
            ended(True)
        else:
            # First use: find out in a child process, so a failing or chatty load stays there.
            probe = [sys.executable, "-c", QT_PROBE, str(self._sound)]
            self._runner(probe, self._in_gui_thread(lambda ok: self._after_qt_probe(ok, ended)))

    def _after_qt_probe(self, loads: bool, ended: Callable[[bool], None]) -> None:
        effect = _quiet_sound_effect(self, self._sound) if loads and self._sound else None
        if effect is None:
            ended(False)
            return
        self._effect = effect
        effect.statusChanged.connect(self._effect_status_changed)
        effect.play()
        ended(True)

    def _effect_status_changed(self) -> None:
        effect = self._effect
        if effect is None or effect.status() != type(effect).Status.Error:
            return
        self._effect = None  # the output went away: the next way (or a beep) from now on
        if self._ways and isinstance(self._ways[0], QtSoundEffect):
            self._ways.pop(0)

    def _beep(self) -> None:
        self.beeps += 1
        try:
            QApplication.beep()
        except Exception:
            log.exception("the warning beep failed")

    def _in_gui_thread(self, callback: Callable[[bool], None]) -> Callable[[bool], None]:
        def answer(played: bool) -> None:
            # The cue may have been deleted while its player ran: then nobody is to be told.
            with contextlib.suppress(RuntimeError):
                self._answer.emit(callback, played)

        return answer

    def _deliver(self, callback: Callable[[bool], None], played: bool) -> None:
        callback(played)
