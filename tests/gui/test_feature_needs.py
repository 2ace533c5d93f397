"""Each feature declares what start-up reads ahead for it (issue 24: a new panel does not mean
editing central lists): every declared module exists (the worker imports them quietly, so a
renamed one would only show as a pause of the window), every feature that registers after the
first paint is declared, and what is declared Qt-free is no GUI module."""

from __future__ import annotations

import importlib.util
import pkgutil

import refkit.gui
from refkit.gui.app_start import front_modules, late_modules, shown_modules
from refkit.gui.shell.read_ahead import declared_needs, front_reads, late_reads

REGISTERED_BEFORE_PAINT = {"dice", "games"}
"""Features whose install the window itself runs before the first paint (no read-ahead)."""
OPTIONAL = {"lookup"}
"""The rules lookup: registered last, if its package is installed (``LOOKUP_INSTALL``)."""


def test_every_declared_module_exists() -> None:
    declared = (*front_modules(), *late_modules(), *front_reads(), *late_reads())
    assert declared
    missing = [name for name in declared if importlib.util.find_spec(name) is None]
    assert missing == []


def test_every_feature_registered_after_the_first_paint_declares_its_install() -> None:
    installs = {
        f"refkit.gui.{package.name}.install"
        for package in pkgutil.iter_modules(refkit.gui.__path__)
        if package.ispkg
        and package.name not in REGISTERED_BEFORE_PAINT | OPTIONAL
        and importlib.util.find_spec(f"refkit.gui.{package.name}.install") is not None
    }
    assert installs, "no feature package found"
    assert installs - set(front_modules()) - set(late_modules()) == set()


def test_the_panels_on_screen_at_start_come_first_and_the_qt_free_modules_name_no_gui() -> None:
    front = front_modules()
    assert front[: len(shown_modules())] == shown_modules()
    assert set(front).isdisjoint(late_modules())
    assert not [name for name in (*front_reads(), *late_reads()) if name.startswith("refkit.gui")]
    assert {feature for feature, _needs in declared_needs()} >= {"dungeon", "tables", "shell"}
