"""Spells as TOML files: one ``[spell]`` table, its ``[book]``, and a ``[tier1]``..``[tier3]``
table for each outcome (an attack spell needs tier 2 and 3, each with ``damage``).

A file that cannot be used is refused whole with a :class:`SpellFileError` naming the file, the
line and the field: ``fire-lance.toml, line 4, spell.rank: a spell's rank runs from 0 to 5, got 9``.

```toml
[spell]
name = "Fire Lance"
rank = 0
discipline = "elemental"
casting_time = "action"        # action, maneuver, reaction (with trigger), out of combat
attack = true
targets = "1 creature"         # "", "self", "3 allies", "All creatures", "1 object"...
range = "ranged 10"            # melee N, ranged N, within N, self
area = ""                      # aura X, cube X, line AxB
duration = "instant"           # instant, end of DT, N UD
description = "In Refkit's own words."

[book]
name = "Fire lance book"
usage_dice = 1
price = 250

[tier2]
text = "A hit."
damage = "2+M"
```
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from refkit.errors import DomainError
from refkit.rules.common.file_reading import MEGABYTE, read_user_file
from refkit.rules.common.nesting import TooDeepError, UnreadableValueError, read_nested
from refkit.rules.magic.area import parse_area
from refkit.rules.magic.casting_time import parse_casting_time
from refkit.rules.magic.discipline import parse_discipline
from refkit.rules.magic.duration import parse_spell_duration
from refkit.rules.magic.spell import Spell, SpellBook, TierOutcome, check_rank
from refkit.rules.magic.spell_range import parse_spell_range
from refkit.rules.magic.targets import parse_targets
from refkit.rules.magic.words import SpellFieldError

SPELL_FILE_BYTES = MEGABYTE // 4
"""A spell file is a few hundred bytes; this leaves room for long descriptions."""
MOST_TEXT = 2000
"""Characters at most in one text field (a description, an outcome)."""

_SPELL_KEYS = {
    "name": True,
    "rank": True,
    "discipline": True,
    "casting_time": True,
    "trigger": False,
    "attack": False,
    "targets": False,
    "range": True,
    "area": False,
    "duration": True,
    "description": True,
}
_BOOK_KEYS = {"name": True, "usage_dice": False, "price": False}
_TIER_KEYS = {"text": True, "damage": False}
_TABLES = {"spell": _SPELL_KEYS, "book": _BOOK_KEYS, "tier1": _TIER_KEYS, "tier2": _TIER_KEYS}
_TABLES["tier3"] = _TIER_KEYS


class SpellFileError(DomainError, ValueError):
    """A spell file cannot be used; the message names the file, the line and the field."""


class _Lines:
    """Where each ``[table]`` and ``key =`` sits in the text, for messages."""

    _HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_]+)\s*\]")
    _KEY = re.compile(r"^\s*([A-Za-z0-9_]+)\s*=")

    def __init__(self, text: str) -> None:
        self.at: dict[str, int] = {}
        table = ""
        for number, line in enumerate(text.splitlines(), start=1):
            header = self._HEADER.match(line)
            if header is not None:
                table = header[1]
                self.at.setdefault(table, number)
                continue
            key = self._KEY.match(line)
            if key is not None:
                self.at.setdefault(f"{table}.{key[1]}" if table else key[1], number)

    def line(self, field: str) -> int | None:
        return self.at.get(field) or self.at.get(field.split(".")[0])


class _Reader:
    def __init__(self, text: str, origin: str) -> None:
        self.origin = origin
        self.lines = _Lines(text)

    def fail(self, field: str, message: str) -> SpellFileError:
        line = self.lines.line(field)
        where = f"{self.origin}, line {line}" if line is not None else self.origin
        return SpellFileError(f"{where}, {field}: {message}")

    def table(self, data: Mapping[str, Any], name: str, required: bool) -> Mapping[str, Any]:
        value = data.get(name)
        if value is None:
            if required:
                raise self.fail(name, f"the file needs a [{name}] table")
            return {}
        if not isinstance(value, dict):
            raise self.fail(name, f"{name} must be a table ([{name}])")
        keys = _TABLES[name]
        for key in value:
            if key not in keys:
                known = ", ".join(keys)
                raise self.fail(f"{name}.{key}", f"unknown field (expected {known})")
        for key, needed in keys.items():
            if needed and key not in value:
                raise self.fail(name, f"[{name}] needs {key}")
        return value

    def text(self, table: Mapping[str, Any], name: str, key: str, default: str = "") -> str:
        value = table.get(key, default)
        if not isinstance(value, str):
            raise self.fail(f"{name}.{key}", f"must be text in quotes, got {value!r}")
        if len(value) > MOST_TEXT:
            raise self.fail(f"{name}.{key}", f"holds {len(value)} characters; at most {MOST_TEXT}")
        return value.strip()

    def number(self, table: Mapping[str, Any], name: str, key: str, default: int) -> int:
        value = table.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{name}.{key}", f"must be a whole number, got {value!r}")
        return value

    def flag(self, table: Mapping[str, Any], name: str, key: str) -> bool:
        value = table.get(key, False)
        if not isinstance(value, bool):
            raise self.fail(f"{name}.{key}", f"must be true or false, got {value!r}")
        return value


def parse_spell_toml(text: str, origin: str = "spell file") -> Spell:
    """The spell in ``text``; SpellFileError naming ``origin``, the line and the field."""
    reader = _Reader(text, origin)
    try:
        data = read_nested(tomllib.loads, text)
    except tomllib.TOMLDecodeError as error:
        raise SpellFileError(f"{origin}: not valid TOML ({error})") from None
    except (TooDeepError, UnreadableValueError) as error:
        raise SpellFileError(f"{origin}: {error.reason}") from None
    return _read_spell(data, reader)


def spell_from_tables(data: Mapping[str, Any], origin: str = "the spell editor") -> Spell:
    """The spell from the tables a spell file holds (``{"spell": {...}, "book": {...},
    "tier1": {...}}``), through the file's own checks: SpellFileError naming ``origin`` and the
    field (``the spell editor, spell.range: cannot read range 'far' ...``)."""
    return _read_spell(data, _Reader("", origin))


def _read_spell(data: Mapping[str, Any], reader: _Reader) -> Spell:
    for name in data:
        if name not in _TABLES:
            raise reader.fail(name, "unknown table (expected spell, book, tier1, tier2, tier3)")
    spell = reader.table(data, "spell", True)
    book = reader.table(data, "book", True)
    tiers = {tier: reader.table(data, f"tier{tier}", False) for tier in (1, 2, 3)}

    def parsed(field: str, parse: Any, *values: object) -> Any:
        try:
            return parse(*values)
        except SpellFieldError as error:
            raise reader.fail(field, str(error)) from None

    name = reader.text(spell, "spell", "name")
    outcomes = {
        tier: TierOutcome(
            text=reader.text(table, f"tier{tier}", "text"),
            damage=reader.text(table, f"tier{tier}", "damage"),
        )
        for tier, table in tiers.items()
        if table
    }
    fields: dict[str, Any] = {
        "rank": parsed("spell.rank", check_rank, reader.number(spell, "spell", "rank", 0)),
        "discipline": parsed("spell.discipline", parse_discipline, spell["discipline"]),
        "casting_time": parsed(
            "spell.casting_time",
            parse_casting_time,
            reader.text(spell, "spell", "casting_time"),
            reader.text(spell, "spell", "trigger"),
        ),
        "targets": parsed("spell.targets", parse_targets, reader.text(spell, "spell", "targets")),
        "range": parsed("spell.range", parse_spell_range, reader.text(spell, "spell", "range")),
        "area": parsed("spell.area", parse_area, reader.text(spell, "spell", "area")),
        "duration": parsed(
            "spell.duration", parse_spell_duration, reader.text(spell, "spell", "duration")
        ),
    }
    try:
        holder = SpellBook(
            name=reader.text(book, "book", "name"),
            usage_dice=reader.number(book, "book", "usage_dice", 1),
            price=reader.number(book, "book", "price", 0),
        )
    except SpellFieldError as error:
        raise reader.fail("book", str(error)) from None
    try:
        return Spell(
            name=name,
            book=holder,
            description=reader.text(spell, "spell", "description"),
            attack=reader.flag(spell, "spell", "attack"),
            outcomes=outcomes,
            **fields,
        )
    except SpellFieldError as error:
        message = str(error)
        tier = re.search(r"damage at tier (\d)", message)
        raise reader.fail(f"tier{tier[1]}" if tier else "spell", message) from None


def load_spell_file(path: str | os.PathLike[str]) -> Spell:
    """Read a spell file a user names (a regular file, at most :data:`SPELL_FILE_BYTES`)."""
    data = read_user_file(path, limit=SPELL_FILE_BYTES, what="spell file")
    name = Path(path).name
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SpellFileError(f"{name}: not UTF-8 text (byte {error.start})") from None
    return parse_spell_toml(text, origin=name)


def _quoted(text: str) -> str:
    """``text`` as a TOML basic string: json escapes quotes, backslashes and control characters
    as TOML does, all but DEL, which TOML wants escaped too."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def spell_to_toml(spell: Spell) -> str:
    """``spell`` as a spell file that :func:`parse_spell_toml` reads back to the same spell."""
    casting = spell.casting_time
    fields = [
        ("name", _quoted(spell.name)),
        ("rank", str(spell.rank)),
        ("discipline", _quoted(spell.discipline.value)),
        ("casting_time", _quoted(casting.kind.value)),
    ]
    if casting.trigger:
        fields.append(("trigger", _quoted(casting.trigger)))
    fields += [
        ("attack", "true" if spell.attack else "false"),
        ("targets", _quoted(spell.targets.text)),
        ("range", _quoted(spell.range.text)),
        ("area", _quoted("" if spell.area is None else spell.area.text)),
        ("duration", _quoted(spell.duration.text)),
        ("description", _quoted(spell.description)),
    ]
    lines = ["[spell]", *(f"{key} = {value}" for key, value in fields), ""]
    book = spell.book
    lines += [
        "[book]",
        f"name = {_quoted(book.name)}",
        f"usage_dice = {book.usage_dice}",
        f"price = {book.price}",
    ]
    for tier in sorted(spell.outcomes):
        outcome = spell.outcomes[tier]
        lines += ["", f"[tier{tier}]", f"text = {_quoted(outcome.text)}"]
        if outcome.damage:
            lines.append(f"damage = {_quoted(outcome.damage)}")
    return "\n".join(lines) + "\n"
