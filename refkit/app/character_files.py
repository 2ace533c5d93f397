"""Reading a ``*.crow.json`` file into a character, with no database behind it.

Kept apart from :mod:`refkit.app.character_service` (which imports the store, and so SQLAlchemy)
so that printing or checking a crow *file* from the command line loads only what it needs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from refkit.rules.character.file_format import (
    CharacterFileError,
    character_from_json,
    load_character_json,
)
from refkit.rules.character.model import Character
from refkit.rules.character.peers import PeerImport, read_peer
from refkit.rules.common.file_bounds import CHARACTER_FILE_BYTES
from refkit.rules.common.file_reading import UserFileError, read_user_file


def read_character_file(path: str | Path) -> Character:
    """The character in a ``*.crow.json`` file.

    Raises CharacterFileError naming the file when it is missing, a folder, unreadable, not
    UTF-8 text, not JSON, or not a version 1 character file.
    """
    text = read_character_text(Path(path))
    return load_character_json(text, str(path))


def read_importable_file(path: str | Path) -> tuple[Character, PeerImport | None]:
    """The crow in a ``*.crow.json`` file or in another Crows tool's file (The Nest's save, a
    DimitroffVodka or pirsqed Foundry actor), and what the import of the latter could not map.

    Raises CharacterFileError (or PeerFileError, also a DomainError and ValueError) naming the
    file and what is wrong.
    """
    return read_importable_text(read_character_text(Path(path)), str(path))


def read_importable_text(text: str, source: str) -> tuple[Character, PeerImport | None]:
    """:func:`read_importable_file` on the text ``source`` held (named in every refusal)."""
    data = _parsed(text, source)
    if isinstance(data, dict) and "format" not in data:
        found = read_peer(data, source)
        if found is not None:
            return found.character, found
    return character_from_json(data, source), None


def _parsed(text: str, source: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CharacterFileError(
            f"{source}: not JSON ({error.msg} at line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        raise CharacterFileError(
            f"{source}: lists or objects are nested too deeply to read"
        ) from None
    except ValueError as error:  # e.g. a number of over 4300 digits
        raise CharacterFileError(f"{source}: not a readable JSON file ({error})") from None


def read_character_text(path: Path) -> str:
    """The text of a character file (or a parties file beside it), as UTF-8.

    Only a regular file, at most 2 MB, opened without blocking: /dev/zero or a FIFO is refused at
    once instead of read forever.
    """
    try:
        data = read_user_file(path, limit=CHARACTER_FILE_BYTES, what="character file")
    except UserFileError as error:
        raise CharacterFileError(str(error)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CharacterFileError(
            f"{path}: not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start})"
        ) from None
