"""The one action registry: every command the user can trigger, with its text, keys and icon.

Menus and the toolbar are built from the registry, so a command has exactly one ``QAction`` and one
set of shortcuts wherever it appears. Adding two commands with the same id or the same key is an
error at start-up, not a silent clash at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QToolBar, QWidget

from refkit.gui.shell.pending_input import the_gate


class ActionRegistryError(ValueError):
    """Two actions clash (same id or same shortcut), or an id is unknown."""


@dataclass(frozen=True)
class ActionSpec:
    """Everything about one command except the widgets that show it.

    ``handler`` is called with no argument, or with the new checked state for a checkable action.
    ``icon`` is a freedesktop icon-theme name; ``fallback_icon`` names a ``QStyle.StandardPixmap``
    (e.g. ``"SP_DialogSaveButton"``) used where the desktop has no icon theme. Icons are loaded by
    :meth:`ActionRegistry.load_icons`, after the first paint. ``menu`` is the menu title the
    action goes in ("" for none) and ``section`` groups actions inside that menu (a separator is
    drawn between sections). ``shortcuts`` are portable key strings ("Ctrl+Q", "Space") or
    standard-key names prefixed with "std:" ("std:Undo").
    """

    id: str
    text: str
    handler: Callable[..., object]
    shortcuts: tuple[str, ...] = ()
    icon: str = ""
    fallback_icon: str = ""
    menu: str = ""
    section: str = ""
    toolbar: bool = False
    checkable: bool = False
    checked: bool = False
    group: str = ""
    tip: str = ""
    application_wide: bool = False
    """The keys work in every window of the app (a floating panel, the players' window), not
    only while the main window has focus."""


def _run_once(action: QAction, handler: Callable[[], object]) -> None:
    """Run ``handler`` for ``action``, unless a step that action started is still being saved
    (then the press is refused and said: see :mod:`refkit.gui.shell.pending_input`)."""
    with the_gate().running_action(action) as free:
        if free:
            handler()


def key_sequences(shortcuts: Iterable[str]) -> list[QKeySequence]:
    """The key sequences a spec names; "std:Name" expands to the platform's standard keys."""
    sequences: list[QKeySequence] = []
    for shortcut in shortcuts:
        if shortcut.startswith("std:"):
            name = shortcut.removeprefix("std:")
            try:
                standard = QKeySequence.StandardKey[name]
            except KeyError:
                raise ActionRegistryError(f"unknown standard key {shortcut!r}") from None
            sequences.extend(QKeySequence.keyBindings(standard))
        else:
            sequence = QKeySequence(shortcut)
            if sequence.isEmpty():
                raise ActionRegistryError(f"cannot read shortcut {shortcut!r}")
            sequences.append(sequence)
    return sequences


class ActionRegistry:
    """Creates and owns the QActions of one window."""

    def __init__(self, window: QWidget) -> None:
        self._window = window
        self._specs: dict[str, ActionSpec] = {}
        self._actions: dict[str, QAction] = {}
        self._key_owner: dict[str, str] = {}
        self._groups: dict[str, QActionGroup] = {}

    def add(self, spec: ActionSpec) -> QAction:
        """Create the action for ``spec``; raises ActionRegistryError on a clash."""
        if spec.id in self._specs:
            raise ActionRegistryError(f"action id {spec.id!r} is registered twice")
        sequences = key_sequences(spec.shortcuts)
        for sequence in sequences:
            key = sequence.toString(QKeySequence.SequenceFormat.PortableText)
            owner = self._key_owner.get(key)
            if owner is not None:
                raise ActionRegistryError(
                    f"shortcut {key!r} of action {spec.id!r} is already used by {owner!r}"
                )
        action = QAction(spec.text, self._window)
        action.setObjectName(f"action_{spec.id}")
        action.setShortcuts(sequences)
        action.setShortcutContext(
            Qt.ShortcutContext.ApplicationShortcut
            if spec.application_wide
            else Qt.ShortcutContext.WindowShortcut
        )
        tip = spec.tip or spec.text.replace("&", "")
        if sequences:
            keys = ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in sequences)
            tip = f"{tip} ({keys})"
        action.setToolTip(tip)
        action.setStatusTip(spec.tip)
        if spec.checkable:
            action.setCheckable(True)
            action.setChecked(spec.checked)
            action.toggled.connect(spec.handler)
        else:
            action.triggered.connect(
                lambda _checked=False, run=spec.handler, source=action: _run_once(source, run)
            )
        if spec.group:
            group = self._groups.get(spec.group)
            if group is None:
                group = self._groups[spec.group] = QActionGroup(self._window)
                group.setExclusive(True)
            group.addAction(action)
        # Actions live on the window so their keys work even when no menu shows them.
        self._window.addAction(action)
        for sequence in sequences:
            key = sequence.toString(QKeySequence.SequenceFormat.PortableText)
            self._key_owner[key] = spec.id
        self._specs[spec.id] = spec
        self._actions[spec.id] = action
        return action

    def add_all(self, specs: Iterable[ActionSpec]) -> None:
        for spec in specs:
            self.add(spec)

    def action(self, action_id: str) -> QAction:
        try:
            return self._actions[action_id]
        except KeyError:
            raise ActionRegistryError(f"no action with id {action_id!r}") from None

    def spec(self, action_id: str) -> ActionSpec:
        try:
            return self._specs[action_id]
        except KeyError:
            raise ActionRegistryError(f"no action with id {action_id!r}") from None

    def specs(self) -> list[ActionSpec]:
        return list(self._specs.values())

    def shortcut_owners(self) -> dict[str, str]:
        """Portable key text → id of the action that owns it."""
        return dict(self._key_owner)

    def build_menus(self, menu_bar: QMenuBar, titles: Sequence[str]) -> dict[str, QMenu]:
        """Fill ``menu_bar`` with one menu per title, in that order, from the registered specs."""
        menus: dict[str, QMenu] = {}
        unknown = {spec.menu for spec in self._specs.values() if spec.menu} - set(titles)
        if unknown:
            raise ActionRegistryError(f"actions name menus that are not built: {sorted(unknown)}")
        for title in titles:
            menu = menu_bar.addMenu(title)
            menu.setObjectName("menu_" + title.replace("&", "").lower())
            menus[title] = menu
            section: str | None = None
            for spec in self._specs.values():
                if spec.menu != title:
                    continue
                if section is not None and spec.section != section:
                    menu.addSeparator()
                section = spec.section
                menu.addAction(self._actions[spec.id])
        return menus

    def build_toolbar(self, toolbar: QToolBar) -> None:
        """Put every action marked ``toolbar=True`` on ``toolbar``, with separators by menu.

        Calling it again after more actions were registered adds just those, after a separator.
        """
        present = set(toolbar.actions())
        menu: str | None = None
        for spec in self._specs.values():
            action = self._actions[spec.id]
            if not spec.toolbar or action in present:
                continue
            if (menu is not None and spec.menu != menu) or (menu is None and present):
                toolbar.addSeparator()
            menu = spec.menu
            toolbar.addAction(action)

    def load_icons(self) -> None:
        """Give every action its icon (kept out of start-up: styles and themes load slowly)."""
        for _step in self.load_icons_steps():
            pass

    def load_icons_steps(self, batch: int = 4) -> Iterator[None]:
        """:meth:`load_icons` a few actions at a time: it pauses (yields) after each ``batch``,
        so the app can load the rest in later turns of the event loop."""
        specs = [spec for spec in self._specs.values() if spec.icon or spec.fallback_icon]
        for number, spec in enumerate(specs, start=1):
            self._actions[spec.id].setIcon(self._icon(spec))
            if number % batch == 0:
                yield

    def _icon(self, spec: ActionSpec) -> QIcon:
        from PySide6.QtWidgets import QStyle

        icon = QIcon.fromTheme(spec.icon) if spec.icon else QIcon()
        if icon.isNull() and spec.fallback_icon:
            try:
                pixmap = QStyle.StandardPixmap[spec.fallback_icon]
            except KeyError:
                raise ActionRegistryError(
                    f"action {spec.id!r}: unknown fallback icon {spec.fallback_icon!r}"
                ) from None
            icon = self._window.style().standardIcon(pixmap)
        return icon
