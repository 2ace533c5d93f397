"""The Crows-menu actions that act on the open crow, and their texts that name it.

There is one current crow: the one open on the sheet (choosing a row in the list opens it). Every
action listed here acts on that crow, so its menu text says which ("Export Wren Ashdown…") and it
waits, disabled, while no crow is open.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction

OPEN_CROW_ACTIONS: dict[str, tuple[str, str]] = {
    "crow_edit": ("&Edit {name}…", "&Edit the open crow…"),
    "crow_damage": ("&Damage {name}…", "&Damage the open crow…"),
    "crow_heal": ("&Heal {name}…", "&Heal the open crow…"),
    "crow_rest": ("Finish {name}'s &rest…", "Finish a &rest…"),
    "crow_draw": ("Dra&w from {name}'s pack…", "Dra&w from the pack…"),
    "crow_export": ("E&xport {name}…", "E&xport the open crow…"),
}
"""Action id: (text naming the crow, text while none is open)."""


def menu_name(name: str) -> str:
    """``name`` as menu text shows it: a '&' in the name is a letter, not a mnemonic."""
    return name.replace("&", "&&")


def name_open_crow_actions(action: Callable[[str], QAction], name: str | None) -> None:
    """Rename (and enable or disable) each open-crow action for the crow ``name`` (None: none)."""
    for action_id, (named, unnamed) in OPEN_CROW_ACTIONS.items():
        target = action(action_id)
        target.setText(unnamed if name is None else named.format(name=menu_name(name)))
        target.setEnabled(name is not None)
