"""When the desktop opens nothing, the words name what was missing and where the PDF is."""

from __future__ import annotations

from pathlib import PurePosixPath

from refkit.present.open_failed import no_file_manager_text, no_viewer_text

PDF = PurePosixPath("/home/ref/Documents/mara.pdf")


def test_no_viewer_names_the_file() -> None:
    said = no_viewer_text(PDF)
    assert said.startswith("No program to open PDFs") and str(PDF) in said


def test_no_file_manager_names_the_file() -> None:
    said = no_file_manager_text(PDF)
    assert said.startswith("No file manager") and str(PDF) in said
