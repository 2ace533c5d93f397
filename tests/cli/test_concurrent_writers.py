"""Several command-line processes writing one campaign at once: every step lands exactly once.

Issue 22's measured case: three processes each deal ``refkit fight damage "Tank Crow" 1`` while a
fourth ends DTs. Each of those steps is worked out from the state as it is when it runs, so a
write that lost the race to another process is worked out again on the fresh state and applied,
never refused and never lost: the crow's Stamina and the DT number account for every success.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from refkit.compose import open_character_service
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.store.location import DATABASE_FILE_NAME

TANK = "Tank Crow"
STAMINA = 60
DAMAGERS = 3
HITS_EACH = 10
DT_ENDS = 8


def _refkit(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    from refkit.store import location

    # The database as this process resolves it (the file, or its database in a run on a server).
    url = location.resolve_database_url(str(data_dir / DATABASE_FILE_NAME))
    env = dict(os.environ, REFKIT_DATA_DIR=str(data_dir), REFKIT_DATABASE_URL=url)
    return subprocess.run(
        [sys.executable, "-m", "refkit", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


@pytest.mark.slow
def test_three_damagers_and_an_end_dt_loop_all_land(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    with open_character_service(str(data_dir / DATABASE_FILE_NAME)) as service:
        service.create(
            Character(TANK, Characteristics(agility=1, mind=0, strength=2), Stamina(60, STAMINA))
        )
    for setup in (("fight", "crows", TANK), ("dt", "start")):
        done = _refkit(data_dir, *setup)
        assert done.returncode == 0, done.stderr

    failures: list[str] = []
    lock = threading.Lock()

    def run_many(args: tuple[str, ...], times: int) -> None:
        for _ in range(times):
            done = _refkit(data_dir, *args)
            if done.returncode != 0:
                with lock:
                    failures.append(f"{' '.join(args)}: {done.returncode} {done.stderr.strip()}")

    workers = [
        threading.Thread(target=run_many, args=(("fight", "damage", TANK, "1"), HITS_EACH))
        for _ in range(DAMAGERS)
    ]
    workers.append(threading.Thread(target=run_many, args=(("dt", "end"), DT_ENDS)))
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()

    assert failures == []
    with open_character_service(str(data_dir / DATABASE_FILE_NAME)) as service:
        assert service.get(TANK).stamina.current == STAMINA - DAMAGERS * HITS_EACH
    status = _refkit(data_dir, "dt", "status", "--json")
    assert status.returncode == 0, status.stderr
    import json

    assert json.loads(status.stdout)["dt"] == 1 + DT_ENDS
