"""Test-wide settings: Qt offscreen, and every test gets its own empty Refkit data folder."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest


@pytest.fixture(autouse=True)
def refkit_data_dir(tmp_path_factory, monkeypatch):
    """Point REFKIT_DATA_DIR at a fresh folder so no test touches the user's real data."""
    data_dir = tmp_path_factory.mktemp("refkit-data")
    monkeypatch.setenv("REFKIT_DATA_DIR", str(data_dir))
    monkeypatch.delenv("REFKIT_DATABASE_URL", raising=False)
    return data_dir
