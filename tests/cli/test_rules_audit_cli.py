"""Issue 25, the rules audit, through the command line's JSON (one test or more per item)."""

from __future__ import annotations

import json

from refkit.rules.character.file_format import dump_character_json
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import BACKPACK, Inventory
from tests.cli.cli_helpers import assert_bad_input


def _day(cli, *args):
    run = cli(
        "travel", "journey", "day", "--pace", "normal", "--slowest-speed", "5", *args, "--json"
    )
    assert run.code == 0, run.err
    return run.json


def test_item_1_the_same_effects_die_twice_gives_a_different_pair(cli):
    cli("travel", "journey", "start", "J", "--traveller", "Mara=1,2,0")
    forced = ("--miasma-dice", "Mara=1,1", "--effects-die", "Mara=4")
    (first,) = _day(cli, *forced)["miasma"]
    (second,) = _day(cli, *forced)["miasma"]
    assert (first["cruelty"], second["cruelty"]) == (1, 2)
    assert first["effects"] and second["effects"]
    assert second["effects"] != first["effects"]  # 4 + 2 is the 5–6 pair again: rolled again


def _standing(fight_json):
    return {c["name"]: c["standing"] for c in fight_json["combatants"]}


def test_item_2_a_crow_killed_by_wounds_is_dead_in_the_fight_and_gets_no_turn(cli):
    cli("fight", "crows")
    cli("fight", "add", "Tunnel ghoul")
    cli("fight", "damage", "Hesper Quill", "20")
    cli("fight", "damage", "Hesper Quill", "3")
    assert cli("character", "list", "--json").json["characters"][1]["dead"] is True
    shown = cli("fight", "show", "--json").json
    assert _standing(shown)["Hesper Quill"] == "dead"
    turns = [cli("fight", "round", "--die", "10", "--json").json["current"]]
    while turns[-1] is not None:
        turns.append(cli("fight", "next", "--json").json["current"])
    assert "Hesper Quill" not in turns and "Wren Ashdown" in turns
    assert_bad_input(cli("fight", "attack", "Hesper Quill", "--weapon", "Dagger",
                         "--target", "Tunnel ghoul 1"), "Hesper Quill")  # fmt: skip


def test_item_2_a_crow_dead_on_its_sheet_is_shown_dead_in_the_fight(cli, tmp_path):
    cli("fight", "crows")
    cli("fight", "round", "--die", "10")  # the crows act first
    assert _standing(cli("fight", "show", "--json").json)["Wren Ashdown"] == "fighting"
    sheet = json.loads(cli("character", "export", "Wren Ashdown", "--out", "-").out)
    sheet["wounds"] = list(range(1, 11))
    path = tmp_path / "wren.crow.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    assert cli("character", "import", str(path), "--replace").code == 0
    assert _standing(cli("fight", "show", "--json").json)["Wren Ashdown"] == "dead"
    turns = []
    while (current := cli("fight", "next", "--json").json["current"]) is not None:
        turns.append(current)
    assert "Wren Ashdown" not in turns and "Hesper Quill" in turns


def test_item_5_wounds_waiting_are_listed_and_placed_one_by_one(cli):
    cli("fight", "crows")
    hit = cli("fight", "damage", "Hesper Quill", "12", "--json").json
    assert hit["wounds_to_place"] == 2
    (hesper,) = [c for c in cli("character", "list", "--json").json["characters"]
                 if c["name"] == "Hesper Quill"]  # fmt: skip
    assert (hesper["wounds"], hesper["wounds_to_place"], hesper["wounds_to_heal"]) == (0, 2, 0)
    placed = cli("character", "wound", "place", "Hesper Quill", "--slot", "4", "--json")
    assert placed.code == 0, placed.err
    assert (placed.json["wounds"], placed.json["wounds_to_place"]) == (1, 1)
    assert_bad_input(
        cli("character", "wound", "place", "Hesper Quill", "--slot", "4"), "slot 4 already"
    )
    assert_bad_input(cli("character", "wound", "place", "Hesper Quill", "--slot", "11"), "1–10")
    cli("character", "wound", "place", "Hesper Quill", "--slot", "5")
    assert_bad_input(
        cli("character", "wound", "place", "Hesper Quill", "--slot", "6"), "no wound waiting"
    )
    assert_bad_input(
        cli("character", "wound", "heal", "Hesper Quill", "--slot", "4"), "no wound waiting"
    )
    listed = cli("character", "list", "--json").json["characters"]
    assert [c["wounds"] for c in listed if c["name"] == "Hesper Quill"] == [2]


