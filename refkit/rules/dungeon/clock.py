"""The real-time dungeon-turn (DT) clock as an immutable state machine.

States: ``stopped`` (no DT under way), ``running``, ``paused`` and ``resting``. Every transition
is a pure method that takes the wall-clock time ``now`` (UTC epoch seconds, from an injected
clock) and returns a new :class:`DungeonTurnClock`. Time left is never counted in ticks: a running
clock keeps the moment its current run began (``anchor``) and the time that was left then
(``remaining_at_anchor``), so ``remaining(now)`` is one subtraction and a restarted program finds
the right time left. ``to_dict`` / ``from_dict`` give a JSON form for the store.

Readings (crows-facts.md §7): a DT lasts 30 minutes of real time by default (60 and 20 are common
alternatives); the first DT starts on entering a dungeon; ending a DT starts the next one at once;
starting a rest ends the DT without an encounter check and a new DT starts when the rest ends.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from refkit.rules.common.name_text import match_key
from refkit.rules.dungeon.greed import greed_percent

DEFAULT_DT_MINUTES = 30
DT_LENGTH_PRESETS: Mapping[str, int] = {"standard": 30, "relaxed": 60, "intense": 20}
MIN_DT_SECONDS = 1
MAX_DT_SECONDS = 24 * 60 * 60
DEFAULT_WARNING_THRESHOLDS_S: tuple[int, ...] = (300, 60)
CLOCK_FORMAT_VERSION = 1


class ClockState(StrEnum):
    STOPPED = "stopped"
    RUNNING = "running"
    PAUSED = "paused"
    RESTING = "resting"


def dt_length_seconds(minutes: float) -> int:
    """A DT length in whole seconds from minutes; ValueError outside 1 second .. 24 hours."""
    if isinstance(minutes, bool) or not isinstance(minutes, int | float) or math.isnan(minutes):
        raise ValueError(f"DT length must be a number of minutes, got {minutes!r}")
    seconds = round(minutes * 60) if math.isfinite(minutes) else MAX_DT_SECONDS + 1
    if not MIN_DT_SECONDS <= seconds <= MAX_DT_SECONDS:
        raise ValueError(
            f"DT length must be between 1 and {MAX_DT_SECONDS // 60} minutes, got {minutes:g}"
        )
    return seconds


def _check_now(name: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{name} must be a finite time in seconds, got {value!r}")
    return float(value)


def _clock_time(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).strftime("%H:%M:%S UTC")


def _dungeon_name(name: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"a dungeon needs a name, got {name!r}")
    return " ".join(name.split())


UNNAMED_DUNGEON = ""
"""The key of a dungeon the referee did not name (a DT started without ``--dungeon``)."""
NO_PARTY = ""
"""The key of the group when no party is named at the table."""


def _visit_key(name: str | None) -> str:
    return UNNAMED_DUNGEON if name is None else match_key(_dungeon_name(name))


def group_key(party: str | None) -> str:
    """How a party is told apart from another: its name without regard to case or spacing."""
    if party is None:
        return NO_PARTY
    if not isinstance(party, str):
        raise ValueError(f"a party is named by text, got {party!r}")
    return match_key(party)


@dataclass(frozen=True)
class DungeonVisits:
    """Which group has entered which dungeon (names compared without regard to case or spacing).

    The greed bonus applies only to a group's first visit to a dungeon (L417, L423): coming back
    is a revisit, while another party entering the same dungeon for the first time still gets
    its bonus. ``entered`` holds ``(group key, dungeon key)`` pairs (:func:`group_key`; an
    unnamed dungeon's key is ``""``). ``before_parties`` holds dungeons recorded before visits
    were kept per party: which group entered them is not known, so they count as entered by
    every group (no bonus is given twice).
    """

    entered: frozenset[tuple[str, str]] = frozenset()
    before_parties: frozenset[str] = frozenset()

    def has_entered(self, name: str | None, party: str | None = None) -> bool:
        key = _visit_key(name)
        return key in self.before_parties or (group_key(party), key) in self.entered

    def record(self, name: str | None, party: str | None = None) -> DungeonVisits:
        pair = (group_key(party), _visit_key(name))
        return replace(self, entered=self.entered | {pair})

    def renamed(self, old: str, new: str) -> DungeonVisits:
        """The visits with party ``old``'s now kept under its new name ``new``."""
        before, after = group_key(old), group_key(new)
        entered = {
            (after if group == before else group, dungeon) for group, dungeon in self.entered
        }
        return replace(self, entered=frozenset(entered))

    def to_list(self) -> list[str]:
        """Every named dungeon any group has entered (the form older versions read)."""
        names = self.before_parties | {dungeon for _group, dungeon in self.entered}
        return sorted(names - {UNNAMED_DUNGEON})

    def to_pairs(self) -> list[list[str]]:
        return [[group, dungeon] for group, dungeon in sorted(self.entered)]

    @classmethod
    def from_list(cls, names: Iterable[str]) -> DungeonVisits:
        """Visits in the form kept before parties were told apart (see ``before_parties``)."""
        return cls(before_parties=frozenset(_visit_key(name) for name in names))

    @classmethod
    def from_pairs(
        cls, pairs: Iterable[Sequence[str]], before_parties: Iterable[str] = ()
    ) -> DungeonVisits:
        entered = set()
        for pair in pairs:
            if isinstance(pair, str) or len(pair) != 2:
                raise ValueError(f"a visit is [party, dungeon], got {pair!r}")
            group, dungeon = pair
            if not isinstance(group, str) or not isinstance(dungeon, str):
                raise ValueError(f"a visit is [party, dungeon], got {pair!r}")
            entered.add((group_key(group), "" if not dungeon.strip() else _visit_key(dungeon)))
        return cls(
            entered=frozenset(entered),
            before_parties=frozenset(_visit_key(name) for name in before_parties),
        )


@dataclass(frozen=True)
class AuditEntry:
    """One correction of the clock: when, what, by how many minutes, why, and in which DT."""

    at: float
    action: str
    minutes: float
    reason: str
    dt: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "action": self.action,
            "minutes": self.minutes,
            "reason": self.reason,
            "dt": self.dt,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AuditEntry:
        return cls(
            at=float(data["at"]),
            action=str(data["action"]),
            minutes=float(data["minutes"]),
            reason=str(data.get("reason", "")),
            dt=int(data["dt"]),
        )


@dataclass(frozen=True)
class PendingEncounter:
    """An encounter that an encounter check produced and the referee has not resolved yet.

    ``immediate`` encounters happen at once; the others were signalled and arrive at a moment the
    referee chooses during the next DT (L435) or, after a rest check, during the rest or just
    after it. ``due_dt`` is the DT in which it comes (None: the DT after ``dt``); ``overdue``
    becomes true when that DT ends with the encounter still unresolved.
    """

    dt: int
    roll: int
    en: int
    immediate: bool
    during_rest: bool = False
    due_dt: int | None = None
    overdue: bool = False

    def __post_init__(self) -> None:
        if self.due_dt is None:
            object.__setattr__(self, "due_dt", self.dt + 1)

    @property
    def due(self) -> int:
        """The DT in which the encounter comes."""
        return self.dt + 1 if self.due_dt is None else self.due_dt

    @property
    def key(self) -> tuple[int, int, int, bool, bool, int]:
        """What tells this encounter apart from another, whether overdue or not."""
        return (self.dt, self.roll, self.en, self.immediate, self.during_rest, self.due)

    def to_dict(self) -> dict[str, Any]:
        return {
            "dt": self.dt,
            "roll": self.roll,
            "en": self.en,
            "immediate": self.immediate,
            "during_rest": self.during_rest,
            "due_dt": self.due,
            "overdue": self.overdue,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PendingEncounter:
        due = data.get("due_dt")
        return cls(
            dt=int(data["dt"]),
            roll=int(data["roll"]),
            en=int(data["en"]),
            immediate=bool(data["immediate"]),
            during_rest=bool(data.get("during_rest", False)),
            due_dt=None if due is None else int(due),
            overdue=bool(data.get("overdue", False)),
        )


@dataclass(frozen=True)
class DungeonTurnClock:
    """The whole state of the DT clock. Build the first one with :meth:`new`.

    ``anchor`` is the wall-clock time at which the current run began and is set only while
    ``running``; ``remaining_at_anchor`` is the time that was left then (while paused, stopped or
    resting it is simply the time left). ``dt`` is 0 before the first DT.
    """

    state: ClockState = ClockState.STOPPED
    dt: int = 0
    length_s: int = DEFAULT_DT_MINUTES * 60
    dungeon: str | None = None
    revisit: bool = False
    party: str | None = None
    anchor: float | None = None
    remaining_at_anchor: float = DEFAULT_DT_MINUTES * 60.0
    visits: DungeonVisits = DungeonVisits()
    warnings_fired: frozenset[int] = frozenset()
    pending_encounters: tuple[PendingEncounter, ...] = ()
    rest_halfway_done: bool = False
    rest_checked: bool = False
    audit: tuple[AuditEntry, ...] = field(default=())

    def __post_init__(self) -> None:
        if not isinstance(self.state, ClockState):
            raise ValueError(f"unknown clock state {self.state!r}")
        if not MIN_DT_SECONDS <= self.length_s <= MAX_DT_SECONDS:
            raise ValueError(
                f"DT length must be between 1 and {MAX_DT_SECONDS} seconds, got {self.length_s}"
            )
        if self.dt < 0:
            raise ValueError(f"the DT number cannot be negative, got {self.dt}")
        if (self.state is ClockState.RUNNING) != (self.anchor is not None):
            raise ValueError("a clock has an anchor time exactly when it is running")
        if self.remaining_at_anchor < 0:
            raise ValueError(f"time left cannot be negative, got {self.remaining_at_anchor}")

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def new(cls, minutes: float = DEFAULT_DT_MINUTES) -> DungeonTurnClock:
        """A stopped clock with no DT yet, set to DTs of ``minutes`` minutes."""
        length = dt_length_seconds(minutes)
        return cls(length_s=length, remaining_at_anchor=float(length))

    # -- reading ----------------------------------------------------------------------------

    def _raw_remaining(self, now: float) -> float:
        if self.state is ClockState.RUNNING:
            assert self.anchor is not None
            return self.remaining_at_anchor - (_check_now("now", now) - self.anchor)
        return self.remaining_at_anchor

    def remaining(self, now: float) -> float:
        """Seconds left in the current DT (never below 0)."""
        return max(0.0, self._raw_remaining(now))

    def overdue(self, now: float) -> float:
        """Seconds the running DT has gone past zero (0 while time is left)."""
        return max(0.0, -self._raw_remaining(now))

    def time_up(self, now: float) -> bool:
        """True when a DT is under way (running or paused) and its time has run out."""
        return self.state in (ClockState.RUNNING, ClockState.PAUSED) and self.remaining(now) == 0

    def ends_at(self) -> float | None:
        """The wall-clock time at which the running DT reaches zero; None unless running.

        Ending a DT automatically at ``ends_at()`` rather than at the moment it is noticed keeps
        the next DT exactly on schedule.
        """
        if self.state is not ClockState.RUNNING:
            return None
        assert self.anchor is not None
        return self.anchor + self.remaining_at_anchor

    @property
    def greed_percent(self) -> int:
        """Treasure bonus for the current DT: 30/20/10 % in DT 1–3 of a first visit, else 0 (and 0
        while stopped: the group is not in the dungeon)."""
        if self.dt == 0 or self.state is ClockState.STOPPED:
            return 0
        return greed_percent(self.dt, revisit=self.revisit)

    @property
    def pending_encounter(self) -> bool:
        return bool(self.pending_encounters)

    @property
    def pending_encounter_due_dt(self) -> int | None:
        """The DT in which the oldest pending encounter comes (None: none is pending)."""
        if not self.pending_encounters:
            return None
        return min(encounter.due for encounter in self.pending_encounters)

    @property
    def encounter_overdue(self) -> bool:
        """True when a pending encounter's DT has ended with it unresolved."""
        return any(encounter.overdue for encounter in self.pending_encounters)

    def status(self, now: float) -> dict[str, Any]:
        """The ``refkit dt status`` JSON object."""
        return {
            "state": self.state.value,
            "dt": self.dt,
            "length_s": self.length_s,
            "remaining_s": self.remaining(now),
            "greed_percent": self.greed_percent,
            "pending_encounter": self.pending_encounter,
            "pending_encounter_due_dt": self.pending_encounter_due_dt,
            "encounter_overdue": self.encounter_overdue,
        }

    def warnings_due(
        self,
        now: float,
        thresholds_s: Iterable[float] = DEFAULT_WARNING_THRESHOLDS_S,
        already_fired: Iterable[float] | None = None,
    ) -> tuple[int, ...]:
        """Warning thresholds (seconds before the end) crossed in this DT and not yet fired.

        Largest first. ``already_fired`` defaults to the clock's own :attr:`warnings_fired`;
        record the ones shown with :meth:`mark_warnings_fired` so each fires once per DT. A
        threshold at or above the DT's length is never crossed, so it never fires.
        """
        if self.state not in (ClockState.RUNNING, ClockState.PAUSED):
            return ()
        fired = self.warnings_fired if already_fired is None else frozenset(already_fired)
        remaining = self.remaining(now)
        due = set()
        for threshold in thresholds_s:
            seconds = _threshold(threshold)
            if seconds < self.length_s and remaining <= seconds and seconds not in fired:
                due.add(seconds)
        return tuple(sorted(due, reverse=True))

    # -- transitions ------------------------------------------------------------------------

    def start(
        self,
        now: float,
        minutes: float | None = None,
        dungeon: str | None = None,
        party: str | None = None,
    ) -> DungeonTurnClock:
        """Start a DT, running from ``now``, for the group ``party`` (None: no party named).

        With ``dungeon`` the group enters that dungeon: DT 1, a revisit if this group has
        entered it before (no greed bonus), and the visit is recorded. Without it the group
        (re-)enters the dungeon the clock was in: after ``stop`` (the group left) that is coming
        back — DT 1 and, for the group that left, a revisit — and the first DT ever is DT 1 of an
        unnamed dungeon. ``minutes`` sets the DT length from this DT on. Starting while a DT is
        under way is an error (end the DT instead) unless another dungeon, or another group,
        enters; a rest must be finished first.
        """
        now = _check_now("now", now)
        if self.state is ClockState.RESTING:
            raise ValueError("the group is resting; finish the rest to start the next DT")
        under_way = self.state is not ClockState.STOPPED
        if dungeon is None and under_way:
            raise ValueError(
                f"DT {self.dt} is already {self.state.value}; end it to start the next one"
            )
        length = self.length_s if minutes is None else dt_length_seconds(minutes)
        name = self.dungeon if dungeon is None else _dungeon_name(dungeon)
        same_dungeon = _visit_key(name) == _visit_key(self.dungeon)
        same_group = group_key(party) == group_key(self.party)
        if under_way and same_dungeon and same_group:
            raise ValueError(
                f"DT {self.dt} in {self.dungeon} is already {self.state.value}; "
                "end it to start the next one"
            )
        revisit = self.visits.has_entered(name, party)
        return replace(
            self._fresh_dt(now, 1, length),
            dungeon=name,
            party=None if party is None else " ".join(party.split()),
            revisit=revisit,
            visits=self.visits.record(name, party),
            rest_halfway_done=False,
            rest_checked=False,
        )

    def _fresh_dt(self, now: float, dt: int, length: int | None = None) -> DungeonTurnClock:
        length = self.length_s if length is None else length
        return replace(
            self,
            state=ClockState.RUNNING,
            dt=dt,
            length_s=length,
            anchor=now,
            remaining_at_anchor=float(length),
            warnings_fired=frozenset(),
        )

    def pause(self, now: float) -> DungeonTurnClock:
        """Stop the running clock; the time left is kept."""
        self._require(ClockState.RUNNING, "pause")
        return replace(
            self, state=ClockState.PAUSED, anchor=None, remaining_at_anchor=self.remaining(now)
        )

    def resume(self, now: float) -> DungeonTurnClock:
        """Run a paused clock again from ``now``."""
        self._require(ClockState.PAUSED, "resume")
        return replace(self, state=ClockState.RUNNING, anchor=_check_now("now", now))

    def adjust(self, now: float, minutes: float, reason: str = "") -> DungeonTurnClock:
        """Add ``minutes`` to the time left (negative takes time away, not below 0); audited."""
        now = _check_now("now", now)
        if self.state not in (ClockState.RUNNING, ClockState.PAUSED):
            raise ValueError(f"cannot adjust the time: no DT is under way (clock {self.state})")
        if (
            isinstance(minutes, bool)
            or not isinstance(minutes, int | float)
            or not math.isfinite(minutes)
        ):
            raise ValueError(f"an adjustment needs a number of minutes, got {minutes!r}")
        if minutes == 0:
            raise ValueError("an adjustment of 0 minutes changes nothing")
        if abs(minutes) * 60 > MAX_DT_SECONDS:
            raise ValueError(f"an adjustment cannot exceed 1440 minutes, got {minutes:g}")
        remaining = max(0.0, self.remaining(now) + minutes * 60)
        entry = AuditEntry(at=now, action="adjust", minutes=minutes, reason=reason, dt=self.dt)
        return replace(
            self,
            anchor=now if self.state is ClockState.RUNNING else None,
            remaining_at_anchor=remaining,
            audit=(*self.audit, entry),
        )

    def pause_retroactively(self, now: float, at: float, reason: str = "") -> DungeonTurnClock:
        """ "We forgot to pause": pause as if it had been done at ``at``; audited.

        ``at`` must fall within the current run (from when it last started or resumed until
        ``now``); the time that ran since then is given back.
        """
        now = _check_now("now", now)
        at = _check_now("the pause time", at)
        self._require(ClockState.RUNNING, "pause retroactively")
        assert self.anchor is not None
        if not self.anchor <= at <= now:
            raise ValueError(
                f"the pause time must fall within the current run of DT {self.dt} "
                f"({_clock_time(self.anchor)} to {_clock_time(now)}), got {_clock_time(at)}"
            )
        remaining = self.remaining(at)
        given_back = (remaining - self.remaining(now)) / 60
        entry = AuditEntry(
            at=now, action="pause_retroactively", minutes=given_back, reason=reason, dt=self.dt
        )
        return replace(
            self,
            state=ClockState.PAUSED,
            anchor=None,
            remaining_at_anchor=remaining,
            audit=(*self.audit, entry),
        )

    def end_turn(self, now: float) -> DungeonTurnClock:
        """End the current DT and start the next one at once, at full length.

        A running clock keeps running; a paused clock stays paused (the referee resumes it when
        play goes on). The encounter check and usage dice are the caller's (see end_of_turn).
        """
        now = _check_now("now", now)
        if self.state not in (ClockState.RUNNING, ClockState.PAUSED):
            raise ValueError(f"cannot end a DT: no DT is under way (clock {self.state})")
        fresh = replace(self._fresh_dt(now, self.dt + 1), pending_encounters=self._due_passed())
        if self.state is ClockState.PAUSED:
            return replace(fresh, state=ClockState.PAUSED, anchor=None)
        return fresh

    def stop(self) -> DungeonTurnClock:
        """Stop the clock (the group has left the dungeon); the DT number and dungeon are kept."""
        if self.state is ClockState.STOPPED:
            raise ValueError("the clock is already stopped")
        return replace(
            self,
            pending_encounters=self._due_passed(),
            state=ClockState.STOPPED,
            anchor=None,
            remaining_at_anchor=float(self.length_s),
            warnings_fired=frozenset(),
            rest_halfway_done=False,
            rest_checked=False,
        )

    def start_rest(self, now: float) -> DungeonTurnClock:
        """Start a rest: the current DT ends (with no encounter check) and the clock stops."""
        _check_now("now", now)
        if self.state not in (ClockState.RUNNING, ClockState.PAUSED):
            raise ValueError(f"cannot start a rest: no DT is under way (clock {self.state})")
        return replace(
            self,
            pending_encounters=self._due_passed(),
            state=ClockState.RESTING,
            anchor=None,
            remaining_at_anchor=0.0,
            warnings_fired=frozenset(),
            rest_halfway_done=False,
            rest_checked=False,
        )

    def rest_halfway(self) -> DungeonTurnClock:
        """Mark the rest's half-way point (effects bound to the DT end there; see end_of_turn)."""
        self._require(ClockState.RESTING, "reach the rest's half-way point")
        if self.rest_halfway_done:
            raise ValueError("the rest's half-way point has already passed")
        return replace(self, rest_halfway_done=True)

    def mark_rest_checked(self) -> DungeonTurnClock:
        """Record that this rest's one encounter check has been made."""
        self._require(ClockState.RESTING, "check for a rest encounter")
        if self.rest_checked:
            raise ValueError("this rest has already had its encounter check (one per rest)")
        return replace(self, rest_checked=True)

    def finish_rest(self, now: float) -> DungeonTurnClock:
        """End the rest (finished or interrupted): a new DT starts and runs from ``now``."""
        now = _check_now("now", now)
        self._require(ClockState.RESTING, "finish a rest")
        return replace(self._fresh_dt(now, self.dt + 1), rest_halfway_done=False)

    def with_length(self, minutes: float) -> DungeonTurnClock:
        """Set the length of the DTs that start from now on; the current DT keeps its time."""
        length = dt_length_seconds(minutes)
        if self.state is ClockState.STOPPED:
            return replace(self, length_s=length, remaining_at_anchor=float(length))
        return replace(self, length_s=length)

    def mark_warnings_fired(self, thresholds_s: Iterable[float]) -> DungeonTurnClock:
        """Record warnings as shown for this DT (they reset when the next DT starts)."""
        return replace(
            self, warnings_fired=self.warnings_fired | {_threshold(t) for t in thresholds_s}
        )

    def knows_party(self, party: str) -> bool:
        """Whether the clock is for ``party`` or holds a visit of it."""
        key = group_key(party)
        in_clock = self.party is not None and group_key(self.party) == key
        return in_clock or any(group == key for group, _dungeon in self.visits.entered)

    def with_party_renamed(self, old: str, new: str) -> DungeonTurnClock:
        """A party was renamed: its visits (and the clock's group, if it is that party) follow."""
        party = self.party
        if party is not None and group_key(party) == group_key(old):
            party = " ".join(new.split())
        return replace(self, party=party, visits=self.visits.renamed(old, new))

    def _due_passed(self) -> tuple[PendingEncounter, ...]:
        """The pending encounters as they stand once the current DT has ended: those due in it
        (or earlier) and still unresolved are overdue."""
        return tuple(
            replace(encounter, overdue=True) if encounter.due <= self.dt else encounter
            for encounter in self.pending_encounters
        )

    def add_pending_encounter(self, encounter: PendingEncounter) -> DungeonTurnClock:
        return replace(self, pending_encounters=(*self.pending_encounters, encounter))

    def resolve_encounter(self, index: int = 0) -> DungeonTurnClock:
        """The referee has dealt with the pending encounter at ``index`` (oldest first)."""
        if not self.pending_encounters:
            raise ValueError("there is no pending encounter to resolve")
        if not 0 <= index < len(self.pending_encounters):
            raise ValueError(
                f"no pending encounter number {index + 1}; there are {len(self.pending_encounters)}"
            )
        remaining = self.pending_encounters[:index] + self.pending_encounters[index + 1 :]
        return replace(self, pending_encounters=remaining)

    def _require(self, state: ClockState, action: str) -> None:
        if self.state is not state:
            raise ValueError(f"cannot {action}: the clock is {self.state}, not {state}")

    # -- persistence ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": CLOCK_FORMAT_VERSION,
            "state": self.state.value,
            "dt": self.dt,
            "length_s": self.length_s,
            "dungeon": self.dungeon,
            "revisit": self.revisit,
            "party": self.party,
            "anchor": self.anchor,
            "remaining_at_anchor": self.remaining_at_anchor,
            "visits": self.visits.to_list(),
            "party_visits": self.visits.to_pairs(),
            "visits_before_parties": sorted(self.visits.before_parties),
            "warnings_fired": sorted(self.warnings_fired),
            "pending_encounters": [p.to_dict() for p in self.pending_encounters],
            "rest_halfway_done": self.rest_halfway_done,
            "rest_checked": self.rest_checked,
            "audit": [entry.to_dict() for entry in self.audit],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DungeonTurnClock:
        """Rebuild a clock from :meth:`to_dict`; ValueError naming what is wrong."""
        try:
            version = data.get("version", CLOCK_FORMAT_VERSION)
            if version != CLOCK_FORMAT_VERSION:
                raise ValueError(f"unsupported DT clock format version {version!r}")
            anchor = data.get("anchor")
            return cls(
                state=ClockState(data["state"]),
                dt=int(data["dt"]),
                length_s=int(data["length_s"]),
                dungeon=data.get("dungeon"),
                revisit=bool(data.get("revisit", False)),
                party=_party_name(data.get("party")),
                anchor=None if anchor is None else float(anchor),
                remaining_at_anchor=float(data["remaining_at_anchor"]),
                visits=_visits_from(data),
                warnings_fired=frozenset(int(t) for t in data.get("warnings_fired", ())),
                pending_encounters=tuple(
                    PendingEncounter.from_dict(p) for p in data.get("pending_encounters", ())
                ),
                rest_halfway_done=bool(data.get("rest_halfway_done", False)),
                rest_checked=bool(data.get("rest_checked", False)),
                audit=tuple(AuditEntry.from_dict(a) for a in data.get("audit", ())),
            )
        except KeyError as missing:
            raise ValueError(f"DT clock data is missing the key {missing}") from None
        except (TypeError, AttributeError) as error:
            raise ValueError(f"DT clock data is malformed: {error}") from None


def _party_name(value: object) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"DT clock data names the party with {value!r}, not text")


def _visits_from(data: Mapping[str, Any]) -> DungeonVisits:
    """The visits as stored: per party (``party_visits``) since visits are kept per group, or
    the older list of dungeons, whose group is not known (see DungeonVisits.before_parties)."""
    if "party_visits" in data:
        return DungeonVisits.from_pairs(data["party_visits"], data.get("visits_before_parties", ()))
    return DungeonVisits.from_list(data.get("visits", ()))


def _threshold(value: float) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"a warning threshold must be a number of seconds, got {value!r}")
    if value < 0:
        raise ValueError(f"a warning threshold cannot be negative, got {value:g}")
    return round(value)
