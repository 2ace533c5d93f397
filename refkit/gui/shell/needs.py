"""What the window itself needs read ahead at start-up (:mod:`refkit.present.startup`)."""

from refkit.present.startup import Needs, When

STARTUP_NEEDS = (
    Needs(
        When.FRONT,
        gui=(
            "refkit.gui.shell.file_gone_bar",  # the watch on the database file, as it opens
            "refkit.gui.shell.player_view",  # a player's login sees only the players' panels
        ),
        qt_free=(
            "refkit.compose",
            "refkit.store.change_feed",  # live refresh: the watch starts as the file opens
            "refkit.store.sqlite.change_poll",
            "refkit.store.postgresql.notices",
            "refkit.present.player_view",  # which panels a player's login sees
        ),
    ),
)
