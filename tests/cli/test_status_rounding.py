"""The time left in ``refkit dt status``'s text: whole seconds, rounded up like the app's clock
(a DT shows its full length for its first second, and ``0:00`` only once time is up)."""

from __future__ import annotations

import pytest

from refkit.cli.dungeon_commands import status_text
from refkit.cli.services import SERVICE_OPTIONS

START = 1_900_000_000.0


def status(remaining_s: float, state: str = "running") -> dict[str, object]:
    return {
        "state": state,
        "dt": 3,
        "length_s": 1800,
        "remaining_s": remaining_s,
        "greed_percent": 0,
        "pending_encounter": False,
    }


@pytest.mark.parametrize(
    ("remaining_s", "shown"),
    [
        (1800.0, "30:00"),
        (1799.2, "30:00"),  # a fresh DT shows its full length for its first second
        (754.3, "12:35"),
        (754.0, "12:34"),
        (60.0, "1:00"),
        (59.5, "1:00"),
        (0.4, "0:01"),  # not yet up
        (0.0, "0:00"),
        (-3.7, "0:00"),  # overdue: never a negative time left
    ],
)
def test_the_time_left_rounds_up_to_the_next_whole_second(remaining_s: float, shown: str) -> None:
    assert status_text(status(remaining_s)) == f"DT 3 running, {shown} left"


def test_a_paused_dt_rounds_the_same_way() -> None:
    assert status_text(status(754.3, "paused")) == "DT 3 paused, 12:35 left"


class FakeClock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def test_the_status_command_prints_the_rounded_up_time_left(cli, monkeypatch) -> None:
    clock = FakeClock()
    # every command builds its services in the composition root: give them the test's clock
    monkeypatch.setitem(SERVICE_OPTIONS, "clock", clock)
    started = cli("dt", "start", "--minutes", "20", "--json")
    assert started.code == 0, started.err
    clock.now += 5 * 60 + 45.7  # 14 min 14.3 s left
    run = cli("dt", "status")
    assert run.code == 0, run.err
    assert run.out.strip().startswith("DT 1 running, 14:15 left")
    assert cli("dt", "status", "--json").json["remaining_s"] == pytest.approx(854.3)
