"""The shape every roster command without a revision shares: a named record before and after
(None: no such record), undone and redone only while the record is still as the command left it.

A party and a custom catalogue item have no revision column, so "changed since" is decided by
comparing the stored record with the one the command left behind.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Generic, Protocol, TypeVar

from refkit.app.character_service import CharacterService
from refkit.app.undo import UndoConflictError
from refkit.errors import StaleWriteError
from refkit.store.errors import CharacterNotFoundError, NameTakenError


class RecordChangedError(StaleWriteError):
    """A party or custom item changed between the read an edit was worked out from (a form the
    user was looking at, or the read a step was worked out from) and its write; nothing was
    saved. The same conflict as any stale save (StaleWriteError), naming the record."""


class Named(Protocol):
    @property
    def name(self) -> str: ...


R = TypeVar("R", bound=Named)


@dataclass
class NamedRecordEdit(Generic[R]):
    """One undoable change of one named record: ``before`` becomes ``after``.

    A subclass says what the record is called (``kind``: "party", "item"), how to find one by
    name and how to write a change; the do/undo/redo checks are here, once.
    """

    kind: ClassVar[str]
    """The record in words, for the refusals: ``a party called …``."""

    service: CharacterService
    before: R | None
    after: R | None
    text: str
    _done: bool = field(default=False, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.before is None and self.after is None:
            raise ValueError(f"{self._a_kind()} edit needs {self._a_kind()} before or after it")

    def do(self) -> None:
        if not self._done:  # the first do: the service's own refusals (a name taken) go on
            self._require_unchanged()
            self._apply(self.before, self.after)
            self._done = True
            return
        self._swap(self.before, self.after, "redo")

    def _require_unchanged(self) -> None:
        """The record must still be the ``before`` this edit was worked out from: a change saved
        in between (another window, the command line) is refused with RecordChangedError, and
        the runner of the step works it out again on the fresh record."""
        if self.before is None:
            return
        current = self._find(self.before.name)
        if current != self.before:
            what = self._name_in_words(self.before.name)
            raise RecordChangedError(what, deleted=current is None)

    def undo(self) -> None:
        if not self._done:
            raise RuntimeError(f"{self.text!r} has not been done, so it cannot be undone")
        self._swap(self.after, self.before, "undo")

    def _swap(self, expected: R | None, target: R | None, action: str) -> None:
        refused = f"cannot {action} {self.text!r}"
        try:
            self._check(expected, target, refused)
            self._apply(expected, target)
        except NameTakenError as error:
            raise UndoConflictError(f"{refused}: {error}; nothing was changed") from None
        except CharacterNotFoundError as error:
            raise UndoConflictError(
                f"{refused}: {error} (deleted since); nothing was changed"
            ) from None

    def _check(self, expected: R | None, target: R | None, refused: str) -> None:
        if expected is None:
            assert target is not None
            if self._find(target.name) is not None:
                raise UndoConflictError(
                    f"{refused}: {self._a_kind()} called {target.name!r} was made since; "
                    "nothing was changed"
                )
            return
        current = self._find(expected.name)
        what = self._name_in_words(expected.name)
        if current is None:
            raise UndoConflictError(f"{refused}: {what} was deleted since; nothing was changed")
        if current != expected:
            raise UndoConflictError(
                f"{refused}: {what} was changed since (in another window or the command line); "
                "nothing was changed"
            )

    def _a_kind(self) -> str:
        return f"{'an' if self.kind[0] in 'aeiou' else 'a'} {self.kind}"

    def _name_in_words(self, name: str) -> str:
        """How a refusal names the record: ``the party 'Night watch'``."""
        return f"the {self.kind} {name!r}"

    def _find(self, name: str) -> R | None:
        raise NotImplementedError

    def _apply(self, current: R | None, target: R | None) -> None:
        raise NotImplementedError
