"""The Crows rows of CONTRACT.md: keys, values, exit codes and error lines."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.cli.cli_helpers import assert_bad_input

TEST_KEYS = {"dice", "natural", "total", "tier", "crit", "doom", "net", "expertise_applied"}


class TestTest:
    def test_json_keys_and_values(self, cli):
        run = cli("test", "--char", "1", "--dice", "7,9", "--json")
        assert run.code == 0
        data = run.json
        assert data.keys() >= TEST_KEYS
        assert data["dice"] == [7, 9]
        assert (data["natural"], data["total"], data["tier"]) == (16, 17, 3)
        assert data["net"] == "none" and not data["crit"] and not data["doom"]

    def test_edge_and_bane_cancellation_vector_v11(self, cli):
        data = cli(
            "test", "--char", "0", "--edges", "3", "--banes", "1", "--dice", "6,6", "--json"
        ).json
        assert (data["net"], data["total"], data["tier"]) == ("edge", 14, 2)

    def test_double_bane_then_expertise_is_sequential_v17(self, cli):
        data = cli(
            "test", "--char", "0", "--banes", "2", "--expertise", "--dice", "4,5", "--json"
        ).json
        assert data["tier"] == 2 and data["net"] == "double_bane" and data["expertise_applied"]

    def test_doom_spends_no_expertise_v10(self, cli):
        data = cli(
            "test",
            "--char",
            "4",
            "--edges",
            "3",
            "--bonus",
            "6",
            "--expertise",
            "--dice",
            "1,2",
            "--json",
        ).json
        assert data["doom"] and data["tier"] == 1 and not data["expertise_applied"]

    def test_crit_beats_double_bane_v9(self, cli):
        data = cli("test", "--char", "-3", "--banes", "2", "--dice", "10,9", "--json").json
        assert data["crit"] and data["tier"] == 3

    def test_crit_min_widens_the_crit_range(self, cli):
        assert cli("test", "--char", "0", "--dice", "9,9", "--crit-min", "18", "--json").json[
            "crit"
        ]
        assert not cli("test", "--char", "0", "--dice", "9,9", "--json").json["crit"]

    def test_repeated_bonuses_add_up(self, cli):
        data = cli(
            "test", "--char", "0", "--bonus", "2", "--bonus", "-1", "--dice", "5,5", "--json"
        ).json
        assert data["total"] == 11

    def test_seed_makes_a_roll_repeatable(self, cli):
        first = cli("test", "--char", "1", "--seed", "42", "--json").json
        second = cli("test", "--char", "1", "--seed", "42", "--json").json
        assert first == second

    def test_expertise_not_spent_on_tier_3(self, cli):
        data = cli("test", "--char", "2", "--expertise", "--dice", "9,8", "--json").json
        assert data["tier"] == 3 and not data["expertise_applied"]

    def test_text_output_is_short_and_human(self, cli):
        run = cli("test", "--char", "1", "--dice", "5,6")
        assert run.code == 0
        assert "tier 2" in run.out and "{" not in run.out

    @pytest.mark.parametrize(
        ("args", "needle"),
        [
            (("--char", "1", "--dice", "11,3"), "--dice"),
            (("--char", "1", "--dice", "0,3"), "--dice"),
            (("--char", "1", "--dice", "3"), "--dice"),
            (("--char", "1", "--dice", "a,b"), "--dice"),
            (
                (
                    "--char",
                    "x",
                ),
                "--char",
            ),
            (
                (
                    "--char",
                    "9",
                ),
                "9",
            ),
            (("--char", "1", "--edges", "-1"), "--edges"),
            ((), "--char"),
            (("--char", "1", "--frobnicate"), "--frobnicate"),
        ],
    )
    def test_bad_input(self, cli, args, needle):
        assert_bad_input(cli("test", *args, "--json"), needle)


class TestOdds:
    def test_exact_odds_sum_to_one(self, cli):
        data = cli("odds", "test", "--char", "1", "--json").json
        exact = {k: Fraction(v) for k, v in data["exact"].items()}
        assert exact["tier1"] + exact["tier2"] + exact["tier3"] == 1
        assert exact["crit"] == Fraction(3, 100) and exact["doom"] == Fraction(3, 100)
        assert data["tier3"] == pytest.approx(float(exact["tier3"]))

    def test_plain_char_0_tier_odds(self, cli):
        exact = cli("odds", "test", "--char", "0", "--json").json["exact"]
        # total ≤ 11 is tier 1: P(2d10 ≤ 11) = 55/100; 12..16 = 35/100; ≥ 17 = 10/100
        assert Fraction(exact["tier1"]) == Fraction(55, 100)
        assert Fraction(exact["tier2"]) == Fraction(35, 100)
        assert Fraction(exact["tier3"]) == Fraction(10, 100)

    def test_odds_refuses_dice(self, cli):
        assert_bad_input(cli("odds", "test", "--char", "0", "--dice", "3,4"), "--dice")

    def test_odds_needs_a_kind(self, cli):
        assert cli("odds").code == 2


class TestD100AndUsageDice:
    @pytest.mark.parametrize(
        ("dice", "value"), [("10,10", 100), ("10,5", 5), ("3,10", 30), ("7,2", 72), ("10,1", 1)]
    )
    def test_d100_reading_v20(self, cli, dice, value):
        data = cli("d100", "--dice", dice, "--json").json
        assert data["value"] == value and data["dice"] == [int(x) for x in dice.split(",")]

    def test_d100_random_is_in_range(self, cli):
        for seed in range(30):
            assert 1 <= cli("d100", "--seed", str(seed), "--json").json["value"] <= 100

    def test_usage_dice_v23(self, cli):
        data = cli("ud", "3", "--dice", "1,4,2", "--json").json
        assert data == {"before": 3, "rolled": [1, 4, 2], "after": 1, "seed": None}

    def test_usage_dice_need_one_face_per_die(self, cli):
        assert_bad_input(cli("ud", "3", "--dice", "1,4", "--json"), "--dice")
        assert_bad_input(cli("ud", "2", "--dice", "7,1", "--json"), "--dice")

    def test_negative_usage_dice_are_refused(self, cli):
        assert_bad_input(cli("ud", "-1", "--json"), "0 or more")

    def test_zero_usage_dice_roll_nothing(self, cli):
        data = cli("ud", "0", "--json").json
        assert (data["rolled"], data["after"]) == ([], 0)


class TestEncounter:
    @pytest.mark.parametrize(
        ("args", "en", "roll", "encounter", "immediate"),
        [
            (("--die", "8"), 9, 8, False, False),
            (("--die", "9"), 9, 9, True, False),
            (("--die", "10"), 9, 10, True, True),
            (("--crowded", "--chaos", "--die", "7"), 7, 7, True, False),
            (("--seclude", "--die", "9"), 10, 9, False, False),
            (("--pace", "fast", "--road", "--die", "5"), 5, 5, True, False),
            (
                ("--pace", "slow", "--modifier", "2", "--modifier", "2", "--die", "9"),
                10,
                9,
                False,
                False,
            ),
            (("--en", "3", "--modifier", "-5", "--die", "1"), 1, 1, True, False),
        ],
    )
    def test_vectors(self, cli, args, en, roll, encounter, immediate):
        data = cli("encounter", *args, "--json").json
        assert (data["en"], data["roll"], data["encounter"], data["immediate"]) == (
            en,
            roll,
            encounter,
            immediate,
        )

    def test_illegal_die(self, cli):
        assert_bad_input(cli("encounter", "--die", "11", "--json"), "--die")

    def test_unknown_pace(self, cli):
        assert_bad_input(cli("encounter", "--pace", "crawl", "--json"), "--pace")


class TestTravel:
    @pytest.mark.parametrize(
        ("args", "hexes", "en", "role_tests"),
        [
            (("--pace", "normal", "--slowest-speed", "5"), 2, 7, "none"),
            (("--pace", "fast", "--slowest-speed", "3"), 2, 6, "bane"),
            (("--pace", "normal", "--slowest-speed", "8", "--road"), 4, 6, "none"),
            (("--pace", "slow", "--slowest-speed", "10"), 3, 8, "edge"),
            (("--pace", "slow", "--slowest-speed", "2", "--river-cross"), 0, 8, "edge"),
            (("--pace", "normal", "--slowest-speed", "5", "--downstream"), 3, 7, "none"),
        ],
    )
    def test_day_vectors(self, cli, args, hexes, en, role_tests):
        data = cli("travel", "day", *args, "--json").json
        assert (data["hexes"], data["en"], data["role_tests"]) == (hexes, en, role_tests)

    @pytest.mark.parametrize(
        ("die", "direction", "to"),
        [
            (1, "N", [0, -1]),
            (2, "NE", [1, -1]),
            (3, "SE", [1, 0]),
            (4, "S", [0, 1]),
            (5, "SW", [-1, 1]),
            (6, "NW", [-1, 0]),
        ],
    )
    def test_lost_directions_v40(self, cli, die, direction, to):
        data = cli("travel", "lost", "--from", "0,0", "--die", str(die), "--json").json
        assert (data["die"], data["direction"], data["to"]) == (die, direction, to)

    def test_lost_from_negative_coordinates(self, cli):
        data = cli("travel", "lost", "--from=-2,3", "--die", "2", "--json").json
        assert data["to"] == [-1, 2]

    def test_bad_coordinates(self, cli):
        assert_bad_input(cli("travel", "lost", "--from", "0", "--json"), "--from")

    def test_illegal_d6(self, cli):
        assert_bad_input(cli("travel", "lost", "--from", "0,0", "--die", "7", "--json"), "--die")


class TestGreedAndCraft:
    @pytest.mark.parametrize(
        ("args", "percent", "value"),
        [
            (("--value", "1000", "--dt", "1"), 30, 1300),
            (("--value", "125", "--dt", "1"), 30, 162),
            (("--value", "500", "--dt", "4"), 0, 500),
            (("--value", "500", "--dt", "2", "--revisit"), 0, 500),
            (("--value", "100", "--dt", "3"), 10, 110),
        ],
    )
    def test_greed_vectors(self, cli, args, percent, value):
        assert cli("greed", *args, "--json").json == {"percent": percent, "value": value}

    def test_greed_bad_dt(self, cli):
        assert_bad_input(cli("greed", "--value", "10", "--dt", "0", "--json"), "0")

    @pytest.mark.parametrize(
        ("args", "points", "crit", "doom", "extra"),
        [
            (("--mind", "2", "--dice", "6,5"), 13, False, False, False),
            (("--mind", "0", "--dice", "1,2"), 0, False, True, False),
            (("--mind", "-1", "--dice", "2,2", "--banes", "1"), 1, False, False, False),
            (("--mind", "1", "--dice", "10,9"), 20, True, False, True),
            (
                ("--mind", "1", "--dice", "5,5", "--expertises", "2", "--edges", "2"),
                23,
                False,
                False,
                False,
            ),
            (("--mind", "0", "--dice", "7,7", "--banes", "2"), 10, False, False, False),
        ],
    )
    def test_craft_vectors(self, cli, args, points, crit, doom, extra):
        data = cli("craft", *args, "--json").json
        assert (data["points"], data["crit"], data["doom"], data["extra_roll"]) == (
            points,
            crit,
            doom,
            extra,
        )

    def test_three_expertises_are_refused(self, cli):
        assert_bad_input(cli("craft", "--mind", "0", "--expertises", "3", "--json"), "expertise")


class TestRoll:
    def test_notation_roll(self, cli):
        data = cli("roll", "4d6kh3+2", "--seed", "7", "--json").json
        assert data["expression"] == "4d6kh3+2"
        assert len(data["dice"]) == 4 and all(1 <= d <= 6 for d in data["dice"])
        assert data["total"] == sum(sorted(data["dice"])[1:]) + 2

    def test_percentile(self, cli):
        data = cli("roll", "d%", "--seed", "3", "--json").json
        assert 1 <= data["total"] <= 100

    @pytest.mark.parametrize("expr", ["3d", "d0", "2d6*3", "", "1001d6", "2d1001", "4d6kh5"])
    def test_broken_notation(self, cli, expr):
        assert_bad_input(cli("roll", expr, "--json"), "")


def test_no_command_is_bad_input(cli):
    run = cli("--json")
    assert run.code == 2 and run.err.startswith("error: ")


def test_unknown_command(cli):
    assert_bad_input(cli("frobnicate"), "frobnicate")
