"""The exact odds of a cast (tiers, backlash, the book losing a die): the issue's bar is 5 ms.

Each case is a fresh set of modifiers and book dice with the odds caches emptied first (the cost
the casting dialog pays when the referee changes an edge, a bane or the book's dice), beside the
plain test odds (``refkit odds test``'s engine) measured the same way, interleaved in the same
run. The 2d10 die itself stays built, as it does after the first odds a session asks for.
Prints CPU time (what the odds cost) and wall time (what a loaded machine adds), median, 90th
percentile and worst, in milliseconds, and the cost of a repeated (cached) call.
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections.abc import Callable
from typing import Any

from refkit.rules.checks import odds as test_odds_module
from refkit.rules.magic import odds as cast_odds_module
from refkit.rules.magic.odds import cast_odds

BAR_MS = 5.0


def _timed(call: Callable[..., Any], *args: Any, **options: Any) -> tuple[float, float]:
    test_odds_module._odds.cache_clear()
    cast_odds_module._book_odds.cache_clear()
    cpu, wall = time.process_time(), time.perf_counter()
    call(*args, **options)
    return (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000


def _line(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[int(len(ordered) * 0.9)]
    return (
        f"  {name:<22} median {statistics.median(ordered):6.2f}  p90 {p90:6.2f}  "
        f"worst {ordered[-1]:6.2f} ms"
    )


def main() -> None:
    cast_odds(0, book_usage_dice=1)  # import icepool and build the 2d10 die once
    cases = list(
        itertools.product(range(-3, 4), range(3), range(3), (False, True), (1, 2, 3, 6, 20))
    )
    timings: dict[str, list[float]] = {name: [] for name in ("tc", "tw", "cc", "cw")}
    for mind, edges, banes, expertise, book in cases:
        options = {"edges": edges, "banes": banes, "expertise": expertise}
        cpu, wall = _timed(test_odds_module.test_odds, mind, **options)
        timings["tc"].append(cpu)
        timings["tw"].append(wall)
        cpu, wall = _timed(cast_odds, mind, book_usage_dice=book, **options)
        timings["cc"].append(cpu)
        timings["cw"].append(wall)
    started = time.perf_counter()
    for _ in range(1000):
        cast_odds(2, book_usage_dice=2)
    cached_us = (time.perf_counter() - started) / 1000 * 1_000_000

    print(f"{len(cases)} fresh modifier sets (Mind -3..3, edges, banes, expertise, 1-20 book dice)")
    print(_line("test odds, CPU", timings["tc"]))
    print(_line("cast odds, CPU", timings["cc"]))
    print(_line("test odds, wall", timings["tw"]))
    print(_line("cast odds, wall", timings["cw"]))
    print(f"  cast odds repeated (cached): {cached_us:.1f} µs per call")
    worst_cpu = max(timings["cc"])
    verdict = "under" if worst_cpu < BAR_MS else "OVER"
    print(f"cast odds: worst {worst_cpu:.2f} ms CPU, {verdict} the {BAR_MS:.0f} ms bar")


if __name__ == "__main__":
    main()
