"""Every topic of the Warcrow fact file's lookup inventory has a reference entry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from refkit.games.reference import EntryKey, load_reference

FACTS = Path(__file__).resolve().parents[4] / "shared" / "rules" / "warcrow.md"


def inventory_ids() -> list[str]:
    text = FACTS.read_text(encoding="utf-8")
    topics = text[text.index("### 4.1") : text.index("### 4.2")]
    ids: list[str] = []
    for line in topics.splitlines():
        match = re.match(r"\| ([a-z0-9/ -]+) \|", line)
        if match and match.group(1).strip() != "id":
            ids += [part.strip() for part in match.group(1).split("/")]
    return ids


def test_every_inventory_topic_has_an_entry() -> None:
    if not FACTS.is_file():
        pytest.skip(f"the fact file is not here ({FACTS})")
    library = load_reference()
    ids = inventory_ids()
    assert len(ids) >= 80
    missing = [topic for topic in ids if library.get(EntryKey("warcrow", topic)) is None]
    assert missing == []


def test_the_dice_entries_link_to_each_other() -> None:
    library = load_reference()
    f2f = library.get(EntryKey("warcrow", "f2f"))
    assert f2f is not None
    assert EntryKey("warcrow", "switches") in f2f.links
