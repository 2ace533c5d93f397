"""What the dice feature needs read ahead at start-up (:mod:`refkit.present.startup`): its
panels' modules as the first frame paints (the panels are built right after it, on the GUI
thread, from what the worker imported), then what the dice service loads when it first rolls."""

from refkit.present.startup import Needs, When

STARTUP_NEEDS = (
    Needs(
        When.SHOWN,
        gui=(
            "refkit.gui.dice.panel",
            "refkit.gui.dice.roll_log_model",
            "refkit.gui.dice.roll_log_panel",
        ),
    ),
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
