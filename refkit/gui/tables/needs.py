"""What the tables feature needs read ahead at start-up (:mod:`refkit.present.startup`)."""

from refkit.present.startup import Needs, When

STARTUP_NEEDS = (
    Needs(
        When.SHOWN,
        gui=("refkit.gui.tables.install",),
        qt_free=("refkit.app.table_service", "refkit.store.table_store"),
    ),
    Needs(When.FRONT, gui=("refkit.gui.tables.editor",)),  # a tab behind the tables
)
