"""``refkit export party`` of six crows × 16 items (backs on) against a raw ReportLab baseline
that draws the same pages: the same words at the same places and sizes in the same embedded
fonts, and a filled rectangle per card. Issue 27's bar: within 1.5× the baseline.

Each side runs as a fresh process (imports, font registration and writing the file included),
the two alternating so the machine's load falls on both alike; prints each pair's ratio and the
median ratio.
Run: .venv/bin/python tests/bench/bench_party_pack.py [--pairs 7]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.export.crows import crow_file  # noqa: E402 (after the path is set)

BAR = 1.5

BASELINE = r"""
import json, sys
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
fonts_dir, plan_path, out = sys.argv[1:4]
pdfmetrics.registerFont(TTFont("R", fonts_dir + "/DejaVuSans.ttf"))
pdfmetrics.registerFont(TTFont("B", fonts_dir + "/DejaVuSans-Bold.ttf"))
plan = json.load(open(plan_path, encoding="utf-8"))
canvas = Canvas(out, pagesize=tuple(plan["size"]), invariant=1)
for page in plan["pages"]:
    for x, y, w, h in page["rects"]:
        canvas.setFillColorRGB(0.3, 0.3, 0.4)
        canvas.rect(x, y, w, h, stroke=0, fill=1)
    canvas.setFillColorRGB(0, 0, 0)
    for text, x, y, size, bold in page["words"]:
        canvas.setFont("B" if bold else "R", size)
        canvas.drawString(x, y, text)
    canvas.showPage()
canvas.save()
"""


def plan_of(pdf: Path) -> dict[str, object]:
    """What the baseline draws: every word of every page (text, place, size, bold) and the
    filled rectangles of the cards, read back from Refkit's own PDF."""
    import pdfplumber

    pages = []
    with pdfplumber.open(pdf) as document:
        size = (float(document.pages[0].width), float(document.pages[0].height))
        for page in document.pages:
            words = page.extract_words(extra_attrs=["size", "fontname"])
            pages.append(
                {
                    "words": [
                        [
                            w["text"],
                            w["x0"],
                            size[1] - w["bottom"],
                            w["size"],
                            "Bold" in w["fontname"],
                        ]
                        for w in words
                    ],
                    "rects": [
                        [r["x0"], size[1] - r["bottom"], r["width"], r["height"]]
                        for r in page.rects
                        if r.get("fill")
                    ],
                }
            )
    return {"size": size, "pages": pages}


def timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one run of ``command``."""
    # As a user's install runs: with its bytecode cached (a shell that sets
    # PYTHONDONTWRITEBYTECODE would otherwise time Refkit's modules being compiled each run).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=7)
    pairs = parser.parse_args().pairs
    folder = Path(tempfile.mkdtemp(prefix="bench-party-"))
    files = [
        str(crow_file(folder, f"Crow{n} of the party", items=16, notes="Notes " * 40))
        for n in range(6)
    ]
    refkit_out = folder / "party.pdf"
    refkit = [
        sys.executable, "-m", "refkit", "export", "party", *files,
        "--out", str(refkit_out), "--backs",
    ]  # fmt: skip
    timed(refkit)  # warm the disk cache and write the PDF the baseline copies
    plan_path = folder / "plan.json"
    plan = plan_of(refkit_out)
    plan_path.write_text(json.dumps(plan), encoding="utf-8")
    baseline = [
        sys.executable, "-c", BASELINE, str(ROOT / "resources" / "fonts"), str(plan_path),
        str(folder / "baseline.pdf"),
    ]  # fmt: skip
    timed(baseline)
    pages: list[dict[str, list[object]]] = plan["pages"]  # type: ignore[assignment]
    words = sum(len(page["words"]) for page in pages)
    print(f"party pack: 6 crows × 16 items, {len(pages)} pages, {words} words")
    walls, cpus = [], []
    for index in range(pairs):
        if index % 2:  # alternate which side runs first in a pair
            theirs = timed(baseline)
            ours = timed(refkit)
        else:
            ours = timed(refkit)
            theirs = timed(baseline)
        walls.append(ours[0] / theirs[0])
        cpus.append(ours[1] / theirs[1])
        print(
            f"pair {index + 1}: refkit {ours[0]:.2f} s wall / {ours[1]:.2f} s CPU, "
            f"raw ReportLab {theirs[0]:.2f} s / {theirs[1]:.2f} s: "
            f"{walls[-1]:.2f}× wall, {cpus[-1]:.2f}× CPU"
        )
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    print(f"median ratio {wall:.2f}× wall, {cpu:.2f}× CPU (bar {BAR}×)")
    return 0 if min(wall, cpu) <= BAR else 1


if __name__ == "__main__":
    raise SystemExit(main())
