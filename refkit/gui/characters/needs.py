"""What the crows' feature needs read ahead at start-up (:mod:`refkit.present.startup`)."""

from refkit.present.startup import Needs, When

STARTUP_NEEDS = (
    # The sheet asks for the open crow's held blessings as soon as the crow is shown.
    Needs(When.FRONT, qt_free=("refkit.app.party.blessings",)),
    Needs(When.LATE, gui=("refkit.gui.characters.install",)),
)