def test_item_5_a_rest_leaves_a_wound_to_heal_that_the_player_picks(cli):
    cli("fight", "crows")
    cli("fight", "damage", "Hesper Quill", "12")
    cli("character", "wound", "place", "Hesper Quill", "--slot", "4")
    cli("character", "wound", "place", "Hesper Quill", "--slot", "5")
    cli("dt", "party", "The Sample Party")
    cli("dt", "start", "--dungeon", "Crypt")
    cli("dt", "rest", "start")
    cli("dt", "rest", "halfway")
    rest = cli("dt", "rest", "finish")
    assert rest.code == 0, rest.err
    (hesper,) = [c for c in cli("character", "list", "--json").json["characters"]
                 if c["name"] == "Hesper Quill"]  # fmt: skip
    assert hesper["wounds_to_heal"] == 1
    healed = cli("character", "wound", "heal", "Hesper Quill", "--slot", "5", "--json")
    assert healed.code == 0, healed.err
    assert (healed.json["wounds"], healed.json["wounds_to_heal"]) == (1, 0)


def test_item_8_first_names_for_crow(cli):
    cli("dt", "party", "The Sample Party")
    cli("dt", "start", "--dungeon", "Crypt")
    cli("dt", "rest", "start")
    cli("dt", "rest", "halfway")
    cli("dt", "rest", "finish", "--activity", "Wren=prepare:agility")
    test = cli("test", "--crow", "Wren", "--char", "agility", "--prepared", "--json")
    assert test.code == 0, test.err
    assert test.json["crow"] == "Wren Ashdown" and test.json["prepared"] == "agility"
    harvest = cli("craft", "harvest", "--crow", "wren", "--size", "small", "--json")
    assert harvest.code == 0, harvest.err
    assert harvest.json["crow"] == "Wren Ashdown"
    journey = cli("travel", "journey", "start", "J", "--crow", "Hesper", "--json")
    assert journey.code == 0, journey.err
    assert journey.json["travellers"] == ["Hesper Quill"]
    attack = cli("attack", "--crow", "Wren", "--weapon", "Shortbow", "--target", "Tunnel ghoul",
                 "--dice", "5,5", "--json")  # fmt: skip
    assert attack.code == 0, attack.err
    assert_bad_input(cli("test", "--crow", "Nobody", "--char", "agility"), "Nobody")


def _ad(cli, crow):
    sheet = json.loads(cli("character", "export", crow, "--out", "-").out)
    return {item["name"]: item["armor"]["ad"] for item in sheet["items"] if item.get("armor")}


def test_item_6_the_owner_picks_which_armour_loses_ad_first(cli):
    cli("fight", "crows")
    assert _ad(cli, "Brannoc Tull") == {"Shield": 5, "Medium armor": 10}
    first = cli("fight", "damage", "Brannoc Tull", "3", "--armour", "Medium armor", "--json")
    assert first.code == 0, first.err
    assert _ad(cli, "Brannoc Tull") == {"Shield": 5, "Medium armor": 7}
    second = cli("fight", "damage", "Brannoc Tull", "9", "--armour", "shield-1",
                 "--armour", "Medium armor", "--json")  # fmt: skip
    assert second.code == 0, second.err
    assert _ad(cli, "Brannoc Tull") == {"Shield": 0, "Medium armor": 3}
    assert_bad_input(
        cli("fight", "damage", "Brannoc Tull", "1", "--armour", "Cloak"), "Cloak", "Shield"
    )
    cli("fight", "add", "Tunnel ghoul")
    assert_bad_input(
        cli("fight", "damage", "Tunnel ghoul 1", "1", "--armour", "Shield"), "a crow's choice"
    )
    assert _ad(cli, "Brannoc Tull") == {"Shield": 0, "Medium armor": 3}


