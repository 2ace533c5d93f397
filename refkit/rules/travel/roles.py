"""Travel roles and their tasks: what each task tests and what each tier does (fact sheet §9.4).

Supporters go first, then the guide, then scouts, then trackers (L803–811). Apart from the guide
(one at most) a role takes up to three travellers, each on a different task (L846). Where a tier
lets the group choose between two results, ``choice`` picks one: ``hexes`` or ``en`` for a route
(the default is ``hexes``), ``rest`` or ``crafting`` for Make Camp (the default is ``rest``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

ROLE_ORDER: tuple[str, ...] = ("supporter", "guide", "scout", "tracker")
MOST_PER_ROLE = 3
MOST_GUIDES = 1
MOST_TARGETS = 4
"""Fight the Miasma and Support Everyone reach up to four travellers."""

ROUTE_CHOICES: tuple[str, ...] = ("hexes", "en")
CAMP_CHOICES: tuple[str, ...] = ("rest", "crafting")


class Task(Enum):
    """A travel task: (its command-line name, role, characteristics it may test, its name)."""

    _value_: tuple[str, str, tuple[str, ...], str]

    FIGHT_THE_MIASMA = ("fight-miasma", "supporter", ("mind",), "Fight the Miasma")
    MAKE_CAMP = ("make-camp", "supporter", ("strength",), "Make Camp")
    SUPPORT_EVERYONE = ("support-everyone", "supporter", ("mind", "strength"), "Support Everyone")
    NORMAL_ROUTE = ("normal-route", "guide", ("mind",), "Follow Normal Route")
    SAFE_ROUTE = ("safe-route", "guide", ("mind",), "Follow Safe Route")
    SHORTCUT = ("shortcut", "guide", ("mind",), "Follow Shortcut")
    BACK_ON_TRACK = ("back-on-track", "guide", ("mind",), "Back on Track")
    SCOUT_FOR_DANGER = ("scout-danger", "scout", ("agility", "mind"), "Scout for Danger")
    SCOUT_FOR_SHELTER = ("scout-shelter", "scout", ("mind",), "Scout for Shelter")
    TREASURE_HUNT = ("treasure-hunt", "scout", ("strength",), "Treasure Hunt")
    FORAGE = ("forage", "tracker", ("mind",), "Forage")
    HUNT = ("hunt", "tracker", ("agility",), "Hunt")
    TRACK_CREATURE = ("track-creature", "tracker", ("mind",), "Track Specific Creature")

    @property
    def key(self) -> str:
        return self._value_[0]

    @property
    def role(self) -> str:
        return self._value_[1]

    @property
    def characteristics(self) -> tuple[str, ...]:
        return self._value_[2]

    @property
    def title(self) -> str:
        return self._value_[3]

    @classmethod
    def parse(cls, text: str) -> Task:
        wanted = str(text).strip().casefold().replace("_", "-").replace(" ", "-")
        for task in cls:
            if task.key == wanted:
                return task
        names = ", ".join(task.key for task in cls)
        raise ValueError(f"unknown travel task {text!r} (tasks: {names})")


GUIDE_ROUTES = frozenset({Task.NORMAL_ROUTE, Task.SAFE_ROUTE, Task.SHORTCUT})


@dataclass(frozen=True)
class RationDice:
    """Rations found: ``count``d``sides`` + ``plus`` (no dice: just ``plus``)."""

    count: int
    sides: int
    plus: int = 0

    @property
    def text(self) -> str:
        if not self.count:
            return str(self.plus)
        plus = f"+{self.plus}" if self.plus else ""
        return f"{self.count}d{self.sides}{plus}"


@dataclass(frozen=True)
class TaskOutcome:
    """What one task's tier does to the day. Every number is a change (0: no change)."""

    hexes: int = 0
    travel_en: int = 0
    rest_en: int = 0
    crafting_bonus: int = 0
    role_test_bonus: int = 0
    """Support Everyone: the bonus (or penalty) on the later role tests of its targets."""
    miasma_edges: int = 0
    """Fight the Miasma: edges on today's Miasma test for its targets."""
    lost: bool = False
    found_bearings: bool = False
    rations: RationDice | None = None
    hide: bool = False
    find: str = ""
    """Treasure Hunt: the referee's table to roll on (``Minor Things`` / ``Major Things``)."""
    meets_creature: bool = False

    @property
    def anything(self) -> bool:
        return self != NOTHING


NOTHING = TaskOutcome()


def check_choice(task: Task, choice: str | None) -> str | None:
    """The choice a task takes, with its default; ValueError for one it does not offer."""
    if task in (Task.NORMAL_ROUTE, Task.BACK_ON_TRACK):
        options, default = ROUTE_CHOICES, "hexes"
    elif task is Task.MAKE_CAMP:
        options, default = CAMP_CHOICES, "rest"
    else:
        if choice is not None:
            raise ValueError(f"{task.title} offers no choice, got {choice!r}")
        return None
    if choice is None:
        return default
    if choice not in options:
        raise ValueError(f"{task.title} chooses {' or '.join(options)}, got {choice!r}")
    return choice


