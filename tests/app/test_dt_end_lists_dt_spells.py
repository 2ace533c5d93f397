"""Issue 25 item 10: ``dt end`` names a spell lasting until the end of the DT when it ends (the
rest's half-way step always did), and names an effect that ran out once."""

from __future__ import annotations

from refkit.app.dungeon.log_text import end_of_turn
from refkit.rules.dungeon.clock import DungeonTurnClock
from refkit.rules.dungeon.effects import spell_duration
from refkit.rules.dungeon.end_of_turn import end_dungeon_turn
from tests.rules.scripted_random import ScriptedRandom

T0 = 1_750_000_000.0


def test_a_dt_long_spell_that_ended_is_listed_once_and_a_spent_one_once():
    clock = DungeonTurnClock.new().start(T0, dungeon="Crypt")
    effects = (
        spell_duration("shield", "Stone skin", ends_at_dt_end=True),  # no usage dice
        spell_duration("ward", "Ward", 1),  # its die runs out
    )
    result = end_dungeon_turn(clock, effects, {}, 9, ScriptedRandom([1, 2]), T0 + 1800)
    line = end_of_turn(result)
    assert "ended with the DT: Stone skin" in line
    assert line.count("Ward") == 1 and "ran out: Ward" in line
