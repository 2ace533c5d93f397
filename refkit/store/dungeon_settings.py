"""The dungeon turn's stored values as text: the settings object and the JSON readers.

Kept apart from :mod:`refkit.store.dungeon_turn_store` (which speaks SQL) so that the command
line's quick path (:mod:`refkit.store.sqlite.quick`) reads the clock without importing SQLAlchemy.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from refkit.rules.dungeon.clock import (
    DEFAULT_DT_MINUTES,
    DEFAULT_WARNING_THRESHOLDS_S,
    DungeonTurnClock,
    dt_length_seconds,
)

SETTINGS_KEY: Final = "dungeon_settings"
"""The ``app_state`` key holding :class:`DungeonSettings` as JSON (``versioned_state``'s
``DUNGEON_SETTINGS_STATE``: a test keeps the two equal)."""

MAX_EN_MODIFIERS = 10


@dataclass(frozen=True)
class DungeonSettings:
    """The referee's dungeon-turn settings.

    ``dt_minutes``: the DT length for a new clock; ``warning_thresholds_s``: seconds before the end
    of a DT at which to warn; ``auto_end``: end the DT by itself at zero; ``crowded``/``chaos``:
    the dungeon EN toggles (each −1); ``en_modifiers``: the referee's own modifiers, added after;
    ``douse_lights_at_rest_halfway``: lights still burning go out at a rest's half-way point;
    ``resolve_dt_at_rest_start``: starting a rest still rolls the DT's usage dice, ends its
    conditions and gives doubled magic slots their wounds (off by default, §15 D2: they wait for
    the rest's half-way point, which ends them without a roll).
    """

    dt_minutes: float = DEFAULT_DT_MINUTES
    warning_thresholds_s: tuple[int, ...] = DEFAULT_WARNING_THRESHOLDS_S
    auto_end: bool = False
    crowded: bool = False
    chaos: bool = False
    en_modifiers: tuple[int, ...] = ()
    douse_lights_at_rest_halfway: bool = True
    resolve_dt_at_rest_start: bool = False

    def __post_init__(self) -> None:
        dt_length_seconds(self.dt_minutes)  # ValueError for an impossible length
        thresholds = tuple(self.warning_thresholds_s)
        for threshold in thresholds:
            if isinstance(threshold, bool) or not isinstance(threshold, int) or threshold <= 0:
                raise ValueError(
                    f"a warning threshold must be a whole number of seconds above 0, "
                    f"got {threshold!r}"
                )
        object.__setattr__(
            self, "warning_thresholds_s", tuple(sorted(set(thresholds), reverse=True))
        )
        modifiers = tuple(self.en_modifiers)
        if len(modifiers) > MAX_EN_MODIFIERS:
            raise ValueError(f"at most {MAX_EN_MODIFIERS} EN modifiers, got {len(modifiers)}")
        for modifier in modifiers:
            if isinstance(modifier, bool) or not isinstance(modifier, int) or abs(modifier) > 9:
                raise ValueError(
                    f"an EN modifier must be a whole number from -9 to 9, got {modifier!r}"
                )
        object.__setattr__(self, "en_modifiers", modifiers)
        for name in (
            "auto_end",
            "crowded",
            "chaos",
            "douse_lights_at_rest_halfway",
            "resolve_dt_at_rest_start",
        ):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"the setting {name} must be true or false")

    def to_dict(self) -> dict[str, Any]:
        return {
            "dt_minutes": self.dt_minutes,
            "warning_thresholds_s": list(self.warning_thresholds_s),
            "auto_end": self.auto_end,
            "crowded": self.crowded,
            "chaos": self.chaos,
            "en_modifiers": list(self.en_modifiers),
            "douse_lights_at_rest_halfway": self.douse_lights_at_rest_halfway,
            "resolve_dt_at_rest_start": self.resolve_dt_at_rest_start,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DungeonSettings:
        """Settings from :meth:`to_dict`; missing keys keep their defaults."""
        defaults = cls()
        minutes = data.get("dt_minutes", defaults.dt_minutes)
        if isinstance(minutes, float) and math.isfinite(minutes) and minutes.is_integer():
            minutes = int(minutes)
        return cls(
            dt_minutes=minutes,
            warning_thresholds_s=tuple(
                data.get("warning_thresholds_s", defaults.warning_thresholds_s)
            ),
            auto_end=data.get("auto_end", defaults.auto_end),
            crowded=data.get("crowded", defaults.crowded),
            chaos=data.get("chaos", defaults.chaos),
            en_modifiers=tuple(data.get("en_modifiers", defaults.en_modifiers)),
            douse_lights_at_rest_halfway=data.get(
                "douse_lights_at_rest_halfway", defaults.douse_lights_at_rest_halfway
            ),
            resolve_dt_at_rest_start=data.get(
                "resolve_dt_at_rest_start", defaults.resolve_dt_at_rest_start
            ),
        )


def settings_from_json(text: str | None) -> DungeonSettings:
    """The settings stored as ``text`` (None: nothing stored, the defaults). Raises ValueError
    naming what cannot be read."""
    if text is None:
        return DungeonSettings()
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        return DungeonSettings.from_dict(data)
    except (ValueError, TypeError) as error:
        raise ValueError(f"the stored dungeon-turn settings cannot be read: {error}") from None


def clock_from_json(text: str) -> DungeonTurnClock:
    """The clock stored as ``text``. Raises ValueError naming what cannot be read."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ValueError(f"the stored DT clock is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise ValueError("the stored DT clock is not a JSON object")
    try:
        return DungeonTurnClock.from_dict(data)
    except ValueError as error:
        raise ValueError(f"the stored DT clock cannot be read: {error}") from None
