"""Lights lit from a crow's item: the usage dice live on the item (issue 9, "One source of truth").

End DT and dousing burn the item's dice (the sheet's pips drop with them, a spent torch is marked
spent there), refuelling a lantern spends a flask of oil the crow carries or says none is carried,
a refuel or a rest on the sheet shows on the tracked light, and every step is one undo step with
the crow's edit inside it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.dungeon_turn_commands import (
    DouseEffectCommand,
    EndTurnCommand,
    LightItemCommand,
    RefuelEffectCommand,
    StartTurnCommand,
)
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.party.bridge import PartyBridge, dungeon_service_with_party
from refkit.app.party.item_lights import NoFuelCarried
from refkit.app.undo import UndoConflictError
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.inventory.model import BELT, GROUND, HAND, Inventory, Item, UsageDiceState
from refkit.rules.inventory.moves import carried_fuel
from refkit.rules.usage_dice import UsageDiceMode
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.dungeon_turn_store import DungeonTurnStore
from tests.app.scripted_dice import ScriptedDice

WREN = "Tamsin Reed"
DT = UsageDiceMode.DT


def torch(current: int = 1) -> Item:
    dice = UsageDiceState(1, current, frozenset({UsageDiceMode.USELESS, DT}))
    return Item("Torch", area=HAND, at=1, usage_dice=dice, tags=("light",), id="torch")


def lantern(current: int = 2) -> Item:
    modes = frozenset({UsageDiceMode.REFUEL, DT})
    dice = UsageDiceState(2, current, modes, refuel_with="Oil flask")
    return Item("Lantern", area=HAND, at=2, usage_dice=dice, tags=("light",), id="lantern")


def flask(area: str = BELT, at: int | None = 1) -> Item:
    return Item("Oil flask", area=area, at=at, id=f"oil-{area}")


def wren(*items: Item) -> Character:
    return Character(WREN, Characteristics(1, 1, 1), Stamina(6, 6), items=Inventory(items))


class Table:
    def __init__(self, path: Path, crow: Character) -> None:
        self.db = Database.open(str(path))
        self.characters = CharacterService(CharacterRepository(self.db))
        self.characters.create(crow)
        self.dice = ScriptedDice()
        self.now = 1_900_000_000.0
        self.service: DungeonTurnService
        self.bridge: PartyBridge
        self.service, self.bridge = dungeon_service_with_party(
            DungeonTurnStore(self.db),
            self.characters,
            clock=lambda: self.now,
            rng_factory=self.dice.factory,
        )
        StartTurnCommand(self.service, dungeon="Crypt").do()

    def item(self, item_id: str) -> Item:
        return self.characters.get(WREN).items.find(item_id)

    def dice_left(self, item_id: str) -> int:
        dice = self.item(item_id).usage_dice
        assert dice is not None
        return dice.current

    def light(self, item_id: str) -> str:
        return self.service.light_item(WREN, item_id).value.id

    def close(self) -> None:
        self.bridge.close()
        self.db.close()


@pytest.fixture
def open_table(tmp_path: Path) -> Iterator[type[Table]]:
    made: list[Table] = []

    def make(*items: Item) -> Table:
        table = Table(tmp_path / f"t{len(made)}.sqlite3", wren(*items))
        made.append(table)
        return table

    yield make  # type: ignore[misc]
    for table in made:
        table.close()


def test_end_dt_burns_the_torch_on_the_crows_sheet_and_marks_it_spent(open_table) -> None:
    table = open_table(torch())
    effect_id = table.light("torch")
    table.dice.script.extend([1])  # the torch's one usage die comes up 1: lost
    command = EndTurnCommand(table.service, die=3)
    command.do()
    item = table.item("torch")
    assert item.usage_dice is not None and item.usage_dice.current == 0
    assert item.usage_dice.useless  # a Useless torch at 0 is spent for good, on the sheet
    (effect,) = [e for e in table.service.effects() if e.id == effect_id]
    assert effect.spent and not effect.lit
    assert command.outcome is not None
    assert command.outcome.value.usage_dice[0].to_dict()["effect"] == "Tamsin Reed's Torch"
    command.undo()  # one undo step: the DT and the torch on the sheet together
    assert table.dice_left("torch") == 1
    assert table.service.effects()[0].lit


def test_a_die_that_survives_leaves_the_item_as_it_was(open_table) -> None:
    table = open_table(lantern())
    table.light("lantern")
    table.dice.script.extend([5, 2])  # one die kept, one lost
    EndTurnCommand(table.service, die=3).do()
    assert table.dice_left("lantern") == 1
    assert table.service.effects()[0].usage_dice == 1


def test_dousing_a_lantern_rolls_the_items_dice_once_more(open_table) -> None:
    table = open_table(lantern())
    effect_id = table.light("lantern")
    table.dice.script.extend([1, 6])
    command = DouseEffectCommand(table.service, effect_id)
    command.do()
    assert table.dice_left("lantern") == 1
    command.undo()
    assert table.dice_left("lantern") == 2


def test_an_empty_lantern_cannot_be_lit_and_nothing_is_added(open_table) -> None:
    table = open_table(lantern(current=0), flask())
    version = table.service.snapshot().version
    with pytest.raises(ValueError, match=r"no usage dice left to burn \(refuel it first\)"):
        table.light("lantern")
    assert table.service.effects() == ()
    assert table.service.snapshot().version == version


def test_refuel_from_the_effects_row_spends_the_carried_flask(open_table) -> None:
    table = open_table(lantern(current=2), flask())
    effect_id = table.light("lantern")
    table.dice.script.extend([1, 1])
    EndTurnCommand(table.service, die=3).do()
    assert table.dice_left("lantern") == 0
    command = RefuelEffectCommand(table.service, effect_id)
    command.do()
    assert table.dice_left("lantern") == 2
    assert [item.name for item in table.characters.get(WREN).items] == ["Lantern"]
    assert table.service.effects()[0].usage_dice == 2
    command.undo()
    assert table.dice_left("lantern") == 0
    assert "Oil flask" in [item.name for item in table.characters.get(WREN).items]


def test_refuel_refused_when_the_crow_carries_no_oil(open_table) -> None:
    table = open_table(lantern(current=1), flask(area=GROUND, at=None))
    effect_id = table.light("lantern")
    version = table.service.snapshot().version
    with pytest.raises(NoFuelCarried, match="carries no Oil flask"):
        RefuelEffectCommand(table.service, effect_id).do()
    assert table.dice_left("lantern") == 1  # nothing spent, nothing filled
    assert table.service.snapshot().version == version


def test_oil_on_the_ground_is_not_carried_fuel() -> None:
    items = Inventory((lantern(current=0), flask(area=GROUND, at=None)))
    assert carried_fuel(items, "lantern") is None
    both = Inventory((lantern(current=0), flask(area=GROUND, at=None), flask()))
    found = carried_fuel(both, "lantern")
    assert found is not None and found.area == BELT


def test_a_refuel_on_the_sheet_shows_on_the_tracked_light(open_table) -> None:
    from refkit.app import character_commands as cmd

    table = open_table(lantern(current=2), flask())
    table.light("lantern")
    table.dice.script.extend([2, 6])
    EndTurnCommand(table.service, die=3).do()
    assert table.service.effects()[0].usage_dice == 1
    cmd.refuel(table.characters, WREN, "lantern", "oil-belt").do()
    assert table.service.effects()[0].usage_dice == 2  # the item is the one truth
    assert table.service.view().effects[0].usage_dice == 2


def test_lighting_twice_is_refused_and_lighting_a_doused_one_relights_it(open_table) -> None:
    table = open_table(lantern())
    effect_id = table.light("lantern")
    with pytest.raises(ValueError, match="already lit"):
        table.light("lantern")
    table.dice.script.extend([6, 6])
    DouseEffectCommand(table.service, effect_id).do()
    assert table.light("lantern") == effect_id  # the same tracked light, lit again
    assert len(table.service.effects()) == 1


def test_an_item_that_does_not_burn_cannot_be_lit(open_table) -> None:
    rope = Item("Rope", area=BELT, at=2, id="rope")
    quiver = Item(
        "Quiver",
        area=BELT,
        at=3,
        usage_dice=UsageDiceState(3, 3, frozenset({UsageDiceMode.ACTIVATE})),
        id="quiver",
    )
    table = open_table(rope, quiver)
    with pytest.raises(ValueError, match="carries no item"):
        table.light("rope")
    with pytest.raises(ValueError, match="not a light"):
        table.light("quiver")
    with pytest.raises(ValueError, match="carries no item"):
        table.service.light_item("Nobody", "torch")


def test_undo_of_end_dt_refuses_when_the_torch_changed_since(open_table) -> None:
    from refkit.app import character_commands as cmd

    table = open_table(lantern(current=2), flask())
    table.light("lantern")
    table.dice.script.extend([1, 6])
    command = EndTurnCommand(table.service, die=3)
    command.do()
    cmd.refuel(table.characters, WREN, "lantern", "oil-belt").do()  # the player refuelled since
    with pytest.raises(UndoConflictError):
        command.undo()
    assert table.dice_left("lantern") == 2  # nothing changed by the refused undo
    assert table.service.snapshot().clock.dt == 2


def test_a_free_standing_light_keeps_its_own_dice(open_table) -> None:
    table = open_table(torch())
    table.service.add_preset("torch", owner="Hireling")
    table.dice.script.extend([1])
    EndTurnCommand(table.service, die=3).do()
    assert table.dice_left("torch") == 1  # Wren's own torch was never lit


def test_one_torch_of_a_stack_is_taken_into_a_free_hand_and_lit(open_table) -> None:
    pair = Item(
        "Torch",
        area=BELT,
        at=1,
        count=2,
        usage_dice=UsageDiceState(1, 1, frozenset({UsageDiceMode.USELESS, DT})),
        id="torches",
    )
    table = open_table(pair)
    command = LightItemCommand(table.service, WREN, "torches")
    command.do()
    assert command.outcome is not None
    lit = command.outcome.value
    crow = table.characters.get(WREN)
    held = crow.items.find(lit.item_id)
    assert (held.area, held.count) == (HAND, 1)
    assert crow.items.find("torches").count == 1
    command.undo()  # one step: the torch goes back on the stack and the light is gone
    assert table.characters.get(WREN).items.find("torches").count == 2
    assert table.service.effects() == ()


def test_one_of_a_stack_needs_a_free_hand(open_table) -> None:
    pair = Item(
        "Torch",
        area=BELT,
        at=1,
        count=2,
        usage_dice=UsageDiceState(1, 1, frozenset({UsageDiceMode.USELESS, DT})),
        id="torches",
    )
    table = open_table(pair, torch(), replace_at(lantern(), at=2))
    with pytest.raises(ValueError, match="needs a free hand"):
        table.service.light_item(WREN, "torches")
    assert table.characters.get(WREN).items.find("torches").count == 2
    assert table.service.effects() == ()


def replace_at(item: Item, *, at: int) -> Item:
    from dataclasses import replace

    return replace(item, at=at)


def test_a_renamed_crows_light_still_burns_its_item(open_table) -> None:
    # Found in review: the light named its crow, so after a rename it kept dice of its own and
    # End DT no longer burnt the lantern on the sheet.
    table = open_table(lantern())
    table.light("lantern")
    table.characters.rename(WREN, "Tamsin Ashdown")
    light = table.service.effects()[0]
    assert (light.crow, light.owner) == ("Tamsin Ashdown", "Tamsin Ashdown")
    table.dice.script.extend([5, 2])  # one die kept, one lost
    EndTurnCommand(table.service, die=3).do()
    assert table.characters.get("Tamsin Ashdown").items.find("lantern").usage_dice.current == 1
    assert table.service.effects()[0].usage_dice == 1

    table.characters.rename("Tamsin Ashdown", WREN)  # undoing the rename renames it back
    assert table.service.effects()[0].crow == WREN
