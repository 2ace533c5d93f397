"""The Nest's save file (``"v": 1``; formats/peer-crow-files.md §2) to a crow and back.

The save holds choices, not results: characteristics come from the background's 2, the pattern
and the characteristic bonuses; Stamina from the background and the Expertise & Stamina bonuses;
expertise uses from the background and ``esAlloc``. Writing a crow back finds the choices that
give its numbers; where none do (a crow grown by other rules) the save gets the nearest and the
report says what differs.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from refkit.rules.character.build_data import Background, BuildData, UnknownNameError
from refkit.rules.character.model import (
    BASE_SPEED,
    CHARACTERISTIC_NAMES,
    CONDITIONS,
    Character,
    Characteristics,
    Expertise,
    Stamina,
    expertise_category,
)
from refkit.rules.character.peers.common import (
    BadField,
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
    Inventory,
    Item,
)

HEADING = "Not mapped from The Nest save"
_AREAS = {"hand": HAND, "belt": BELT, "pack": BACKPACK, "none": GROUND}
_PATTERNS = ("10", "m12")


def is_nest_save(data: dict[str, Any]) -> bool:
    return data.get("v") == 1 and "bg" in data and isinstance(data.get("inv"), list)


def _characteristics(
    background: Background, two: str, pattern: str, high: str, bonuses: list[str]
) -> tuple[dict[str, int], int]:
    """The three values and the Stamina the characteristic bonuses give instead (all at 4)."""
    values = dict.fromkeys(CHARACTERISTIC_NAMES, 0)
    values[two] = 2
    others = [c for c in CHARACTERISTIC_NAMES if c != two]
    low = next(c for c in others if c != high)
    values[high], values[low] = (1, 0) if pattern == "10" else (2, -1)
    extra = 0
    for choice in bonuses:
        if all(v >= 4 for v in values.values()):
            extra += 2
        elif choice and values[choice] < 4:
            values[choice] += 1
    return values, extra


def from_nest(data: dict[str, Any], build: BuildData, report: Report) -> Character:
    index = whole(data.get("bg"), "bg", low=0)
    if index > 35:
        raise BadField("bg", f"is {index}; the background table has indexes 0-35")
    background = next(b for b in build.backgrounds if b.index == index)
    two = text(data.get("twoChar"), "twoChar").casefold() or background.two_in[0]
    if two not in background.two_in:
        raise BadField("twoChar", f"{two!r} is not a characteristic {background.name} sets to 2")
    pattern = text(data.get("pattern"), "pattern", default="10") or "10"
    if pattern not in _PATTERNS:
        raise BadField("pattern", f'must be "10" or "m12", not {pattern!r}')
    others = [c for c in CHARACTERISTIC_NAMES if c != two]
    high = text(data.get("highChar"), "highChar").casefold() or others[0]
    if high not in others:
        raise BadField("highChar", f"must be one of {', '.join(others)}, not {high!r}")
    char_bonus = [
        text(c, f"charBonus[{i}]").casefold()
        for i, c in enumerate(seq(data.get("charBonus"), "charBonus"))
    ]
    bad = [c for c in char_bonus if c and c not in CHARACTERISTIC_NAMES]
    if bad:
        raise BadField("charBonus", f"holds {bad[0]!r}, not a characteristic")
    values, overflow = _characteristics(background, two, pattern, high, char_bonus)

    es_bonus = [text(c, f"esBonus[{i}]") for i, c in enumerate(seq(data.get("esBonus"), "esBonus"))]
    if any(c not in ("uses", "stamina", "mix", "") for c in es_bonus):
        raise BadField("esBonus", 'entries are "uses", "stamina" or "mix"')
    stamina_max = background.stamina + 2 * es_bonus.count("stamina") + es_bonus.count("mix")
    stamina_max += overflow
    play = obj(data.get("play"), "play", missing_ok=True)
    current = play.get("stamina")
    stamina_now = stamina_max if current is None else whole(current, "play.stamina", low=0)
    stamina = Stamina(max=stamina_max, current=min(stamina_now, stamina_max))

    expertises = _expertises(background, data, play, report)
    traits = _traits(background, data, build, report)
    bought = sum(build.trait(t).cost for t in traits if t != background.starting_trait)
    txp = whole(data.get("txp"), "txp", default=0, low=0)
    alloc_total = sum(e.uses for e in expertises) - background.total_uses
    pool = 3 * es_bonus.count("uses") + es_bonus.count("mix")
    xp = Experience(
        total=txp,
        spendable=max(0, txp - bought),
        es_taken=sum(1 for c in es_bonus if c),
        es_uses_left=max(0, pool - max(0, alloc_total)),
        char_taken=sum(1 for c in char_bonus if c),
    )
    if bought > txp:
        report.note(f"the traits bought cost {bought:,} XP, more than the {txp:,} TXP")
    items = _items(data, play, tuple(traits), report)
    conditions = []
    for key, on in obj(play.get("conds"), "play.conds", missing_ok=True).items():
        if on is True:
            if key.casefold() in CONDITIONS:
                conditions.append(key.casefold())
            else:
                report.note(f"condition {plain(key)} (not one of Refkit's)")
    wounds = _wounds(play, report)
    _play_notes(data, play, report)
    connection = _connection(data, report)
    pets = tuple(name_text(p, f"pets[{i}]") for i, p in enumerate(seq(data.get("pets"), "pets")))
    notes = notes_with_report(text(data.get("notes"), "notes"), HEADING, report)
    return Character(
        name=name_text(data.get("name") or "Unnamed crow", "name"),
        player=plain(text(data.get("player"), "player")),
        characteristics=Characteristics(**values),
        stamina=stamina,
        speed_base=BASE_SPEED,
        cruelty=whole(play.get("cruelty"), "play.cruelty", default=0, low=0),
        conditions=tuple(dict.fromkeys(conditions)),
        expertises=tuple(expertises),
        items=items,
        wounds=tuple(wounds),
        notes=notes,
        advanced=bool(char_bonus) or txp > 0,
        background=background.name,
        xp=xp,
        traits=tuple(traits),
        coins=whole(data.get("coins"), "coins", default=0, low=0),
        pets=pets,
        connection=connection,
    )


def _expertises(
    background: Background, data: dict[str, Any], play: dict[str, Any], report: Report
) -> list[Expertise]:
    uses = {e.name: e.uses for e in background.expertises}
    raw_alloc = data.get("esAlloc")
    alloc = {} if raw_alloc == [] else obj(raw_alloc, "esAlloc", missing_ok=True)  # old saves: []
    for name, extra in alloc.items():
        category = expertise_category(name)
        if category is None:
            report.note(f"expertise {plain(name)!r} +{extra} (not one of the 30)")
            continue
        known = next(n for n in (*uses, name) if n.casefold() == name.casefold())
        uses[known] = uses.get(known, 0) + whole(extra, f"esAlloc.{name}", low=0)
    spent = obj(play.get("spent"), "play.spent", missing_ok=True)
    found = []
    for name, count in uses.items():
        category = expertise_category(name)
        assert category is not None  # the background's and the checked esAlloc names
        used = min(count, whole(spent.get(name), f"play.spent.{name}", default=0, low=0))
        found.append(Expertise(name=name, category=category, uses=count, spent=used))
    for name, one in obj(play.get("temp"), "play.temp", missing_ok=True).items():
        report.note(f"+{one} {plain(name)} use from studying a lore book, until the next rest")
    return found


def _traits(
    background: Background, data: dict[str, Any], build: BuildData, report: Report
) -> list[str]:
    traits = [background.starting_trait]
    for index, entry in enumerate(seq(data.get("traits"), "traits")):
        tree, _, name = text(entry, f"traits[{index}]").partition("|")
        try:
            key = build.trait(f"{tree}: {name}" if name else tree).key
        except UnknownNameError:
            report.note(f"trait {plain(str(entry))!r} (not a trait Refkit knows)")
            continue
        if key not in traits:
            traits.append(key)
    return traits


def _items(
    data: dict[str, Any], play: dict[str, Any], traits: tuple[str, ...], report: Report
) -> Inventory:
    placed: list[Item] = []
    ground: list[Item] = []
    for index, raw in enumerate(seq(data.get("inv"), "inv", missing_ok=False)):
        path = f"inv[{index}]"
        card = obj(raw, path)
        area_name = text(card.get("area"), f"{path}.area")
        if area_name not in _AREAS:
            raise BadField(f"{path}.area", f"must be hand, belt, pack or none, not {area_name!r}")
        area = _AREAS[area_name]
        at = whole(card.get("idx"), f"{path}.idx", default=0, low=0) + 1
        name = name_text(card.get("key"), f"{path}.key")
        peer = PeerItem(
            name=name,
            area=area,
            at=at,
            count=whole(card.get("qty"), f"{path}.qty", default=1, low=1),
            ud_current=None if card.get("ud") is None else whole(card["ud"], f"{path}.ud", low=0),
            ad_current=None,
        )
        item = make_item(peer, report, f"{name.casefold().replace(' ', '-')}-{index + 1}")
        if card.get("dmg") is not None:
            lost = whole(card["dmg"], f"{path}.dmg", low=0)
            if item.armor is not None:
                item = replace(item, armor=replace(item.armor, ad=max(0, item.armor.ad - lost)))
            elif lost:
                report.note(f"{item.name}: parry AD {lost} lost (Refkit keeps no parry damage)")
        if card.get("ammo") is not None:
            report.note(f"{item.name}: {card['ammo']} shots left")
        (ground if item.area == GROUND else placed).append(item)
    placed, ground = extra_belt_slot(placed, ground, traits, report)
    suits = [i for i in placed if i.armor is not None and not i.is_shield and i.area == BACKPACK]
    if suits:  # The Nest wears the highest-AD suit in the pack
        best = max(suits, key=lambda i: i.armor.max_ad if i.armor else 0)
        placed = [
            replace(i, armor=replace(i.armor, worn=True)) if i is best and i.armor else i
            for i in placed
        ]
    for slot, name in obj(play.get("magic"), "play.magic", missing_ok=True).items():
        if not isinstance(name, str) or not name.strip():
            continue
        peer = PeerItem(name=plain(name), area=MAGIC, at=slot.casefold())
        placed.append(make_item(peer, report, f"magic-{slot.casefold()}"))
    if any(obj(play.get("magicMulti"), "play.magicMulti", missing_ok=True).values()):
        report.note("a second item shares a magic slot (The Nest does not say which)")
    return Inventory(tuple(one_worn(placed)), tuple(ground))


def _wounds(play: dict[str, Any], report: Report) -> list[int]:
    wounds = []
    for key, kind in obj(play.get("wounds"), "play.wounds", missing_ok=True).items():
        if not key.isdigit() or not 0 <= int(key) <= 9:
            raise BadField("play.wounds", f"keys are backpack slots 0-9, not {key!r}")
        wounds.append(int(key) + 1)
        if kind == "s":
            report.note(f"the wound in backpack slot {int(key) + 1} is a starvation wound")
    return sorted(wounds)


def _play_notes(data: dict[str, Any], play: dict[str, Any], report: Report) -> None:
    feature = plain(text(data.get("feature"), "feature"))
    if feature:
        report.note(f"distinguishing feature: {feature}")
    dice = data.get("bgDice")
    if isinstance(dice, list) and len(dice) == 2:
        report.note(f"background rolled {dice[0]}-{dice[1]}")
    village = plain(text(data.get("village"), "village"))
    if village:
        institution = plain(text(data.get("institution"), "institution"))
        prosperity = whole(data.get("prosperity"), "prosperity", default=0)
        extra = f", extra institution {institution}" if institution else ""
        report.note(f"village {village}{extra}, Prosperity {prosperity}")
    pending = whole(play.get("pendingXP"), "play.pendingXP", default=0, low=0)
    if pending:
        report.note(f"{pending:,} XP awarded, applied at the next rest")
    pets = seq(data.get("pets"), "pets")
    for index, stamina in obj(play.get("petStam"), "play.petStam", missing_ok=True).items():
        number = int(index) if index.isdigit() else -1
        pet = plain(str(pets[number])) if 0 <= number < len(pets) else f"pet {index}"
        report.note(f"{pet}: Stamina {whole(stamina, f'play.petStam.{index}', low=0)}")
    if play.get("miasma") is True:
        report.note("in the Miasma")
    dt = whole(play.get("dt"), "play.dt", default=0, low=0)
    if dt:
        report.note(f"last dungeon turn ended: {dt}")
    log = seq(play.get("xpLog"), "play.xpLog")
    if log:
        report.note(f"XP log of {len(log)} entries not kept")


def _connection(data: dict[str, Any], report: Report) -> Connection | None:
    name = plain(text(data.get("connName"), "connName"))
    if not name:
        return None
    benefit = plain(text(data.get("connBenefit"), "connBenefit"))
    if benefit and benefit not in CONNECTION_BENEFITS:
        report.note(f"NPC connection benefit {benefit!r} (not one of the ten)")
        benefit = ""
    return Connection(name, plain(text(data.get("connRel"), "connRel")), benefit)


# -- writing ------------------------------------------------------------------------------------


def _card_name(item_name: str) -> str:
    small = {"of", "and", "the", "&"}
    words = item_name.split(" ")
    return " ".join(
        w if (i and w in small) or not w else w[0].upper() + w[1:] for i, w in enumerate(words)
    )


def to_nest(character: Character, build: BuildData, report: Report) -> dict[str, Any]:
    """The crow as The Nest's save; the report lists what the save cannot hold."""
    try:
        background = build.background(character.background)
    except UnknownNameError:
        raise BadField(
            "background",
            f"{character.background or 'none'}: The Nest needs one of the 36 backgrounds",
        ) from None
    two, pattern, high, char_bonus = _nest_characteristics(character, background, report)
    es_bonus, es_alloc = _nest_bonuses(character, background, report)
    earned = build.advancement.expertise_stamina_bonuses(character.xp.total)
    if len(es_bonus) > earned:
        report.note(
            f"the Stamina and expertise uses need {len(es_bonus)} Expertise & Stamina bonuses; "
            f"{character.xp.total:,} TXP earns {earned}, and The Nest keeps only those"
        )
    traits = []
    for key in character.traits:
        if key == background.starting_trait:
            continue
        tree, _, name = key.partition(": ")
        traits.append(f"{tree}|{name}")
    inv, magic = [], {}
    nest_area = {HAND: "hand", BELT: "belt", BACKPACK: "pack"}
    for item in (*character.items.items, *character.items.ground):
        if item.useless:
            report.note(
                f"{item.name}: useless until fixed (Bury the Point); The Nest keeps no such state"
            )
    for item in character.items.items:
        if item.absorbed:
            report.note(
                f"{item.name}: absorbed with Burned in the Brain; The Nest has no place for it"
            )
            continue
        if item.area == MAGIC:
            magic[(item.magic_slot or "").capitalize()] = item.name
            continue
        card = {"key": _card_name(item.name), "qty": item.count, "area": nest_area[item.area]}
        card["idx"] = (item.at or 1) - 1
        _damage(item, card)
        inv.append(card)
    for item in character.items.ground:
        card = {"key": _card_name(item.name), "qty": item.count, "area": "none", "idx": 0}
        _damage(item, card)
        inv.append(card)
    for pack in character.pet_packs:
        for item in pack.items.items:
            card = {"key": _card_name(item.name), "qty": item.count, "area": "none", "idx": 0}
            _damage(item, card)
            inv.append(card)
            said = f"{item.name}: carried by {pack.pet}; The Nest has no pet's pack (set aside)"
            report.note(said)
    connection = character.connection
    stamina = character.stamina
    return {
        "v": 1,
        "bg": background.index,
        "twoChar": two.capitalize(),
        "pattern": pattern,
        "highChar": high.capitalize(),
        "name": character.name,
        "player": character.player,
        "feature": "",
        "village": "",
        "institution": "",
        "prosperity": 0,
        "coins": character.coins,
        "coinDice": None,
        "bgDice": None,
        "txp": character.xp.total,
        "esBonus": es_bonus,
        "esAlloc": es_alloc,
        "charBonus": [c.capitalize() for c in char_bonus],
        "traits": traits,
        "inv": inv,
        "connName": connection.name if connection else "",
        "connRel": connection.relationship if connection else "",
        "connBenefit": connection.benefit if connection else "",
        "notes": character.notes,
        "pets": list(character.pets),
        "play": {
            "stamina": None if stamina.current == stamina.max else stamina.current,
            "cruelty": character.cruelty,
            "conds": {c.capitalize(): True for c in character.conditions},
            "spent": {e.name: e.spent for e in character.expertises if e.spent},
            "temp": {},
            "wounds": {str(w - 1): "w" for w in character.wounds if 1 <= w <= 10},
            "dt": 0,
            "miasma": False,
            "pendingXP": 0,
            "xpLog": [],
            "log": [],
            "magic": magic,
            "magicMulti": {},
            "petStam": {},
            "got": [],
            "xpClaims": [],
            "claimsAnswered": [],
            "lastRest": None,
        },
    }


