"""The services a command uses, built by the composition root, with the store's refusals as
``error:`` lines.

Every command that touches the database goes through :func:`command_services`, so the command line
wires its services exactly as the app does (:mod:`refkit.compose`). Rolls (``test``, ``d100``,
``ud``, ``roll``) land in the roll log tagged ``cli``; when the log cannot be written the roll is
still printed and one ``warning:`` line on stderr says why (the exit code stays 0).
"""

from __future__ import annotations

import argparse
import sys
from contextlib import contextmanager

from refkit.cli.errors import CliError, StepConflictError
from refkit.cli.output import warning_line

TYPE_CHECKING = False  # as typing's: a quick command's path leaves typing unimported
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

    from refkit.compose import Services

ROLL_SOURCE = "cli"

SERVICE_OPTIONS: dict[str, Any] = {}
"""More keywords for every :class:`~refkit.compose.Services` the command line builds (``clock``,
``rng_factory``): the seam where tests give a fixed clock."""


def _not_logged(problem: Exception) -> None:
    sys.stderr.write(warning_line(f"the roll was not written to the roll log: {problem}"))


@contextmanager
def command_services(args: argparse.Namespace) -> Iterator[Services]:
    """The services of ``--db`` (or the data folder), closed afterwards. The command is one step:
    everything it writes is committed together when the block ends, or nothing when it fails
    (``Services(one_step=True)``). The store's and the services' refusals (a locked or damaged
    file, a change made meanwhile elsewhere, an undo that would overwrite) become ``error:``
    lines."""
    from refkit.compose import Services

    services = Services(
        db_url=getattr(args, "db", None),
        roll_source=ROLL_SOURCE,
        on_log_failure=_not_logged,
        one_step=True,
        **SERVICE_OPTIONS,
    )
    try:
        try:
            yield services
        except BaseException as failed:
            services.end_step(failed)
            raise
        services.end_step()
    except Exception as problem:
        if _is_conflict(problem):
            # Told apart so the runner can work the step out again on the fresh state.
            raise StepConflictError(str(problem), wrote_nothing=services.commits == 0) from None
        if _is_refusal(problem):
            raise CliError(str(problem)) from None
        raise
    finally:
        services.close()


def _is_conflict(problem: BaseException) -> bool:
    """A change made meanwhile elsewhere, raised as it is or already worded as a CliError by the
    command (then it is the error the CliError was raised while handling)."""
    from refkit.errors import ConflictError

    seen: set[int] = set()
    current: BaseException | None = problem
    while current is not None and id(current) not in seen:
        if isinstance(current, ConflictError):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def _is_refusal(problem: Exception) -> bool:
    """A locked or damaged file, or a conflict of any kind (a change made meanwhile elsewhere,
    an undo that would overwrite): told by the error family, so a new kind counts too."""
    from refkit.errors import ConflictError
    from refkit.store.errors import DatabaseError

    return isinstance(problem, DatabaseError | ConflictError)
