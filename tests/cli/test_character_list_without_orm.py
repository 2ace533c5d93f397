"""Issue 30 §4: ``refkit character list`` reads only what it shows: on an up-to-date file the
crows' lines, the parties and the wounds waiting to be placed or healed are read with plain
sqlite3 — no SQLAlchemy (whose import alone took over half the command's time) — and say the
same as the full store."""

from __future__ import annotations

import json
import os
import subprocess
import sys

PROBE = (
    "import sys; from refkit.cli import run_cli; code = run_cli(sys.argv[1:]);"
    "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
    "('PySide6','sqlalchemy','sqlmodel','reportlab','alembic'));"
    "print(bad, file=sys.stderr); raise SystemExit(code)"
)


def _list_in_a_process(*options: str) -> tuple[subprocess.CompletedProcess[str], str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "character", "list", *options],
        capture_output=True,
        text=True,
        check=False,
        env=dict(os.environ),
    )
    assert done.returncode == 0, done.stderr
    return done, done.stderr.strip().splitlines()[-1]


def test_the_character_list_with_wounds_waiting_loads_no_orm(cli) -> None:
    cli("fight", "crows")
    hit = cli("fight", "damage", "Hesper Quill", "12", "--json").json
    assert hit["wounds_to_place"] == 2
    expected = cli("character", "list", "--json").json  # in this process: the full store's
    expected_text = cli("character", "list").out

    listed, loaded = _list_in_a_process("--json")
    assert loaded == "[]", f"character list loaded {loaded}"
    assert json.loads(listed.stdout) == expected
    (hesper,) = [c for c in expected["characters"] if c["name"] == "Hesper Quill"]
    assert (hesper["wounds_to_place"], hesper["wounds_to_heal"]) == (2, 0)

    text, loaded = _list_in_a_process()
    assert loaded == "[]", f"character list loaded {loaded}"
    assert text.stdout.rstrip("\n") == expected_text.rstrip("\n")
    assert "Hesper Quill: Stamina" in text.stdout and "2 to place" in text.stdout