def _damage(item: Any, card: dict[str, Any]) -> None:
    if item.usage_dice is not None and item.usage_dice.current < item.usage_dice.max:
        card["ud"] = item.usage_dice.current
    if item.armor is not None and item.armor.ad < item.armor.max_ad:
        card["dmg"] = item.armor.max_ad - item.armor.ad


def _nest_characteristics(
    character: Character, background: Background, report: Report
) -> tuple[str, str, str, list[str]]:
    wanted = character.characteristics.as_dict()
    count = character.xp.char_taken
    best: tuple[int, tuple[str, str, str, list[str]]] | None = None
    for two in background.two_in:
        for pattern in _PATTERNS:
            for high in (c for c in CHARACTERISTIC_NAMES if c != two):
                for picks in itertools.combinations_with_replacement(CHARACTERISTIC_NAMES, count):
                    values, _ = _characteristics(background, two, pattern, high, list(picks))
                    miss = sum(abs(values[c] - wanted[c]) for c in CHARACTERISTIC_NAMES)
                    if best is None or miss < best[0]:
                        best = (miss, (two, pattern, high, list(picks)))
    assert best is not None
    if best[0]:
        report.note(
            "the characteristics are not what The Nest derives from the background and "
            f"{count} characteristic bonus(es); the save holds the nearest"
        )
    return best[1]


def _nest_bonuses(
    character: Character, background: Background, report: Report
) -> tuple[list[str], dict[str, int]]:
    base = {e.name: e.uses for e in background.expertises}
    alloc = {}
    for expertise in character.expertises:
        extra = expertise.uses - base.get(expertise.name, 0)
        if extra > 0:
            alloc[expertise.name] = extra
        elif extra < 0:
            report.note(f"{expertise.name} has fewer uses than {background.name} starts with")
    more_stamina = character.stamina.max - background.stamina
    if more_stamina < 0:
        report.note(f"Stamina max is below the {background.stamina} {background.name} starts with")
    stamina_picks, mix = divmod(max(0, more_stamina), 2)
    uses_needed = max(0, sum(alloc.values()) - mix)
    choices = ["stamina"] * stamina_picks + ["mix"] * mix + ["uses"] * -(-uses_needed // 3)
    return choices, alloc
