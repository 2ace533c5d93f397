"""The window's start-up as named stages, and what each outcome means for the next one (Qt-free).

The desktop app starts in stages, each on its own turns of the event loop, so the window paints
at once and keeps answering: the first paint; the panels in front on the state stored in the
file (read without the ORM); the event loop; the database opened in the worker; the panels in
front going live on it; usable; the later features joining; ready. :class:`StartupPlan` keeps
which stage start-up is in and decides what an outcome means (a stored state that cannot be
shown, a database that cannot be opened, a window closed meanwhile);
:class:`refkit.gui.startup.StartupSequence` runs the stages.

Each feature declares what the worker imports ahead for it, and when (:class:`Needs`, in the
``STARTUP_NEEDS`` of its package's ``needs`` module): the lists the worker reads ahead are made
from those declarations (:func:`gui_modules`, :func:`qt_free_modules`), so a new panel's modules
are declared beside it, not added to a central list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum


class Stage(Enum):
    """A stage of the start-up, in the order they come (:data:`ORDER`)."""

    FIRST_PAINT = "waiting for the first paint"
    STORED_FRONT = "showing the stored state in the panels in front"
    EVENT_LOOP = "loading the event loop"
    OPEN_DATABASE = "opening the database"
    FRONT_PANELS = "the panels in front going live"
    USABLE = "usable, the later features being prepared"
    LATE_FEATURES = "the later features joining"
    READY = "ready"
    NOT_OPEN = "the database could not be opened"
    STOPPED = "closed"


ORDER = (
    Stage.FIRST_PAINT,
    Stage.STORED_FRONT,
    Stage.EVENT_LOOP,
    Stage.OPEN_DATABASE,
    Stage.FRONT_PANELS,
    Stage.USABLE,
    Stage.LATE_FEATURES,
    Stage.READY,
)
"""The stages of a start-up that goes well, each after the one before."""


class StartupPlan:
    """Which stage start-up is in, the stages it went through, and the decisions between them.

    A stage is only ever entered going forward: an outcome that arrives late (the stored state
    read after the database is already open, a step after the window closed) is refused
    (``False``) and the caller drops it. After :attr:`Stage.NOT_OPEN` the database may be opened
    again (another file, a backup's copy, a scratch session); after :attr:`Stage.STOPPED`
    nothing more happens."""

    def __init__(self) -> None:
        self.stage = Stage.FIRST_PAINT
        self.history: list[Stage] = [Stage.FIRST_PAINT]
        self.shown_stored = False
        """The panels in front showed the stored state (arranged already) before going live."""

    # the outcomes -----------------------------------------------------------------------------

    def painted(self) -> bool:
        """The first frame is painting: read the stored state for the panels in front."""
        return self._enter(Stage.STORED_FRONT)

    def stored_read(self, found: bool) -> Stage | None:
        """The stored state was read (``found``) or could not be: show it in the panels in front,
        or go on loading (a first start, a schema to migrate, a file the full open must judge).
        None when start-up is past it already (closed, or the database opened meanwhile)."""
        if self.stage is not Stage.STORED_FRONT:
            return None
        return Stage.STORED_FRONT if found else Stage.EVENT_LOOP

    def stored_shown(self) -> None:
        """The panels in front show the stored state and take input."""
        if self.stage is Stage.STORED_FRONT:
            self.shown_stored = True

    def loading(self) -> bool:
        """Load the event loop (the ORM and the database follow)."""
        return self._enter(Stage.EVENT_LOOP)

    def opening(self) -> bool:
        """Open the database in the worker (again after it could not be)."""
        return self._enter(Stage.OPEN_DATABASE)

    def opened(self) -> bool:
        """The database is open: the panels in front go live on its services."""
        return self._enter(Stage.FRONT_PANELS)

    def not_opened(self) -> bool:
        """The database could not be opened: the user is asked how to go on."""
        return self._enter(Stage.NOT_OPEN)

    def front_live(self) -> bool:
        """The panels in front are live: the window is usable."""
        return self._enter(Stage.USABLE)

    def late_prepared(self) -> bool:
        """The worker prepared the later features: they join, a part per turn."""
        return self._enter(Stage.LATE_FEATURES)

    def joined(self) -> bool:
        """Every feature joined and every panel is built."""
        return self._enter(Stage.READY)

    def stop(self) -> None:
        """The window closed: nothing more starts."""
        self._enter(Stage.STOPPED)

    # the decisions ----------------------------------------------------------------------------

    @property
    def stopped(self) -> bool:
        return self.stage is Stage.STOPPED

    @property
    def usable(self) -> bool:
        """The panels in front are live (the later features may still be joining)."""
        return self.stage in (Stage.USABLE, Stage.LATE_FEATURES, Stage.READY)

    @property
    def ready(self) -> bool:
        return self.stage is Stage.READY

    def waits_for_live(self) -> bool:
        """A step asked for on the stored state waits for the services: not once they are
        here, the database could not be opened, or the window closed."""
        return self.stage not in (Stage.NOT_OPEN, Stage.STOPPED) and not self.usable

    def open_reads_rolls(self) -> bool:
        """Whether the database's open reads the roll log's newest rolls: not when the panels
        in front show those read ahead from that file (they are read once live, and fill in
        around them). After an open that failed, the next is of another file, a backup's copy
        or a scratch session: it reads its own."""
        return not self.shown_stored or Stage.NOT_OPEN in self.history

    def arranges_front(self, layout_restored: bool, *, on_stored: bool) -> bool:
        """Lay out the Referee workspace for the panels in front: not when the saved layout was
        put back, nor when going live on panels already arranged on the stored state."""
        if layout_restored:
            return False
        return on_stored or not self.shown_stored

    @staticmethod
    def starts_afresh(has_saved_layout: bool, taller_than_screen: bool) -> bool:
        """With the later panels in it, the saved layout no longer fits the screen: try the
        first start's layout (kept only if that fits)."""
        return has_saved_layout and taller_than_screen

    def _enter(self, stage: Stage) -> bool:
        if self.stage is Stage.STOPPED:
            return False
        if stage is Stage.STOPPED or stage is Stage.NOT_OPEN:
            allowed = True
        elif self.stage is Stage.NOT_OPEN:  # another file, a backup, a scratch session
            allowed = stage in (Stage.OPEN_DATABASE, Stage.FRONT_PANELS)
        else:
            allowed = ORDER.index(stage) > ORDER.index(self.stage)
        if allowed:
            self.stage = stage
            self.history.append(stage)
        return allowed


# what each feature declares it needs -----------------------------------------------------------


class When(Enum):
    """When a feature's modules are read ahead by the worker, in this order."""

    SHOWN = 0
    """With the stored state, before the first panels in front are built (they show it)."""
    FRONT = 1
    """With the database's opening, for the panels in front and their tabs."""
    LATE = 2
    """Once the window is usable, for the features that join it then."""


@dataclass(frozen=True)
class Needs:
    """What a feature needs imported ahead of its use, in the worker, at stage :attr:`when`:
    its GUI modules (they create no Qt objects when imported) and the Qt-free modules they
    import when they are built or attached (the app, store and rules modules)."""

    when: When
    gui: tuple[str, ...] = ()
    qt_free: tuple[str, ...] = ()


NeedsOf = tuple[str, tuple[Needs, ...]]
"""A feature's name (its package under ``refkit.gui``) with what it declares it needs."""


def gui_modules(declared: Iterable[NeedsOf], *stages: When) -> tuple[str, ...]:
    """The GUI modules the features need at ``stages``: stage by stage, the features in name
    order, each module once."""
    return _modules(declared, stages, lambda needs: needs.gui)


def qt_free_modules(declared: Iterable[NeedsOf], *stages: When) -> tuple[str, ...]:
    """The Qt-free modules the features need at ``stages`` (see :func:`gui_modules`)."""
    return _modules(declared, stages, lambda needs: needs.qt_free)


def _modules(
    declared: Iterable[NeedsOf], stages: tuple[When, ...], of: Callable[[Needs], tuple[str, ...]]
) -> tuple[str, ...]:
    by_name = sorted(declared, key=lambda feature: feature[0])
    modules: dict[str, None] = {}
    for stage in sorted(stages, key=lambda when: when.value):
        for _feature, needs in by_name:
            for need in needs:
                if need.when is stage:
                    modules.update(dict.fromkeys(of(need)))
    return tuple(modules)
