"""Issue 25 item 9 (and 11) through the command line's JSON: opportunity attacks inside
``fight attack``, Grab, Escape Grab and Knockback as fight steps."""

from __future__ import annotations

import json

from tests.cli.cli_helpers import assert_bad_input


def _fight(cli):
    cli("fight", "crows")
    cli("fight", "add", "Tunnel ghoul")
    cli("fight", "round", "--die", "3")  # the enemies act first


def test_an_opportunity_attack_in_the_fight_offers_no_counter_on_its_miss(cli):
    _fight(cli)
    args = ("fight", "attack", "Tunnel ghoul 1", "--weapon", "grave bite",
            "--target", "Wren Ashdown", "--dice", "1,2", "--json")  # fmt: skip
    plain = cli(*args).json["attack"]
    assert (plain["hit"], plain["counter_tier"]) == (False, 3)  # a doom: tier 3 counter
    chance = cli(*args, "--opportunity").json
    assert chance["attack"]["counter_tier"] is None
    assert chance["attack"]["counter_damage"] is None
    assert chance["attack"]["opportunity"] is True
    assert "no counter" in chance["step"]
    assert "opportunity" in chance["step"]


# -- item 11: dice rolled ahead that a step turns out not to need ------------------------------

JOURNEY = ("--traveller", "Mara=1,2,0", "--traveller", "Pip=1,2,0,animal")


def _to_the_miasma(cli, *begin):
    cli("travel", "journey", "start", "J", *JOURNEY)
    cli("travel", "journey", "step", "begin", "--pace", "normal", "--slowest-speed", "5", *begin)
    cli("travel", "journey", "step", "encounter", "--die", "1")
    cli("travel", "journey", "step", "rest", "--die", "1")


def test_the_miasma_step_reports_dice_it_does_not_need_instead_of_refusing(cli):
    _to_the_miasma(cli)
    run = cli("travel", "journey", "step", "miasma", "--dice", "Mara=9,9", "--dice", "Pip=5,5",
              "--effects-die", "Mara=4", "--json")  # fmt: skip
    assert run.code == 0, run.err
    assert [t["traveller"] for t in run.json["miasma"]] == ["Mara"]  # an animal makes no test
    assert run.json["unused_dice"] == [
        {"option": "--dice", "traveller": "Pip", "dice": [5, 5]},
        {"option": "--effects-die", "traveller": "Mara", "dice": [4]},  # tier 3: no effects
    ]
    shown = cli("travel", "journey", "step", "show", "--json").json
    assert shown["unused_dice"] == run.json["unused_dice"]  # the step taken again says it too
    assert "unused" in cli("travel", "journey", "step", "show").out


def test_the_miasma_step_outside_the_miasma_keeps_the_dice_as_unused(cli):
    _to_the_miasma(cli, "--outside-miasma")
    run = cli("travel", "journey", "step", "miasma", "--dice", "Mara=9,9", "--json")
    assert run.code == 0, run.err
    assert run.json["unused_dice"] == [{"option": "--dice", "traveller": "Mara", "dice": [9, 9]}]


def test_the_miasma_step_still_refuses_dice_for_someone_not_on_the_journey(cli):
    _to_the_miasma(cli)
    assert_bad_input(cli("travel", "journey", "step", "miasma", "--dice", "Nobody=9,9"), "Nobody")


def test_attack_and_test_keep_faces_they_do_not_need_as_unused(cli):
    hit = cli("attack", "--char", "2", "--damage", "3/6", "--dice", "9,9,5,1", "--json")
    assert hit.code == 0, hit.err
    assert hit.json["tier"] == 3 and hit.json["dice"] == [9, 9]
    assert hit.json["unused_dice"] == [{"option": "--dice", "dice": [5, 1]}]  # no stray die
    assert "unused" in cli("attack", "--char", "2", "--damage", "3/6", "--dice", "9,9,5").out
    needed = cli("attack", "--char", "2", "--damage", "3/6", "--dice", "9,9", "--json").json
    assert "unused_dice" not in needed
    rolled = cli("test", "--char", "1", "--dice", "7,9,4", "--json")
    assert rolled.code == 0, rolled.err
    assert (rolled.json["dice"], rolled.json["total"]) == ([7, 9], 17)
    assert rolled.json["unused_dice"] == [{"option": "--dice", "dice": [4]}]
    assert_bad_input(cli("test", "--char", "1", "--dice", "7,11,4"), "--dice")  # still faces
    assert_bad_input(cli("test", "--char", "1", "--dice", "7"), "--dice")


