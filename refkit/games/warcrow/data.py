"""Where the Warcrow dice table comes from: the shipped file, or the user's copy beside it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from refkit.games.warcrow.dice import DiceFaces, load_dice_faces
from refkit.locate import read_resource_text

MAX_TABLE_BYTES = 256 * 1024
"""A dice table is a few kilobytes; anything past this is not one, and is refused unread."""

DICE_FILE = ("games", "warcrow", "dice.toml")
"""The table's path under resources/, and under the data folder for the user's own copy."""


@cache
def shipped_faces() -> DiceFaces:
    """The community-sourced faces that ship with Refkit."""
    return load_dice_faces(
        read_resource_text(*DICE_FILE), origin="resources/games/warcrow/dice.toml"
    )


def user_faces_path(data_folder: Path) -> Path:
    return data_folder.joinpath(*DICE_FILE)


def dice_faces(data_folder: Path | None = None) -> DiceFaces:
    """The user's table in ``data_folder`` when there is one, else the shipped one.

    A user file that cannot be read or is ill-formed is a ValueError naming the file, never a
    silent fall back to the shipped faces.
    """
    if data_folder is not None:
        path = user_faces_path(data_folder)
        if path.exists():
            if not path.is_file():
                raise ValueError(f"{path}: is not a file; the dice table must be a TOML file")
            size = path.stat().st_size
            if size > MAX_TABLE_BYTES:
                raise ValueError(
                    f"{path}: {size} bytes is too large for a dice table "
                    f"(at most {MAX_TABLE_BYTES})"
                )
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                raise ValueError(f"{path}: cannot read the dice table ({error})") from None
            return load_dice_faces(text, origin=str(path))
    return shipped_faces()
