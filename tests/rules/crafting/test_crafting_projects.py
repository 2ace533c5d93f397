"""Crafting projects as rules: materials, tools, qualifying crafters, rolls per rest, crit
chains, surplus into the next copy, odds and harvested parts (§12, §15 G)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.crafting.harvest import add_parts
from refkit.rules.crafting.materials import (
    MaterialNeed,
    MaterialsError,
    check_materials,
    parse_materials,
    supplies,
    take_materials,
)
from refkit.rules.crafting.odds import crafting_odds
from refkit.rules.crafting.tools import find_tools, tools_needed
from refkit.rules.crafting.tracker import (
    Crafter,
    CrafterExpertise,
    CrafterRoll,
    CraftingProject,
    CraftingRefused,
    crafter_tools,
    roll_for_crafter,
)
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import BACKPACK, GROUND, Crafting, Inventory, Item, StackInfo

CATALOGUE = load_item_catalogue()


def card(name: str) -> Item:
    return find_catalogue_item(CATALOGUE, name).to_item()


def placed(item: Item, area: str = BACKPACK, at: int = 1, **changes) -> Item:
    from dataclasses import replace

    return replace(item.moved_to(area, at), **changes)


def iron_bars(count: int, at: int = 2) -> Item:
    return placed(
        Item(name="Iron bar", stack=StackInfo("bar", 2), count=count, tags=("material",)),
        at=at,
    )


SWORD = Crafting("blacksmithing", 1, "1 iron bar", 10)


def project(**changes) -> CraftingProject:
    fields = {"name": "Sword", "item": "Sword", "footer": SWORD, "crafters": ("Brannoc",)}
    fields.update(changes)
    return CraftingProject(**fields)


def smith(name="Brannoc", mind=1, uses=1, left=1, items=()) -> Crafter:
    tools = placed(card("Blacksmith's tools"), at=1)
    return Crafter(
        name,
        mind,
        (CrafterExpertise("Blacksmithing", uses, left),),
        Inventory((tools, *items)),
    )


RNG = random.Random(0)


class TestMaterials:
    def test_card_texts_read_as_counts_and_kinds(self):
        assert parse_materials("9 iron bars") == (MaterialNeed(9, "iron bar"),)
        assert parse_materials("2 monster parts (any)") == (
            MaterialNeed(2, "monster part", any_kind=True),
        )
        assert parse_materials("gem worth 100 gc") == (MaterialNeed(1, "gem", note="worth 100 gc"),)
        assert parse_materials("1 hickory log, 2 iron bars") == (
            MaterialNeed(1, "hickory log"),
            MaterialNeed(2, "iron bar"),
        )

    def test_every_catalogue_materials_text_can_be_read(self):
        for entry in CATALOGUE:
            if entry.crafting is not None:
                assert parse_materials(entry.crafting.materials), entry.name

    def test_a_count_of_zero_is_refused_naming_the_text(self):
        with pytest.raises(MaterialsError, match="0 iron bars"):
            parse_materials("0 iron bars")

    def test_a_generic_bar_counts_once_its_notes_say_iron(self):
        need = MaterialNeed(1, "iron bar")
        generic = card("Crafting material, bar")
        assert not supplies(generic, need)
        from dataclasses import replace

        assert supplies(replace(generic, notes="A bar of iron"), need)
        assert supplies(card("Monster part"), MaterialNeed(1, "monster part", any_kind=True))

    def test_check_counts_copies_and_says_what_is_missing(self):
        inventories = {"Brannoc": Inventory((iron_bars(1),)), "Wren": Inventory((iron_bars(2),))}
        two = check_materials(parse_materials("1 iron bar"), inventories, copies=5)
        assert two.copies == 3
        short = check_materials(parse_materials("4 iron bars"), inventories)
        assert not short.enough and short.missing == ("4 iron bars (carried: 3)",)

    def test_the_ground_tray_supplies_nothing(self):
        on_ground = iron_bars(2).moved_to(GROUND, None)
        check = check_materials(parse_materials("1 iron bar"), {"B": Inventory((on_ground,))})
        assert check.copies == 0

    def test_taking_shrinks_a_stack_and_removes_the_last(self):
        inventory = Inventory((iron_bars(2),))
        bars = inventory.items[0]
        check = check_materials(parse_materials("1 iron bar"), {"B": inventory})
        after = take_materials(inventory, "B", check.taken)
        assert after.find(bars.id).count == 1
        check = check_materials(parse_materials("1 iron bar"), {"B": after})
        assert bars.id not in take_materials(after, "B", check.taken).ids()


class TestTools:
    def test_each_expertise_names_its_tools(self):
        assert tools_needed("Alchemy") == "Alchemist's tools"
        assert tools_needed("blacksmithing") == "Blacksmith's tools"
        assert tools_needed("Enchanting") == "Enchanter's tools"

    def test_masterwork_gives_two_fine_one_and_damage_a_bane(self):
        from dataclasses import replace

        tools = placed(card("Blacksmith's tools"))
        assert find_tools(Inventory((tools,)), "blacksmithing").bonus == 0
        masterwork = replace(tools, name="Masterwork blacksmith's tools")
        assert find_tools(Inventory((masterwork,)), "blacksmithing").bonus == 2
        fine = replace(tools, tags=(*tools.tags, "fine"), damaged=True)
        found = find_tools(Inventory((fine,)), "blacksmithing")
        assert (found.bonus, found.banes) == (1, 1)

    def test_tools_on_the_ground_do_not_count(self):
        tools = card("Blacksmith's tools")  # fresh from the card: on the ground tray
        assert find_tools(Inventory((tools,)), "blacksmithing") is None


class TestCrafters:
    def test_a_crafter_needs_the_expertise_at_the_cards_uses(self):
        hard = project(footer=Crafting("blacksmithing", 2, "1 iron bar", 10))
        with pytest.raises(CraftingRefused, match="needs blacksmithing 2, and Brannoc has 1"):
            crafter_tools(hard, smith())

    def test_maximum_uses_count_not_the_uses_left(self):
        assert crafter_tools(project(), smith(left=0)).name == "Blacksmith's tools"

    def test_a_crafter_without_tools_is_refused_naming_them(self):
        bare = Crafter("Brannoc", 1, (CrafterExpertise("Blacksmithing", 1, 1),))
        with pytest.raises(CraftingRefused, match="carries no Blacksmith's tools"):
            roll_for_crafter(project(), bare, "rest 1", rng=RNG)

    def test_a_crafter_without_the_expertise_is_refused(self):
        with pytest.raises(CraftingRefused, match="lacks the blacksmithing"):
            crafter_tools(project(), Crafter("Hesper", 2))


class TestRolls:
    def test_points_add_up_and_each_crafter_rolls_once_per_rest(self):
        two = project(crafters=("Brannoc", "Wren"))
        first = roll_for_crafter(two, smith(), "rest 1", rng=RNG, faces=(5, 6))
        assert first.points == 12
        two = two.with_roll(first)
        second = roll_for_crafter(two, smith("Wren", mind=0), "rest 1", rng=RNG, faces=(4, 4))
        two = two.with_roll(second)
        assert two.points == 20 and two.copies_ready == 2
        with pytest.raises(CraftingRefused, match="already made a crafting roll"):
            roll_for_crafter(two, smith(), "rest 1", rng=RNG, faces=(5, 5))
        assert roll_for_crafter(two, smith(), "rest 2", rng=RNG, faces=(5, 5)).points == 11

    def test_a_crit_rolls_again_and_the_chain_can_crit_again_g4(self):
        roll = roll_for_crafter(project(), smith(), "r", rng=RNG, faces=(10, 9, 10, 10, 3, 4))
        assert [r.points for r in roll.rolls] == [20, 21, 8]
        assert roll.points == 49

    def test_a_doom_on_the_extra_roll_adds_nothing(self):
        roll = roll_for_crafter(project(), smith(), "r", rng=RNG, faces=(10, 10, 1, 1))
        assert [r.points for r in roll.rolls] == [21, 0]

    def test_too_few_dice_for_a_crit_says_how_many(self):
        with pytest.raises(CraftingRefused, match="give 4 dice"):
            roll_for_crafter(project(), smith(), "r", rng=RNG, faces=(10, 9))

    def test_expertises_give_four_each_on_the_first_roll_only(self):
        crafter = Crafter(
            "Brannoc",
            1,
            (CrafterExpertise("Blacksmithing", 2, 2), CrafterExpertise("Lift", 1, 1)),
            smith().inventory,
        )
        roll = roll_for_crafter(
            project(),
            crafter,
            "r",
            rng=RNG,
            faces=(10, 9, 5, 5),
            expertises=("Blacksmithing", "Lift"),
        )
        assert [r.points for r in roll.rolls] == [28, 11]
        assert roll.expertises == ("Blacksmithing", "Lift")

    def test_the_same_expertise_twice_needs_the_setting_and_two_uses(self):
        crafter = smith(uses=2, left=2)
        with pytest.raises(CraftingRefused, match="applied twice"):
            roll_for_crafter(
                project(), crafter, "r", rng=RNG, faces=(5, 5), expertises=("Blacksmithing",) * 2
            )
        roll = roll_for_crafter(
            project(),
            crafter,
            "r",
            rng=RNG,
            faces=(5, 5),
            expertises=("Blacksmithing",) * 2,
            allow_same_expertise_twice=True,
        )
        assert roll.points == 19
        with pytest.raises(CraftingRefused, match="1 use"):
            roll_for_crafter(
                project(),
                smith(uses=2, left=1),
                "r",
                rng=RNG,
                faces=(5, 5),
                expertises=("Blacksmithing",) * 2,
                allow_same_expertise_twice=True,
            )

    def test_masterwork_tools_add_two(self):
        from dataclasses import replace

        crafter = smith()
        tools = crafter.inventory.items[0]
        crafter = replace(
            crafter, inventory=Inventory((replace(tools, name="Masterwork blacksmith's tools"),))
        )
        assert roll_for_crafter(project(), crafter, "r", rng=RNG, faces=(5, 6)).points == 14

    def test_an_outsider_cannot_roll(self):
        with pytest.raises(CraftingRefused, match="not a crafter of Sword"):
            roll_for_crafter(project(), smith("Wren"), "r", rng=RNG, faces=(5, 5))

    @given(st.integers(0, 2**32))
    def test_a_roll_is_never_negative_and_only_a_doom_adds_nothing(self, seed):
        roll = roll_for_crafter(project(), smith(), "r", rng=random.Random(seed))
        for one in roll.rolls:
            assert one.points >= 1 or one.doom
        assert all(r.crit for r in roll.rolls[:-1])


class TestProgress:
    def test_surplus_is_kept_for_the_next_copy(self):
        done = project(points=23).finished(2)
        assert (done.points, done.copies_made) == (3, 2)

    def test_more_copies_than_the_points_make_are_refused(self):
        with pytest.raises(CraftingRefused, match="make 1 copies, not 2"):
            project(points=12).finished(2)

    def test_a_card_without_a_goal_cannot_be_a_project(self):
        with pytest.raises(CraftingRefused, match="no crafting goal"):
            project(footer=Crafting("alchemy", 1, "1 monster part (any)", 0))

    def test_round_trip_through_a_dict(self):
        rolled = project().with_roll(
            CrafterRoll("Brannoc", "r", roll_for_crafter(project(), smith(), "r", rng=RNG).rolls)
        )
        assert CraftingProject.from_dict(rolled.to_dict()) == rolled


class TestOdds:
    def test_certain_and_impossible_ends(self):
        assert crafting_odds(1, 0).finish == pytest.approx(0.97)  # everything but a doom
        assert crafting_odds(0, 0).finish == 1.0
        odds = crafting_odds(100, 0)
        assert 0 < odds.finish < 0.01  # only long crit chains get there

    def test_odds_match_a_simulation_of_the_rolls(self):
        rng = random.Random(5)
        needed, trials, hits, points = 25, 20000, 0, 0
        for _ in range(trials):
            roll = roll_for_crafter(project(), smith(mind=2), "r", rng=rng)
            hits += roll.points >= needed
            points += roll.points
        odds = crafting_odds(needed, 2)
        assert hits / trials == pytest.approx(odds.finish, abs=0.01)
        assert points / trials == pytest.approx(odds.expected_points, rel=0.02)
        assert odds.crit == pytest.approx(0.03) and odds.doom == pytest.approx(0.03)


class TestHarvest:
    def test_parts_go_into_free_places_stack_by_stack(self):
        part = find_catalogue_item(CATALOGUE, "Monster part")
        result = add_parts(Inventory(), 7, part, notes="from a Large troll")
        stacks = [item for item in result.inventory if item.name == "Monster part"]
        assert sorted(item.count for item in stacks) == [2, 5]
        assert result.carried == 7 and result.on_ground == 0
        assert all(item.notes == "from a Large troll" for item in stacks)

    def test_parts_that_do_not_fit_lie_on_the_ground(self):
        part = find_catalogue_item(CATALOGUE, "Monster part")
        full = Inventory()
        full = add_parts(full, 24, part).inventory
        for _ in range(4):
            full = add_parts(full, 24, part).inventory
        result = add_parts(full, 6, part)
        assert result.on_ground > 0 and result.carried + result.on_ground == 6

    def test_zero_parts_is_refused(self):
        with pytest.raises(ValueError, match="1 to 24"):
            add_parts(Inventory(), 0, find_catalogue_item(CATALOGUE, "Monster part"))


class TestProjectNames:
    def test_a_name_with_hidden_characters_is_refused(self):
        with pytest.raises(CraftingRefused, match="project's name"):
            project(name="Sword\u202e")

    def test_a_name_longer_than_80_characters_is_refused(self):
        with pytest.raises(CraftingRefused, match="80"):
            project(name="S" * 81)
