"""Issue 30 §5: a stateless command runs no pass of the cyclic collector. Its imports make some
10,000 long-lived objects (functions, classes, constants) and no garbage; at Python's threshold
of 700 the collector walked them fifteen times, 2 ms of a 50 ms cast. The console script's entry
point (:func:`refkit.main.main`) raises the threshold for a headless command and gives the
caller its own back; the window keeps Python's."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys

import pytest

from refkit import main as entry

PROBE = (
    "import gc, sys\n"
    "from refkit.main import main\n"
    "passes = []\n"
    "gc.callbacks.append(lambda phase, info: passes.append(info['generation'])"
    " if phase == 'start' else None)\n"
    "code = main(sys.argv[1:])\n"
    "print(len(passes), file=sys.stderr)\n"
    "raise SystemExit(code)\n"
)

COMMANDS = {
    "roll": ["roll", "2d6"],
    "test": ["test", "--char", "1"],
    "odds": ["odds", "test", "--char", "1", "--edges", "2"],
    "cast": ["cast", "--mind", "2", "--rank", "1", "--book-ud", "8"],
    "lookup": ["lookup", "shield"],
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_stateless_command_runs_no_collector_pass(cli, name: str) -> None:
    assert cli("d100", "--json").code == 0  # the data folder's file, made, migrated and seeded
    assert cli(*COMMANDS[name], "--json").code == 0  # and what the command keeps there (tables)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *COMMANDS[name], "--json"],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    json.loads(done.stdout)  # the command did its work
    passes = int(done.stderr.strip().splitlines()[-1])
    assert passes == 0, f"{name}: {passes} collector passes"


def test_the_caller_keeps_its_thresholds(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int, int]] = []

    def run_cli(args: list[str]) -> int:
        seen.append(gc.get_threshold())
        return 0

    monkeypatch.setattr("refkit.cli.run_cli", run_cli)
    before = gc.get_threshold()
    assert entry.main(["roll", "2d6"]) == 0
    assert seen == [(entry.COMMAND_COLLECTOR_THRESHOLD, *before[1:])]
    assert gc.get_threshold() == before


def test_the_window_collects_as_python_does(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int, int]] = []

    def run_app(db_url: str | None, exit_after_paint: bool) -> int:
        seen.append(gc.get_threshold())
        return 0

    monkeypatch.setattr("refkit.gui.shell.source_cache.stop_pyside_source_caching", lambda: None)
    monkeypatch.setattr("refkit.gui.main.run_app", run_app)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    was_enabled = gc.isenabled()
    before = gc.get_threshold()
    try:
        # "lookup" among the first words, yet a window: the file is named lookup
        assert entry.main(["--db", "lookup"]) == 0
    finally:
        if was_enabled:
            gc.enable()
    assert seen == [before]
