"""Reading a ``*.crow.json`` file into a character, with no database behind it.

Kept apart from :mod:`refkit.app.character_service` (which imports the store, and so SQLAlchemy)
so that printing or checking a crow *file* from the command line loads only what it needs.
"""

from __future__ import annotations

from pathlib import Path

from refkit.rules.character.file_format import CharacterFileError, load_character_json
from refkit.rules.character.model import Character
from refkit.rules.common.file_bounds import CHARACTER_FILE_BYTES
from refkit.rules.common.file_reading import UserFileError, read_user_file


def read_character_file(path: str | Path) -> Character:
    """The character in a ``*.crow.json`` file.

    Raises CharacterFileError naming the file when it is missing, a folder, unreadable, not
    UTF-8 text, not JSON, or not a version 1 character file.
    """
    text = read_character_text(Path(path))
    return load_character_json(text, str(path))


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
