"""The undo and redo tooltips name the step and the keys; the mnemonic's ampersand goes."""

from __future__ import annotations

from refkit.present.history_text import history_tip


def test_the_step_and_the_keys_are_named() -> None:
    assert history_tip("&Undo", "Add torch", "Ctrl+Z") == "Undo Add torch (Ctrl+Z)"


def test_with_no_step_the_word_alone_and_with_no_keys_no_brackets() -> None:
    assert history_tip("&Redo", "", "Ctrl+Shift+Z, Ctrl+Y") == "Redo (Ctrl+Shift+Z, Ctrl+Y)"
    assert history_tip("&Undo", "Douse Torch", "") == "Undo Douse Torch"
    assert history_tip("&Undo", "", "") == "Undo"


def test_an_ampersand_in_the_step_is_kept() -> None:
    assert history_tip("&Undo", "Buy salt & pepper", "") == "Undo Buy salt & pepper"
