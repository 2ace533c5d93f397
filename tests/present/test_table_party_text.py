"""The party chooser's tooltip: no party, a party as stored, a party with its crows."""

from __future__ import annotations

from refkit.present.table_party_text import NO_PARTY_TIP, party_tip


def test_no_party_says_what_end_dt_acts_on() -> None:
    assert party_tip(None, ["Wren"]) == NO_PARTY_TIP
    assert "tracked effects only" in NO_PARTY_TIP


def test_a_party_names_its_crows_once_they_are_read() -> None:
    assert party_tip("The Crows", None) == "The Crows"
    assert party_tip("The Crows", ["Wren", "Hesper"]) == "The Crows: Wren, Hesper"
    assert party_tip("The Crows", []) == "The Crows: no crows"
