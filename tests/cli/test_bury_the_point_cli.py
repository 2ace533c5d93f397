"""Bury the Point (Stabbing, issue 26): a stabbing weapon goes "useless until fixed" — a state of
its own, apart from ``damaged`` — with ``character useless NAME ITEM`` (one undo step); the
character file keeps it (optional ``"useless": true``), an attack with it is refused with one
``error:`` line, and the crow's Bury the Point rest activity fixes it."""

from __future__ import annotations

import json
from dataclasses import replace

from refkit.app.character_service import CharacterService
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.inventory.model import BACKPACK, HAND, Inventory, Item, StackInfo, TierDamage
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.cli.cli_helpers import assert_bad_input

STABBER = "Tamsin Reed"


def spear(**changes: object) -> Item:
    made = Item(
        "Spear", area=HAND, at=1, damage=TierDamage(3, 7), keywords=("stabbing", "brutal"),
        id="spear", tags=("weapon",),
    )  # fmt: skip
    return replace(made, **changes)  # type: ignore[arg-type]


def stabber(*items: Item) -> Character:
    rations = Item("Ration", area=BACKPACK, at=9, count=4, stack=StackInfo("ration", 6), id="r")
    made = Character(
        STABBER, Characteristics(0, 1, 2), Stamina(7, 7), items=Inventory((rations, *items), ())
    )
    return replace(made, traits=("Stabbing: Bury the Point",))


def table(cli, tmp_path, *items: Item):
    db = str(tmp_path / "refkit.sqlite3")
    with Database.open(db) as database:
        CharacterService(CharacterRepository(database)).create(stabber(*items))

    def run(*args: str):
        return cli("--db", db, *args)

    def sheet() -> dict:
        return json.loads(run("character", "export", STABBER, "--out", "-").out)

    return run, sheet


def test_a_useless_spear_is_kept_in_the_file_and_refused_for_an_attack(cli, tmp_path) -> None:
    run, sheet = table(cli, tmp_path, spear())
    assert run("attack", "--crow", STABBER, "--weapon", "Spear", "--dice", "7,8").code == 0
    marked = run("character", "useless", STABBER, "spear", "--json")
    assert marked.code == 0, marked.err
    assert marked.json == {"name": STABBER, "item": "Spear", "useless": True}
    item = next(i for i in sheet()["items"] if i["name"] == "Spear")
    assert item["useless"] is True and "damaged" not in item
    refused = run("attack", "--crow", STABBER, "--weapon", "Spear", "--dice", "7,8")
    assert_bad_input(refused, "Spear is useless until fixed", "Bury the Point")
    again = run("character", "useless", STABBER, "Spear")
    assert_bad_input(again, "already useless until fixed")
    fixed = run("character", "useless", STABBER, "Spear", "--fixed", "--json")
    assert fixed.json["useless"] is False
    assert "useless" not in next(i for i in sheet()["items"] if i["name"] == "Spear")


def test_a_crow_without_the_trait_cannot_bury_the_point(cli, tmp_path) -> None:
    run, sheet = table(cli, tmp_path, spear())
    with Database.open(str(tmp_path / "refkit.sqlite3")) as database:
        characters = CharacterService(CharacterRepository(database))
        characters.save(replace(characters.get(STABBER), traits=()))
    refused = run("character", "useless", STABBER, "Spear")
    assert_bad_input(refused, f"{STABBER} does not have the trait Bury the Point")
    assert all("useless" not in item for item in sheet()["items"])


def test_only_a_stabbing_weapon_buries_the_point(cli, tmp_path) -> None:
    axe = Item("Hand axe", area=HAND, at=2, damage=TierDamage(2, 5), keywords=("chopping",))
    run, sheet = table(cli, tmp_path, spear(), replace(axe, id="axe"))
    refused = run("character", "useless", STABBER, "Hand axe")
    assert_bad_input(refused, "Hand axe is not a stabbing weapon")
    assert_bad_input(run("character", "useless", STABBER, "Pike"), "no item called 'Pike'")
    assert all("useless" not in item for item in sheet()["items"])


def test_the_rest_activity_fixes_the_useless_weapon(cli, tmp_path) -> None:
    run, sheet = table(cli, tmp_path, spear(useless=True))
    assert run("travel", "journey", "start", "J", "--crow", STABBER).code == 0
    rest = run(
        "travel", "journey", "day", "--pace", "normal", "--slowest-speed", "5",
        "--encounter-die", "1", "--rest-die", "1", "--outside-miasma",
        "--activity", f"{STABBER}=trait:Bury the Point", "--json",
    )  # fmt: skip
    assert rest.code == 0, rest.err
    assert "useless" not in next(i for i in sheet()["items"] if i["name"] == "Spear")
    assert run("attack", "--crow", STABBER, "--weapon", "Spear", "--dice", "7,8").code == 0


def test_the_rest_activity_wants_a_useless_weapon(cli, tmp_path) -> None:
    run, _ = table(cli, tmp_path, spear())
    run("travel", "journey", "start", "J", "--crow", STABBER)
    refused = run(
        "travel", "journey", "day", "--pace", "normal", "--slowest-speed", "5",
        "--encounter-die", "1", "--rest-die", "1", "--outside-miasma",
        "--activity", f"{STABBER}=trait:Bury the Point",
    )  # fmt: skip
    assert_bad_input(refused, "carries no weapon that is useless until fixed")


