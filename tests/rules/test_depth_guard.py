"""Issue 29 §4: one depth guard for every file format's reader. Spell and creature import of a
1 KB TOML file nested 500 deep raised RecursionError (a traceback in the CLI, an exception in
the window); every reader now refuses it — and a file read fine but nested deeper than any
Refkit file — with its own error naming the file."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from refkit.rules.character.file_format import load_character_json
from refkit.rules.combat.bestiary_file import read_bestiary_text
from refkit.rules.combat.fight_file import read_fight_json
from refkit.rules.common.nesting import MAX_DEPTH, TooDeepError, depth_of, read_nested
from refkit.rules.magic.spell_file import parse_spell_toml
from refkit.rules.tables.import_formats import parse_table_toml
from refkit.rules.travel.map_file import parse_map

DEEP_TOML = "a = " + "[" * 500 + "]" * 500 + "\n"
DEEP_JSON = "[" * 100_000 + "]" * 100_000
LESS_DEEP_JSON = '{"a": ' + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "}"
"""Deep enough for no Refkit file, shallow enough for the C reader."""
HUGE_NUMBER_TOML = "a = " + "9" * 5000 + "\n"

READERS: dict[str, tuple[Callable[[str, str], object], list[str]]] = {
    "spell": (parse_spell_toml, [DEEP_TOML, HUGE_NUMBER_TOML]),
    "bestiary": (read_bestiary_text, [DEEP_TOML, HUGE_NUMBER_TOML]),
    "table": (lambda text, origin: parse_table_toml(text, origin=origin), [DEEP_TOML]),
    "character": (load_character_json, [DEEP_JSON, LESS_DEEP_JSON]),
    "map": (parse_map, [DEEP_JSON, LESS_DEEP_JSON]),
    "fight": (read_fight_json, [DEEP_JSON, LESS_DEEP_JSON]),
}


@pytest.mark.parametrize("kind", list(READERS))
def test_every_reader_refuses_deep_nesting_with_its_own_message(kind: str) -> None:
    read, texts = READERS[kind]
    for text in texts:
        with pytest.raises(ValueError) as caught:
            read(text, "hostile.file")
        assert not isinstance(caught.value, RecursionError)
        assert "hostile.file" in str(caught.value)


def test_the_guard_counts_without_recursion() -> None:
    nested: list[object] = []
    inner = nested
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]  # type: ignore[assignment]
    assert depth_of(nested, 50) == 50
    assert depth_of({"a": [1, {"b": 2}]}, 10) == 3
    with pytest.raises(TooDeepError):
        read_nested(lambda _text: nested, "")


@pytest.mark.parametrize(
    ("fmt", "text"),
    [
        ("text", "1 rats\n2-" + "9" * 5001 + " more rats\n"),
        ("csv", "low,high,text\n1," + "9" * 5001 + ",rats\n"),
        ("csv", "low,high,text\n" + "9" * 5001 + ",2,rats\n"),
    ],
)
def test_a_row_end_too_long_to_read_is_a_problem_not_a_crash(fmt: str, text: str) -> None:
    # Found by tests/faults/test_importer_fuzz.py: int() of over 4,300 digits raised ValueError.
    from refkit.app.table_service import TableService
    from refkit.rules.tables.import_formats import TableImportError

    with pytest.raises(TableImportError) as caught:
        TableService.parse(text, name="Rats", fmt=fmt)  # type: ignore[arg-type]
    assert "line 2" in str(caught.value)


def test_a_backups_parties_file_nested_too_deep_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from refkit.app.character_service import read_parties_file

    parties = tmp_path / "parties.json"
    parties.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        read_parties_file(parties)
    assert not isinstance(caught.value, RecursionError)
    assert "nested too deeply" in str(caught.value)
