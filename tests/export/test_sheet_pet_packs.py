"""The PDF sheet lists what the pets carry (issue 26 item 4): each pet that carries something, or
has Beast of Burden's extra slots, with its slots and items."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from refkit.export.documents import paper_named, sheet_document
from refkit.export.sheet_progress import pet_pack_text, progress_text
from refkit.rules.character.pet_moves import move_to_pack
from refkit.rules.inventory.model import BACKPACK, Item, StackInfo
from tests.export.crows import crow
from tests.export.pdf_reading import pdf_text, squeezed


def herder():
    mara = crow()
    items = mara.items.with_item(Item("Tent", area=BACKPACK, at=9, slots=2, id="tent-1"))
    items = items.with_item(
        Item("Oil flask", area="belt", at=4, count=3, stack=StackInfo("oil", 3), id="oil-1")
    )
    mara = replace(
        mara,
        items=items,
        pets=("Goat", "Rex the Dog", "Mr. Whiskers"),
        traits=("Pets: Beast of Burden",),
        burden_pet="Goat",
    )
    return move_to_pack(move_to_pack(mara, "tent-1", "Goat"), "oil-1", "Goat")


def test_the_pet_pack_line_names_each_pet_that_carries_or_has_the_slots() -> None:
    assert pet_pack_text(herder()) == (
        "Pet packs — Goat (4 slots, Beast of Burden): Tent, Oil flask (3)"
    )
    assert pet_pack_text(crow()) == ""
    assert "Pets: Goat, Rex the Dog, Mr. Whiskers" in progress_text(herder())


def test_the_printed_sheet_lists_the_pet_packs(tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(sheet_document([herder()], paper_named("a4")).data)
    text = squeezed(pdf_text(path))
    assert squeezed("Pet packs — Goat (4 slots, Beast of Burden): Tent, Oil flask (3)") in text
