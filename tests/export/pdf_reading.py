"""Reading a PDF back without ReportLab: poppler's pdftotext, pdfinfo and pdftoppm.

Each helper skips the test cleanly when poppler is not installed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} (poppler-utils) is not installed")
    return path


def pdf_text(pdf: Path, page: int | None = None) -> str:
    """The text of the whole PDF (or one page, from 1) in drawing order (pdftotext -raw), so a
    name wrapped over two lines of a card reads as one."""
    pages = ["-f", str(page), "-l", str(page)] if page else []
    done = subprocess.run(
        [_tool("pdftotext"), "-raw", *pages, "-enc", "UTF-8", str(pdf), "-"],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


def squeezed(text: str) -> str:
    """Text without any whitespace: a wrapped or shrunk line reads the same as it was typed."""
    return re.sub(r"\s+", "", text)


def pdf_info(pdf: Path) -> dict[str, str]:
    done = subprocess.run([_tool("pdfinfo"), str(pdf)], check=True, capture_output=True, text=True)
    return dict(
        (key.strip(), value.strip())
        for key, value in (line.split(":", 1) for line in done.stdout.splitlines() if ":" in line)
    )


def page_count(pdf: Path) -> int:
    return int(pdf_info(pdf)["Pages"])


def page_size_pt(pdf: Path) -> tuple[float, float]:
    match = re.match(r"([\d.]+) x ([\d.]+) pts", pdf_info(pdf)["Page size"])
    assert match, pdf_info(pdf)
    return float(match.group(1)), float(match.group(2))


def words_with_boxes(pdf: Path, page: int) -> list[tuple[str, float, float]]:
    """Each word on the page with its left x and top y in points (pdftotext -bbox)."""
    done = subprocess.run(
        [_tool("pdftotext"), "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
        check=True,
        capture_output=True,
        text=True,
    )
    found = re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)</word>',
        done.stdout,
    )
    return [(word, float(x), float(y)) for x, y, word in found]


def page_image(pdf: Path, page: int, dpi: int, out: Path):
    """The page rendered at ``dpi`` by pdftoppm, as an RGB Pillow image."""
    image_module = pytest.importorskip("PIL.Image")
    prefix = out / f"page{page}"
    subprocess.run(
        [
            _tool("pdftoppm"),
            "-r",
            str(dpi),
            "-f",
            str(page),
            "-l",
            str(page),
            "-singlefile",
            "-png",
            str(pdf),
            str(prefix),
        ],
        check=True,
        capture_output=True,
    )
    return image_module.open(f"{prefix}.png").convert("RGB")
