"""The window's start-up, stage by stage, each part on a turn of the event loop of its own.

:class:`StartupSequence` runs the stages :class:`refkit.present.startup.StartupPlan` names, in
its order: as the first frame paints, the worker reads the stored state and the panels in front
show it (:meth:`StartupSequence.start_after_first_paint`); the worker then imports asyncio and
qasync, the event loop is attached and the database opened in the worker
(:meth:`StartupSequence.start`); once it is open the panels in front go live on its services
and the window is usable (:meth:`StartupSequence.install_feature_panels`); meanwhile the worker
prepares the later features, which then join a part per turn, and the window is ready. The plan
decides what an outcome means (a stored state that cannot be shown, a database that cannot be
opened, a window closed meanwhile); this object does the Qt side of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from refkit.gui.app_features import dock_late_features
from refkit.gui.app_start import (
    StoredFront,
    import_event_loop,
    import_front_modules,
    keep_out_of_collections,
    late_feature_steps,
    read_stored_front,
)
from refkit.gui.dice.install import LOG_LOAD_LIMIT
from refkit.gui.shell.event_loop import install_event_loop, start_task
from refkit.gui.shell.main_window import LAYOUT_DID_NOT_FIT, LAYOUT_VERSION
from refkit.gui.shell.panel_registry import NEXT_TURN_MS
from refkit.gui.shell.workspaces import Workspace
from refkit.gui.shell.workspaces import arrange as arrange_workspace
from refkit.gui.shell.workspaces import fronts as front_panels
from refkit.gui.shell.workspaces import join as join_workspace
from refkit.present.startup import Stage, StartupPlan

if TYPE_CHECKING:
    import asyncio
    from concurrent.futures import Future

    from refkit.dice.records import LoggedRoll
    from refkit.gui.dungeon.install import DungeonPanels
    from refkit.gui.main import RefkitApp
    from refkit.store.database import Database


class StartupSequence:
    """Runs the start-up of ``app``'s window: the stages of :attr:`plan`, the callbacks waiting
    for usable and for ready, and the dungeon-turn and tables features every stage shares."""

    def __init__(self, app: RefkitApp) -> None:
        self.app = app
        self.plan = StartupPlan()
        self.dungeon: DungeonPanels | None = None
        self.layout_restored = False
        """The saved layout was put back as the panels in front registered."""
        self._dungeon_steps: Iterator[None] | None = None
        self._ready_callbacks: list[Callable[[], None]] = []
        self._usable_callbacks: list[Callable[[], None]] = []

    # the stages -------------------------------------------------------------------------------

    def start_after_first_paint(self) -> None:
        """Load the heavy parts once the window is on screen, all in the one worker thread
        (started before the paint, imports slowed it down): first the panels in front, on the
        stored state read with plain sqlite3 (:meth:`_show_stored`), then asyncio and qasync,
        then :meth:`start` on the GUI thread queues the ORM and the database."""
        app = self.app

        def painting() -> None:  # the panels in the first frame paint meanwhile, in C++
            if self.plan.painted():
                app.worker.then(
                    read_stored_front, self._show_stored, app.db_url, app.freezes_start_up
                )

        if app.window.paint_began:
            painting()
        else:
            app.window.first_paint_began.connect(painting, Qt.ConnectionType.SingleShotConnection)

    def _show_stored(self, read: Future[StoredFront | None]) -> None:
        """Put the panels in front on screen showing the stored state (the clock running on it,
        the party at the table, the newest rolls), before the ORM is imported: the window is
        usable then. A dungeon-turn step or a roll asked for before the services are here waits
        for them (:meth:`wait_until_live`); exporting or clearing the roll log says to try again
        in a moment. Without a stored state to show (a first start, a schema to migrate, a file
        the full open must judge), the panels go live the usual way."""
        if self.plan.stopped:
            return
        front = read.result()  # the reader catches what a file can do: anything else is a fault
        # The dice panels, left out of the first frame: the worker has imported their modules.
        self.app.dice.build_panels()
        next_stage = self.plan.stored_read(front is not None)
        if next_stage is Stage.STORED_FRONT and front is not None:
            self.run_steps(self._stored_steps(front))
        elif next_stage is not None:
            self._start_loading()

    def _stored_steps(self, front: StoredFront) -> Iterator[None]:
        """:meth:`_show_stored` a part per turn of the event loop (each a few tens of ms)."""
        app = self.app
        for _step in self.install_dungeon_panels_steps():
            yield
            if self.plan.stopped:  # closed meanwhile
                return
        # The same turn as the layout's restore (the install's last part): the panels it puts
        # on screen are built from a later turn on, one per turn, each on the stored state.
        dungeon = self.dungeon
        assert dungeon is not None
        dungeon.show_stored(front.view, front.party, self.wait_until_live)
        app.dice.show_stored(front.rolls, self.wait_until_live)
        app.window.set_database_location(front.location)
        self._arrange_front()
        yield from self._build_on_screen()
        if not self.plan.stopped:
            self.plan.stored_shown()
            self._start_loading()

    def _start_loading(self) -> None:
        if self.plan.loading():  # import_event_loop looked up now: a test holds it back
            self.app.worker.then(import_event_loop, self._start_when_imported)

    def _start_when_imported(self, imported: Future[None]) -> None:
        if self.plan.stopped:  # closed while the worker was importing
            return
        imported.result()  # an import that failed is a fault: the error hook shows it
        self.start()

    def start(self) -> asyncio.Task[None]:
        """Attach the asyncio loop, show the odds, and open the database in the background.

        Runs once, inside the running Qt event loop (normally right after the first paint).
        The worker imports the panels' modules, then opens the database: one after the other,
        so neither waits for the interpreter behind the other.
        """
        app = self.app
        if app.open_task is None:
            self.plan.opening()
            qt_app = QApplication.instance()
            assert qt_app is not None
            app.event_loop = install_event_loop(qt_app)
            app.event_loop.set_default_executor(app.worker.executor)
            start_task(self._dock_dungeon_panels())
            app.open_task = start_task(app.open_database())
            self.in_idle_steps(app.actions.load_icons_steps())
        return app.open_task

    async def _dock_dungeon_panels(self) -> None:
        """Register the features docked after the first paint as soon as their modules are
        imported, which a worker thread does (importing them on the GUI thread froze it for a
        few hundred ms)."""
        import asyncio

        app = self.app
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(app.worker.executor, import_front_modules, app.freezes_start_up)
        for _step in self.install_dungeon_panels_steps():
            if app.event_loop is None:  # shut down meanwhile
                return
            await asyncio.sleep(0)  # one feature per turn of the event loop

    def install_feature_panels(self, database: Database, read_rolls: bool = False) -> None:
        """Dock the panels that need the database, in two stages, one part per turn of the
        event loop (on a big database the window keeps answering and the clock keeps running).

        First the panels in front of the Referee workspace: the dungeon turn acting on the party
        at the table, the lights, the tables, the session log; the saved layout is put back (or
        the Referee arrangement on a first start) and the panels on screen are built. The window
        is then usable (:attr:`usable`, :meth:`when_usable`). Meanwhile the worker imports the
        later features and builds their services; then the crows' sheet and board, printing,
        spells, crafting, travel and fights join the layout, the panels still waiting are built
        and the ready callbacks run. With ``read_rolls`` (the open left them: the roll log shows
        the newest, read ahead) the worker first reads the roll log's newest rolls."""
        app = self.app
        assert app.services is not None
        services = app.services
        self.plan.opened()

        def front() -> Iterator[None]:
            dungeon = self.install_dungeon_panels()
            yield from dungeon.attach_services_steps(services)
            yield
            if not self.plan.shown_stored:  # else arranged already, on the stored state
                self._arrange_front()
                yield
            yield from self._build_on_screen()
            self._set_usable()
            if read_rolls:
                app.worker.then(
                    partial(services.dice.recent, LOG_LOAD_LIMIT),
                    partial(self._all_rolls_read, database),
                )
            app.worker.then_in_steps(
                late_feature_steps(services, app.freezes_start_up),
                self._late_features_prepared,
            )

        self.run_steps(front(), database)

    def _all_rolls_read(self, database: Database, read: Future[list[LoggedRoll]]) -> None:
        if self.plan.stopped or self.app.database is not database:  # closed meanwhile
            return
        self.app.dice.show_all(read.result())  # a failure is a fault: the error hook shows it

    def _late_features_prepared(self, prepared: Future[bool]) -> None:
        app = self.app
        if self.plan.stopped or app.database is None or app.services is None:
            return
        with_lookup = prepared.result()  # a failure is a fault: the error hook shows it
        self.plan.late_prepared()
        self.run_steps(
            self._placed(dock_late_features(app, app.services, with_lookup)), app.database
        )

    # the dungeon-turn and tables features -----------------------------------------------------

    def install_dungeon_panels(self) -> DungeonPanels:
        """Register the dungeon-turn and tables features (once; normally right after the first
        paint, since these panels are not needed to show the window). Their services arrive
        when the database is open."""
        for _step in self.install_dungeon_panels_steps():
            pass
        assert self.dungeon is not None
        return self.dungeon

    def install_dungeon_panels_steps(self) -> Iterator[None]:
        """:meth:`install_dungeon_panels`, pausing (yielding) after each feature. Every caller
        gets the same steps: whoever comes second carries on where the first one paused."""
        if self._dungeon_steps is None:
            self._dungeon_steps = self._dungeon_install_steps()
        return self._dungeon_steps

    def _dungeon_install_steps(self) -> Iterator[None]:
        from refkit.gui.dungeon import install as dungeon_install
        from refkit.gui.tables import install as tables_install

        app = self.app
        self.dungeon = dungeon_install.register(app.panels, app.context)
        # A table roll, a loud noise's check: rolls stored with a step's lines, for the roll log.
        self.dungeon.session.log_changed.connect(app.dice.catch_up)
        yield
        tables_install.register(app.panels, app.context)
        yield
        self.layout_restored = app.window.restore_layout()  # their docks where the user left them

    # the layout -------------------------------------------------------------------------------

    def _arrange_front(self) -> None:
        """On a first start (or when the saved layout did not fit), lay out the Referee
        workspace; the install's last step (:meth:`_dungeon_install_steps`) has put the saved
        layout back otherwise."""
        if not self.layout_restored:  # the clock in front rather than behind the dice
            arrange_workspace(self.app.panels, Workspace.REFEREE)

    def _build_on_screen(self) -> Iterator[None]:
        """Build the panels on screen not built yet, one per turn of the event loop: those the
        registry builds a turn at a time itself (docks just shown) are left to it, so no two
        are built in the same turn."""
        panels = self.app.panels
        while True:
            yield
            if panels.building_shown():
                continue
            pending = panels.pending_on_screen()
            if not pending:
                return
            panels.widget(pending[0])

    def _placed(self, steps: Iterator[None]) -> Iterator[None]:
        """Run ``steps``, then the ready callbacks, putting each dock they register where it
        belongs in the same turn of the event loop, before the window lays it out: its saved
        place, or its tab group of the Referee workspace behind the panel in front (docked side
        by side first, the late panels grew the window past a laptop's screen)."""
        app = self.app
        window = app.window
        placed = set(app.panels.panels())
        seen = front_panels(app.panels)  # what the user looks at as the late ones join
        geometry = window.geometry()
        for _step in steps:
            new = [panel for panel in app.panels.panels() if panel not in placed]
            placed.update(new)
            if new and self.layout_restored:
                for panel in new:  # False for a dock the saved layout does not know: it stays
                    window.restoreDockWidget(app.panels.panel(panel))
            elif new:
                join_workspace(app.panels, Workspace.REFEREE, new, seen)
            yield
        if self.layout_restored:
            window.restore_layout()  # every dock exactly as the user left them
        if window.geometry() != geometry and not window.isMaximized() and not window.isFullScreen():
            window.setGeometry(geometry)
        if window.has_saved_layout() and window.taller_than_screen():
            self._start_afresh_if_it_fits()
        if app.freezes_start_up:
            keep_out_of_collections()  # every panel and what it read
        self.plan.joined()
        self._ready()

    def _start_afresh_if_it_fits(self) -> None:
        """The saved layout, with the later panels in it, is taller than this screen (every
        panel in one column, say: the front stage judged it without them, and a later restore
        brought it back). Lay the window out as a first start does (its size, the Referee
        arrangement) if that fits; if it does not either, keep what is there. (A screen too
        narrow for any arrangement is not tried: relaying every panel out costs some 300 ms.)"""
        window = self.app.window
        state, geometry = window.saveState(LAYOUT_VERSION), window.geometry()
        window.default_geometry()
        window.reset_layout()
        if window.fits_screen():
            window.statusBar().showMessage(LAYOUT_DID_NOT_FIT, 10000)
        else:
            window.restoreState(state, LAYOUT_VERSION)
            window.setGeometry(geometry)

    # turns of the event loop ------------------------------------------------------------------

    def run_steps(self, steps: Iterator[None], database: Database | None = None) -> None:
        """Run ``steps`` one per turn of the event loop, the first now; with ``database``, only
        while it stays the open one."""
        app = self.app

        def next_step() -> None:
            if database is not None and app.database is not database:  # closed meanwhile
                return
            if next(steps, StopIteration) is not StopIteration:
                QTimer.singleShot(NEXT_TURN_MS, app.window, next_step)

        next_step()

    def in_idle_steps(self, steps: Iterator[None]) -> None:
        """Run ``steps`` one per turn of the event loop (the window keeps answering), the first
        on the next turn."""
        QTimer.singleShot(0, self.app.window, lambda: self.run_steps(steps))

    # usable and ready -------------------------------------------------------------------------

    @property
    def usable(self) -> bool:
        return self.plan.usable

    def wait_until_live(self) -> bool:
        """Turn the event loop without user input until the panels in front are live (the
        window paints and its clock runs; clicks and keys wait their turn), or the database
        could not be opened. True when live."""
        if self.plan.waits_for_live():
            self.app.worker.turn_until(lambda: not self.plan.waits_for_live())
        return self.plan.usable

    def _set_usable(self) -> None:
        if self.app.freezes_start_up:
            keep_out_of_collections()  # the front panels and what they read
        self.plan.front_live()
        callbacks, self._usable_callbacks = self._usable_callbacks, []
        for callback in callbacks:
            callback()

    def when_usable(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the panels in front are live (at once if they are): the later
        features are still joining then (see :meth:`when_ready`)."""
        if self.plan.usable:
            callback()
        else:
            self._usable_callbacks.append(callback)

    def when_ready(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once every panel is built and live (at once if the services are
        here already)."""
        if self.app.service is not None:
            callback()
        else:
            self._ready_callbacks.append(callback)

    def _ready(self) -> None:
        callbacks, self._ready_callbacks = self._ready_callbacks, []
        for callback in callbacks:
            callback()

    def stop(self) -> None:
        """The window closes: no stage starts any more."""
        self.plan.stop()
