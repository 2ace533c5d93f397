"""The warning sound of the dungeon-turn clock: a short bundled chime, or a plain beep.

The chime is ``resources/sounds/warning.wav``, made by :func:`synthesize_warning_tone` (a
two-note tone written with the standard ``wave`` module, so the file is our own). It plays
through QtMultimedia's ``QSoundEffect`` when that module loads and an audio output exists;
otherwise — no multimedia libraries, no sound card, a headless test run — the cue falls back to
``QApplication.beep()`` without a warning. A cue never raises: a missing sound must not stop
the clock.
"""

from __future__ import annotations

import io
import logging
import math
import struct
import wave
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QUrl
from PySide6.QtWidgets import QApplication

from refkit.locate import ResourceMissingError, resource_path

log = logging.getLogger(__name__)

SAMPLE_RATE = 22_050
TONE_NOTES_HZ = (880.0, 1174.7)  # A5 then D6: a rising "ding-dong" that cuts through talk
NOTE_SECONDS = 0.16
PEAK = 0.6  # of full scale


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


def _load_sound_effect(parent: QObject, sound: Path) -> Any | None:
    """A ready QSoundEffect for ``sound``, or None when QtMultimedia or an output is missing."""
    try:
        from PySide6.QtMultimedia import QMediaDevices, QSoundEffect
    except (ImportError, OSError) as error:  # e.g. libpulse missing: no multimedia at all
        log.info("no QtMultimedia (%s); warnings will beep", error)
        return None
    try:
        if not QMediaDevices.audioOutputs():
            log.info("no audio output; warnings will beep")
            return None
        effect = QSoundEffect(parent)
        effect.setSource(QUrl.fromLocalFile(str(sound)))
        effect.setVolume(0.9)
        return effect
    except Exception as error:  # an audio backend that fails to start must not stop the app
        log.info("cannot prepare the warning sound (%s); warnings will beep", error)
        return None


class SoundCue(QObject):
    """Plays the warning chime (or beeps). ``muted`` silences it; the visual cue stays."""

    def __init__(self, parent: QObject | None = None, *, sound: Path | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sound_cue")
        self.muted = False
        self.played = 0  # how many cues were given (sound or beep), for tests and the log
        self._effect: Any | None = None
        self._prepared = False
        self._sound = sound

    @property
    def backend(self) -> str:
        """``"sound"`` when the chime plays through QtMultimedia, else ``"beep"``."""
        self._prepare()
        return "sound" if self._effect is not None else "beep"

    def _prepare(self) -> None:
        if self._prepared:
            return
        self._prepared = True
        try:
            sound = self._sound or resource_path("sounds", "warning.wav")
        except ResourceMissingError as error:
            log.warning("%s; warnings will beep", error)
            return
        self._effect = _load_sound_effect(self, sound)

    def play(self) -> None:
        """Give the cue now (does nothing when muted)."""
        if self.muted:
            return
        self._prepare()
        self.played += 1
        try:
            if self._effect is not None:
                self._effect.play()
            else:
                QApplication.beep()
        except Exception:  # never let a sound problem reach the clock
            log.exception("the warning sound failed")
