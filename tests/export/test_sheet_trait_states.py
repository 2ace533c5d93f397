"""Issue 26's item states on the PDF sheet: a weapon useless until fixed (Bury the Point) reads
so on its card, in words, apart from "damaged", and the file keeps it as the optional item key
``useless``; a spellbook absorbed with Burned in the Brain is listed as carried with no slot."""

from __future__ import annotations

from refkit.export.documents import paper_named, sheet_document
from refkit.rules.character.file_format import character_from_json, character_to_json
from tests.export.crows import crow_data
from tests.export.pdf_reading import pdf_text, squeezed
from tests.export.test_documents import saved


def crow_with_spear(useless: bool):
    data = crow_data(items=6)
    data["items"][0] = {
        "name": "Spear", "slots": 1, "area": "hand", "at": 1, "tags": ["weapon"],
        "damage": {"tier2": 3, "tier3": 7}, "keywords": ["stabbing", "brutal"],
        **({"useless": True} if useless else {}),
    }  # fmt: skip
    return character_from_json(data)


def test_the_sheet_says_a_weapon_is_useless_until_fixed(tmp_path) -> None:
    broken = crow_with_spear(True)
    assert character_to_json(broken)["items"][0]["useless"] is True
    text = squeezed(pdf_text(saved(tmp_path, sheet_document([broken], paper_named("a4")).data)))
    assert squeezed("USELESS · until fixed") in text and "DAMAGED" not in text
    whole = crow_with_spear(False)
    assert "useless" not in character_to_json(whole)["items"][0]
    text = squeezed(pdf_text(saved(tmp_path, sheet_document([whole], paper_named("a4")).data)))
    assert "USELESS" not in text


def test_an_absorbed_spellbook_is_listed_as_carried_with_no_slot(tmp_path) -> None:
    data = crow_data(items=6)
    data["items"].append(
        {"name": "Fire lance book", "slots": 1, "area": "magic", "tags": ["spellbook", "absorbed"]}
    )
    mage = character_from_json(data)
    text = squeezed(pdf_text(saved(tmp_path, sheet_document([mage], paper_named("a4")).data)))
    assert squeezed("Fire lance book · absorbed: always wielded, no slot") in text
