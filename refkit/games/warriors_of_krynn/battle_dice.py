"""Warriors of Krynn battle dice: the face table (editable data, shipped as an unverified
placeholder), a virtual roll from it, and exact odds of a conflict from it (icepool)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import icepool

from refkit.games.warriors_of_krynn.die_file import parse_die_file, read_die_file
from refkit.locate import read_resource_text

RESOURCE = ("games", "warriors_of_krynn", "battle_dice.toml")
"""Where the shipped table lives under resources/, and where an override lives under the data
folder (the same relative path)."""
MAX_PER_FACE = 3
LABEL_LIMIT = 24
MAX_POOL = 40


@dataclass(frozen=True)
class BattleFace:
    hits: int
    woes: int
    label: str = ""

    def describe(self) -> str:
        if self.label:
            return self.label
        parts = [f"{self.hits} hit" + ("s" if self.hits != 1 else "")] if self.hits else []
        if self.woes:
            parts.append(f"{self.woes} woe" + ("s" if self.woes != 1 else ""))
        return " + ".join(parts) or "blank"


@dataclass(frozen=True)
class FaceTable:
    faces: tuple[BattleFace, ...]
    verified: bool
    note: str
    source: str


@dataclass(frozen=True)
class BattleRoll:
    faces: tuple[BattleFace, ...]

    @property
    def hits(self) -> int:
        return sum(face.hits for face in self.faces)

    @property
    def woes(self) -> int:
        return sum(face.woes for face in self.faces)


def parse_face_table(text: str, source: str) -> FaceTable:
    """Read a face table; a mistake raises ValueError naming ``source`` and the face."""
    faces, verified, note = parse_die_file(text, source, _face)
    return FaceTable(faces, verified, note, source)


def _face(raw: dict[str, Any], where: str) -> BattleFace:
    unknown = sorted(set(raw) - {"hits", "woes", "label"})
    if unknown:
        raise ValueError(f"{where}: unknown key {unknown[0]!r} (allowed: hits, woes, label)")
    counts = []
    for key in ("hits", "woes"):
        value = raw.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{where}: {key} must be a whole number, got {value!r}")
        if not 0 <= value <= MAX_PER_FACE:
            raise ValueError(f"{where}: {key} must be 0 to {MAX_PER_FACE}, got {value}")
        counts.append(value)
    label = raw.get("label", "")
    if not isinstance(label, str) or len(label) > LABEL_LIMIT:
        raise ValueError(f"{where}: label must be text of at most {LABEL_LIMIT} characters")
    return BattleFace(counts[0], counts[1], label.strip())


def load_face_table(override: Path | None = None) -> FaceTable:
    """The user's table at ``override`` when given, else the shipped placeholder."""
    if override is not None:
        text = read_die_file(override, one_file="a face table", largest="a face table")
        return parse_face_table(text, str(override))
    return parse_face_table(read_resource_text(*RESOURCE), "resources/" + "/".join(RESOURCE))


def face_table_text(table: FaceTable) -> str:
    """``table`` written in the file's shape (what the panel saves as the user's override)."""
    lines = [
        "# Warriors of Krynn battle die faces, edited in Refkit.",
        f"verified = {'true' if table.verified else 'false'}",
        f"note = {_toml_string(table.note)}",
    ]
    for face in table.faces:
        lines += ["", "[[face]]", f"label = {_toml_string(face.label)}"]
        lines += [f"hits = {face.hits}", f"woes = {face.woes}"]
    return "\n".join(lines) + "\n"


def _toml_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(ch if ch.isprintable() else " " for ch in escaped) + '"'


def _pool_size(count: int) -> int:
    if not 1 <= count <= MAX_POOL:
        raise ValueError(f"a battle roll takes 1 to {MAX_POOL} dice, got {count}")
    return count


def check_counts(table: FaceTable, dice: int, *, hits: int, woes: int) -> None:
    """Refuse hits or woes that ``dice`` battle dice cannot show: each die shows one face, so no
    more per die than the table's best face when the table is marked verified, and never more
    than any face may carry (the shipped table is a placeholder: real dice may differ)."""
    for name, count, best in (
        ("hits", hits, max(face.hits for face in table.faces)),
        ("woes", woes, max(face.woes for face in table.faces)),
    ):
        most = best if table.verified else MAX_PER_FACE
        if count > dice * most:
            whose = "a face of your verified table" if table.verified else "a battle die's face"
            raise ValueError(
                f"{name}: {_plural(dice, 'battle die', 'battle dice')} can show at most "
                f"{dice * most} {name} ({whose} shows {most} at most), not {count}"
            )


def _plural(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def roll_battle_dice(table: FaceTable, count: int, rng: random.Random) -> BattleRoll:
    """A virtual roll of ``count`` battle dice from the face table."""
    return BattleRoll(tuple(rng.choice(table.faces) for _ in range(_pool_size(count))))


@dataclass(frozen=True)
class ConflictOdds:
    success: Fraction
    overkill: Fraction
    any_woe: Fraction


def conflict_odds(table: FaceTable, dice: int, difficulty: int) -> ConflictOdds:
    """Exact chances, from the face table, of reaching the difficulty, of beating it, and of at
    least one woe."""
    _pool_size(dice)
    hits = icepool.Die([face.hits for face in table.faces])
    total = dice @ hits
    no_woe = Fraction(sum(1 for f in table.faces if f.woes == 0), len(table.faces)) ** dice
    return ConflictOdds(
        success=Fraction(total.probability(">=", difficulty)),
        overkill=Fraction(total.probability(">", difficulty)),
        any_woe=1 - no_woe,
    )


def faces_from_rows(
    rows: Sequence[tuple[int, int, str]], *, verified: bool, note: str
) -> FaceTable:
    """A table from edited rows (hits, woes, label), checked as a file would be."""
    text = face_table_text(
        FaceTable(tuple(BattleFace(h, w, label) for h, w, label in rows), verified, note, "")
    )
    return parse_face_table(text, "the face table")
