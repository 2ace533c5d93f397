"""Which map the Travel day's map pane shows before any journey (Qt-free).

With no journey yet the pane shows the map chosen for the next journey (on a new database, the
sample map), with the party on that map's start hex, so the referee sees where a journey would
begin instead of an empty pane.
"""

from __future__ import annotations

from collections.abc import Sequence


def preview_map_name(chosen: str, names: Sequence[str]) -> str | None:
    """The stored map to show: the one chosen if it is still stored, else the first, else none."""
    if chosen and chosen in names:
        return chosen
    return names[0] if names else None
