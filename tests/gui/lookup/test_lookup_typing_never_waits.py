"""Typing in the lookup never waits on a search (issue 30): a key only restarts the typing-pause
timer, the search it leads to runs in the window's search thread, and only the last key's
results are shown."""

from __future__ import annotations

import threading

from refkit.games.reference import EntryKey, read_reference
from refkit.gui.lookup.dialog import TYPING_PAUSE_MS, LookupDialog
from refkit.store.lookup import LookupIndex


def _dialog(qtbot) -> LookupDialog:
    library, problems = read_reference()
    dialog = LookupDialog(library, LookupIndex.in_memory(library), problems)
    qtbot.addWidget(dialog)
    dialog.open_for_search()
    return dialog


def _record_threads(dialog: LookupDialog, monkeypatch) -> list[tuple[str, threading.Thread]]:
    searched: list[tuple[str, threading.Thread]] = []
    search = dialog.index.search

    def recorded(query: str, **options):
        searched.append((query, threading.current_thread()))
        return search(query, **options)

    monkeypatch.setattr(dialog.index, "search", recorded)
    return searched


def test_a_typing_pause_searches_off_the_gui_thread(qtbot, monkeypatch) -> None:
    dialog = _dialog(qtbot)
    searched = _record_threads(dialog, monkeypatch)
    qtbot.keyClicks(dialog.search_box, "greed")
    assert searched == []  # the keys themselves search nothing
    qtbot.waitUntil(lambda: dialog.viewer.current() == EntryKey("crows", "greed-bonus"))
    assert [query for query, _thread in searched] == ["greed"]
    assert all(thread is not threading.main_thread() for _query, thread in searched)
    assert dialog.status.text().endswith(("game", "games"))


def test_a_key_typed_while_searching_drops_the_older_results(qtbot, monkeypatch) -> None:
    dialog = _dialog(qtbot)
    search = dialog.index.search
    typed_on = threading.Event()
    searched: list[str] = []

    def slow_first(query: str, **options):
        searched.append(query)
        if query == "tor":  # still searching when the next keys come
            typed_on.wait(timeout=2)
        return search(query, **options)

    monkeypatch.setattr(dialog.index, "search", slow_first)
    shown: list[str] = []
    dialog.model.modelReset.connect(lambda: shown.append(dialog.search_box.text()))
    qtbot.keyClicks(dialog.search_box, "tor")
    qtbot.waitUntil(lambda: searched == ["tor"], timeout=TYPING_PAUSE_MS * 20)
    qtbot.keyClicks(dialog.search_box, "ch")
    typed_on.set()
    qtbot.waitUntil(lambda: searched == ["tor", "torch"], timeout=TYPING_PAUSE_MS * 20)
    qtbot.waitUntil(lambda: bool(shown))
    qtbot.wait(TYPING_PAUSE_MS)
    assert shown == ["torch"]  # never "tor"'s results, shown over the word being typed
