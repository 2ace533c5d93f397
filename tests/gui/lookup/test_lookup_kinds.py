"""The lookup window's viewers for each kind of result, the game in front winning a near tie,
and the index the window opens: the data folder's file, made in a background thread."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from refkit.games.reference import load_reference, read_reference
from refkit.gui.lookup.dialog import LookupDialog
from refkit.gui.lookup.install import LookupOpener, front_game, prepare_lookup
from refkit.store.lookup import INDEX_FILE_NAME, LookupIndex


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory):
    library = read_reference()[0]
    with LookupIndex.open_cached(tmp_path_factory.mktemp("index"), library=library) as index:
        yield library, index


def _dialog(qtbot, library, index, front: str = "crows") -> LookupDialog:
    dialog = LookupDialog(library, index, (), front_game=lambda: front)
    qtbot.addWidget(dialog)
    dialog.open_for_search()
    return dialog


def _search(dialog: LookupDialog, text: str) -> None:
    dialog.search_box.setText(text)
    dialog.search_now()


def test_an_item_card_opens_in_the_item_viewer_with_its_fields(qtbot, shipped) -> None:
    dialog = _dialog(qtbot, *shipped)
    _search(dialog, "torch")
    viewer = dialog.card_viewers["item"]
    assert dialog.viewers.currentWidget() is viewer
    assert viewer.title_label.text() == "Torch"
    assert viewer.where_label.text() == "Crows · Item card · Item cards"
    fields = dict(viewer.field_texts())
    assert fields["Slots"] == "1" and fields["Usage dice"] == "1 (Useless; DT)"
    assert viewer.notes.text().startswith("A pitch-soaked brand")
    assert "Slots:" not in viewer.notes.text()  # the form shows the fields, the notes do not


@pytest.mark.parametrize(
    ("query", "kind", "title"),
    [
        ("fire lance", "spell", "Fire Lance"),
        ("mire troll", "creature", "Mire troll"),
    ],
)
def test_spells_and_creatures_have_viewers_of_their_own(
    qtbot, shipped, query: str, kind: str, title: str
) -> None:
    dialog = _dialog(qtbot, *shipped)
    _search(dialog, query)
    viewer = dialog.card_viewers[kind]
    assert dialog.viewers.currentWidget() is viewer
    assert viewer.title_label.text() == title
    assert viewer.field_texts()


def test_a_table_opens_with_every_row(qtbot, shipped) -> None:
    dialog = _dialog(qtbot, *shipped)
    dialog.resize(1000, 600)
    _search(dialog, "backlash table")
    viewer = dialog.table_viewer
    assert dialog.viewers.currentWidget() is viewer
    assert viewer.title_label.text() == "Refkit default backlashes"
    assert viewer.rows.rowCount() == len(viewer.document.rows) > 10  # type: ignore[union-attr]
    assert viewer.rows.item(0, 0).text() == "1–2"
    assert viewer.roll_label.text().startswith("Roll: d100")
    # the rows are in the table only: the description stays one short paragraph
    assert viewer.rows.item(0, 1).text() not in viewer.description.text()
    qtbot.wait(50)
    assert dialog.height() == 600  # a long table does not stretch the window off the screen


def test_moving_from_a_card_to_a_rule_changes_the_viewer(qtbot, shipped) -> None:
    dialog = _dialog(qtbot, *shipped)
    _search(dialog, "torch")
    assert dialog.viewers.currentWidget() is dialog.card_viewers["item"]
    dialog.move_selection(1)
    assert dialog.viewers.currentWidget() is dialog.viewer
    assert dialog.viewer.current() == dialog.selected_key()


def test_the_game_in_front_wins_a_near_tie(qtbot, tmp_path: Path) -> None:
    entry = "[[entry]]\nid = '{0}'\ntitle = 'Getting lost'\nsection = 'R'\nbody = 'Off the road.'\n"
    for game in ("crows", "stworze"):
        (tmp_path / game).mkdir()
        (tmp_path / game / "a.toml").write_text(entry.format(f"lost-{game}"), encoding="utf-8")
    library = load_reference(tmp_path)
    with LookupIndex.in_memory(library) as index:
        for front in ("crows", "stworze"):
            dialog = _dialog(qtbot, library, index, front)
            _search(dialog, "lost")
            assert dialog.selected_key().id == f"lost-{front}"  # type: ignore[union-attr]


def test_the_front_game_is_the_games_panel_tab_when_it_is_seen(qtbot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    assert front_game(window) == "crows"
    games = QTabWidget(window)
    games.setObjectName("games_panel")
    for game in ("warcrow", "stworze"):
        tab = QWidget()
        tab.setObjectName(f"game_tab_{game}")
        games.addTab(tab, game)
    QVBoxLayout(window).addWidget(games)
    window.resize(400, 300)
    window.show()
    qtbot.waitExposed(window)
    games.setCurrentIndex(1)
    assert front_game(window) == "stworze"
    games.hide()
    assert front_game(window) == "crows"


def test_the_window_opens_the_data_folders_index_made_in_the_background(
    qtbot, refkit_data_dir: Path
) -> None:
    threads: list[threading.Thread] = []

    def prepare():
        threads.append(threading.current_thread())
        return prepare_lookup()

    parent = QWidget()
    qtbot.addWidget(parent)
    said: list[str] = []
    opener = LookupOpener(parent, lambda message, _ms: said.append(message), prepare)
    with qtbot.waitSignal(opener.ready, timeout=20_000):
        opener.start()
    assert threads and threads[0] is not threading.main_thread()
    assert (refkit_data_dir / INDEX_FILE_NAME).is_file()
    opener.open()  # ready: opens at once, nothing said
    assert said == [] and opener.dialog is not None and opener.dialog.isVisible()
    assert opener.dialog.index.path == refkit_data_dir / INDEX_FILE_NAME
    opener.start()  # once only
    assert len(threads) == 1
    opener.dialog.close()


def test_the_entry_marks_the_words_searched_not_the_filler_or_the_misspelling(
    qtbot, shipped
) -> None:
    dialog = _dialog(qtbot, *shipped)
    _search(dialog, "what happens when you are unconcious")
    assert dialog.viewers.currentWidget() is dialog.viewer
    html = dialog.viewer.body.toHtml()
    assert dialog.viewer.title_label.text() == "Unconscious"
    assert " you" in dialog.viewer.body.toPlainText()  # filler the query holds too
    bold = re.findall(r"font-weight:\s*[67]00;\">([^<]*)<", html)
    assert {word.casefold() for word in bold} <= {"unconscious"}, bold
