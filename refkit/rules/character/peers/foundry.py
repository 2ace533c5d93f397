"""Foundry actor exports (formats/peer-crow-files.md §3, §4): the DimitroffVodka system
(``crows``, Playtest 2, and Playtest 1 migrated as DV's own migration does) and pirsqed's
(``fvtt-crows-system``).
"""

from __future__ import annotations

import re
from typing import Any

from refkit.rules.character.build_data import BuildData, UnknownNameError
from refkit.rules.character.model import (
    BASE_SPEED,
    CHARACTERISTIC_NAMES,
    CONDITIONS,
    Character,
    Characteristics,
    Expertise,
    Stamina,
)
from refkit.rules.character.peers.common import (
    PeerItem,
    Report,
    extra_belt_slot,
    make_item,
    name_text,
    notes_with_report,
    obj,
    one_worn,
    plain,
    seq,
    text,
    whole,
)
from refkit.rules.character.progress import CONNECTION_BENEFITS, Connection, Experience
from refkit.rules.inventory.model import (
    BACKPACK,
    BELT,
    GROUND,
    HAND,
    MAGIC,
    SLOT_AREAS,
    Inventory,
    Item,
)

DV = "dv"
DV_PT1 = "dv-pt1"
PIRSQED = "pirsqed"
HEADINGS = {
    DV: "Not mapped from the DimitroffVodka Foundry actor",
    DV_PT1: "Migrated from a DimitroffVodka Playtest 1 actor",
    PIRSQED: "Not mapped from the pirsqed Foundry actor",
}
_PT1_FOLDS = {
    "climb": "athletics",
    "jump": "athletics",
    "swim": "athletics",
    "hide": "stealth",
    "sneak": "stealth",
    "sabotage": "thievery",
    "sleightOfHand": "thievery",
    "handleAnimal": "handlePet",
}
_MAGIC_NAMES = {"gloves": "arms", "ring": "finger", "boots": "feet"}
_MAGIC = ("head", "neck", "waist", "arms", "finger", "feet")


def foundry_kind(data: dict[str, Any]) -> str | None:
    """DV, DV_PT1 or PIRSQED for a Foundry crow actor, else None (shape tests of §1)."""
    if data.get("type") != "crow" or not isinstance(data.get("system"), dict):
        return None
    system = data["system"]
    agility = obj(system.get("characteristics"), "system.characteristics", missing_ok=True).get(
        "agility"
    )
    if isinstance(agility, dict):
        return DV_PT1 if "skills" in system and "expertises" not in system else DV
    if isinstance(agility, int) and not isinstance(agility, bool):
        return PIRSQED
    system_id = obj(data.get("_stats"), "_stats", missing_ok=True).get("systemId")
    return {"crows": DV, "fvtt-crows-system": PIRSQED}.get(str(system_id))


