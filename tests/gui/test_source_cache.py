"""PySide's import hook no longer keeps the source of every module imported after it."""

from __future__ import annotations

import linecache
import sys
from pathlib import Path

import pytest

from refkit.gui.shell import source_cache


def _import_probe(tmp_path: Path, monkeypatch, name: str, text: str) -> str:
    (tmp_path / f"{name}.py").write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    module = __import__(name)  # as an import statement does, through PySide's hook
    return module.__file__


@pytest.fixture
def feature(monkeypatch):
    import PySide6.QtCore  # noqa: F401 - the hook is in place once PySide6 is imported
    import shibokensupport.feature as feature

    monkeypatch.setattr(feature, "_mod_uses_pyside", feature._mod_uses_pyside)  # restored after
    return feature


def test_modules_imported_after_pyside_are_cached_until_the_check_is_swapped(
    tmp_path: Path, monkeypatch, feature
) -> None:
    padding = "# padding\n" * 500
    if feature._mod_uses_pyside is not source_cache._mentions_pyside:  # PySide's own check
        before = _import_probe(tmp_path, monkeypatch, "refkit_probe_cached", "X = 1\n" + padding)
        assert before in linecache.cache  # the whole source, kept
    assert source_cache.stop_pyside_source_caching()
    after = _import_probe(tmp_path, monkeypatch, "refkit_probe_uncached", "X = 1\n" + padding)
    assert after not in linecache.cache


def test_the_swapped_check_still_finds_modules_that_use_pyside(
    tmp_path: Path, monkeypatch, feature
) -> None:
    assert source_cache.stop_pyside_source_caching()
    uses = _import_probe(tmp_path, monkeypatch, "refkit_probe_qt", "import PySide6.QtCore\n")
    plain = _import_probe(tmp_path, monkeypatch, "refkit_probe_plain", "X = 2\n")
    assert feature.pyside_feature_dict.get("refkit_probe_qt") == 0  # PySide: "uses PySide"
    assert feature.pyside_feature_dict.get("refkit_probe_plain") == -1  # "ignore this module"
    assert uses not in linecache.cache and plain not in linecache.cache
