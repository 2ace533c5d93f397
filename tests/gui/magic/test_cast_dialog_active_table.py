"""The casting window starts on the backlash table the referee chose, and a cast with no table
named rolls its backlash there."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.magic.cast_desk import CastDesk
from refkit.compose import Services
from refkit.gui.magic.cast_dialog import CastDialog
from refkit.rules.character.file_format import load_character_json
from refkit.rules.magic.casting import CastDice
from refkit.rules.tables.defaults import BACKLASH_TABLE, default_table
from refkit.slot_record import replace
from tests.gui.magic.test_cast_dialog import CASTER, CROW

OWN = "Official backlashes"


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    with Services(db_url=str(tmp_path / "refkit.sqlite3")) as built:
        built.characters.create(load_character_json(json.dumps(CASTER)))
        shipped = default_table(BACKLASH_TABLE)
        rows = tuple(replace(row, text=f"Sparks {row.low}") for row in shipped.rows)
        built.tables.add(replace(shipped, name=OWN, rows=rows))
        yield built


def desk_on(services: Services) -> CastDesk:
    return CastDesk(
        services.characters,
        services.dungeon,
        services.spells.spells,
        services.dice.log_roll,
        services.utc_now,
        tables=services.tables.get,
        make_rng=lambda: (random.Random(5), 5),
        active_table=lambda: services.tables.active("backlash").name,
    )


def test_the_window_starts_on_the_table_in_use(qtbot, services: Services) -> None:
    before = CastDialog(desk_on(services), lambda _command: None, crow=CROW)
    qtbot.addWidget(before)
    assert before.table_box.currentText() == BACKLASH_TABLE
    services.tables.use_table(OWN, "backlash")
    after = CastDialog(desk_on(services), lambda _command: None, crow=CROW)
    qtbot.addWidget(after)
    assert after.table_box.currentText() == OWN
    assert {after.table_box.itemText(i) for i in range(after.table_box.count())} >= {
        OWN,
        BACKLASH_TABLE,
    }


def test_a_cast_with_no_table_named_rolls_on_the_table_in_use(services: Services) -> None:
    services.tables.use_table(OWN, "backlash")
    desk = desk_on(services)
    crow = desk.crow(CROW)
    book = next(book for book in desk.books(crow) if book.item_id == "light")
    doom = CastDice(test=(1, 1), book=(6, 6), backlash=(10, 1))
    plan = desk.plan(crow, book, dice=doom)
    assert plan.result.backlash is not None
    assert plan.result.backlash.table == OWN
    assert plan.result.backlash.text == "Sparks 1"
