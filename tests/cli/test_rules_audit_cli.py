"""Issue 25, the rules audit, through the command line's JSON (one test or more per item)."""

from __future__ import annotations

from tests.cli.cli_helpers import assert_bad_input


def _day(cli, *args):
    run = cli("travel", "journey", "day", "--pace", "normal", "--slowest-speed", "5", *args, "--json")
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
