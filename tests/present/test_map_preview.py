"""The map shown before any journey: the chosen one while stored, else the first, else none."""

from __future__ import annotations

from refkit.present.map_preview import preview_map_name


def test_the_chosen_map_while_it_is_stored() -> None:
    assert preview_map_name("Second", ["First", "Second"]) == "Second"


def test_the_first_map_when_none_or_a_gone_one_is_chosen() -> None:
    assert preview_map_name("", ["First", "Second"]) == "First"
    assert preview_map_name("Deleted", ["First", "Second"]) == "First"


def test_no_map_when_none_is_stored() -> None:
    assert preview_map_name("Deleted", []) is None
