"""Text set in a box shrinks until it fits and is never cut; the bundled font is registered
once, from resources/fonts (with its licence), and embedded in every PDF."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from reportlab.pdfbase import pdfmetrics

from refkit.export.documents import paper_named, quick_sheet_document
from refkit.export.fonts import BOLD, REGULAR, register_fonts, text_width
from refkit.export.print_layout import print_layout, read_print_layout
from refkit.export.text_fit import fit, wrap
from refkit.locate import resource_path, sheet_path
from refkit.present.sheet_toml import SheetLayoutError


@pytest.fixture(autouse=True)
def fonts() -> None:
    register_fonts()


def test_wrapped_lines_stay_inside_the_width_and_keep_every_character():
    text = "Søren crossed the Þórsmörk glacier with a supercalifragilisticexpialidocious pack"
    lines = wrap(text, REGULAR, 10, 60)
    assert all(text_width(line, REGULAR, 10) <= 60 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_text_too_long_for_its_box_shrinks_until_it_fits():
    text = "a torch burns down " * 40
    fitted = fit(text, REGULAR, 100, 60, 12)
    assert fitted.size < 12
    assert fitted.height <= 60
    assert " ".join(fitted.lines).split() == text.split()


def test_text_that_fits_keeps_its_size():
    assert fit("Rope", BOLD, 100, 20, 12).size == 12


def test_the_font_is_registered_once_from_the_bundled_file():
    before = list(pdfmetrics.getRegisteredFontNames())
    register_fonts()
    register_fonts()
    assert list(pdfmetrics.getRegisteredFontNames()) == before
    font = pdfmetrics.getFont(REGULAR)
    assert str(resource_path("fonts")) in font.face.filename
    licence = resource_path("fonts", "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in licence and "DejaVu" in licence


def test_every_pdf_embeds_the_bundled_font(tmp_path):
    if shutil.which("pdffonts") is None:
        pytest.skip("pdffonts (poppler-utils) is not installed")
    pdf = tmp_path / "quick.pdf"
    pdf.write_bytes(quick_sheet_document(paper_named("a4")).data)
    listing = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True)
    rows = [line for line in listing.stdout.splitlines() if "DejaVu" in line]
    assert rows, listing.stdout
    assert all(" yes " in row for row in rows), listing.stdout  # embedded (subset)
    assert "Helvetica" not in listing.stdout


def test_the_print_layout_is_read_from_sheets_and_a_bad_one_names_its_key():
    shipped = read_print_layout(sheet_path("print.toml").read_text(encoding="utf-8"))
    assert shipped == print_layout()
    broken = (
        sheet_path("print.toml")
        .read_text(encoding="utf-8")
        .replace("header = 13.0        # the coloured band", "header = -1  # the coloured band")
    )
    with pytest.raises(SheetLayoutError, match=r"sheets/print.toml \[card_face\]: header"):
        read_print_layout(broken)


def test_a_word_a_little_too_wide_shrinks_instead_of_breaking() -> None:
    """A card name like "Handaxe" in a narrow box prints whole, a little smaller, never "Handa"
    on one line and "xe" on the next."""
    from refkit.export.fonts import BOLD, text_width
    from refkit.export.text_fit import fit

    width = text_width("Handaxe", BOLD, 10) * 0.85
    fitted = fit("Handaxe", BOLD, width, 40, 10)
    assert fitted.lines == ("Handaxe",)
    assert fitted.size < 10
    long_word = "x" * 400  # far too long to shrink to: broken, as before
    assert len(fit(long_word, BOLD, width, 400, 10).lines) > 1


def test_text_shrinks_only_as_far_as_it_must():
    """The fitter takes the largest size that fits (a ``max`` turned ``min`` would print every
    overfull box at the smallest size)."""
    from refkit.export.text_fit import LEADING, fit_line, wrap

    text = "a torch burns down " * 40
    fitted = fit(text, REGULAR, 100, 60, 12)
    one_step_larger = fitted.size / 0.95
    assert len(wrap(text, REGULAR, one_step_larger, 100)) * one_step_larger * LEADING > 60
    assert fitted.size > 3
    natural = text_width("Healing potion of the deep", BOLD, 10)
    size = fit_line("Healing potion of the deep", BOLD, natural / 2, 10)
    assert size == pytest.approx(5.0, rel=1e-6)
    assert fit_line("Healing potion of the deep", BOLD, natural / 4, 10, smallest=6) == 6


def test_readable_text_is_cut_with_an_ellipsis_rather_than_shrunk_below_its_floor():
    from refkit.export.text_fit import ELLIPSIS, READABLE

    text = "word " * 400
    fitted = fit(text, REGULAR, 80, 40, 9, smallest=READABLE)
    assert fitted.size == READABLE and fitted.cut
    assert fitted.height <= 40 and fitted.lines[-1].endswith(ELLIPSIS)
    assert all(text_width(line, REGULAR, READABLE) <= 80 for line in fitted.lines)


def test_a_line_shrunk_to_its_width_is_not_cut(tmp_path):
    """A line fitted exactly to its box keeps every letter (no ellipsis from float rounding)."""
    from reportlab.pdfgen.canvas import Canvas

    from refkit.export.text_fit import draw_line

    out = tmp_path / "line.pdf"
    canvas = Canvas(str(out), invariant=1)
    natural = text_width("3 (base 5)", BOLD, 15)
    shares = [0.5 + step / 100 for step in range(40)]
    for index, share in enumerate(shares):
        draw_line(canvas, "3 (base 5)", BOLD, 10, 800 - index * 19, natural * share, 15, smallest=6)
    canvas.showPage()
    canvas.save()
    from tests.export.pdf_reading import pdf_text

    assert pdf_text(out).count("3 (base 5)") == len(shares)
