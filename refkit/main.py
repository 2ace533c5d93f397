"""The ``refkit`` console entry point: the desktop app with no subcommand, the CLI otherwise.

This module sits above both front ends so that headless commands never import Qt: the GUI package
is imported only when the window is actually wanted, and only once there is a display to show it on.
Which of the two the arguments ask for is decided by :func:`refkit.cli.launch.read_launch`, the
one reader of the options before a command.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Mapping, Sequence


def no_display_reason(environ: Mapping[str, str], platform: str) -> str | None:
    """Why the window cannot open here, or None when Qt should be left to try.

    Without an X11 or Wayland session Qt's xcb plugin aborts with a misleading "xcb-cursor0 …
    is needed" message, so a Linux (or BSD) launch is refused first in plain words. Windows and
    macOS always have their own platform; a chosen ``QT_QPA_PLATFORM`` (offscreen, vnc, eglfs…)
    is the user's call.
    """
    if not platform.startswith(("linux", "freebsd", "openbsd", "netbsd", "dragonfly")):
        return None
    if any(environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")):
        return None
    return (
        "no display: Refkit's window needs a desktop session (DISPLAY is not set); "
        "the command line works without one — try 'refkit --help'"
    )


COMMAND_COLLECTOR_THRESHOLD = 25_000
"""How many new container objects a headless command makes before the cyclic collector's young
pass, in place of Python's 700: a roll, test, odds or cast makes about 10,000 in all — its
modules' functions, classes and constants, none of them garbage — and the 8 to 13 passes over
them took about 2 ms of its 50. A longer command (an export, a copy) is still collected, less
often."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` asks for (the window with none)."""
    thresholds = gc.get_threshold()
    gc.set_threshold(COMMAND_COLLECTOR_THRESHOLD, *thresholds[1:])
    try:
        return _main(list(sys.argv[1:] if argv is None else argv), thresholds)
    finally:  # a caller in the same process (a test) keeps its own
        gc.set_threshold(*thresholds)


def _main(args: list[str], thresholds: tuple[int, int, int]) -> int:
    if "lookup" in args[:2]:
        # Typed to get an answer at once: tried before the parser (argparse, every option of
        # every command) is even imported. None: not a plain lookup, the full CLI runs it.
        from refkit.cli.games.lookup import quick_lookup

        code = quick_lookup(args)
        if code is not None:
            return code
    from refkit.cli.launch import read_launch

    launch = read_launch(args)
    if launch.window:
        reason = no_display_reason(os.environ, sys.platform)
        if reason is not None:
            print(f"error: {reason}", file=sys.stderr)
            return 2
        gc.set_threshold(*thresholds)  # the window collects as Python does
        # Start-up makes long-lived objects only (modules, classes, Qt's enums): the cyclic
        # collector's passes over them took a tenth of the time to the first paint. It runs
        # again from the first frame on (refkit.gui.main.run_app).
        gc.disable()
        from refkit.gui.shell.source_cache import stop_pyside_source_caching

        stop_pyside_source_caching()  # before the window's modules: PySide's hook reads each
        from refkit.gui.main import run_app

        return run_app(db_url=launch.db_url, exit_after_paint=launch.exit_after_paint)
    from refkit.cli import run_cli

    return run_cli(args)


if __name__ == "__main__":
    raise SystemExit(main())
