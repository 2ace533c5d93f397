"""The travel journal: one entry per day, in Refkit's words, for the referee or for the players.

The referee's entry says where the party really went; the players' entry keeps to what they
believe (their route and position) and leaves the secret lost dice and the true position out.
"""

from __future__ import annotations

from collections.abc import Sequence

from refkit.rules.encounters import EncounterCheck
from refkit.rules.travel.hexes import MILES_PER_HEX
from refkit.rules.travel.roles import TaskOutcome
from refkit.rules.travel.travel_day import DayRecord, RoleResult


def _plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else many or word + 's'}"


def _effect_words(outcome: TaskOutcome, *, referee: bool) -> list[str]:
    words = []
    if outcome.hexes:
        words.append(f"{outcome.hexes:+d} {'hex' if abs(outcome.hexes) == 1 else 'hexes'}")
    if outcome.travel_en:
        words.append(f"travel EN {outcome.travel_en:+d}")
    if outcome.rest_en:
        words.append(f"rest EN {outcome.rest_en:+d}")
    if outcome.crafting_bonus:
        words.append(f"crafting at camp {outcome.crafting_bonus:+d}")
    if outcome.role_test_bonus:
        words.append(f"{outcome.role_test_bonus:+d} on their role tests")
    if outcome.miasma_edges:
        words.append(
            "a double edge against the Miasma"
            if outcome.miasma_edges == 2
            else "an edge against the Miasma"
        )
    if outcome.lost and referee:
        words.append("the party loses its way")
    if outcome.found_bearings:
        words.append("the party finds its bearings")
    if outcome.hide:
        words.append("a Large animal hide")
    if outcome.find:
        words.append(f"something found (the referee rolls on {outcome.find})")
    if outcome.meets_creature:
        words.append("the quarry will be met (the referee says when and where)")
    return words


def role_line(result: RoleResult, *, referee: bool = True) -> str:
    """``Mara, guide, Follow Shortcut (mind): tier 3 (rolled 9+8) — +2 hexes``. The players'
    line does not say that the party got lost."""
    assignment = result.assignment
    task = assignment.task
    test = result.test
    flags = " crit" if test.crit else " doom" if test.doom else ""
    head = (
        f"{assignment.traveller}, {task.role}, {task.title} ({assignment.tested}): "
        f"tier {test.tier}{flags} (rolled {test.dice[0]}+{test.dice[1]}, total {test.total})"
    )
    words = _effect_words(result.outcome, referee=referee)
    if result.rations:
        words.append(f"{_plural(result.rations, 'ration')} found")
    if result.targets and (result.outcome.role_test_bonus or result.outcome.miasma_edges):
        words.append("for " + ", ".join(result.targets))
    return head + (" — " + "; ".join(words) if words else " — no effect")


def _check_words(check: EncounterCheck, later: str) -> str:
    head = f"EN {check.en}, rolled {check.roll}: "
    if not check.encounter:
        return head + "no encounter"
    if check.immediate:
        return head + "an encounter at once"
    return head + f"a sign, and the encounter {later}"


ROLE_TEST_WORDS = {
    "edge": "an edge on role tests",
    "none": "plain role tests",
    "bane": "a bane on role tests",
}


def journal_entry(
    record: DayRecord, *, referee: bool = True, encounter_text: str | None = None
) -> list[str]:
    """The day's entry as lines of plain text (the first line is its title); ``encounter_text``
    is what the roll on the habitat's encounter table gave, when it was rolled."""
    plan = record.plan
    before, after = record.before, record.after
    start = before.true_hex if referee else before.believed_hex
    lines = [f"Day {record.day}"]
    terrain = [f"{plan.pace.value} pace", f"slowest speed {plan.slowest_speed}"]
    if plan.road:
        terrain.append("a road all day")
    if plan.river_cross:
        terrain.append("a river crossed or followed upstream")
    if plan.downstream:
        terrain.append("downstream")
    lines.append(
        f"Set out from {start.label} at {', '.join(terrain)}: "
        f"{_plural(record.hexes, 'hex', 'hexes')} ({record.hexes * MILES_PER_HEX} miles), "
        f"travel EN {record.travel_en}, rest EN {record.rest_en}, "
        f"{ROLE_TEST_WORDS[record.role_tests]}."
    )
    if before.lost and not record.found_bearings and referee:
        lines.append("The party was lost when it set out.")
    for result in record.roles:
        lines.append(role_line(result, referee=referee))
    if not record.roles:
        lines.append("Nobody took a travel role.")
    if record.crafting_bonus:
        lines.append(f"Crafting at tonight's camp: {record.crafting_bonus:+d}.")
    where = record.encounter_hex.label if referee else "on the way"
    encounter = f"Travel encounter check ({where}): " + _check_words(
        record.encounter, "comes later today"
    )
    if record.encounter.encounter:
        table = record.encounter_table or f"the {record.encounter_habitat} encounters"
        encounter += f"; {table}: {encounter_text}" if encounter_text else f"; roll on {table}"
    lines.append(encounter + ".")
    route = " ".join(step.intended.name for step in record.walk.steps) or "stayed put"
    if referee and after.lost:
        drift = ", ".join(
            f"{step.drift.name if step.drift else '?'} to {step.true.label}"
            + (" (the map's edge: stayed)" if step.blocked else "")
            for step in record.walk.steps
        )
        lines.append(
            f"Route taken as the party believes it: {route}, to {after.believed_hex.label}. "
            f"Secret lost dice: {drift or 'none'}; really at {after.true_hex.label}."
        )
    else:
        lines.append(f"Route: {route}, to {after.believed_hex.label}.")
    if record.walk.unused:
        lines.append(
            f"{_plural(record.walk.unused, 'hex', 'hexes')} of the day's travel left unused."
        )
    if record.walk.cut_short:
        lines.append("Not reached today: " + " ".join(d.name for d in record.walk.cut_short) + ".")
    if record.rations:
        lines.append(f"Rations found: {record.rations}.")
    if record.rest_check is not None:
        place = "in the Miasma" if plan.in_miasma else "away from the Miasma"
        seclude = ", campsite prepared" if plan.campsite else ""
        seclude += ", camp secluded" if plan.seclude else ""
        lines.append(
            f"Rest {place}{seclude}: "
            + _check_words(record.rest_check, "interrupts the rest when the referee says")
            + "."
        )
    else:
        lines.append("No rest today.")
    for test in record.miasma:
        words = f"{test.traveller} against the Miasma: tier {test.tier}"
        if test.raised_by:
            words += f" (raised by {test.raised_by})"
        if test.tier == 1 and test.effects is not None:
            words += f", cruelty {test.cruelty}, effects {test.effects.index}: {test.effects.text}"
            if test.claimed:
                words += " The Miasma has claimed this crow."
        elif test.raises:
            words += f", lifts {test.raises}'s result."
        elif test.tier == 3 and test.cruelty_before:
            words += ", cruelty cleared."
        else:
            words += "."
        lines.append(words)
    if record.cruelty_cleared:
        lines.append("Cruelty cleared for " + ", ".join(record.cruelty_cleared) + ".")
    if referee and after.lost and not before.lost:
        lines.append("The party is lost (the players do not know it).")
    return lines


def journal_markdown(title: str, records: Sequence[DayRecord], *, referee: bool = True) -> str:
    """The whole journal as Markdown: a heading per day, a bullet per line."""
    out = [f"# {title}", ""]
    for record in records:
        first, *rest = journal_entry(record, referee=referee)
        out.append(f"## {first}")
        out.append("")
        out.extend(f"- {line}" for line in rest)
        out.append("")
    return "\n".join(out)