def from_foundry(data: dict[str, Any], kind: str, build: BuildData, report: Report) -> Character:
    system = obj(data.get("system"), "system")
    name = name_text(data.get("name"), "name")
    values = {}
    for key in CHARACTERISTIC_NAMES:
        raw = obj(system.get("characteristics"), "system.characteristics").get(key)
        path = f"system.characteristics.{key}"
        values[key] = whole(obj(raw, path).get("value") if kind != PIRSQED else raw, path)
    stamina_raw = obj(system.get("stamina"), "system.stamina")
    most = whole(stamina_raw.get("max"), "system.stamina.max", low=0)
    now = whole(stamina_raw.get("value"), "system.stamina.value", default=most, low=0)
    expertises = _expertises(system, kind, build, report)
    items, traits = _items(data, kind, build, report)
    background = _background(
        plain(text(system.get("background"), "system.background")), build, report
    )
    if kind == PIRSQED:
        total = whole(system.get("totalXP"), "system.totalXP", default=0, low=0)
        spent = whole(system.get("spentXP"), "system.spentXP", default=0, low=0)
        xp = Experience(total=total, spendable=max(0, min(total, total - spent)))
    else:
        raw_xp = obj(system.get("xp"), "system.xp", missing_ok=True)
        total = whole(raw_xp.get("txp"), "system.xp.txp", default=0, low=0)
        spent_key = "skillBonusesSpent" if kind == DV_PT1 else "expertiseBonusesSpent"
        xp = Experience(
            total=total,
            spendable=min(
                total, whole(raw_xp.get("spendable"), "system.xp.spendable", default=0, low=0)
            ),
            es_taken=whole(raw_xp.get(spent_key), f"system.xp.{spent_key}", default=0, low=0),
            char_taken=whole(
                raw_xp.get("charBonusesSpent"), "system.xp.charBonusesSpent", default=0, low=0
            ),
        )
    if kind == DV_PT1:
        _pt1_budget(expertises, background, xp, build, report)
    conditions = _conditions(data, system, kind, report)
    coins, loose = _coins(data, system, kind)
    if loose:
        report.note(f"{loose} gc were loose coin beside the purse; counted in coins")
    wounds = _wounds(system, kind, items, report)
    connection = _connection(data, system, kind, report)
    _other_notes(data, system, kind, report)
    return Character(
        name=name,
        characteristics=Characteristics(**values),
        stamina=Stamina(max=most, current=min(now, most)),
        speed_base=whole(system.get("speed"), "system.speed", default=BASE_SPEED, low=0),
        cruelty=_cruelty(system, kind),
        conditions=tuple(conditions),
        expertises=tuple(expertises),
        items=items,
        wounds=tuple(wounds),
        notes=notes_with_report("", HEADINGS[kind], report),
        advanced=total > 0 or kind == DV_PT1,
        background=background,
        xp=xp,
        traits=tuple(traits),
        coins=coins,
        connection=connection,
    )


def _background(name: str, build: BuildData, report: Report) -> str:
    if not name:
        return ""
    try:
        return build.background(name).name
    except UnknownNameError:
        report.note(f"background {name!r} (not one of the 36)")
        return ""


def _expertises(
    system: dict[str, Any], kind: str, build: BuildData, report: Report
) -> list[Expertise]:
    found: dict[str, tuple[int, int]] = {}
    if kind == DV_PT1:
        for key, raw in obj(system.get("skills"), "system.skills").items():
            bonus = whole(
                obj(raw, f"system.skills.{key}").get("bonus"),
                f"system.skills.{key}.bonus",
                default=0,
                low=0,
            )
            target = _PT1_FOLDS.get(key, key)
            if bonus and target != key:
                report.migrated.append(f"PT1 skill {key} +{bonus} folded into {target}")
            old = found.get(target, (0, 0))[0]
            found[target] = (max(old, bonus), 0)  # the highest bonus; uses = bonus, none spent
    else:
        for key, raw in obj(system.get("expertises"), "system.expertises").items():
            path = f"system.expertises.{key}"
            entry = obj(raw, path)
            most = whole(entry.get("max"), f"{path}.max", default=0, low=0)
            left = whole(entry.get("value"), f"{path}.value", default=most, low=0)
            found[key] = (most, max(0, most - left))
    expertises = []
    for key, (uses, spent) in found.items():
        if uses <= 0:
            continue
        info = build.expertise_by_key(key)
        if info is None:
            report.note(f"expertise {plain(key)!r} with {uses} uses (not one of the 30)")
            continue
        expertises.append(Expertise(info.name, info.category, uses, min(spent, uses)))
    return expertises


def _pt1_budget(
    expertises: list[Expertise], background: str, xp: Experience, build: BuildData, report: Report
) -> None:
    report.migrated.append("Playtest 1 skill bonuses became Playtest 2 expertise uses, one for one")
    if not background:
        return
    allowed = build.background(
        background
    ).total_uses + 3 * build.advancement.expertise_stamina_bonuses(xp.total)
    total = sum(e.uses for e in expertises)
    if total > allowed:
        report.migrated.append(
            f"{total} expertise uses is more than {background}'s {allowed} at {xp.total:,} TXP "
            "(kept as they were; the referee may trim them)"
        )


