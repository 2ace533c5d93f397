"""One error hook: Refkit's refusals and its faults both reach the window, told apart by type."""

from __future__ import annotations

import logging
import sys

import pytest
from PySide6.QtWidgets import QMessageBox

from refkit.app.undo import UndoConflictError
from refkit.errors import ConflictError, DomainError
from refkit.gui.shell.error_hook import ErrorHook, error_text
from refkit.gui.shell.main_window import MainWindow
from refkit.rules.character.file_format import CharacterFileError
from refkit.store.errors import DatabaseLockedError


@pytest.fixture
def window(qtbot, settings) -> MainWindow:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    return window


def test_the_apps_own_errors_are_domain_errors_and_keep_their_old_bases() -> None:
    assert issubclass(DatabaseLockedError, DomainError)
    assert issubclass(UndoConflictError, ConflictError)
    assert issubclass(CharacterFileError, DomainError)
    assert issubclass(CharacterFileError, ValueError)


def test_a_refusal_is_shown_as_worded_and_a_fault_as_a_fault(window) -> None:
    headline, detail = error_text(CharacterFileError("crows.json line 3: not a crow file"))
    assert headline == "crows.json line 3: not a crow file" and "Nothing was changed" in detail

    class Refusal(DomainError):  # a subclass named like a bug is still a refusal
        pass

    assert error_text(Refusal("the file is locked"))[0] == "the file is locked"
    headline, detail = error_text(KeyError("slot"))
    assert headline == "Something went wrong inside Refkit (KeyError: 'slot')."
    assert "fault in Refkit" in detail


def test_an_uncaught_error_opens_a_box_in_the_window_and_logs_the_traceback(
    window, qtbot, caplog
) -> None:
    hook = ErrorHook(window)
    hook.install()
    try:
        window.show()
        try:
            raise RuntimeError("the dock vanished")
        except RuntimeError as error:
            with caplog.at_level(logging.ERROR, logger="refkit"):
                sys.excepthook(type(error), error, error.__traceback__)
        assert hook.box is not None and hook.box.isVisible()  # open(), not a blocking exec()
        assert hook.box.icon() is QMessageBox.Icon.Critical
        assert "RuntimeError: the dock vanished" in hook.box.text()
        assert "Traceback" in caplog.text and "the dock vanished" in caplog.text
        assert "RuntimeError" in window.statusBar().currentMessage()

        refusal = CharacterFileError("crows.json: not a crow file")
        sys.excepthook(type(refusal), refusal, None)
        assert hook.box.text() == "crows.json: not a crow file"
        assert hook.box.icon() is QMessageBox.Icon.Warning
        assert len(window.findChildren(QMessageBox, "error_box")) == 1  # reused, not stacked
    finally:
        hook.uninstall()
    assert sys.excepthook is not hook
