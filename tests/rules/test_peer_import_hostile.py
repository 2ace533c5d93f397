"""Any value in any key of a peer file is read or refused with one file error (PeerFileError,
a CharacterFileError) — never a crash: every top-level key of The Nest's save and of the Foundry
actors' ``system``, each item's keys, and the play state's keys, given odd values."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from refkit.rules.character.file_format import CharacterFileError, check_character
from refkit.rules.character.peers import read_peer

PEERS = Path(__file__).with_name("data") / "peers"
ODD: list[Any] = [
    None,
    True,
    -1,
    10**40,
    10**5000,
    2.5,
    "",
    "x\x1b[2J",
    [],
    {},
    [[[[1]]]],
    {"a": {}},
]


def _load(name: str) -> dict[str, Any]:
    return json.loads((PEERS / name).read_text(encoding="utf-8"))


def _cases() -> list[tuple[str, tuple[str | int, ...]]]:
    cases: list[tuple[str, tuple[str | int, ...]]] = []
    nest = _load("nest-save-3.json")
    cases += [("nest-save-3.json", (key,)) for key in nest]
    cases += [("nest-save-3.json", ("play", key)) for key in nest["play"]]
    cases += [("nest-save-3.json", ("inv", 0, key)) for key in nest["inv"][0]]
    for name in ("dv-actor-2.json", "dv-actor-3.json", "pirsqed-actor-3.json"):
        actor = _load(name)
        cases += [(name, ("system", key)) for key in actor["system"]]
        cases += [(name, ("items", 0, "system", key)) for key in actor["items"][0]["system"]]
        cases += [(name, (key,)) for key in ("name", "items", "effects", "flags")]
    return cases


@pytest.mark.parametrize(("name", "path"), _cases(), ids=lambda v: str(v))
def test_odd_values_are_read_or_refused_cleanly(name: str, path: tuple[str | int, ...]) -> None:
    original = _load(name)
    for value in ODD:
        data = copy.deepcopy(original)
        target: Any = data
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value
        try:
            found = read_peer(data, "odd.json")
        except CharacterFileError as error:
            assert str(error).startswith("odd.json: read as "), error
            continue
        if found is not None:
            check_character(found.character)  # a crow that was read can be checked
