"""Reading a spell's parts: discipline, casting time, targets, range, area, duration."""

from __future__ import annotations

import pytest

from refkit.rules.magic.area import AreaShape, parse_area
from refkit.rules.magic.casting_time import CastingKind, parse_casting_time
from refkit.rules.magic.discipline import Discipline, parse_discipline
from refkit.rules.magic.duration import SpellDurationKind, parse_spell_duration
from refkit.rules.magic.spell_range import RangeKind, parse_spell_range
from refkit.rules.magic.targets import NO_TARGETS, TargetKind, parse_targets
from refkit.rules.magic.words import SpellFieldError


def test_the_six_disciplines_name_their_expertise() -> None:
    assert [d.value for d in Discipline] == [
        "alteration",
        "benefaction",
        "conjuration",
        "elemental",
        "illusion",
        "necromancy",
    ]
    assert parse_discipline(" Necromancy ").expertise == "Necromancy"
    with pytest.raises(SpellFieldError, match="unknown discipline 'pyromancy'"):
        parse_discipline("pyromancy")


def test_casting_times_and_the_ten_minutes_out_of_combat() -> None:
    assert parse_casting_time("Out of Combat").in_game_minutes == 10
    assert parse_casting_time("out-of-combat").kind is CastingKind.OUT_OF_COMBAT
    assert parse_casting_time("action").in_game_minutes == 0
    reaction = parse_casting_time("reaction", "an ally within 5 squares is hit")
    assert reaction.text == "reaction (an ally within 5 squares is hit)"
    with pytest.raises(SpellFieldError, match="needs its trigger"):
        parse_casting_time("reaction")
    with pytest.raises(SpellFieldError, match="only a reaction has a trigger"):
        parse_casting_time("maneuver", "when hit")
    with pytest.raises(SpellFieldError, match="unknown casting time 'bonus action'"):
        parse_casting_time("bonus action")


@pytest.mark.parametrize(
    ("text", "kind", "count", "every"),
    [
        ("1 creature", TargetKind.CREATURE, 1, False),
        ("3 allies", TargetKind.ALLY, 3, False),
        ("All creatures", TargetKind.CREATURE, None, True),
        ("1 Tiny object", TargetKind.OBJECT, 1, False),
        ("1 corpse", TargetKind.OBJECT, 1, False),
        ("2 targets", TargetKind.TARGET, 2, False),
        ("1 enemy", TargetKind.ENEMY, 1, False),
        ("self", TargetKind.SELF, 1, False),
    ],
)
def test_targets_read_a_number_or_all_and_a_kind(text, kind, count, every) -> None:
    targets = parse_targets(text)
    assert (targets.kind, targets.count, targets.every, targets.text) == (kind, count, every, text)


def test_objects_and_mixed_targets_may_be_objects_and_no_entry_is_no_targets() -> None:
    assert parse_targets("1 object").may_be_an_object and parse_targets("1 object").only_objects
    assert parse_targets("2 targets").may_be_an_object
    assert not parse_targets("1 creature").may_be_an_object
    assert parse_targets("  ") == NO_TARGETS
    for bad in ("a creature", "0 creatures", "1 dragon", "21 creatures"):
        with pytest.raises(SpellFieldError):
            parse_targets(bad)


def test_areas_ranges_and_durations() -> None:
    line = parse_area("line 5x1")
    assert (line.shape, line.size, line.width, line.text) == (AreaShape.LINE, 5, 1, "line 5×1")
    assert parse_area("Aura 2").text == "aura 2" and parse_area("cube 3").size == 3
    assert parse_area("") is None
    assert parse_spell_range("ranged 10").kind is RangeKind.RANGED
    assert parse_spell_range("Self").text == "self"
    assert parse_spell_duration("1 UD").usage_dice == 1
    assert parse_spell_duration("end of DT").kind is SpellDurationKind.END_OF_DT
    assert not parse_spell_duration("instant").tracked
    for parse, bad in (
        (parse_area, "circle 3"),
        (parse_area, "cube 0"),
        (parse_spell_range, "far"),
        (parse_spell_range, "ranged 0"),
        (parse_spell_duration, "1 hour"),
        (parse_spell_duration, "0 UD"),
    ):
        with pytest.raises(SpellFieldError):
            parse(bad)
