"""What the window shows a player's login on a campaign on a server: their crows' sheet and board,
the crows and the party, the item catalogue and the lookup, the dice and the roll log, and the
players' window of the clock — no referee controls (the clock's and the fight's buttons, the
tables, the session log, the hazards, spells, crafting and travel). The server refuses a
player's referee step anyway; the window does not offer one.

Plain values (panel object names, action ids), so the rule is tested without a screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

PLAYER_PANELS: Final = frozenset(
    {
        "dice_dock",
        "roll_log_dock",
        "characters_dock",
        "character_sheet_dock",
        "item_catalogue_dock",
        "lookup_dock",
    }
)
"""The docks a player's window shows (by their object names)."""
PLAYER_ACTIONS_IN_REFEREE_MENUS: Final = frozenset({"players_window"})
"""The one entry of the referee's menus a player keeps: the players' window of the clock."""
REFEREE_MENUS: Final = ("&Dungeon", "F&ight", "&Travel")
"""The menus whose other entries are the referee's."""
PLAYER = "player"


def hidden_panels(role: str, panels: Iterable[str]) -> frozenset[str]:
    """The docks of ``panels`` the window keeps hidden for a login of ``role``."""
    if role != PLAYER:
        return frozenset()
    return frozenset(panel for panel in panels if panel not in PLAYER_PANELS)


def keeps_action(role: str, action_id: str) -> bool:
    """Whether a login of ``role`` is offered the action ``action_id`` of a referee's menu."""
    return role != PLAYER or action_id in PLAYER_ACTIONS_IN_REFEREE_MENUS


def role_note(role: str, login: str | None) -> str:
    """What the status bar says of the login ('' for the referee)."""
    if role != PLAYER:
        return ""
    who = f"the player {login}" if login else "a player"
    return f"Signed in as {who}: you change your own crows and roll dice; the rest is the referee's"
