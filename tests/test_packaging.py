"""The wheel carries resources/ and sheets/; an installed Refkit finds them without a checkout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(REPO),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    (built,) = out.glob("refkit-*.whl")
    return built


def test_wheel_contains_the_data_folders(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "refkit/_data/resources/items.toml" in names
    assert any(n.startswith("refkit/_data/resources/tables/") for n in names)
    assert any(n.startswith("refkit/_data/sheets/") for n in names)
    assert any(n.startswith("refkit/store/migrations/versions/") for n in names)


@pytest.mark.slow
def test_installed_wheel_reads_its_resources(wheel, tmp_path):
    venv = tmp_path / "fresh-venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # Borrow the already-installed dependencies (PySide6 etc.) without reinstalling them; a .pth
    # in the new venv adds this environment's site-packages after the venv's own.
    Path(site, "borrowed-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
        text=True,
    )
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = dict(os.environ, REFKIT_DATA_DIR=str(tmp_path / "data"))
    env.pop("PYTHONPATH", None)
    where = subprocess.run(
        [
            str(python),
            "-c",
            "import refkit, refkit.locate as l; print(refkit.__file__);"
            "print(l.resource_path('items.toml'))",
        ],
        cwd=work,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    assert where[0].startswith(str(venv)), where
    assert where[1].startswith(str(venv)) and "_data" in where[1]
    listed = subprocess.run(
        [str(venv / "bin" / "refkit"), "table", "list", "--json"],
        cwd=work,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    tables = json.loads(listed.stdout)["tables"]
    assert tables and all(t["rows"] > 0 for t in tables)
