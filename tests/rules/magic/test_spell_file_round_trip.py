"""Property: any spell Refkit can hold is written as a spell file that reads back the same —
names, descriptions and outcomes with quotes, backslashes, control characters, DEL or any
other Unicode included (what the spell editor and export write, import reads)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from refkit.rules.magic.spell import SpellBook, TierOutcome
from refkit.rules.magic.spell_file import parse_spell_toml, spell_to_toml
from refkit.rules.magic.spellbooks import load_default_spells

SHIPPED = load_default_spells()
words = st.text(min_size=1, max_size=60).map(str.strip).filter(bool)


@settings(max_examples=150, deadline=None)
@given(
    base=st.sampled_from(SHIPPED),
    name=words,
    book=words,
    description=words,
    outcome=words,
    rank=st.integers(0, 5),
    dice=st.integers(1, 20),
    price=st.integers(0, 10_000),
)
def test_a_spell_file_reads_back_the_spell_it_was_written_from(
    base, name, book, description, outcome, rank, dice, price
) -> None:
    outcomes = {tier: replace(text, text=outcome) for tier, text in base.outcomes.items()}
    spell = replace(
        base,
        name=name,
        rank=rank,
        description=description,
        book=SpellBook(book, dice, price),
        outcomes=outcomes,
    )
    back = parse_spell_toml(spell_to_toml(spell))
    assert back == spell
    assert back.outcomes == spell.outcomes
    assert all(isinstance(value, TierOutcome) for value in back.outcomes.values())
