"""Printed pages compared with approved pictures of them (tests/export/reference/*.png).

Each page is drawn by PDFium at 40 dpi in grey and compared pixel by pixel with the approved
picture: the mean difference must stay under MEAN_TOLERANCE and no more than AREA_TOLERANCE of
the pixels may differ by more than a quarter of the grey scale, so a moved box, a lost line or
text in another size fails while font smoothing does not. After a deliberate change to the
pages, look at the new pictures and approve them:

    REFKIT_APPROVE_PAGES=1 .venv/bin/python -m pytest tests/export/test_reference_pages.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from refkit.export.card_pages import CardOptions
from refkit.export.documents import crow_cards_document, paper_named, sheet_document
from tests.export.crows import worst_case_crow

pypdfium2 = pytest.importorskip("pypdfium2")
Image = pytest.importorskip("PIL.Image")
ImageChops = pytest.importorskip("PIL.ImageChops")

REFERENCE = Path(__file__).parent / "reference"
DPI = 40
MEAN_TOLERANCE = 0.5
"""Grey levels (of 255): the mean difference over the page."""
AREA_TOLERANCE = 0.0005
"""Share of the page's pixels allowed to differ by more than 64 grey levels (the six condition
boxes drawn inverted differ in 0.07 % of an A4 sheet's pixels)."""


def _pages(tmp_path: Path, name: str) -> list:
    if name.startswith("sheet"):
        paper = name.split("-")[1]
        data = sheet_document([worst_case_crow()], paper_named(paper)).data
        page_numbers = [0]
    else:
        options = CardOptions(paper_named("a4"), backs=True, blanks=1)
        data = crow_cards_document(worst_case_crow(), options).data
        page_numbers = [0, 1]
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(data)
    document = pypdfium2.PdfDocument(str(path))
    try:
        return [
            document[number].render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
            for number in page_numbers
        ]
    finally:
        document.close()


@pytest.mark.parametrize("name", ["sheet-a4", "sheet-letter", "cards-a4"])
def test_the_pages_look_as_approved(tmp_path, name):
    for index, page in enumerate(_pages(tmp_path, name), start=1):
        approved = REFERENCE / f"{name}-{index}.png"
        if os.environ.get("REFKIT_APPROVE_PAGES"):
            page.save(approved, optimize=True)
            continue
        assert approved.exists(), f"no approved picture {approved.name}: see the module's doc"
        reference = Image.open(approved).convert("L")
        assert page.size == reference.size, (page.size, reference.size)
        difference = ImageChops.difference(page, reference)
        histogram = difference.histogram()
        pixels = page.size[0] * page.size[1]
        mean = sum(level * count for level, count in enumerate(histogram)) / pixels
        far = sum(histogram[65:]) / pixels
        assert mean <= MEAN_TOLERANCE and far <= AREA_TOLERANCE, (
            f"{approved.name}: mean difference {mean:.2f} grey levels, "
            f"{far:.2%} of the pixels far off"
        )