def test_item_7_the_dungeon_checks_take_the_en_toggles(cli):
    cli("dt", "start", "--dungeon", "Crypt")
    plain = cli("dt", "noise", "--die", "8", "--json").json
    assert (plain["en"], plain["encounter"]) == (9, False)
    toggled = cli("dt", "noise", "--die", "8", "--crowded", "--chaos", "--json").json
    assert (toggled["en"], toggled["encounter"]) == (7, True)
    kept = cli("dt", "end", "--die", "8", "--json")
    assert kept.code == 0, kept.err
    assert kept.json["encounter"]["en"] == 7  # the toggles stay set, as in the window
    cli("dt", "resolve")
    cli("dt", "resolve")
    one_off = cli("dt", "end", "--die", "8", "--no-chaos", "--json").json
    assert one_off["encounter"]["en"] == 8
    cli("dt", "rest", "start")
    check = cli("dt", "rest", "check", "--die", "8", "--no-crowded", "--json")
    assert check.code == 0, check.err
    assert check.json["en"] == 9


def test_item_7_a_refused_check_keeps_no_toggle(cli):
    refused = cli("dt", "noise", "--die", "8", "--crowded")  # no DT running
    assert refused.code == 2, refused
    cli("dt", "start", "--dungeon", "Crypt")
    assert cli("dt", "noise", "--die", "8", "--json").json["en"] == 9


def test_item_11_dice_given_ahead_that_are_not_needed_are_reported_unused(cli):
    run = cli("travel", "miasma", "--mind", "3", "--cruelty", "0", "--dice", "5,5",
              "--effects-die", "4", "--json")  # fmt: skip
    assert run.code == 0, run.err
    assert run.json["tier"] == 2 and run.json["effects"] is None
    assert run.json["unused_dice"] == [{"option": "--effects-die", "dice": [4]}]
    needed = cli("travel", "miasma", "--mind", "0", "--cruelty", "0", "--dice", "1,1",
                 "--effects-die", "4", "--json").json  # fmt: skip
    assert needed["unused_dice"] == [] and needed["effects_index"] == 5
    cli("travel", "journey", "start", "J", "--traveller", "Mara=1,2,0")
    day = _day(cli, "--miasma-dice", "Mara=9,9", "--effects-die", "Mara=5")
    assert day["unused_dice"] == [{"option": "--effects-die", "traveller": "Mara", "dice": [5]}]
    assert_bad_input(
        cli(
            "travel",
            "miasma",
            "--mind",
            "3",
            "--cruelty",
            "0",
            "--dice",
            "5,5",
            "--effects-die",
            "11",
        ),
        "--effects-die",
    )


LOST_DAY = (
    "--route", "SE,SE", "--role", "Mara=shortcut", "--test", "Mara=1,5",
    "--encounter-die", "3", "--lost-dice", "1,1", "--rest-die", "2",
    "--miasma-dice", "Mara=6,6",
)  # fmt: skip


def test_item_4_a_lost_partys_guide_must_make_back_on_track(cli):
    cli("travel", "journey", "start", "J", "--traveller", "Mara=1,2,0")
    _day(cli, *LOST_DAY)
    before = cli("travel", "journey", "status", "--referee", "--json").json
    assert before["lost"] is True
    refused = cli("travel", "journey", "day", "--pace", "normal", "--slowest-speed", "5",
                  "--role", "Mara=normal-route", "--json")  # fmt: skip
    assert_bad_input(refused, "the party is lost", "Back on Track")
    assert cli("travel", "journey", "status", "--referee", "--json").json == before
    _day(cli, "--role", "Mara=back-on-track", "--test", "Mara=9,9", "--miasma-dice", "Mara=6,6")
    assert cli("travel", "journey", "status", "--referee", "--json").json["lost"] is False


