"""The ``refkit`` console entry point: the desktop app with no subcommand, the CLI otherwise.

This module sits above both front ends so that headless commands never import Qt: the GUI package
is imported only when the window is actually wanted.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

_GUI_FLAGS = {"--exit-after-paint"}
_GUI_OPTIONS_WITH_VALUE = {"--db"}


def _gui_request(argv: Sequence[str]) -> tuple[bool, str | None, bool]:
    """(is a GUI launch, database URL, exit after first paint) for this argument list."""
    db_url: str | None = None
    exit_after_paint = False
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in _GUI_FLAGS:
            exit_after_paint = True
        elif arg in _GUI_OPTIONS_WITH_VALUE and i + 1 < len(args):
            db_url = args[i + 1]
            i += 1
        elif arg.startswith("--db="):
            db_url = arg.split("=", 1)[1]
        else:
            return False, None, False
        i += 1
    return True, db_url, exit_after_paint


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    is_gui, db_url, exit_after_paint = _gui_request(args)
    if is_gui:
        from refkit.gui.main import run_app

        return run_app(db_url=db_url, exit_after_paint=exit_after_paint)
    from refkit.cli import run_cli

    return run_cli(args)


if __name__ == "__main__":
    raise SystemExit(main())
