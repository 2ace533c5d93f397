"""The one error type the command line turns into an ``error: …`` line and exit code 2."""

from __future__ import annotations

from refkit.errors import DomainError


class CliError(DomainError):
    """Bad input: the message says what is wrong and where."""

    exit_code = 2
