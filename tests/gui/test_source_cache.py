"""The module sources PySide's import hook caches are dropped once the app is usable."""

from __future__ import annotations

import linecache
import sys
from pathlib import Path

from refkit.gui.shell.source_cache import cached_source_chars, drop_source_cache


def test_a_module_imported_after_pyside_leaves_its_source_cached_until_dropped(
    tmp_path: Path, monkeypatch
) -> None:
    import PySide6.QtCore  # noqa: F401 - the hook is in place once PySide6 is imported

    (tmp_path / "refkit_probe_module.py").write_text("VALUE = 1\n" + "# padding\n" * 500)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "refkit_probe_module", raising=False)
    import refkit_probe_module  # an import statement, as every library's imports are

    path = refkit_probe_module.__file__
    assert path in linecache.cache  # PySide read its whole source to look for "PySide6"
    assert cached_source_chars() > 500 * len("# padding\n")
    assert drop_source_cache() > 0
    assert path not in linecache.cache and cached_source_chars() == 0
