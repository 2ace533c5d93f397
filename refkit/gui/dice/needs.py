"""What the dice feature needs read ahead at start-up (:mod:`refkit.present.startup`); its
panels themselves are built before the first paint."""

from refkit.present.startup import Needs, When

STARTUP_NEEDS = (
    Needs(
        When.FRONT,
        # the service loads each roll's rules when it first rolls one: loaded here instead
        qt_free=(
            "refkit.rules.checks.odds",
            "refkit.app.dice_service",
            "refkit.rules.checks.d100",
            "refkit.rules.checks.conditions",
            "refkit.present.test_text",
        ),
    ),
)
