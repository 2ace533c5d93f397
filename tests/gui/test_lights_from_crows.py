"""Lighting a crow's torch or lantern from the referee's effects panel ("From a crow") and from the
board ("Light it"): a tracked light bound to the item, whose pips on the sheet drop with End DT."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from PySide6.QtGui import QAction

from refkit.app.character_service import CharacterService
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.party.bridge import PartyBridge, dungeon_service_with_party
from refkit.compose import table_service_on
from refkit.gui.dungeon.effects_panel import EffectsPanel
from refkit.gui.dungeon.item_lighter import SessionLighter
from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.gui.inventory.board import InventoryBoard
from refkit.gui.inventory.board_layout import Place
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.inventory.model import BELT, GROUND, HAND, Inventory, Item, UsageDiceState
from refkit.rules.usage_dice import UsageDiceMode
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.dungeon_turn_store import DungeonTurnStore

CROW = "Tamsin Reed"
PARTY = "The Lamplighters"
DT, USELESS, REFUEL = UsageDiceMode.DT, UsageDiceMode.USELESS, UsageDiceMode.REFUEL


def tamsin() -> Character:
    items = Inventory(
        (
            Item(
                "Torch",
                area=HAND,
                at=1,
                usage_dice=UsageDiceState(1, 1, frozenset({USELESS, DT})),
                id="torch",
            ),
            Item(
                "Lantern",
                area=HAND,
                at=2,
                usage_dice=UsageDiceState(2, 0, frozenset({REFUEL, DT}), refuel_with="Oil flask"),
                id="lantern",
            ),
            Item("Rope", area=BELT, at=1, id="rope"),
        )
    )
    return Character(CROW, Characteristics(1, 1, 1), Stamina(6, 6), items=items)


@dataclass
class Rig:
    db: Database
    characters: CharacterService
    service: DungeonTurnService
    bridge: PartyBridge
    session: DungeonTurnSession
    panel: EffectsPanel


@pytest.fixture
def rig(qtbot) -> Iterator[Rig]:
    db = Database.open("sqlite://")
    characters = CharacterService(CharacterRepository(db), seed_samples=False)
    characters.create(tamsin())
    characters.create_party(PARTY, [CROW])
    service, bridge = dungeon_service_with_party(
        DungeonTurnStore(db),
        characters,
        clock=lambda: 1_900_000_000.0,
        rng_factory=lambda seed: (random.Random(seed or 7), seed or 7),
    )
    bridge.set_party(PARTY)
    session = DungeonTurnSession(RefkitUndoStack())
    panel = EffectsPanel(session)
    qtbot.addWidget(panel)
    session.set_services(service, table_service_on(db))
    panel.set_party(bridge)
    panel.show()
    yield Rig(db, characters, service, bridge, session, panel)
    session.close()
    bridge.close()
    db.close()


def menu_actions(rig: Rig) -> dict[str, QAction]:
    rig.panel.from_crow_menu.aboutToShow.emit()
    return {a.objectName(): a for a in rig.panel.from_crow_menu.actions()}


def test_from_a_crow_lists_the_carried_lights_with_why_one_cannot_be_lit(rig: Rig) -> None:
    actions = menu_actions(rig)
    assert set(actions) == {"light_torch", "light_lantern"}  # the rope is no light
    assert actions["light_torch"].text() == "Tamsin Reed's Torch (1/1 UD)"
    assert actions["light_torch"].isEnabled()
    assert not actions["light_lantern"].isEnabled()
    assert "refuel it with Oil flask" in actions["light_lantern"].toolTip()


def test_lighting_from_the_menu_tracks_the_crows_torch_and_undo_takes_it_back(rig: Rig) -> None:
    menu_actions(rig)["light_torch"].trigger()
    (effect,) = rig.service.effects()
    assert (effect.crow, effect.item_id, effect.lit) == (CROW, "torch", True)
    row = rig.panel.rows()[effect.id]
    assert row.detail_label.text().startswith("carried light")
    assert "Tamsin Reed's own Torch" in row.detail_label.toolTip()
    assert not menu_actions(rig)["light_torch"].isEnabled()  # already lit
    rig.session.undo_stack.undo()
    assert rig.service.effects() == ()


def test_end_dt_drops_the_pips_on_the_sheet_and_the_row_shows_the_torch_spent(rig: Rig) -> None:
    rig.panel.light_item(CROW, "torch")
    seed = next(
        s for s in range(200) if random.Random(s).randint(1, 6) <= 2
    )  # a seed whose first d6 loses the torch's die
    rig.session.start_turn(dungeon="Crypt")
    rig.service.end_turn(die=3, seed=seed)
    rig.session.refresh()
    torch = rig.characters.get(CROW).items.find("torch")
    assert torch.usage_dice is not None and torch.usage_dice.current == 0
    (effect,) = rig.service.effects()
    assert rig.panel.rows()[effect.id].status_label.text() == "SPENT"


def test_a_refuel_on_the_sheet_shows_on_the_effects_row(rig: Rig) -> None:
    crow = rig.characters.get(CROW)
    full = crow.items.find("lantern")
    assert full.usage_dice is not None
    flask = Item("Oil flask", area=BELT, at=2, id="oil")
    rig.characters.save(crow.with_items(crow.items.with_item(flask)))
    from refkit.app import character_commands as cmd

    cmd.refuel(rig.characters, CROW, "lantern", "oil").do()
    rig.panel.light_item(CROW, "lantern")
    (effect,) = rig.service.effects()
    assert rig.panel.rows()[effect.id].count_label.text() == "2/2 UD"


def test_the_boards_light_it_lights_through_the_dt_panel(qtbot, rig: Rig) -> None:
    board = InventoryBoard()
    qtbot.addWidget(board)
    board.set_character(rig.characters.get(CROW))
    board.lighter = SessionLighter(rig.session)
    crow = rig.characters.get(CROW)

    def light_action(item_id: str) -> QAction | None:
        menu = board.build_menu(crow.items.find(item_id), Place(GROUND, None))
        return next((a for a in menu.actions() if a.objectName() == "light_action"), None)

    assert light_action("rope") is None  # no light, no entry
    lantern = light_action("lantern")
    assert lantern is not None and not lantern.isEnabled()
    torch = light_action("torch")
    assert torch is not None and torch.isEnabled()
    torch.trigger()
    assert [(e.crow, e.item_id) for e in rig.service.effects()] == [(CROW, "torch")]
    assert rig.panel.rows()  # the effects panel shows it at once


MARKED = "<b>Tamsin</b> <img src=x>Reed"


@pytest.fixture
def marked_name(monkeypatch) -> str:
    """Issue 29 §8: a crow named with markup (the rig's crow gets this name)."""
    monkeypatch.setattr(sys.modules[__name__], "CROW", MARKED)
    return MARKED


def test_a_crows_name_in_the_lights_tooltips_is_shown_as_typed(marked_name: str, rig: Rig) -> None:
    from refkit.gui.common.plain_text import rich_tooltip

    actions = menu_actions(rig)
    assert actions["light_torch"].toolTip() == rich_tooltip(f"Light it: {MARKED}'s item burns")
    actions["light_torch"].trigger()
    (row,) = rig.panel.rows().values()
    assert row.detail_label.toolTip() == rich_tooltip(
        f"{MARKED}'s own Torch: its usage dice are the ones on the sheet"
    )
    assert "<b>" not in row.detail_label.toolTip()
