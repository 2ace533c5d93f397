"""The character file (``*.crow.json``, format ``refkit-character`` version 1 or 2): read, check,
write. Version 2 adds ``background``, ``xp``, ``traits``, ``coins``, ``pets`` and ``connection``
(:mod:`refkit.rules.character.file_v2`); a crow without them is still written as version 1.

:func:`load_character_json` turns a file's text into a :class:`Character`, or raises
:class:`CharacterFileError` naming the key that is wrong (``items[2].slots must be a whole
number``) when the text is not a readable character file. Rule breaches inside a readable file
(a slot out of range, two wounds in one slot, ...) are not read errors: :func:`check_character`
reports them with the contract's codes. :func:`dump_character_json` writes exactly what the loader
reads, so ``load(dump(c)) == c``.

Keys beyond the contract's: ``player``, ``portrait``, ``advanced``, ``magic_characteristics`` and
``ground`` (items in the ground tray) at the top level; ``id``, ``tags``, ``notes``, ``damage``,
``usage_dice.refuel_with`` and the rest of a card's print (``keywords``, ``range``, ``price``,
``crafting``), ``damaged`` (a tool taking a bane until repaired) and ``useless`` (a weapon
useless until fixed, Bury the Point) on items. Each is optional
and written only when it says something.
The file's ``speed`` is the crow's base speed; the speed after wounds is derived.

Every number and list has a bound (:mod:`refkit.rules.common.file_bounds`) checked as it is
read, so a file with ``"slots": 10000000`` or Stamina of 10**100 is refused before anything is
built from it. Names (the crow's, the player's, items', expertises') refuse control characters
(:mod:`refkit.rules.common.name_text`). JSON nested too deeply to read is refused, not a crash.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from refkit.errors import DomainError
from refkit.rules.character.file_pets import pack_item_paths, pet_keys_json, read_pet_keys
from refkit.rules.character.file_v2 import read_v2_keys, v2_keys_json
from refkit.rules.character.model import (
    CHARACTERISTIC_NAMES,
    CONDITIONS,
    EXPERTISE_CATEGORIES,
    Character,
    Characteristics,
    Expertise,
    Stamina,
    rule_problems,
)
from refkit.rules.common import file_bounds
from refkit.rules.common.name_text import name_problem
from refkit.rules.common.nesting import TooDeepError, read_nested
from refkit.rules.inventory.model import (
    AREAS,
    GROUND,
    MAGIC,
    Armor,
    Crafting,
    Inventory,
    InventoryRules,
    Item,
    Price,
    Problem,
    StackInfo,
    TierDamage,
    UsageDiceState,
)
from refkit.rules.usage_dice import UsageDiceMode

FORMAT = "refkit-character"
VERSION = 2
"""The newest version this Refkit reads and writes."""
VERSIONS_READ = (1, 2)
FILE_SUFFIX = ".crow.json"

T = TypeVar("T")


class CharacterFileError(DomainError, ValueError):
    """The text is not a readable character file; the message says what and where."""


@dataclass(frozen=True)
class CheckReport:
    """The result of ``refkit character check``."""

    valid: bool
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]
    speed: int
    dead: bool

    def to_json(self) -> dict[str, Any]:
        """The contract's JSON object: valid, errors, warnings, speed, dead."""
        return {
            "valid": self.valid,
            "errors": [{"code": p.code, "message": p.message} for p in self.errors],
            "warnings": [{"code": p.code, "message": p.message} for p in self.warnings],
            "speed": self.speed,
            "dead": self.dead,
        }


def check_character(character: Character, rules: InventoryRules | None = None) -> CheckReport:
    """The character's rule errors and warnings, its speed, and whether it is dead."""
    problems = rule_problems(character, rules)
    if character.background or character.traits or character.xp.bonuses_recorded:
        from refkit.rules.character.advancement import progress_problems
        from refkit.rules.character.build_data import load_build_data

        problems += progress_problems(character, load_build_data())
    errors = tuple(p for p in problems if not p.is_warning)
    return CheckReport(
        valid=not errors,
        errors=errors,
        warnings=tuple(p for p in problems if p.is_warning),
        speed=character.speed,
        dead=character.dead,
    )


