"""Helpers for driving the command line in-process and as a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass

import pytest

from refkit.cli import run_cli


@dataclass(frozen=True)
class CliRun:
    code: int
    out: str
    err: str

    @property
    def json(self) -> dict:
        return json.loads(self.out)


@pytest.fixture
def cli(capsys):
    """Run ``refkit ARGS…`` in this process and capture what it prints."""

    def run(*args: str) -> CliRun:
        code = run_cli(list(args))
        captured = capsys.readouterr()
        return CliRun(code, captured.out, captured.err)

    return run


@pytest.fixture
def cli_process(refkit_data_dir, test_server):
    """Run ``python -m refkit ARGS…`` as a separate process, as a script or bot would (on a run
    on PostgreSQL, on the test's default database there)."""

    def run(*args: str, timeout: float = 60) -> CliRun:
        env = dict(os.environ, REFKIT_DATA_DIR=str(refkit_data_dir))
        if test_server is not None:
            test_server.ensure(env["REFKIT_DATABASE_URL"])
        done = subprocess.run(
            [sys.executable, "-m", "refkit", *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=timeout,
            check=False,
        )
        return CliRun(done.returncode, done.stdout, done.stderr)

    return run
