"""Names refuse control and format characters; text for terminals has them escaped."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.common.name_text import json_safe, name_problem, require_plain_name, terminal_safe


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("Mara\x1b[2J", "U+001B (ESC)"),
        ("Mara\x00", "U+0000 (NUL)"),
        ("Mara\u202eevil", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ("Mara\u200b", "U+200B (ZERO WIDTH SPACE)"),
        ("Ma\nra", "U+000A (LINE FEED)"),
        ("Mara\x9b31m", "U+009B (CSI)"),
        ("Mara\u2028", "U+2028 (LINE SEPARATOR)"),
    ],
)
def test_hidden_characters_in_a_name_are_named_with_their_place(name: str, label: str) -> None:
    problem = name_problem(name)
    assert problem is not None and label in problem
    with pytest.raises(ValueError, match="crow's name holds the control character"):
        require_plain_name("crow's name", name)


@pytest.mark.parametrize("name", ["Mara Vell", "Zoë", "Ørn-Ásta", "👩‍👩‍👧", "مریم‌خانم", "李小龍"])
def test_ordinary_names_pass_zero_width_joiners_included(name: str) -> None:
    assert name_problem(name) is None


def test_terminal_text_has_escapes_instead_of_control_characters() -> None:
    assert terminal_safe("Mara\x1b[2J\u202e!\nnext") == "Mara\\x1b[2J\\u202e!\nnext"
    assert terminal_safe("a\nb", keep="") == "a\\x0ab"


@given(st.dictionaries(st.text(), st.text() | st.integers()))
def test_json_made_terminal_safe_reads_back_the_same(data: dict) -> None:
    encoded = json_safe(json.dumps(data, ensure_ascii=False))
    assert json.loads(encoded) == data
    assert not any(name_problem(character) for character in encoded), (
        "a hidden character was left raw"
    )
