"""``--crow NAME`` takes a crow's full name or, when no other crow shares it, its first name."""

from __future__ import annotations

from refkit.cli.errors import CliError
from refkit.rules.common.first_names import AmbiguousName, by_first_name

TYPE_CHECKING = False  # as typing's: a cast's path leaves typing unimported
if TYPE_CHECKING:
    from typing import Any


def full_crow_name(services: Any, wanted: str) -> str:
    """The stored crow's full name for ``wanted``; ``wanted`` itself when no crow matches (the
    command then says there is no such crow, as it always did)."""
    try:
        found = by_first_name(services.characters.names(), wanted)
    except AmbiguousName as error:
        raise CliError(f"--crow: {error}") from None
    return wanted if found is None else found
