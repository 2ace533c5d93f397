"""The Town day dialog's decisions, without Qt: the activities offered in town, the command-line
form of a choice, and what the day has seen, line by line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from refkit.rules.character.rest_activities import ACTIVITIES, Activity
from refkit.rules.character.town_activities import NOT_IN_TOWN, PER_DAY, TownDay
from refkit.rules.common.name_text import match_key

TOWN_ACTIVITIES: tuple[Activity, ...] = tuple(
    a for a in Activity if a not in NOT_IN_TOWN and a is not Activity.TRAIT
)
"""The activities the dialog offers (a trait's is typed as trait:NAME in the target box)."""


@dataclass(frozen=True)
class Choice:
    """What the dialog's Spend 2 hours does: the activity text, or why it cannot."""

    text: str = ""
    problem: str = ""


def activity_label(activity: Activity) -> str:
    info = ACTIVITIES[activity]
    target = f" ({info.target})" if info.target else ""
    return f"{info.label}{target}: {info.does}"


def choice_text(crow: str, activity: Activity | None, target: str) -> Choice:
    """The ``ACTIVITY[:TARGET]`` text for ``crow``'s two hours, or the problem to show."""
    if not crow:
        return Choice(problem="Pick the crow who spends the two hours.")
    if activity is None:
        return Choice(problem="Pick an activity.")
    target = " ".join(target.split())
    if ACTIVITIES[activity].target == "size" and not target:
        return Choice(problem="Harvest: type the corpse's size (small, large, huge…).")
    return Choice(f"{activity.value}:{target}" if target else activity.value)


def day_lines(today: TownDay, names: Sequence[str]) -> list[str]:
    """Town day N, then each crow's activities so far and how many are left, and who waits for
    a night's sleep to heal."""
    lines = [f"Town day {today.day}: up to {PER_DAY} activities a crow, 2 hours each"]
    for name in names:
        done = today.done_by(name)
        lines.append(f"{name}: {', '.join(done) or 'nothing yet'} ({today.left_for(name)} left)")
    shown = {match_key(name): name for name in names}
    for patient, by in sorted(today.tended.items()):
        lines.append(
            f"{shown.get(patient, patient)}, tended by {by}: heals after the night's sleep"
        )
    return lines
