"""The item catalogue panel: the kind filter and keyword search narrow 136 cards; the preview says
the card's numbers; a shipped card goes onto a crow with its print."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.compose import open_character_service
from refkit.gui.characters.catalogue_panel import KINDS, CataloguePanel
from refkit.gui.characters.session import CharacterSession
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.rules.inventory.catalogue import CatalogueItem

WREN = "Wren Ashdown"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(tmp_path / "refkit.sqlite3")) as opened:
        yield opened


@pytest.fixture
def session(qapp, service: CharacterService) -> Iterator[CharacterSession]:
    opened = CharacterSession(service, RefkitUndoStack(), rng=random.Random(7))
    yield opened
    opened.shutdown()


@pytest.fixture
def panel(qtbot, session: CharacterSession) -> CataloguePanel:
    widget = CataloguePanel(session)
    qtbot.addWidget(widget)
    widget.resize(420, 700)
    return widget


def shown(panel: CataloguePanel) -> list[str]:
    return [
        panel.list.item(row).text()
        for row in range(panel.list.count())
        if not panel.list.item(row).isHidden()
    ]


def choose_kind(panel: CataloguePanel, label: str) -> None:
    panel.kind.setCurrentIndex([kind for kind, _tags in KINDS].index(label))


def test_the_kind_filter_shows_one_kind(panel: CataloguePanel) -> None:
    assert len(shown(panel)) == 136
    choose_kind(panel, "Spellbooks")
    books = shown(panel)
    assert len(books) == 27 and all(name.endswith(" book") for name in books)
    choose_kind(panel, "Armour and shields")
    assert shown(panel) == ["Heavy armor", "Light armor", "Medium armor", "Shield"]
    choose_kind(panel, "Tools")
    assert {"Alchemist's tools", "Blacksmith's tools", "Enchanter's tools"} <= set(shown(panel))
    choose_kind(panel, "All items")
    assert len(shown(panel)) == 136


def test_search_finds_weapon_keywords_within_the_kind(panel: CataloguePanel) -> None:
    panel.search.setText("parry")
    assert shown(panel) == [
        "Exploding greatsword",
        "Glaive",
        "Greatsword",
        "Knife",
        "Steel knife",
        "Sword",
    ]
    choose_kind(panel, "Spellbooks")
    assert shown(panel) == []


def test_own_items_have_a_kind_of_their_own(panel: CataloguePanel, session) -> None:
    session.add_custom_item(CatalogueItem(name="Bone charm", tags=("trinket",), notes="Lucky"))
    choose_kind(panel, "Your own items")
    assert shown(panel) == ["Bone charm  ·  yours"]


def test_the_preview_says_the_cards_numbers(panel: CataloguePanel) -> None:
    assert panel.choose("Crossbow")
    assert panel.facts.text() == (
        "2 slots · damage 4+A / 8+A · bow, reload · ranged 15 · 15 gc · "
        "crafting Blacksmithing 1 | 1 hickory log | 10"
    )
    assert panel.choose("Lantern")
    assert "UD 2 (Refuel with Oil flask; DT)" in panel.facts.text()
    assert "25 gc (Fine 1,000 · MW 2,000)" in panel.facts.text()


def test_a_card_added_to_a_crow_keeps_its_print(panel: CataloguePanel, session) -> None:
    session.open(WREN)
    assert panel.choose("Sword")
    panel.add_current()
    sword = next(item for item in session.character().items if item.name == "Sword")
    assert sword.keywords == ("slashing", "disengage", "parry 4")
    assert session.service.get(WREN).items.find(sword.id).price.gc == 12


def _count(session: CharacterSession, name: str) -> int:
    crow = session.character()
    assert crow is not None
    return sum(item.count for item in crow.items if item.name == name)


def test_a_search_that_hides_the_chosen_item_moves_the_preview_and_the_add(
    panel: CataloguePanel, session: CharacterSession
) -> None:
    """Issue 24 item 4: Axe chosen, search "torch": the preview and the add follow Torch."""
    session.open(WREN)
    axes, torches = _count(session, "Axe"), _count(session, "Torch")
    assert panel.choose("Axe")
    panel.search.setText("torch")
    assert shown(panel) == ["Torch"]
    entry = panel.current_entry()
    assert entry is not None and entry.name == "Torch"
    face = panel.card.face()
    assert face is not None and face.name == "Torch"
    panel.add_current()
    assert _count(session, "Axe") == axes
    assert _count(session, "Torch") == torches + 1


def test_a_search_that_shows_nothing_leaves_nothing_to_add(
    panel: CataloguePanel, session: CharacterSession
) -> None:
    session.open(WREN)
    assert panel.choose("Axe")
    panel.search.setText("no such thing at all")
    assert shown(panel) == []
    assert panel.current_entry() is None
    assert not panel.add_button.isEnabled()


def test_armour_spelled_the_british_way_finds_the_armor(panel: CataloguePanel) -> None:
    """Issue 24 item 8: "armour" finds the armour (the cards say "armor")."""
    panel.search.setText("armour")
    found = shown(panel)
    panel.search.setText("armor")
    assert found and found == shown(panel)