def test_the_fight_refuses_an_attack_with_a_useless_weapon(cli, tmp_path) -> None:
    run, _ = table(cli, tmp_path, spear(useless=True))
    assert run("fight", "crows", STABBER).code == 0
    assert run("fight", "add", "Tunnel ghoul").code == 0
    before = run("fight", "show", "--json").json
    refused = run(
        "fight", "attack", STABBER, "--weapon", "Spear", "--target", "Tunnel ghoul 1",
        "--dice", "7,8",
    )  # fmt: skip
    assert_bad_input(refused, "cannot attack with it", "Spear is useless until fixed")
    assert run("fight", "show", "--json").json == before  # nothing written


def stamina(payload: dict, name: str) -> int:
    return next(c["stamina"] for c in payload["combatants"] if c["name"] == name)


def fight_attack(run, *extra: str, dice: str = "9,8"):
    return run(
        "fight", "attack", STABBER, "--weapon", "Spear", "--target", "Tunnel ghoul 1",
        "--dice", dice, "--json", *extra,
    )  # fmt: skip


def test_burying_the_point_doubles_the_hit_and_leaves_the_spear_useless(cli, tmp_path) -> None:
    run, sheet = table(cli, tmp_path, spear())
    run("fight", "crows", STABBER)
    run("fight", "add", "Tunnel ghoul", "--count", "2")
    plain = fight_attack(run, dice="6,5")
    assert plain.code == 0, plain.err
    assert plain.json["attack"]["bury_the_point"] is False
    run("fight", "remove", "Tunnel ghoul 1")  # a fresh ghoul of the same kind for the second hit
    buried = run(
        "fight", "attack", STABBER, "--weapon", "Spear", "--target", "Tunnel ghoul 2",
        "--dice", "6,5", "--json", "--bury-the-point",
    )  # fmt: skip
    assert buried.code == 0, buried.err
    hit, whole = buried.json["attack"], plain.json["attack"]
    assert hit["hit"] and hit["tier"] == whole["tier"] and hit["bury_the_point"] is True
    assert hit["damage"] == 2 * whole["damage"]
    assert "Bury the Point: double damage, the Spear useless until fixed" in buried.json["step"]
    # The ghoul (Stamina 9, AD 2) takes tier 2's 3+S = 5 less its AD, or double: 10 less its AD.
    assert whole["damage"] == 5 and stamina(plain.json, "Tunnel ghoul 1") == 9 - (5 - 2)
    assert stamina(buried.json, "Tunnel ghoul 2") == 9 - (10 - 2)
    spear_now = next(i for i in sheet()["items"] if i["name"] == "Spear")
    assert spear_now["useless"] is True


def test_a_missed_thrust_leaves_the_spear_whole(cli, tmp_path) -> None:
    run, sheet = table(cli, tmp_path, spear())
    run("fight", "crows", STABBER)
    run("fight", "add", "Tunnel ghoul")
    missed = fight_attack(run, "--bury-the-point", dice="1,2")
    assert missed.code == 0, missed.err
    assert (
        missed.json["attack"]["hit"] is False and missed.json["attack"]["bury_the_point"] is False
    )
    assert "useless" not in next(i for i in sheet()["items"] if i["name"] == "Spear")


def test_only_a_stabbing_melee_attack_of_a_crow_with_the_trait_buries_it(cli, tmp_path) -> None:
    axe = Item("Hand axe", area=HAND, at=2, damage=TierDamage(2, 5), keywords=("chopping",))
    run, _ = table(cli, tmp_path, spear(), replace(axe, id="axe"))
    run("fight", "crows", STABBER)
    run("fight", "add", "Tunnel ghoul")
    before = run("fight", "show", "--json").json
    refused = run(
        "fight", "attack", STABBER, "--weapon", "Hand axe", "--target", "Tunnel ghoul 1",
        "--dice", "9,8", "--bury-the-point",
    )  # fmt: skip
    assert_bad_input(refused, "Bury the Point takes a melee attack with a stabbing weapon")
    refused = run(
        "fight", "attack", "Tunnel ghoul 1", "--weapon", "claws", "--target", STABBER,
        "--dice", "9,8", "--bury-the-point",
    )  # fmt: skip
    assert refused.code == 2
    assert run("fight", "show", "--json").json == before


def test_attack_crow_works_out_a_buried_point_without_doing_it(cli, tmp_path) -> None:
    run, sheet = table(cli, tmp_path, spear())
    plain = run("attack", "--crow", STABBER, "--weapon", "Spear", "--dice", "6,5", "--json")
    buried = run(
        "attack", "--crow", STABBER, "--weapon", "Spear", "--dice", "6,5", "--json",
        "--bury-the-point",
    )  # fmt: skip
    assert buried.code == 0, buried.err
    assert plain.json["bury_the_point"] is False and buried.json["bury_the_point"] is True
    assert buried.json["damage"] == 2 * plain.json["damage"] > 0
    said = run(
        "attack", "--crow", STABBER, "--weapon", "Spear", "--dice", "6,5", "--bury-the-point"
    )
    assert "Bury the Point: double damage" in said.out
    assert "useless" not in next(i for i in sheet()["items"] if i["name"] == "Spear")
    numbers = run("attack", "--char", "2", "--damage", "3/7", "--dice", "6,5", "--bury-the-point")
    assert_bad_input(numbers, "--bury-the-point is a crow's trait")
