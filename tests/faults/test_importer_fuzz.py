"""Issue 29, done means: the importers' fuzzers run with the unit tests, with a fixed seed and
budget — every importer (character, table in its three formats, spell, bestiary, map, fight, and
The Nest's and the two Foundry systems' crows) either reads a mutated or generated file or
refuses it with its own error naming the file;
never a RecursionError, TypeError, KeyError or any other crash.

Inputs are the shipped files mutated (bytes flipped, cut short, a span doubled, deep nesting
spliced in, huge numbers put in) and generated JSON/TOML-shaped documents. ``derandomize``
makes every run try the same inputs, so a failure here reproduces; the budget keeps the whole
module to a few seconds.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refkit.app.character_files import read_importable_text
from refkit.app.table_service import TableService
from refkit.locate import resource_path
from refkit.rules.character.file_format import CharacterFileError, load_character_json
from refkit.rules.combat.bestiary_file import BestiaryFileError, read_bestiary_text
from refkit.rules.combat.fight_file import read_fight_json
from refkit.rules.magic.spell_file import SpellFileError, parse_spell_toml
from refkit.rules.tables.import_formats import TableImportError
from refkit.rules.travel.map_file import MapFileError, parse_map

EXAMPLES = 60
"""Tries per importer and kind of input (fixed: ``derandomize``)."""

FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

Reader = Callable[[str], object]


def _table(fmt: str) -> Reader:
    return lambda text: TableService.parse(text, name="Fuzzed", fmt=fmt)  # type: ignore[arg-type]


PEERS = Path(__file__).resolve().parents[1] / "rules" / "data" / "peers"

PEER_SAMPLES = [PEERS / f"{stem}.json" for stem in ("nest-save-1", "dv-actor-1", "pirsqed-actor-1")]

IMPORTERS: dict[str, tuple[Reader, tuple[type[Exception], ...], Path]] = {
    "character": (
        lambda text: load_character_json(text, "fuzzed.crow.json"),
        (CharacterFileError,),
        resource_path("sample_party", "wren-ashdown.crow.json"),
    ),
    "table-toml": (_table("toml"), (TableImportError,), resource_path("tables", "miasma.toml")),
    "table-text": (_table("text"), (TableImportError,), resource_path("tables", "miasma.toml")),
    "table-csv": (_table("csv"), (TableImportError,), resource_path("tables", "miasma.toml")),
    "spell": (
        lambda text: parse_spell_toml(text, "fuzzed.toml"),
        (SpellFileError,),
        resource_path("spells", "corrupt.toml"),
    ),
    "bestiary": (
        lambda text: read_bestiary_text(text, "fuzzed.toml"),
        (BestiaryFileError,),
        resource_path("bestiary", "dungeon.toml"),
    ),
    "map": (
        lambda text: parse_map(text, "fuzzed.map.json"),
        (MapFileError,),
        resource_path("maps", "ashen-marches.map.json"),
    ),
    # The other Crows tools' crows (issue 26): The Nest's save and the two Foundry systems' actors.
    **{
        f"peer-{sample.stem}": (
            lambda text: read_importable_text(text, "fuzzed.json"),
            (CharacterFileError,),
            sample,
        )
        for sample in PEER_SAMPLES
    },
    "fight": (
        lambda text: read_fight_json(text, "fuzzed fight"),
        (ValueError,),
        resource_path("sample_party", "wren-ashdown.crow.json"),
    ),
}


def _read_or_refuse(kind: str, text: str) -> None:
    read, refusals, _seed = IMPORTERS[kind]
    try:
        read(text)
    except refusals as refusal:
        assert str(refusal).strip(), f"{kind}: an empty refusal"
    # Anything else (RecursionError, TypeError, KeyError, AttributeError…) fails the test.


@st.composite
def mutated(draw: st.DrawFn, original: str) -> str:
    text = original
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, max(len(text) - 1, 0)))
        how = draw(
            st.sampled_from(["flip", "cut", "double", "nest", "deep value", "number", "drop"])
        )
        if how == "flip":
            char = draw(st.characters(codec="utf-8"))
            text = text[:where] + char + text[where + 1 :]
        elif how == "cut":
            text = text[:where]
        elif how == "double":
            span = draw(st.integers(1, 200))
            text = text[:where] + text[where : where + span] * 2 + text[where + span :]
        elif how == "nest":
            depth = draw(st.sampled_from([40, 600, 5000]))
            opener = draw(st.sampled_from(["[", "{", '{"a":', "{a="]))
            closer = {"[": "]", "{": "}", '{"a":': "}", "{a=": "}"}[opener]
            text = text[:where] + opener * depth + closer * depth + text[where:]
        elif how == "deep value":  # a key whose value nests deep, where a value may stand
            depth = draw(st.sampled_from([40, 600]))
            text += "\nzz = " + "[" * depth + "]" * depth + "\n"
        elif how == "number":
            text = text[:where] + "9" * draw(st.sampled_from([20, 5000])) + text[where:]
        else:
            span = draw(st.integers(1, 80))
            text = text[:where] + text[where + span :]
    return text


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    *("format", "version", "name", "rows", "items", "hexes", "spell", "a"),
                    *("v", "bg", "inv", "type", "system", "_stats"),  # the peer crows' own keys
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=30,
)


@pytest.mark.parametrize("kind", list(IMPORTERS))
def test_mutated_files_are_read_or_refused_cleanly(kind: str) -> None:
    original = IMPORTERS[kind][2].read_text(encoding="utf-8")

    @FUZZ
    @given(mutated(original))
    def check(text: str) -> None:
        _read_or_refuse(kind, text)

    check()


@pytest.mark.parametrize("kind", list(IMPORTERS))
def test_generated_documents_are_read_or_refused_cleanly(kind: str) -> None:
    @FUZZ
    @given(JSONISH)
    def check(document: object) -> None:
        _read_or_refuse(kind, json.dumps(document))

    check()
