"""Which tables the DT panel offers as a dungeon's encounter table (Qt-free).

The backlash table and the Miasma effects table (Refkit's own, or the ones chosen for those
uses) are rolled for other things; offering them for encounters only invites a wrong roll. A
table already chosen for the dungeon stays offered, so the chooser shows what is set.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def encounter_table_names(
    names: Sequence[str], other_uses: Iterable[str], chosen: str | None = None
) -> list[str]:
    """``names`` less the tables kept for other uses (``chosen`` is always kept)."""
    other = {name.strip().casefold() for name in other_uses}
    return [name for name in names if name == chosen or name.strip().casefold() not in other]
