"""The lookup's index is prepared once, in the background, and kept (issue 30): however often
Ctrl+K is pressed, the index is opened (or built) one time, never on the GUI thread, and the
same lookup window comes back each time."""

from __future__ import annotations

import threading

from PySide6.QtWidgets import QWidget

from refkit.games.reference import read_reference
from refkit.gui.lookup.install import LookupOpener
from refkit.store.lookup import LookupIndex


def test_the_index_is_prepared_once_off_the_gui_thread_and_kept(qtbot) -> None:
    library, problems = read_reference()
    prepared_on: list[threading.Thread] = []

    def prepare():
        prepared_on.append(threading.current_thread())
        return library, LookupIndex.in_memory(library), problems

    window = QWidget()
    qtbot.addWidget(window)
    opener = LookupOpener(window, lambda _text, _ms: None, prepare=prepare)
    opener.start()  # as the window does a few seconds after start-up
    with qtbot.waitSignal(opener.ready, timeout=20_000):
        pass
    dialogs = []
    for _ in range(3):
        opener.open()
        assert opener.dialog is not None and opener.dialog.isVisible()
        dialogs.append(opener.dialog)
        opener.dialog.close()
    opener.start()  # a second start (another window's timer, say) prepares nothing more
    qtbot.wait(50)
    assert len(prepared_on) == 1 and prepared_on[0] is not threading.main_thread()
    assert dialogs[0] is dialogs[1] is dialogs[2]
