"""A travel check's sign comes during the travel day (L954), a dungeon's during the next DT
(L435): ``refkit encounter`` and the session log word each where it was made."""

from __future__ import annotations

import pytest

from refkit.app.dungeon import log_text
from refkit.present.encounter_text import CheckPlace, check_outcome_text
from refkit.rules.encounters import check_encounter


@pytest.mark.parametrize("pace", ["slow", "normal", "fast"])
def test_a_travel_sign_comes_during_the_travel_day(cli, pace: str) -> None:
    out = cli("encounter", "--pace", pace, "--die", "9").out
    assert "the encounter comes during the travel day" in out
    assert "dungeon turn" not in out and "DT" not in out


def test_a_dungeon_sign_comes_during_the_next_dt(cli) -> None:
    out = cli("encounter", "--die", "9").out
    assert "the encounter comes during the next DT" in out
    assert "travel" not in out


def test_a_rest_check_sign_comes_during_the_rest(cli) -> None:
    out = cli("encounter", "--seclude", "--die", "10", "--en", "9").out
    assert "ENCOUNTER NOW" in out
    out = cli("encounter", "--seclude", "--en", "8", "--die", "9").out
    assert "during the rest or just after it" in out


def test_the_wording_by_place() -> None:
    sign, now, none = check_encounter(8, 7), check_encounter(10, 7), check_encounter(3, 7)
    assert check_outcome_text(sign, CheckPlace.TRAVEL) == (
        "a sign now, the encounter during the travel day"
    )
    assert check_outcome_text(sign) == "a sign now, the encounter during the next DT"
    assert check_outcome_text(now, CheckPlace.TRAVEL) == "an encounter now"
    assert check_outcome_text(none, CheckPlace.REST) == "no encounter"
    assert log_text.rest_check(sign, seclude=True, seed=1).text == (
        "Rest encounter check (Seclude Camp): EN 7, rolled 8: "
        "a sign now, the encounter during the rest or just after it"
    )
