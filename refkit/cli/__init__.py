"""The headless command line: the same engines as the app, for scripts, bots and printing.

Nothing here imports Qt, and the database is opened only by the commands that need it.
"""

from refkit.cli.runner import run_cli

__all__ = ["run_cli"]
