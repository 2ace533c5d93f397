"""The ``travel`` commands: the contract's Miasma row, maps, and journeys kept between runs, with
the players' view by default and the referee's secrets only with --referee."""

from __future__ import annotations

import json

import pytest

from refkit.store.database import Database
from refkit.store.location import DATABASE_FILE_NAME
from refkit.store.roll_log import RollLogRepository
from tests.cli.cli_helpers import assert_bad_input

PARTY = (
    "--traveller",
    "Mara=1,2,0",
    "--traveller",
    "Bo=2,0,1",
    "--traveller",
    "Mule=0,-3,3,animal",
)
LOST_DAY = (
    "--pace", "normal", "--slowest-speed", "5", "--route", "SE,SE",
    "--role", "Mara=shortcut", "--role", "Bo=forage",
    "--test", "Mara=1,5", "--test", "Bo=9,9", "--rations", "Bo=4",
    "--encounter-die", "3", "--lost-dice", "1,1", "--rest-die", "2",
    "--miasma-dice", "Mara=6,6", "--miasma-dice", "Bo=6,6",
)  # fmt: skip


def logged_rolls(data_dir):
    with Database.open(str(data_dir / DATABASE_FILE_NAME)) as db:
        return list(reversed(RollLogRepository(db).recent(limit=None)))  # oldest first


def test_v67_miasma_tier_1_raises_cruelty_and_rolls_effects_with_it(cli, refkit_data_dir):
    run = cli("travel", "miasma", "--mind", "1", "--cruelty", "2", "--dice", "5,5", "--json")
    assert run.code == 0, run.err
    data = run.json
    assert (data["tier"], data["cruelty"]) == (1, 3)
    assert 4 <= data["effects_index"] <= 13 and data["effects"]
    kinds = [roll.record.kind for roll in logged_rolls(refkit_data_dir)]
    assert kinds == ["test", "travel"]


def test_v68_effects_13_ends_the_crows_career(cli):
    data = cli(
        "travel", "miasma", "--mind", "1", "--cruelty", "2", "--dice", "5,5",
        "--effects-die", "10", "--json",
    ).json  # fmt: skip
    assert data["effects_index"] == 13 and data["claimed"] is True
    assert "referee" in data["effects"]


def test_miasma_tier_2_keeps_cruelty_and_tier_3_clears_it(cli):
    steady = cli("travel", "miasma", "--mind", "0", "--cruelty", "1", "--dice", "7,7", "--json")
    assert (steady.json["tier"], steady.json["cruelty"], steady.json["effects"]) == (2, 1, None)
    clear = cli("travel", "miasma", "--mind", "2", "--cruelty", "1", "--dice", "9,9", "--json")
    assert (clear.json["tier"], clear.json["cruelty"], clear.json["effects_index"]) == (3, 0, None)


def test_a_seeded_miasma_test_repeats(cli):
    first = cli("travel", "miasma", "--mind", "0", "--cruelty", "3", "--seed", "5", "--json").json
    again = cli("travel", "miasma", "--mind", "0", "--cruelty", "3", "--seed", "5", "--json").json
    assert first == again and first["seed"] == 5


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--mind", "1", "--cruelty", "0", "--dice", "11,2"), "--dice"),
        (("--mind", "1", "--cruelty", "-1"), "--cruelty must be 0 or more"),
        (("--mind", "1", "--cruelty", "0", "--effects-die", "0"), "--effects-die"),
        (("--mind", "9", "--cruelty", "0", "--dice", "5,5"), "outside the characteristic range"),
        (
            (
                "--cruelty",
                "0",
            ),
            "--mind",
        ),
    ],
)
def test_bad_miasma_input_is_refused(cli, args, needle):
    assert_bad_input(cli("travel", "miasma", *args, "--json"), needle)


def test_the_sample_map_shows_its_places_and_notes_only_for_the_referee(cli):
    shown = cli("travel", "map", "--json").json
    assert shown["name"] == "The Ashen Marches" and shown["hexes"] == 108
    assert all("notes" not in place for place in shown["places"])
    referee = cli("travel", "map", "--referee", "--json").json
    assert any(place["notes"] for place in referee["places"])


