"""A crow found by its first name when no other crow starts with it."""

from __future__ import annotations

import pytest

from refkit.rules.common.first_names import AmbiguousName, by_first_name

CROWS = ["Wren Ashdown", "Hesper Quill", "Hesper Vane", "Mara"]


def test_a_full_name_then_a_unique_first_name():
    assert by_first_name(CROWS, "wren  ashdown") == "Wren Ashdown"
    assert by_first_name(CROWS, "Wren") == "Wren Ashdown"
    assert by_first_name(CROWS, "Mara") == "Mara"
    assert by_first_name(CROWS, "Wre") is None
    assert by_first_name(CROWS, "Nobody") is None


def test_a_first_name_two_crows_share_is_refused_naming_both():
    with pytest.raises(AmbiguousName, match="Hesper Quill or Hesper Vane"):
        by_first_name(CROWS, "Hesper")


def test_the_one_name_rule_collapses_spaces_and_refuses_hidden_characters():
    from refkit.rules.common.name_text import plain_name

    assert plain_name("a name", "  two   spaces ") == "two spaces"
    for bad in ("tab\there", "line\nbreak", "   "):
        with pytest.raises(ValueError, match="a name"):
            plain_name("a name", bad)