# -- reading ----------------------------------------------------------------------------------


class _Fail(Exception):
    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path} {problem}" if path else problem)


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


_MISSING = object()


def _field(obj: dict[str, Any], path: str, key: str, default: Any = _MISSING) -> Any:
    if key not in obj:
        if default is _MISSING:
            raise _Fail(_join(path, key), "is missing")
        return default
    return obj[key]


def _whole(
    value: Any,
    path: str,
    *,
    minimum: int | None = None,
    bounds: tuple[int, int] = file_bounds.SLOT_NUMBER,
) -> int:
    """A whole number at ``path``; at least ``minimum``, and inside ``bounds`` (every number
    in the file has one, so nothing huge is ever built from it)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Fail(path, f"must be a whole number, not {_shown(value)}")
    if minimum is not None and value < minimum:
        raise _Fail(path, f"must be {minimum} or more, not {file_bounds.number_words(value)}")
    beyond = file_bounds.bound_problem(value, bounds)
    if beyond is not None:
        raise _Bound(path, beyond)
    return value


class _Bound(_Fail):
    """A number beyond its bound: ``items[3].slots: 10000000 is more than 99``."""

    def __init__(self, path: str, problem: str) -> None:
        Exception.__init__(self, f"{path}: {problem}")


def _name(value: Any, path: str) -> str:
    """A name: non-empty text without control or format characters."""
    text = _text(value, path, non_empty=True)
    problem = name_problem(text)
    if problem is not None:
        raise _Fail(path, problem)
    return text


def _text(value: Any, path: str, *, non_empty: bool = False) -> str:
    if not isinstance(value, str):
        raise _Fail(path, f"must be text, not {_shown(value)}")
    if non_empty and not value.strip():
        raise _Fail(path, "must not be empty")
    return value


def _flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise _Fail(path, f"must be true or false, not {_shown(value)}")
    return value


def _object(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Fail(path, f"must be an object with keys, not {_shown(value)}")
    return value


def _list(value: Any, path: str, read: Callable[[Any, str], T], *, longest: int = 100) -> list[T]:
    if not isinstance(value, list):
        raise _Fail(path, f"must be a list, not {_shown(value)}")
    if len(value) > longest:
        raise _Bound(path, f"{len(value)} entries is more than {longest}")
    return [read(entry, _join(path, index)) for index, entry in enumerate(value)]


def _choice(value: Any, path: str, choices: tuple[str, ...]) -> str:
    text = _text(value, path)
    if text not in choices:
        raise _Fail(path, f"must be one of {', '.join(choices)}, not {_clipped(text)!r}")
    return text


def _clipped(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shown(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"text {_clipped(value)!r}"
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "an object"
    return repr(value)


def load_character_json(text: str, source_name: str = "character file") -> Character:
    """The character in ``text`` (the contents of a ``*.crow.json`` file).

    Raises CharacterFileError, starting with ``source_name``, when the text is not JSON, is not a
    version 1 or 2 ``refkit-character`` file, or has a missing or mistyped key.
    """
    try:
        data = read_nested(json.loads, text)
    except json.JSONDecodeError as error:
        raise CharacterFileError(
            f"{source_name}: not JSON ({error.msg} at line {error.lineno}, column {error.colno})"
        ) from None
    except TooDeepError:
        raise CharacterFileError(
            f"{source_name}: lists or objects are nested too deeply to read "
            "(a character file needs five levels)"
        ) from None
    except ValueError as error:  # e.g. a number of over 4300 digits
        raise CharacterFileError(f"{source_name}: not a readable JSON file ({error})") from None
    return character_from_json(data, source_name)


def character_from_json(data: Any, source_name: str = "character file") -> Character:
    """The character in already-parsed JSON ``data``; raises CharacterFileError like the loader."""
    try:
        return _read_character(data)
    except (_Fail, ValueError) as error:
        raise CharacterFileError(f"{source_name}: {error}") from None


def _read_character(data: Any) -> Character:
    if not isinstance(data, dict):
        raise _Fail("", f"a character file holds one JSON object, not {_shown(data)}")
    file_format = _field(data, "", "format")
    if file_format != FORMAT:
        raise _Fail("format", f"must be {FORMAT!r}, not {_shown(file_format)}")
    version = _field(data, "", "version")
    if not isinstance(version, int) or isinstance(version, bool) or version not in VERSIONS_READ:
        raise _Fail(
            "version",
            f"must be 1 or {VERSION} (the versions this Refkit reads), not {_shown(version)}",
        )
    added = {**read_v2_keys(data), **read_pet_keys(data, _read_placed_item)} if version >= 2 else {}
    name = _name(_field(data, "", "name"), "name")
    characteristics = _read_characteristics(_field(data, "", "characteristics"))
    stamina = _read_stamina(_field(data, "", "stamina"))
    speed = _whole(_field(data, "", "speed"), "speed", minimum=0, bounds=file_bounds.SPEED)
    cruelty = _whole(_field(data, "", "cruelty"), "cruelty", minimum=0, bounds=file_bounds.CRUELTY)
    conditions = _read_conditions(_field(data, "", "conditions"))
    expertises = _list(
        _field(data, "", "expertises"),
        "expertises",
        _read_expertise,
        longest=file_bounds.EXPERTISES,
    )
    items = _list(_field(data, "", "items"), "items", _read_placed_item, longest=file_bounds.ITEMS)
    ground = _list(
        _field(data, "", "ground", []),
        "ground",
        _read_ground_item,
        longest=file_bounds.GROUND_ITEMS,
    )
    wounds = _list(_field(data, "", "wounds"), "wounds", _whole, longest=file_bounds.WOUNDS)
    notes = _text(_field(data, "", "notes"), "notes")
    player = _text(_field(data, "", "player", ""), "player")
    problem = name_problem(player)
    if problem is not None:
        raise _Fail("player", problem)
    portrait_value = _field(data, "", "portrait", None)
    portrait = None if portrait_value is None else _text(portrait_value, "portrait", non_empty=True)
    _check_unique_ids(items, ground, pack_item_paths(added.get("pet_packs", ())))
    return Character(
        name=name,
        player=player,
        characteristics=characteristics,
        stamina=stamina,
        speed_base=speed,
        cruelty=cruelty,
        conditions=tuple(conditions),
        expertises=tuple(expertises),
        items=Inventory(tuple(items), tuple(ground)),
        wounds=tuple(wounds),
        notes=notes,
        portrait=portrait,
        advanced=_flag(_field(data, "", "advanced", False), "advanced"),
        magic_characteristics=_flag(
            _field(data, "", "magic_characteristics", False), "magic_characteristics"
        ),
        **added,
    )


def _read_characteristics(value: Any) -> Characteristics:
    obj = _object(value, "characteristics")
    values = {
        name: _whole(
            _field(obj, "characteristics", name),
            f"characteristics.{name}",
            bounds=file_bounds.CHARACTERISTIC,
        )
        for name in CHARACTERISTIC_NAMES
    }
    return Characteristics(**values)


def _read_stamina(value: Any) -> Stamina:
    obj = _object(value, "stamina")
    maximum = _whole(
        _field(obj, "stamina", "max"), "stamina.max", minimum=0, bounds=file_bounds.STAMINA
    )
    current = _whole(
        _field(obj, "stamina", "current"),
        "stamina.current",
        minimum=0,
        bounds=file_bounds.STAMINA,
    )
    if current > maximum:
        raise _Fail("stamina.current", f"({current}) is above stamina.max ({maximum})")
    return Stamina(max=maximum, current=current)


def _read_conditions(value: Any) -> list[str]:
    conditions = _list(
        value, "conditions", lambda v, p: _choice(v, p, CONDITIONS), longest=len(CONDITIONS) * 2
    )
    seen: set[str] = set()
    for index, condition in enumerate(conditions):
        if condition in seen:
            raise _Fail(f"conditions[{index}]", f"repeats {condition!r}; a condition is had once")
        seen.add(condition)
    return conditions


def _read_expertise(value: Any, path: str) -> Expertise:
    obj = _object(value, path)
    name = _name(_field(obj, path, "name"), _join(path, "name"))
    category = _choice(_field(obj, path, "category"), _join(path, "category"), EXPERTISE_CATEGORIES)
    uses = _whole(
        _field(obj, path, "uses"), _join(path, "uses"), minimum=0, bounds=file_bounds.EXPERTISE_USES
    )
    spent = _whole(
        _field(obj, path, "spent"),
        _join(path, "spent"),
        minimum=0,
        bounds=file_bounds.EXPERTISE_USES,
    )
    if spent > uses:
        raise _Fail(_join(path, "spent"), f"({spent}) is more than {_join(path, 'uses')} ({uses})")
    return Expertise(name=name, category=category, uses=uses, spent=spent)


def _read_placed_item(value: Any, path: str) -> Item:
    obj = _object(value, path)
    area = _choice(_field(obj, path, "area"), _join(path, "area"), AREAS)
    at = None
    if area != MAGIC:
        at = _whole(_field(obj, path, "at"), _join(path, "at"))
    return _read_item(obj, path, area, at)


def _read_ground_item(value: Any, path: str) -> Item:
    obj = _object(value, path)
    if "area" in obj and obj["area"] != GROUND:
        raise _Fail(_join(path, "area"), f"must be 'ground' or left out, not {_shown(obj['area'])}")
    return _read_item(obj, path, GROUND, None)


def _read_item(obj: dict[str, Any], path: str, area: str, at: int | None) -> Item:
    def key(name: str) -> str:
        return _join(path, name)

    name = _name(_field(obj, path, "name"), key("name"))
    magic_value = _field(obj, path, "magic_slot", None)
    return Item(
        name=name,
        area=area,
        at=at,
        slots=_whole(
            _field(obj, path, "slots", 1),
            key("slots"),
            minimum=1,
            bounds=file_bounds.ITEM_SLOTS_READ,
        ),
        count=_whole(
            _field(obj, path, "count", 1), key("count"), minimum=1, bounds=file_bounds.ITEM_COUNT
        ),
        stack=_optional(obj, path, "stack", _read_stack),
        usage_dice=_optional(obj, path, "usage_dice", _read_usage_dice),
        armor=_optional(obj, path, "armor", _read_armor),
        magic_slot=None if magic_value is None else _text(magic_value, key("magic_slot")),
        damage=_optional(obj, path, "damage", _read_damage),
        tags=tuple(
            _list(_field(obj, path, "tags", []), key("tags"), _tag, longest=file_bounds.TAGS)
        ),
        notes=_text(_field(obj, path, "notes", ""), key("notes")),
        id=_text(_field(obj, path, "id", ""), key("id")),
        keywords=tuple(
            _list(
                _field(obj, path, "keywords", []), key("keywords"), _tag, longest=file_bounds.TAGS
            )
        ),
        attack_range=_text(_field(obj, path, "range", ""), key("range")),
        price=_optional(obj, path, "price", _read_price),
        crafting=_optional(obj, path, "crafting", _read_crafting),
        damaged=_flag(_field(obj, path, "damaged", False), key("damaged")),
        useless=_flag(_field(obj, path, "useless", False), key("useless")),
    )


def _read_price(obj: dict[str, Any], path: str) -> Price:
    def gc(name: str) -> int | None:
        value = _field(obj, path, name, None)
        if value is None:
            return None
        return _whole(value, _join(path, name), minimum=0, bounds=file_bounds.PRICE)

    return Price(
        gc=_whole(_field(obj, path, "gc"), _join(path, "gc"), minimum=0, bounds=file_bounds.PRICE),
        fine=gc("fine"),
        masterwork=gc("masterwork"),
    )


def _read_crafting(obj: dict[str, Any], path: str) -> Crafting:
    return Crafting(
        expertise=_text(_field(obj, path, "expertise"), _join(path, "expertise"), non_empty=True),
        uses=_whole(
            _field(obj, path, "uses"),
            _join(path, "uses"),
            minimum=1,
            bounds=file_bounds.EXPERTISE_USES,
        ),
        materials=_text(_field(obj, path, "materials"), _join(path, "materials")),
        goal=_whole(
            _field(obj, path, "goal"), _join(path, "goal"), minimum=0, bounds=file_bounds.PRICE
        ),
    )


def _tag(value: Any, path: str) -> str:
    return _text(value, path, non_empty=True)


def _optional(
    obj: dict[str, Any], path: str, key: str, read: Callable[[dict[str, Any], str], T]
) -> T | None:
    value = obj.get(key)
    if value is None:
        return None
    where = _join(path, key)
    return read(_object(value, where), where)


def _read_stack(obj: dict[str, Any], path: str) -> StackInfo:
    kind = _text(_field(obj, path, "kind"), _join(path, "kind"), non_empty=True)
    limit = _whole(
        _field(obj, path, "limit"), _join(path, "limit"), minimum=1, bounds=file_bounds.ITEM_COUNT
    )
    return StackInfo(kind=kind, limit=limit)


def _read_usage_dice(obj: dict[str, Any], path: str) -> UsageDiceState:
    maximum = _whole(
        _field(obj, path, "max"), _join(path, "max"), minimum=0, bounds=file_bounds.USAGE_DICE
    )
    current = _whole(
        _field(obj, path, "current"),
        _join(path, "current"),
        minimum=0,
        bounds=file_bounds.USAGE_DICE,
    )
    if current > maximum:
        raise _Fail(
            _join(path, "current"), f"({current}) is above {_join(path, 'max')} ({maximum})"
        )
    modes = _list(
        _field(obj, path, "modes", []),
        _join(path, "modes"),
        _mode,
        longest=len(UsageDiceMode) * 2,
    )
    fuel = _field(obj, path, "refuel_with", None)
    return UsageDiceState(
        max=maximum,
        current=current,
        modes=frozenset(modes),
        refuel_with=None
        if fuel is None
        else _text(fuel, _join(path, "refuel_with"), non_empty=True),
    )


def _mode(value: Any, path: str) -> UsageDiceMode:
    return UsageDiceMode(_choice(value, path, tuple(mode.value for mode in UsageDiceMode)))


def _read_armor(obj: dict[str, Any], path: str) -> Armor:
    ad = _whole(
        _field(obj, path, "ad"), _join(path, "ad"), minimum=0, bounds=file_bounds.ARMOUR_DEFENSE
    )
    max_ad = _whole(
        _field(obj, path, "max_ad"),
        _join(path, "max_ad"),
        minimum=0,
        bounds=file_bounds.ARMOUR_DEFENSE,
    )
    if ad > max_ad:
        raise _Fail(_join(path, "ad"), f"({ad}) is above {_join(path, 'max_ad')} ({max_ad})")
    worn = _flag(_field(obj, path, "worn", False), _join(path, "worn"))
    return Armor(ad=ad, max_ad=max_ad, worn=worn)


def _read_damage(obj: dict[str, Any], path: str) -> TierDamage:
    return TierDamage(
        tier2=_whole(
            _field(obj, path, "tier2"), _join(path, "tier2"), minimum=0, bounds=file_bounds.DAMAGE
        ),
        tier3=_whole(
            _field(obj, path, "tier3"), _join(path, "tier3"), minimum=0, bounds=file_bounds.DAMAGE
        ),
        characteristic=_text(
            _field(obj, path, "characteristic", "S"), _join(path, "characteristic"), non_empty=True
        ),
        piercing=_flag(_field(obj, path, "piercing", False), _join(path, "piercing")),
    )


def _check_unique_ids(
    items: list[Item], ground: list[Item], packed: Sequence[tuple[str, Item]] = ()
) -> None:
    """Ids are unique across the crow's items, its ground tray and its pets' packs."""
    seen: dict[str, str] = {}
    placed = [
        (f"{group}[{index}]", item)
        for group, entries in (("items", items), ("ground", ground))
        for index, item in enumerate(entries)
    ]
    for path, item in (*placed, *packed):
        if not item.id:
            continue
        where = f"{path}.id"
        if item.id in seen:
            raise _Fail(where, f"repeats the id {item.id!r} of {seen[item.id]}")
        seen[item.id] = where


# -- writing ----------------------------------------------------------------------------------


def character_to_json(character: Character) -> dict[str, Any]:
    """The character as the file's JSON object (the inverse of :func:`character_from_json`)."""
    added = v2_keys_json(
        character.background,
        character.xp,
        character.traits,
        character.coins,
        character.pets,
        character.connection,
    )
    added.update(pet_keys_json(character.pet_packs, character.burden_pet, _item_json))
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION if added else 1,
        "name": character.name,
    }
    if character.player:
        data["player"] = character.player
    data["characteristics"] = character.characteristics.as_dict()
    data["stamina"] = {"max": character.stamina.max, "current": character.stamina.current}
    data["speed"] = character.speed_base
    data["cruelty"] = character.cruelty
    data["conditions"] = list(character.conditions)
    data["expertises"] = [
        {"name": e.name, "category": e.category, "uses": e.uses, "spent": e.spent}
        for e in character.expertises
    ]
    data["items"] = [_item_json(item) for item in character.items.items]
    if character.items.ground:
        data["ground"] = [_item_json(item) for item in character.items.ground]
    data["wounds"] = list(character.wounds)
    data["notes"] = character.notes
    if character.portrait is not None:
        data["portrait"] = character.portrait
    if character.advanced:
        data["advanced"] = True
    if character.magic_characteristics:
        data["magic_characteristics"] = True
    data.update(added)
    return data


