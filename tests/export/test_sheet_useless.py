"""Bury the Point on the PDF sheet (issue 26): a weapon useless until fixed reads so on its card,
in words ("USELESS · until fixed"), apart from "damaged"; a whole weapon's card says neither. The
file keeps the state as the optional item key ``useless``."""

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