def test_a_bad_map_file_names_the_file_line_and_field(cli, tmp_path):
    bad = tmp_path / "bad.map.json"
    bad.write_text(
        '{"format": "refkit-map", "version": 1, "name": "Bad",\n'
        ' "hexes": [\n  {"q": 0, "r": 0, "habitat": "plains"},\n'
        '  {"q": 1, "r": 0, "habitat": "lava"}\n]}\n',
        encoding="utf-8",
    )
    assert_bad_input(cli("travel", "map", str(bad)), "bad.map.json, line 4, hexes[1].habitat")
    assert_bad_input(
        cli("travel", "journey", "start", "X", "--map", str(bad), *PARTY), "unknown habitat 'lava'"
    )


def test_a_journey_day_keeps_the_secret_unless_the_referee_asks(cli, refkit_data_dir):
    start = cli("travel", "journey", "start", "Into the Marches", *PARTY, "--json")
    assert start.code == 0, start.err
    assert start.json["at"] == [1, 6]
    day = cli("travel", "journey", "day", *LOST_DAY, "--json")
    assert day.code == 0, day.err
    shown = day.json
    assert shown["believed"] == [3, 6] and shown["hexes"] == 2
    assert "true" not in shown and "lost_dice" not in shown
    assert shown["rations"] == 5
    status = cli("travel", "journey", "status", "--json").json
    assert status["believed"] == [3, 6] and "true" not in status and "lost" not in status
    assert status["explored"] == [[1, 6], [2, 6], [3, 6]]  # as the players believe they went
    secret = cli("travel", "journey", "status", "--referee", "--json").json
    assert (secret["true"], secret["lost"]) == ([1, 4], True)
    text = cli("travel", "journey", "status").out
    assert "3,6" in text and "1,4" not in text
    kinds = [(r.record.kind, r.source) for r in logged_rolls(refkit_data_dir)]
    assert kinds.count(("test", "cli")) == 4  # two role tests, two Miasma tests
    assert ("travel", "cli") in kinds


def test_a_role_tests_seed_replays_with_refkit_test(cli, refkit_data_dir):
    cli("travel", "journey", "start", "J", *PARTY)
    day = cli(
        "travel", "journey", "day", "--pace", "slow", "--slowest-speed", "5",
        "--role", "Mara=normal-route", "--no-rest", "--seed", "11", "--json",
    ).json  # fmt: skip
    (role,) = day["roles"]
    again = cli("test", "--char", "2", "--edges", "1", "--seed", str(role["seed"]), "--json").json
    assert again["dice"] == role["dice"] and again["tier"] == role["tier"]


def test_the_journal_for_players_and_referee_notes_and_markdown(cli, tmp_path):
    cli("travel", "journey", "start", "Into the Marches", *PARTY)
    cli("travel", "journey", "day", *LOST_DAY)
    note = cli("travel", "journey", "note", "1", "Mara swears the stones moved.", "--json")
    assert note.json["note"] == "Mara swears the stones moved."
    players = cli("travel", "journey", "journal", "--json").json
    (day,) = players["days"]
    assert day["lines"][0] == "Day 1" and day["note"] == "Mara swears the stones moved."
    assert not any("1,4" in line for line in day["lines"])
    out = tmp_path / "journal.md"
    referee = cli("travel", "journal", "--referee", "--markdown", str(out), "--json")
    assert referee.code == 0, referee.err
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Into the Marches") and "really at 1,4" in text
    assert "> Mara swears the stones moved." in text


def test_undo_takes_the_last_day_back(cli):
    cli("travel", "journey", "start", "Into the Marches", *PARTY)
    cli("travel", "journey", "day", *LOST_DAY)
    undone = cli("travel", "journey", "undo", "--json").json
    assert undone["day"] == 0 and undone["believed"] == [1, 6]
    status = cli("travel", "journey", "status", "--referee", "--json").json
    assert status["lost"] is False and status["true"] == [1, 6]
    assert_bad_input(cli("travel", "journey", "undo"), "no day to take back")


