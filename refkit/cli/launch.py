"""The one reading of ``refkit``'s own options, and the choice between the window and a command.

``refkit`` alone, or with nothing but ``--db URL`` and ``--exit-after-paint``, opens the desktop
app; anything else (a command, ``--json``, ``--help``, ``--version``, a mistake) is the command
line's. Both the launcher (:mod:`refkit.main`) and the command parser
(:mod:`refkit.cli.runner`) declare these options with :func:`add_global_options`, so the two can
never read them differently. Light on purpose: the window's start imports nothing more, and
when the arguments are plainly the window's own (none, ``--exit-after-paint``, ``--db URL``) not
even argparse (:func:`plain_window_options`).
"""

from __future__ import annotations

from refkit.rules.common.slot_record import SlotRecord

TYPE_CHECKING = False  # as typing's: a quick command's path leaves typing unimported
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence


class Launch(SlotRecord):
    """What the arguments ask for: the window (with its database and exit-after-paint flag) or
    the command line (``window`` False; the runner parses the whole list). A frozen record, not a
    dataclass: every command passes through here (see :mod:`refkit.rules.common.slot_record`)."""

    FIELDS = ("window", "db_url", "exit_after_paint")
    __slots__ = FIELDS

    window: bool
    db_url: str | None  # a server URL may hold a password: never in the repr
    exit_after_paint: bool

    def __init__(
        self, window: bool, db_url: str | None = None, exit_after_paint: bool = False
    ) -> None:
        self._fill(window, db_url, exit_after_paint)

    def __repr__(self) -> str:
        return f"Launch(window={self.window!r}, exit_after_paint={self.exit_after_paint!r})"


def add_global_options(parser: argparse.ArgumentParser) -> None:
    """``--json``, ``--db URL`` and ``--exit-after-paint``, before any command."""
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
    parser.add_argument("--db", metavar="URL", help="database URL or file (default: data folder)")
    parser.add_argument(
        "--exit-after-paint",
        action="store_true",
        help="open the main window and exit right after its first paint",
    )


def read_launch(argv: Sequence[str]) -> Launch:
    """The window when ``argv`` holds only window options, else the command line."""
    plain = plain_window_options(argv)
    if plain is not None:
        return plain
    from refkit.cli.errors import CliError
    from refkit.cli.parsing import ContractArgumentParser

    parser = ContractArgumentParser(prog="refkit", add_help=False, allow_abbrev=False)
    add_global_options(parser)
    try:
        known, rest = parser.parse_known_args(list(argv))
    except CliError:
        return Launch(window=False)  # e.g. --db without a value: the runner says what is wrong
    if rest or known.json:
        return Launch(window=False)
    return Launch(window=True, db_url=known.db, exit_after_paint=known.exit_after_paint)


def plain_window_options(argv: Sequence[str]) -> Launch | None:
    """The window, read without argparse, when every word is ``--exit-after-paint``,
    ``--db=URL`` or ``--db URL`` (a URL not starting with "-"), as argparse reads them (the
    last ``--db`` counts); None for anything else, which :func:`read_launch` leaves to
    argparse. Importing argparse took a tenth of the time a first paint adds to a bare window."""
    db_url: str | None = None
    exit_after_paint = False
    words = iter(argv)
    for word in words:
        if word == "--exit-after-paint":
            exit_after_paint = True
        elif word.startswith("--db="):
            db_url = word.removeprefix("--db=")
        elif word == "--db":
            value = next(words, None)
            if value is None or value.startswith("-"):
                return None
            db_url = value
        else:
            return None
    return Launch(window=True, db_url=db_url, exit_after_paint=exit_after_paint)
