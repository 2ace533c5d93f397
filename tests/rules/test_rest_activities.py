"""Rest activities (L447–481), rations (L439) and starvation (L521): one activity per crow, the
refusals the rules give, and what a finished rest does to one crow."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from refkit.rules.character.model import Character, Characteristics, RestRefused, Stamina
from refkit.rules.character.rest_activities import (
    Activity,
    ActivityChoice,
    ActivityRefused,
    eat_ration,
    parse_activity,
    plan_rest,
    ration_to_eat,
    rations_carried,
    rest_one,
    rest_preview,
    resting_crow,
    secluded_by,
    tended_patients,
)
from refkit.rules.inventory.model import (
    BACKPACK,
    BELT,
    GROUND,
    HAND,
    Armor,
    Inventory,
    Item,
    StackInfo,
)


def ration(count: int = 2, *, hearty: bool = False, area: str = BELT, at: int = 1) -> Item:
    name = "Hearty ration" if hearty else "Ration"
    return Item(
        name,
        area=area,
        at=None if area == GROUND else at,
        count=count,
        stack=StackInfo("ration", 6),
        tags=("food",),
        id=f"{name.lower().replace(' ', '-')}-{area}-{at}",
    )


def crow(name: str, *items: Item, wounds: tuple[int, ...] = (), stamina: int = 5) -> Character:
    return Character(
        name,
        Characteristics(0, 1, 1),
        Stamina(5, stamina),
        items=Inventory(tuple(items)),
        wounds=wounds,
    )


def dented_shirt() -> Item:
    return Item("Chain shirt", area=BACKPACK, at=1, slots=2, armor=Armor(1, 4, True), id="shirt")


def dented_shield(area: str = HAND) -> Item:
    return Item(
        "Wooden shield",
        area=area,
        at=None if area == GROUND else 1,
        armor=Armor(0, 2),
        tags=("shield",),
        id="shield",
    )


RNG = random.Random(5)


# -- names ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "activity", "target"),
    [
        ("tend-wounds", Activity.TEND_WOUNDS, ""),
        ("Repair-Armor:Chain  shirt", Activity.REPAIR_ARMOR, "Chain shirt"),
        ("seclude camp", Activity.SECLUDE_CAMP, ""),
        ("prepare:pick the vault lock", Activity.PREPARE, "pick the vault lock"),
        ("harvest:large", Activity.HARVEST, "large"),
    ],
)
def test_activity_names_are_kebab_case_with_a_target(
    text: str, activity: Activity, target: str
) -> None:
    assert parse_activity(text) == ActivityChoice(activity, target)


def test_an_unknown_activity_names_the_known_ones() -> None:
    with pytest.raises(ActivityRefused, match=r"unknown rest activity 'nap' \(one of none, tend"):
        parse_activity("nap")


# -- the group's choices --------------------------------------------------------------------------


def test_repair_armor_refuses_a_crow_with_no_damaged_carried_armour() -> None:
    bram = crow("Bram", ration(), dented_shield(GROUND))  # the broken shield lies on the ground
    with pytest.raises(ActivityRefused, match="Bram carries no damaged armour or shield"):
        plan_rest([bram], {"Bram": ActivityChoice(Activity.REPAIR_ARMOR)})
    with pytest.raises(ActivityRefused, match=r"Wooden shield is not carried .* on the ground"):
        plan_rest([bram], {"Bram": ActivityChoice(Activity.REPAIR_ARMOR, "wooden shield")})


def test_repair_armor_takes_the_only_damaged_item_or_asks_which() -> None:
    one = crow("Bram", dented_shirt())
    plan = plan_rest([one], {"bram": ActivityChoice(Activity.REPAIR_ARMOR)})["Bram"]
    assert (plan.target, plan.target_name) == ("shirt", "Chain shirt")
    two = crow("Bram", dented_shirt(), dented_shield())
    with pytest.raises(ActivityRefused, match=r"name the item .* Chain shirt, Wooden shield"):
        plan_rest([two], {"Bram": ActivityChoice(Activity.REPAIR_ARMOR)})
    by_name = plan_rest([two], {"Bram": ActivityChoice(Activity.REPAIR_ARMOR, "Wooden Shield")})
    assert by_name["Bram"].target == "shield"


def test_tend_wounds_needs_another_resting_crow_with_two_wounds_once_per_rest() -> None:
    ida = crow("Ida", wounds=(1, 2))
    bram = crow("Bram", wounds=(5,))
    wren = crow("Wren")
    group = [ida, bram, wren]
    with pytest.raises(ActivityRefused, match="Ida cannot tend its own wounds"):
        plan_rest(group, {"Ida": ActivityChoice(Activity.TEND_WOUNDS, "Ida")})
    with pytest.raises(ActivityRefused, match=r"Bram has 1 wound.*2 or more"):
        plan_rest(group, {"Wren": ActivityChoice(Activity.TEND_WOUNDS, "Bram")})
    with pytest.raises(ActivityRefused, match="'Hob' is not resting with Wren"):
        plan_rest(group, {"Wren": ActivityChoice(Activity.TEND_WOUNDS, "Hob")})
    with pytest.raises(ActivityRefused, match="Ida is tended once per rest"):
        plan_rest(
            group,
            {
                "Wren": ActivityChoice(Activity.TEND_WOUNDS),
                "Bram": ActivityChoice(Activity.TEND_WOUNDS),
            },
        )
    planned = plan_rest(group, {"Wren": ActivityChoice(Activity.TEND_WOUNDS)})
    assert planned["Wren"].target == "Ida"  # the only one who needs it
    assert tended_patients(planned) == {"ida": "Wren"}
    assert planned["Bram"].choice.activity is Activity.NONE  # no choice: no activity


def test_only_one_crow_per_group_secludes_the_camp() -> None:
    group = [crow("Ida"), crow("Bram")]
    seclude = ActivityChoice(Activity.SECLUDE_CAMP)
    with pytest.raises(ActivityRefused, match=r"only one crow per group .* \(Ida, Bram\)"):
        plan_rest(group, {"Ida": seclude, "Bram": seclude})
    assert secluded_by(plan_rest(group, {"bram": seclude})) == "Bram"


def test_a_choice_for_a_crow_not_resting_here_is_refused() -> None:
    with pytest.raises(ActivityRefused, match=r"'Hob' is not resting here \(resting: Ida\)"):
        plan_rest([crow("Ida")], {"Hob": ActivityChoice(Activity.PREPARE)})


def test_harvest_needs_the_corpse_size_and_identify_a_carried_magic_item() -> None:
    ida = crow("Ida", Item("Rope", area=BACKPACK, at=3, id="rope"))
    with pytest.raises(ActivityRefused, match="Harvest needs the corpse's size"):
        plan_rest([ida], {"Ida": ActivityChoice(Activity.HARVEST)})
    with pytest.raises(ActivityRefused, match="Ida carries no magic item to identify"):
        plan_rest([ida], {"Ida": ActivityChoice(Activity.IDENTIFY)})
    with pytest.raises(ActivityRefused, match="Rope is not a carried magic item"):
        plan_rest([ida], {"Ida": ActivityChoice(Activity.IDENTIFY, "rope")})


# -- rations --------------------------------------------------------------------------------------


def test_a_plain_ration_is_eaten_before_a_hearty_one_and_the_ground_feeds_nobody() -> None:
    ida = crow("Ida", ration(1, hearty=True, at=2), ration(2, at=1), ration(3, area=GROUND))
    assert rations_carried(ida) == 3
    eaten = ration_to_eat(ida)
    assert eaten is not None and eaten.name == "Ration"
    after = eat_ration(ida, eaten)
    assert rations_carried(after) == 2
    last = ration_to_eat(eat_ration(after, ration_to_eat(after)))  # type: ignore[arg-type]
    assert last is not None and last.name == "Hearty ration"
    assert ration_to_eat(crow("Wren", ration(3, area=GROUND))) is None


# -- one crow's rest ------------------------------------------------------------------------------


def test_a_fed_crow_rests_and_one_wound_heals() -> None:
    ida = crow("Ida", ration(1), wounds=(2, 5), stamina=1)
    one = rest_one(ida, None, in_miasma=False, rng=RNG)
    assert one.rested and one.ration_eaten == "Ration" and not one.starving
    assert one.after.stamina.current == 5
    assert rations_carried(one.after) == 0
    assert one.wounds_to_heal == 1  # the player picks which
    assert one.after.wounds == (2, 5)


def test_tend_wounds_heals_two_instead_of_one_never_three() -> None:
    ida = crow("Ida", ration(1), wounds=(2, 5, 7))
    assert rest_one(ida, None, in_miasma=False, tended_by="Wren", rng=RNG).wounds_to_heal == 2


def test_a_hearty_ration_heals_one_wound_more() -> None:
    ida = crow("Ida", ration(1, hearty=True), wounds=(2, 5, 7))
    assert rest_one(ida, None, in_miasma=False, rng=RNG).wounds_to_heal == 2


def test_a_crow_with_no_ration_starves_and_gets_no_rest_benefits() -> None:
    ida = crow("Ida", ration(2, area=GROUND), wounds=(2,), stamina=1)
    one = rest_one(ida, None, in_miasma=False, starvation_wounds=1, rng=RNG)
    assert one.starving and not one.rested and one.ration_eaten == ""
    assert one.after.stamina.current == 1 and one.wounds_to_heal == 0
    assert one.starvation_wounds == 2
    assert "no ration" in one.reason


def test_eating_again_heals_every_starvation_wound() -> None:
    ida = crow("Ida", ration(1), wounds=(2, 3, 4))
    one = rest_one(ida, None, in_miasma=False, starvation_wounds=2, rng=RNG)
    assert one.wounds_to_heal == 3  # the rest's own wound and both starvation wounds
    assert one.starvation_wounds == 0


def test_the_activity_happens_with_the_rest() -> None:
    bram = crow("Bram", ration(1), dented_shirt())
    plan = plan_rest([bram], {"Bram": ActivityChoice(Activity.REPAIR_ARMOR)})["Bram"]
    one = rest_one(bram, plan, in_miasma=False, rng=RNG)
    assert one.after.items.find("shirt").armor == Armor(4, 4, True)
    assert one.activity_result == "repaired Chain shirt to full AD (4)"
    prepare = plan_rest([bram], {"Bram": ActivityChoice(Activity.PREPARE, "the vault lock")})
    prepared = rest_one(bram, prepare["Bram"], in_miasma=False, rng=RNG)
    assert prepared.prepared_task == "the vault lock"
    assert prepared.activity_result == "+2 on the vault lock until the next rest ends"
    assert rest_one(bram, None, in_miasma=False, rng=RNG).prepared_task == ""  # it ends


@pytest.mark.parametrize(
    ("size", "dice"), [("medium", 1), ("large", 2), ("huge", 3), ("holy-shit", 4)]
)
def test_harvest_rolls_a_d6_of_parts_per_size_step(size: str, dice: int) -> None:
    ida = crow("Ida", ration(1))
    plan = plan_rest([ida], {"Ida": ActivityChoice(Activity.HARVEST, size)})["Ida"]
    faces = random.Random(11)
    expected = sum(faces.randint(1, 6) for _ in range(dice))
    one = rest_one(ida, plan, in_miasma=False, rng=random.Random(11))
    assert one.harvest_parts == expected
    assert f"{dice}d6 → {expected} parts" in one.activity_result


def test_a_crow_that_cannot_rest_is_refused() -> None:
    ring = Item("Ring", area="magic", at=None, magic_slot="finger", tags=("magic",), id="r1")
    other = replace(ring, id="r2")
    doubled = crow("Ida", ration(1), ring, other)
    with pytest.raises(RestRefused, match="cannot rest with two items in the finger slot"):
        rest_one(doubled, None, in_miasma=False, rng=RNG)


def test_the_preview_says_what_the_rest_will_do_without_rolling() -> None:
    ida = crow("Ida", ration(2), dented_shirt(), wounds=(2, 5))
    wren = crow("Wren")
    planned = plan_rest(
        [ida, wren],
        {
            "Ida": ActivityChoice(Activity.REPAIR_ARMOR),
            "Wren": ActivityChoice(Activity.HARVEST, "huge"),
        },
    )
    assert rest_preview(ida, planned["Ida"], tended_by="Wren") == (
        "eats a ration (1 left); heals 2 wounds (tended by Wren); Chain shirt AD 1 → 4"
    )
    assert rest_preview(wren, planned["Wren"]) == (
        "no ration: starving — no rest benefits, a starvation wound; a huge corpse gives 3d6 parts"
    )


def test_a_first_name_names_a_resting_crow_when_only_one_has_it() -> None:
    group = [crow("Wren Ashdown"), crow("Wren Vale"), crow("Ida Fenwick")]
    assert resting_crow(group, "ida").name == "Ida Fenwick"
    with pytest.raises(ActivityRefused, match="'Wren' is not resting here"):
        resting_crow(group, "Wren")  # two crows answer to it
    with pytest.raises(ActivityRefused, match="Ida Fenwick has two activities"):
        plan_rest(
            group,
            {
                "Ida": ActivityChoice(Activity.PREPARE),
                "ida fenwick": ActivityChoice(Activity.CRAFT),
            },
        )
