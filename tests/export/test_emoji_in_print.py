"""Issue 29 item 9: a name with emoji prints as typed, in the font the window shows it in."""

from __future__ import annotations

from pathlib import Path

from refkit.export.card_pages import CardOptions
from refkit.export.documents import paper_named, party_document, sheet_document
from tests.export.crows import crow
from tests.export.pdf_reading import pdf_text

EMOJI_NAME = "Wren 🐉 Ashfeather 🕯"


def _fonts_of(pdf: Path, wanted: str) -> set[str]:
    import pdfplumber

    with pdfplumber.open(pdf) as opened:
        chars = opened.pages[0].chars
        return {char["fontname"].split("+")[-1] for char in chars if char["text"] in wanted}


def test_an_emoji_in_a_name_prints_in_the_bundled_emoji_font_with_no_warning(tmp_path):
    document = sheet_document([crow(EMOJI_NAME, player="Ana")], paper_named("a4"))
    assert document.warnings == ()  # before: "no installed font has 🐉 (U+1F409)…"
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(document.data)
    fonts = _fonts_of(pdf, "🐉🕯")
    assert fonts and not any(font.startswith("DejaVu") for font in fonts), fonts
    assert all(font.startswith("NotoEmoji") for font in fonts), fonts


def test_the_party_pack_card_fronts_print_the_owner_emoji_too(tmp_path):
    party = [crow(EMOJI_NAME, items=2), crow("Odo Quill", items=2)]
    document = party_document(party, CardOptions(paper_named("a4")))
    assert document.warnings == ()
    pdf = tmp_path / "pack.pdf"
    pdf.write_bytes(document.data)
    fronts = "".join(pdf_text(pdf, 3).split())
    # The card's fitted owner line is drawn run by run, so the raw order may move the 🕯.
    assert fronts.count("CarriedbyWren🐉Ashfeather") == 2 and fronts.count("🕯") == 2


def test_the_text_layer_reads_the_emoji_back(tmp_path):
    """Copying or searching the PDF finds the name as typed (ReportLab wrote U+1F409 as U+1F40)."""
    document = sheet_document([crow(EMOJI_NAME)], paper_named("a4"))
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(document.data)
    assert EMOJI_NAME in pdf_text(pdf, 1)
