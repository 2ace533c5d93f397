"""Issue 24, item 5, in the window: after End DT and a loud noise the Roll log shows their rolls
(not only the session log), with Kind names for people."""

from __future__ import annotations

from refkit.gui.dice.roll_log_model import KIND_COLUMN, kind_label
from refkit.gui.main import RefkitApp


def kinds_shown(app: RefkitApp) -> list[str]:
    model = app.log_model
    return [model.data(model.index(row, KIND_COLUMN)) for row in range(model.rowCount())]


def test_end_dt_and_a_loud_noise_reach_the_roll_log(qtbot, start_app, tmp_path) -> None:
    app = start_app(str(tmp_path / "evening.sqlite3"))
    assert app.dungeon is not None
    session = app.dungeon.session
    assert session.start_turn(dungeon="The Drowned Crypt") == 1
    assert app.log_model.rowCount() == 0
    session.end_turn()
    qtbot.waitUntil(lambda: app.log_model.rowCount() >= 1)
    session.loud_noise()
    qtbot.waitUntil(lambda: kinds_shown(app).count("Encounter") == 2)
    assert app.log_panel.count_label.text().startswith(f"{app.log_model.rowCount()} roll")


def test_the_kind_column_names_every_game_for_people() -> None:
    assert kind_label("warriors-of-krynn") == "Warriors of Krynn"
    assert kind_label("widowers-wood") == "Widower's Wood"
    assert kind_label("encounter") == "Encounter"
    assert kind_label("table_roll") == "Table roll"
    assert kind_label("some-newer_kind") == "Some newer kind"
