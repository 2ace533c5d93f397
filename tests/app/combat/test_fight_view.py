"""The fight as the tracker and the players' window show it: standing in words, a crow's bars
from its sheet, and a players' line that never gives Stamina or AD."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.combat.fight_view import Gauge, combatant_rows, players_fight
from refkit.compose import Services


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as built:
        yield built


def test_rows_say_standing_in_words_and_read_crows_from_their_sheets(services: Services) -> None:
    fight = services.fight
    fight.add_creatures("Tunnel ghoul", 3).do()
    fight.add_crows(["Wren Ashdown"]).do()
    fight.damage("Tunnel ghoul 1", 30, knock_out=True)[0].do()
    fight.damage("Tunnel ghoul 2", 30)[0].do()
    fight.damage("Tunnel ghoul 3", 4)[0].do()
    fight.toggle_condition("Wren Ashdown", "unconscious").do()
    sheet = services.characters.get("Wren Ashdown")
    rows = {row.name: row for row in combatant_rows(fight.state, services.characters.get)}
    assert rows["Tunnel ghoul 1"].state == "knocked out"
    assert rows["Tunnel ghoul 2"].state == "dead"
    assert (rows["Tunnel ghoul 3"].stamina, rows["Tunnel ghoul 3"].ad) == (Gauge(7, 9), Gauge(0, 2))
    wren = rows["Wren Ashdown"]
    assert wren.state.startswith("down")
    assert (wren.stamina.current, wren.stamina.most) == (sheet.stamina.current, sheet.stamina.max)


def test_the_players_see_wounded_and_down_never_stamina_or_ad(services: Services) -> None:
    fight = services.fight
    assert players_fight(fight.state) is None  # no fight: nothing shown
    fight.add_creatures("Tunnel ghoul", 3).do()
    fight.add_crows(["Wren Ashdown", "Brannoc Tull"]).do()
    fight.damage("Tunnel ghoul 1", 4)[0].do()
    fight.damage("Tunnel ghoul 2", 30)[0].do()
    fight.toggle_condition("Wren Ashdown", "unconscious").do()
    fight.start_round(die=8).do()
    shown = players_fight(fight.state, services.characters.get)
    assert shown is not None
    assert (shown.round_text, shown.side_text) == ("Round 1", "The crows act")
    assert dict(shown.combatants) == {
        "Tunnel ghoul 1": "wounded",
        "Tunnel ghoul 2": "down",
        "Tunnel ghoul 3": "",
        "Wren Ashdown": "down",
        "Brannoc Tull": "",
    }
    assert shown.line == (
        "Round 1 · The crows act — Tunnel ghoul 1 (wounded), Tunnel ghoul 2 (down), "
        "Tunnel ghoul 3, Wren Ashdown (down), Brannoc Tull"
    )
