"""Issue 23's goal for live refresh: another client's commit repainted in the window within 1 s
(95th percentile, measured by tests/bench/bench_three_clients.py). On an SQLite file the news
waits for the data_version poll and then for the hub's gathering before any view is read again;
those two waits must leave the reading and the painting the time they take on a server."""

from __future__ import annotations

from refkit.gui.shell.live_refresh import GATHER_MS
from refkit.store.sqlite.change_poll import EVERY_S

GOAL_S = 1.0
READ_AND_PAINT_S = 0.35
"""The three-client evening on PostgreSQL, where news comes at once: p95 of 0.48 s from commit
to repaint, of which GATHER_MS was gathering (two busy cores shared with other work)."""


def test_the_sqlite_poll_and_the_gathering_leave_the_views_their_time_within_the_goal() -> None:
    longest_wait_s = EVERY_S + GATHER_MS / 1000
    assert longest_wait_s + READ_AND_PAINT_S <= GOAL_S
