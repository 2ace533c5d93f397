"""``refkit widowers tracker``: the chapter's table kept in the campaign's database, one undoable
step a command; a refusal is one error line and nothing written."""

from __future__ import annotations

import pytest

from refkit.app.games.widowers_table import WidowersTable
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database


@pytest.fixture
def wood(game_cli):
    return game_cli("widowers", "tracker")


def test_a_chapter_played_from_the_command_line(wood, db_path) -> None:
    wood("deck", "2")
    wood("hero", "Agata", "--init", "5", "--vit", "5")
    state = wood("hero", "Olo", "--init", "7", "--vit", "4")
    assert state["turn_order"] == ["Olo", "Agata"]
    state = wood("round", "--colour", "blue", "--environment", "Thick Fog")
    assert state["deck"] == {
        "cards_left": 1,
        "round": 1,
        "priority": "blue",
        "environment": "Thick Fog",
        "out_of_time": False,
    }
    state = wood("damage", "Olo", "9")
    olo = next(h for h in state["heroes"] if h["name"] == "Olo")
    assert (olo["health"], olo["status"]) == (0, "Incapacitated, Knocked Down")
    state = wood("spawning", "Olo")
    assert next(h for h in state["heroes"] if h["name"] == "Olo")["tokens"] == 2
    state = wood("revive", "Agata", "Olo")
    assert next(h for h in state["heroes"] if h["name"] == "Olo")["health"] == 2
    wood("villain", "Gatorman Club", "--index", "3", "--blue", "1")
    wood("villain", "Mist Speaker", "--index", "1", "--blue", "1", "--red", "2")
    order = wood("order")
    assert [(row["colour"], row["villain"]) for row in order["order"]] == [
        ("blue", "Mist Speaker"),
        ("blue", "Gatorman Club"),
        ("red", "Mist Speaker"),
    ]
    assert wood("order", "--colour", "red")["order"][0]["count"] == 2
    wood("round", "--colour", "red")
    state = wood("round", "--colour", "red")
    assert state["defeat"] == "the event deck ran out"
    with Database.open(db_path) as db:
        stored = WidowersTable(CharacterRepository(db)).read()[0]
    assert stored.deck.out_of_time and stored.hero("Agata").restoration is False


def test_refusals_are_one_line_and_write_nothing(wood, db_path) -> None:
    wood("hero", "Agata", "--init", "5", "--vit", "5")
    before = wood("show")
    assert "only an Incapacitated hero" in wood("spawning", "Agata", code=2)
    assert "no hero named" in wood("damage", "Nobody", "1", code=2)
    assert "cannot revive itself" in wood("revive", "Agata", "Agata", code=2)
    assert "no round has begun" in wood("order", code=2)
    assert "at the table already" in wood("hero", "agata", "--init", "1", "--vit", "1", code=2)
    assert wood("show") == before