def _location(raw: Any, kind: str, path: str) -> tuple[str, int | str | None] | None:
    """(area, slot) of an item's location; None for one not carried (no location)."""
    if kind == PIRSQED:
        where = text(raw, path)
        match = re.fullmatch(r"(hand|belt|backpack)(\d+)", where)
        if match:
            return {"hand": HAND, "belt": BELT, "backpack": BACKPACK}[match[1]], int(match[2])
        slot = _MAGIC_NAMES.get(where, where)
        if slot in _MAGIC:
            return MAGIC, slot
        return (GROUND, where) if where else None
    if not raw:
        return None
    location = obj(raw, path)
    container = text(location.get("container"), f"{path}.container")
    index = whole(location.get("index"), f"{path}.index", default=0, low=0) + 1
    if container in ("hand", "belt", "backpack"):
        return {"hand": HAND, "belt": BELT, "backpack": BACKPACK}[container], index
    slot = _MAGIC_NAMES.get(container, container)
    return (MAGIC, slot) if slot in _MAGIC else (GROUND, container)


def _items(
    data: dict[str, Any], kind: str, build: BuildData, report: Report
) -> tuple[Inventory, list[str]]:
    placed: list[Item] = []
    ground: list[Item] = []
    traits: list[str] = []
    for index, raw in enumerate(seq(data.get("items"), "items")):
        path = f"items[{index}]"
        entry = obj(raw, path)
        item_type = text(entry.get("type"), f"{path}.type")
        system = obj(entry.get("system"), f"{path}.system", missing_ok=True)
        name = name_text(entry.get("name"), f"{path}.name")
        if item_type == "trait":
            tree = plain(text(system.get("tree"), f"{path}.system.tree"))
            try:
                traits.append(build.trait(f"{tree}: {name}" if tree else name).key)
            except UnknownNameError:
                report.note(f"trait {name!r} (not a trait Refkit knows)")
            continue
        if item_type in ("attack", "boon", "villageEntry", "background"):
            report.note(f"{item_type} {name!r}")
            continue
        place = _location(system.get("location"), kind, f"{path}.system.location")
        if place is None:
            report.note(f"{name}: carried nowhere (no location); kept on the ground")
            place = (GROUND, None)
        area, at = place
        if area == GROUND and at not in (None, "ground"):
            report.note(f"{name}: kept in {at}; on Refkit's ground tray")
        if area == HAND and isinstance(at, int) and at > SLOT_AREAS[HAND]:
            area = GROUND
        peer = _peer_item(name, area, at, system, kind, path)
        item = make_item(peer, report, f"{re.sub(r'[^a-z0-9]+', '-', name.casefold())}-{index + 1}")
        (ground if item.area == GROUND else placed).append(item)
    traits = list(dict.fromkeys(traits))
    placed, ground = extra_belt_slot(placed, ground, tuple(traits), report)
    return Inventory(tuple(one_worn(placed)), tuple(ground)), traits


def _peer_item(
    name: str, area: str, at: Any, system: dict[str, Any], kind: str, path: str
) -> PeerItem:
    count = whole(system.get("quantity"), f"{path}.system.quantity", default=1, low=1)
    slots = whole(system.get("slots"), f"{path}.system.slots", default=1, low=1)
    if kind == PIRSQED:
        armor = obj(system.get("armor"), f"{path}.system.armor", missing_ok=True)
        consumable = obj(system.get("consumable"), f"{path}.system.consumable", missing_ok=True)
        has_armor = system.get("isArmor") is True
        return PeerItem(
            name=name,
            area=area,
            at=at,
            count=count,
            slots=slots,
            stack_limit=250
            if system.get("isGold")
            else whole(system.get("maxStack"), f"{path}.system.maxStack", default=1, low=1),
            ud_current=whole(
                consumable.get("currentUD"), f"{path}.system.consumable.currentUD", low=0
            )
            if consumable.get("maxUD")
            else None,
            ad_current=whole(armor.get("defense"), f"{path}.system.armor.defense", default=0, low=0)
            if has_armor
            else None,
            ad_max=whole(
                armor.get("maxDefense"), f"{path}.system.armor.maxDefense", default=0, low=0
            )
            if has_armor
            else None,
            worn=system.get("isEquipped") is True,
            shield=system.get("isShield") is True,
        )
    usage = obj(system.get("usageDie"), f"{path}.system.usageDie", missing_ok=True)
    ad_max = system.get("ad")
    ad_now = system.get("adCurrent")
    return PeerItem(
        name=name,
        area=area,
        at=at,
        count=count,
        slots=slots,
        stack_limit=whole(system.get("stackMax"), f"{path}.system.stackMax", default=1, low=1),
        ud_current=whole(usage.get("udCurrent"), f"{path}.system.usageDie.udCurrent", low=0)
        if usage.get("enabled") is True
        else None,
        ad_current=None
        if ad_now is None and ad_max is None
        else whole(ad_now if ad_now is not None else ad_max, f"{path}.system.adCurrent", low=0),
        ad_max=None if ad_max is None else whole(ad_max, f"{path}.system.ad", low=0),
        worn=system.get("worn") is True,
        shield=system.get("armorType") == "shield",
    )