def test_journeys_are_listed_and_picked_by_name(cli):
    cli("travel", "journey", "start", "North", *PARTY)
    cli("travel", "journey", "start", "South", *PARTY, "--at", "2,6")
    assert sorted(cli("travel", "journey", "list", "--json").json["journeys"]) == ["North", "South"]
    north = cli("travel", "journey", "status", "--journey", "North", "--json").json
    assert north["believed"] == [1, 6]
    assert cli("travel", "journey", "status", "--json").json["journey"] == "South"
    assert_bad_input(
        cli("travel", "journey", "status", "--journey", "West"), "no journey called 'West'"
    )
    assert_bad_input(cli("travel", "journey", "start", "North", *PARTY), "exists already")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--role", "Mara=sleep"), "unknown travel task 'sleep'"),
        (("--role", "Ann=forage"), "no traveller called 'Ann'"),
        (("--role", "Mara=hunt:mind"), "Hunt tests agility, not mind"),
        (("--route", "SE,UP"), "--route: unknown direction 'UP'"),
        (("--route", "SW,SW"), "leads off map 'The Ashen Marches'"),
        (("--test", "Mara=0,4", "--role", "Mara=forage"), "--test Mara"),
        (("--test", "Mara", "--role", "Mara=forage"), "should be NAME=VALUE"),
        (("--slowest-speed", "-1"), "--slowest-speed must be 0 or more"),
    ],
)
def test_bad_day_input_is_refused_and_changes_nothing(cli, args, needle):
    cli("travel", "journey", "start", "J", *PARTY)
    before = cli("travel", "journey", "status", "--referee", "--json").json
    base = ["--pace", "normal", "--slowest-speed", "5"]
    if "--slowest-speed" in args:
        base = ["--pace", "normal"]
    run = cli("travel", "journey", "day", *base, *args, "--json")
    assert_bad_input(run, needle)
    assert cli("travel", "journey", "status", "--referee", "--json").json == before


def test_a_journey_needs_travellers_and_a_hex_on_the_map(cli):
    assert_bad_input(cli("travel", "journey", "start", "J"), "a journey needs travellers")
    assert_bad_input(
        cli("travel", "journey", "start", "J", *PARTY, "--at", "40,40"), "hex 40,40 is not on map"
    )
    assert_bad_input(
        cli("travel", "journey", "start", "J", "--traveller", "Bo=1,2"), "NAME=AGILITY"
    )
    assert_bad_input(cli("travel", "journey", "status"), "no journey started yet")


def test_a_journey_lives_between_processes(cli_process):
    started = cli_process("travel", "journey", "start", "J", *PARTY, "--json")
    assert started.code == 0, started.err
    status = cli_process("travel", "journey", "status", "--json")
    assert json.loads(status.out)["believed"] == [1, 6]


def test_hostile_map_files_are_refused_with_one_line(cli, tmp_path):
    deep = tmp_path / "deep.map.json"
    deep.write_text(
        '{"format": "refkit-map", "version": 1, "name": "D", "hexes": ['
        + '{"q": 0, "r": 0, "habitat": "plains", "notes": ' + "[" * 100_000 + "]" * 100_000 + "}]}",
        encoding="utf-8",
    )  # fmt: skip
    assert_bad_input(cli("travel", "map", str(deep)), "deep.map.json", "nested too deeply")
    assert_bad_input(cli("travel", "map", "/dev/zero"), "/dev/zero")
    latin = tmp_path / "latin.map.json"
    latin.write_bytes(b'{"name": "\xe9"}')
    assert_bad_input(cli("travel", "map", str(latin)), "latin.map.json", "UTF-8")
    assert_bad_input(cli("travel", "map", str(tmp_path / "missing.map.json")), "missing.map.json")


def test_the_party_at_the_table_travels_with_its_crows_own_minds(cli):
    crows = {c["name"] for c in cli("character", "list", "--json").json["characters"]}
    assert "Hesper Quill" in crows
    start = cli(
        "travel", "journey", "start", "Trek", "--party", "The Sample Party",
        "--traveller", "Mule=0,-3,3,animal", "--json",
    )  # fmt: skip
    assert start.code == 0, start.err
    assert start.json["travellers"][-1] == "Mule" and "Hesper Quill" in start.json["travellers"]
    day = cli(
        "travel", "journey", "day", "--pace", "slow", "--slowest-speed", "4",
        "--role", "Hesper Quill=fight-miasma", "--test", "Hesper Quill=9,9", "--json",
    ).json  # fmt: skip
    (role,) = day["roles"]
    mind = cli("test", "--crow", "Hesper Quill", "--char", "mind", "--dice", "9,9", "--json").json
    assert role["total"] == mind["total"] + 2  # the slow pace's edge
    assert {t["traveller"] for t in day["miasma"]} == crows & set(start.json["travellers"])
    assert_bad_input(cli("travel", "journey", "start", "T2", "--crow", "Nobody"), "Nobody")
