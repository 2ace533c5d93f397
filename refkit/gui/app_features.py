"""The features that join the window once it is usable (the crows' sheet and board, printing,
spells, crafting, travel, fights, the lookup), each wired to the party at the table and the
roll log, a part per turn of the event loop; and the dice panel's rolls for a crow."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING

from refkit.gui.shell.panel_registry import PanelId

if TYPE_CHECKING:
    from refkit.app.character_service import CharacterService
    from refkit.compose import Services
    from refkit.gui.characters.install import CharacterPanels
    from refkit.gui.dungeon.install import DungeonPanels
    from refkit.gui.main import RefkitApp


def dock_late_features(app: RefkitApp, services: Services, with_lookup: bool) -> Iterator[None]:
    """The features docked once the window is usable, a part per step (see
    :meth:`RefkitApp._install_feature_panels`)."""
    from refkit.gui.characters.install import character_install_steps

    characters = services.characters
    dungeon = app.install_dungeon_panels()
    panels: CharacterPanels | None = None
    for panels in character_install_steps(  # noqa: B007 - the last one is kept
        app.window, app.panels, app.undo_stack, characters
    ):
        yield
    yield  # the first crow was just opened (its sheet and board): a turn of its own
    if panels is not None:  # an item used on the sheet or board lands in the roll log
        panels.session.set_roll_log(services.dice.log_roll)
        app.live.follow(frozenset({"characters", "parties"}), panels.session.changed_elsewhere)
    if panels is not None:  # Print to PDF: the open crow, its party, the catalogue
        from refkit.gui.export import install as export_install

        sources = export_install.sources_for(
            panels.session, characters, services.spells.spells, panels.shown_catalogue
        )
        printing = export_install.register(app.panels, app.context, sources)
        panels.on_print_catalogue(printing.print_catalogue)
        yield  # each feature below registers on a turn of its own
    if panels is not None and dungeon.party is not None:
        panels.session.set_wound_prompts(dungeon.party.prompts)
        # The sheet rests no crow the dungeon's own rest is counting (one rest path).
        from refkit.app.party.rest import sheet_rest_refusal

        table = dungeon.party
        panels.session.rest_guard = lambda name: sheet_rest_refusal(table, name)
        # A sheet's rest ends the crow's "until a rest" effects in the DT's list too.
        panels.session.rest_effects = lambda: table.service
        panels.session.rest_crafting = lambda: services.crafting
        from refkit.gui.common.rest_choices import RestChoices

        RestChoices.open_projects = lambda crow: services.crafting.projects_of(crow)
    if panels is not None:  # the board's "Light it" lights through the DT panel
        from refkit.gui.dungeon.item_lighter import SessionLighter

        panels.sheet.board.lighter = SessionLighter(dungeon.session)
        yield
    if panels is not None:  # Cast a spell… and the Spells panel (the party at the table)
        from refkit.gui.magic import install as magic_install

        desk = magic_install.desk_for(services, app.context, dungeon.party)
        names = lambda: magic_install.backlash_table_names(services)  # noqa: E731
        magic_install.register(app.panels, app.context, desk, services.spells, names)
        yield
    if panels is not None:  # the Crafting panel (the party at the table first)
        from refkit.gui.crafting import install as crafting_install

        crafting_install.register(app.panels, app.context, services.crafting, dungeon.party)
        yield
    from refkit.gui.travel import install as travel_install  # Travel day, Travel map

    travel = travel_install.register(app.panels, app.context, services)
    if app.panels.has(PanelId.DUNGEON_TURN):  # a map's dungeon is entered there
        travel.set_enter_dungeon(
            lambda name, table: app.panels.show(PanelId.DUNGEON_TURN).enter_dungeon_named(
                name, table
            )
        )
    yield
    if panels is not None:  # the fight tracker (the party at the table), the players' line
        from refkit.gui.combat import install as combat_install

        fight = combat_install.register(
            app.panels, app.context, services.fight, characters, services.party.members
        )
        app.panels.when_built(
            PanelId.DUNGEON_TURN, lambda turn: fight.tell_players(turn.set_players_fight)
        )
        yield
    if with_lookup:
        app.install_lookup()
        yield
    roll_for_crows(app, characters, dungeon)
    yield
    while app.panels.pending():  # one panel per turn of the event loop
        app.panels.widget(app.panels.pending()[0])
        yield
    app.character_panels = panels


def roll_for_crows(app: RefkitApp, characters: CharacterService, dungeon: DungeonPanels) -> None:
    """Let the dice panel roll for a crow (the party at the table first); an expertise use
    it spends goes on the undo stack."""
    from refkit.app.characters.roll_for import CrowsForTests
    from refkit.app.party.rest import prepared_task
    from refkit.gui.shell.undo_adapter import push_command, write_through

    repository = characters.repository
    app.dice.panel.set_crows(
        CrowsForTests(
            characters, dungeon.party, prepared=lambda name: prepared_task(repository, name)
        ),
        lambda command: push_command(app.undo_stack, command),
        partial(write_through, app.undo_stack),
    )
