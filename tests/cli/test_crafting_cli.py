"""``refkit craft --bonus/--crit-min`` and ``refkit craft project …``: keys, exit codes, errors."""

from __future__ import annotations

from tests.cli.cli_helpers import assert_bad_input


class TestCraftRoll:
    def test_masterwork_tools_bonus_adds_to_the_points(self, cli):
        plain = cli("craft", "--mind", "1", "--dice", "5,6", "--json").json
        masterwork = cli("craft", "--mind", "1", "--dice", "5,6", "--bonus", "2", "--json").json
        assert (plain["points"], masterwork["points"]) == (12, 14)
        assert masterwork.keys() >= {"dice", "points", "crit", "doom", "extra_roll"}

    def test_a_penalty_never_takes_the_points_below_one(self, cli):
        data = cli("craft", "--mind", "-2", "--dice", "2,2", "--bonus", "-9", "--json").json
        assert data["points"] == 1 and not data["doom"]

    def test_crit_min_widens_the_crit_range(self, cli):
        default = cli("craft", "--mind", "0", "--dice", "9,9", "--json").json
        widened = cli("craft", "--mind", "0", "--dice", "9,9", "--crit-min", "18", "--json").json
        assert (default["crit"], default["extra_roll"]) == (False, False)
        assert (widened["crit"], widened["extra_roll"]) == (True, True)

    def test_a_crit_min_outside_2_to_20_is_one_error_line(self, cli):
        assert_bad_input(cli("craft", "--mind", "0", "--crit-min", "21", "--json"), "crit")
