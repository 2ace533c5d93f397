"""What the dice feature needs read ahead at start-up (:mod:`refkit.present.startup`); its
panels themselves are built before the first paint."""

from refkit.present.startup import Needs, When

STARTUP_NEEDS = (
    Needs(
        When.FRONT,
        qt_free=("refkit.rules.checks.odds", "refkit.app.dice_service"),  # odds: icepool
    ),
)
