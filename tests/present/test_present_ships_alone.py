"""``refkit.present`` stands without Qt, SQL or ReportLab, and its sheets ship inside the wheel."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PIP_WHEEL = (sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q")
HEAVY = ("PySide6", "shiboken6", "sqlalchemy", "sqlmodel", "reportlab", "qasync")


def run_python(code: str, *, cwd: Path, pythonpath: Path | None = None) -> str:
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


PROBE = """
import json, sys
import refkit.present as present
from refkit.locate import sheet_path
from refkit.present import card_face, card_sheet, geometry, sheet_layout, sheet_toml
sheet = present.lay_out_cards(present.papers()["a4"], present.card_sizes()["poker"])
board = present.lay_out_sheet(1000.0, present.BoardMetrics.from_line_height(16.0))
print(json.dumps({
    "file": present.__file__,
    "sheet": str(sheet_path("inventory.toml")),
    "per_page": sheet.per_page,
    "slots": len(board.slots),
    "heavy": sorted({m.split(".")[0] for m in sys.modules} & set(%r)),
}))
"""


def test_importing_and_using_present_loads_no_qt_sql_or_reportlab(tmp_path):
    seen = json.loads(run_python(PROBE % (HEAVY,), cwd=tmp_path))
    assert seen["heavy"] == []
    assert seen["per_page"] == 9 and seen["slots"] == 22


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [*PIP_WHEEL, "-w", str(out), str(REPO)],
        check=True,
        capture_output=True,
        text=True,
    )
    (built,) = out.glob("refkit-*.whl")
    return built


def test_every_sheet_ships_in_the_wheel_and_is_read_from_there(wheel, tmp_path):
    names = set(zipfile.ZipFile(wheel).namelist())
    for sheet in sorted((REPO / "sheets").glob("*.toml")):
        assert f"refkit/_data/sheets/{sheet.name}" in names, sheet.name
    assert "refkit/_data/sheets/inventory.toml" in names
    unpacked = tmp_path / "unpacked"
    zipfile.ZipFile(wheel).extractall(unpacked)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    seen = json.loads(run_python(PROBE % (HEAVY,), cwd=elsewhere, pythonpath=unpacked))
    assert seen["file"].startswith(str(unpacked))
    assert seen["sheet"] == str(unpacked / "refkit" / "_data" / "sheets" / "inventory.toml")
    assert seen["per_page"] == 9 and seen["slots"] == 22
