"""A Warriors of Krynn die kept as a TOML file of ``[[face]]`` tables (the battle die, the
skirmish die): the checks every such file gets, each game die reading its own faces."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

MIN_FACES, MAX_FACES = 2, 20
MAX_FILE_BYTES = 64 * 1024
"""Twenty faces take well under a kilobyte; a bigger file is not a die's table, and is not read."""

F = TypeVar("F")


def parse_die_file(
    text: str, source: str, read_face: Callable[[dict[str, Any], str], F]
) -> tuple[tuple[F, ...], bool, str]:
    """The faces (each read by ``read_face`` from its table and where it is), whether the table
    is marked verified, and its note; a mistake raises ValueError naming ``source`` (and the
    face)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{source}: not a valid TOML file ({error})") from None
    unknown = sorted(set(data) - {"verified", "note", "face"})
    if unknown:
        raise ValueError(f"{source}: unknown key {unknown[0]!r} (allowed: verified, note, face)")
    verified = data.get("verified", False)
    if not isinstance(verified, bool):
        raise ValueError(f"{source}: verified must be true or false")
    note = data.get("note", "")
    if not isinstance(note, str):
        raise ValueError(f"{source}: note must be text")
    raw = data.get("face")
    if not isinstance(raw, list) or not all(isinstance(face, dict) for face in raw):
        raise ValueError(f"{source}: no [[face]] tables")
    if not MIN_FACES <= len(raw) <= MAX_FACES:
        raise ValueError(f"{source}: a die needs {MIN_FACES} to {MAX_FACES} faces, got {len(raw)}")
    faces = tuple(read_face(face, f"{source}: face {n}") for n, face in enumerate(raw, start=1))
    return faces, verified, note.strip()


def read_die_file(path: Path, *, one_file: str, largest: str) -> str:
    """The text of the user's die file at ``path``; ValueError when it is not a file (``one_file``
    says what should be there) or larger than ``largest`` can be."""
    if not path.is_file():
        raise ValueError(f"{path} is not a file ({one_file} is one TOML file)")
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise ValueError(
            f"{path} is {size} bytes, larger than the {MAX_FILE_BYTES} bytes {largest} can be"
        )
    return path.read_text(encoding="utf-8")
