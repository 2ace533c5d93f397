"""What the window shows of the open crow after a step, read in the step's own worker job.

After a step that changed a crow the sheet read the crow again, then its wounds to place, the
crow list read the crow's line, and the sheet read its held blessings after every step — each a
wait of the GUI thread on the database worker, two to three times the read's own time (issue
30). :class:`StepReads` rides with every step (``RefkitUndoStack.add_rider``): in the worker,
once the step is committed, it reads what the step told it changed — the open crow, its prompt,
the lines of the crows saved — and the open crow's held blessings, and keeps them for the GUI
thread, which shows the step from them. Opening a crow reads the same three in one job
(:meth:`StepReads.opened`). What was read is used only while nothing it depends on
changed since (every change of a crow or a prompt is counted as it is told), and only for the
step's own aftermath: the session forgets it when the step's move of the undo stack is shown (and
an open's reads once the opened crow is shown).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from refkit.app.character_service import CharacterChange, CharacterService
from refkit.app.party.blessings import held_blessings
from refkit.app.party.wound_prompts import WoundPrompt, WoundPrompts
from refkit.rules.character.model import Character
from refkit.store.character_store import CharacterNotFoundError, name_key
from refkit.store.records import CharacterSummary

MOST_LINES_READ = 8
"""Crows saved in one step whose list lines are read with it (a rest of a whole party);
a step that saved more leaves the list to read them itself."""


@dataclass(frozen=True)
class AfterStep:
    """The open crow as the last step left it (``None`` in a field: not read with the step)."""

    key: str | None
    """The open crow's name key (None: no crow is open)."""
    changes: int
    """How many changes had been told when this was read."""
    held: int = 0
    crow_read: bool = False
    character: Character | None = None
    """The crow (None with ``crow_read``: it is gone)."""
    prompt: WoundPrompt | None = None
    lines: dict[str, CharacterSummary | None] = field(default_factory=dict)
    """The list lines of the crows the step saved, by name key."""


class StepReads:
    """Reads riding with each step for the character session (see the module docstring)."""

    def __init__(
        self,
        service: CharacterService,
        open_name: Callable[[], str | None],
        prompts: Callable[[], WoundPrompts | None],
    ) -> None:
        self._service = service
        self._open_name = open_name
        self._prompts = prompts
        self._changes = 0
        self._saved: dict[str, str] = {}
        self._crows: set[str] = set()
        self._everyone = False
        self._prompted: set[str] = set()
        self._latest: AfterStep | None = None

    # -- told where the change is made (the worker) ----------------------------------------

    def crows_changed(self, change: CharacterChange) -> None:
        self._changes += 1
        if change.kind == "items":
            return
        if change.name is None or change.kind == "parties":
            self._everyone = self._everyone or change.name is None
            return
        self._crows.add(name_key(change.name))
        if change.old_name:
            self._crows.add(name_key(change.old_name))
        if change.kind == "saved":
            self._saved[name_key(change.name)] = change.name

    def prompt_changed(self, name: str) -> None:
        self._changes += 1
        self._prompted.add(name_key(name))

    # -- after each step, in its worker job ------------------------------------------------

    def ride(self) -> None:
        """Read what the step changed (and the held blessings) for the GUI thread."""
        self._latest = None
        crows, saved, prompted, everyone = self._crows, self._saved, self._prompted, self._everyone
        self._crows, self._saved, self._prompted, self._everyone = set(), {}, set(), False
        changes = self._changes
        lines = {}
        if len(saved) <= MOST_LINES_READ:
            lines = {key: self._service.summary(name) for key, name in saved.items()}
        name = self._open_name()
        if name is None:
            self._latest = AfterStep(key=None, changes=changes, lines=lines)
            return
        key = name_key(name)
        crow_read, character = False, None
        if everyone or key in crows:
            crow_read = True
            try:
                character = self._service.get(name)
            except CharacterNotFoundError:
                character = None
        prompt = None
        prompts = self._prompts()
        if prompts is not None and (crow_read or key in prompted):
            prompt = prompts.get(name)
        self._latest = AfterStep(
            key=key,
            changes=changes,
            held=held_blessings(self._service.repository, name),
            crow_read=crow_read,
            character=character,
            prompt=prompt,
            lines=lines,
        )

    def opened(self, name: str) -> Character:
        """The crow ``name`` being opened, read with its wound prompt and its held blessings in
        one job (the worker), which are kept as the last step's reads are for the sheet that
        shows them; CharacterNotFoundError when there is no such crow."""
        changes = self._changes
        character = self._service.get(name)
        prompts = self._prompts()
        self._latest = AfterStep(
            key=name_key(character.name),
            changes=changes,
            held=held_blessings(self._service.repository, character.name),
            crow_read=True,
            character=character,
            prompt=None if prompts is None else prompts.get(character.name),
        )
        return character

    # -- on the GUI thread -----------------------------------------------------------------

    def latest(self, name: str | None) -> AfterStep | None:
        """What the last step left of the crow ``name``, if nothing changed since."""
        latest = self._latest
        if (
            latest is None
            or name is None
            or latest.key is None
            or latest.key != name_key(name)
            or latest.changes != self._changes
        ):
            return None
        return latest

    def line(self, name: str) -> tuple[bool, CharacterSummary | None]:
        """(True, the list line of the crow ``name``) when the last step saved it and read it,
        and nothing changed since; (False, None) else."""
        latest = self._latest
        key = name_key(name)
        if latest is None or latest.changes != self._changes or key not in latest.lines:
            return False, None
        return True, latest.lines[key]

    def forget(self) -> None:
        """The step's aftermath is shown: later reads go to the store."""
        self._latest = None


class HeldDuringStep:
    """What the worker tells the GUI thread while a step is being saved, held until the step is
    shown (:meth:`release`, from the undo stack's move, or once the stack has settled).

    The worker tells a crow's save as the step commits, and the GUI thread, turning its event
    loop while it waits on the step, took it at once — before the step's riders had read the
    crow — so the sheet and the crow list read it again themselves, a wait of their own behind
    the step (the soak's slowest press, the attack roll, made up to two of them). Held, the
    news is taken once the step's own reads are there."""

    def __init__(self, running: Callable[[], bool]) -> None:
        self._running = running
        self._held: list[Callable[[], None]] = []

    def wrap(self, callback: Callable[..., None]) -> Callable[..., None]:
        """``callback``, held while ``running()`` (call the result on the GUI thread)."""

        def told(*args: Any) -> None:
            if self._running():
                self._held.append(partial(callback, *args))
            else:
                callback(*args)

        return told

    def release(self) -> None:
        """Take what was held, in the order it was told."""
        while self._held:
            self._held.pop(0)()
