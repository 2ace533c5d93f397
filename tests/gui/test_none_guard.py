"""The painting guard itself fails when a render drops references to None, as 6.12.0 does."""

from __future__ import annotations

import ctypes

import pytest
from PySide6.QtWidgets import QLabel

from tests.none_guard import assert_painting_keeps_none

_decref = ctypes.PYFUNCTYPE(None, ctypes.py_object)(("Py_DecRef", ctypes.pythonapi))


def test_a_render_that_drops_none_fails_and_the_count_is_given_back(qtbot) -> None:
    label = QLabel("torch")
    qtbot.addWidget(label)
    label.resize(120, 30)

    def faulty_step(index: int) -> None:
        _decref(None)  # what the faulty binding does on a QPainter call

    with pytest.raises(pytest.fail.Exception, match=r"lost \d+ references to None"):
        assert_painting_keeps_none(label, faulty_step, "a faulty label")


def test_a_clean_render_passes(qtbot) -> None:
    label = QLabel("torch")
    qtbot.addWidget(label)
    label.resize(120, 30)
    assert_painting_keeps_none(label, lambda index: label.setText(f"torch {index}"), "a label")
