"""What printing needs read ahead at start-up (:mod:`refkit.present.startup`)."""

from refkit.present.startup import Needs, When

STARTUP_NEEDS = (Needs(When.LATE, gui=("refkit.gui.export.install",)),)
