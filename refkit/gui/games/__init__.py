"""The other games' panels: one sub-package per game, found at start-up and shown as tabs.

A game's GUI package (``refkit.gui.games.<id>``) exposes ``GAME_PANEL``, a :class:`GamePanel`;
adding a game's screen means adding its package, nothing else (see :mod:`.spec`).
"""
