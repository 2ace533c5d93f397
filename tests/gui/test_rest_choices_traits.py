"""The rest dialog's activity list offers the rest activities of the traits the crow has (and no
others); choosing one gives the ``trait`` choice the rest procedure checks and does."""

from __future__ import annotations

from dataclasses import replace

from refkit.gui.common.rest_choices import RestChoices
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.rest_activities import Activity, ActivityChoice


def sketcher() -> Character:
    base = Character("Pell Orrin", Characteristics(0, 2, 1), Stamina(7, 7))
    return replace(base, traits=("Camping: Plotting", "Camping: Weakness Diagram"))


def test_the_activity_list_offers_the_crows_trait_activities(qtbot) -> None:
    plain = Character("Rook Ashe", Characteristics(1, 0, 2), Stamina(9, 9))
    choices = RestChoices([sketcher(), plain])
    qtbot.addWidget(choices)
    mine, other = choices.rows
    labels = [mine.activity.itemText(i) for i in range(mine.activity.count())]
    assert labels[-2:] == ["Trait: Plotting", "Trait: Weakness Diagram"]
    assert not any(
        other.activity.itemText(i).startswith("Trait:") for i in range(other.activity.count())
    )
    choices.choose(
        "Pell Orrin", ActivityChoice(Activity.TRAIT, "the ghoul queen", "Weakness Diagram")
    )
    assert mine.target.isEnabled() and mine.target.isEditable()
    assert choices.choices()["Pell Orrin"] == ActivityChoice(
        Activity.TRAIT, "the ghoul queen", "Camping: Weakness Diagram"
    )
    assert choices.problem() == ""
    mine.target.setEditText("")
    assert "name the monster for Weakness Diagram" in choices.problem()
