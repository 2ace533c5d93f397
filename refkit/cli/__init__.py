"""The headless command line: the same engines as the app, for scripts, bots and printing.

Nothing here imports Qt, and the database is opened only by the commands that need it.
``run_cli`` is loaded on first use, so the launcher can read the options
(:mod:`refkit.cli.launch`) without building the command parser.
"""

from __future__ import annotations

from refkit.lazy_exports import lazy_getattr

TYPE_CHECKING = False  # not typing's: importing typing costs a quick command a fifth of its start

if TYPE_CHECKING:
    from refkit.cli.runner import run_cli

__all__ = ["run_cli"]

__getattr__ = lazy_getattr(globals(), {"run_cli": "refkit.cli.runner"})