def _conditions(
    data: dict[str, Any], system: dict[str, Any], kind: str, report: Report
) -> list[str]:
    found: list[str] = []
    if kind == PIRSQED:
        for index, effect in enumerate(seq(data.get("effects"), "effects")):
            for status in seq(
                obj(effect, f"effects[{index}]").get("statuses"), f"effects[{index}].statuses"
            ):
                if isinstance(status, str) and status in CONDITIONS:
                    found.append(status)
                elif isinstance(status, str):
                    report.note(f"status {plain(status)!r}")
        return list(dict.fromkeys(found))
    for key, value in obj(system.get("conditions"), "system.conditions", missing_ok=True).items():
        on = value is True or (isinstance(value, int) and not isinstance(value, bool) and value > 0)
        if not on:
            continue
        if key in CONDITIONS:
            found.append(key)
        elif key == "boned":
            report.migrated.append(f"boned {value} dropped (Playtest 2 has no boned condition)")
        elif key == "defeated":
            report.note("marked defeated in Foundry")
        else:
            report.note(f"condition {plain(key)!r}")
    blessed = obj(system.get("conditions"), "system.conditions", missing_ok=True).get("blessed")
    if kind == DV_PT1 and not isinstance(blessed, bool) and isinstance(blessed, int) and blessed:
        report.migrated.append(f"blessed at level {blessed} read as blessed")
    return list(dict.fromkeys(found))


def _coins(data: dict[str, Any], system: dict[str, Any], kind: str) -> tuple[int, int]:
    purse = 0
    for index, raw in enumerate(seq(data.get("items"), "items")):
        item = obj(raw, f"items[{index}]")
        sub: dict[str, Any] = obj(item.get("system"), f"items[{index}].system", missing_ok=True)
        if kind == PIRSQED and sub.get("contentsType") == "gold":
            purse += whole(
                sub.get("contentsQuantity"),
                f"items[{index}].system.contentsQuantity",
                default=0,
                low=0,
            )
        if kind != PIRSQED and isinstance(sub.get("purse"), dict) and sub["purse"].get("isPurse"):
            purse += whole(
                sub["purse"].get("held"), f"items[{index}].system.purse.held", default=0, low=0
            )
    loose_key = "coins" if kind == PIRSQED else "currency"
    loose = whole(system.get(loose_key), f"system.{loose_key}", default=0, low=0)
    return purse + loose, loose


def _wounds(system: dict[str, Any], kind: str, items: Inventory, report: Report) -> list[int]:
    if kind == PIRSQED:
        slots = obj(system.get("woundedSlots"), "system.woundedSlots", missing_ok=True)
        return sorted(
            int(k[4:]) for k, v in slots.items() if v is True and re.fullmatch(r"slot(10|[1-9])", k)
        )
    if kind == DV_PT1:
        count = whole(system.get("wounds"), "system.wounds", default=0, low=0)
        taken = items.backpack_slots_holding_items()
        order = [s for s in range(1, 11) if s not in taken] + sorted(taken)
        if count:
            report.migrated.append(
                f"{count} wound(s) placed in backpack slots "
                f"{', '.join(map(str, sorted(order[:count])))} (empty slots first)"
            )
        return sorted(order[: min(count, 10)])
    wounds = []
    for index, slot in enumerate(seq(system.get("woundSlots"), "system.woundSlots")):
        number = whole(slot, f"system.woundSlots[{index}]", low=0) + 1
        if number > 10:
            report.note(f"a wound in backpack slot {number}, beyond the ten slots")
        else:
            wounds.append(number)
    return sorted(set(wounds))


