"""The players' own catalogue items added, edited and removed as undoable commands.

Crows keep the items they carry whatever happens to the catalogue entry. Undo and redo check that
the entry is still as the command left it.
"""

from __future__ import annotations

from refkit.app.character_service import CharacterService
from refkit.app.characters.record_edit import NamedRecordEdit, RecordChangedError
from refkit.rules.inventory.catalogue import CatalogueItem
from refkit.store.errors import CharacterNotFoundError


class CustomItemEdit(NamedRecordEdit[CatalogueItem]):
    """One undoable change of one custom item: ``before`` becomes ``after`` (None: no item)."""

    kind = "item"

    def _find(self, name: str) -> CatalogueItem | None:
        return _find(self.service, name)

    def _name_in_words(self, name: str) -> str:
        return repr(name)

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


def edit_custom_item(
    service: CharacterService, name: str, item: CatalogueItem, *, base: CatalogueItem | None = None
) -> CustomItemEdit:
    """The custom item ``name`` replaced by ``item`` (which may carry a new name). ``base`` is
    the item as the editor showed it: if it was changed or deleted since, the edit is refused
    (RecordChangedError, a StaleWriteError) rather than put over a change not seen."""
    stored = _find(service, name)
    if base is not None and stored != base:  # typed over a change not seen: not made again
        raise RecordChangedError(f"the item \u201c{name}\u201d", deleted=stored is None)
    if stored is None:
        raise CharacterNotFoundError(f"there is no custom item called {name!r}")
    before = stored
    return CustomItemEdit(service, before, item, f"Edit the item {before.name}")


def remove_custom_item(service: CharacterService, name: str) -> CustomItemEdit:
    """The custom item taken out of the catalogue (crows keep the ones they carry)."""
    before = service.get_custom_item(name)
    return CustomItemEdit(service, before, None, f"Delete the item {before.name}")
