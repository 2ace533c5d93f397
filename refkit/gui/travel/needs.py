"""What the travel screens need read ahead at start-up (:mod:`refkit.present.startup`)."""

from refkit.present.startup import Needs, When

STARTUP_NEEDS = (
    Needs(
        When.LATE,
        gui=("refkit.gui.travel.install",),
        qt_free=("refkit.app.travel.wiring", "refkit.app.travel.travel_service"),
    ),
)