def _item_json(item: Item) -> dict[str, Any]:
    data: dict[str, Any] = {"id": item.id, "name": item.name, "slots": item.slots}
    if item.area != GROUND:
        data["area"] = item.area
    if item.at is not None:
        data["at"] = item.at
    if item.magic_slot is not None:
        data["magic_slot"] = item.magic_slot
    if item.count != 1:
        data["count"] = item.count
    if item.stack is not None:
        data["stack"] = {"kind": item.stack.kind, "limit": item.stack.limit}
    if item.usage_dice is not None:
        dice = item.usage_dice
        data["usage_dice"] = {
            "max": dice.max,
            "current": dice.current,
            "modes": [mode.value for mode in dice.ordered_modes],
        }
        if dice.refuel_with is not None:
            data["usage_dice"]["refuel_with"] = dice.refuel_with
    if item.armor is not None:
        armor = item.armor
        data["armor"] = {"ad": armor.ad, "max_ad": armor.max_ad, "worn": armor.worn}
    if item.damage is not None:
        damage = item.damage
        data["damage"] = {
            "tier2": damage.tier2,
            "tier3": damage.tier3,
            "characteristic": damage.characteristic,
            "piercing": damage.piercing,
        }
    if item.tags:
        data["tags"] = list(item.tags)
    if item.notes:
        data["notes"] = item.notes
    if item.keywords:
        data["keywords"] = list(item.keywords)
    if item.attack_range:
        data["range"] = item.attack_range
    if item.price is not None:
        data["price"] = {"gc": item.price.gc}
        if item.price.fine is not None:
            data["price"]["fine"] = item.price.fine
        if item.price.masterwork is not None:
            data["price"]["masterwork"] = item.price.masterwork
    if item.crafting is not None:
        craft = item.crafting
        data["crafting"] = {
            "expertise": craft.expertise,
            "uses": craft.uses,
            "materials": craft.materials,
            "goal": craft.goal,
        }
    if item.damaged:
        data["damaged"] = True
    if item.useless:
        data["useless"] = True
    return data


def dump_character_json(character: Character) -> str:
    """The text of a ``*.crow.json`` file for the character (UTF-8, two-space indent)."""
    return json.dumps(character_to_json(character), indent=2, ensure_ascii=False) + "\n"
