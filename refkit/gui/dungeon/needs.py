"""What the dungeon-turn feature needs read ahead at start-up (:mod:`refkit.present.startup`)."""

from refkit.present.startup import Needs, When

STARTUP_NEEDS = (
    Needs(
        When.SHOWN,
        gui=("refkit.gui.dungeon.install",),  # the clock, the DT panel, the lights, the log
        qt_free=(
            "refkit.app.dungeon_turn_service",
            "refkit.app.dungeon_turn_commands",
            "refkit.app.party.bridge",  # the party at the table
            "refkit.app.character_service",
            "refkit.store.character_store",
            "refkit.store.dungeon_turn_store",
            "refkit.store.session_log",
            "refkit.rules.dungeon.hazard_rolls",
        ),
    ),
    Needs(When.FRONT, gui=("refkit.gui.dungeon.hazards_panel",)),  # a tab behind the DT
    Needs(When.LATE, gui=("refkit.gui.dungeon.item_lighter",)),  # the board's "Light it"
)
