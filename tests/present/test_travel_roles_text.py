"""The travel form's words without Qt: hirelings read from one line (a bad one named), and the
odds line of a role test."""

from __future__ import annotations

import pytest

from refkit.present.travel_roles_text import odds_text, parse_hirelings
from refkit.rules.common.pace import Pace
from refkit.rules.travel.roles import Task
from refkit.rules.travel.travel_day import Traveller


def test_hirelings_and_animals_on_one_line() -> None:
    assert parse_hirelings("Ivo=1,0,2;\nMule=0,-3,3,animal;") == [
        Traveller("Ivo", 1, 0, 2),
        Traveller("Mule", 0, -3, 3, human=False),
    ]
    with pytest.raises(ValueError, match=r"'Ivo=a,b,c': characteristics are whole numbers"):
        parse_hirelings("Ivo=a,b,c")


def test_the_odds_line_names_each_tier() -> None:
    line = odds_text(Traveller("Mara", 1, 2, 0), Task.SHORTCUT, "mind", Pace.NORMAL)
    assert line.startswith("T3 ") and " · T2 " in line and " · T1 " in line and line.endswith("%")