def _cruelty(system: dict[str, Any], kind: str) -> int:
    if kind == PIRSQED:
        return whole(system.get("cruelty"), "system.cruelty", default=0, low=0)
    miasma = obj(system.get("miasma"), "system.miasma", missing_ok=True)
    return whole(miasma.get("cruelty"), "system.miasma.cruelty", default=0, low=0)


def _connection(
    data: dict[str, Any], system: dict[str, Any], kind: str, report: Report
) -> Connection | None:
    if kind == PIRSQED:
        flags = obj(data.get("flags"), "flags", missing_ok=True)
        creation = obj(
            obj(flags.get("fvtt-crows-system"), "flags", missing_ok=True).get("creation"),
            "creation",
            missing_ok=True,
        )
        raw = obj(creation.get("connection"), "creation.connection", missing_ok=True)
        benefit = plain(text(raw.get("benefit"), "creation.connection.benefit"))
        extra = ""
    else:
        raw = obj(system.get("npcConnection"), "system.npcConnection", missing_ok=True)
        extra = plain(text(raw.get("notes"), "system.npcConnection.notes"))
        found = re.search(r"Benefit:\s*([A-Za-z ]+)", extra)
        benefit = found[1].strip() if found else ""
        if found and benefit in CONNECTION_BENEFITS:
            extra = extra.replace(found[0], "").strip()
    name = plain(text(raw.get("name"), "connection.name"))
    if not name:
        return None
    if benefit and benefit not in CONNECTION_BENEFITS:
        report.note(f"NPC connection benefit {benefit!r} (not one of the ten)")
        benefit = ""
    if extra:
        report.note(f"about {name}: {extra}")
    return Connection(
        name, plain(text(raw.get("relationship"), "connection.relationship")), benefit
    )


def _other_notes(data: dict[str, Any], system: dict[str, Any], kind: str, report: Report) -> None:
    if kind == PIRSQED:
        flags = obj(data.get("flags"), "flags", missing_ok=True)
        creation = obj(
            obj(flags.get("fvtt-crows-system"), "flags", missing_ok=True).get("creation"),
            "creation",
            missing_ok=True,
        )
        feature = plain(text(creation.get("feature"), "creation.feature"))
        if feature:
            report.note(f"distinguishing feature: {feature}")
        if creation.get("backgroundRoll"):
            report.note(f"background rolled {plain(str(creation['backgroundRoll']))}")
        if seq(creation.get("petIds"), "creation.petIds"):
            report.note("pets are separate Foundry actors, not in this file")
        biography = plain(text(system.get("biography"), "system.biography"))
        if biography:
            report.note(f"biography: {biography}")
        temp = whole(system.get("tempAD"), "system.tempAD", default=0, low=0)
        if temp:
            report.note(f"{temp} temporary AD")
        for index, effect in enumerate(seq(system.get("miasmaEffects"), "system.miasmaEffects")):
            title = plain(text(obj(effect, f"system.miasmaEffects[{index}]").get("title"), "title"))
            report.note(f"Miasma effect: {title}")
        return
    details = obj(system.get("details"), "system.details", missing_ok=True)
    feature = plain(text(details.get("feature"), "system.details.feature"))
    if feature:
        report.note(f"distinguishing feature: {feature}")
    task = obj(system.get("preparedTask"), "system.preparedTask", missing_ok=True)
    what = plain(str(task.get("task") or task.get("detail") or ""))
    if what:
        report.note(f"prepared task: {what}")
    miasma = obj(system.get("miasma"), "system.miasma", missing_ok=True)
    for effect in seq(miasma.get("effects"), "system.miasma.effects"):
        report.note(f"Miasma effect {plain(str(effect))}")
    boon = plain(text(system.get("cryptBoon"), "system.cryptBoon"))
    if boon:
        report.note(f"crypt boon: {boon}")
    active = obj(system.get("activeBoon"), "system.activeBoon", missing_ok=True)
    if active.get("boonId"):
        report.note(f"active boon: {plain(str(active['boonId']))}")
    crafting = obj(system.get("crafting"), "system.crafting", missing_ok=True)
    if seq(crafting.get("projects"), "system.crafting.projects"):
        report.note("crafting projects in progress")
    if kind == DV_PT1:
        report.migrated.append("Playtest 1 belt of 2 and bedroll kept as they were carried")
