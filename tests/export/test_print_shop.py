"""Issue 27: what a print shop (or a duplex office printer) makes of the PDFs, read back from the
drawn pages — duplex parity, cards a page, text sizes."""

from __future__ import annotations

from pathlib import Path

import pytest

from refkit.export.card_pages import CardOptions
from refkit.export.documents import paper_named, party_document
from tests.export.crows import crow
from tests.export.pdf_reading import page_count, pdf_info, pdf_text


def saved(tmp_path: Path, data: bytes, name: str = "out.pdf") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("crows", [1, 2, 3])
def test_every_card_front_of_the_party_pack_shares_its_sheet_of_paper_with_its_back(
    tmp_path, crows
):
    party = [crow(f"Crow {n}", items=13, player=f"P{n}") for n in range(crows)]
    options = CardOptions(paper_named("a4"), backs=True)
    document = party_document(party, options)
    pdf = saved(tmp_path, document.data)
    pages = page_count(pdf)
    assert pages == document.pages
    # Duplex: pages 1-2 are one sheet, 3-4 the next... A front must sit on an odd page and its
    # back (the page with the REFKIT captions) on the even page after it.
    texts = {page: pdf_text(pdf, page) for page in range(1, pages + 1)}
    backs = [page for page, text in texts.items() if "REFKIT" in text]
    sheets = [page for page, text in texts.items() if "Stamina" in text]
    fronts = [
        page
        for page, text in texts.items()
        if page not in backs and page not in sheets and "left blank" not in text
    ]
    assert fronts, "no card fronts found"
    assert all(page % 2 == 1 for page in fronts), (fronts, backs)
    assert backs == [page + 1 for page in fronts]
    assert pages % 2 == 0


def test_a_lone_crow_is_not_titled_a_party_pack(tmp_path):
    options = CardOptions(paper_named("a4"))
    alone = saved(tmp_path, party_document([crow("Mara Vell")], options).data, "alone.pdf")
    assert pdf_info(alone)["Title"] == "Sheet and item cards: Mara Vell"
    pair = [crow("Mara Vell"), crow("Odo Quill")]
    both = saved(tmp_path, party_document(pair, options).data, "both.pdf")
    assert pdf_info(both)["Title"] == "Party pack: Mara Vell, Odo Quill"
