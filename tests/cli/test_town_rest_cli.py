"""Issue 25 item 9 through the command line: ``refkit town activity | sleep | show`` — four
activities a day, each effect after its two hours, refusals with nothing written."""

from __future__ import annotations

from tests.cli.cli_helpers import assert_bad_input


def test_town_activities_four_a_day_then_sleep(cli):
    for n in range(1, 5):
        done = cli("town", "activity", "Wren", f"prepare:lock {n}", "--json")
        assert done.code == 0, done.err
        assert (done.json["crow"], done.json["done_today"], done.json["left_today"]) == (
            "Wren Ashdown", n, 4 - n)  # fmt: skip
        assert done.json["hours"] == 2 and done.json["town_day"] == 1
    assert_bad_input(cli("town", "activity", "Wren", "prepare:lock 5"), "four a day")
    assert_bad_input(cli("town", "activity", "Brannoc", "seclude-camp"), "no encounter")
    assert_bad_input(cli("town", "activity", "Brannoc", "tend-wounds:Wren"), "2 or more")
    shown = cli("town", "show", "--json").json
    (wren,) = [c for c in shown["crows"] if c["crow"] == "Wren Ashdown"]
    assert wren["left"] == 0 and len(wren["done"]) == 4
    night = cli("town", "sleep", "--json")
    assert night.code == 0, night.err
    assert night.json["town_day"] == 2
    assert cli("town", "activity", "Wren", "prepare:lock", "--json").json["done_today"] == 1
