"""The tooltip of the DT panel's chooser of the party at the table (Qt-free)."""

from __future__ import annotations

from collections.abc import Sequence

NO_PARTY_TIP = "No party at the table: End DT and rests act on tracked effects only"


def party_tip(chosen: str | None, members: Sequence[str] | None) -> str:
    """What the chooser says of ``chosen`` (None: no party) and its crows (None: not read yet,
    as while only the stored state is shown)."""
    if not chosen:
        return NO_PARTY_TIP
    if members is None:
        return chosen
    return f"{chosen}: {', '.join(members) if members else 'no crows'}"