def test_a_fight_attack_keeps_the_faces_it_does_not_need_as_unused(cli):
    _fight(cli)
    run = cli("fight", "attack", "Tunnel ghoul 1", "--weapon", "grave bite",
              "--target", "Wren Ashdown", "--dice", "1,2,6", "--json")  # fmt: skip
    assert run.code == 0, run.err
    assert run.json["attack"]["unused_dice"] == [{"option": "--dice", "dice": [6]}]


# -- Grab, Escape Grab and Knockback -----------------------------------------------------------


def _standing_of(shown, name):
    (fighter,) = [c for c in shown["combatants"] if c["name"] == name]
    return fighter


def test_grab_escape_and_knockback_are_fight_steps(cli):
    _fight(cli)
    grab = cli("fight", "grab", "Tunnel ghoul 1", "--target", "Wren Ashdown", "--dice", "9,9",
               "--json")  # fmt: skip
    assert grab.code == 0, grab.err
    assert grab.json["maneuver"]["grabbed"] and grab.json["maneuver"]["tier"] == 3
    assert _standing_of(grab.json, "Wren Ashdown")["grabbed_by"] == "Tunnel ghoul 1"
    sheet = json.loads(cli("character", "export", "Wren Ashdown", "--out", "-").out)
    assert "grabbed" in sheet["conditions"]  # on the crow's sheet, in the same step
    assert "grabbed by Tunnel ghoul 1" in cli("fight", "show").out

    again = cli("fight", "grab", "Tunnel ghoul 1", "--target", "Hesper Quill", "--dice", "9,9")
    assert_bad_input(again, "one grab at a time")

    escape = cli("fight", "escape", "Wren Ashdown", "--dice", "5,5", "--break-free", "--json")
    assert escape.code == 0, escape.err
    move = escape.json["maneuver"]
    assert (move["target"], move["tier"], move["freed"], move["counter_tier"]) == (
        "Tunnel ghoul 1", 2, True, 2)  # fmt: skip
    assert move["counter_damage"] is not None and "may counter" in escape.json["step"]
    assert _standing_of(escape.json, "Wren Ashdown")["grabbed_by"] is None

    knock = cli("fight", "knockback", "Hesper Quill", "--target", "Tunnel ghoul 1",
                "--dice", "1,1,7", "--json")  # fmt: skip
    assert knock.code == 0, knock.err
    assert (knock.json["maneuver"]["push"], knock.json["maneuver"]["counter_tier"]) == (0, 3)
    assert knock.json["maneuver"]["unused_dice"] == [{"option": "--dice", "dice": [7]}]
    assert_bad_input(cli("fight", "escape", "Hesper Quill"), "not grabbed")
    assert_bad_input(cli("fight", "grab", "Hesper Quill", "--target", "Nobody"), "Nobody")


def test_a_grabbers_death_clears_the_grabbed_crows_sheet(cli):
    _fight(cli)
    cli("fight", "grab", "Tunnel ghoul 1", "--target", "Wren Ashdown", "--dice", "9,9")
    dead = cli("fight", "damage", "Tunnel ghoul 1", "99", "--json")
    assert dead.code == 0, dead.err
    assert _standing_of(dead.json, "Wren Ashdown")["grabbed_by"] is None
    sheet = json.loads(cli("character", "export", "Wren Ashdown", "--out", "-").out)
    assert "grabbed" not in sheet["conditions"]  # cleared in the same step
