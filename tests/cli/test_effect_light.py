"""``refkit effect light CROW ITEM``: a crow's torch lit from the command line burns that item,
and End DT from the command line writes the dice it burnt on the crow's sheet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from refkit.cli import run_cli
from refkit.compose import open_character_service
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.inventory.model import HAND, Inventory, Item, UsageDiceState
from refkit.rules.usage_dice import UsageDiceMode

CROW = "Tamsin Reed"


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = str(tmp_path / "refkit.sqlite3")
    with open_character_service(url, seed_samples=False) as service:
        dice = UsageDiceState(
            2, 2, frozenset({UsageDiceMode.REFUEL, UsageDiceMode.DT}), "Oil flask"
        )
        items = Inventory((Item("Lantern", area=HAND, at=1, usage_dice=dice, id="lantern"),))
        service.create(Character(CROW, Characteristics(1, 1, 1), Stamina(6, 6), items=items))
    return url


def cli(db: str, *args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict, str]:
    code = run_cli(["--json", "--db", db, *args])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else {}), err


def test_light_a_crows_lantern_and_end_dt_burns_it_on_the_sheet(db, capsys) -> None:
    code, lit, _ = cli(db, "effect", "light", CROW, "Lantern", capsys=capsys)
    assert code == 0
    assert lit["effect"]["crow"] == CROW and lit["effect"]["item_id"] == "lantern"
    assert lit["effect"]["lit"] is True and lit["effect"]["usage_dice"] == 2
    assert cli(db, "dt", "start", "--dungeon", "Crypt", capsys=capsys)[0] == 0
    code, ended, _ = cli(db, "dt", "end", "--die", "3", "--seed", "11", capsys=capsys)
    assert code == 0
    (rolled,) = ended["usage_dice"]
    assert rolled["effect"] == "Tamsin Reed's Lantern"
    with open_character_service(db, seed_samples=False) as service:
        dice = service.get(CROW).items.find("lantern").usage_dice
    assert dice is not None and dice.current == rolled["after"]


def test_douse_from_the_command_line_burns_the_item_too(db, capsys) -> None:
    cli(db, "effect", "light", CROW, "lantern", capsys=capsys)
    code, doused, _ = cli(db, "effect", "douse", "Lantern", "--dice", "1,6", capsys=capsys)
    assert code == 0 and doused["usage_dice"]["after"] == 1
    with open_character_service(db, seed_samples=False) as service:
        dice = service.get(CROW).items.find("lantern").usage_dice
    assert dice is not None and dice.current == 1


@pytest.mark.parametrize(
    ("crow", "item", "message"),
    [
        ("Nobody", "Lantern", "no crow called 'Nobody'"),
        (CROW, "Rope", "carries no item 'Rope' (items: lantern Lantern)"),
    ],
)
def test_bad_crow_or_item_is_exit_2_and_nothing_is_tracked(db, capsys, crow, item, message):
    code, _, err = cli(db, "effect", "light", crow, item, capsys=capsys)
    assert code == 2
    assert err.startswith("error: ") and message in err
    assert cli(db, "effect", "list", capsys=capsys)[1]["effects"] == []


def test_refuel_without_oil_is_refused_with_the_reason(db, capsys) -> None:
    cli(db, "effect", "light", CROW, "Lantern", capsys=capsys)
    cli(db, "effect", "douse", "Lantern", "--dice", "1,6", capsys=capsys)
    code, _, err = cli(db, "effect", "refuel", "Lantern", capsys=capsys)
    assert code == 2
    assert "carries no Oil flask" in err