def test_item_10_one_name_rule_for_crafting_projects_journeys_and_tables(cli, tmp_path):
    smith = tmp_path / "smith.crow.json"
    tools = find_catalogue_item(load_item_catalogue(), "Blacksmith's tools").to_item()
    crow = Character(
        "Tamsin Vey",
        Characteristics(1, 1, 2),
        Stamina(5, 5),
        expertises=(Expertise("Blacksmithing", "general", 2),),
        items=Inventory((tools.moved_to(BACKPACK, 1),)),
    )
    smith.write_text(dump_character_json(crow), encoding="utf-8")
    imported = cli("character", "import", str(smith))
    assert imported.code == 0, imported.err
    started = cli("craft", "project", "start", "--item", "knife", "--crafter", "Tamsin Vey",
                  "--name", "two  spaces", "--json")  # fmt: skip
    assert started.code == 0, started.err
    assert started.json["name"] == "two spaces"
    assert cli("craft", "project", "show", "two  spaces", "--json").json["name"] == "two spaces"
    for args in (
        ("craft", "project", "start", "--item", "knife", "--crafter", "Tamsin Vey",
         "--name", "tab\there"),
        ("travel", "journey", "start", "line\nbreak", "--crow", "Wren"),
    ):  # fmt: skip
        assert_bad_input(cli(*args), "U+", "a name is plain text")
    rows = tmp_path / "rows.txt"
    rows.write_text("1 a\n2 b\n", encoding="utf-8")
    assert_bad_input(cli("table", "import", str(rows), "--name", "Tab\tbed", "--dice", "d2"), "TAB")
    assert "Tab bed" not in cli("table", "list").out


def test_item_10_attack_text_names_the_vulnerable_die(cli):
    run = cli("attack", "--char", "2", "--damage", "3/5", "--target-stamina", "10",
              "--target-condition", "vulnerable", "--dice", "9,9", "--seed", "3",
              "--json")  # fmt: skip
    die = run.json["vulnerable_die"]
    assert die is not None
    text = cli("attack", "--char", "2", "--damage", "3/5", "--target-stamina", "10",
               "--target-condition", "vulnerable", "--dice", "9,9", "--seed", "3").out  # fmt: skip
    assert f"hit for 7 damage + {die} (the vulnerable target's d6)" in text


def test_item_9_the_falling_rr_takes_dice_off(cli):
    plain = cli("hazard", "fall", "--feet", "25", "--dice", "4,5", "--json").json
    assert plain["damage"] == 9 and "rr_tier" not in plain
    saved = cli("hazard", "fall", "--feet", "25", "--agility", "1", "--rr-dice", "6,6",
                "--dice", "4,5", "--json")  # fmt: skip
    assert saved.code == 0, saved.err
    assert (saved.json["rr_tier"], saved.json["dice"], saved.json["damage"]) == (2, 1, 4)
    assert saved.json["unused_dice"] == [{"option": "--dice", "dice": [5]}]
    assert_bad_input(cli("hazard", "fall", "--feet", "25", "--rr-dice", "6,6"), "--agility")


def test_item_9_the_slowest_speed_is_read_from_the_travellers_sheets(cli):
    cli("fight", "crows")
    cli("fight", "damage", "Hesper Quill", "12")  # two wounds to place
    cli("character", "wound", "place", "Hesper", "--slot", "3")  # on items: speed 3
    cli("character", "wound", "place", "Hesper", "--slot", "4")
    speeds = {c["name"]: c["speed"] for c in cli("character", "list", "--json").json["characters"]}
    assert min(speeds.values()) == speeds["Hesper Quill"] == 3
    cli("travel", "journey", "start", "T", "--party", "The Sample Party")
    begun = cli("travel", "journey", "step", "begin", "--pace", "normal", "--json")
    assert begun.code == 0, begun.err
    cli("travel", "journey", "step", "undo")
    day = cli("travel", "journey", "day", "--pace", "normal", "--json").json
    alone = cli("travel", "day", "--pace", "normal", "--slowest-speed", "3", "--json").json
    faster = cli("travel", "day", "--pace", "normal", "--slowest-speed", "5", "--json").json
    assert day["hexes"] == alone["hexes"] != faster["hexes"]
    cli("travel", "journey", "start", "T2", "--crow", "Wren", "--traveller", "Mule=0,-3,3,animal")
    assert_bad_input(
        cli("travel", "journey", "day", "--pace", "normal", "--journey", "T2"),
        "give --slowest-speed",
        "Mule",
    )


