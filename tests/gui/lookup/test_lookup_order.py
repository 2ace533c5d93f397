"""Ctrl+K's order (issue 24): a title that is what was typed comes first, then titles that begin
with it, then entries read lately in this window, then the rest as the index ranks them."""

from __future__ import annotations

from pathlib import Path

from refkit.games.reference import load_reference
from refkit.gui.lookup.dialog import LookupDialog
from refkit.store.lookup import LookupIndex

ENTRIES = {
    "getting-lost": ("Getting lost", "Lost, lost and lost again: the lost group wanders."),
    "weather": ("Weather", "A storm: the road is lost to sight."),
    "lost-children": ("Lost children", "The children wander."),
    "lost": ("Lost", "A group that does not know where it is."),
}


def entries(folder: Path) -> None:
    (folder / "crows").mkdir()
    text = "".join(
        f"[[entry]]\nid = '{key}'\ntitle = '{title}'\nsection = 'Travel'\nbody = '{body}'\n\n"
        for key, (title, body) in ENTRIES.items()
    )
    (folder / "crows" / "travel.toml").write_text(text, encoding="utf-8")


def titles(dialog: LookupDialog) -> list[str]:
    model = dialog.model
    return [model.row_at(row).hit.title for row in model.hit_rows()]


def test_exact_then_prefix_then_recent_then_the_rest(qtbot, tmp_path: Path) -> None:
    entries(tmp_path)
    library = load_reference(tmp_path)
    with LookupIndex.in_memory(library) as index:
        dialog = LookupDialog(library, index, ())
        qtbot.addWidget(dialog)
        dialog.open_for_search()
        dialog.search_box.setText("lost")
        dialog.search_now()
        ranked = [hit.title for hit in index.search("lost", limit=10)]
        rest = [title for title in ranked if title not in ("Lost", "Lost children")]
        assert titles(dialog) == ["Lost", "Lost children", *rest]
        assert set(rest) == {"Getting lost", "Weather"}
        # Reading the one ranked last brings it up next time, after the exact and prefix ones.
        last = rest[-1]
        dialog.move_selection(len(ENTRIES))
        assert dialog.selected_key().id == next(k for k, v in ENTRIES.items() if v[0] == last)
        dialog.read_selected()
        dialog.search_box.setText("los")
        dialog.search_now()
        assert titles(dialog) == ["Lost", "Lost children", last, rest[0]]
        assert dialog.selected_key().id == "lost"  # the best hit is still chosen first
