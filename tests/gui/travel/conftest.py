"""The travel panels' tests share one travel desk on a fresh database (which starts with the
sample map, The Ashen Marches)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.travel.wiring import TravelDesk
from refkit.compose import Services


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    services = Services(db_url=str(tmp_path / "refkit.sqlite3"))
    yield services
    services.close()


@pytest.fixture
def desk(services: Services) -> TravelDesk:
    return TravelDesk(services)
