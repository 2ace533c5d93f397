"""Traits that are rest activities (characters facts §4.4, RA): every one of the fact file's 23,
each checked for the crow who has it, and what the finished rest does."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from refkit.app.party.rest import CrowRest, _trait_group_effects, leftovers_fed
from refkit.rules.character.build_data import fold, load_build_data
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.rest_activities import (
    Activity,
    ActivityChoice,
    ActivityRefused,
    parse_activity,
    plan_rest,
    rest_one,
    rest_preview,
)
from refkit.rules.character.trait_rest import TRAIT_ACTIVITIES, crow_trait_activities
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo
from refkit.store.row_forms import name_key

BUILD = load_build_data()


def ration(count: int) -> Item:
    return Item("Ration", BACKPACK, 1, count=count, stack=StackInfo("ration", 6), id="ration")


def utensils() -> Item:
    return Item("Cook's utensils", BACKPACK, 2, id="utensils")


def crow(name: str, *traits: str, items: tuple[Item, ...] = (), wounds=()) -> Character:
    base = Character(
        name, Characteristics(0, 2, 1), Stamina(7, 7), items=Inventory(items), wounds=wounds
    )
    return replace(base, traits=tuple(BUILD.trait(t).key for t in traits))


def test_the_fact_files_rest_activity_traits_are_all_rest_activities() -> None:
    tagged = {fold(t.key) for tree in BUILD.trees for t in tree.traits if "RA" in t.tags}
    assert len(tagged) == 23
    # Prepare Campsite (RA+) is no activity of its own but uses up the crow's, and Bury the
    # Point's useless weapon is fixed with one (facts §4.4)
    extra = {fold("Camping: Prepare Campsite"), fold("Stabbing: Bury the Point")}
    assert set(TRAIT_ACTIVITIES) == tagged | extra


def test_the_command_line_form_names_the_trait_and_its_target() -> None:
    choice = parse_activity("trait:Weakness Diagram:the ghoul queen")
    assert (choice.activity, choice.trait, choice.target) == (
        Activity.TRAIT,
        "Weakness Diagram",
        "the ghoul queen",
    )
    assert choice.text() == "trait:Weakness Diagram:the ghoul queen"
    with pytest.raises(ActivityRefused, match="name the trait"):
        parse_activity("trait")


def test_a_trait_activity_needs_the_trait_its_tools_and_its_target() -> None:
    cook = crow("Oda", "Hearty Meals", items=(ration(2),))
    with pytest.raises(ActivityRefused, match="needs a carried cook's utensils"):
        plan_rest([cook], {"Oda": parse_activity("trait:Hearty Meals")})
    with pytest.raises(ActivityRefused, match="does not have the trait Song of Rest"):
        plan_rest([cook], {"Oda": parse_activity("trait:Song of Rest")})
    sketcher = crow("Pell", "Plotting", "Weakness Diagram")
    with pytest.raises(ActivityRefused, match="name the monster for Weakness Diagram"):
        plan_rest([sketcher], {"Pell": parse_activity("trait:Weakness Diagram")})
    assert [a.name for a in crow_trait_activities(sketcher)] == ["Plotting", "Weakness Diagram"]


def test_hearty_meals_cooks_the_last_ration_which_then_heals_one_wound_more() -> None:
    cook = crow("Oda", "Hearty Meals", items=(ration(1), utensils()), wounds=(5, 6, 7))
    plan = plan_rest([cook], {"Oda": parse_activity("trait:Hearty Meals")})["Oda"]
    assert "turns a ration into a hearty ration" in rest_preview(cook, plan)
    done = rest_one(cook, plan, in_miasma=False, rng=random.Random(1))
    assert done.ration_eaten == "Hearty ration"
    assert done.wounds_to_heal == 2
    assert "a ration became a hearty ration" in done.activity_result


def test_soothing_candies_turn_a_ration_into_a_d10_of_candies() -> None:
    cook = crow("Oda", "Hearty Meals", "Soothing Candies", items=(ration(3), utensils()))
    plan = plan_rest([cook], {"Oda": parse_activity("trait:Soothing Candies")})["Oda"]
    done = rest_one(cook, plan, in_miasma=False, rng=random.Random(4))
    candy = next(i for i in done.after.items.items if i.name == "Soothing candy")
    assert 1 <= candy.count <= 10 and f"{candy.count} soothing cand" in done.activity_result
    assert sum(i.count for i in done.after.items.items if i.name == "Ration") == 1


def test_improvised_bomb_makes_a_fire_bomb_and_lasting_boons_say_until_when() -> None:
    maker = crow("Quin", "Improvised Bomb", "Schematics", items=(ration(1),))
    plan = plan_rest([maker], {"Quin": parse_activity("trait:Improvised Bomb")})["Quin"]
    done = rest_one(maker, plan, in_miasma=False, rng=random.Random(2))
    bomb = next(i for i in done.after.items if i.name == "Fire bomb")
    assert "useless after your next rest" in bomb.notes
    plan = plan_rest([maker], {"Quin": ActivityChoice(Activity.TRAIT, "the vault", "Schematics")})
    done = rest_one(maker, plan["Quin"], in_miasma=False, rng=random.Random(2))
    assert done.activity_result == (
        "Schematics (the vault): +2 on tests about the sketched room until the next rest ends"
    )


def test_leftovers_feed_half_the_group_those_without_rations_first() -> None:
    cook = crow("Oda", "Hearty Meals", "Leftovers", items=(ration(4),))
    hungry = crow("Rook")
    fed = crow("Sable", items=(ration(1),))
    fourth = crow("Tam", items=(ration(1),))
    group = [cook, hungry, fed, fourth]
    planned = plan_rest(group, {"Oda": parse_activity("trait:Leftovers")})
    free = leftovers_fed(group, planned)
    assert set(free) == {name_key("Rook"), name_key("Oda")}  # no ration first, then in order
    assert set(free.values()) == {"Oda"}
    assert leftovers_fed(group, plan_rest(group, {})) == {}


def test_song_of_rest_blesses_the_others_not_the_singer() -> None:
    ally = crow("Rook")
    entry = CrowRest("Rook", rested=True)
    song = (("Wren", True, 0),)  # Wren sings; her song blesses at once and leaves none held
    blessed_entry, blessed, held = _trait_group_effects(entry, ally, song, "")
    assert "blessed" in blessed.conditions and held == 0
    assert "blessed by Wren's Song of Rest" in blessed_entry.activity_result
    singer_entry, singer, _ = _trait_group_effects(CrowRest("Wren", rested=True), ally, song, "")
    assert singer == ally and singer_entry.activity_result == ""
