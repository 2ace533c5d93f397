"""Traits that change a rest activity (characters facts §4.4, RA+): Repair, Repair repairs two
armours; Expert Plan's Prepare for a Task helps every crow resting with the planner."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from refkit.app.party.rest import expert_plan
from refkit.rules.character.build_data import load_build_data
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.rest_activities import (
    ActivityRefused,
    parse_activity,
    plan_rest,
    rest_one,
    rest_preview,
)
from refkit.rules.character.trait_rest import expert_planner
from refkit.rules.inventory.model import BACKPACK, HAND, Armor, Inventory, Item, StackInfo

BUILD = load_build_data()


def ration() -> Item:
    return Item("Ration", area=BACKPACK, at=9, count=2, stack=StackInfo("ration", 6), id="r")


def crow(name: str, *traits: str, items: tuple[Item, ...] = ()) -> Character:
    base = Character(
        name,
        Characteristics(0, 1, 2),
        Stamina(9, 9),
        items=Inventory((ration(), *items), ()),
    )
    return replace(base, traits=tuple(BUILD.trait(t).key for t in traits))


def dented() -> tuple[Item, ...]:
    return (
        Item("Light armor", area=BACKPACK, at=1, slots=2, armor=Armor(1, 5, True), id="suit"),
        Item("Shield", area=HAND, at=1, armor=Armor(0, 2), tags=("shield",), id="shield"),
    )


def test_repair_repair_restores_two_items_and_without_it_one() -> None:
    smith = crow("Bren", "Repair, Repair", items=dented())
    plan = plan_rest([smith], {"Bren": parse_activity("repair-armor")})["Bren"]
    assert (plan.target, plan.second) == ("suit", "shield")
    assert "Light armor AD 1 → 5; Shield AD 0 → 2" in rest_preview(smith, plan)
    after = rest_one(smith, plan, in_miasma=False, rng=random.Random(1)).after
    assert [after.items.find(i).armor.ad for i in ("suit", "shield")] == [5, 2]  # type: ignore[union-attr]
    plain = crow("Bren", items=dented())
    with pytest.raises(ActivityRefused, match="name the item for Repair Armor"):
        plan_rest([plain], {"Bren": parse_activity("repair-armor")})
    named = plan_rest([smith], {"Bren": parse_activity("repair-armor:Shield")})["Bren"]
    assert (named.target, named.second) == ("shield", "")
    with pytest.raises(ActivityRefused, match="two different items"):
        plan_rest([smith], {"Bren": parse_activity("repair-armor:Shield,shield")})


def test_expert_plan_needs_the_trait_and_journal_quill_and_inkpot() -> None:
    tools = (
        Item("Journal", area=BACKPACK, at=3, id="j"),
        Item("Quill and inkpot", area=BACKPACK, at=4, id="q"),
    )
    planner = crow("Ada", "Expert Plan", items=tools)
    other = crow("Bo")
    assert expert_planner(planner)
    assert not expert_planner(crow("Ada", "Expert Plan"))
    assert not expert_planner(crow("Ada", items=tools))
    planned = plan_rest([planner, other], {"Ada": parse_activity("prepare:the vault door")})
    assert expert_plan([planner, other], planned) == ("Ada", "the vault door")
    without = crow("Ada", items=tools)
    planned = plan_rest([without, other], {"Ada": parse_activity("prepare:the vault door")})
    assert expert_plan([without, other], planned) is None
