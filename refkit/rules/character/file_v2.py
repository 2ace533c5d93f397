"""The keys version 2 of the character file adds: ``background``, ``xp``, ``traits``,
``coins``, ``pets`` and ``connection`` (CONTRACT "Additions planned in v1.2").

```json
"background": "Thief",
"xp": {"total": 1650, "spendable": 650},
"traits": ["Thievery: Stealthy", "Thievery: Above It All"],
"coins": 14,
"pets": ["Dog"],
"connection": {"name": "Old Maud", "relationship": "aunt", "benefit": "Foodie"}
```

``xp`` may also say which advancement bonuses were claimed: ``"bonuses": {"expertise_stamina":
int, "expertise_uses_left": int, "characteristic": int}`` (written only when one is not 0).
Every key is optional; a crow without any of them is written as a version 1 file, which older
Refkits read too. Each problem raises ValueError naming the key (``xp.total must be …``).
"""

from __future__ import annotations

from typing import Any

from refkit.rules.character.progress import CONNECTION_BENEFITS, Connection, Experience
from refkit.rules.common import file_bounds
from refkit.rules.common.name_text import name_problem

XP = (0, 100_000_000)
"""Total XP: retirement comes at 60,000; The Nest caps it at 999,999."""
BONUSES = (0, 10_000)
COINS = (0, 10_000_000)
TRAITS = 300
"""Entries in ``traits`` (there are 276 traits)."""
PETS = 50
TEXT = 2_000
"""Characters in one name or relationship."""

V2_KEYS = ("background", "xp", "traits", "coins", "pets", "connection")


def _whole(value: Any, path: str, bounds: tuple[int, int]) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{path} must be a whole number, not {value!r:.40}")
    beyond = file_bounds.bound_problem(value, bounds)
    if beyond is not None:
        raise ValueError(f"{path}: {beyond}")
    return value


def _name(value: Any, path: str, *, empty: bool = False) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{path} must be text, not {type(value).__name__}")
    if not empty and not value.strip():
        raise ValueError(f"{path} must not be empty")
    if len(value) > TEXT:
        raise ValueError(f"{path}: {len(value)} characters is more than {TEXT}")
    problem = name_problem(value)
    if problem is not None:
        raise ValueError(f"{path} {problem}")
    return value


def _names(value: Any, path: str, longest: int) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{path} must be a list of names")
    if len(value) > longest:
        raise ValueError(f"{path}: {len(value)} entries is more than {longest}")
    names = tuple(_name(v, f"{path}[{i}]") for i, v in enumerate(value))
    seen: set[str] = set()
    for index, name in enumerate(names):
        if name.casefold() in seen:
            raise ValueError(f"{path}[{index}] repeats {name!r}")
        seen.add(name.casefold())
    return names


def _object(value: Any, path: str, keys: set[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{path} must be an object with keys")
    unknown = sorted(set(value) - keys)
    if unknown:
        raise ValueError(f"{path} has an unknown key {unknown[0]!r:.40}")
    return value


def read_v2_keys(data: dict[str, Any]) -> dict[str, Any]:
    """The version 2 keys of a character file's object, as :class:`Character` keywords."""
    found: dict[str, Any] = {}
    if "background" in data:
        found["background"] = _name(data["background"], "background", empty=True)
    if "xp" in data:
        found["xp"] = _read_xp(data["xp"])
    if "traits" in data:
        found["traits"] = _names(data["traits"], "traits", TRAITS)
    if "coins" in data:
        found["coins"] = _whole(data["coins"], "coins", COINS)
    if "pets" in data:
        pets = data["pets"]
        if not isinstance(pets, list):
            raise ValueError("pets must be a list of names")
        if len(pets) > PETS:
            raise ValueError(f"pets: {len(pets)} entries is more than {PETS}")
        found["pets"] = tuple(_name(p, f"pets[{i}]") for i, p in enumerate(pets))
    if data.get("connection") is not None:
        found["connection"] = _read_connection(data["connection"])
    return found


def _read_xp(value: Any) -> Experience:
    obj = _object(value, "xp", {"total", "spendable", "bonuses"})
    for key in ("total", "spendable"):
        if key not in obj:
            raise ValueError(f"xp.{key} is missing")
    total = _whole(obj["total"], "xp.total", XP)
    spendable = _whole(obj["spendable"], "xp.spendable", XP)
    if spendable > total:
        raise ValueError(f"xp.spendable ({spendable}) is above xp.total ({total})")
    bonuses = _object(
        obj.get("bonuses", {}),
        "xp.bonuses",
        {"expertise_stamina", "expertise_uses_left", "characteristic"},
    )
    taken = {
        key: _whole(bonuses.get(key, 0), f"xp.bonuses.{key}", BONUSES)
        for key in ("expertise_stamina", "expertise_uses_left", "characteristic")
    }
    return Experience(
        total=total,
        spendable=spendable,
        es_taken=taken["expertise_stamina"],
        es_uses_left=taken["expertise_uses_left"],
        char_taken=taken["characteristic"],
    )


def _read_connection(value: Any) -> Connection:
    obj = _object(value, "connection", {"name", "relationship", "benefit"})
    if "name" not in obj:
        raise ValueError("connection.name is missing")
    benefit = _name(obj.get("benefit", ""), "connection.benefit", empty=True)
    if benefit and benefit not in CONNECTION_BENEFITS:
        raise ValueError(
            f"connection.benefit must be one of {', '.join(CONNECTION_BENEFITS)}, "
            f"not {benefit!r:.40}"
        )
    return Connection(
        name=_name(obj["name"], "connection.name"),
        relationship=_name(obj.get("relationship", ""), "connection.relationship", empty=True),
        benefit=benefit,
    )


def v2_keys_json(
    background: str,
    xp: Experience,
    traits: tuple[str, ...],
    coins: int,
    pets: tuple[str, ...],
    connection: Connection | None,
) -> dict[str, Any]:
    """The version 2 keys that say something (empty when the crow needs none of them)."""
    data: dict[str, Any] = {}
    if background:
        data["background"] = background
    if xp != Experience():
        data["xp"] = {"total": xp.total, "spendable": xp.spendable}
        if xp.bonuses_recorded:
            data["xp"]["bonuses"] = {
                "expertise_stamina": xp.es_taken,
                "expertise_uses_left": xp.es_uses_left,
                "characteristic": xp.char_taken,
            }
    if traits:
        data["traits"] = list(traits)
    if coins:
        data["coins"] = coins
    if pets:
        data["pets"] = list(pets)
    if connection is not None:
        data["connection"] = {
            "name": connection.name,
            "relationship": connection.relationship,
            "benefit": connection.benefit,
        }
    return data


read_name = _name
"""A name read from a file (text, not too long, no control characters); ValueError naming
``path``. Shared with :mod:`refkit.rules.character.file_pets`."""
