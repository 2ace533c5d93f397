"""A lasting backlash with no usage dice says on the lights panel when it ends."""

from __future__ import annotations

from refkit.gui.dungeon.effects_widgets import effect_status
from refkit.rules.dungeon.effects import backlash_effect


def test_a_backlash_without_dice_says_whether_a_rest_or_the_referee_ends_it() -> None:
    assert effect_status(backlash_effect("e1", "Backlash 45–46", ends_at_rest=True)) == (
        "until the next rest"
    )
    assert effect_status(backlash_effect("e2", "Backlash 11–12")) == "until removed"
    assert effect_status(backlash_effect("e3", "Backlash 61–62", ends_at_dt_end=True)) == (
        "ends with the DT"
    )
