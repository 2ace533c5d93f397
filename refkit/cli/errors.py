"""The one error type the command line turns into an ``error: …`` line and exit code 2."""

from __future__ import annotations

from refkit.errors import DomainError


class CliError(DomainError):
    """Bad input: the message says what is wrong and where."""

    exit_code = 2


class StepConflictError(CliError):
    """The command's step lost a race: another program saved what it was worked out from.

    ``wrote_nothing``: no transaction of this run was committed, so the runner may run the whole
    command again on the fresh state (see :func:`refkit.cli.runner.run_cli`).
    """

    def __init__(self, message: str, *, wrote_nothing: bool) -> None:
        super().__init__(message)
        self.wrote_nothing = wrote_nothing
