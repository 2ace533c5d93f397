"""A fight as JSON, to keep it in the database between runs: the round, the sides and every
combatant, with each creature's entry as a bestiary file of one (read back with its checks).

Reading refuses anything that is not a fight Refkit wrote, naming the field.
"""

from __future__ import annotations

import json
from typing import Any

from refkit.rules.combat.bestiary_file import bestiary_text, read_bestiary_text
from refkit.rules.combat.damage import Standing
from refkit.rules.combat.fight import Combatant, Fight
from refkit.rules.combat.initiative import SIDES, Side
from refkit.rules.common.nesting import TooDeepError, UnreadableValueError, read_nested

FORMAT = "refkit-fight"
VERSION = 1
STANDINGS: tuple[Standing, ...] = ("fighting", "knocked_out", "dead")


def fight_json(fight: Fight) -> str:
    """The fight as compact JSON."""
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "round": fight.round,
            "first": fight.first,
            "acting": fight.acting,
            "current": fight.current,
            "initiative_die": fight.initiative_die,
            "combatants": [
                {
                    "name": f.name,
                    "side": f.side,
                    "creature": None if f.creature is None else bestiary_text([f.creature]),
                    "stamina": f.stamina,
                    "ad": f.ad,
                    "conditions": list(f.conditions),
                    "standing": f.standing,
                    "acted": f.acted,
                    "surprised": f.surprised,
                    "wounds": f.wounds,
                    "grabbed_by": f.grabbed_by,
                }
                for f in fight.combatants
            ],
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def read_fight_json(text: str, source: str = "fight") -> Fight:
    """The fight in ``text``; ValueError naming ``source`` and the field that is wrong."""
    try:
        data = read_nested(json.loads, text)
    except json.JSONDecodeError as error:
        raise ValueError(f"{source}: not JSON ({error})") from None
    except (TooDeepError, UnreadableValueError) as error:
        raise ValueError(f"{source}: {error.reason}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{source}: not a Refkit fight")
    if data.get("version") != VERSION:
        raise ValueError(f"{source}: version {data.get('version')!r} is not one Refkit reads")
    combatants = data.get("combatants")
    if not isinstance(combatants, list):
        raise ValueError(f"{source}: combatants must be a list")
    fighters = tuple(
        _combatant(entry, f"{source}: combatants[{index}]")
        for index, entry in enumerate(combatants)
    )
    return Fight(
        combatants=fighters,
        round=_whole(data.get("round"), f"{source}: round"),
        first=_side(data.get("first"), f"{source}: first", optional=True),
        acting=_side(data.get("acting"), f"{source}: acting", optional=True),
        current=_text_or_none(data.get("current"), f"{source}: current"),
        initiative_die=_whole_or_none(data.get("initiative_die"), f"{source}: initiative_die"),
    )


def _combatant(entry: Any, where: str) -> Combatant:
    if not isinstance(entry, dict):
        raise ValueError(f"{where}: must be an object")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{where}.name: must be a name")
    raw = entry.get("creature")
    creature = None
    if raw is not None:
        if not isinstance(raw, str):
            raise ValueError(f"{where}.creature: must be a bestiary entry")
        (creature,) = read_bestiary_text(raw, f"{where}.creature")
    conditions = entry.get("conditions", [])
    if not isinstance(conditions, list) or not all(isinstance(c, str) for c in conditions):
        raise ValueError(f"{where}.conditions: must be a list of names")
    standing = entry.get("standing")
    if standing not in STANDINGS:
        raise ValueError(f"{where}.standing: must be one of {', '.join(STANDINGS)}")
    acted = entry.get("acted")
    if not isinstance(acted, bool):
        raise ValueError(f"{where}.acted: must be true or false")
    surprised = entry.get("surprised", False)
    if not isinstance(surprised, bool):
        raise ValueError(f"{where}.surprised: must be true or false")
    wounds = _whole(entry.get("wounds", 0), f"{where}.wounds")
    grabbed_by = _text_or_none(entry.get("grabbed_by"), f"{where}.grabbed_by")
    side = _side(entry.get("side"), f"{where}.side", optional=False)
    assert side is not None
    return Combatant(
        name=name,
        side=side,
        creature=creature,
        stamina=_whole_or_none(entry.get("stamina"), f"{where}.stamina"),
        ad=_whole_or_none(entry.get("ad"), f"{where}.ad"),
        conditions=tuple(conditions),
        standing=standing,
        acted=acted,
        surprised=surprised,
        wounds=wounds,
        grabbed_by=grabbed_by,
    )


def _whole(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{where}: must be a whole number 0 or more, got {value!r}")
    return value


def _whole_or_none(value: Any, where: str) -> int | None:
    return None if value is None else _whole(value, where)


def _text_or_none(value: Any, where: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ValueError(f"{where}: must be a name or null")
    return value


def _side(value: Any, where: str, *, optional: bool) -> Side | None:
    if value is None and optional:
        return None
    if value not in SIDES:
        raise ValueError(f"{where}: must be crows or enemies, got {value!r}")
    side: Side = value
    return side
