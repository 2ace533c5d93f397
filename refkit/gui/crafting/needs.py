"""What the Crafting panel needs read ahead at start-up (:mod:`refkit.present.startup`)."""

from refkit.present.startup import Needs, When

STARTUP_NEEDS = (
    Needs(
        When.LATE,
        gui=("refkit.gui.crafting.install",),
        qt_free=("refkit.app.crafting.service", "refkit.store.crafting_store"),
    ),
)
