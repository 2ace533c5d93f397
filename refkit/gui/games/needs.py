"""What the other games' panels need read ahead at start-up (:mod:`refkit.present.startup`)."""

from refkit.present.startup import Needs, When

STARTUP_NEEDS = (
    Needs(
        When.LATE,
        gui=("refkit.gui.games.hub", "refkit.gui.games.spec"),
        # The odds engine of the games' dice (Warcrow, Widowers Wood, Krynn) and of dice
        # notation: the Crows test's odds no longer load it, so the worker does, off the GUI
        # thread, before a game's panel first asks for odds.
        qt_free=("icepool",),
    ),
)
