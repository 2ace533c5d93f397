"""The Characters list's party choices (issue 24, item 1): every party offered to any crow."""

from __future__ import annotations

from refkit.present.party_choices import add_choices, builder_parties, drop_choice


def test_the_choices_name_the_parties_a_crow_is_already_in() -> None:
    table = [("A", ("x",)), ("B", ())]
    assert [(c.label, c.enabled) for c in add_choices("X", table)] == [
        ("A (already in it)", False),
        ("B", True),
    ]
    assert all(not c.enabled for c in add_choices(None, table))
    assert drop_choice("x", None, table[1:]).party == "B"  # the one party: no need to ask
    assert drop_choice("x", None, table).party is None  # asked, with A shown but not offered
    assert drop_choice("x", None, table[:1]).message == "x is already in every party"
    assert "no party" in drop_choice("x", None, []).message
    assert drop_choice("y", None, table).party is None  # two open parties: ask
    assert len(drop_choice("y", None, table).choices) == 2
    assert drop_choice("x", "A", table).message == "x is already in the party A"
    assert builder_parties("b", ["A", "B"]) == (["No party for now", "A", "B"], 2)
    assert builder_parties(None, ["A", "B"])[1] == 0
    assert builder_parties(None, ["A"])[1] == 1
