"""An SQLite file's change poll and this process's own writes (issue 30: a spurious "another
program wrote" had every open view read everything again, and the roll log catch up twice for one
step). The poll looks every few milliseconds here, so a look between the process's own commit and
its "commit done" is all but certain."""

from __future__ import annotations

import queue
import sqlite3
import time
from pathlib import Path

import pytest

from refkit.store.change_feed import ChangeNotice
from refkit.store.sqlite.change_poll import FileChangePoll

LOOK_EVERY_S = 0.005
MANY_LOOKS_S = 0.25


@pytest.fixture
def file(tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE rolls (id INTEGER PRIMARY KEY, text TEXT)")
    return path


def _commit(path: Path, text: str) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("INSERT INTO rolls (text) VALUES (?)", (text,))
    connection.close()


def _heard(notices: queue.Queue[ChangeNotice]) -> int:
    count = 0
    while not notices.empty():
        notices.get_nowait()
        count += 1
    return count


def test_the_processs_own_commit_is_no_news_even_before_it_is_taken_in(file: Path) -> None:
    notices: queue.Queue[ChangeNotice] = queue.Queue()
    poll = FileChangePoll(file, notices.put, every_s=LOOK_EVERY_S).start()
    try:
        poll.write_started()
        _commit(file, "this process's step")  # committed; "commit done" not said yet
        time.sleep(MANY_LOOKS_S)
        poll.own_commit_done()
        time.sleep(MANY_LOOKS_S)
        assert _heard(notices) == 0
        _commit(file, "another program's roll")
        time.sleep(MANY_LOOKS_S)
        assert _heard(notices) == 1  # and the poll still hears everybody else
    finally:
        poll.stop()


def test_a_rolled_back_write_lets_the_poll_look_again(file: Path) -> None:
    notices: queue.Queue[ChangeNotice] = queue.Queue()
    poll = FileChangePoll(file, notices.put, every_s=LOOK_EVERY_S).start()
    try:
        poll.write_started()
        poll.own_write_ended()  # rolled back: nothing of ours is in the file
        _commit(file, "another program's roll")
        time.sleep(MANY_LOOKS_S)
        assert _heard(notices) == 1
    finally:
        poll.stop()


def test_an_own_write_that_never_ends_stops_holding_the_poll(
    file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refkit.store.sqlite import change_poll

    monkeypatch.setattr(change_poll, "OWN_WRITE_HOLDS_S", 0.05)
    notices: queue.Queue[ChangeNotice] = queue.Queue()
    poll = FileChangePoll(file, notices.put, every_s=LOOK_EVERY_S).start()
    try:
        poll.write_started()  # and its connection is lost: neither end is ever said
        time.sleep(0.1)
        _commit(file, "another program's roll")
        time.sleep(MANY_LOOKS_S)
        assert _heard(notices) == 1
    finally:
        poll.stop()
