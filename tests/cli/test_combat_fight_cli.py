"""``refkit fight``: a fight kept in the database between commands, its steps in the session log,
hits on crows through their sheets (the wounds left waiting for the player), and refusals as one
``error:`` line with nothing changed."""

from __future__ import annotations

from refkit.store.database import Database
from refkit.store.location import DATABASE_FILE_NAME
from refkit.store.session_log import SessionLogRepository
from refkit.store.wound_prompt_store import WoundPromptRepository
from tests.cli.cli_helpers import assert_bad_input
from tests.cli.test_combat_cli import add_crows


def fight_log(data_dir):
    with Database.open(str(data_dir / DATABASE_FILE_NAME)) as db:
        return [e.text for e in SessionLogRepository(db).entries(kinds=["fight"])]


def test_a_fight_is_kept_between_commands(cli, refkit_data_dir):
    add_crows(refkit_data_dir)
    assert cli("fight", "add", "tunnel ghoul", "--count", "2").code == 0
    assert cli("fight", "crows", "Ada Crane", "Cole Marsh").code == 0
    started = cli("fight", "round", "--die", "4", "--json").json
    assert (started["round"], started["acting"], started["current"]) == (
        1,
        "enemies",
        "Tunnel ghoul 1",
    )
    shown = cli("fight", "show", "--json").json
    assert [c["name"] for c in shown["combatants"]] == [
        "Tunnel ghoul 1",
        "Tunnel ghoul 2",
        "Ada Crane",
        "Cole Marsh",
    ]
    assert shown["combatants"][0]["players_see"] == ""
    assert fight_log(refkit_data_dir) == [
        "Tunnel ghoul 1, Tunnel ghoul 2 join the fight",
        "Ada Crane, Cole Marsh join the fight",
        "Round 1: initiative 4, the enemies act first",
    ]


def test_a_hit_on_a_crow_goes_through_its_sheet_and_leaves_wounds_to_place(cli, refkit_data_dir):
    add_crows(refkit_data_dir)
    cli("fight", "add", "tunnel ghoul")
    cli("fight", "crows", "Cole Marsh")
    run = cli(
        "fight",
        "attack",
        "Tunnel ghoul 1",
        "--weapon",
        "grave bite",
        "--target",
        "Cole Marsh",
        "--dice",
        "10,9",
        "--json",
    )
    assert run.code == 0, run.err
    attack = run.json["attack"]
    assert attack["crit"] and attack["extra_action"] and attack["damage"] == 6 + 2
    assert attack["odds"]["exact"]["hit"] == "16/25"  # 2d10 + 2 reaches 12 on a natural 10+
    assert attack["wounds_to_place"] == {}  # Cole has Stamina 8: 8 piercing leaves none
    again = cli(
        "fight",
        "attack",
        "Tunnel ghoul 1",
        "--weapon",
        "claws",
        "--target",
        "Cole Marsh",
        "--dice",
        "8,8",
        "--json",
    ).json["attack"]
    assert again["damage"] == 5 + 2 and again["wounds_to_place"] == {"Cole Marsh": 7}
    with Database.open(str(refkit_data_dir / DATABASE_FILE_NAME)) as db:
        waiting = WoundPromptRepository(db).get("Cole Marsh")
    assert waiting is not None and waiting.to_place == 7


def test_a_crow_knocks_a_creature_out_and_the_dt_end_wakes_it(cli, refkit_data_dir):
    add_crows(refkit_data_dir)
    cli("fight", "add", "cellar rat")
    cli("fight", "crows", "Ada Crane")
    run = cli(
        "fight",
        "attack",
        "Ada Crane",
        "--weapon",
        "Shortbow",
        "--target",
        "Cellar rat 1",
        "--dice",
        "9,9",
        "--knock-out",
        "--seed",
        "5",
        "--json",
    ).json
    rat = run["combatants"][0]
    assert (rat["standing"], rat["stamina"], rat["players_see"]) == ("knocked_out", 1, "down")
    woke = cli("fight", "dt-end", "--json").json["combatants"][0]
    assert woke["standing"] == "fighting" and woke["conditions"] == []


def test_fight_refusals_change_nothing(cli, refkit_data_dir):
    add_crows(refkit_data_dir)
    cli("fight", "add", "tunnel ghoul")
    cli("fight", "crows", "Ada Crane")
    before = cli("fight", "show", "--json").json
    assert_bad_input(cli("fight", "add", "dragon"), "no creature called 'dragon'")
    assert_bad_input(cli("fight", "next"), "roll initiative")
    assert_bad_input(
        cli(
            "fight",
            "attack",
            "Tunnel ghoul 1",
            "--weapon",
            "claws",
            "--target",
            "Ada Crane",
            "--distance",
            "3",
        ),
        "reaches 1 square; the target is 3 away",
    )
    assert_bad_input(cli("fight", "round", "--die", "11"), "initiative die shows 11")
    assert_bad_input(cli("fight", "condition", "Nobody", "prone"), "no one called 'Nobody'")
    assert cli("fight", "show", "--json").json == before


def test_the_steps_parsers_are_built_only_when_fight_or_creature_runs(cli, cli_process):
    from refkit.cli.runner import build_parser

    parser = build_parser()
    fight = parser._subparsers._group_actions[0].choices["fight"]  # type: ignore[union-attr]
    assert fight._subparsers is None  # nothing but the words after 'fight' until it runs
    shown = cli_process("fight", "--help")
    assert shown.code == 0 and "attack" in shown.out and "dt-end" in shown.out
    assert_bad_input(cli("fight", "attack", "--bogus"), "fight attack:")
    assert_bad_input(cli("creature", "shows"), "creature:")


def test_refkit_dt_end_wakes_a_creature_knocked_out_with_refkit_fight(cli, refkit_data_dir):
    assert cli("fight", "add", "Cellar rat").code == 0
    assert cli("fight", "damage", "Cellar rat 1", "5", "--knock-out").code == 0
    assert cli("dt", "start").code == 0
    assert cli("dt", "end", "--die", "5").code == 0
    shown = cli("fight", "show", "--json").json
    assert shown["combatants"][0]["standing"] == "fighting"
    assert fight_log(refkit_data_dir)[-1] == "The DT ends: its conditions end in the fight"


def test_an_attack_in_the_fight_lands_in_the_roll_log_as_an_attack(cli, refkit_data_dir):
    from tests.cli.test_combat_cli import logged_rolls

    assert cli("fight", "add", "Tunnel ghoul", "--count", "2").code == 0
    assert cli("fight", "round", "--die", "2").code == 0
    done = cli("fight", "attack", "Tunnel ghoul 1", "--weapon", "Claws", "--target",
               "Tunnel ghoul 2", "--dice", "7,8", "--json")  # fmt: skip
    assert done.code == 0
    rolls = logged_rolls(refkit_data_dir)
    assert [(r.record.kind, r.record.faces) for r in rolls] == [("attack", (7, 8))]
    assert rolls[0].record.summary.startswith("Tunnel ghoul 1 attacks Tunnel ghoul 2 with Claws")
