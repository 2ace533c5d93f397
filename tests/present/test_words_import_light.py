"""The clock text and a test result's words load without the card faces and sheet layouts, so a
command-line roll or ``dt status`` pays only for what it prints (bots call them in loops)."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys
import refkit.present.clock_text, refkit.present.test_text
print(json.dumps(sorted(name for name in sys.modules if name.startswith("refkit."))))
"""


def test_the_words_do_not_load_the_card_faces_or_the_sheets() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stdout))
    heavy = {
        "refkit.present.card_face",
        "refkit.present.card_sheet",
        "refkit.present.sheet_layout",
        "refkit.rules.inventory.model",
    }
    assert not loaded & heavy


def test_every_name_the_package_lists_still_loads() -> None:
    import refkit.present as present

    for name in present.__all__:
        assert getattr(present, name) is not None, name
