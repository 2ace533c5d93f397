"""A character undo refused because the crow changed elsewhere says why in the window (issue 8)."""

from __future__ import annotations

from pathlib import Path

from refkit.store import CharacterRepository, Database

BRANNOC = "Brannoc Tull"


def test_a_refused_notes_undo_keeps_blessed_and_says_why_in_the_status_bar(
    start_app, tmp_path: Path
) -> None:
    db = tmp_path / "refkit.sqlite3"
    app = start_app(db)
    session = app.character_panels.session
    session.open(BRANNOC)
    session.edit_notes("Owes the ferryman two coins")
    with Database.open(str(db)) as other:  # another process: the command line, a second window
        repo = CharacterRepository(other)
        repo.save(repo.get(BRANNOC).with_condition("blessed"))

    app.undo_stack.undo()

    message = app.window.statusBar().currentMessage()
    assert "refused" in message and BRANNOC in message and "Edit notes" in message
    stored = session.service.get(BRANNOC)
    assert "blessed" in stored.conditions
    assert stored.notes == "Owes the ferryman two coins"
    assert not app.undo_stack.canUndo()  # the refused step is dropped, not left to fail again
