"""The Warriors of Krynn skirmish die: which line fights in a skirmish and whether the Commander
symbol shows. Its faces are editable data (the reference does not give them; the shipped ones are
an unverified placeholder), rolled with an injected random source, with exact odds."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from refkit.games.warriors_of_krynn.battle import LINES
from refkit.games.warriors_of_krynn.die_file import parse_die_file, read_die_file
from refkit.locate import read_resource_text

RESOURCE = ("games", "warriors_of_krynn", "skirmish_die.toml")


@dataclass(frozen=True)
class SkirmishFace:
    line: str
    commander: bool

    def describe(self) -> str:
        return self.line + (" + Commander symbol" if self.commander else "")


@dataclass(frozen=True)
class SkirmishDie:
    faces: tuple[SkirmishFace, ...]
    verified: bool
    note: str
    source: str

    def face(self, number: int) -> SkirmishFace:
        """Face ``number`` (1 = the first in the table), as the real die showed it."""
        if not 1 <= number <= len(self.faces):
            raise ValueError(f"the skirmish die has faces 1 to {len(self.faces)}, not {number}")
        return self.faces[number - 1]

    def roll(self, rng: random.Random) -> tuple[int, SkirmishFace]:
        """A virtual roll: the face number and the face."""
        number = rng.randrange(len(self.faces)) + 1
        return number, self.faces[number - 1]

    def line_chances(self) -> dict[str, Fraction]:
        """The exact chance of each line fighting (every face equally likely)."""
        size = len(self.faces)
        return {
            line: Fraction(sum(1 for face in self.faces if face.line == line), size)
            for line in LINES
        }

    def commander_chance(self) -> Fraction:
        return Fraction(sum(1 for face in self.faces if face.commander), len(self.faces))


def parse_skirmish_die(text: str, source: str) -> SkirmishDie:
    """Read a skirmish die table; a mistake raises ValueError naming ``source`` and the face."""
    faces, verified, note = parse_die_file(text, source, _face)
    return SkirmishDie(faces, verified, note, source)


def _face(raw: dict[str, Any], where: str) -> SkirmishFace:
    unknown = sorted(set(raw) - {"line", "commander"})
    if unknown:
        raise ValueError(f"{where}: unknown key {unknown[0]!r} (allowed: line, commander)")
    line = raw.get("line")
    if line not in LINES:
        raise ValueError(f"{where}: line must be one of {', '.join(LINES)}, got {line!r}")
    commander = raw.get("commander", False)
    if not isinstance(commander, bool):
        raise ValueError(f"{where}: commander must be true or false, got {commander!r}")
    return SkirmishFace(line, commander)


def load_skirmish_die(override: Path | None = None) -> SkirmishDie:
    """The user's skirmish die at ``override`` when given, else the shipped placeholder."""
    if override is not None:
        text = read_die_file(override, one_file="a skirmish die", largest="a die table")
        return parse_skirmish_die(text, str(override))
    return parse_skirmish_die(read_resource_text(*RESOURCE), "resources/" + "/".join(RESOURCE))
