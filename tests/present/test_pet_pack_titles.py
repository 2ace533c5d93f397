"""A pet's row under the board names its kind only when the pet's name does not already say it:
"Riding Horse (Riding Horse, 2/10 slots)" said the same thing twice."""

from __future__ import annotations

from refkit.present.pet_packs_view import pack_rows
from tests.rules.test_pet_packs import crow


def test_a_pets_title_names_its_kind_only_when_its_name_does_not() -> None:
    titles = [row.title for row in pack_rows(crow(pets=("Riding Horse", "Rex the Dog", "goat")))]
    assert titles == [
        "Riding Horse (0/10 slots)",
        "Rex the Dog (Dog, 0/1 slots)",
        "goat (0/2 slots)",
    ]