def test_item_9_toppling_by_strength_is_tested_and_ropes_do_the_rest(cli):
    ropes = cli("hazard", "topple", "--object", "huge", "--creature", "medium",
                "--your-size", "small", "--dice", "1,1,1,1,1", "--json")  # fmt: skip
    assert ropes.code == 0, ropes.err
    assert ropes.json["effort"] == {"cost": "tools", "test": False, "banes": 0}
    base = ("hazard", "topple", "--object", "large", "--creature", "medium",
            "--your-size", "medium", "--strength", "1", "--dice", "3,4,5", "--json")  # fmt: skip
    still = cli(*base, "--test-dice", "1,2").json
    assert (still["toppled"], still["damage"], still["test"]["tier"]) == (False, 0, 1)
    assert still["unused_dice"] == [{"option": "--dice", "dice": [3, 4, 5]}]
    hurt = cli(*base, "--test-dice", "7,7", "--self-die", "4").json
    assert (hurt["toppled"], hurt["damage"], hurt["test"]["self_damage"]) == (True, 12, 4)
    clean = cli(*base, "--test-dice", "9,9").json
    assert (clean["test"]["tier"], clean["test"]["self_damage"], clean["damage"]) == (3, None, 12)
    assert_bad_input(
        cli(
            "hazard",
            "topple",
            "--object",
            "small",
            "--creature",
            "small",
            "--your-size",
            "medium",
            "--strength",
            "1",
        ),
        "no Strength test",
    )


CAST = ("cast", "--rank", "0", "--book-ud", "3", "--chaos", "3", "--ud-dice", "6,6,6")


def test_item_10_cast_says_an_attack_spells_damage_and_a_melee_miss_opens_a_counter(cli):
    hit = cli(*CAST, "--mind", "1", "--spell", "Fire Lance", "--dice", "6,6", "--json").json
    assert (hit["spell_tier"], hit["damage"]) == (2, 3)  # 2+M with Mind 1
    text = cli(*CAST, "--mind", "1", "--spell", "Fire Lance", "--dice", "6,6").out
    assert "tier 2: A hit. (2+M = 3 damage)" in text
    ranged_miss = cli(*CAST, "--mind", "0", "--spell", "Fire Lance", "--dice", "3,4").out
    assert ranged_miss.rstrip().endswith("tier 1: a miss")  # a ranged attack is not countered
    melee = cli(*CAST, "--mind", "0", "--spell", "Fire Hands", "--dice", "3,4", "--json").json
    assert (melee["spell_tier"], melee["damage"]) == (1, None)
    melee_text = cli(*CAST, "--mind", "0", "--spell", "Fire Hands", "--dice", "3,4").out
    assert "tier 1: a miss: the target may counter" in melee_text


def test_item_11_a_days_dice_given_ahead_that_it_did_not_need_are_unused(cli):
    cli("travel", "journey", "start", "J", "--traveller", "Mara=1,2,0")
    before = cli("travel", "journey", "status", "--referee", "--json").json
    day = _day(cli, "--route", "SE", "--role", "Mara=normal-route", "--test", "Mara=9,9",
               "--lost-dice", "3,4", "--no-rest", "--rest-die", "4",
               "--miasma-dice", "Mara=6,6", "--effects-die", "Mara=2")  # fmt: skip
    assert day["unused_dice"] == [
        {"option": "--lost-dice", "dice": [3, 4]},  # the guide kept the party on its way
        {"option": "--miasma-dice", "traveller": "Mara", "dice": [6, 6]},
        {"option": "--effects-die", "traveller": "Mara", "dice": [2]},
        {"option": "--rest-die", "dice": [4]},
    ]
    after = cli("travel", "journey", "status", "--referee", "--json").json
    assert after["day"] == before["day"] + 1 and after["lost"] is False


def test_item_11_a_hazard_that_calls_for_no_dice_keeps_the_ones_given_as_unused(cli):
    short = cli("hazard", "fall", "--feet", "5", "--dice", "3", "--json")
    assert short.code == 0, short.err
    assert (short.json["damage"], short.json["unused_dice"]) == (
        0,
        [{"option": "--dice", "dice": [3]}],
    )
    assert_bad_input(cli("hazard", "fall", "--feet", "5", "--dice", "9"), "--dice")


def test_item_9_an_opportunity_attacks_tier_1_cannot_be_countered(cli):
    base = ("attack", "--char", "1", "--damage", "2/4", "--dice", "3,4", "--json")
    plain = cli(*base).json
    assert (plain["tier"], plain["counter_tier"]) == (1, 2) and plain["odds"]["counter"] > 0
    chance = cli(*base, "--opportunity").json
    assert (chance["tier"], chance["counter_tier"], chance["odds"]["counter"]) == (1, None, 0)
