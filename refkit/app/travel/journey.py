"""A journey: the map, where the party is (truly and as it believes), and each day's journal.

A journey is a frozen value; a travel day makes a new one. Each day keeps the state before and
after it, so the last day can be taken back, and its journal in two views: the referee's (the
truth) and the players' (what they believe). The day's note is the referee's own words, editable.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from refkit.rules.common.name_text import plain_name
from refkit.rules.common.pace import Pace
from refkit.rules.tables.model import RollableTable
from refkit.rules.travel.day_steps import DayInProgress, DayStep, begin_day, replay_day
from refkit.rules.travel.hex_map import HexMap
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.journal import journal_entry
from refkit.rules.travel.map_file import MapFileError, map_to_json, parse_map
from refkit.rules.travel.roles import RoleAssignment, Task
from refkit.rules.travel.travel_day import DayPlan, DayRecord, Traveller, TravelState

JOURNEY_FORMAT = "refkit-journey"
JOURNEY_VERSION = 1


@dataclass(frozen=True)
class JourneyDay:
    """One day of the journal."""

    day: int
    before: TravelState
    after: TravelState
    referee: tuple[str, ...]
    players: tuple[str, ...]
    summary: Mapping[str, Any]
    note: str = ""


@dataclass(frozen=True)
class PendingDay:
    """A day being travelled step by step: its plan and the steps taken so far."""

    plan: DayPlan
    steps: tuple[DayStep, ...] = ()


@dataclass(frozen=True)
class Journey:
    """A named journey on a map."""

    name: str
    hex_map: HexMap
    state: TravelState
    days: tuple[JourneyDay, ...] = ()
    pending: PendingDay | None = None
    """The day under way step by step, if one is."""

    @classmethod
    def begin(cls, name: str, hex_map: HexMap, at: Hex, travellers: Sequence[Traveller]) -> Journey:
        """A journey that starts at ``at``, where the party knows it is."""
        name = plain_name("a journey's name", name)
        hex_map.cell(at)
        return cls(name, hex_map, TravelState(at, at, travellers=tuple(travellers)))

    def with_day(self, record: DayRecord, summary: Mapping[str, Any]) -> Journey:
        encounter = summary.get("encounter") or {}
        text = encounter.get("text") if isinstance(encounter, Mapping) else None
        day = JourneyDay(
            day=record.day,
            before=record.before,
            after=record.after,
            referee=tuple(journal_entry(record, referee=True, encounter_text=text)),
            players=tuple(journal_entry(record, referee=False, encounter_text=text)),
            summary=dict(summary),
        )
        return replace(self, state=record.after, days=(*self.days, day), pending=None)

    def with_day_begun(self, plan: DayPlan) -> Journey:
        """A day begun step by step with ``plan``; ValueError when one is under way already or a
        role cannot be taken as planned."""
        if self.pending is not None:
            raise ValueError(
                f"day {self.state.day + 1} of journey {self.name!r} is under way step by step: "
                "finish it, or take its steps back, first"
            )
        begin_day(self.state, plan)
        return replace(self, pending=PendingDay(plan))

    def under_way(self) -> PendingDay:
        if self.pending is None:
            raise ValueError(
                f"no day of journey {self.name!r} is under way: begin one "
                "('refkit travel journey step begin')"
            )
        return self.pending

    def progress(self, miasma_table: RollableTable) -> DayInProgress:
        """The day under way as its steps left it."""
        pending = self.under_way()
        return replay_day(self.state, pending.plan, pending.steps, self.hex_map, miasma_table)

    def with_step(self, step: DayStep) -> Journey:
        pending = self.under_way()
        return replace(self, pending=replace(pending, steps=(*pending.steps, step)))

    def without_last_step(self) -> Journey:
        """The day under way one step back; with no step taken, the day not begun."""
        pending = self.under_way()
        if not pending.steps:
            return replace(self, pending=None)
        return replace(self, pending=replace(pending, steps=pending.steps[:-1]))

    def without_last_day(self) -> Journey:
        if not self.days:
            raise ValueError(f"journey {self.name!r} has no day to take back")
        last = self.days[-1]
        if self.pending is not None:
            raise ValueError(
                f"day {self.state.day + 1} of journey {self.name!r} is under way step by step: "
                "take its steps back first"
            )
        return replace(self, state=last.before, days=self.days[:-1])

    def with_map(self, hex_map: HexMap) -> Journey:
        """The journey on an edited copy of its map (same name); ValueError when the party's
        hexes, true or believed, are no longer on it."""
        if hex_map.name != self.hex_map.name:
            raise ValueError(
                f"journey {self.name!r} is on map {self.hex_map.name!r}, not {hex_map.name!r}"
            )
        for what, where in (("believes it is", self.state.believed_hex),
                            ("truly is", self.state.true_hex)):  # fmt: skip
            if where not in hex_map:
                raise ValueError(
                    f"the edited map {hex_map.name!r} has no hex {where.label}, where the party "
                    f"of journey {self.name!r} {what}; put the hex back first"
                )
        return replace(self, hex_map=hex_map)

    def with_note(self, day: int, note: str) -> Journey:
        for index, entry in enumerate(self.days):
            if entry.day == day:
                days = list(self.days)
                days[index] = replace(entry, note=note.strip())
                return replace(self, days=tuple(days))
        raise ValueError(f"journey {self.name!r} has no day {day} (days: 1 to {len(self.days)})")


# -- the journey file's JSON ---------------------------------------------------------------------


def _hex(value: Any) -> Hex:
    q, r = value
    return Hex(int(q), int(r))


def state_to_dict(state: TravelState) -> dict[str, Any]:
    return {
        "true": state.true_hex.to_list(),
        "believed": state.believed_hex.to_list(),
        "lost": state.lost,
        "day": state.day,
        "rations_found": state.rations_found,
        "explored": [h.to_list() for h in sorted(state.explored)],
        "travellers": [traveller_to_dict(t) for t in state.travellers],
    }


def traveller_to_dict(traveller: Traveller) -> dict[str, Any]:
    return {
        "name": traveller.name,
        "agility": traveller.agility,
        "mind": traveller.mind,
        "strength": traveller.strength,
        "human": traveller.human,
        "conditions": list(traveller.conditions),
        "cruelty": traveller.cruelty,
        "miasma_effects": list(traveller.miasma_effects),
        "claimed": traveller.claimed,
    }


def state_from_dict(data: Mapping[str, Any]) -> TravelState:
    return TravelState(
        true_hex=_hex(data["true"]),
        believed_hex=_hex(data["believed"]),
        lost=bool(data["lost"]),
        day=int(data["day"]),
        rations_found=int(data["rations_found"]),
        explored=frozenset(_hex(h) for h in data["explored"]),
        travellers=tuple(
            Traveller(
                name=str(t["name"]),
                agility=int(t["agility"]),
                mind=int(t["mind"]),
                strength=int(t["strength"]),
                human=bool(t["human"]),
                conditions=tuple(str(c) for c in t["conditions"]),
                cruelty=int(t["cruelty"]),
                miasma_effects=tuple(str(e) for e in t["miasma_effects"]),
                claimed=bool(t["claimed"]),
            )
            for t in data["travellers"]
        ),
    )


def plan_to_dict(plan: DayPlan) -> dict[str, Any]:
    return {
        "pace": plan.pace.value,
        "slowest_speed": plan.slowest_speed,
        "route": [d.name for d in plan.route],
        "roles": [
            {
                "traveller": a.traveller,
                "task": a.task.key,
                "characteristic": a.characteristic,
                "choice": a.choice,
                "targets": list(a.targets),
            }
            for a in plan.roles
        ],
        "road": plan.road,
        "river_cross": plan.river_cross,
        "downstream": plan.downstream,
        "encounter_at": plan.encounter_at,
        "rest": plan.rest,
        "seclude": plan.seclude,
        "campsite": plan.campsite,
        "in_miasma": plan.in_miasma,
        "miasma_raises": dict(plan.miasma_raises),
    }


def plan_from_dict(data: Mapping[str, Any]) -> DayPlan:
    def text(value: Any) -> str | None:
        return None if value is None else str(value)

    return DayPlan(
        pace=Pace.parse(str(data["pace"])),
        slowest_speed=int(data["slowest_speed"]),
        route=tuple(HexDirection.parse(str(d)) for d in data["route"]),
        roles=tuple(
            RoleAssignment(
                str(a["traveller"]),
                Task.parse(str(a["task"])),
                text(a["characteristic"]),
                text(a["choice"]),
                tuple(str(t) for t in a["targets"]),
            )
            for a in data["roles"]
        ),
        road=bool(data["road"]),
        river_cross=bool(data["river_cross"]),
        downstream=bool(data["downstream"]),
        encounter_at=int(data["encounter_at"]),
        rest=bool(data["rest"]),
        seclude=bool(data["seclude"]),
        campsite=bool(data.get("campsite", False)),  # journeys stored before Prepare Campsite
        in_miasma=bool(data["in_miasma"]),
        miasma_raises={str(k): str(v) for k, v in data["miasma_raises"].items()},
    )


def step_to_dict(step: DayStep) -> dict[str, Any]:
    return {
        "kind": step.kind,
        "seed": step.seed,
        "dice": list(step.dice),
        "rations": list(step.rations),
        "direction": None if step.direction is None else step.direction.name,
        "miasma": {name: list(pair) for name, pair in step.miasma.items()},
        "miasma_effects": dict(step.miasma_effects),
        "text": step.text,
        **({"campsite": True} if step.campsite else {}),
    }


def step_from_dict(data: Mapping[str, Any]) -> DayStep:
    direction = data["direction"]
    return DayStep(
        kind=str(data["kind"]),
        seed=int(data["seed"]),
        dice=tuple(int(d) for d in data["dice"]),
        rations=tuple(int(d) for d in data["rations"]),
        direction=None if direction is None else HexDirection.parse(str(direction)),
        miasma={str(k): (int(v[0]), int(v[1])) for k, v in data["miasma"].items()},
        miasma_effects={str(k): int(v) for k, v in data["miasma_effects"].items()},
        text=None if data["text"] is None else str(data["text"]),
        campsite=bool(data.get("campsite", False)),
    )


def pending_to_dict(pending: PendingDay | None) -> dict[str, Any] | None:
    if pending is None:
        return None
    return {
        "plan": plan_to_dict(pending.plan),
        "steps": [step_to_dict(step) for step in pending.steps],
    }


def pending_from_dict(data: Mapping[str, Any] | None) -> PendingDay | None:
    if data is None:
        return None
    return PendingDay(plan_from_dict(data["plan"]), tuple(step_from_dict(s) for s in data["steps"]))


def journey_to_dict(journey: Journey) -> dict[str, Any]:
    return {
        "pending": pending_to_dict(journey.pending),
        "format": JOURNEY_FORMAT,
        "version": JOURNEY_VERSION,
        "name": journey.name,
        "map": map_to_json(journey.hex_map),
        "state": state_to_dict(journey.state),
        "days": [
            {
                "day": day.day,
                "before": state_to_dict(day.before),
                "after": state_to_dict(day.after),
                "referee": list(day.referee),
                "players": list(day.players),
                "summary": dict(day.summary),
                "note": day.note,
            }
            for day in journey.days
        ],
    }


def journey_from_dict(data: Mapping[str, Any], origin: str) -> Journey:
    """The journey in ``data``; ValueError naming ``origin`` when it is not a journey."""
    if data.get("format") != JOURNEY_FORMAT or data.get("version") != JOURNEY_VERSION:
        raise ValueError(f"{origin} is not a Refkit journey (version {JOURNEY_VERSION})")
    try:
        return Journey(
            name=str(data["name"]),
            hex_map=parse_map(str(data["map"]), f"{origin} (its map)"),
            state=state_from_dict(data["state"]),
            days=tuple(
                JourneyDay(
                    day=int(day["day"]),
                    before=state_from_dict(day["before"]),
                    after=state_from_dict(day["after"]),
                    referee=tuple(str(line) for line in day["referee"]),
                    players=tuple(str(line) for line in day["players"]),
                    summary=dict(day["summary"]),
                    note=str(day.get("note", "")),
                )
                for day in data["days"]
            ),
            pending=pending_from_dict(data.get("pending")),
        )
    except MapFileError:
        raise
    except (KeyError, TypeError, ValueError) as problem:
        raise ValueError(f"{origin} is damaged ({problem}); Refkit cannot read it") from None
