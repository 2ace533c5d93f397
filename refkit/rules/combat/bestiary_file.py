"""The bestiary file: creatures as TOML, read with every problem named by file, line and field,
and written back so that reading the text again gives the same creatures.

```toml
format = "refkit-bestiary"
version = 1

[[creature]]
name = "Tunnel ghoul"
size = "medium"          # tiny, small, medium, large, huge, holy shit!
stamina = 9
ad = 2                   # optional, 0
speed = 6                # optional, 5
reach = 1                # optional: the size's
agility = 1              # agility, mind, strength: optional, 0
conditions = []          # optional
notes = "…"              # optional
uses_wounds = false      # optional: true for humans and animals that take wounds

[[creature.attack]]
name = "Claws"
kind = "melee"           # melee (with reach) or ranged (with range)
reach = 1
damage = "2 / 5"         # tier 2 / tier 3, the characteristic added
characteristic = "S"     # A, S, M, A/S or "" (optional, S)
piercing = false         # optional
keywords = ["rending", { name = "parry 2", note = "the referee's own note" }]
thrown = false           # ranged only, optional
ammunition = false       # ranged only, optional
```
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from refkit.errors import DomainError
from refkit.rules.combat.creature import MELEE, RANGED, Attack, Creature, CreatureProblem
from refkit.rules.combat.keywords import KEYWORD_NOTES, Keyword, read_keyword
from refkit.rules.common.file_reading import MEGABYTE, read_user_file
from refkit.rules.common.nesting import TooDeepError, UnreadableValueError, read_nested

FORMAT = "refkit-bestiary"
VERSION = 1
FILE_BYTES = MEGABYTE
MAX_CREATURES = 500

_CREATURE_KEYS = frozenset(
    {
        "name",
        "size",
        "stamina",
        "ad",
        "speed",
        "reach",
        "agility",
        "mind",
        "strength",
        "conditions",
        "notes",
        "uses_wounds",
        "attack",
    }
)
_ATTACK_KEYS = frozenset(
    {
        "name",
        "kind",
        "reach",
        "range",
        "damage",
        "characteristic",
        "piercing",
        "keywords",
        "thrown",
        "ammunition",
    }
)
_DAMAGE = re.compile(r"^\s*(\d{1,3})\s*/\s*(\d{1,3})\s*$")
_TOML_LINE = re.compile(r"at line (\d+)")


class BestiaryFileError(DomainError, ValueError):
    """A bestiary file that cannot be read; the message names the file, the line and the field."""


class _Problem(DomainError):
    """One field's problem, before the reader adds the file and line it is on."""

    def __init__(self, field: str, reason: str, attack: int | None = None) -> None:
        super().__init__(reason)
        self.field = field
        self.reason = reason
        self.attack = attack


