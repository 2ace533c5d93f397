"""The players' own catalogue items added, edited and removed as undoable commands.

Crows keep the items they carry whatever happens to the catalogue entry. Undo and redo check that
the entry is still as the command left it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from refkit.app.character_service import CharacterService
from refkit.app.undo import UndoConflictError
from refkit.rules.inventory.catalogue import CatalogueItem
from refkit.store.character_store import CharacterNotFoundError, NameTakenError


@dataclass
class CustomItemEdit:
    """One undoable change of one custom item: ``before`` becomes ``after`` (None: no item)."""

    service: CharacterService
    before: CatalogueItem | None
    after: CatalogueItem | None
    text: str
    _done: bool = field(default=False, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.before is None and self.after is None:
            raise ValueError("a custom item edit needs an item before or after it")

    def do(self) -> None:
        if not self._done:  # the first do: the service's own refusals (a name taken) go on
            self._apply(self.before, self.after)
            self._done = True
            return
        self._swap(self.before, self.after, "redo")

    def undo(self) -> None:
        if not self._done:
            raise RuntimeError(f"{self.text!r} has not been done, so it cannot be undone")
        self._swap(self.after, self.before, "undo")

    def _swap(
        self, expected: CatalogueItem | None, target: CatalogueItem | None, action: str
    ) -> None:
        refused = f"cannot {action} {self.text!r}"
        try:
            with self.service.repository.database.unit_of_work():
                if expected is None:
                    assert target is not None
                    if _find(self.service, target.name) is not None:
                        raise UndoConflictError(
                            f"{refused}: an item called {target.name!r} was made since; "
                            "nothing was changed"
                        )
                else:
                    current = _find(self.service, expected.name)
                    if current is None:
                        raise UndoConflictError(
                            f"{refused}: {expected.name!r} was deleted since; nothing was changed"
                        )
                    if current != expected:
                        raise UndoConflictError(
                            f"{refused}: {expected.name!r} was changed since (in another window "
                            "or the command line); nothing was changed"
                        )
                self._apply(expected, target)
        except NameTakenError as error:
            raise UndoConflictError(f"{refused}: {error}; nothing was changed") from None

    def _apply(self, current: CatalogueItem | None, target: CatalogueItem | None) -> None:
        if target is None:
            assert current is not None
            self.service.delete_custom_item(current.name)
        elif current is None:
            self.service.add_custom_item(target)
        else:
            self.service.edit_custom_item(current.name, target)


def _find(service: CharacterService, name: str) -> CatalogueItem | None:
    try:
        return service.get_custom_item(name)
    except CharacterNotFoundError:
        return None


def add_custom_item(service: CharacterService, item: CatalogueItem) -> CustomItemEdit:
    """A player's own item kept in the catalogue; NameTakenError (on do) if the name is used."""
    return CustomItemEdit(service, None, item, f"New item {item.name}")


def edit_custom_item(service: CharacterService, name: str, item: CatalogueItem) -> CustomItemEdit:
    """The custom item ``name`` replaced by ``item`` (which may carry a new name)."""
    before = service.get_custom_item(name)
    return CustomItemEdit(service, before, item, f"Edit the item {before.name}")


def remove_custom_item(service: CharacterService, name: str) -> CustomItemEdit:
    """The custom item taken out of the catalogue (crows keep the ones they carry)."""
    before = service.get_custom_item(name)
    return CustomItemEdit(service, before, None, f"Delete the item {before.name}")
