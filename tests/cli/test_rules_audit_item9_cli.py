"""Issue 25 item 9 (and 11) through the command line's JSON: opportunity attacks inside
``fight attack``, Grab, Escape Grab and Knockback as fight steps."""

from __future__ import annotations

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