def read_bestiary_file(path: str | Path) -> tuple[Creature, ...]:
    """The creatures in the bestiary file at ``path``; BestiaryFileError naming what is wrong."""
    data = read_user_file(path, limit=FILE_BYTES, what="bestiary file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BestiaryFileError(f"{path}: not UTF-8 text (byte {error.start + 1})") from None
    return read_bestiary_text(text, str(path))


def read_bestiary_text(text: str, source: str = "bestiary") -> tuple[Creature, ...]:
    """The creatures in bestiary TOML ``text``; ``source`` names it in messages."""
    try:
        document = read_nested(tomllib.loads, text)
    except tomllib.TOMLDecodeError as error:
        raise BestiaryFileError(f"{source}: not TOML: {error}") from None
    except (TooDeepError, UnreadableValueError) as error:
        raise BestiaryFileError(f"{source}: {error.reason}") from None
    lines = text.splitlines()
    if document.get("format") != FORMAT:
        raise BestiaryFileError(
            f"{source}:{_top_line(lines, 'format')}: format must be {FORMAT!r}, "
            f"got {document.get('format')!r}"
        )
    if document.get("version") != VERSION:
        raise BestiaryFileError(
            f"{source}:{_top_line(lines, 'version')}: version {document.get('version')!r} "
            f"is not one Refkit reads (it reads version {VERSION})"
        )
    unknown = set(document) - {"format", "version", "creature"}
    if unknown:
        key = sorted(unknown)[0]
        raise BestiaryFileError(f"{source}:{_top_line(lines, key)}: unknown key {key!r}")
    entries = document.get("creature", [])
    if not isinstance(entries, list) or not entries:
        raise BestiaryFileError(f"{source}: no [[creature]] tables; a bestiary holds at least one")
    if len(entries) > MAX_CREATURES:
        raise BestiaryFileError(
            f"{source}: {len(entries)} creatures; a bestiary holds at most {MAX_CREATURES}"
        )
    creatures: list[Creature] = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(entries):
        try:
            creature = _creature(entry)
        except _Problem as problem:
            line = _line_of(lines, index, problem.attack, problem.field.split(".")[-1])
            where = f"creature {index + 1}"
            name = entry.get("name") if isinstance(entry, dict) else None
            if isinstance(name, str) and name.strip():
                where += f" ({' '.join(name.split())})"
            field = problem.field
            if problem.attack is not None:
                field = f"attack {problem.attack + 1}: {field}"
            raise BestiaryFileError(
                f"{source}:{line}: {where}, {field}: {problem.reason}"
            ) from None
        key = creature.name.lower()
        if key in seen:
            raise BestiaryFileError(
                f"{source}:{_line_of(lines, index, None, 'name')}: creature {index + 1}: the name "
                f"{creature.name!r} is taken by creature {seen[key] + 1}"
            )
        seen[key] = index
        creatures.append(creature)
    return tuple(creatures)


def _table(
    value: object, what: str, known: frozenset[str], needed: tuple[str, ...]
) -> dict[str, Any]:
    """``value`` as a table with only ``known`` keys and every ``needed`` one."""
    if not isinstance(value, dict):
        raise _Problem(what, "must be a table")
    unknown = set(value) - known
    if unknown:
        key = sorted(unknown)[0]
        raise _Problem(key, f"unknown field {key!r}")
    for key in needed:
        if key not in value:
            raise _Problem(key, "is missing")
    return value


def _creature(raw: object) -> Creature:
    entry = _table(raw, "creature", _CREATURE_KEYS, ("name", "size", "stamina"))
    raw_attacks = entry.get("attack", [])
    if not isinstance(raw_attacks, list):
        raise _Problem("attack", "must be [[creature.attack]] tables")
    attacks = []
    for number, raw in enumerate(raw_attacks):
        try:
            attacks.append(_attack(raw))
        except _Problem as problem:
            raise _Problem(problem.field, problem.reason, attack=number) from None
        except CreatureProblem as problem:
            raise _Problem(_file_field(problem.field), problem.reason, attack=number) from None
    conditions = entry.get("conditions", [])
    if not isinstance(conditions, list) or not all(isinstance(c, str) for c in conditions):
        raise _Problem("conditions", "must be a list of condition names")
    options = {
        key: entry[key]
        for key in ("ad", "speed", "reach", "agility", "mind", "strength", "notes")
        if key in entry
    }
    uses_wounds = entry.get("uses_wounds", False)
    if not isinstance(uses_wounds, bool):
        raise _Problem("uses_wounds", "must be true or false")
    size = entry["size"]
    try:
        return Creature(
            name=entry["name"],
            size=size if isinstance(size, str) else repr(size),
            stamina=entry["stamina"],
            attacks=tuple(attacks),
            conditions=tuple(c.strip().lower() for c in conditions),
            uses_wounds=uses_wounds,
            **options,
        )
    except CreatureProblem as problem:
        raise _Problem(problem.field, problem.reason) from None


def _file_field(field: str) -> str:
    """The file's key for a field an Attack names in words."""
    return {"damage (tier 2)": "damage", "damage (tier 3)": "damage"}.get(field, field)


def _attack(value: object) -> Attack:
    raw = _table(value, "attack", _ATTACK_KEYS, ("name", "kind", "damage"))
    kind = raw["kind"]
    if kind not in (MELEE, RANGED):
        raise _Problem("kind", f"must be melee or ranged, got {kind!r}")
    distance_key = "reach" if kind == MELEE else "range"
    other = "range" if kind == MELEE else "reach"
    if other in raw:
        raise _Problem(other, f"a {kind} attack has {distance_key}, not {other}")
    squares = raw.get(distance_key, 1)
    if distance_key == "range" and distance_key not in raw:
        raise _Problem("kind", "a ranged attack needs range")
    damage = raw["damage"]
    match = _DAMAGE.match(damage) if isinstance(damage, str) else None
    if match is None:
        raise _Problem("damage", f'must read "tier 2 / tier 3", e.g. "2 / 5", not {damage!r}')
    for key in ("piercing", "thrown", "ammunition"):
        if key in raw and not isinstance(raw[key], bool):
            raise _Problem(key, "must be true or false")
    characteristic = raw.get("characteristic", "S")
    if not isinstance(characteristic, str):
        raise _Problem("characteristic", "must be A, S, M, A/S or empty")
    return Attack(
        name=raw["name"],
        kind=kind,
        squares=squares,
        tier2=int(match[1]),
        tier3=int(match[2]),
        characteristic=characteristic.strip().upper(),
        piercing=raw.get("piercing", False),
        keywords=_keywords(raw.get("keywords", [])),
        thrown=raw.get("thrown", False),
        ammunition=raw.get("ammunition", False),
    )


def _keywords(raw: object) -> tuple[Keyword, ...]:
    if not isinstance(raw, list):
        raise _Problem("keywords", "must be a list")
    keywords: list[Keyword] = []
    for item in raw:
        try:
            if isinstance(item, str):
                keywords.append(read_keyword(item))
            elif isinstance(item, dict) and isinstance(item.get("name"), str):
                note = item.get("note")
                if note is not None and not isinstance(note, str):
                    raise _Problem("keywords", f"the note on {item['name']!r} must be text")
                keywords.append(read_keyword(item["name"], note))
            else:
                raise _Problem("keywords", f"each is a word or {{ name, note }}, not {item!r}")
        except ValueError as error:
            raise _Problem("keywords", str(error)) from None
    return tuple(keywords)


# -- where a problem is -------------------------------------------------------------------------

_HEADER = re.compile(r"^\s*\[\[\s*creature\s*\]\]")
_ATTACK_HEADER = re.compile(r"^\s*\[\[\s*creature\s*\.\s*attack\s*\]\]")


def _top_line(lines: Sequence[str], key: str) -> int:
    for number, line in enumerate(lines, start=1):
        if _HEADER.match(line):
            break
        if re.match(rf"^\s*{re.escape(key)}\s*=", line):
            return number
    return 1


def _line_of(lines: Sequence[str], creature: int, attack: int | None, key: str) -> int:
    """The line of ``key`` in the ``creature``-th [[creature]] (in its ``attack``-th attack),
    else the line of that table's header."""
    headers = [n for n, line in enumerate(lines) if _HEADER.match(line)]
    if creature >= len(headers):
        return 1
    start = headers[creature]
    end = headers[creature + 1] if creature + 1 < len(headers) else len(lines)
    if attack is not None:
        attacks = [n for n in range(start, end) if _ATTACK_HEADER.match(lines[n])]
        if attack < len(attacks):
            start = attacks[attack]
            end = attacks[attack + 1] if attack + 1 < len(attacks) else end
    else:
        attacks = [n for n in range(start, end) if _ATTACK_HEADER.match(lines[n])]
        end = attacks[0] if attacks else end
    pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
    for number in range(start, end):
        if pattern.match(lines[number]):
            return number + 1
    return start + 1


# -- writing ------------------------------------------------------------------------------------


def bestiary_text(creatures: Iterable[Creature]) -> str:
    """The creatures as a bestiary file (read back by :func:`read_bestiary_text` unchanged)."""
    out = [f'format = "{FORMAT}"', f"version = {VERSION}"]
    for creature in creatures:
        out += [
            "",
            "[[creature]]",
            f"name = {_string(creature.name)}",
            f"size = {_string(creature.size)}",
            f"stamina = {creature.stamina}",
            f"ad = {creature.ad}",
            f"speed = {creature.speed}",
            f"reach = {creature.reach}",
            f"agility = {creature.agility}",
            f"mind = {creature.mind}",
            f"strength = {creature.strength}",
        ]
        if creature.conditions:
            out.append(f"conditions = [{', '.join(_string(c) for c in creature.conditions)}]")
        if creature.notes:
            out.append(f"notes = {_string(creature.notes)}")
        if creature.uses_wounds:
            out.append("uses_wounds = true")
        for attack in creature.attacks:
            out += [
                "",
                "[[creature.attack]]",
                f"name = {_string(attack.name)}",
                f"kind = {_string(attack.kind)}",
                f"{'reach' if attack.kind == MELEE else 'range'} = {attack.squares}",
                f'damage = "{attack.tier2} / {attack.tier3}"',
                f"characteristic = {_string(attack.characteristic)}",
            ]
            if attack.piercing:
                out.append("piercing = true")
            if attack.thrown:
                out.append("thrown = true")
            if attack.ammunition:
                out.append("ammunition = true")
            if attack.keywords:
                out.append(f"keywords = [{', '.join(_keyword(k) for k in attack.keywords)}]")
    return "\n".join(out) + "\n"


def _keyword(keyword: Keyword) -> str:
    if keyword.note == KEYWORD_NOTES.get(keyword.name, ""):
        return _string(keyword.label)
    return f"{{ name = {_string(keyword.label)}, note = {_string(keyword.note)} }}"


def _string(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's too, and DEL (raw in JSON, refused by
    TOML) is escaped as well."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


class CreatureEntryError(DomainError, ValueError):
    """A creature entered by hand (the bestiary editor's form) breaks a rule: ``field`` names
    it, ``attack`` says which attack (0 for the first) when it is an attack's."""

    def __init__(self, field: str, reason: str, attack: int | None = None) -> None:
        where = field if attack is None else f"attack {attack + 1}: {field}"
        super().__init__(f"{where}: {reason}")
        self.field = field
        self.reason = reason
        self.attack = attack


def creature_from_entry(entry: Mapping[str, Any]) -> Creature:
    """One creature from a table shaped as a ``[[creature]]`` of the file (with its ``attack``
    tables), checked exactly as a file's; CreatureEntryError names the field and the reason."""
    try:
        return _creature(dict(entry))
    except _Problem as problem:
        raise CreatureEntryError(problem.field, problem.reason, problem.attack) from None
