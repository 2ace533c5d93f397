"""Using an Activate item from the sheet: one undo step that drops its pips by the dice rolled,
redone with the same dice, refused when the crow changed since."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app import character_commands as cmd
from refkit.app.character_service import CharacterService
from refkit.app.undo import UndoConflictError
from refkit.compose import open_character_service
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from tests.rules.scripted_random import ScriptedRandom

WREN = "Wren Ashdown"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(tmp_path / "refkit.sqlite3")) as opened:
        yield opened


def with_quiver(service: CharacterService) -> str:
    quiver = find_catalogue_item(load_item_catalogue(), "Quiver of 20 arrows")
    add, quiver_id = cmd.add_catalogue_item(service, WREN, quiver)
    add.do()
    return quiver_id


def dice_left(service: CharacterService, item_id: str) -> int:
    dice = service.get(WREN).items.find(item_id).usage_dice
    assert dice is not None
    return dice.current


def test_a_use_drops_the_pips_and_undo_and_redo_keep_the_same_dice(
    service: CharacterService,
) -> None:
    quiver = with_quiver(service)
    use, roll = cmd.use_item(service, WREN, quiver, ScriptedRandom([2, 5]))
    assert (roll.before, roll.rolled, roll.after) == (2, (2, 5), 1)
    assert dice_left(service, quiver) == 2  # nothing written before the command is done
    use.do()
    assert dice_left(service, quiver) == 1
    use.undo()
    assert dice_left(service, quiver) == 2
    use.do()
    assert dice_left(service, quiver) == 1
    assert use.text == "Use Quiver of 20 arrows"


def test_undo_is_refused_when_the_crow_changed_since(service: CharacterService) -> None:
    quiver = with_quiver(service)
    use, _ = cmd.use_item(service, WREN, quiver, ScriptedRandom([6, 6]))
    use.do()
    again, _ = cmd.use_item(service, WREN, quiver, ScriptedRandom([1, 6]))
    again.do()
    with pytest.raises(UndoConflictError):
        use.undo()
    assert dice_left(service, quiver) == 1


def test_a_use_without_the_activate_mode_is_refused_and_changes_nothing(
    service: CharacterService,
) -> None:
    torch = find_catalogue_item(load_item_catalogue(), "Torch")
    add, torch_id = cmd.add_catalogue_item(service, WREN, torch)
    add.do()
    before = service.get(WREN)
    with pytest.raises(ValueError, match="Torch has no Activate mode"):
        cmd.use_item(service, WREN, torch_id, ScriptedRandom())
    assert service.get(WREN) == before
