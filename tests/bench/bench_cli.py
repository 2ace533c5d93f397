"""Headless command latency and Crows odds speed.

Bars from the foundation issue: a headless CLI command in under 0.3 s; odds for any single Crows
test in under 5 ms. The CLI is compared side by side with a bare ``python -c pass``.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def cli_latency(runs: int = 9) -> None:
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as data_dir:
        env["REFKIT_DATA_DIR"] = data_dir
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "refkit test --json": [sys.executable, "-m", "refkit", "test", "--char", "1", "--json"],
            "refkit odds test --json": [
                sys.executable,
                "-m",
                "refkit",
                "odds",
                "test",
                "--char",
                "1",
                "--edges",
                "2",
                "--json",
            ],
            "refkit roll 4d6kh3": [sys.executable, "-m", "refkit", "roll", "4d6kh3", "--json"],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, cmd in commands.items():
                times[name].append(timed(cmd, env))
    base = statistics.median(times["python -c pass"])
    for name, values in times.items():
        m = statistics.median(values)
        print(f"{name:28s} median {m * 1000:6.0f} ms   ratio to bare python {m / base:.2f}")


def odds_speed() -> None:
    from refkit.rules.checks.odds import test_odds

    cases = [
        dict(edges=e, banes=b, bonuses=(bonus,), expertise=x)
        for e in range(3)
        for b in range(3)
        for bonus in (-2, 0, 3)
        for x in (False, True)
    ]
    start = time.perf_counter()
    n = 0
    for char in range(-5, 6):
        for case in cases:
            test_odds(char, **case)
            n += 1
    per_call = (time.perf_counter() - start) / n
    print(
        f"odds of one Crows test (cold and warm mixed, {n} distinct tests): "
        f"{per_call * 1000:.3f} ms per call (bar: 5 ms)"
    )


def notation_odds_speed() -> None:
    """The dice-notation figures moved here from the default tests (issue 7 §5)."""
    from refkit.dice import DiceOddsError, parse_notation

    timings = []
    for _ in range(5):
        expression = parse_notation("2d10+3")  # a fresh expression: nothing cached
        start = time.perf_counter()
        expression.odds()
        timings.append(time.perf_counter() - start)
    print(f"odds of 2d10+3, best of 5 fresh expressions: {min(timings) * 1000:.3f} ms (bar: 5 ms)")
    start = time.perf_counter()
    with contextlib.suppress(DiceOddsError):
        parse_notation("1000d1000").odds()
    refused = time.perf_counter() - start
    print(f"refusing the exact odds of 1000d1000 as too costly: {refused * 1000:.1f} ms (bar: 500)")


if __name__ == "__main__":
    cli_latency()
    odds_speed()
    notation_odds_speed()
