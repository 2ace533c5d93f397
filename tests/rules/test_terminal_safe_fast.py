"""Text made safe for a terminal is looked at character by character only when it may need it
(issue 30 item 4: ``refkit character list`` on ten thousand crows spent most of its time
checking 600,000 plain characters one at a time in Python)."""

from __future__ import annotations

import json
import sys

import pytest

from refkit.rules.common import name_text
from refkit.rules.common.name_text import is_hidden_character, json_safe, terminal_safe


def test_printable_text_holds_no_hidden_character() -> None:
    """The fast path's ground: ``str.isprintable`` is False for every hidden character."""
    leaks = [
        hex(code)
        for code in range(sys.maxunicode + 1)
        if is_hidden_character(chr(code)) and chr(code).isprintable()
    ]
    assert leaks == []


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every character the slow, one-at-a-time look is asked about."""
    asked: list[str] = []

    def counting(character: str) -> bool:
        asked.append(character)
        return is_hidden_character(character)

    monkeypatch.setattr(name_text, "is_hidden_character", counting)
    return asked


def test_plain_lines_are_not_checked_one_character_at_a_time(checked: list[str]) -> None:
    listing = "\n".join(f"Crow {n} (Ilse Ødegård): Stamina 9/9, speed 5" for n in range(2000))
    assert terminal_safe(listing) is listing
    assert checked == []
    # what needs the slow look still gets it
    assert terminal_safe("Wren\x1b[2J\nAshdown") == "Wren\\x1b[2J\nAshdown"
    assert terminal_safe("Wren\nAshdown", keep="") == "Wren\\x0aAshdown"
    assert terminal_safe("evil\u202etxt") == "evil\\u202etxt"
    joined = "👩\u200d👩\u200d👧 and\u00a0Mara"  # joiners and a no-break space are kept
    assert terminal_safe(joined) == joined


def test_plain_json_is_not_checked_one_character_at_a_time(checked: list[str]) -> None:
    crows = [{"name": f"Crow {n}", "player": "Ilse Ødegård", "speed": 5} for n in range(2000)]
    encoded = json.dumps({"characters": crows}, ensure_ascii=False)
    assert json_safe(encoded) is encoded
    assert checked == []
    # what needs the slow look still gets it, and reads back to the same value
    for hidden in ({"name": "Wren\x9b2J"}, {"name": "evil\u202etxt"}, {"n": "a\u200db\u00a0c"}):
        made_safe = json_safe(json.dumps(hidden, ensure_ascii=False))
        assert json.loads(made_safe) == hidden
        assert "\x9b" not in made_safe and "\u202e" not in made_safe
