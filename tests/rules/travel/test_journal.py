"""The travel journal: the referee's entry tells the truth, the players' keeps the secret."""

from __future__ import annotations

from refkit.rules.tables.defaults import MIASMA_TABLE, load_default_tables
from refkit.rules.tables.model import find_table
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.journal import journal_entry, journal_markdown
from refkit.rules.travel.roles import RoleAssignment, Task
from refkit.rules.travel.travel_day import DayFaces, DayPlan, Traveller, TravelState, travel_day
from tests.rules.scripted_random import ScriptedRandom
from tests.rules.travel.map_fixtures import rectangle_map

TABLE = find_table(load_default_tables(), MIASMA_TABLE)


def lost_day():
    state = TravelState(Hex(1, 1), Hex(1, 1), travellers=(Traveller("Mara", mind=2),))
    plan = DayPlan(
        pace="normal",
        slowest_speed=5,
        route=(HexDirection.SE, HexDirection.SE),
        roles=(RoleAssignment("Mara", Task.SHORTCUT),),
    )
    faces = DayFaces(
        tests={"Mara": (2, 5)},
        encounter=10,
        lost=(4, 4),
        rest_encounter=3,
        miasma={"Mara": (2, 2)},
        miasma_effects={"Mara": 5},
    )
    return travel_day(state, plan, rectangle_map(), TABLE, ScriptedRandom(), faces)


def test_the_referee_entry_has_the_roles_the_drift_and_the_miasma():
    text = "\n".join(journal_entry(lost_day()))
    assert text.startswith("Day 1\nSet out from 1,1 at normal pace")
    assert "Mara, guide, Follow Shortcut (mind): tier 1" in text
    assert "the party loses its way" in text
    assert "Travel encounter check (1,1): EN 7, rolled 10: an encounter at once" in text
    assert "Secret lost dice: S to 1,2, S to 1,3; really at 1,3." in text
    assert "Mara against the Miasma: tier 1, cruelty 1, effects 6:" in text
    assert "The party is lost (the players do not know it)." in text


def test_the_players_entry_never_shows_the_true_position_or_the_dice():
    text = "\n".join(journal_entry(lost_day(), referee=False))
    assert "Route: SE SE, to 3,1." in text
    assert "1,3" not in text and "lost dice" not in text and "is lost" not in text
    assert "loses its way" not in text
    assert "Travel encounter check (on the way)" in text


def test_the_journal_in_markdown_has_a_heading_per_day():
    markdown = journal_markdown("Into the Marches", [lost_day()])
    assert markdown.startswith("# Into the Marches\n\n## Day 1\n\n- Set out from 1,1")
