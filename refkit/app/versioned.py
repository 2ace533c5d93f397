"""What the app needs of a versioned store: values read with their version, saved only on it.

The store's ``CharacterRepository`` (over :mod:`refkit.store.versioned_state`) fits these
Protocols; the app asks for them by these names only. A save names the version its value was
read at and raises :class:`~refkit.errors.StaleWriteError` (a ConflictError), saving nothing,
when someone else saved in between; a step worked out from the state read is then read and
worked out again, a referee's typed edit is refused.
"""

from __future__ import annotations

from typing import Protocol


class VersionedRead(Protocol):
    """A stored value as read: its text (None: never written) and its version (0: never)."""

    @property
    def text(self) -> str | None: ...

    @property
    def version(self) -> int: ...


class StoredDocumentRead(Protocol):
    """A named document as read: its name as first saved, its text and its version."""

    @property
    def name(self) -> str: ...

    @property
    def text(self) -> str: ...

    @property
    def version(self) -> int: ...


class Documents(Protocol):
    """The named documents of one kind, keyed by their folded name."""

    def names(self) -> list[str]: ...

    def read(self, name_key: str) -> StoredDocumentRead | None: ...

    def write(self, name: str, name_key: str, text: str, expected_version: int) -> int: ...


class StateValues(Protocol):
    """The values the app keeps once (the party at the table, the rest records...)."""

    def read_state(self, key: str) -> VersionedRead: ...

    def write_state(self, key: str, text: str, expected_version: int) -> int: ...


class VersionedMeta(StateValues, Protocol):
    """State values, named documents and the plain flags (``sample content seeded``)."""

    def documents(self, kind: str) -> Documents: ...

    def get_meta(self, key: str, default: str | None = None) -> str | None: ...

    def set_meta(self, key: str, value: str) -> None: ...
