"""What the fight tracker needs read ahead at start-up (:mod:`refkit.present.startup`)."""

from refkit.present.startup import Needs, When

STARTUP_NEEDS = (
    Needs(
        When.LATE,
        gui=("refkit.gui.combat.install",),
        qt_free=("refkit.app.combat.on_database",),
    ),
)