def task_outcome(task: Task, tier: int, choice: str | None = None) -> TaskOutcome:
    """What ``task`` does on ``tier`` (1..3); ``choice`` as the module docstring says."""
    if tier not in (1, 2, 3):
        raise ValueError(f"a tier is 1, 2 or 3, got {tier!r}")
    picked = check_choice(task, choice)
    if task is Task.FIGHT_THE_MIASMA:
        return (NOTHING, TaskOutcome(miasma_edges=1), TaskOutcome(miasma_edges=2))[tier - 1]
    if task is Task.MAKE_CAMP:
        if tier == 1:
            return NOTHING
        size = tier - 1
        if picked == "crafting":
            return TaskOutcome(crafting_bonus=2 * size)
        return TaskOutcome(rest_en=size)
    if task is Task.SUPPORT_EVERYONE:
        return TaskOutcome(role_test_bonus=(-1, 1, 2)[tier - 1])
    if task is Task.NORMAL_ROUTE:
        if tier == 2:
            return NOTHING
        sign = -1 if tier == 1 else 1
        return TaskOutcome(hexes=sign) if picked == "hexes" else TaskOutcome(travel_en=sign)
    if task is Task.SAFE_ROUTE:
        return (
            TaskOutcome(lost=True),
            TaskOutcome(travel_en=1, hexes=-1),
            TaskOutcome(travel_en=2),
        )[tier - 1]
    if task is Task.SHORTCUT:
        return (
            TaskOutcome(lost=True),
            TaskOutcome(hexes=1, travel_en=-1),
            TaskOutcome(hexes=2),
        )[tier - 1]
    if task is Task.BACK_ON_TRACK:
        if tier == 1:
            return NOTHING
        if tier == 2:
            return TaskOutcome(found_bearings=True)
        if picked == "hexes":
            return TaskOutcome(found_bearings=True, hexes=1)
        return TaskOutcome(found_bearings=True, travel_en=1)
    if task is Task.SCOUT_FOR_DANGER:
        return (NOTHING, TaskOutcome(travel_en=1), TaskOutcome(travel_en=2))[tier - 1]
    if task is Task.SCOUT_FOR_SHELTER:
        return (NOTHING, TaskOutcome(rest_en=1), TaskOutcome(rest_en=2))[tier - 1]
    if task is Task.TREASURE_HUNT:
        return (NOTHING, TaskOutcome(find="Minor Things"), TaskOutcome(find="Major Things"))[
            tier - 1
        ]
    if task is Task.FORAGE:
        return (
            NOTHING,
            TaskOutcome(rations=RationDice(0, 6, 1)),
            TaskOutcome(rations=RationDice(1, 6, 1)),
        )[tier - 1]
    if task is Task.HUNT:
        return (
            TaskOutcome(travel_en=-1),
            NOTHING,
            TaskOutcome(rations=RationDice(3, 6), hide=True),
        )[tier - 1]
    # Track Specific Creature
    return (TaskOutcome(travel_en=-1), NOTHING, TaskOutcome(meets_creature=True))[tier - 1]


@dataclass(frozen=True)
class RoleAssignment:
    """One traveller's task for the day: the characteristic tested (one of the task's; None
    means the task's first), a choice where the tier offers one, and the travellers it helps
    (Fight the Miasma, Support Everyone: none given means the first four who can use it)."""

    traveller: str
    task: Task
    characteristic: str | None = None
    choice: str | None = None
    targets: tuple[str, ...] = ()

    @property
    def tested(self) -> str:
        return self.characteristic or self.task.characteristics[0]


def order_roles(assignments: tuple[RoleAssignment, ...]) -> tuple[RoleAssignment, ...]:
    """The assignments in the order they are rolled: supporters, guide, scouts, trackers (each
    role keeps the order it was given in). Raises ValueError naming a rule an assignment breaks."""
    seen: set[str] = set()
    per_role: dict[str, list[RoleAssignment]] = {role: [] for role in ROLE_ORDER}
    for assignment in assignments:
        name = assignment.traveller
        if name in seen:
            raise ValueError(f"{name} already has a travel role today (one role each)")
        seen.add(name)
        task = assignment.task
        if assignment.tested not in task.characteristics:
            allowed = " or ".join(task.characteristics)
            raise ValueError(
                f"{task.title} tests {allowed}, not {assignment.characteristic} ({name})"
            )
        check_choice(task, assignment.choice)
        if len(assignment.targets) > MOST_TARGETS:
            raise ValueError(f"{task.title} reaches at most {MOST_TARGETS} travellers ({name})")
        if assignment.targets and task not in (Task.FIGHT_THE_MIASMA, Task.SUPPORT_EVERYONE):
            raise ValueError(f"{task.title} is not done for other travellers ({name})")
        holders = per_role[task.role]
        limit = MOST_GUIDES if task.role == "guide" else MOST_PER_ROLE
        if len(holders) >= limit:
            raise ValueError(f"at most {limit} {task.role}{'s' if limit > 1 else ''} a day")
        if any(other.task is task for other in holders):
            raise ValueError(f"two {task.role}s on {task.title}: each takes a different task")
        holders.append(assignment)
    return tuple(assignment for role in ROLE_ORDER for assignment in per_role[role])
