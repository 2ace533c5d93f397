"""``effect use`` and ``effect relight`` (CONTRACT.md, the rows to add): an Activate item's
dice rolled after a use, a doused light lit again, and the refusals that change nothing."""

from __future__ import annotations

from tests.cli.cli_helpers import assert_bad_input


def test_use_rolls_an_activate_items_dice_and_keeps_what_is_left(cli) -> None:
    cli("effect", "add", "Tinderbox", "--ud", "3", "--modes", "Activate,Useless")
    used = cli("effect", "use", "tinderbox", "--dice", "1,4,6", "--json")
    assert used.code == 0, used
    assert used.json["usage_dice"] == {
        "effect": "Tinderbox",
        "before": 3,
        "rolled": [1, 4, 6],
        "after": 2,
    }
    assert used.json["effects"][0]["usage_dice"] == 2
    assert cli("effect", "list", "--json").json["effects"][0]["usage_dice"] == 2
    text = cli("effect", "use", "e1", "--dice", "3,3").out
    assert text.startswith("Tinderbox: rolled 3, 3: 2 → 2 UD")  # the faces, then before → after


def test_use_with_a_seed_rolls_the_same_dice_again(cli) -> None:
    cli("effect", "add", "Quiver", "--ud", "4", "--modes", "Activate")
    cli("effect", "add", "Quiver twin", "--ud", "4", "--modes", "Activate")
    first = cli("effect", "use", "Quiver", "--seed", "7", "--json").json
    second = cli("effect", "use", "Quiver twin", "--seed", "7", "--json").json
    assert first["usage_dice"]["rolled"] == second["usage_dice"]["rolled"]
    assert first["seed"] == 7


def test_use_refuses_an_effect_without_the_activate_mode(cli) -> None:
    cli("effect", "add", "Torch", "--ud", "1", "--modes", "DT,Useless", "--kind", "light")
    assert_bad_input(cli("effect", "use", "Torch", "--json"), "Activate")
    assert cli("effect", "list", "--json").json["effects"][0]["usage_dice"] == 1


def test_use_refuses_the_wrong_number_of_faces(cli) -> None:
    cli("effect", "add", "Tinderbox", "--ud", "2", "--modes", "Activate")
    assert_bad_input(cli("effect", "use", "Tinderbox", "--dice", "4"), "2 usage dice")
    assert cli("effect", "list", "--json").json["effects"][0]["usage_dice"] == 2


def test_relight_lights_a_doused_light_again(cli) -> None:
    cli("effect", "add", "Lantern", "--ud", "2", "--modes", "DT,Refuel", "--kind", "light")
    cli("effect", "douse", "Lantern", "--dice", "5,6")
    lit = cli("effect", "relight", "lantern", "--json")
    assert lit.code == 0, lit
    assert lit.json["effects"][0]["lit"] is True
    assert cli("effect", "list", "--json").json["effects"][0]["lit"] is True


def test_relight_refuses_a_light_that_burnt_out_or_is_lit(cli) -> None:
    cli("effect", "add", "Torch", "--ud", "1", "--modes", "DT,Useless", "--kind", "light")
    assert_bad_input(cli("effect", "relight", "Torch"), "already lit")
    cli("effect", "douse", "Torch", "--dice", "1")
    assert_bad_input(cli("effect", "relight", "Torch", "--json"), "spent")
    (torch,) = cli("effect", "list", "--json").json["effects"]
    assert (torch["lit"], torch["spent"]) == (False, True)
